/**
 * The gorilla harness of the dune family (dune.ts): a Gorilla-OpenFunctions-v2-like model. The system
 * prompt is Gorilla's preamble with the functions as JSON; a reply's content is one or several calls
 * `<<function>>sqlcmd(query="…", database="RiceMill")` (keyword arguments in Python syntax, several
 * separated by newlines or `;`), which the harness parses into native tool calls (vLLM-style
 * `chatcmpl-tool-` ids) whose results come back as tool messages. Answers are plain prose.
 * SQL Server 2022 / T-SQL for a Vientiane rice mill's inventory (paddy intake, milling runs, stock
 * ledger, dispatches from warehouses in Xaythany, Naxaythong, Hadxayfong): sqlcmd's `Msg 207, Level 16,
 * State 1, Server MILL01, Line 3` errors with `Invalid column name 'x'.`, `Msg 2627` primary-key
 * violations, `Msg 1205` deadlock victims, result grids with `(12 rows affected)`, tSQLt's
 * `+----------------------+` summary table and `Test Case Summary: …`; for a Lao-speaking developer.
 * Imitated: Gorilla OpenFunctions v2's `<<function>>` output (from memory of its model card).
 * Invented: the separators between several calls, the repository's scripts. sqlcmd's and tSQLt's texts
 * are from memory (close, not exact). The Lao is plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  dq,
  fail,
  hex,
  many,
  nth,
  ok,
  say,
  some,
  type DuneCall,
  type DuneHarness,
  type DuneStep,
  type Planter,
} from './dune-kit';

const ROOT = '/home/souk/rice-mill-db';
const DB = 'RiceMill';
const HOUSES = ['Xaythany', 'Naxaythong', 'Hadxayfong', 'Sikhottabong', 'Chanthabouly', 'Pakngum'];
const VARIETIES = ['TDK8', 'TDK11', 'Khao Niew', 'Hom Mali', 'Thadokkham 1', 'Phonngam'];
const TESTS = [
  'test bags never negative',
  'test milling yield',
  'test intake moisture',
  'test dispatch needs stock',
  'test ledger balances',
  'test variety known',
  'test warehouse capacity',
  'test posting is atomic',
  'test broken percent',
];

function sql(query: string, output: string, code = 0): DuneCall {
  return code === 0
    ? ok('sqlcmd', { query, database: DB }, output, 0)
    : fail('sqlcmd', { query, database: DB }, output, code);
}
function sh(command: string, output: string, code = 0): DuneCall {
  return code === 0 ? ok('run_shell', { command }, output, 0) : fail('run_shell', { command }, output, code);
}
function read(path: string, content: string): DuneCall {
  return ok('read_file', { path }, content);
}
function write(path: string, content: string): DuneCall {
  return ok('write_file', { path, content }, `Wrote ${path}`);
}

/** A step: the calls as the model wrote them, and the calls parsed from them. */
function g(calls: DuneCall[]): DuneStep {
  const text = calls.map(
    (c) =>
      `<<function>>${c.tool}(${Object.entries(c.args)
        .map(([k, v]) => `${k}=${dq(String(v))}`)
        .join(', ')})`,
  );
  const sep = nth(['\n', ';', '\n'], text.join('').length);
  return many(text.join(sep), calls);
}

/** A result grid as sqlcmd prints it. */
function grid(head: string[], rows: string[][], affected = true): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const row = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(w[i] as number))
      .join(' ')
      .trimEnd();
  const out = [row(head), w.map((n) => '-'.repeat(n)).join(' '), ...rows.map(row)].join('\n');
  return affected ? `${out}\n\n(${rows.length} row${rows.length === 1 ? '' : 's'} affected)` : out;
}

function msg(n: number, level: number, state: number, line: number, text: string, proc?: string): string {
  return `Msg ${n}, Level ${level}, State ${state}, Server MILL01, ${proc ? `Procedure ${proc}, ` : ''}Line ${line}\n${text}`;
}

