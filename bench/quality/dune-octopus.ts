/**
 * The octopus harness of the dune family (dune.ts): an Octopus-v2-like on-device model that calls
 * functions through functional tokens. The system prompt maps `<nexa_0>` … `<nexa_5>` to functions
 * with their Python signatures and docstrings; a reply is one call, `<nexa_2>('opa test ./policies
 * -v')<nexa_end>`, its arguments positional Python literals (strings in `repr` form), sometimes after a
 * line of reasoning; the harness answers with a user message `Function result: …`. Answers are plain
 * prose.
 * OPA/Rego policies of a Colombo tea-auction platform (brokers, catalogues, lots, grades, reserve
 * prices, bid steps): `opa test`'s `data.pkg.test_x: FAIL (1.2ms)` lines and `PASS: n/N`/`FAIL: n/N`
 * summary, `opa check`'s `1 error occurred: file.rego:12: rego_type_error: …`, `opa eval` JSON results,
 * conftest's `FAIL - file.yaml - main - …` lines and counts, regal lint's violation blocks; for a
 * Sinhala-speaking engineer.
 * Imitated: Octopus v2's `<nexa_N>(…)<nexa_end>` calls (from memory of the paper and model card).
 * Invented: the function set, a line of reasoning before a call, the `Function result:` message and
 * its `(exit status N)` line. OPA's, conftest's and Regal's texts are from memory (close, not exact; the
 * test line may be `FAIL: data.x.test_y` in some versions). The Sinhala is plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  dur,
  fail,
  hex,
  lines,
  nth,
  ok,
  one,
  pyRepr,
  say,
  some,
  type DuneCall,
  type DuneHarness,
  type DuneStep,
  type Planter,
} from './dune-kit';

const ROOT = '/home/nuwan/tea-auction-policy';
const PKGS = ['lot', 'bid', 'broker', 'catalogue', 'settlement'];
const BROKERS = ['Forbes & Walker', 'Asia Siyaka', 'Ceylon Tea Brokers', 'Bartleet', 'Mercantile', 'Lanka Commodity'];
const GRADES = ['BOP', 'BOPF', 'FBOP', 'OP', 'OP1', 'PEKOE', 'Dust 1', 'BOP1'];
const ELEV = ['High Grown', 'Mid Grown', 'Low Grown'];
const ESTATES = ['Dimbula', 'Uva', 'Nuwara Eliya', 'Ruhuna', 'Kandy', 'Sabaragamuwa', 'Uda Pussellawa'];

/** The functional tokens, in order. */
const FUNCS = ['read_file', 'write_file', 'run_shell', 'opa_eval', 'conftest_test', 'regal_lint'] as const;

function call(tool: (typeof FUNCS)[number], args: Record<string, string>, output: string, code = 0): DuneCall {
  return code === 0 ? ok(tool, args, output, 0) : fail(tool, args, output, code);
}
function sh(command: string, output: string, code = 0): DuneCall {
  return call('run_shell', { command }, output, code);
}
function read(path: string, content: string): DuneCall {
  return call('read_file', { path }, content);
}
function write(path: string, content: string): DuneCall {
  return call('write_file', { path, content }, `written: ${path} (${content.length} bytes)`);
}

function testLine(pkg: string, name: string, pass: boolean, rng: Rng): string {
  return `data.auction.${pkg}.${name}: ${pass ? 'PASS' : 'FAIL'} (${pass ? `${dur(rng, 100, 900, 1)}µs` : `${dur(rng, 0.6, 3, 3)}ms`})`;
}

function opaTest(rng: Rng, failing?: { pkg: string; name: string }): string {
  const n = rng.int(12, 30);
  if (!failing) return `PASS: ${n}/${n}`;
  return `policies/${failing.pkg}_test.rego:\n${testLine(failing.pkg, failing.name, false, rng)}\n${'-'.repeat(80)}\nPASS: ${n - 1}/${n}\nFAIL: 1/${n}`;
}

function opaTestV(rng: Rng): string {
  const pkg = rng.pick(PKGS);
  const names = some(
    rng,
    [
      'test_reserve_required',
      'test_bid_step',
      'test_registered_broker',
      'test_withdrawn_lot',
      'test_grade_known',
      'test_elevation',
    ],
    4,
  );
  return `policies/${pkg}_test.rego:\n${names.map((x) => testLine(pkg, x, true, rng)).join('\n')}\n${'-'.repeat(80)}\nPASS: ${names.length}/${names.length}`;
}

function evalJson(text: string, value: string): string {
  return `{\n  "result": [\n    {\n      "expressions": [\n        {\n          "value": ${value},\n          "text": "${text}",\n          "location": {\n            "row": 1,\n            "col": 1\n          }\n        }\n      ]\n    }\n  ]\n}`;
}

