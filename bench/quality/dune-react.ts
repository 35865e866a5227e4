/**
 * The react harness of the dune family (dune.ts): the original ReAct paper's numbered text protocol.
 * A reply is `Thought n: …` then one `Action n: Tool[argument]` — `Shell[command]`, `Read[path]`,
 * `Write[path]` with the file's text in a fence under it — and the harness answers with one user
 * message `Observation n: …`; the numbers count the steps of a turn from 1. The agent ends a turn with
 * `Action n: Finish[answer]`.
 * An Idris 2 (0.7) library for Bishkek's bus fare cards (Tulpar cards, transfers, student and pension
 * discounts, daily caps) built with `idris2 --build bishkek-fare.ipkg`: `Error: While processing right
 * hand side of f. …` diagnostics with `Module:line:col--line:col` and the numbered source excerpt with
 * carets, `Can't find an implementation for …`, `Mismatch between: Nat and Integer.`, coverage and
 * totality errors with `Missing cases:`, a golden-test runner; for a Kyrgyz-speaking developer.
 * Imitated: the paper's `Thought n`/`Action n`/`Observation n` lines and `Finish[…]` (its Search and
 * Lookup replaced by Shell, Read and Write: invented). Invented: the `[exit code N]` line under a
 * failing command's observation. Idris 2's messages are from memory (close, not exact); the golden
 * runner's `n/N: name: success`/`FAILURE` lines and `Failing tests:` list are from memory of Idris's
 * own test library and may differ. The Kyrgyz is plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  dur,
  fail,
  hex,
  lines,
  nth,
  ok,
  one,
  say,
  some,
  type DuneCall,
  type DuneHarness,
  type DuneStep,
  type Planter,
} from './dune-kit';

const ROOT = '/home/aibek/bishkek-fare';
const MODS = ['Fare.Card', 'Fare.Tariff', 'Fare.Zone', 'Fare.Transfer', 'Fare.Ledger', 'Fare.Discount'];
const FUNS = ['topUp', 'charge', 'fareFor', 'dailyCap', 'transferFree', 'applyDiscount', 'settle'];
const STOPS = ['Ош базары', 'Дордой', 'Ала-Тоо аянты', 'Асанбай', 'Жал', 'Вефа', 'Аламедин', 'Кудайберген'];
const ROUTES = ['7', '48', '110', '251', '35', '13', '4'];
const TESTS = ['card001', 'card002', 'tariff001', 'tariff002', 'transfer001', 'transfer002', 'cap001', 'ledger001'];

function sh(command: string, output: string, code = 0): DuneCall {
  return code === 0 ? ok('Shell', { command }, output, 0) : fail('Shell', { command }, output, code);
}
function read(path: string, content: string): DuneCall {
  return ok('Read', { path }, content);
}
function write(path: string, content: string): DuneCall {
  return ok('Write', { path, content }, `Wrote ${content.split('\n').length} lines to ${path}.`);
}

function path(mod: string): string {
  return `src/${mod.replace('.', '/')}.idr`;
}

/** The build's progress lines up to module `upTo` (all when absent). */
function building(rng: Rng, upTo?: string): string {
  const mods = upTo ? MODS.slice(0, MODS.indexOf(upTo) + 1) : MODS;
  const skip = rng.int(0, 2);
  return mods
    .slice(skip)
    .map((m, i) => `${i + 1}/${MODS.length - skip}: Building ${m} (${path(m)})`)
    .join('\n');
}

/** An Idris 2 diagnostic: the headline, the position, the numbered excerpt with carets. */
function idrisErr(head: string, mod: string, line: number, col: number, src: string[], tail = ''): string {
  const width = Math.max(4, Math.min(24, (src.at(-1) ?? '').length - col));
  const excerpt = src.map((l, i) => ` ${String(line - src.length + 1 + i).padStart(2)} | ${l}`).join('\n');
  return `Error: ${head}\n\n${mod}:${line}:${col + 1}--${line}:${col + 1 + width}\n${excerpt}\n${' '.repeat(col + 6)}${'^'.repeat(width)}\n${tail}`;
}

function buildFail(rng: Rng, mod: string, err: string): string {
  return `${building(rng, mod)}\n${err}`;
}

