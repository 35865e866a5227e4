/**
 * The composio harness of the tarn family (tarn.ts): a Composio-SWE-kit-like agent. Its tools are
 * Composio actions with upper-case names (`SHELLTOOL_EXEC_COMMAND`, `FILETOOL_OPEN_FILE`,
 * `FILETOOL_EDIT_FILE`, `FILETOOL_CREATE_FILE`, `FILETOOL_SEARCH_WORD`, `FILETOOL_LIST_FILES`,
 * `GITHUB_CREATE_A_PULL_REQUEST`), called natively, several at once when they do not depend on each
 * other; every tool message is the action's response envelope as the Python SDK dumps it,
 * `{"data": {…}, "error": null, "successful": true}` (a failed action: empty data, the error string,
 * `"successful": false`). Call ids are `call_` and 24 characters.
 * A kdb+/q tick-analytics repository for the Indonesia Stock Exchange (a tickerplant schema, VWAP and
 * bar functions, a date-partitioned HDB): the q banner, q's error traces (`'length`, `'type`, value
 * errors naming the missing global, `'file. OS reports: …`) with their `[n]  file:line:` frames and
 * carets, k4unit runs and their result tables, keyed tables and dictionaries as q prints them, `\ts`
 * timings; for a Javanese-speaking user.
 * Reconstructed rather than copied: the envelope's inner fields for each action (from memory of
 * SWE-kit's file and shell tools), the system prompt, and q's console formats from memory of 4.0–4.1.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pieces,
  pyJson,
  say,
  some,
  stamp,
  type Planter,
  type TarnCall,
  type TarnHarness,
  type TarnStep,
} from './tarn-kit';

const ROOT = '/home/user/tick-bursa';
const BT = '`';
const PWD = `Currently in ${ROOT}`;
const SYMS = ['BBCA', 'BBRI', 'BMRI', 'TLKM', 'ASII', 'UNVR', 'ICBP', 'ADRO', 'ANTM', 'GOTO'];
const QFILES = ['src/tick.q', 'src/vwap.q', 'src/bars.q', 'src/hdb.q', 'src/util.q', 'tests/run.q'];

const Q = [
  '/ volume-weighted average price per sym over a window\n.vw.vwap:{[t;s;w] select vwap:size wavg price, vol:sum size by sym from t where sym in s, time within w}',
  '.bar.ohlc:{[t;n] select o:first price, h:max price, l:min price, c:last price, v:sum size by sym, bar:n xbar time.minute from t}',
  "\\d .u\ninit:{w::t!(count t::tables`.)#()}\nsub:{[x;y] if[x~`;:sub[;y]each t]; if[not x in t;'x]; del[x].z.w; add[x;y]}\n\\d .",
  'trade:([] time:`timespan$(); sym:`symbol$(); price:`float$(); size:`long$(); cond:`char$())\nquote:([] time:`timespan$(); sym:`symbol$(); bid:`float$(); ask:`float$(); bsize:`long$(); asize:`long$())',
  '\\l src/util.q\n.ts.port:5010\n.hdb.dir:`:hdb\n.hdb.load:{system"l ",1_string .hdb.dir}',
  '.util.wib:{x+07:00:00.000000000}\n.util.lq45:`BBCA`BBRI`BMRI`TLKM`ASII`UNVR`ICBP`ADRO`ANTM`GOTO',
  '/ replay the tickerplant log into memory\n.tp.replay:{[f] upd::{[t;x] t insert x}; -11!f}',
];

const BANNER =
  'KDB+ 4.1 2024.10.16 Copyright (C) 1993-2024 Kx Systems\nl64/ 8()core 15937MB user swekit 172.17.0.2 EXPIRE 2025.12.31 dev@bursa-lab.id KDB PLUS TRIAL #5018841';

function shell(cmd: string, stdout: string, stderr = '', failed = false): TarnCall {
  const out = JSON.stringify({ stdout, stderr, pwd: PWD });
  return failed ? fail('SHELLTOOL_EXEC_COMMAND', { cmd }, out, 1) : ok('SHELLTOOL_EXEC_COMMAND', { cmd }, out, 0);
}

function open(rng: Rng, path: string, body?: string): TarnCall {
  const text = body ?? pieces(rng, Q, rng.int(10, 30));
  const numbered = text
    .split('\n')
    .map((l, i) => `${i + 1}:${l}`)
    .join('\n');
  return ok(
    'FILETOOL_OPEN_FILE',
    { file_path: path, line_number: 0 },
    JSON.stringify({
      message: `File opened successfully. ${text.split('\n').length} lines displayed.`,
      lines: numbered,
    }),
  );
}

function edit(path: string, text: string, start: number, end: number, old = ''): TarnCall {
  return ok(
    'FILETOOL_EDIT_FILE',
    { file_path: path, text, start_line: start, end_line: end },
    JSON.stringify({ old_text: old, updated_text: text, error: '' }),
  );
}

function create(path: string): TarnCall {
  return ok('FILETOOL_CREATE_FILE', { path }, JSON.stringify({ path: `${ROOT}/${path}` }));
}

function kut(rng: Rng, failed: number, rows = ''): string {
  const n = rng.int(18, 40);
  const t = stamp(rng, 'T').replace(/-/g, '.');
  return `${BANNER}\n${t}.112 start\n${t}.118 :tests/vwap.csv ${rng.int(6, 14)} test(s)\n${t}.131 :tests/bars.csv ${rng.int(4, 12)} test(s)\n${t}.204 end\nok| x\n--| --\n${failed ? `0 | ${failed}\n` : ''}1 | ${n}${rows}`;
}

function table(rng: Rng, n: number): string {
  const head = 'sym  time                 price   size ';
  const rows = lines(n, (i) => {
    const s = rng.pick(SYMS);
    const secs = 32400 + i * rng.int(1, 9);
    const hh = String(Math.floor(secs / 3600)).padStart(2, '0');
    const mm = String(Math.floor(secs / 60) % 60).padStart(2, '0');
    const ss = String(secs % 60).padStart(2, '0');
    return `${s} 0D${hh}:${mm}:${ss}.${chars(rng, 9, '0123456789')} ${String(rng.int(800, 9900)).padEnd(7)} ${rng.int(1, 500) * 100}`;
  });
  return `${head}\n${'-'.repeat(head.length)}\n${rows}`;
}

function composioNoise(rng: Rng): TarnStep {
  const r = rng.int(0, 9);
  const f = rng.pick(QFILES);
  if (r === 0) return one(undefined, shell('q tests/run.q -q', kut(rng, 0)));
  if (r === 1) return one(undefined, open(rng, f));
  if (r === 2)
    return many('Reading both sides of the change at once.', [open(rng, 'src/vwap.q'), open(rng, 'src/bars.q')]);
  if (r === 3) {
    const word = rng.pick(['wavg', 'xbar', '.hdb.load', '.u.sub', 'within']);
    const hits: Record<string, number[]> = {};
    for (const file of some(rng, QFILES, rng.int(1, 3))) hits[file] = [rng.int(3, 60), rng.int(61, 120)];
    return one(
      undefined,
      ok(
        'FILETOOL_SEARCH_WORD',
        { word, pattern: '*.q' },
        JSON.stringify({ message: 'Search completed', results: hits }),
      ),
    );
  }
  if (r === 4)
    return one(
      undefined,
      shell(
        `q src/bars.q -q <<< 'show 6#.bar.ohlc[select from trade where sym=${BT}${rng.pick(SYMS)};5]'`,
        `sym  bar  | o    h    l    c    v      \n---------| ------------------------------\n${lines(6, (i) => `${rng.pick(SYMS)} 09:${String(i * 5).padStart(2, '0')}| ${rng.int(900, 9000)} ${rng.int(900, 9000)} ${rng.int(900, 9000)} ${rng.int(900, 9000)} ${rng.int(1000, 90000) * 100}`)}`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      shell(
        'git status --short && git log --oneline -3',
        `${some(rng, QFILES, rng.int(1, 3))
          .map((x) => ` M ${x}`)
          .join(
            '\n',
          )}\n${hex(rng, 7)} vwap: window as a pair of timespans\n${hex(rng, 7)} hdb: load on start\n${hex(rng, 7)} tests: k4unit for bars`,
      ),
    );
  if (r === 6)
    return one(
      'Timing the query over the whole session.',
      shell(
        "q src/vwap.q -q <<< '\\ts:100 .vw.vwap[trade;.util.lq45;09:00 16:00]'",
        `${rng.int(120, 900)} ${rng.int(1, 9) * 1048576 + 64}`,
      ),
    );
  if (r === 7)
    return one(
      undefined,
      shell(
        'ls hdb/ | tail -n 6 && du -sh hdb/',
        `${lines(5, (i) => `2025.03.${String(i + 3).padStart(2, '0')}`)}\nsym\n${rng.int(4, 19)}G\thdb/`,
      ),
    );
  if (r === 8)
    return one(
      undefined,
      ok(
        'FILETOOL_LIST_FILES',
        {},
        JSON.stringify({
          message: 'Files listed',
          files: [...QFILES, 'tests/vwap.csv', 'tests/bars.csv', 'README.md', 'hdb/'],
        }),
      ),
    );
  return one(
    undefined,
    shell(
      'q src/tick.q -p 5010 -q & sleep 1; q -q <<< \'h:hopen 5010; h"tables[]"\'',
      '`quote`trade',
      rng.chance(0.4) ? '\'hop. OS reports: Connection refused\n  [0]  h:hopen 5010; h"tables[]"\n         ^' : '',
      false,
    ),
  );
}

function composioBig(rng: Rng): TarnStep {
  const s = rng.pick(SYMS);
  return one(
    `All of ${s}'s trades for the day, to see where the gaps are.`,
    shell(
      `q src/hdb.q -q <<< '\\c 2000 200' <<< 'show select time,sym,price,size from trade where date=2025.03.03, sym=${BT}${s}'`,
      table(rng, rng.int(540, 660)),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `kowe gawe fungsi ${t} kanggo ngitung VWAP saben menit`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Sugeng enjing! Proyeke ana ing ${ROOT} — analitik tick saham BEI nganggo kdb+/q 4.1. Aku pengin ${needle}. Tulung jelasna saben langkahe.`,
            },
            {
              step: many('Listing the repository and reading the README together.', [
                ok(
                  'FILETOOL_LIST_FILES',
                  {},
                  JSON.stringify({ message: 'Files listed', files: [...QFILES, 'README.md'] }),
                ),
                open(
                  rng,
                  'README.md',
                  '# tick-bursa\n\nTickerplant, RDB and HDB for IDX equities.\n\n    q src/tick.q -p 5010\n    q tests/run.q -q',
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
        const needle = `${t}: tambahna tabel bar limang menitan kanggo saham LQ45`;
        return { how: 'user-followup', needle, beats: [{ user: `Gawean sabanjure: ${needle}.` }] };
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
            (x) => `${x}: aja ngowahi berkas apa wae ing direktori hdb/`,
            (x) => `saben fungsi anyar ing ${x} kudu ana tes k4unit`,
            (x) => `${x}: port tickerplant tetep 5010, aja diganti`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Siji aturan: ${needle}.`, `Elinga — ${needle}.`, `Penting: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: timestamps are timespans since midnight WIB; never store UTC in the tickerplant`,
          `${T}: every public function lives in a namespace (.vw, .bar, .hdb); nothing new in the root namespace`,
          `${T}: the tickerplant log is replayed with -11!, never read with get`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                undefined,
                open(
                  rng,
                  'docs/CONVENTIONS.md',
                  `# Conventions\n\n- Tests: k4unit CSVs under tests/\n- ${needle}\n- Symbols are IDX tickers without the .JK suffix`,
                ),
              ),
            },
            {
              step: one(
                `Convention ${T} applies here; running the tests first.`,
                shell('q tests/run.q -q', kut(rng, 0)),
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
            (x) => `I'll compute ${x} with wavg over the partitioned HDB instead of loading the day into memory`,
            (x) => `${x} will be keyed by sym and minute with xbar, not returned as a grouped dictionary`,
            (x) => `Plan: ${x} gets its own namespace and src/vwap.q only loads it`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`${needle}.`, edit('docs/decisions.md', `- ${needle}`, 14, 14)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} bakal maca data saka HDB sing wis dipartisi, ora saka CSV`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Wis diputusake: ${needle}.`, `Ayo ngene wae: ${needle}; CSV-ne kegedhen.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `src/${t}.q`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one('A file of its own for the new functions.', create(needle)),
            },
            {
              step: one(
                undefined,
                edit(
                  needle,
                  `/ ${t}: per-minute analytics\n\\d .${t}\nmid:{[q] (q[${BT}bid]+q[${BT}ask])%2}\n\\d .`,
                  1,
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/${t}.csv`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            { step: one('A k4unit file for it.', create(needle)) },
            {
              step: one(
                undefined,
                edit(
                  needle,
                  `action,ms,bytes,lang,code,repeat,minver,comment\nbeforeany,0,0,q,\\l src/vwap.q,1,,load\ntrue,0,0,q,98h=type .vw.vwap[trade;${BT}BBCA;09:00 16:00],1,,table back`,
                  1,
                  1,
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
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `'.vw.${t}`;
        const l = rng.int(8, 40);
        return {
          how: 'tool-q',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  'q tests/run.q -q',
                  BANNER,
                  `${needle}\n  [3]  ${ROOT}/src/vwap.q:${l}: .vw.vwap:{[t;s;w] r:select vwap:size wavg price by sym from t where sym in s; .vw.${t}[r;w]}\n                                                                                               ^\n  [2]  ${ROOT}/tests/run.q:4: \\l src/vwap.q\n  [0]  (.Q.trp)`,
                  true,
                ),
              ),
            },
            { step: one(`.vw.${t} is called but never defined; reading src/vwap.q.`, open(rng, 'src/vwap.q')) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `'tplog/${t}2025.03.03. OS reports: No such file or directory`;
        return {
          how: 'tool-replay',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  `q src/tick.q -q <<< '.tp.replay ${BT}:tplog/${t}2025.03.03'`,
                  BANNER,
                  `${needle}\n  [2]  ${ROOT}/src/tick.q:31: .tp.replay:{[f] upd::{[t;x] t insert x}; -11!f}\n                                                                ^\n  [0]  .tp.replay ${BT}:tplog/${t}2025.03.03\n       ^`,
                  true,
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
        const needle = `trades| ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  "q src/hdb.q -q <<< 'show .hdb.stats 2025.03.03'",
                  `date  | 2025.03.03\n${needle}\nquotes| ${rng.int(5000000, 9999999)}\nsyms  | ${rng.int(800, 950)}`,
                ),
              ),
            },
            {
              step: one(
                `Baseline for 2025.03.03 is \`${needle}\`; pinning it in the HDB test.`,
                edit(
                  'tests/hdb.csv',
                  `true,0,0,q,${t}=count select from trade where date=2025.03.03,1,,row count`,
                  3,
                  3,
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
        const t = mint('hex');
        const needle = `${t}${hex(rng, 24)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            { step: one(undefined, shell('sha256sum hdb/sym', `${needle}${hex(rng, 32)}  hdb/sym`)) },
            {
              step: one(
                `The sym file is ${needle}…; the tests check it has not moved.`,
                edit('tests/hdb.env', `SYM_SHA=${needle}`, 1, 1),
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
        const needle = `IDX-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Kode anggota bursa yaiku ${needle}; lebokna ing src/util.q.` }],
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
            (x) => `Follow-up: replay a full day's tickerplant log through ${x} and compare with the HDB`,
            (x) => `Not done yet: ${x} for the pre-opening session (08:45-08:59)`,
            (x) => `Sabanjure: nguji ${x} nganggo data 2025.03.04`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'GITHUB_CREATE_A_PULL_REQUEST',
                  {
                    owner: 'bursa-lab',
                    repo: 'tick-bursa',
                    title: `vwap: ${t}`,
                    head: `swekit/${t}`,
                    base: 'main',
                    body: `Per-minute VWAP over the HDB.\n\nTests: k4unit passes.\n\n${needle}.`,
                  },
                  pyJson({
                    details: {
                      number: rng.int(40, 180),
                      html_url: `https://github.com/bursa-lab/tick-bursa/pull/${rng.int(40, 180)}`,
                      state: 'open',
                    },
                  }),
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
        const needle = `pungkasane tulisen ringkesan cekak bab ${t} nganggo basa Jawa`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Matur nuwun. Siji maneh: ${needle}.` },
            { step: one(undefined, shell('q tests/run.q -q', kut(rng, 0))) },
          ],
        };
      },
    },
  ],
};

/** The response envelope the SDK returns to the model (failed file actions get no data). */
function envelope(c: TarnCall): string {
  const data = JSON.parse(c.output) as Record<string, unknown>;
  if (c.tool === 'SHELLTOOL_EXEC_COMMAND')
    return pyJson({
      data: { stdout: data['stdout'], stderr: data['stderr'], current_shell_pwd: data['pwd'] },
      error: null,
      successful: true,
    });
  return pyJson({ data, error: null, successful: true });
}