function tsqlt(rng: Rng, failing?: string, detail?: string): string {
  const names = some(rng, TESTS, rng.int(6, 9));
  if (failing) names.splice(rng.int(0, names.length), 0, failing);
  const nw = Math.max(...names.map((n) => n.length)) + 14;
  const rows = names.map(
    (n, i) =>
      `|${String(i + 1).padEnd(2)}|${`[testStock].[${n}]`.padEnd(nw)}|${String(rng.int(3, 90)).padStart(7)}|${n === failing ? 'Failure' : 'Success'}|`,
  );
  const head = `${failing ? `[testStock].[${failing}] failed: (Failure) ${detail ?? 'Expected: <0> but was: <1>'}\n \n` : ''}+----------------------+\n|Test Execution Summary|\n+----------------------+\n \n|No|${'Test Case Name'.padEnd(nw)}|Dur(ms)|Result |\n+--+${'-'.repeat(nw)}+-------+-------+\n${rows.join('\n')}\n${'-'.repeat(nw + 24)}`;
  const n = names.length;
  const sum = failing
    ? `${msg(50000, 16, 10, 1, `Test Case Summary: ${n} test case(s) executed, ${n - 1} succeeded, 0 skipped, 1 failed, 0 errored.`, 'tSQLt.Private_RunAll')}`
    : `Test Case Summary: ${n} test case(s) executed, ${n} succeeded, 0 skipped, 0 failed, 0 errored.`;
  return `${head}\n${sum}\n${'-'.repeat(nw + 24)}`;
}

function runTests(rng: Rng, failing?: string, detail?: string): DuneCall {
  return sh(`sqlcmd -S MILL01 -d ${DB} -b -Q "EXEC tSQLt.RunAll"`, tsqlt(rng, failing, detail), failing ? 1 : 0);
}

function stockRows(rng: Rng, n: number): string[][] {
  return some(rng, HOUSES, n).map((h) => [
    h,
    rng.pick(VARIETIES),
    String(rng.int(40, 4000)),
    `${rng.int(1, 9)}.${rng.int(0, 99)}`,
  ]);
}

function gNoise(rng: Rng): DuneStep {
  const r = rng.int(0, 7);
  const h = rng.pick(HOUSES);
  if (r === 0) return g([runTests(rng)]);
  if (r === 1)
    return g([
      sql(
        `SELECT w.Name, s.Variety, SUM(s.Bags) AS Bags FROM inv.Stock s JOIN inv.Warehouse w ON w.WarehouseId = s.WarehouseId GROUP BY w.Name, s.Variety`,
        grid(
          ['Name', 'Variety', 'Bags'],
          stockRows(rng, 4).map((r) => r.slice(0, 3) as string[]),
        ),
      ),
    ]);
  if (r === 2)
    return g([
      read(
        'sql/procs/usp_PostMovement.sql',
        `CREATE OR ALTER PROCEDURE inv.usp_PostMovement\n    @LotId varchar(20), @WarehouseId int, @Bags int\nAS\nBEGIN\n    SET NOCOUNT ON;\n    SET XACT_ABORT ON;\n    BEGIN TRAN;\n    UPDATE inv.Stock SET Bags = Bags + @Bags WHERE LotId = @LotId AND WarehouseId = @WarehouseId;\n    INSERT inv.StockLedger (LotId, WarehouseId, Bags, PostedAt) VALUES (@LotId, @WarehouseId, @Bags, SYSUTCDATETIME());\n    COMMIT;\nEND`,
      ),
      sh('git status --short', ' M sql/procs/usp_PostMovement.sql'),
    ]);
  if (r === 3)
    return g([
      sql(
        `SELECT IntakeId, Variety, Bag_Count FROM inv.PaddyIntake WHERE WarehouseId = ${rng.int(1, 6)}`,
        msg(207, 16, 1, 1, "Invalid column name 'Bag_Count'."),
        1,
      ),
    ]);
  if (r === 4)
    return g([
      sh(
        `sqlcmd -S MILL01 -d ${DB} -b -i sql/jobs/nightly_close.sql`,
        `Changed database context to '${DB}'.\n${msg(1205, 13, 51, rng.int(5, 40), `Transaction (Process ID ${rng.int(51, 90)}) was deadlocked on lock resources with another process and has been chosen as the deadlock victim. Rerun the transaction.`)}`,
        1,
      ),
    ]);
  if (r === 5)
    return g([
      sql(
        `SELECT TOP (3) RunId, PaddyKg, MilledKg, CAST(100.0 * MilledKg / PaddyKg AS decimal(5,2)) AS YieldPct FROM mill.MillingRun ORDER BY RunId DESC`,
        grid(
          ['RunId', 'PaddyKg', 'MilledKg', 'YieldPct'],
          [0, 1, 2].map((i) => {
            const p = rng.int(8000, 20000);
            const m = Math.round(p * (0.58 + rng.next() * 0.08));
            return [String(900 - i), String(p), String(m), ((100 * m) / p).toFixed(2)];
          }),
        ),
      ),
      sh('git log --oneline -2', `${hex(rng, 7)} milling yield view\n${hex(rng, 7)} dispatch proc`),
    ]);
  if (r === 6)
    return g([
      sql(`SELECT COUNT(*) FROM inv.${h}Stock`, msg(208, 16, 1, 1, `Invalid object name 'inv.${h}Stock'.`), 1),
    ]);
  return g([
    sql(
      "SELECT name, type_desc FROM sys.objects WHERE schema_id = SCHEMA_ID('inv') AND type IN ('U','V','P')",
      grid(
        ['name', 'type_desc'],
        [
          ['PaddyIntake', 'USER_TABLE'],
          ['Stock', 'USER_TABLE'],
          ['StockLedger', 'USER_TABLE'],
          ['Warehouse', 'USER_TABLE'],
          ['usp_PostMovement', 'SQL_STORED_PROCEDURE'],
          ['vStockByHouse', 'VIEW'],
        ],
      ),
    ),
  ]);
}

