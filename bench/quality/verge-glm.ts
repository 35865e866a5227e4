/**
 * The glm harness of the verge family (verge.ts): a GLM-4.5-like model served without a tool
 * parser, so its calls stay in its text — a line of prose, then `<tool_call>name` with one
 * `<arg_key>`/`<arg_value>` pair per argument and `</tool_call>`, one call a message — and the
 * harness answers with an `<|observation|>` user message holding a `<tool_response>` block. An exam
 * timetabler in SWI-Prolog 9.2 (clpfd, plunit, a pack; the toplevel's warnings and errors, `time/1`
 * statistics) for a Kazakh-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  dur,
  fail,
  lines,
  numberLines,
  ok,
  one,
  pieces,
  say,
  type Planter,
  type VergeCall,
  type VergeHarness,
  type VergeStep,
} from './verge-kit';

const ROOT = '/home/aigerim/projects/kesteler';
const SRC = [
  'prolog/kesteler/solver.pl',
  'prolog/kesteler/input.pl',
  'prolog/kesteler/report.pl',
  'prolog/kesteler/rooms.pl',
  'prolog/kesteler.pl',
];
const TESTS = ['test/test_solver.plt', 'test/test_input.plt', 'test/test_rooms.plt'];
const UNITS = ['solver', 'input', 'rooms', 'report'];
const TEST_NAMES = [
  'no_student_clash',
  'room_capacity',
  'fixed_slot_respected',
  'csv_header',
  'csv_quoted_field',
  'invigilator_load',
  'empty_timetable',
  'lab_rooms_only',
  'labeling_ff',
];

/** Whole clauses of the library, as a file view shows them. */
const CLAUSES = [
  `:- module(solver, [timetable/3, exam_slot/2]).\n:- use_module(library(clpfd)).\n:- use_module(library(apply)).`,
  `%!  timetable(+Exams, +Slots, -Schedule) is semidet.\n%\n%   Schedule is a list of Exam-Slot pairs; no student sits two exams in one slot.\ntimetable(Exams, Slots, Schedule) :-\n    length(Exams, N),\n    length(Vars, N),\n    Vars ins 1..Slots,\n    pairs_keys_values(Schedule, Exams, Vars),\n    no_clashes(Schedule),\n    labeling([ff], Vars).`,
  `no_clashes([]).\nno_clashes([E-S|Rest]) :-\n    forall(member(E2-S2, Rest),\n           (   shares_student(E, E2) -> S #\\= S2 ; true )),\n    no_clashes(Rest).`,
  `shares_student(E1, E2) :-\n    enrolled(St, E1),\n    enrolled(St, E2),\n    !.`,
  `room_fits(Room, Exam) :-\n    room(Room, Capacity, _Kind),\n    exam_size(Exam, Size),\n    Size =< Capacity.`,
  `read_exams(File, Exams) :-\n    csv_read_file(File, [_Header|Rows], [functor(exam), arity(4)]),\n    maplist(row_exam, Rows, Exams).`,
  `:- begin_tests(solver).\n\ntest(no_student_clash) :-\n    sample_exams(Es),\n    timetable(Es, 6, S),\n    \\+ ( member(A-X, S), member(B-X, S), A \\== B, shares_student(A, B) ).\n\n:- end_tests(solver).`,
  `print_schedule(Schedule) :-\n    forall(member(Exam-Slot, Schedule),\n           format("~w~t~20|~d~n", [Exam, Slot])).`,
];

function pl(rng: Rng, n: number): string {
  return pieces(rng, CLAUSES, n);
}

function call(tool: string, args: Record<string, unknown>, output: string, exitCode = 0): VergeCall {
  return exitCode ? fail(tool, args, output, exitCode) : ok(tool, args, output, exitCode);
}

function shell(command: string, output: string, exitCode = 0): VergeCall {
  return call('shell', { command }, `${output}${output ? '\n' : ''}[exit code: ${exitCode}]`, exitCode);
}

