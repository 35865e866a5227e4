/**
 * The n8n harness of the sill family (sill.ts): an n8n AI Agent node (Tools Agent) whose tools are
 * other nodes — `Execute_Command` (the Execute Command node: its item `{"exitCode", "stderr",
 * "stdout"}`), `ClickHouse_HTTP` (an HTTP Request tool against ClickHouse's HTTP interface: the response
 * body as text, or n8n's error text with the server's body), `Read_File` and `Write_File` (the disk
 * nodes) — with native calls, several in parallel. Tool names are the nodes' names with underscores,
 * as n8n passes them to the model; the chat trigger's messages are the user turns.
 * A ClickHouse 24.8 analytics warehouse for a Breton fishing cooperative's auction (criée) — landings,
 * lots, buyers — with migrations run by clickhouse-client: `Code: 62. DB::Exception: Syntax error: …`
 * with `Expected one of: …`, `UNKNOWN_TABLE`/`UNKNOWN_IDENTIFIER` errors with the server version,
 * `TOO_MANY_ROWS_OR_BYTES`, `PrettyCompact` result tables, `EXPLAIN indexes = 1`, `system.parts` and
 * `system.query_log` reads, and a dbt-free SQL test runner's pass/fail lines; for a Breton-speaking
 * analyst.
 * Reconstructed rather than copied: the n8n item shapes and tool naming are from memory of n8n 1.x (the
 * HTTP tool's error text less sure); ClickHouse's exception texts from memory of 24.x (error codes
 * right as far as I know, wording close); the SQL test runner (`sqltest`) is invented; the Breton is
 * plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  say,
  some,
  type Planter,
  type SillCall,
  type SillHarness,
  type SillStep,
} from './sill-kit';

const ROOT = '/data/n8n/criee-warehouse';
const CH = 'http://clickhouse.criee.bzh:8123';
const VERSION = '24.8.4.13';
const SPECIES = ['lieu jaune', 'bar', 'sole', 'langoustine', 'baudroie', 'maquereau', 'saint-pierre', 'raie'];
const PORTS = ['Le Guilvinec', 'Loctudy', 'Saint-Guénolé', 'Concarneau', 'Douarnenez', 'Audierne'];
const TESTS = [
  'tests/lots_have_buyer.sql',
  'tests/no_negative_weight.sql',
  'tests/landing_dates_in_past.sql',
  'tests/price_per_kg_range.sql',
  'tests/species_known.sql',
];

function cmd(command: string, stdout: string, code = 0, stderr = ''): SillCall {
  const out = JSON.stringify([{ exitCode: code, stderr, stdout }], null, 2);
  return code === 0 ? ok('Execute_Command', { command }, out, 0) : fail('Execute_Command', { command }, out, code);
}

function sql(query: string, body: string): SillCall {
  return ok('ClickHouse_HTTP', { method: 'POST', url: `${CH}/?database=criee`, body: query }, body);
}

function sqlError(query: string, code: number, name: string, text: string): SillCall {
  const body = `Code: ${code}. DB::Exception: ${text}. (${name}) (version ${VERSION} (official build))\n`;
  return fail(
    'ClickHouse_HTTP',
    { method: 'POST', url: `${CH}/?database=criee`, body: query },
    `Bad request - please check your parameters\n\n${body}`,
    code,
  );
}

function read(path: string, content: string): SillCall {
  return ok(
    'Read_File',
    { filePath: `${ROOT}/${path}` },
    JSON.stringify([{ fileName: path.split('/').pop(), data: content }], null, 2),
  );
}

function write(path: string, content: string): SillCall {
  return ok(
    'Write_File',
    { filePath: `${ROOT}/${path}`, data: content },
    JSON.stringify([{ fileName: path.split('/').pop(), written: true }], null, 2),
  );
}

function pretty(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const top = `┌─${head.map((h, i) => h.padEnd(w[i] as number, '─')).join('─┬─')}─┐`;
  const body = rows.map((r) => `│ ${r.map((c, i) => c.padEnd(w[i] as number)).join(' │ ')} │`);
  const bottom = `└─${w.map((n) => '─'.repeat(n)).join('─┴─')}─┘`;
  return [top, ...body, bottom].join('\n');
}

function sqltest(rng: Rng, failing?: string, detail = ''): string {
  const names = some(rng, TESTS, rng.int(3, 5)).filter((n) => n !== failing);
  const rows = names.map((n) => `PASS  ${n}  (${rng.int(3, 90)} ms, 0 rows)`);
  if (failing) rows.push(`FAIL  ${failing}  (${rng.int(3, 90)} ms, ${rng.int(1, 40)} rows)\n${detail}`);
  return `sqltest 0.4 — ${CH} (criee)\n${rows.join('\n')}\n\n${names.length} passed, ${failing ? 1 : 0} failed`;
}

function n8nNoise(rng: Rng): SillStep {
  const r = rng.int(0, 7);
  if (r === 0)
    return one(
      undefined,
      sql(
        'SELECT species, round(sum(weight_kg)) AS kg, round(avg(price_eur_kg), 2) AS eur_kg FROM lots WHERE sale_date >= today() - 7 GROUP BY species ORDER BY kg DESC FORMAT PrettyCompact',
        pretty(
          ['species', 'kg', 'eur_kg'],
          some(rng, SPECIES, 6).map((s) => [s, String(rng.int(300, 40000)), dur(rng, 2, 38)]),
        ),
      ),
    );
  if (r === 1) return one(undefined, cmd('./run-tests.sh', sqltest(rng)));
  if (r === 2)
    return many('Parts of the lots table and the recent slow queries, in parallel.', [
      sql(
        "SELECT partition, count() AS parts, formatReadableSize(sum(bytes_on_disk)) AS size FROM system.parts WHERE table = 'lots' AND active GROUP BY partition ORDER BY partition FORMAT PrettyCompact",
        pretty(
          ['partition', 'parts', 'size'],
          ['202501', '202502', '202503'].map((p) => [p, String(rng.int(1, 14)), `${dur(rng, 10, 900)} MiB`]),
        ),
      ),
      sql(
        "SELECT query_duration_ms, read_rows, substring(query, 1, 60) AS q FROM system.query_log WHERE type = 'QueryFinish' ORDER BY query_duration_ms DESC LIMIT 3 FORMAT TSV",
        lines(
          3,
          () =>
            `${rng.int(800, 9000)}\t${rng.int(1000000, 90000000)}\tSELECT buyer_id, sum(weight_kg) FROM lots WHERE port = '${rng.pick(PORTS)}'`,
        ),
      ),
    ]);
  if (r === 3)
    return one(
      undefined,
      sqlError(
        `SELECT port, sum(weight_kg) FROM lots WHERE sale_date > '2025-03-01' GROUP port`,
        62,
        'SYNTAX_ERROR',
        `Syntax error: failed at position ${rng.int(60, 80)} ('port') (line 1, col ${rng.int(60, 80)}): port. Expected one of: BY, ALL`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      cmd(
        `clickhouse-client --host clickhouse.criee.bzh --multiquery < migrations/00${rng.int(10, 19)}_buyers.sql`,
        '',
        rng.pick([47, 60, 36]),
        `Received exception from server (version ${VERSION}):\nCode: 47. DB::Exception: Received from clickhouse.criee.bzh:9000. DB::Exception: Unknown expression identifier \`buyer_vat\` in scope SELECT buyer_id, buyer_vat FROM criee.buyers. Maybe you meant: ['buyer_name']. (UNKNOWN_IDENTIFIER)\n(query: SELECT buyer_id, buyer_vat FROM criee.buyers)`,
      ),
    );
  if (r === 5)
    return one(
      'How does the primary key serve the per-port query?',
      sql(
        "EXPLAIN indexes = 1 SELECT sum(weight_kg) FROM lots WHERE port = 'Loctudy' AND sale_date = today() FORMAT TSVRaw",
        `Expression ((Project names + Projection))\n  Aggregating\n    Expression (Before GROUP BY)\n      Filter ((WHERE + Change column names to column identifiers))\n        ReadFromMergeTree (criee.lots)\n        Indexes:\n          PrimaryKey\n            Keys: \n              port\n              sale_date\n            Condition: and((sale_date in [${rng.int(20100, 20200)}, ${rng.int(20100, 20200)}]), (port in ['Loctudy', 'Loctudy']))\n            Parts: ${rng.int(1, 4)}/${rng.int(5, 30)}\n            Granules: ${rng.int(1, 9)}/${rng.int(100, 4000)}`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      read(
        'migrations/0004_lots.sql',
        `CREATE TABLE IF NOT EXISTS criee.lots\n(\n    lot_id UInt64,\n    sale_date Date,\n    port LowCardinality(String),\n    species LowCardinality(String),\n    weight_kg Decimal(10, 2),\n    price_eur_kg Decimal(8, 2),\n    buyer_id UInt32\n)\nENGINE = ReplacingMergeTree\nPARTITION BY toYYYYMM(sale_date)\nORDER BY (port, sale_date, lot_id);`,
      ),
    );
  return one(
    undefined,
    cmd(
      'git -C /data/n8n/criee-warehouse log --oneline -4',
      `${hex(rng, 7)} lots: ReplacingMergeTree\n${hex(rng, 7)} buyers: LowCardinality names\n${hex(rng, 7)} tests: price range\n${hex(rng, 7)} init`,
    ),
  );
}

function n8nBig(rng: Rng): SillStep {
  const rows = Array.from({ length: rng.int(420, 460) }, (_, i) => [
    String(2025030000000 + i * 7),
    `2025-03-${String(1 + (i % 27)).padStart(2, '0')}`,
    PORTS[i % PORTS.length] as string,
    SPECIES[(i * 3) % SPECIES.length] as string,
    dur(rng, 1, 400),
    dur(rng, 2, 40),
    String(rng.int(1000, 9999)),
  ]);
  return one(
    'The raw lots of the month, to find the ones without a buyer.',
    sql(
      'SELECT * FROM lots WHERE sale_date >= toStartOfMonth(today()) ORDER BY lot_id FORMAT TSVWithNames',
      `lot_id\tsale_date\tport\tspecies\tweight_kg\tprice_eur_kg\tbuyer_id\n${rows.map((r) => r.join('\t')).join('\n')}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ur materialized view ${t} a jedfe priz keitat pep spesad dre borzh bemdez`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Demat! Emañ ar raktres e ${ROOT} — stal-roadennoù ClickHouse evit gwerzh-pesked ar c'hevredigezh (lots, prenerien, porzhioù). Me a garfe e savfes ${needle}. Mar plij, displeg pep pazenn.`,
            },
            {
              step: many('Reading the lots schema and running the SQL tests together.', [
                read(
                  'migrations/0004_lots.sql',
                  `CREATE TABLE IF NOT EXISTS criee.lots\n(\n    lot_id UInt64,\n    sale_date Date,\n    port LowCardinality(String)\n)\nENGINE = ReplacingMergeTree\nORDER BY (port, sale_date, lot_id);`,
                ),
                cmd('./run-tests.sh', sqltest(rng)),
              ]),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: danevell sizhuniek evit ar brenerien vras`;
        return { how: 'user-followup', needle, beats: [{ user: `Al labour da-heul: ${needle}.` }] };
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
            (x) => `${x}: arabat eo ober ALTER TABLE ... DELETE war lots`,
            (x) => `an holl briz e ${x} a vez e euro dre gilo, biken e euro dre lot`,
            (x) => `${x}: na vo ket lakaet anv ar prenerien er c'hartennoù foran`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Reolenn: ${needle}.`, `Na ankounac'h ket — ${needle}.`, `Pouezus: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every new table is ReplicatedMergeTree on the criee cluster, never a plain MergeTree`,
          `${T}: migrations are numbered and idempotent (IF NOT EXISTS everywhere)`,
          `${T} - no SELECT * in a view; list the columns`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                "The team's chat export has the warehouse rules; reading it first.",
                read(
                  'docs/chat-2025-02.txt',
                  `[2025-02-14 09:12] Gwenaëlle: reminder for anyone touching the warehouse:\n[2025-02-14 09:12] Gwenaëlle: ${needle}\n[2025-02-14 09:13] Yann: 👍 noted`,
                ),
              ),
            },
            { step: one(`${T} noted. Tests first.`, cmd('./run-tests.sh', sqltest(rng))) },
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
            (x) =>
              `${x} will be an AggregatingMergeTree fed by a materialized view, rather than a nightly INSERT SELECT`,
            (x) => `I'm keying ${x} on (species, port, week) because every report filters on species first`,
            (x) => `instead of FINAL on every read, ${x} deduplicates with argMax over the version column`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Having read the lots table and the reports: ${needle}.`,
                write('docs/decisions.md', `- ${needle}\n`),
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
        const needle = `${t} a vo hizivaet bep hanter-eur, n'eo ket bep munutenn`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Divizet hon eus: ${needle}.`, `Graomp evel-se: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `migrations/0021_${t}.sql`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('The migration, and a dry parse of it, in parallel.', [
                write(
                  needle,
                  `CREATE TABLE IF NOT EXISTS criee.${t}_weekly ON CLUSTER criee\n(\n    species LowCardinality(String),\n    port LowCardinality(String),\n    week Date,\n    avg_price AggregateFunction(avg, Decimal(8, 2))\n)\nENGINE = ReplicatedAggregatingMergeTree\nORDER BY (species, port, week);`,
                ),
                cmd(`clickhouse-format --query "$(cat ${needle})" > /dev/null && echo parsed`, 'parsed'),
              ]),
            },
            { step: one(undefined, cmd('./run-tests.sh', sqltest(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/${t}_not_empty.sql`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A test that the view is filled after a sale day.',
                write(
                  needle,
                  `-- fails when it returns rows\nSELECT 1 WHERE (SELECT count() FROM criee.${t}_weekly) = 0;`,
                ),
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Unknown table expression identifier 'criee.${t}_daily'`;
        return {
          how: 'tool-db',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sqlError(
                  `SELECT * FROM criee.${t}_daily LIMIT 5`,
                  60,
                  'UNKNOWN_TABLE',
                  `${needle} in scope SELECT * FROM criee.${t}_daily LIMIT 5`,
                ),
              ),
            },
            {
              step: one(
                `${t}_daily was never created; the view writes to the weekly table.`,
                cmd('clickhouse-client -q "SHOW TABLES FROM criee LIKE \'%daily%\'"', ''),
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
        const needle = `FAIL  tests/${t}_price_sane.sql`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  './run-tests.sh',
                  sqltest(rng).replace(
                    /\n\n(\d+) passed, 0 failed$/,
                    (_m, n) =>
                      `\n${needle}  (${rng.int(3, 90)} ms, ${rng.int(1, 40)} rows)\n  lot_id=${rng.int(1000000, 9999999)} price_eur_kg=${rng.int(400, 900)}.00 species=${rng.pick(SPECIES)}\n  lot_id=${rng.int(1000000, 9999999)} price_eur_kg=${rng.int(400, 900)}.00 species=${rng.pick(SPECIES)}\n\n${n} passed, 1 failed`,
                  ),
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
        const t = mint('num');
        const needle = `Limit for rows (controlled by 'max_rows_to_read' setting) exceeded, max rows: 50.00 million, current rows: ${t}`;
        return {
          how: 'tool-limit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sqlError(
                  `SELECT buyer_id, uniqExact(lot_id) FROM lots GROUP BY buyer_id`,
                  158,
                  'TOO_MANY_ROWS',
                  `${needle}.${rng.int(10, 99)} million`,
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
        const sp = rng.pick(SPECIES);
        const needle = `│ ${sp} │ ${t} │`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sql(
                  `SELECT species, sum(weight_kg) AS kg FROM lots WHERE species = '${sp}' AND toYear(sale_date) = 2024 GROUP BY species FORMAT PrettyCompact`,
                  `┌─species${'─'.repeat(Math.max(0, sp.length - 7))}─┬─kg${'─'.repeat(Math.max(0, t.length - 2))}─┐\n${needle}\n└─${'─'.repeat(Math.max(sp.length, 7))}─┴─${'─'.repeat(Math.max(t.length, 2))}─┘`,
                ),
              ),
            },
            {
              step: one(
                `${t} kg of ${sp} in 2024 — the baseline for the comparison.`,
                write('docs/baselines.md', `- ${sp} 2024: ${t} kg\n`),
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
        const needle = `query_id: ${t}-${hex(rng, 4)}-4${hex(rng, 3)}-9${hex(rng, 3)}-${hex(rng, 12)}`;
        return {
          how: 'tool-id',
          needle,
          beats: [
            {
              step: one(
                'Running the backfill and keeping its query id for the log.',
                cmd(
                  'clickhouse-client --progress=0 --echo --time -q "INSERT INTO criee.species_weekly SELECT species, port, toMonday(sale_date), avgState(price_eur_kg) FROM criee.lots GROUP BY ALL"',
                  `INSERT INTO criee.species_weekly SELECT ...\n${needle}\nOk.\n\n0 rows in set. Elapsed: ${dur(rng, 0.5, 30, 3)} sec. Processed ${rng.int(1, 90)}.${rng.int(10, 99)} million rows, ${rng.int(100, 900)}.${rng.int(10, 99)} MB`,
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
        const needle = `CRIEE-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Niverenn an aotre FranceAgriMer eo ${needle}; lak anezhañ e taolenn ar porzhioù.` }],
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
            (x) => `Still missing: a backfill of ${x} for 2023, which needs the archived parts attached first`,
            (x) => `${x} is not yet wired into the Grafana board the auctioneers use`,
            (x) => `da c'hoazh: gwiriañ ${x} gant gwerzhadennoù an dilun`,
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
                cmd(
                  `git -C ${ROOT} commit -qam "warehouse: ${t}" && git -C ${ROOT} log --oneline -1`,
                  `${hex(rng, 7)} warehouse: ${t}`,
                ),
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
        const needle = `da echuiñ, skriv un diverradenn verr e brezhoneg diwar-benn ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Trugarez. Un dra all: ${needle}.` },
            { step: one(undefined, cmd('./run-tests.sh', sqltest(rng))) },
          ],
        };
      },
    },
  ],
};

/** The n8n harness. */
export const SILL_N8N: SillHarness = {
  style: 'n8n',
  protocol: 'native',
  system: `You are the warehouse assistant of the criée (fish auction) cooperative, running as an n8n AI Agent. Today's date is 2025-03-14. You look after the ClickHouse warehouse (database criee at ${CH}) and its migrations and SQL tests in ${ROOT}. Tools: Execute_Command (a shell on the n8n host: clickhouse-client, git, ./run-tests.sh), ClickHouse_HTTP (POST a query to ClickHouse's HTTP interface), Read_File and Write_File. Call tools in parallel when they do not depend on each other. The analyst writes Breton; answer in Breton or French.`,
  tools: ['Execute_Command', 'ClickHouse_HTTP', 'Read_File', 'Write_File'],
  callId: (rng: Rng) => `call_${chars(rng, 24)}`,
  noise: n8nNoise,
  big: n8nBig,
  followUp: (rng) =>
    rng.pick([
      'Tremenet eo an testoù?',
      'Mont a ra en-dro ar goulenn?',
      'Mar plij, lañs an testoù en-dro.',
      "Petra ac'h eus cheñchet?",
      'Mat, petra a chom?',
      "Fazioù zo c'hoazh?",
    ]),
  keepGoing: (rng) =>
    rng.pick(["Kendalc'h.", "Kendalc'h, na chom ket a-sav.", "Kendalc'h betek ma vo tremenet an holl desteoù."]),
  answer: (rng) =>
    rng.pick([
      `Graet: tremenet eo an holl desteoù SQL (${rng.int(3, 6)}).`,
      'Done: the migration applied and every SQL test passes.',
      "Reizhet. Ur c'hemenn kozh a chom war an daolenn buyers, n'eo ket liammet ouzh ar c'hemm-mañ.",
      'En ur ger: mont a ra ar stal-roadennoù en-dro hag an niveroù a glot.',
    ]),
  probe: (rng) => rng.pick(["Kendalc'h.", "Kendalc'h eus al lec'h m'az out chomet.", 'Ha bremañ?']),
  planters: PLANTERS,
};