function gBig(rng: Rng): DuneStep {
  const rows = Array.from({ length: rng.int(320, 380) }, (_, i) => [
    String(410000 + i),
    `LOT-25${String(1000 + ((i * 17) % 9000))}`,
    nth(HOUSES, i),
    nth(VARIETIES, i * 7),
    String(((i * 37) % 400) - 120),
    `2025-03-${String(1 + (i % 28)).padStart(2, '0')} ${String(6 + (i % 14)).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}:00.0000000`,
    nth(['INTAKE', 'MILL', 'DISPATCH', 'ADJUST'], i * 3),
  ]);
  return g([
    sql(
      'SELECT TOP (400) LedgerId, LotId, Warehouse, Variety, Bags, PostedAt, Kind FROM inv.vLedger ORDER BY LedgerId DESC',
      grid(['LedgerId', 'LotId', 'Warehouse', 'Variety', 'Bags', 'PostedAt', 'Kind'], rows),
    ),
  ]);
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ລາຍງານໃໝ່ ${t} ທີ່ສະແດງເຂົ້າສານຄົງເຫຼືອໃນແຕ່ລະສາງ`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `ສະບາຍດີ! ໂປຣເຈັກຢູ່ທີ່ ${ROOT} — ຖານຂໍ້ມູນສາງເຂົ້າຂອງໂຮງສີເຂົ້າໃນວຽງຈັນ (SQL Server 2022). ຂ້ອຍຕ້ອງການ${needle}. ກະລຸນາອະທິບາຍແຕ່ລະຂັ້ນຕອນ.`,
            },
            {
              step: g([
                sql(
                  'SELECT @@VERSION',
                  `Microsoft SQL Server 2022 (RTM-CU${rng.int(10, 16)}) (KB50${rng.int(10000, 99999)}) - 16.0.${rng.int(4100, 4200)}.1 (X64)\n\tDeveloper Edition (64-bit) on Linux (Ubuntu 22.04.4 LTS) <X64>\n\n(1 rows affected)`,
                ),
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
        const needle = `${t}: ເພີ່ມອັດຕາເຂົ້າຫັກໃສ່ລາຍງານ`;
        return { how: 'user-followup', needle, beats: [{ user: `ວຽກຕໍ່ໄປ: ${needle}.` }] };
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
            (x) => `ຢ່າປ່ຽນໂຄງສ້າງຕາຕະລາງ ${x}`,
            (x) => `ທຸກ procedure ໃນ ${x} ຕ້ອງມີ SET XACT_ABORT ON`,
            (x) => `ນ້ຳໜັກໃນ ${x} ຕ້ອງເປັນກິໂລ ບໍ່ແມ່ນກະສອບ`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`ກົດລະບຽບ: ${needle}.`, `ຈື່ໄວ້ — ${needle}.`, `ອັນນີ້ສຳຄັນ: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `-- ${t}: stock moves only through inv.usp_PostMovement, never a direct UPDATE`,
          `-- ${t}: a bag is 50 kg of milled rice or 40 kg of paddy`,
          `-- ${t}: paddy above 14 percent moisture goes to the dryer queue, not a warehouse`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: g([read('sql/README.sql', `${needle}\n-- owner: mill office, Xaythany`), runTests(rng)]),
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
            (x) => `${x} is a view over inv.StockLedger, not a table filled at night`,
            (x) => `${x} keeps quantities in kg as decimal(12,2)`,
            (x) => `${x} uses a MERGE on LotId instead of delete and insert`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: g([write('docs/decisions.md', `# Decisions\n\n- ${needle}\n`)]) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} ໃຊ້ temporal table ແທນ trigger`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`ພວກເຮົາຕັດສິນໃຈແລ້ວ: ${needle}.`, `ເຮັດແບບນີ້: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `sql/views/v${cap(t)}.sql`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: g([
                write(
                  needle,
                  `CREATE OR ALTER VIEW inv.v${cap(t)}\nAS\nSELECT w.Name AS Warehouse, l.Variety, SUM(l.Bags) * 50 AS MilledKg\nFROM inv.StockLedger l\nJOIN inv.Warehouse w ON w.WarehouseId = l.WarehouseId\nGROUP BY w.Name, l.Variety;`,
                ),
                sh(`sqlcmd -S MILL01 -d ${DB} -b -i ${needle}`, `Changed database context to '${DB}'.`),
              ]),
            },
            { step: g([runTests(rng)]) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/testStock/test_${t}.sql`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: g([
                write(
                  needle,
                  `CREATE OR ALTER PROCEDURE testStock.[test ${t} dispatch]\nAS\nBEGIN\n    EXEC tSQLt.FakeTable 'inv.Stock';\n    INSERT inv.Stock (LotId, WarehouseId, Bags) VALUES ('LOT-1', 1, 5);\n    EXEC tSQLt.ExpectException @ExpectedMessage = 'not enough stock';\n    EXEC sales.usp_Dispatch @LotId = 'LOT-1', @WarehouseId = 1, @Bags = 9;\nEND`,
                ),
              ]),
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
        const needle = `Invalid column name '${t}'.`;
        const line = rng.int(2, 9);
        return {
          how: 'tool-sqlcmd',
          needle,
          beats: [
            {
              step: g([
                sql(
                  `SELECT w.Name,\n       SUM(s.Bags) AS Bags,\n       MAX(s.${t}) AS LastMove\nFROM inv.Stock s JOIN inv.Warehouse w ON w.WarehouseId = s.WarehouseId\nGROUP BY w.Name`,
                  msg(207, 16, 1, line, needle),
                  1,
                ),
                sh('git diff --stat', ` sql/views/vStockByHouse.sql | ${rng.int(2, 9)} ++--`),
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('code');
        const needle = `The duplicate key value is (LOT-${t}).`;
        return {
          how: 'tool-constraint',
          needle,
          beats: [
            {
              step: g([
                sql(
                  `INSERT inv.Lot (LotId, Variety, HarvestYear) VALUES ('LOT-${t}', '${rng.pick(VARIETIES)}', 2025)`,
                  `${msg(2627, 14, 1, 1, `Violation of PRIMARY KEY constraint 'PK_Lot'. Cannot insert duplicate key in object 'inv.Lot'. ${needle}`)}\nThe statement has been terminated.`,
                  1,
                ),
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `[testStock].[test ${t} yield] failed`;
        const exp = rng.int(600, 680) / 10;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: g([
                runTests(rng, `test ${t} yield`, `Expected: <${exp.toFixed(1)}> but was: <${(exp - 1.5).toFixed(1)}>`),
              ]),
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
        const h = rng.pick(HOUSES);
        const rows = [
          [h, t],
          ...some(
            rng,
            HOUSES.filter((x) => x !== h),
            3,
          ).map((x) => [x, String(rng.int(1000000, 9999999))]),
        ];
        const out = grid(['Warehouse', 'MilledKg'], rows);
        const needle = out.split('\n').find((l) => l.includes(t)) as string;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: g([
                sql(
                  'SELECT Warehouse, SUM(MilledKg) AS MilledKg FROM inv.vStockByHouse GROUP BY Warehouse ORDER BY MilledKg DESC',
                  out,
                ),
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('hex');
        const needle = `${t}${hex(rng, 56)}`;
        return {
          how: 'tool-checksum',
          needle,
          beats: [
            {
              step: g([
                sh(
                  `sqlpackage /Action:Extract /SourceServerName:MILL01 /SourceDatabaseName:${DB} /TargetFile:build/${DB}.dacpac /p:ExtractAllTableData=false && sha256sum build/${DB}.dacpac`,
                  `Connecting to database '${DB}' on server 'MILL01'.\nExtracting schema\nExtracting schema from database\nResolving references in schema model\nSuccessfully extracted database and saved it to file 'build/${DB}.dacpac'.\n${needle}  build/${DB}.dacpac`,
                ),
              ]),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `VTE-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `ລະຫັດສະຫະກອນຊາວນາໃໝ່ແມ່ນ ${needle}; ໃສ່ມັນໃນ sql/seed/coops.sql.` }],
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
            (x) => `next: a tSQLt test for ${x} when two dispatches race`,
            (x) => `${x} still needs an index on StockLedger(PostedAt)`,
            (x) => `remaining: backfill ${x} for January and February`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: g([
                write('NOTES.md', `## Open\n\n- ${needle}\n`),
                sh(`git commit -qam "stock: ${t}" && git log --oneline -1`, `${hex(rng, 7)} stock: ${t}`),
              ]),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ສຸດທ້າຍ ຂຽນສະຫຼຸບສັ້ນໆເປັນພາສາລາວກ່ຽວກັບ ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [{ user: `ຂອບໃຈ. ອີກອັນໜຶ່ງ: ${needle}.` }, { step: g([runTests(rng)]) }],
        };
      },
    },
  ],
};

