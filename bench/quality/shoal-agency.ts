/**
 * The agency harness of the shoal family (shoal.ts): an Agency-Swarm-like agency of two agents — a CEO
 * who talks to the user and a DataAnalyst — with native calls to CamelCase BaseTool classes
 * (`ExecuteCommand`, `RunDuckDBQuery`, `ReadFile`, `WriteFile`), several in parallel, and the CEO's
 * `SendMessage` (`recipient`, `message`) to hand work over, answered by the recipient's reply. Tool
 * messages are the tools' `run()` return strings: a query's duckbox table or DuckDB's error text, a
 * command's output after `exit code: N`.
 * A DuckDB 1.1 analytics repository of an Eastern Cape wool growers' co-operative (sheds in Qumbu,
 * Tsolo, Ngcobo, Mthatha; bales, micron, clean yield, auction prices in c/kg): `Binder Error:
 * Referenced column "x" not found in FROM clause!` with `Candidate bindings:` and `LINE 1:` carets,
 * `Catalog Error: Table with name x does not exist!` with `Did you mean`, CSV sniffing errors with
 * `Original Line:`, `Conversion Error`s, pytest; for a Xhosa-speaking analyst.
 * Imitated: Agency Swarm's `SendMessage` tool and CamelCase tool classes (from memory of the
 * repository). Invented: the `exit code:` line of ExecuteCommand. DuckDB's and pytest's texts are from
 * memory (close, not exact); the Xhosa is plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  many,
  nth,
  ok,
  one,
  say,
  some,
  type Planter,
  type ShoalCall,
  type ShoalHarness,
  type ShoalStep,
} from './shoal-kit';

const ROOT = '/home/lindiwe/uboya-coop';
const SHEDS = ['Qumbu', 'Tsolo', 'Ngcobo', 'Mthatha', 'Cofimvaba', 'Mount Fletcher', 'Maclear'];
const DA = 'DataAnalyst';

function cmd(command: string, output: string, code = 0): ShoalCall {
  const out = `exit code: ${code}\n${output}`;
  return code === 0 ? ok('ExecuteCommand', { command }, out, 0) : fail('ExecuteCommand', { command }, out, code);
}
function q(sql: string, output: string): ShoalCall {
  return ok('RunDuckDBQuery', { sql, database: 'wool.duckdb' }, output);
}
function qErr(sql: string, output: string): ShoalCall {
  return fail('RunDuckDBQuery', { sql, database: 'wool.duckdb' }, output, 1);
}
function read(file_path: string, content: string): ShoalCall {
  return ok('ReadFile', { file_path }, content);
}
function write(file_path: string, content: string): ShoalCall {
  return ok('WriteFile', { file_path, content }, `File ${file_path} written.`);
}

/** A duckbox table as the DuckDB CLI prints it. */
function duckbox(head: string[], types: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, (types[i] ?? '').length, ...rows.map((r) => (r[i] ?? '').length)));
  const rule = (l: string, m: string, r: string) => `${l}${w.map((n) => '─'.repeat(n + 2)).join(m)}${r}`;
  const row = (r: string[]) => `│ ${r.map((c, i) => c.padEnd(w[i] as number)).join(' │ ')} │`;
  return [rule('┌', '┬', '┐'), row(head), row(types), rule('├', '┼', '┤'), ...rows.map(row), rule('└', '┴', '┘')].join(
    '\n',
  );
}

function pytestOk(rng: Rng): string {
  const n = rng.int(10, 26);
  return `${'.'.repeat(n)}                                   [100%]\n${n} passed in ${dur(rng, 0.5, 4, 2)}s`;
}

function binder(col: string, cands: string[], sql: string): string {
  return `Binder Error: Referenced column "${col}" not found in FROM clause!\nCandidate bindings: ${cands.map((c) => `"${c}"`).join(', ')}\nLINE 1: ${sql.slice(0, 70)}\n               ^`;
}