function golden(rng: Rng, failing?: string): string {
  const names = TESTS.slice(0, rng.int(6, TESTS.length));
  if (failing) names.splice(rng.int(0, names.length), 0, failing);
  const rows = names.map((n, i) => `${i + 1}/${names.length}: ${n}: ${n === failing ? 'FAILURE' : 'success'}`);
  const head = `Now running tests in fare\n${rows.join('\n')}`;
  if (!failing) return `${head}\n${names.length}/${names.length} tests successful`;
  const exp = rng.int(10, 40) * 2;
  return `${head}\nGolden value differs from actual value.\nExpected:\n${exp}\nGiven:\n${exp - 20}\n\nFailing tests:\n${failing}\n${names.length - 1}/${names.length} tests successful`;
}

function buildOk(rng: Rng): string {
  return building(rng);
}

function rNoise(rng: Rng): DuneStep {
  const r = rng.int(0, 7);
  const m = rng.pick(MODS);
  const f = rng.pick(FUNS);
  if (r === 0)
    return one('Rebuild the package before anything else.', sh('idris2 --build bishkek-fare.ipkg', buildOk(rng)));
  if (r === 1)
    return one(
      undefined,
      sh('make test', `idris2 --build tests/tests.ipkg\n${buildOk(rng)}\n./build/exec/runtests idris2\n${golden(rng)}`),
    );
  if (r === 2)
    return one(
      `Let me look at ${m} first.`,
      read(
        path(m),
        `module ${m}\n\nimport Data.SortedMap\nimport Fare.Zone\n\n%default total\n\npublic export\nrecord Card where\n  constructor MkCard\n  serial  : String\n  balance : Nat\n  kind    : CardKind\n\nexport\n${f} : Card -> Nat -> Card\n${f} c n = { balance := c.balance + n } c`,
      ),
    );
  if (r === 3) {
    const line = rng.int(20, 90);
    return one(
      undefined,
      sh(
        'idris2 --build bishkek-fare.ipkg',
        buildFail(
          rng,
          'Fare.Discount',
          idrisErr(
            `While processing right hand side of ${f}. When unifying:\n    Nat\nand:\n    Integer\nMismatch between: Nat and Integer.`,
            'Fare.Discount',
            line,
            18,
            [`${f} : Card -> Integer`, `${f} c = c.balance * 50 \`div\` 100`],
          ),
        ),
        1,
      ),
    );
  }
  if (r === 4)
    return one(
      undefined,
      sh(
        `grep -n "^export\\|^public export" ${path(m)}`,
        some(rng, FUNS, 4)
          .map((x, i) => `${12 + i * 9}:export\n${13 + i * 9}:${x} :`)
          .join('\n'),
      ),
    );
  if (r === 5)
    return one(
      'Check what changed since the last commit.',
      sh(
        'git status --short && git log --oneline -3',
        ` M ${path(m)}\n${hex(rng, 7)} transfer window\n${hex(rng, 7)} daily cap\n${hex(rng, 7)} ipkg deps`,
      ),
    );
  if (r === 6) {
    const line = rng.int(30, 120);
    return one(
      undefined,
      sh(
        `idris2 --check ${path('Fare.Card')}`,
        idrisErr(
          `While processing right hand side of ${f}. Can't find an implementation for Show CardKind.`,
          'Fare.Card',
          line,
          10,
          [`${f} c = "card " ++ show c.kind`],
        ),
        1,
      ),
    );
  }
  return one(
    undefined,
    sh(`idris2 --find-ipkg ${path(m)} --client ':t ${f}'`, `Fare.${m.split('.')[1]}.${f} : Card -> Nat -> Card`),
  );
}