function regal(rng: Rng, rule: string, cat: string, desc: string, file: string, text: string): string {
  return `Rule:         \t${rule}\nDescription:  \t${desc}\nCategory:     \t${cat}\nLocation:     \t${file}:${rng.int(5, 60)}:${rng.int(1, 20)}\nText:         \t${text}\nDocumentation:\thttps://docs.styra.com/regal/rules/${cat}/${rule}\n\n${rng.int(8, 16)} files linted. 1 violation found.`;
}

function conftestOk(rng: Rng): string {
  const n = rng.int(8, 20);
  return `${n} tests, ${n} passed, 0 warnings, 0 failures, 0 exceptions`;
}

function oNoise(rng: Rng): DuneStep {
  const r = rng.int(0, 7);
  const pkg = rng.pick(PKGS);
  if (r === 0) return one(undefined, sh('opa test ./policies', opaTest(rng)));
  if (r === 1) return one(undefined, sh('opa test ./policies -v', opaTestV(rng)));
  if (r === 2)
    return one(
      undefined,
      read(
        `policies/${pkg}.rego`,
        `package auction.${pkg}\n\nimport rego.v1\n\ndeny contains msg if {\n\tsome lot in input.lots\n\tnot lot.reserve_cents\n\tmsg := sprintf("lot %v has no reserve price", [lot.number])\n}\n\ndeny contains msg if {\n\tsome lot in input.lots\n\tnot lot.grade in data.grades\n\tmsg := sprintf("lot %v has unknown grade %v", [lot.number, lot.grade])\n}`,
      ),
    );
  if (r === 3)
    return one(
      undefined,
      sh(
        'opa check ./policies',
        `1 error occurred: policies/${pkg}.rego:${rng.int(8, 70)}: rego_type_error: match error\n\tleft  : number\n\tright : string`,
        1,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      call(
        'regal_lint',
        { path: 'policies' },
        regal(
          rng,
          'use-assignment-operator',
          'style',
          'Prefer := over = for assignment',
          `policies/${pkg}.rego`,
          'min_step = 500',
        ),
        3,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      call(
        'opa_eval',
        { query: `data.auction.${pkg}.deny`, input: 'inputs/sale_12.json' },
        evalJson(`data.auction.${pkg}.deny`, '[]'),
      ),
    );
  if (r === 6)
    return one(undefined, call('conftest_test', { path: 'catalogues/', policy: 'policies' }, conftestOk(rng)));
  return one(
    undefined,
    sh(
      'git status --short && opa fmt --list ./policies',
      ` M policies/${pkg}.rego\npolicies/${rng.pick(PKGS)}_test.rego`,
    ),
  );
}

function oBig(rng: Rng): DuneStep {
  const rows = lines(
    rng.int(300, 340),
    (i) =>
      `| ${String(1000 + i).padEnd(6)} | ${nth(GRADES, i * 3).padEnd(6)} | ${nth(ESTATES, i).padEnd(14)} | ${nth(ELEV, i).padEnd(10)} | ${nth(BROKERS, i * 5).padEnd(18)} | ${String(20 + ((i * 7) % 40)).padStart(3)} x ${String(30 + ((i * 11) % 30))} kg | ${String(98000 + ((i * 1337) % 90000)).padStart(7)} |`,
  );
  return one(
    undefined,
    call(
      'opa_eval',
      { query: 'lot := data.catalogue.sale_12.lots[_]', input: '' },
      `+--------+--------+----------------+------------+--------------------+---------------+---------+\n| lot    | grade  | estate         | elevation  | broker             | packages      | reserve |\n+--------+--------+----------------+------------+--------------------+---------------+---------+\n${rows}\n+--------+--------+----------------+------------+--------------------+---------------+---------+`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} නමින් නව නීතියක්: ලියාපදිංචි නොවූ තැරැව්කරුවන්ට ලංසු තැබීම තහනම් කරන්න`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `ආයුබෝවන්! ව්‍යාපෘතිය ${ROOT} හි ඇත — කොළඹ තේ වෙන්දේසි වේදිකාව සඳහා OPA/Rego ප්‍රතිපත්ති. මට අවශ්‍ය වන්නේ ${needle}. කරුණාකර එක් එක් පියවර පැහැදිලි කරන්න.`,
            },
            { step: one(undefined, sh('opa test ./policies', opaTest(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: Dust ශ්‍රේණි සඳහා අවම ලංසු පියවර එකතු කරන්න`;
        return { how: 'user-followup', needle, beats: [{ user: `ඊළඟ වැඩේ: ${needle}.` }] };
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
            (x) => `${x} පැකේජයේ http.send භාවිතා කරන්න එපා`,
            (x) => `${x} හි සියලු මිල ගණන් කිලෝවකට ශත වලින් තිබිය යුතුයි`,
            (x) => `${x} නීති import rego.v1 සමඟ පමණක් ලියන්න`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`නීතිය: ${needle}.`, `මතක තබා ගන්න — ${needle}.`, `මෙය වැදගත්: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `# ${t}: every deny message names the lot number`,
          `# ${t}: reserve prices in input are LKR cents per kg, integers only`,
          `# ${t}: a broker may not bid on a lot it catalogued itself`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                undefined,
                read(
                  'policies/bid.rego',
                  `package auction.bid\n\n${needle}\n\nimport rego.v1\n\nimport data.auction.broker`,
                ),
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
            (x) => `${x} becomes a partial set of deny messages, not a boolean allow`,
            (x) => `${x} reads the broker register from the data bundle instead of calling out`,
            (x) => `${x} goes in its own package so conftest can run it alone`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(`Decision: ${needle}.`, write('docs/decisions.md', `# Policy decisions\n\n- ${needle}\n`)),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} සඳහා every යතුරු පදය භාවිතා කරමු`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`අපි තීරණය කළා: ${needle}.`, `මෙහෙම කරමු: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `policies/${t}.rego`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                undefined,
                write(
                  needle,
                  `package auction.${t}\n\nimport rego.v1\n\ndeny contains msg if {\n\tsome bid in input.bids\n\tnot bid.broker in data.brokers.registered\n\tmsg := sprintf("broker %v is not registered", [bid.broker])\n}`,
                ),
              ),
            },
            { step: one(undefined, sh('opa check ./policies && opa test ./policies', opaTest(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `policies/${t}_test.rego`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                write(
                  needle,
                  `package auction.bid_test\n\nimport rego.v1\n\nimport data.auction.bid\n\ntest_unregistered_broker if {\n\tcount(bid.deny) == 1 with input as {"bids": [{"broker": "Unknown & Co", "lot": 412}]}\n}`,
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
        const needle = `rego_unsafe_var_error: var ${t} is unsafe`;
        const pkg = rng.pick(PKGS);
        return {
          how: 'tool-check',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh('opa check ./policies', `1 error occurred: policies/${pkg}.rego:${rng.int(8, 90)}: ${needle}`, 1),
              ),
            },
            {
              step: one(
                `${t} is only bound inside the some; move the comparison in.`,
                write(
                  `policies/${pkg}.rego`,
                  `deny contains msg if {\n\tsome ${t} in input.lots\n\t${t}.reserve_cents < 0\n\tmsg := "negative reserve"\n}`,
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
        const needle = `data.auction.bid.test_${t}: FAIL`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            { step: one(undefined, sh('opa test ./policies', opaTest(rng, { pkg: 'bid', name: `test_${t}` }), 2)) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const sale = rng.int(10, 48);
        const needle = `main - broker ${t} is not registered`;
        const n = rng.int(8, 20);
        return {
          how: 'tool-conftest',
          needle,
          beats: [
            {
              step: one(
                undefined,
                call(
                  'conftest_test',
                  { path: `catalogues/sale_${sale}.yaml`, policy: 'policies' },
                  `FAIL - catalogues/sale_${sale}.yaml - ${needle}\n\n${n} tests, ${n - 1} passed, 0 warnings, 1 failure, 0 exceptions`,
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
        const needle = `"max_bid_cents": ${t}`;
        const grade = rng.pick(GRADES);
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                call(
                  'opa_eval',
                  { query: 'data.auction.settlement.summary', input: 'inputs/sale_12.json' },
                  evalJson(
                    'data.auction.settlement.summary',
                    `{\n            "grade": "${grade}",\n            "lots": ${rng.int(20, 90)},\n            ${needle},\n            "min_bid_cents": ${rng.int(50000, 90000)}\n          }`,
                  ),
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
        const needle = `${t}${hex(rng, 56)}`;
        return {
          how: 'tool-checksum',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh('opa build -b policies -o bundle.tar.gz && sha256sum bundle.tar.gz', `${needle}  bundle.tar.gz`),
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
        const needle = `CTA-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `නව වෙන්දේසි අංකය ${needle}; එය data/sales.json වෙත එකතු කරන්න.` }],
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
            (x) => `next: a test for ${x} with a withdrawn lot`,
            (x) => `${x} still needs a conftest run over every March catalogue`,
            (x) => `remaining: regal lint clean for ${x}`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Committing; ${needle}.`,
                sh(`git commit -qam "policy: ${t}" && git log --oneline -1`, `${hex(rng, 7)} policy: ${t}`),
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
        const needle = `අවසානයේ ${t} ගැන සිංහලෙන් කෙටි සාරාංශයක් ලියන්න`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `ස්තූතියි. තව එකක්: ${needle}.` },
            { step: one(undefined, sh('opa test ./policies', opaTest(rng))) },
          ],
        };
      },
    },
  ],
};

function render(s: DuneStep): string {
  const c = s.calls[0] as DuneCall;
  const k = FUNCS.indexOf(c.tool as (typeof FUNCS)[number]);
  const args = Object.values(c.args)
    .filter((v) => v !== '')
    .map((v) => pyRepr(String(v)))
    .join(', ');
  return `${s.say ? `${s.say}\n` : ''}<nexa_${k}>(${args})<nexa_end>`;
}

function result(s: DuneStep): string {
  const c = s.calls[0] as DuneCall;
  return `Function result: ${c.output || '(empty)'}${c.status === 'error' ? `\n(exit status ${c.exitCode ?? 1})` : ''}`;
}

const DOCS: Record<(typeof FUNCS)[number], string> = {
  read_file:
    'def read_file(path):\n    """\n    Returns the text of a file of the policy repository.\n\n    Parameters:\n    - path (str): Path relative to the repository root.\n\n    Returns:\n    - str: The file\'s text.\n    """',
  write_file:
    'def write_file(path, content):\n    """\n    Replaces a file of the policy repository.\n\n    Parameters:\n    - path (str): Path relative to the repository root.\n    - content (str): The whole new text.\n    """',
  run_shell:
    'def run_shell(command):\n    """\n    Runs a shell command (opa, git, jq) in the repository.\n\n    Parameters:\n    - command (str): The command line.\n\n    Returns:\n    - str: Standard output and error.\n    """',
  opa_eval:
    'def opa_eval(query, input=""):\n    """\n    Evaluates a Rego query against policies/ and data/.\n\n    Parameters:\n    - query (str): The query, e.g. data.auction.lot.deny.\n    - input (str): Optional path of an input JSON document.\n    """',
  conftest_test:
    'def conftest_test(path, policy="policies"):\n    """\n    Runs conftest on catalogue YAML files.\n\n    Parameters:\n    - path (str): File or directory to test.\n    - policy (str): The policy directory.\n    """',
  regal_lint:
    'def regal_lint(path):\n    """\n    Lints Rego files with Regal.\n\n    Parameters:\n    - path (str): File or directory.\n    """',
};

/** The octopus harness. */
export const DUNE_OCTOPUS: DuneHarness = {
  style: 'octopus',
  protocol: 'text',
  system: `Below is the query from the users, please call the correct function and generate the parameters to call the function.\n\nThe project at ${ROOT} holds the OPA/Rego policies of the Colombo tea-auction platform (brokers, catalogues, lots, bids); the engineer writes Sinhala.\n\n${FUNCS.map((f, i) => `Function <nexa_${i}>:\n${DOCS[f]}`).join('\n\n')}\n\nCall one function at a time as <nexa_N>(arguments)<nexa_end>.`,
  tools: [...FUNCS],
  renderStep: (s) => render(s),
  renderResults: (s) => result(s),
  resultPrefix: 'Function result: ',
  callMark: /<nexa_\d>\(/g,
  resultMark: /^Function result: /gm,
  noise: oNoise,
  big: oBig,
  followUp: (rng) =>
    rng.pick([
      'පරීක්ෂණ සියල්ල සමත් වුණාද?',
      'opa දැන් මොනවද කියන්නේ?',
      'කරුණාකර පරීක්ෂණ නැවත ධාවනය කරන්න.',
      'ඔබ වෙනස් කළේ මොනවාද?',
      'හරි, තව මොනවද ඉතිරි?',
      'තවමත් දෝෂ තිබේද?',
    ]),
  keepGoing: (rng) => rng.pick(['දිගටම කරගෙන යන්න.', 'නවත්වන්න එපා, දිගටම යන්න.', 'සියලුම පරීක්ෂණ සමත් වන තුරු දිගටම යන්න.']),
  answer: (rng) =>
    rng.pick([
      `අවසන්: පරීක්ෂණ ${rng.int(12, 30)} ම සමත්.`,
      'Done: opa check is clean and every test passes.',
      'හදලා ඉවරයි. regal තවමත් policies/lot.rego ගැන අනතුරු ඇඟවීමක් දෙනවා, නමුත් එය මේ වෙනසට අදාළ නැහැ.',
      'කෙටියෙන්: ලියාපදිංචි නොවූ තැරැව්කරුවන්ගේ ලංසු දැන් ප්‍රතික්ෂේප වෙනවා.',
    ]),
  probe: (rng) => rng.pick(['දිගටම කරගෙන යන්න.', 'ඔබ නැවතුණු තැන සිට දිගටම යන්න.', 'ඊළඟට මොකක්ද?']),
  planters: PLANTERS,
};