/** The composio harness. */
export const TARN_COMPOSIO: TarnHarness = {
  style: 'composio',
  protocol: 'native',
  system: `You are an autonomous software engineer working in the repository at ${ROOT} (kdb+/q 4.1 tick analytics for IDX equities). You use Composio tools: SHELLTOOL_EXEC_COMMAND runs a shell command in the workspace, the FILETOOL_* actions open, search, create and edit files (FILETOOL_EDIT_FILE replaces lines start_line..end_line with text), GITHUB_CREATE_A_PULL_REQUEST opens the pull request when the work is done. Call several tools at once when they do not depend on each other. Run the k4unit tests (q tests/run.q -q) before you open a pull request. The user writes Javanese; answer in Javanese.`,
  tools: [
    'SHELLTOOL_EXEC_COMMAND',
    'FILETOOL_OPEN_FILE',
    'FILETOOL_EDIT_FILE',
    'FILETOOL_CREATE_FILE',
    'FILETOOL_SEARCH_WORD',
    'FILETOOL_LIST_FILES',
    'GITHUB_CREATE_A_PULL_REQUEST',
  ],
  callId: (rng) => `call_${chars(rng, 24)}`,
  wrap: (c) =>
    c.tool === 'GITHUB_CREATE_A_PULL_REQUEST'
      ? `{"data": ${c.output}, "error": null, "successful": true}`
      : envelope(c),
  noise: composioNoise,
  big: composioBig,
  followUp: (rng) =>
    rng.pick([
      'Tes-e wis lulus durung?',
      'Tulung jalanna tes maneh.',
      'Apa wae sing kok owahi?',
      'Oke, kari apa?',
      'Isih ana error saka q?',
      'Query-ne saiki luwih cepet?',
    ]),
  keepGoing: (rng) => rng.pick(['Terusna.', 'Terusna, aja mandheg.', 'Terusna nganti kabeh tes lulus.']),
  answer: (rng) =>
    rng.pick([
      `Rampung: kabeh tes k4unit lulus (${rng.int(18, 40)} tes), ora ana error saka q.`,
      'Done: the k4unit suite passes and the VWAP query runs over the HDB.',
      'Wis tak dandani. Isih ana siji peringatan lawas ing src/tick.q sing ora ana gandhengane karo owahan iki.',
      'Ringkesane: fungsine mlaku, lan tes-e isih lulus kaya sadurunge.',
    ]),
  probe: (rng) => rng.pick(['Terusna.', 'Terusna saka panggonan sing mau.', 'Saiki apa?']),
  planters: PLANTERS,
};
