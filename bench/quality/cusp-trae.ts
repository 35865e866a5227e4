/**
 * The trae harness of the cusp family (cusp.ts): a Trae-agent-like software engineering agent with native
 * calls, one a step: `sequentialthinking` (the thought, its number, the total, `next_thought_needed`,
 * answered by the step's status object), `str_replace_based_edit_tool` (`view`, `create`, `str_replace`,
 * answered as `cat -n` snippets), `bash`, and `task_done`; the task arrives as `[Project root path]` and
 * `[Problem statement]`. A Raku module computing Maltese public holidays and village feasts: zef and
 * prove6 TAP runs (`not ok`, `# Failed test`, `expected:`/`got:`), Rakudo's `===SORRY!===` compile
 * errors, type-check failures with their backtraces, `raku -c`; for a Maltese-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  chars,
  fail,
  hex,
  lines,
  numberLines,
  ok,
  one,
  pieces,
  say,
  some,
  type CuspCall,
  type CuspHarness,
  type CuspStep,
  type Planter,
} from './cusp-kit';

const ROOT = '/home/marija/proġetti/kalendarju';
const SRC = [
  'lib/Kalendarju/Malti.rakumod',
  'lib/Kalendarju/Festi.rakumod',
  'lib/Kalendarju/Għid.rakumod',
  'bin/kalendarju',
  'META6.json',
];
const TESTS = ['t/01-basic.rakutest', 't/02-ghid.rakutest', 't/03-festi.rakutest', 't/04-cli.rakutest'];

const RAKU = [
  `unit module Kalendarju::Malti;\n\nuse Kalendarju::Għid;\nuse Kalendarju::Festi;`,
  `our %FESTI-PUBBLIĊI is export = (\n    '01-01' => 'L-Ewwel tas-Sena',\n    '02-10' => 'In-Nawfraġju ta’ San Pawl',\n    '03-19' => 'San Ġużepp',\n    '03-31' => 'Jum il-Ħelsien',\n);`,
  `sub għid(Int $sena --> Date) is export {\n    my $a = $sena % 19;\n    my $b = $sena div 100;\n    my $c = $sena % 100;\n    my $h = (19 * $a + $b - $b div 4 - ($b - ($b + 8) div 25 + 1) div 3 + 15) % 30;\n    ...\n}`,
  `multi sub festi(Int $sena --> Seq) is export {\n    gather for %FESTI-PUBBLIĊI.kv -> $jum, $isem {\n        take Date.new("$sena-$jum") => $isem;\n    }\n}`,
  `use Test;\nuse Kalendarju::Għid;\n\nplan 4;\nis għid(2025), Date.new(2025, 4, 20), 'Għid 2025';\nis għid(2026), Date.new(2026, 4, 5), 'Għid 2026';`,
  `sub MAIN(Int :$sena = Date.today.year, Bool :$ical) {\n    for festi($sena).sort(*.key) -> (:key($d), :value($isem)) {\n        say $ical ?? vevent($d, $isem) !! "$d  $isem";\n    }\n}`,
];

function bash(command: string, output: string, code = 0): CuspCall {
  return code === 0
    ? ok('bash', { command }, output, 0)
    : fail('bash', { command }, `${output}\nError code: ${code}`, code);
}

function viewFile(rng: Rng, path: string, n: number, from = 1): CuspCall {
  return ok(
    'str_replace_based_edit_tool',
    { command: 'view', path: `${ROOT}/${path}`, view_range: [from, from + n * 5] },
    `Here's the result of running \`cat -n\` on ${ROOT}/${path}:\n${numberLines(pieces(rng, RAKU, n), from)}\n`,
  );
}

function think(thought: string, n: number, total: number, more = true): CuspCall {
  return ok(
    'sequentialthinking',
    { thought, thought_number: n, total_thoughts: total, next_thought_needed: more },
    `Sequential thinking step completed.\n\nStatus:\n${JSON.stringify({ thought_number: n, total_thoughts: total, next_thought_needed: more, branches: [], thought_history_length: n }, null, 2)}`,
  );
}

function prove(rng: Rng, failing?: { file: string; block: string; fail: number }): string {
  const rows = TESTS.map((t) => {
    if (failing && t === failing.file)
      return `${t.padEnd(24, '.')} \n${failing.block}\n# Looks like you failed 1 test of ${failing.fail}\n${t.padEnd(24, '.')} Dubious, test returned 1 (wstat 256, 0x100)\nFailed 1/${failing.fail} subtests`;
    return `${t.padEnd(24, '.')} ok`;
  });
  const n = rng.int(40, 80);
  return failing
    ? `${rows.join('\n')}\n\nTest Summary Report\n-------------------\n${failing.file} (Wstat: 256 (exited 1) Tests: ${failing.fail} Failed: 1)\n  Failed test:  ${rng.int(1, failing.fail)}\n  Non-zero exit status: 1\nFiles=${TESTS.length}, Tests=${n},  ${rng.int(2, 9)} wallclock secs\nResult: FAIL`
    : `${rows.join('\n')}\nAll tests successful.\nFiles=${TESTS.length}, Tests=${n},  ${rng.int(2, 9)} wallclock secs\nResult: PASS`;
}

function traeNoise(rng: Rng): CuspStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, bash('prove6 -l t/', prove(rng)));
  if (r === 1)
    return one(
      undefined,
      bash(
        'zef test .',
        `===> Testing: Kalendarju::Malti:ver<0.3.1>:auth<zef:bormla>\n===> Testing [OK] for Kalendarju::Malti:ver<0.3.1>:auth<zef:bormla>`,
      ),
    );
  if (r === 2) return one(undefined, viewFile(rng, rng.pick(SRC.slice(0, 4)), rng.int(2, 4), rng.int(1, 60)));
  if (r === 3) {
    const q = rng.pick(['festi', 'għid', 'FESTI-PUBBLIĊI', 'is export', 'MAIN']);
    return one(
      undefined,
      bash(
        `grep -rn "${q}" lib bin t`,
        lines(
          rng.int(2, 5),
          () =>
            `${rng.pick([...SRC.slice(0, 4), ...TESTS])}:${rng.int(1, 120)}:${rng.pick(['sub għid(Int $sena --> Date) is export {', 'multi sub festi(Int $sena --> Seq) is export {', "is għid(2025), Date.new(2025, 4, 20), 'Għid 2025';", 'sub MAIN(Int :$sena = Date.today.year, Bool :$ical) {'])}`,
        ),
      ),
    );
  }
  if (r === 4)
    return one(
      undefined,
      think(
        rng.pick([
          'The tests cover the fixed holidays; the movable ones (Good Friday) depend on Easter, so that is where regressions would show.',
          'The CLI only formats; all the date logic is in the library, so library tests are enough for this change.',
          'Before editing, confirm the module still compiles on its own with raku -c.',
        ]),
        rng.int(1, 4),
        rng.int(4, 6),
      ),
    );
  if (r === 5) return one(undefined, bash(`raku -Ilib -c ${rng.pick(SRC.slice(0, 3))}`, 'Syntax OK'));
  if (r === 6)
    return one(
      undefined,
      bash(
        `raku -Ilib bin/kalendarju --sena=${rng.int(2024, 2030)}`,
        lines(
          rng.int(5, 10),
          (i) =>
            `${rng.int(2024, 2030)}-${String(i + 1).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}  ${rng.pick(['L-Ewwel tas-Sena', 'San Ġużepp', 'Jum il-Ħelsien', 'Il-Ġimgħa l-Kbira', 'Jum il-Ħaddiem', 'Sette Giugno', 'L-Imnarja', 'Santa Marija', 'Il-Vittorja', 'Jum l-Indipendenza', 'Il-Kunċizzjoni', 'Jum ir-Repubblika', 'Il-Milied'])}`,
        ),
      ),
    );
  if (r === 7)
    return one(
      undefined,
      bash(
        'git status --short && git diff --stat',
        `${some(rng, SRC, rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join(
            '\n',
          )}\n ${rng.int(1, 3)} files changed, ${rng.int(2, 40)} insertions(+), ${rng.int(0, 12)} deletions(-)`,
      ),
    );
  return one(
    undefined,
    ok(
      'str_replace_based_edit_tool',
      { command: 'view', path: ROOT },
      `Here's the files and directories up to 2 levels deep in ${ROOT}, excluding hidden items:\n${ROOT}\n${ROOT}/META6.json\n${ROOT}/README.md\n${ROOT}/bin\n${ROOT}/bin/kalendarju\n${ROOT}/lib\n${ROOT}/lib/Kalendarju\n${ROOT}/t\n${TESTS.map((t) => `${ROOT}/${t}`).join('\n')}\n`,
    ),
  );
}

function traeBig(rng: Rng): CuspStep {
  if (rng.chance(0.5)) {
    let d = new Date(Date.UTC(1990, 0, 1));
    const rows = lines(rng.int(800, 900), () => {
      d = new Date(d.getTime() + rng.int(5, 40) * 86400000);
      return `${d.toISOString().slice(0, 10)}  ${rng.pick(['San Ġużepp', 'Il-Ġimgħa l-Kbira', 'Jum il-Ħaddiem', 'L-Imnarja', 'Santa Marija', 'Il-Milied', 'Festa ta’ San Ġorġ', 'Festa tal-Assunta'])}`;
    });
    return one(undefined, bash('raku -Ilib bin/kalendarju --from=1990 --to=2060', rows));
  }
  return one(
    undefined,
    bash(
      'prove6 -l -v t/',
      lines(
        rng.int(520, 600),
        (i) =>
          `ok ${i + 1} - ${rng.pick(['Għid', 'festa', 'Il-Ġimgħa l-Kbira', 'CLI --ical', 'weekend shift'])} ${rng.int(1583, 2199)}`,
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
        const needle = `funzjoni ${t} li tagħti l-festi tal-irħula għal sena partikolari`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `[Project root path]:\n${ROOT}\n\n[Problem statement]: Bongu! Il-proġett hu modulu Raku (Kalendarju::Malti) li jikkalkula l-festi pubbliċi ta' Malta; it-testijiet huma f't/ u jitħaddmu bi prove6 u zef test. Għandi bżonn ${needle}, bl-istess stil tal-funzjoni festi.`,
            },
            {
              step: one(
                undefined,
                think(
                  `The user wants a new exported routine ${t}. First I need the module layout and how festi is written.`,
                  1,
                  rng.int(5, 8),
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
        const t = mint('word');
        const needle = `subkmand ${t} li jesporta l-festi f'format iCal`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Ix-xogħol li jmiss: ${needle}, fil-bin/kalendarju.` }],
        };
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
            (x) => `${x} m'għandux juża moduli esterni mill-ekosistema`,
            (x) => `${x} irid jaħdem fuq Rakudo 2023.12 u verżjonijiet aktar ġodda`,
            (x) => `l-ismijiet tal-festi f'${x} jibqgħu bil-Malti, bl-ittri ċ, ġ, ħ u ż`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Regola waħda: ${needle}.`,
                `Ftakar — ${needle}; hekk qbilna mal-manutenturi.`,
                `Importanti: ${needle}.`,
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
        const needle = `"raku": "6.d", "x-policy-${t}": "no dependencies outside CORE"`;
        return {
          how: 'tool-config',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'str_replace_based_edit_tool',
                  { command: 'view', path: `${ROOT}/META6.json` },
                  `Here's the result of running \`cat -n\` on ${ROOT}/META6.json:\n${numberLines(`{\n  "name": "Kalendarju::Malti",\n  "version": "0.3.1",\n  "auth": "zef:bormla",\n  ${needle},\n  "depends": [],\n  "provides": {\n    "Kalendarju::Malti": "lib/Kalendarju/Malti.rakumod",\n    "Kalendarju::Festi": "lib/Kalendarju/Festi.rakumod"\n  }\n}`)}\n`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                think(
                  `META6.json carries the x-policy-${t} rule: no dependencies outside CORE, so iCal has to be written by hand, not with a module.`,
                  rng.int(2, 4),
                  rng.int(5, 8),
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
            (x) => `${x} should be a multi sub dispatching on Int and Date instead of one sub with a type check`,
            (x) =>
              `Easter for ${x} comes from the anonymous Gregorian algorithm in its own module, not from a lookup table`,
            (x) => `${x} is exported with is export(:festi) so callers opt in`,
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
                think(
                  `Decision: ${needle}. It keeps the public API small and the tests direct.`,
                  rng.int(3, 5),
                  rng.int(5, 8),
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
        const needle = `${t} jirritorna oġġetti Date, mhux strings`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([
                `Iddeċidejna: ${needle}.`,
                `Ejja nagħmluha hekk: ${needle} — hekk ikun aktar faċli għall-utenti.`,
              ]),
            },
          ],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `lib/Kalendarju/${cap(t)}.rakumod`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'str_replace_based_edit_tool',
                  {
                    command: 'create',
                    path: `${ROOT}/${needle}`,
                    file_text: `unit module Kalendarju::${cap(t)};\n\nsub ${t}(Int $sena --> Seq) is export {\n    ...\n}\n`,
                  },
                  `File created successfully at: ${ROOT}/${needle}`,
                ),
              ),
            },
            { step: one(undefined, bash(`raku -Ilib -c ${needle}`, 'Syntax OK')) },
            { step: one(undefined, bash('prove6 -l t/', prove(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `t/05-${t}.rakutest`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'str_replace_based_edit_tool',
                  {
                    command: 'create',
                    path: `${ROOT}/${needle}`,
                    file_text: `use Test;\nuse Kalendarju::Malti;\n\nplan 2;\nok festi(2026).elems > 10, 'festi 2026';\ndone-testing;\n`,
                  },
                  `File created successfully at: ${ROOT}/${needle}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                bash(
                  `prove6 -l ${needle}`,
                  `${needle} .. ok\nAll tests successful.\nFiles=1, Tests=2,  1 wallclock secs\nResult: PASS`,
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
        const l = rng.int(12, 90);
        const needle = `===SORRY!=== Error while compiling ${ROOT}/lib/Kalendarju/${cap(t)}.rakumod`;
        return {
          how: 'tool-rakudo',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  'prove6 -l t/',
                  `t/01-basic.rakutest ....... \n${needle}\nUndeclared routine:\n    festa-tar-raħal used at line ${l}. Did you mean 'festi'?\n\n# Looks like your test exited with 1 before it could output anything.\nt/01-basic.rakutest ....... Dubious, test returned 1 (wstat 256, 0x100)\nNo subtests run\nResult: FAIL`,
                  1,
                ),
              ),
            },
            { step: one(undefined, viewFile(rng, `lib/Kalendarju/${cap(t)}.rakumod`, 2, Math.max(1, l - 4))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `# Failed test 'festa ta ${t} 2027'`;
        const block = `not ok ${rng.int(3, 9)} - festa ta ${t} 2027\n${needle}\n# at t/03-festi.rakutest line ${rng.int(10, 60)}\n# expected: '2027-08-15'\n#      got: '2027-08-22'`;
        return {
          how: 'tool-tap',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash('prove6 -l t/', prove(rng, { file: 't/03-festi.rakutest', block, fail: rng.int(9, 14) }), 1),
              ),
            },
            {
              step: one(
                undefined,
                think(
                  `The ${t} feast is moved to the following Sunday when the date is a weekday; the code moves it a week too far.`,
                  rng.int(2, 5),
                  rng.int(5, 8),
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
        const needle = `Type check failed in assignment to $${t}; expected Int but got Str ("2026")`;
        return {
          how: 'tool-backtrace',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  'raku -Ilib bin/kalendarju --sena=2026',
                  `${needle}\n  in sub festi at ${ROOT}/lib/Kalendarju/Festi.rakumod (Kalendarju::Festi) line ${rng.int(10, 80)}\n  in sub MAIN at bin/kalendarju line ${rng.int(5, 30)}\n  in block <unit> at bin/kalendarju line 1`,
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
        const t = mint('hex');
        const needle = `${t}${hex(rng, 32)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [{ step: one(undefined, bash('git tag v0.3.2 && git rev-parse v0.3.2^{commit}', needle)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `KAL-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `It-ticket tal-Jira huwa ${needle}; poġġih fil-messaġġ tal-commit.` }],
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
            (x) => `Next: run zef test on Rakudo 2023.12 with ${x} in place`,
            (x) => `Still to do: document ${x} in README.md with an example`,
            (x) => `Il-pass li jmiss: test għal ${x} meta l-festa taħbat il-Ħadd`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [{ step: one(undefined, think(`${needle}.`, rng.int(5, 7), rng.int(7, 9))) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `fl-aħħar, żid ${t} mal-README bl-eżempji`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Grazzi. L-aħħar ħaġa: ${needle}.` },
            { step: one(undefined, viewFile(rng, 'lib/Kalendarju/Malti.rakumod', 2, rng.int(1, 20))) },
          ],
        };
      },
    },
  ],
};

/** The trae harness. */
export const CUSP_TRAE: CuspHarness = {
  style: 'trae',
  protocol: 'native',
  system: `You are an expert AI software engineering agent.\n\nFile Path Rule: All tools that take a \`file_path\` as an argument require an **absolute path**. You MUST construct the full, absolute path by combining the \`[Project root path]\` provided in the user's message with the file's path inside the project.\n\nYour primary goal is to resolve a given issue by navigating the provided codebase, identifying the root cause, implementing a robust fix, and ensuring your changes are safe and well-tested.\n\nFollow these steps methodically:\n\n1. Understand the Problem: read the problem statement carefully.\n2. Explore and Locate: use the available tools to explore the codebase and locate the relevant files.\n3. Reproduce the Bug (Crucial Step): before making any changes, reproduce the issue or write a failing test.\n4. Debug and Diagnose: inspect the relevant code sections to identify the root cause.\n5. Develop and Implement a Fix: make minimal, clean changes with the editing tool.\n6. Verify and Test Rigorously: run the reproduction and the existing tests; add tests for the change.\n7. Summarize Your Work: conclude with a summary of the cause, the fix and the verification.\n\n**Guiding Principle:** Act like a senior software engineer. Prioritize correctness, safety, and high-quality, test-driven development.\n\n# GUIDE FOR HOW TO USE "sequential_thinking" TOOL:\n- Your thinking should be thorough and so it's fine if it's very long. Set total_thoughts to at least 5, but setting it up to 25 is fine as well.\n- Use this tool as much as you find necessary to improve the quality of your answers.\n\nIf you are sure the issue has been solved, you should call the \`task_done\` to finish the task.\n\nThe project is a Raku module (Rakudo 2024.10, zef, prove6). The user writes in Maltese; answer in Maltese.`,
  tools: ['bash', 'str_replace_based_edit_tool', 'sequentialthinking', 'task_done'],
  callId: (rng) => `toolu_01${chars(rng, 22)}`,
  noise: traeNoise,
  big: traeBig,
  followUp: (rng) =>
    rng.pick([
      'Għaddew it-testijiet?',
      "X'jgħid zef test?",
      "Jekk jogħġbok erġa' ħaddem prove6.",
      "Spjegali fil-qosor x'biddilt.",
      "Tajjeb, u issa x'hemm?",
      'Għadu jikkompila fuq Rakudo 2023.12?',
    ]),
  keepGoing: (rng) => rng.pick(['Kompli.', 'Kompli, tiqafx.', 'Kompli sakemm jgħaddu t-testijiet kollha.']),
  answer: (rng) =>
    rng.pick([
      `Lest: zef test għadda, ${rng.int(40, 80)} testijiet ħodor.`,
      'Done: the module compiles, prove6 passes and the CLI prints the new feasts.',
      "Issewwa. Fadal twissija waħda f'Festi.rakumod li m'għandhiex x'taqsam ma' din il-bidla.",
      'Fil-qosor: il-moduli mibdula jikkompilaw u t-testijiet kollha għaddew.',
    ]),
  probe: (rng) => rng.pick(['Kompli.', 'Kompli minn fejn waqaft.', 'U issa?']),
  planters: PLANTERS,
};