function plunit(rng: Rng, failure = ''): string {
  const total = rng.int(28, 44);
  const out: string[] = [];
  let k = 0;
  for (const u of some(rng, UNITS)) {
    out.push(`% Start unit: ${u}`);
    for (let i = 0; i < rng.int(2, 4); i++)
      out.push(
        `% [${++k}/${total}] ${u}:${rng.pick(TEST_NAMES)} ${'.'.repeat(rng.int(4, 24))} passed (${dur(rng, 0, 0.09, 3)} sec)`,
      );
    out.push(`% End unit ${u}: passed (${dur(rng, 0.01, 0.4, 3)} sec CPU)`);
  }
  if (!failure)
    return `${out.join('\n')}\n% All ${total} tests passed in ${dur(rng, 0.2, 3, 3)} seconds (${dur(rng, 0.2, 3, 3)} cpu)`;
  return `${out.join('\n')}\n${failure}\n% 1 test failed\n% ${total - 1} tests passed\n% Test run completed in ${dur(rng, 0.2, 3, 3)} seconds (${dur(rng, 0.2, 3, 3)} cpu)\nWarning: goal (run_tests) failed`;
}

function some<T>(rng: Rng, items: readonly T[]): T[] {
  const chosen = new Set(rng.sample(items, rng.int(2, items.length)));
  return items.filter((x) => chosen.has(x));
}

function view(rng: Rng, path: string, n: number, from = 1): string {
  return `${ROOT}/${path} (lines ${from}-${from + n - 1})\n${numberLines(pl(rng, n).split('\n').slice(0, n).join('\n'), from)}`;
}

/** Small edits the agent makes in passing. */
const TIDY = [
  { old: '    labeling([ff], Vars).', new: '    labeling([ff, bisect], Vars).' },
  { old: 'room_fits(Room, Exam) :-', new: '%!  room_fits(?Room, +Exam) is nondet.\nroom_fits(Room, Exam) :-' },
  {
    old: '    csv_read_file(File, [_Header|Rows], [functor(exam), arity(4)]),',
    new: '    csv_read_file(File, [_|Rows], [functor(exam), arity(4), convert(true)]),',
  },
  {
    old: '           format("~w~t~20|~d~n", [Exam, Slot])).',
    new: '           format("~w~t~24|~d~n", [Exam, Slot])).',
  },
];