const FUNCTIONS = [
  {
    name: 'sqlcmd',
    description: 'Runs a T-SQL batch on MILL01 and returns the sqlcmd output.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, database: { type: 'string' } },
      required: ['query', 'database'],
    },
  },
  {
    name: 'run_shell',
    description: `Runs a shell command in ${ROOT}.`,
    parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
  },
  {
    name: 'read_file',
    description: 'Returns the text of a file.',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
  {
    name: 'write_file',
    description: 'Replaces a file.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
    },
  },
];

/** The gorilla harness. */
export const DUNE_GORILLA: DuneHarness = {
  style: 'gorilla',
  protocol: 'native',
  system: `You are an AI programming assistant, utilizing the Gorilla LLM model, developed by Gorilla LLM, and you only answer questions related to computer science. For politically sensitive questions, security and privacy issues, and other non-computer science questions, you will refuse to answer.\n### Instruction: <<function>>${JSON.stringify(FUNCTIONS)}\nThe repository ${ROOT} holds the T-SQL of a Vientiane rice mill's inventory database (${DB} on SQL Server 2022, tSQLt tests). The developer writes Lao.`,
  tools: ['sqlcmd', 'run_shell', 'read_file', 'write_file'],
  callId: (rng: Rng) => `chatcmpl-tool-${hex(rng, 32)}`,
  noise: gNoise,
  big: gBig,
  followUp: (rng) =>
    rng.pick([
      'ການທົດສອບຜ່ານໝົດບໍ?',
      'tSQLt ເວົ້າແນວໃດຕອນນີ້?',
      'ກະລຸນາແລ່ນການທົດສອບອີກຄັ້ງ.',
      'ເຈົ້າປ່ຽນຫຍັງແດ່?',
      'ໂອເຄ, ຍັງເຫຼືອຫຍັງອີກ?',
      'ຍັງມີຂໍ້ຜິດພາດບໍ?',
    ]),
  keepGoing: (rng) => rng.pick(['ສືບຕໍ່.', 'ສືບຕໍ່, ຢ່າຢຸດ.', 'ສືບຕໍ່ຈົນກວ່າການທົດສອບຜ່ານໝົດ.']),
  answer: (rng) =>
    rng.pick([
      `ແລ້ວແລ້ວ: ການທົດສອບ tSQLt ທັງ ${rng.int(7, 10)} ອັນຜ່ານ.`,
      'Done: the view is deployed and tSQLt.RunAll is green.',
      'ແກ້ແລ້ວ. ຍັງມີ deadlock ໃນ nightly_close.sql ບາງຄັ້ງ ແຕ່ບໍ່ກ່ຽວກັບການປ່ຽນແປງນີ້.',
      'ສະຫຼຸບ: ລາຍງານສາງເຮັດວຽກແລ້ວ ແລະ ນ້ຳໜັກເປັນກິໂລ.',
    ]),
  probe: (rng) => rng.pick(['ສືບຕໍ່.', 'ສືບຕໍ່ຈາກບ່ອນທີ່ຢຸດໄວ້.', 'ຕໍ່ໄປແມ່ນຫຍັງ?']),
  planters: PLANTERS,
};