function aNoise(rng: Rng): ShoalStep {
  const r = rng.int(0, 5);
  const s = rng.pick(SHEDS);
  if (r === 0)
    return many(
      undefined,
      [
        q(
          'SELECT shed, count(*) AS bales FROM bales GROUP BY shed ORDER BY bales DESC LIMIT 4',
          duckbox(
            ['shed', 'bales'],
            ['varchar', 'int64'],
            some(rng, SHEDS, 4).map((x) => [x, String(rng.int(40, 900))]),
          ),
        ),
        cmd('pytest -q tests', pytestOk(rng)),
      ],
      DA,
    );
  if (r === 1)
    return one(
      undefined,
      q(
        `SELECT avg(micron) FROM bales WHERE shed = '${s}'`,
        duckbox(['avg(micron)'], ['double'], [[dur(rng, 17, 22, 4)]]),
      ),
      DA,
    );
  if (r === 2)
    return many(
      undefined,
      [
        read(
          'sql/prices.sql',
          `SELECT sale_date, shed, micron, price_c_kg\nFROM sales JOIN bales USING (bale_id)\nWHERE sale_date >= DATE '2025-01-01';`,
        ),
        cmd('git status --short', ' M sql/prices.sql'),
      ],
      DA,
    );
  if (r === 3) {
    const sql = `SELECT mass, price_c_kg FROM sales WHERE shed = '${s}'`;
    return one(undefined, qErr(sql, binder('mass', ['sales.mass_kg', 'sales.price_c_kg'], sql)), DA);
  }
  if (r === 4)
    return one(
      undefined,
      q(
        'DESCRIBE bales',
        duckbox(
          ['column_name', 'column_type', 'null'],
          ['varchar', 'varchar', 'varchar'],
          [
            ['bale_id', 'VARCHAR', 'NO'],
            ['shed', 'VARCHAR', 'YES'],
            ['micron', 'DOUBLE', 'YES'],
            ['mass_kg', 'DOUBLE', 'YES'],
            ['clean_yield', 'DOUBLE', 'YES'],
          ],
        ),
      ),
      DA,
    );
  return one(
    undefined,
    cmd(
      'duckdb wool.duckdb -c "PRAGMA database_size"',
      duckbox(
        ['database_name', 'database_size', 'block_size'],
        ['varchar', 'varchar', 'int64'],
        [['wool', `${rng.int(20, 900)}.${rng.int(1, 9)} MiB`, '262144']],
      ),
    ),
    DA,
  );
}