function glmNoise(rng: Rng): VergeStep {
  const r = rng.int(0, 8);
  if (r === 0)
    return one(
      rng.pick(['Тесттерді жүргіземін.', 'Running the plunit suite.', undefined]),
      shell('swipl -g run_tests -t halt test/test_all.pl', plunit(rng)),
    );
  if (r === 1) {
    const f = rng.pick(SRC);
    const from = rng.int(1, 120);
    return one(undefined, call('read_file', { path: f, start: from, end: from + 30 }, view(rng, f, 30, from)));
  }
  if (r === 2)
    return one(
      undefined,
      shell(
        `grep -rn "${rng.pick(['labeling', '#\\\\=', 'csv_read_file', 'room_fits', 'enrolled('])}" prolog/`,
        lines(
          rng.int(1, 6),
          () =>
            `${rng.pick(SRC)}:${rng.int(3, 240)}:    ${rng.pick(['labeling([ff], Vars).', 'S #\\= S2', 'room_fits(R, E),', 'enrolled(St, E1),'])}`,
        ),
      ),
    );
  if (r === 3)
    return one(
      undefined,
      call(
        'swipl',
        { goal: 'make, check.', load: 'prolog/kesteler.pl' },
        rng.chance(0.4)
          ? `% Updating index for library ${ROOT}/prolog/\n% Checking undefined predicates ...\n% Checking trivial failures ...\n% Checking format/2,3 and debug/3 templates ...\nWarning: ${ROOT}/${rng.pick(SRC)}:${rng.int(20, 200)}:\nWarning:    Singleton variables: [${rng.pick(['Rest', 'Slot', 'Kind', 'Size'])}]\ntrue.`
          : '% Checking undefined predicates ...\n% Checking trivial failures ...\n% Checking format/2,3 and debug/3 templates ...\ntrue.',
      ),
    );
  if (r === 4)
    return one(
      rng.pick(['Кішкентай деректермен тексеремін.', 'Trying the solver on the small fixture.', undefined]),
      call(
        'swipl',
        { goal: "read_exams('data/small.csv', Es), timetable(Es, 6, S), length(S, N).", load: 'prolog/kesteler.pl' },
        `Es = [exam(math101, 3, 120, written), exam(phys110, 2, 90, written), exam(chem120, 2, 60, lab)|...],\nS = [exam(math101, 3, 120, written)-1, exam(phys110, 2, 90, written)-2|...],\nN = ${rng.int(12, 40)}.`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      shell(
        'git status --short && git log --oneline -3',
        `${lines(rng.int(1, 3), () => ` M ${rng.pick([...SRC, ...TESTS])}`)}\n${lines(3, () => `${hexish(rng)} ${rng.pick(['solver: ff labeling', 'input: quoted CSV fields', 'rooms: lab kind', 'tests: fixture for 3 faculties'])}`)}`,
      ),
    );
  if (r === 6) {
    const f = rng.pick(SRC);
    return one(
      rng.pick(['Ұсақ түзету.', 'A small tidy-up while I am here.', undefined]),
      call('edit_file', { path: f, ...rng.pick(TIDY) }, `Edited ${f}: 1 replacement.`),
    );
  }
  if (r === 7)
    return one(
      undefined,
      shell(
        'swipl --version && swipl -g "pack_list_installed" -t halt',
        `SWI-Prolog version 9.2.${rng.int(1, 8)} for x86_64-linux\nInstalled packages (2):\n\ni csv_tools@0.3.1           - Extra CSV predicates\ni kesteler@0.4.0            - Exam timetabling with clpfd`,
      ),
    );
  return one(undefined, call('read_file', { path: rng.pick(TESTS) }, view(rng, rng.pick(TESTS), rng.int(14, 40))));
}

function hexish(rng: Rng): string {
  return Array.from({ length: 7 }, () => rng.pick([...'0123456789abcdef'])).join('');
}

function glmBig(rng: Rng): VergeStep {
  if (rng.chance(0.5))
    return one(
      'Full faculty data, printing the whole schedule to see where the slots pile up.',
      call(
        'swipl',
        {
          goal: "read_exams('data/fall-2024.csv', Es), timetable(Es, 14, S), print_schedule(S).",
          load: 'prolog/kesteler.pl',
        },
        `${lines(rng.int(520, 600), () => `${rng.pick(['math', 'phys', 'chem', 'hist', 'kaz', 'econ', 'law', 'bio'])}${rng.int(100, 499)}_${rng.pick(['a', 'b', 'c'])}${' '.repeat(rng.int(8, 12))}${rng.int(1, 14)}`)}\ntrue.`,
      ),
    );
  return one(
    undefined,
    call('read_file', { path: 'prolog/kesteler/solver.pl' }, view(rng, 'prolog/kesteler/solver.pl', rng.int(520, 600))),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `«бір студентке бір күнде бір емтихан» шектеуін ${t} модуліне қосу`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Сәлем! Жоба ~/projects/kesteler — SWI-Prolog 9.2 пен clpfd-ге жазылған емтихан кестесін құрастырушы (exam timetabling), тесттер test/ ішінде plunit-пен. Маған ${needle} керек: қазір бір студенттің екі емтиханы бір күнге түсіп жатыр. pack.pl ішіндегі version-ды әзірге өзгертпе.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `кестені HTML-ге экспорттайтын ${t}_html/2 предикаты`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Келесі тапсырма: ${needle}, plunit тестімен бірге.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `invigilator-лардың жүктемесін теңестіретін ${t} эвристикасы`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Тағы бір нәрсе: ${needle} керек, ешкім күніне үштен артық кезекшілік етпесін.` }],
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
            (x) => `${x} модулінде assert/retract болмасын`,
            (x) => `${x} тек library(clpfd)-мен шешілсін, CHR қоспа`,
            (x) => `${x} ішінде cut (!) қолданба, таза логика болсын`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Бір ереже: ${needle}. Кесте бірнеше thread-те қатар есептеледі.`,
                `Маңызды — ${needle}; code review-де осылай келістік.`,
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
        const needle = `- prolog/kesteler/${t}.pl must stay deterministic: every exported predicate is det or semidet`;
        return {
          how: 'tool-contributing',
          needle,
          beats: [
            {
              step: one(
                'The repository has a CONTRIBUTING file; reading it before touching the modules.',
                call(
                  'read_file',
                  { path: 'CONTRIBUTING.md' },
                  `${ROOT}/CONTRIBUTING.md (lines 1-12)\n${numberLines(
                    `# Contributing to kesteler\n\n## Rules\n- PlDoc (%!) comments on every exported predicate\n${needle}\n- no global variables (nb_setval/b_setval) outside prolog/kesteler.pl\n- ${rng.pick(['run `swipl -g run_tests -t halt test/test_all.pl` before every commit', 'tests live in test/, one .plt per module'])}\n\n## Releases\nBump pack.pl and tag vX.Y.Z.`,
                  )}`,
                ),
              ),
            },
            {
              step: one(
                `So ${t}.pl may not leave choice points; checking with the toplevel.`,
                call(
                  'swipl',
                  {
                    goal: `use_module(prolog/kesteler/${t}), module_property(${t}, exports(E)).`,
                    load: 'prolog/kesteler.pl',
                  },
                  `E = [${t}/2, ${t}_check/1].`,
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
            (x) => `I'll express ${x} with global_cardinality/2 instead of pairwise #\\= constraints`,
            (x) => `Шешім: ${x} күндерді Slot // 3 арқылы есептейді, бөлек айнымалы жоқ`,
            (x) => `Going with labeling([ff, bisect]) for ${x}; plain leftmost labeling times out`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}. On the fall data the pairwise version posts ${rng.int(20, 90)} thousand constraints.`,
                call(
                  'edit_file',
                  {
                    path: 'prolog/kesteler/solver.pl',
                    old: '    no_clashes(Schedule),',
                    new: `    no_clashes(Schedule),\n    ${t}(Schedule, Slots),`,
                  },
                  'Edited prolog/kesteler/solver.pl: 1 replacement.',
                ),
              ),
            },
            { step: one(undefined, shell('swipl -g run_tests -t halt test/test_all.pl', plunit(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} нәтижені Exam-Day-Slot үштігімен қайтарсын, dict емес`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Келістік: ${needle}.`, `Жарайды, онда ${needle} — REPL-де оқуға оңай.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `prolog/kesteler/${t}.pl`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                rng.pick(['New module for the day constraint.', 'Күн шектеуіне жаңа модуль жасаймын.']),
                call(
                  'write_file',
                  {
                    path: needle,
                    content: `:- module(${t}, [${t}/2]).\n:- use_module(library(clpfd)).\n\n${pl(rng, 8)}`,
                  },
                  `Wrote ${needle} (${rng.int(900, 3000)} bytes).`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                call('swipl', { goal: `use_module('${needle}').`, load: 'prolog/kesteler.pl' }, 'true.'),
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
        const needle = `test/test_${t}.plt`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                call(
                  'write_file',
                  {
                    path: needle,
                    content: `:- begin_tests(${t}).\n:- use_module('../prolog/kesteler/solver').\n\ntest(two_exams_two_days) :-\n    sample_exams(Es),\n    timetable(Es, 6, S),\n    assertion(\\+ same_day_clash(S)).\n\n:- end_tests(${t}).\n`,
                  },
                  `Wrote ${needle} (${rng.int(300, 900)} bytes).`,
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
        const needle = `Unknown procedure: solver:${t}_days/2`;
        return {
          how: 'tool-swipl',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  'swipl -g main -t halt prolog/kesteler.pl -- data/small.csv',
                  `Warning: ${ROOT}/prolog/kesteler/solver.pl:${rng.int(30, 160)}:\nWarning:    Singleton variables: [Day]\nERROR: -g main: catch/3: ${needle}\nERROR:   However, there are definitions for:\nERROR:         solver:${t}_days/3\nERROR: In:\nERROR:   [13] throw(error(existence_error(procedure,solver:${t}_days/2),solver:${t}_days/2))\nERROR:   [11] solver:timetable([exam(math101,3,120,written)|...],6,_${rng.int(1000, 9999)}) at ${ROOT}/prolog/kesteler/solver.pl:${rng.int(10, 40)}`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `The call site passes two arguments but ${t}_days is defined with three. Looking at the definition.`,
                shell(
                  `grep -n "${t}_days" prolog/kesteler/solver.pl`,
                  `${rng.int(40, 90)}:${t}_days(Schedule, Slots, Days) :-\n${rng.int(15, 30)}:    ${t}_days(Schedule, Days),`,
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
        const line = rng.int(20, 180);
        const needle = `kesteler/${t}.pl:${line}:${rng.int(4, 40)}: Syntax error: Operator expected`;
        return {
          how: 'tool-syntax',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  'swipl -g run_tests -t halt test/test_all.pl',
                  buried(
                    rng,
                    rng.chance(0.3) ? 25 : 2,
                    (i) =>
                      `% Loading ${ROOT}/prolog/kesteler/${rng.pick(['solver', 'input', 'rooms', 'report'])}.pl (${i})`,
                    `ERROR: ${ROOT}/prolog/${needle}`,
                    plunit(
                      rng,
                      `ERROR: ${ROOT}/test/test_solver.plt:${rng.int(10, 60)}:\nERROR:     test solver:no_student_clash: received error: solver:timetable/3: Unknown procedure: ${t}:${t}/2`,
                    ),
                  ),
                  1,
                ),
              ),
            },
            {
              step: one(
                `A missing comma in ${t}.pl from my edit; reading around line ${line}.`,
                call(
                  'read_file',
                  { path: `prolog/kesteler/${t}.pl`, start: line - 5, end: line + 5 },
                  view(rng, `prolog/kesteler/${t}.pl`, 11, line - 5),
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
        const needle = `Type error: \`integer' expected, found \`${t}' (an atom)`;
        return {
          how: 'tool-clpfd',
          needle,
          beats: [
            {
              step: one(
                undefined,
                call(
                  'swipl',
                  { goal: "read_exams('data/medicine.csv', Es), timetable(Es, 10, S).", load: 'prolog/kesteler.pl' },
                  `ERROR: ${needle}\nERROR: In:\nERROR:   [${rng.int(14, 20)}] throw(error(type_error(integer,${t}),_))\nERROR:   [${rng.int(10, 13)}] clpfd:parse_clpfd(${t},_${rng.int(100, 999)})\nERROR:    [9] toplevel_call(user:user: ...) at /usr/lib/swi-prolog/boot/toplevel.pl:1317`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `The medicine CSV has '${t}' in the size column; read_exams must reject such rows.`,
                shell(
                  `grep -n ",${t}," data/medicine.csv`,
                  `${rng.int(2, 300)}:anat${rng.int(100, 300)},2,${t},written`,
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
        const needle = `${t} inferences`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Timing the solver on the full fall data.',
                call(
                  'swipl',
                  {
                    goal: "read_exams('data/fall-2024.csv', Es), time(timetable(Es, 14, _)).",
                    load: 'prolog/kesteler.pl',
                  },
                  `% ${needle}, ${dur(rng, 0.5, 30, 3)} CPU in ${dur(rng, 0.5, 30, 3)} seconds (${rng.int(95, 100)}% CPU, ${rng.int(1000000, 9000000)} Lips)\nEs = [exam(math101, 3, 120, written)|...].`,
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
        const needle = `KST-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `GitLab-тағы issue нөмірі ${needle}, commit хабарламасына қос.` }],
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
            (x) => `Next: export ${x}/2 from the module list of prolog/kesteler.pl`,
            (x) => `Қалғаны: ${x}/2 предикатын prolog/kesteler.pl экспорт тізіміне қосу`,
            (x) => `Still to do — ${x}/2 is not exported from prolog/kesteler.pl yet`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `All plunit tests pass.\n${needle}\nThen make/0 and check/0 once more.`,
                shell(`grep -n "${t}" prolog/kesteler.pl`, ''),
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
        const needle = `релизден бұрын ${t} pack-ын таза машинада pack_install-пен тексер`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Тамаша. Соңында: ${needle}.` },
            {
              step: one(
                `Жарайды, ${t} үшін таза орта. Алдымен pack.pl-ды оқимын.`,
                call(
                  'read_file',
                  { path: 'pack.pl' },
                  `${ROOT}/pack.pl (lines 1-6)\n${numberLines(`name(kesteler).\nversion('0.4.0').\ntitle('Exam timetabling with clpfd').\nauthor('Aigerim S.', 'aigerim@example.kz').\nrequires(csv_tools).\nhome('https://gitlab.com/aigerim/kesteler').`)}`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

const TOOLS = [
  { name: 'shell', description: 'Run a shell command in the project directory', parameters: { command: 'string' } },
  {
    name: 'read_file',
    description: 'Read a file, optionally lines start..end',
    parameters: { path: 'string', start: 'integer', end: 'integer' },
  },
  { name: 'write_file', description: 'Create or overwrite a file', parameters: { path: 'string', content: 'string' } },
  {
    name: 'edit_file',
    description: 'Replace the unique text old by new in a file',
    parameters: { path: 'string', old: 'string', new: 'string' },
  },
  {
    name: 'swipl',
    description: 'Run a goal in swipl with a file loaded; prints the bindings',
    parameters: { goal: 'string', load: 'string' },
  },
];

function renderCall(c: VergeCall): string {
  const args = Object.entries(c.args).map(
    ([k, v]) => `<arg_key>${k}</arg_key>\n<arg_value>${typeof v === 'string' ? v : JSON.stringify(v)}</arg_value>`,
  );
  return `<tool_call>${c.tool}\n${args.join('\n')}\n</tool_call>`;
}

/** The glm harness. */
export const VERGE_GLM: VergeHarness = {
  style: 'glm',
  protocol: 'text',
  system: `# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n${TOOLS.map((t) => JSON.stringify({ type: 'function', function: t })).join('\n')}\n</tools>\n\nFor each function call, output the function name and arguments within the following XML format:\n<tool_call>{function-name}\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>\n<arg_key>{arg-key-2}</arg_key>\n<arg_value>{arg-value-2}</arg_value>\n...\n</tool_call>\n\nYou are a coding assistant working in ${ROOT}, an exam timetabling solver written in SWI-Prolog 9.2 (library(clpfd), plunit tests, distributed as a pack). Call one tool at a time and wait for its result. The user writes in Kazakh; answer in Kazakh unless asked otherwise.`,
  tools: TOOLS.map((t) => t.name),
  renderStep: (s) => [s.say, ...s.calls.map(renderCall)].filter(Boolean).join('\n'),
  renderResults: (s) =>
    `<|observation|>\n${s.calls.map((c) => `<tool_response>\n${c.output}\n</tool_response>`).join('\n')}`,
  resultStart: /^<\|observation\|>\n/,
  callMark: /^<tool_call>\w+$/gm,
  resultMark: /^<tool_response>$/gm,
  noise: glmNoise,
  big: glmBig,
  followUp: (rng) =>
    rng.pick([
      'Тесттер өтті ме?',
      'check/0 не дейді, ескерту бар ма?',
      'plunit-ті тағы бір рет жүргізші.',
      'Не өзгерткеніңді қысқаша түсіндір.',
      'Жарайды, келесі не?',
      'Үлкен деректерде қанша уақыт кетеді?',
    ]),
  keepGoing: (rng) => rng.pick(['Жалғастыр.', 'Жалғастыра бер.', 'Барлық тест өткенше жалғастыр.']),
  answer: (rng) =>
    rng.pick([
      `Дайын: барлық ${rng.int(28, 44)} plunit тесті өтті, check/0 ескерту бермейді.`,
      'The solver change is in and the suite is green; only one singleton warning remains in report.pl, which is older.',
      'Түзетілді. input.pl-да бір ескі Singleton ескертуі қалды, ол бұл өзгерістен емес.',
      'Бітті, жаңа қате жоқ.',
    ]),
  probe: (rng) => rng.pick(['Жалғастыр.', 'Тоқтаған жеріңнен жалғастыр.', 'Ал енді?']),
  planters: PLANTERS,
};
