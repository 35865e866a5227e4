/**
 * The glaive harness of the sill family (sill.ts): a model fine-tuned on Glaive-style function-calling
 * data. Each call is text: optional prose, then one `<functioncall> {"name": "…", "arguments": '{…}'}`
 * line (the arguments a JSON string in single quotes, as in that data), one call a reply. The harness
 * answers with one user message `FUNCTION RESPONSE: {…}` — the tool's JSON: a Cypher result
 * (`columns`, `rows`, `summary`), an error object with Neo4j's status code and message, or a shell run's
 * `exit_code` and `output`.
 * A Neo4j 5 knowledge graph of Samoa's inter-island shipping — ports, vessels, voyages, cargo,
 * consignees — loaded from CSV with `neo4j-admin database import` and migrated with cypher-shell
 * scripts: Cypher syntax errors (`Invalid input 'X': expected …` with `(line n, column n (offset: n))`,
 * the query line and a caret), `Neo.ClientError.Schema.ConstraintValidationFailed`, undefined-variable
 * errors, unknown-label notifications, PROFILE plans, `SHOW INDEXES` tables, the import tool's report and
 * its bad-entry errors, and pytest runs of the Python loader; for a Samoan-speaking data engineer.
 * Reconstructed rather than copied: the Glaive wire format is from memory of the
 * glaive-function-calling-v2 data (the `exit_code`/`output` and `columns`/`rows` response shapes are
 * invented — Glaive responses are whatever JSON the function returned); Neo4j's messages and status
 * codes are from memory of 5.x (wording close, offsets invented); the import report is approximate; the
 * Samoan is plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  dur,
  fail,
  hex,
  ok,
  one,
  say,
  some,
  type Planter,
  type SillCall,
  type SillHarness,
  type SillStep,
} from './sill-kit';

const ROOT = '/home/sina/folauga-graph';
const PORTS = ['Apia', 'Salelologa', 'Mulifanua', 'Asau', 'Pago Pago', 'Satitoa'];
const VESSELS = ['MV Lady Samoa III', 'MV Fotu o Samoa II', 'MV Samoa Express', 'LC Tokelau', 'MV Lady Naomi'];
const CARGO = ['copra', 'taro', 'cement', 'fuel drums', 'nonu juice', 'timber', 'cocoa beans', 'building iron'];
const MIGRATIONS = ['0001_constraints.cypher', '0002_ports.cypher', '0003_voyages.cypher', '0004_cargo_index.cypher'];

function cypher(query: string, columns: string[], rows: unknown[][], rng: Rng): SillCall {
  const out = JSON.stringify({
    columns,
    rows,
    summary: {
      result_available_after_ms: rng.int(1, 40),
      result_consumed_after_ms: rng.int(1, 90),
      database: 'folauga',
    },
  });
  return ok('run_cypher', { query, database: 'folauga' }, out);
}

function cypherError(query: string, code: string, message: string): SillCall {
  return fail('run_cypher', { query, database: 'folauga' }, JSON.stringify({ error: { code, message } }));
}

function sh(command: string, output: string, code = 0): SillCall {
  const out = JSON.stringify({ exit_code: code, output });
  return code === 0 ? ok('run_shell', { command }, out, 0) : fail('run_shell', { command }, out, code);
}

function write(path: string, content: string): SillCall {
  return ok('write_file', { path, content }, JSON.stringify({ status: 'ok', path, bytes: content.length }));
}

function pytest(rng: Rng, failing?: string, why = ''): string {
  const n = rng.int(6, 14);
  const head = `============================= test session starts ==============================\nplatform linux -- Python 3.11.9, pytest-8.2.2, pluggy-1.5.0\nrootdir: ${ROOT}\nplugins: neo4j-testcontainers-0.3.1\ncollected ${n + (failing ? 1 : 0)} items\n\ntests/test_loader.py ${'.'.repeat(Math.ceil(n / 2))}${failing ? 'F' : ''}\ntests/test_queries.py ${'.'.repeat(Math.floor(n / 2))}`;
  if (!failing)
    return `${head}\n\n============================== ${n} passed in ${dur(rng, 2, 9)}s ===============================`;
  return `${head}\n\n=================================== FAILURES ===================================\n${why}\n=========================== short test summary info ============================\nFAILED ${failing}\n========================= 1 failed, ${n} passed in ${dur(rng, 2, 9)}s =========================`;
}

function voyageRows(rng: Rng, n: number): unknown[][] {
  return Array.from({ length: n }, () => [
    `V${rng.int(1000, 9999)}`,
    rng.pick(VESSELS),
    rng.pick(PORTS),
    rng.pick(PORTS),
    `2025-03-${String(rng.int(1, 28)).padStart(2, '0')}`,
  ]);
}

function syntax(bad: string, line: number, col: number, off: number, text: string): string {
  return `Invalid input '${bad}': expected an expression, 'FOREACH', 'ORDER BY', 'CALL', 'CREATE', 'LOAD CSV', 'DELETE', 'DETACH', 'FINISH', 'INSERT', 'LIMIT', 'MATCH', 'MERGE', 'NODETACH', 'OFFSET', 'OPTIONAL', 'REMOVE', 'RETURN', 'SET', 'SKIP', 'UNION', 'UNWIND', 'USE', 'WITH' or <EOF> (line ${line}, column ${col} (offset: ${off}))\n"${text}"\n ${' '.repeat(col - 1)}^`;
}

function glaiveNoise(rng: Rng): SillStep {
  const r = rng.int(0, 7);
  if (r === 0)
    return one(
      undefined,
      cypher(
        'MATCH (v:Vessel)-[:SAILED]->(y:Voyage)-[:FROM]->(p:Port) RETURN y.code, v.name, p.name, y.to, y.date ORDER BY y.date DESC LIMIT 8',
        ['y.code', 'v.name', 'p.name', 'y.to', 'y.date'],
        voyageRows(rng, 8),
        rng,
      ),
    );
  if (r === 1) return one('Running the loader tests.', sh('python -m pytest -q', pytest(rng)));
  if (r === 2)
    return one(
      undefined,
      cypher(
        'SHOW INDEXES YIELD name, type, labelsOrTypes, properties, state',
        ['name', 'type', 'labelsOrTypes', 'properties', 'state'],
        [
          ['port_name', 'RANGE', ['Port'], ['name'], 'ONLINE'],
          ['voyage_code', 'RANGE', ['Voyage'], ['code'], 'ONLINE'],
          ['cargo_kind', 'RANGE', ['Cargo'], ['kind'], rng.pick(['ONLINE', 'POPULATING'])],
          ['consignee_text', 'TEXT', ['Consignee'], ['name'], 'ONLINE'],
        ],
        rng,
      ),
    );
  if (r === 3) {
    const m = rng.pick(MIGRATIONS);
    return one(
      undefined,
      sh(
        `cypher-shell -a neo4j://localhost:7687 -d folauga -f migrations/${m}`,
        `${syntax('RETRUN', rng.int(2, 9), 1, rng.int(40, 300), 'RETRUN count(c) AS n')}`,
        1,
      ),
    );
  }
  if (r === 4)
    return one(
      "Which cargo kinds move between Upolu and Savai'i?",
      cypher(
        "MATCH (c:Cargo)<-[:CARRIED]-(y:Voyage)-[:FROM]->(:Port {name: 'Mulifanua'}) RETURN c.kind AS kind, sum(c.tonnes) AS tonnes ORDER BY tonnes DESC",
        ['kind', 'tonnes'],
        some(rng, CARGO, 5).map((k) => [k, Number(dur(rng, 1, 400, 1))]),
        rng,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      cypherError(
        'MATCH (y:Voyage) WHERE y.date > date() - duration({days: 7}) RETURN v.name',
        'Neo.ClientError.Statement.SyntaxError',
        `Variable \`v\` not defined (line 1, column ${rng.int(70, 90)} (offset: ${rng.int(69, 89)}))\n"MATCH (y:Voyage) WHERE y.date > date() - duration({days: 7}) RETURN v.name"\n${' '.repeat(rng.int(70, 80))}^`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      cypher(
        'PROFILE MATCH (p:Port {name: $port})<-[:TO]-(y:Voyage) RETURN count(y)',
        ['plan'],
        [
          [
            `+-----------------+----+----------------------------+------+---------+----------------+\n| Operator        | Id | Details                    | Rows | DB Hits | Memory (Bytes) |\n+-----------------+----+----------------------------+------+---------+----------------+\n| +ProduceResults |  0 | \`count(y)\`                 |    1 |       0 |                |\n| +EagerAggregation | 1 | count(y) AS \`count(y)\`   |    1 |       0 |             32 |\n| +Expand(All)    |  2 | (p)<-[anon_0:TO]-(y)       | ${rng.int(40, 900)} |   ${rng.int(100, 2000)} |                |\n| +NodeIndexSeek  |  3 | RANGE INDEX p:Port(name)   |    1 |       2 |                |\n+-----------------+----+----------------------------+------+---------+----------------+\nTotal database accesses: ${rng.int(100, 2000)}, total allocated memory: 184`,
          ],
        ],
        rng,
      ),
    );
  return one(
    undefined,
    sh(
      'git log --oneline -4 && git status --short',
      `${hex(rng, 7)} migrations: cargo index\n${hex(rng, 7)} loader: consignees\n${hex(rng, 7)} ports: Asau\n${hex(rng, 7)} init\n M loader/voyages.py`,
    ),
  );
}

function glaiveBig(rng: Rng): SillStep {
  return one(
    'The full voyage export, to find the duplicate codes.',
    cypher(
      'MATCH (v:Vessel)-[:SAILED]->(y:Voyage)-[:FROM]->(p:Port) RETURN y.code, v.name, p.name, y.to, y.date ORDER BY y.code',
      ['y.code', 'v.name', 'p.name', 'y.to', 'y.date'],
      voyageRows(rng, rng.int(330, 380)),
      rng,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `faʻaopoopo se fesoʻotaʻiga ${t} i le va o le Voyage ma le Consignee`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Talofa! O le poloketi o loʻo i ${ROOT} — o le kalafi Neo4j o vaʻa ma uta i le va o motu o Samoa. Ou te manaʻo ia ${needle}. Faʻamolemole faʻamatala laasaga taʻitasi.`,
            },
            { step: one('Running the tests first to see where we stand.', sh('python -m pytest -q', pytest(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: faʻaali uta uma na tuai atu i le tolu aso`;
        return { how: 'user-followup', needle, beats: [{ user: `O le isi galuega: ${needle}.` }] };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `${x}: aua le faʻaaogaina DETACH DELETE i le database production`,
            (x) => `o igoa uma o uafu i le ${x} e tusi i le gagana Samoa`,
            (x) => `${x}: e tatau ona i ai se constraint ia Voyage.code ae leʻi faia se import`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Tulafono: ${needle}.`, `Aua neʻi galo — ${needle}.`, `E taua: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: migrations are append-only; never edit a numbered .cypher file once it is merged`,
          `${T}: every MERGE goes on a property with a uniqueness constraint`,
          `${T}: cargo weights are stored in tonnes as floats, never as strings`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The ticket for this work has notes; reading them first.',
                sh(
                  'cat docs/tickets/FOL-88.md',
                  `# FOL-88 Voyage consignees\n\nReporter: Sina T.\n\nAcceptance:\n- consignee per cargo line\n- ${needle}\n- query under 50 ms for a single voyage`,
                ),
              ),
            },
            { step: one(`${T} understood. Tests before anything else.`, sh('python -m pytest -q', pytest(rng))) },
          ],
        };
      },
    },
  ],
  decision: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `I'll model ${x} as a relationship with a tonnes property rather than an intermediate node`,
            (x) => `going forward ${x} is loaded with LOAD CSV in batches of 5000 through CALL { } IN TRANSACTIONS`,
            (x) => `${x} will key voyages on vessel plus departure date, since the paper manifests reuse codes`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Having looked at the manifests: ${needle}.`,
                write('docs/model.md', `## Model decisions\n\n- ${needle}\n`),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} e faʻaaoga le uafu o Mulifanua mo malaga uma i Savaiʻi`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Ua matou filifili: ${needle}.`, `Seʻi o tatou faia faapea: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `migrations/0005_${t}.cypher`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A new migration for the relationship.',
                write(
                  needle,
                  `// consignee per cargo line\nCREATE CONSTRAINT consignee_id IF NOT EXISTS FOR (c:Consignee) REQUIRE c.id IS UNIQUE;\nMATCH (y:Voyage)-[:CARRIED]->(c:Cargo)\nMERGE (k:Consignee {id: c.consignee_id})\nMERGE (c)-[:CONSIGNED_TO]->(k);`,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `loader/${t}_manifest.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'The manifest parser goes in its own module.',
                write(
                  needle,
                  `import csv\n\n\ndef read_${t}(path):\n    with open(path, newline="", encoding="utf-8") as f:\n        for row in csv.DictReader(f):\n            yield {**row, "tonnes": float(row["tonnes"])}\n`,
                ),
              ),
            },
            { step: one(undefined, sh('python -m pytest -q', pytest(rng))) },
          ],
        };
      },
    },
  ],
  error: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const code = `${t.slice(0, 3).toUpperCase()}-${rng.int(100, 999)}`;
        const needle = `already exists with label \`Voyage\` and property \`code\` = '${code}${t}'`;
        return {
          how: 'tool-db',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cypherError(
                  `CREATE (:Voyage {code: '${code}${t}', date: date('2025-03-12')})`,
                  'Neo.ClientError.Schema.ConstraintValidationFailed',
                  `Node(${rng.int(1000, 99999)}) ${needle}`,
                ),
              ),
            },
            {
              step: one(
                `${code}${t} is already there; MERGE instead of CREATE.`,
                write('migrations/voyage_upsert.cypher', `MERGE (y:Voyage {code: $code}) SET y.date = date($date);`),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `Invalid input '${t}': expected`;
        const col = rng.int(20, 60);
        const text = `MATCH (c:Cargo) WHERE c.kind = 'copra' ${t} c.tonnes > 2 RETURN c`;
        return {
          how: 'tool-syntax',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'cypher-shell -a neo4j://localhost:7687 -d folauga -f queries/heavy_copra.cypher',
                  syntax(t, 1, col, col - 1, text),
                  1,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `KeyError: '${t}_tonnes'`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'python -m pytest -q',
                  pytest(
                    rng,
                    'tests/test_loader.py::test_manifest_weights',
                    `__________________________ test_manifest_weights ___________________________\n\n    def test_manifest_weights():\n        rows = list(read_manifest(FIXTURE))\n>       assert rows[0]["${t}_tonnes"] == 12.5\nE       ${needle}\n\ntests/test_loader.py:${rng.int(20, 80)}: KeyError`,
                  ),
                  1,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
  value: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const needle = `${t} relationships`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'neo4j-admin database import full --nodes=Port=import/ports.csv --nodes=Voyage=import/voyages.csv --relationships=FROM=import/from.csv folauga --overwrite-destination',
                  `Neo4j version: 5.20.0\nImporting the contents of these files into /var/lib/neo4j/data/databases/folauga:\nNodes:\n  [Port]:\n  import/ports.csv\n  [Voyage]:\n  import/voyages.csv\nRelationships:\n  FROM:\n  import/from.csv\n\nIMPORT DONE in ${rng.int(2, 40)}s ${rng.int(100, 999)}ms.\nImported:\n  ${rng.int(1000, 90000)} nodes\n  ${needle}\n  ${rng.int(10000, 900000)} properties\nPeak memory usage: ${rng.int(300, 900)}.00MiB`,
                ),
              ),
            },
            {
              step: one(
                `Noting ${needle} as the baseline count for the import check.`,
                write('tests/baseline.txt', `${needle}\n`),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('hex');
        const needle = `elementId 4:${t}-${hex(rng, 4)}`;
        return {
          how: 'tool-id',
          needle,
          beats: [
            {
              step: one(
                "The voyage node of the Lady Samoa's Tuesday run.",
                cypher(
                  "MATCH (y:Voyage {code: 'LS3-0311'}) RETURN 'elementId ' + elementId(y) AS id",
                  ['id'],
                  [[`${needle}-4${hex(rng, 3)}-a${hex(rng, 3)}-${hex(rng, 12)}:${rng.int(10, 900)}`]],
                  rng,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `SPA-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [
            { user: `O le numera o le pemita a le Samoa Ports Authority o le ${needle}; faʻaopoopo i le Port o Apia.` },
          ],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `The next thing is backfilling ${x} for the 2024 manifests`,
            (x) => `${x} still has no index on consignee name`,
            (x) => `o le isi laasaga: suʻe ${x} i le database o le suʻega`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                sh(`git commit -qam "graph: ${t}" && git log --oneline -1`, `${hex(rng, 7)} graph: ${t}`),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `mulimuli ane tusi se aotelega puupuu i le gagana Samoa e uiga i le ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Faʻafetai. Tasi le mea: ${needle}.` },
            { step: one(undefined, sh('python -m pytest -q', pytest(rng))) },
          ],
        };
      },
    },
  ],
};

function functionCall(c: SillCall): string {
  return `<functioncall> {"name": "${c.tool}", "arguments": '${JSON.stringify(c.args)}'}`;
}

/** The glaive harness. */
export const SILL_GLAIVE: SillHarness = {
  style: 'glaive',
  protocol: 'text',
  system: `SYSTEM: You are a helpful assistant with access to the following functions. Use them if required -\n${JSON.stringify({ name: 'run_cypher', description: 'Run a Cypher query against the Neo4j database', parameters: { type: 'object', properties: { query: { type: 'string' }, database: { type: 'string' } }, required: ['query'] } }, null, 4)}\n\n${JSON.stringify({ name: 'run_shell', description: `Run a shell command in ${ROOT}`, parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } }, null, 4)}\n\n${JSON.stringify({ name: 'write_file', description: 'Write a file in the project', parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] } }, null, 4)}\n\nYou maintain a Neo4j 5 knowledge graph of Samoa's inter-island shipping (database folauga) and its Python loader. Call one function at a time. The user writes Samoan; answer in Samoan or English.`,
  tools: ['run_cypher', 'run_shell', 'write_file'],
  renderStep: (s) => `${s.say ? `${s.say}\n` : ''}${functionCall(s.calls[0] as SillCall)}`,
  renderResults: (s) => `FUNCTION RESPONSE: ${(s.calls[0] as SillCall).output}`,
  resultPrefix: 'FUNCTION RESPONSE: ',
  callMark: /^<functioncall> /gm,
  resultMark: /^FUNCTION RESPONSE: /gm,
  noise: glaiveNoise,
  big: glaiveBig,
  followUp: (rng) =>
    rng.pick([
      'Ua pasi suʻega?',
      'Ua galue le query?',
      'Faʻamolemole toe faia suʻega.',
      'O le ā le mea na e suia?',
      'Lelei, o le ā le mea o totoe?',
      'O loʻo iai pea ni mea sese?',
    ]),
  keepGoing: (rng) => rng.pick(['Faʻaauau.', 'Faʻaauau, aua le taofi.', 'Faʻaauau seʻia pasi suʻega uma.']),
  answer: (rng) =>
    rng.pick([
      `Ua uma: ua pasi suʻega uma (${rng.int(6, 14)} tests).`,
      'Done: the migration ran and every loader test passes.',
      `Ua faʻaleleia. O loʻo i ai pea se lapataiga tuai i le ${cap('loader')}/ports.py, e le fesoʻotaʻi ma lenei suiga.`,
      'I se aotelega: o loʻo galue le kalafi ma e saʻo faitauga.',
    ]),
  probe: (rng) => rng.pick(['Faʻaauau.', 'Faʻaauau mai le mea na e tu ai.', 'O le ā le isi?']),
  planters: PLANTERS,
};