function aBig(rng: Rng): ShoalStep {
  const rows = Array.from({ length: rng.int(300, 360) }, (_, i) => [
    `EC-${24000 + i}`,
    nth(SHEDS, i),
    (17 + ((i * 7) % 60) / 10).toFixed(1),
    String(90 + ((i * 13) % 120)),
    (0.55 + ((i * 3) % 20) / 100).toFixed(2),
    String(9000 + ((i * 311) % 9000)),
  ]);
  return one(
    undefined,
    q(
      'SELECT bale_id, shed, micron, mass_kg, clean_yield, price_c_kg FROM bales JOIN sales USING (bale_id)',
      duckbox(
        ['bale_id', 'shed', 'micron', 'mass_kg', 'clean_yield', 'price_c_kg'],
        ['varchar', 'varchar', 'double', 'int32', 'double', 'int32'],
        rows,
      ),
    ),
    DA,
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ingxelo entsha ${t} ebonisa ixabiso eliphakathi ngemicron kwishedi nganye`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Molo! Iprojekthi ikwi-${ROOT} — uhlalutyo lwe-DuckDB lwekhoperative yoboya eMpuma Koloni. Ndifuna ${needle}. Nceda ucacise inyathelo ngalinye.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'SendMessage',
                  { recipient: DA, message: 'Check the bales and sales tables and run the tests.' },
                  'Tables look fine; tests pass.',
                ),
                'CEO',
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: yongeza ukuthelekisa neentengiso zonyaka ophelileyo`;
        return { how: 'user-followup', needle, beats: [{ user: `Umsebenzi olandelayo: ${needle}.` }] };
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
            (x) => `musa ukutshintsha itafile ${x} kwi-wool.duckdb`,
            (x) => `amaxabiso onke ku-${x} mawabe ziisenti ngekhilogram`,
            (x) => `ingxelo ${x} mayingabonisi amagama amafama`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            { user: rng.pick([`Umthetho: ${needle}.`, `Khumbula — ${needle}.`, `Oku kubalulekile: ${needle}.`]) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `-- ${t}: read the raw auction CSVs only through read_csv with explicit column types`,
          `-- ${t}: micron classes are 17, 18, 19, 20, 21 and 22+, nothing finer`,
          `-- ${t}: a bale without a clean_yield is left out, never counted as zero`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: many(
                undefined,
                [read('sql/README.sql', `${needle}\n-- owner: data team`), cmd('pytest -q tests', pytestOk(rng))],
                DA,
              ),
            },
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
            (x) => `${x} becomes a view over sales, not a table we refresh`,
            (x) => `I want ${x} bucketed with a CASE on micron rather than a join to a classes table`,
            (x) => `${x} is written to parquet with COPY so the board's spreadsheet can read it`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'SendMessage',
                  { recipient: DA, message: `Please do it this way: ${needle}.` },
                  'Understood, writing the SQL now.',
                ),
                'CEO',
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
        const needle = `${t} iza kusebenzisa i-ASOF JOIN kumaxabiso emihla`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Sigqibile: ${needle}.`, `Masenze ngolu hlobo: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `sql/reports/${t}.sql`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many(
                undefined,
                [
                  write(
                    needle,
                    `CREATE OR REPLACE VIEW ${t} AS\nSELECT shed, round(micron) AS micron_class, avg(price_c_kg) AS price\nFROM sales JOIN bales USING (bale_id)\nGROUP BY ALL;`,
                  ),
                  cmd('pytest -q tests', pytestOk(rng)),
                ],
                DA,
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/test_${t}.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                write(
                  needle,
                  `import duckdb\n\n\ndef test_no_negative_prices():\n    con = duckdb.connect("wool.duckdb", read_only=True)\n    assert con.sql("SELECT min(price_c_kg) FROM sales").fetchone()[0] > 0`,
                ),
                DA,
              ),
            },
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
        const needle = `Referenced column "${t}" not found in FROM clause!`;
        const sql = `SELECT shed, ${t}, avg(price_c_kg) FROM sales JOIN bales USING (bale_id) GROUP BY ALL`;
        return {
          how: 'tool-binder',
          needle,
          beats: [
            {
              step: many(
                undefined,
                [
                  qErr(sql, binder(t, ['bales.micron', 'bales.mass_kg', 'sales.price_c_kg'], sql)),
                  cmd('git diff --stat', ` sql/prices.sql | ${rng.int(2, 9)} ++--`),
                ],
                DA,
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
        const needle = `Table with name ${t}_2024 does not exist!`;
        return {
          how: 'tool-catalog',
          needle,
          beats: [
            {
              step: one(
                undefined,
                qErr(
                  `SELECT count(*) FROM ${t}_2024`,
                  `Catalog Error: ${needle}\nDid you mean "${rng.pick(['sales', 'bales', 'auctions'])}"?\nLINE 1: SELECT count(*) FROM ${t}_2024\n                             ^`,
                ),
                DA,
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
        const needle = `Could not convert string "${t}" to 'DOUBLE'`;
        const line = rng.int(100, 4000);
        return {
          how: 'tool-csv',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  `duckdb wool.duckdb -c "CREATE TABLE auction_raw AS SELECT * FROM read_csv('data/auction_2025_03.csv', types={'micron': 'DOUBLE'})"`,
                  `Conversion Error:\nCSV Error on Line: ${line}\nOriginal Line: EC-${rng.int(20000, 30000)},${rng.pick(SHEDS)},${t},112,0.61\nError when converting column "micron". ${needle}\n\nColumn micron is being converted as type DOUBLE\nThis type was either manually set or derived from an existing table. Select a different type to correctly parse this column.\n\n  file = data/auction_2025_03.csv\n  delimiter = , (Auto-Detected)\n  quote = " (Auto-Detected)\n  header = true (Auto-Detected)`,
                  1,
                ),
                DA,
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
        const s = rng.pick(SHEDS);
        const others = some(
          rng,
          SHEDS.filter((x) => x !== s),
          3,
        ).map((x) => [x, String(rng.int(1000000, 9999999))]);
        const table = duckbox(['shed', 'price_c_kg'], ['varchar', 'int32'], [[s, t], ...others]);
        // (the row as the CLI pads it)
        const needle = table.split('\n').find((l) => l.includes(t)) as string;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(undefined, q('SELECT shed, max(price_c_kg) AS price_c_kg FROM sales GROUP BY shed', table), DA),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('hex');
        const needle = `md5 ${t}${hex(rng, 24)}`;
        return {
          how: 'tool-checksum',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'md5sum exports/prices_2025_03.parquet | sed "s/^/md5 /"',
                  `${needle}  exports/prices_2025_03.parquet`,
                ),
                DA,
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
        const needle = `BKB-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Inombolo yefandesi entsha ngu-${needle}; yibeke kwi-config/auctions.toml.` }],
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
            (x) => `still open: export ${x} to parquet for the board meeting`,
            (x) => `${x} has no test for a shed with no sales this month`,
            (x) => `next the DataAnalyst should check ${x} against the broker's March statement`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Committing the work; ${needle}.`,
                cmd(`git commit -qam "wool: ${t}" && git log --oneline -1`, `${hex(rng, 7)} wool: ${t}`),
                DA,
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
        const needle = `ekugqibeleni, bhala isishwankathelo esifutshane ngesiXhosa malunga ne-${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Enkosi. Enye into: ${needle}.` },
            { step: one(undefined, cmd('pytest -q tests', pytestOk(rng)), DA) },
          ],
        };
      },
    },
  ],
};

/** The agency harness. */
export const SHOAL_AGENCY: ShoalHarness = {
  style: 'agency',
  protocol: 'native',
  system: `# Agency Manifesto\n\nYou are part of the uboya-coop analytics agency: a CEO who talks to the analyst of the co-operative and a DataAnalyst who works in ${ROOT} (DuckDB 1.1, wool.duckdb, sql/, tests/). Communicate with other agents through the SendMessage tool.\n\n# DataAnalyst Instructions\n\nUse ExecuteCommand, RunDuckDBQuery, ReadFile and WriteFile. Run independent tools in parallel. The user writes Xhosa; the CEO answers in Xhosa or English.`,
  tools: ['SendMessage', 'ExecuteCommand', 'RunDuckDBQuery', 'ReadFile', 'WriteFile'],
  callId: (rng: Rng) => `call_${chars(rng, 24)}`,
  answerAgent: 'CEO',
  noise: aNoise,
  big: aBig,
  followUp: (rng) =>
    rng.pick([
      'Ingaba iimvavanyo zonke ziphumelele?',
      'I-DuckDB ithini ngoku?',
      'Nceda uphinde uqhube iimvavanyo.',
      'Yintoni oyitshintshileyo?',
      'Kulungile, yintoni eseleyo?',
      'Ingaba zisekho iimpazamo?',
    ]),
  keepGoing: (rng) => rng.pick(['Qhubeka.', 'Qhubeka, ungayeki.', 'Qhubeka de zonke iimvavanyo ziphumelele.']),
  answer: (rng) =>
    rng.pick([
      `Kugqityiwe: zonke iimvavanyo ezingama-${rng.int(10, 26)} ziphumelele.`,
      'Done: the report view exists and pytest is green.',
      'Kulungisiwe. Kusekho isilumkiso kwi-sql/prices.sql, kodwa asinxulumananga nolu tshintsho.',
      'Ngamafutshane: ingxelo iyasebenza kwaye amaxabiso aziisenti ngekhilogram.',
    ]),
  probe: (rng) => rng.pick(['Qhubeka.', 'Qhubeka ukusuka apho ubume khona.', 'Yintoni elandelayo?']),
  planters: PLANTERS,
};