function rBig(rng: Rng): DuneStep {
  return one(
    'Run the month simulation to see the ledger.',
    sh(
      './build/exec/fare-sim --days 30 --cards 400',
      lines(
        rng.int(300, 360),
        (i) =>
          `2025-03-${String(1 + (i % 28)).padStart(2, '0')} ${String(6 + (i % 16)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}  card 9643${String(1000 + ((i * 37) % 9000))}  route ${nth(ROUTES, i).padEnd(3)}  ${nth(STOPS, i).padEnd(14)} -> ${nth(STOPS, i + 3).padEnd(14)}  fare ${i % 5 === 0 ? 0 : 2000} tyiyn  balance ${(i * 311) % 50000}`,
      ),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} деген жаңы функция: 40 мүнөттүн ичинде кайра отурса акы алынбасын`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Салам! Долбоор ${ROOT} ичинде — Бишкектин автобус карталары (Тулпар) үчүн Idris 2 китепканасы. Мага ${needle}. Ар бир кадамды түшүндүрүп бериңиз.`,
            },
            { step: one('First build the package as it is.', sh('idris2 --build bishkek-fare.ipkg', buildOk(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: студенттик карталарга 50 пайыз арзандатуу кошуу`;
        return { how: 'user-followup', needle, beats: [{ user: `Кийинки иш: ${needle}.` }] };
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
            (x) => `${x} модулунда believe_me колдонбоңуз`,
            (x) => `${x} ичиндеги бардык функциялар total болсун`,
            (x) => `${x} баалары тыйын менен жана Integer эмес, Nat болсун`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            { user: rng.pick([`Эреже: ${needle}.`, `Эсиңизде болсун — ${needle}.`, `Бул маанилүү: ${needle}.`]) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `-- ${t}: fares are tyiyn (1/100 som), never Double`,
          `-- ${t}: a card's serial is the 10 digits printed on it, kept as String`,
          `-- ${t}: the transfer window counts from boarding, not from tapping out`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Read the package notes before changing the tariff.',
                read('src/Fare/Tariff.idr', `module Fare.Tariff\n\n${needle}\n\n%default total\n\nimport Fare.Zone`),
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
            (x) => `${x} keeps the last boarding as a Maybe Timestamp inside Card`,
            (x) => `${x} takes the tariff as an argument instead of reading a global table`,
            (x) => `I will make ${x} a view over Ledger rather than a second record`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            { step: one(`${cap(needle)}; I note that in DECISIONS.md.`, write('DECISIONS.md', `- ${needle}\n`)) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} тизме эмес, SortedMap колдонот`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Биз чечтик: ${needle}.`, `Мындай кылалы: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/Fare/${cap(t)}.idr`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A module of its own keeps Card small.',
                write(
                  needle,
                  `module Fare.${cap(t)}\n\nimport Fare.Card\n\n%default total\n\nexport\nwindow : Nat\nwindow = 40`,
                ),
              ),
            },
            { step: one(undefined, sh('idris2 --build bishkek-fare.ipkg', buildOk(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/fare/${t}001/Test.idr`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Add a golden test for it.',
                write(
                  needle,
                  `import Fare.Card\nimport Fare.Transfer\n\nmain : IO ()\nmain = printLn (charge (MkCard "9643100200" 5000 Adult) 2000)`,
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
        const needle = `While processing right hand side of ${t}. Can't find an implementation for Num String.`;
        const line = rng.int(30, 140);
        return {
          how: 'tool-compiler',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'idris2 --build bishkek-fare.ipkg',
                  buildFail(
                    rng,
                    'Fare.Ledger',
                    idrisErr(needle, 'Fare.Ledger', line, 16, [`${t} : Ledger -> String`, `${t} l = l.total + " som"`]),
                  ),
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t} must show the total first.`,
                write('src/Fare/Ledger.idr', `${t} l = show l.total ++ " som"`),
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
        const needle = `Error: ${t} is not covering.`;
        const line = rng.int(20, 90);
        return {
          how: 'tool-totality',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'idris2 --build bishkek-fare.ipkg',
                  `${building(rng, 'Fare.Tariff')}\n${needle}\n\nFare.Tariff:${line}:1--${line}:${30 + t.length}\n ${line} | ${t} : Route -> TimeBand -> Nat\n      ${'^'.repeat(24 + t.length)}\n\nMissing cases:\n    ${t} (Express _) Night`,
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
        const needle = `${t}002: FAILURE`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            { step: one(undefined, sh('make test', `./build/exec/runtests idris2\n${golden(rng, `${t}002`)}`, 1)) },
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
        const [a, b] = rng.sample(STOPS, 2) as [string, string];
        const needle = `${a} -> ${b}: ${t} tyiyn`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Evaluate the monthly takings per corridor.',
                sh(
                  `idris2 --find-ipkg src/Fare/Ledger.idr --exec report`,
                  `${needle}\n${some(rng, STOPS, 3)
                    .map((x) => `${x} -> ${rng.pick(STOPS)}: ${rng.int(100000, 999999)} tyiyn`)
                    .join('\n')}`,
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
                'Record the release binary checksum.',
                sh('sha256sum build/exec/fare-cli', `${needle}  build/exec/fare-cli`),
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
        const needle = `BSH-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Мэриянын жаңы тариф коду ${needle}; аны src/Fare/Tariff.idr ичине жазыңыз.` }],
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
            (x) => `next: property tests for ${x} with hedgehog`,
            (x) => `${x} still has no golden test for a pension card at midnight`,
            (x) => `remaining: make ${x} total without the assert_total`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Commit this; ${needle}.`,
                sh(`git commit -qam "fare: ${t}" && git log --oneline -1`, `${hex(rng, 7)} fare: ${t}`),
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
        const needle = `акырында ${t} жөнүндө кыргызча кыска корутунду жазыңыз`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Рахмат. Дагы бир нерсе: ${needle}.` },
            { step: one(undefined, sh('make test', `./build/exec/runtests idris2\n${golden(rng)}`)) },
          ],
        };
      },
    },
  ],
};

const THOUGHTS = [
  'I need to see what the compiler says now.',
  'Check the result before going on.',
  'The next thing to verify is the build.',
  'Look at the code around it.',
  'Let me confirm this part works.',
];

function action(c: DuneCall): string {
  if (c.tool === 'Shell') return `Shell[${String(c.args['command'])}]`;
  if (c.tool === 'Read') return `Read[${String(c.args['path'])}]`;
  return `Write[${String(c.args['path'])}]\n\`\`\`idris\n${String(c.args['content'])}\n\`\`\``;
}

// (the number the next Finish takes: one past the turn's last step)
let finishAt = 1;

function step(s: DuneStep, n: number): string {
  const c = s.calls[0] as DuneCall;
  finishAt = n + 2;
  return `Thought ${n + 1}: ${s.say ?? nth(THOUGHTS, n + action(c).length)}\nAction ${n + 1}: ${action(c)}`;
}

function observation(s: DuneStep, n: number): string {
  const c = s.calls[0] as DuneCall;
  const tail = c.status === 'error' ? `\n[exit code ${c.exitCode ?? 1}]` : '';
  return `Observation ${n + 1}: ${c.output || '(no output)'}${tail}`;
}

/** The react harness. */
export const DUNE_REACT: DuneHarness = {
  style: 'react',
  protocol: 'text',
  system: `Solve a software task with interleaving Thought, Action, Observation steps. Thought can reason about the current situation, and Action can be four types:\n(1) Shell[command], which runs the command in ${ROOT} and returns its output.\n(2) Read[path], which returns the text of the file.\n(3) Write[path], followed by the whole new text of the file in a fence, which replaces the file.\n(4) Finish[answer], which returns the answer and finishes the task.\nWrite one Thought and one Action at a time, then wait for the Observation.\nThe project is an Idris 2 (0.7) library for Bishkek's Tulpar bus fare cards: bishkek-fare.ipkg, src/Fare/*.idr, golden tests under tests/ run by \`make test\`. The developer writes Kyrgyz.`,
  tools: ['Shell', 'Read', 'Write'],
  renderStep: (s, _ids, n) => step(s, n),
  renderResults: (s, _ids, n) => observation(s, n),
  renderAnswer: (text) => `Thought ${finishAt}: I can answer now.\nAction ${finishAt}: Finish[${text}]`,
  resultStart: /^Observation \d+: /,
  callMark: /^Action \d+: (?!Finish\[)\w+\[/gm,
  resultMark: /^Observation \d+: /gm,
  noise: rNoise,
  big: rBig,
  followUp: (rng) =>
    rng.pick([
      'Тесттер өттүбү?',
      'idris2 азыр эмне дейт?',
      'Тесттерди кайра иштетип көрүңүзчү.',
      'Эмнени өзгөрттүңүз?',
      'Макул, дагы эмне калды?',
      'Дагы каталар барбы?',
    ]),
  keepGoing: (rng) => rng.pick(['Улантыңыз.', 'Улантыңыз, токтобоңуз.', 'Бардык тесттер өткөнчө улантыңыз.']),
  answer: (rng) =>
    rng.pick([
      `Бүттү: ${rng.int(6, 9)} golden тесттин баары өттү.`,
      'Done: the package builds and every golden test passes.',
      `Оңдолду. Fare.Zone ичинде дагы бир эскертүү бар, бирок бул өзгөртүүгө тиешеси жок (${dur(rng, 1, 9, 1)} s build).`,
      'Кыскасы: карта эми которулууну туура эсептейт.',
    ]),
  probe: (rng) => rng.pick(['Улантыңыз.', 'Токтогон жериңизден улантыңыз.', 'Кийинки кадам эмне?']),
  planters: PLANTERS,
};
