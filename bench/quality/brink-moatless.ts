/**
 * The moatless harness of the brink family (brink.ts): a Moatless-Tools-like agent. Each assistant
 * message is a `Thought:` and one action as JSON text (`{"action": "StringReplace", "action_args":
 * {…}}`; ViewCode, FindFunction, FindClass, SemanticSearch, CreateFile, RunTests, RunCommand), and
 * the next user message is its `Observation:` — file-context spans, the edit's `cat -n` snippet, the
 * test run's summary. A Python tide-prediction library (src layout, nox sessions, pytest, mypy
 * --strict, hypothesis's falsifying examples, ruff) for a Galician-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  dur,
  fail,
  hex,
  lines,
  nth,
  numberLines,
  ok,
  one,
  pieces,
  pyJson,
  say,
  some,
  type BrinkCall,
  type BrinkHarness,
  type BrinkStep,
  type Planter,
} from './brink-kit';

const SRC = [
  'src/mareas/harmonics.py',
  'src/mareas/predict.py',
  'src/mareas/io.py',
  'src/mareas/datum.py',
  'tests/test_predict.py',
  'tests/test_harmonics.py',
];

const PY = [
  `from __future__ import annotations\n\nimport math\nfrom dataclasses import dataclass`,
  `@dataclass(frozen=True)\nclass Constituent:\n    name: str\n    speed_deg_per_h: float\n    amplitude_m: float\n    phase_deg: float`,
  `def wrap_phase(deg: float) -> float:\n    """Return \`\`deg\`\` in [0, 360)."""\n    return deg % 360.0`,
  `def height(t_hours: float, constituents: Sequence[Constituent], z0: float = 0.0) -> float:\n    return z0 + sum(\n        c.amplitude_m * math.cos(math.radians(c.speed_deg_per_h * t_hours - c.phase_deg))\n        for c in constituents\n    )`,
  `def read_harmonics(path: Path) -> list[Constituent]:\n    with path.open(encoding="utf-8") as fh:\n        rows = csv.DictReader(fh)\n        return [Constituent(r["name"], float(r["speed"]), float(r["amp"]), float(r["phase"])) for r in rows]`,
  `@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))\ndef test_phase_wraps(deg: float) -> None:\n    assert 0.0 <= wrap_phase(deg) < 360.0`,
];

function span(rng: Rng, path: string, n: number, from = 1): string {
  return `${path}\n\`\`\`\n${numberLines(pieces(rng, PY, n), from, (k, l) => `${String(k).padStart(4)}\t${l}`)}\n\`\`\``;
}

function view(rng: Rng, path: string, n: number, from = 1): BrinkCall {
  return ok(
    'ViewCode',
    { files: [{ file_path: path, start_line: from, end_line: from + 40 }] },
    `Here's the contents of the file where the not requested code spans have been commented out:\n${span(rng, path, n, from)}`,
  );
}

function nox(session: string, body: string, failed = false): string {
  return `nox > Running session ${session}\nnox > Creating virtual environment (uv) using python3.12 in .nox/${session.replace(/[.-]/g, '-')}\nnox > uv pip install -e '.[test]'\n${body}\n${failed ? `nox > Command ${session.startsWith('lint') ? 'ruff check src tests' : session.startsWith('typecheck') ? 'mypy --strict src' : 'pytest -q'} failed with exit code 1\nnox > Session ${session} failed.` : `nox > Session ${session} was successful in ${Math.round(body.length / 40) + 3} seconds.`}`;
}

function cmd(command: string, output: string, code = 0): BrinkCall {
  const text = `Command: ${command}\nExit code: ${code}\n${output}`;
  return code === 0 ? ok('RunCommand', { command }, text, 0) : fail('RunCommand', { command }, text, code);
}

function tests(rng: Rng, failing?: { id: string; block: string }): BrinkCall {
  const files = some(
    rng,
    ['tests/test_predict.py', 'tests/test_harmonics.py', 'tests/test_io.py', 'tests/test_datum.py'],
    rng.int(1, 3),
  );
  const passed = rng.int(24, 80);
  const head = `Running tests for the following files:\n${files.map((f) => `* ${f}`).join('\n')}\n`;
  if (!failing) return ok('RunTests', { test_files: files }, `${head}\n${passed} passed. 0 failed. 0 errors.`);
  return fail(
    'RunTests',
    { test_files: files },
    `${head}\n* FAILED ${failing.id}>\n\`\`\`\n${failing.block}\n\`\`\`\n\n${passed} passed. 1 failed. 0 errors.`,
  );
}

const THOUGHTS: Record<string, readonly string[]> = {
  ViewCode: ['I need to see this code before changing anything.', 'Let me read the surrounding code.'],
  FindFunction: [
    'Let me find where this function is defined.',
    'I need the definition of the function the tests call.',
  ],
  FindClass: ['The dataclass holds the constants; let me look at it.'],
  SemanticSearch: [
    'Searching for the code that handles this.',
    'I do not know where this lives yet; a semantic search should find it.',
  ],
  RunTests: [
    'The tests should tell me whether the last change broke anything.',
    'Running the tests for the files I touched.',
  ],
  RunCommand: ['Running the nox session CI runs.', 'I should check the tooling before moving on.'],
  StringReplace: ['Making the change.'],
  CreateFile: ['Creating the new file.'],
};

function moatlessNoise(rng: Rng): BrinkStep {
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, tests(rng));
  if (r === 1) return one(undefined, view(rng, rng.pick(SRC), rng.int(2, 4), rng.int(1, 60)));
  if (r === 2)
    return one(
      undefined,
      ok(
        'FindFunction',
        {
          function_name: rng.pick(['wrap_phase', 'height', 'read_harmonics', 'to_datum']),
          file_pattern: 'src/**/*.py',
        },
        `Found the following relevant code:\n${span(rng, rng.pick(SRC.slice(0, 4)), 2, rng.int(5, 80))}`,
      ),
    );
  if (r === 3)
    return one(
      undefined,
      ok(
        'SemanticSearch',
        {
          query: rng.pick([
            'nodal corrections for lunar constituents',
            'chart datum offset',
            'csv parsing of harmonic constants',
          ]),
          category: 'implementation',
        },
        `Found ${rng.int(2, 5)} code sections.\n\n${span(rng, rng.pick(SRC.slice(0, 4)), 2, rng.int(5, 80))}`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      cmd('nox -s typecheck', nox('typecheck', `Success: no issues found in ${rng.int(9, 14)} source files`)),
    );
  if (r === 5) return one(undefined, cmd('nox -s lint', nox('lint', 'All checks passed!')));
  if (r === 6)
    return one(
      undefined,
      cmd(
        'git status --short',
        some(rng, SRC, rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join('\n'),
      ),
    );
  return one(
    undefined,
    ok(
      'FindClass',
      { class_name: 'Constituent' },
      `Found the following relevant code:\n${span(rng, 'src/mareas/harmonics.py', 2, 8)}`,
    ),
  );
}

function moatlessBig(rng: Rng): BrinkStep {
  if (rng.chance(0.5))
    return one(
      'The whole verbose test run, to see which hypothesis tests are slow.',
      cmd(
        'nox -s tests -- -v --hypothesis-show-statistics',
        nox(
          'tests-3.12',
          lines(rng.int(420, 480), () =>
            rng.pick([
              `tests/test_${rng.pick(['predict', 'harmonics', 'io', 'datum'])}.py::test_${rng.pick(['height', 'phase', 'roundtrip', 'datum', 'spring_neap'])}_${rng.int(1, 40)} PASSED${' '.repeat(rng.int(2, 20))}[ ${rng.int(1, 99)}%]`,
              `  - during generate phase (${dur(rng, 0.01, 2)} seconds):`,
              `    - Typical runtimes: ~ ${rng.int(0, 3)}ms, of which ~ ${rng.int(0, 2)}ms in data generation`,
              `    - ${rng.int(90, 100)} passing examples, 0 failing examples, ${rng.int(0, 9)} invalid examples`,
            ]),
          ),
        ),
      ),
    );
  return one(
    undefined,
    ok(
      'ViewCode',
      { files: [{ file_path: 'data/harmonics/vigo.csv' }] },
      `data/harmonics/vigo.csv\n\`\`\`\n${numberLines(`name,speed,amp,phase\n${lines(rng.int(900, 1000), () => `${rng.pick(['M2', 'S2', 'N2', 'K1', 'O1', 'P1', 'M4', 'MS4', 'Q1', 'K2'])},${dur(rng, 13, 58, 7)},${dur(rng, 0, 1.6, 4)},${dur(rng, 0, 359.9, 2)}`)}`, 1, (k, l) => `${String(k).padStart(4)}\t${l}`)}\n\`\`\``,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `unha función predict_extremes() que devolva as preamares e baixamares do porto ${t}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Ola! O proxecto está en ~/proxectos/mareas — unha biblioteca Python para predicir mareas a partir das constantes harmónicas (layout src/, nox, pytest, hypothesis, mypy --strict, ruff). Necesito ${needle}, con probas.`,
            },
            {
              step: one(
                'I should first find where heights are computed.',
                ok(
                  'FindFunction',
                  { function_name: 'height', file_pattern: 'src/mareas/*.py' },
                  `Found the following relevant code:\n${span(rng, 'src/mareas/predict.py', 2, 20)}`,
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
        const needle = `lectura de ficheiros NetCDF de ${t} en mareas.io`;
        return { how: 'user-followup', needle, beats: [{ user: `Seguinte tarefa: ${needle}.` }] };
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
            (x) => `${x} non pode depender de numpy, só da biblioteca estándar`,
            (x) => `todas as alturas en ${x} van en metros respecto ao cero hidrográfico`,
            (x) => `${x} ten que funcionar con Python 3.9`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Unha regra: ${needle}.`, `Lembra — ${needle}; acordámolo na revisión.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `disallow_any_generics = true  # ${t}`;
        return {
          how: 'tool-config',
          needle,
          beats: [
            {
              step: one(
                'The mypy settings decide how strict the new signature must be.',
                ok(
                  'ViewCode',
                  { files: [{ file_path: 'pyproject.toml', start_line: 30, end_line: 48 }] },
                  `pyproject.toml\n\`\`\`\n  30\t[tool.mypy]\n  31\tstrict = true\n  32\t${needle}\n  33\twarn_unreachable = true\n  34\t\n  35\t[tool.ruff.lint]\n  36\tselect = ["E", "F", "I", "UP", "B"]\n\`\`\``,
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
            (x) => `I will find the extremes of ${x} by golden-section search between sign changes of the derivative`,
            (x) => `Decidín que ${x} devolva NamedTuple e non dict`,
            (x) => `The approach: ${x} samples every six minutes and refines only near turning points`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}; it keeps the function pure and easy to test with hypothesis.`,
                ok(
                  'CreateFile',
                  {
                    path: `src/mareas/${t}.py`,
                    file_text: `"""Turning points of the predicted tide."""\nfrom __future__ import annotations\n\n\ndef extremes() -> None:\n    ...\n`,
                  },
                  `File created successfully at: src/mareas/${t}.py`,
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
        const needle = `${t} usa sempre UTC, e a hora local só ao imprimir`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Decidimos: ${needle}.`, `Fagámolo así: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `tests/test_${t}_extremes.py`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A property test: every extreme is a local max or min.',
                ok(
                  'CreateFile',
                  {
                    path: needle,
                    file_text: `from hypothesis import given, strategies as st\n\nfrom mareas.predict import predict_extremes\n\n\n@given(st.integers(min_value=0, max_value=8760))\ndef test_alternates(hour: int) -> None:\n    kinds = [e.kind for e in predict_extremes(hour, hour + 48)]\n    assert all(a != b for a, b in zip(kinds, kinds[1:]))\n`,
                  },
                  `File created successfully at: ${needle}`,
                ),
              ),
            },
            { step: one(undefined, tests(rng)) },
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
        const needle = `Falsifying example: test_${t}(\n    deg=-1e-14,\n)`;
        const block = `tests/test_harmonics.py:${rng.int(10, 60)}: in test_${t}\n    assert 0.0 <= wrap_phase(deg) < 360.0\nE   assert 360.0 < 360.0\nE    +  where 360.0 = wrap_phase(-1e-14)\n${needle}`;
        return {
          how: 'tool-hypothesis',
          needle,
          beats: [
            { step: one(undefined, tests(rng, { id: `tests/test_harmonics.py::test_${t}`, block })) },
            {
              step: one(
                `-1e-14 % 360.0 rounds to 360.0 in floating point, so test_${t} catches a real edge.`,
                view(rng, 'src/mareas/harmonics.py', 2, 20),
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
        const line = rng.int(20, 140);
        const needle = `src/mareas/predict.py:${line}: error: Argument 1 to "${t}" has incompatible type "str"; expected "float"  [arg-type]`;
        return {
          how: 'tool-mypy',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'nox -s typecheck',
                  nox('typecheck', `${needle}\nFound 1 error in 1 file (checked ${rng.int(9, 14)} source files)`, true),
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
        const needle = `src/mareas/io.py:${rng.int(10, 90)}:${rng.int(5, 20)}: F841 Local variable \`${t}\` is assigned to but never used`;
        return {
          how: 'tool-ruff',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'nox -s lint',
                  nox(
                    'lint',
                    `${needle}\nsrc/mareas/io.py:3:1: I001 [*] Import block is un-sorted or un-formatted\nFound 2 errors.\n[*] 1 fixable with the \`--fix\` option (1 hidden fix can be enabled with the \`--unsafe-fixes\` option).`,
                    true,
                  ),
                  1,
                ),
              ),
            },
            { step: one(`${t} is left over from the CSV reader; removing it.`, view(rng, 'src/mareas/io.py', 2)) },
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
        const needle = `high water 3.${t} m`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'python -m mareas predict --port vigo --date 2025-03-30',
                  `2025-03-30 04:1${rng.int(0, 9)} UTC  low water 0.4${rng.int(0, 9)} m\n2025-03-30 10:2${rng.int(0, 9)} UTC  ${needle}\n2025-03-30 16:3${rng.int(0, 9)} UTC  low water 0.3${rng.int(0, 9)} m`,
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
        const needle = `MAR-${t}`;
        return { how: 'user-paste', needle, beats: [{ user: `O tíquet é ${needle}; pono na mensaxe do commit.` }] };
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
            (x) => `Still open: document ${x} in docs/usage.md`,
            (x) => `What remains is running nox -s tests-3.9 for ${x}`,
            (x) => `Queda pendente engadir ${x} ao CHANGELOG`,
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
                  'git add -A && git commit -qm "predict: extremes" && git log --oneline -1',
                  `${hex(rng, 7)} predict: extremes`,
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
        const needle = `engade un exemplo de ${t} ao README`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Grazas. Por último: ${needle}.` },
            {
              step: one(
                `The README example for ${t} goes after the installation section.`,
                ok(
                  'ViewCode',
                  { files: [{ file_path: 'README.md', start_line: 1, end_line: 30 }] },
                  'README.md\n```\n   1\t# mareas\n   2\t\n   3\tTide prediction from harmonic constants.\n   4\t\n   5\t## Installation\n   6\t\n   7\t    pip install mareas\n```',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

function render(s: BrinkStep, n: number): string {
  const c = s.calls[0] as BrinkCall;
  const thought = s.say ?? nth(THOUGHTS[c.tool] ?? ['Next step.'], n);
  return `Thought: ${thought}\n${pyJson({ action: c.tool, action_args: c.args })}`;
}

/** The moatless harness. */
export const BRINK_MOATLESS: BrinkHarness = {
  style: 'moatless',
  protocol: 'text',
  system: `You are an autonomous AI assistant with superior programming skills. Your task is to resolve the user's request in the repository at ~/proxectos/mareas (a Python tide-prediction library: src/mareas, tests/, noxfile.py with sessions tests-3.9…3.12, typecheck, lint).\n\n# Workflow\n1. Understand the task, locate the code with FindFunction, FindClass, SemanticSearch or ViewCode.\n2. Change it with StringReplace or CreateFile.\n3. Verify with RunTests, or RunCommand for nox sessions.\n\n# Response format\nWrite your reasoning after "Thought:", then exactly one action as a JSON object on its own line: {"action": "<ActionName>", "action_args": {...}}. Wait for the Observation before the next action. When the request is done, answer the user without an action.\n\nThe user writes in Galician; answer in Galician or English.`,
  tools: [
    'ViewCode',
    'FindFunction',
    'FindClass',
    'SemanticSearch',
    'StringReplace',
    'CreateFile',
    'RunTests',
    'RunCommand',
  ],
  renderStep: (s, _ids, n) => render(s, n),
  renderResults: (s) => `Observation: ${(s.calls[0] as BrinkCall).output}`,
  resultStart: /^Observation: /,
  callMark: /^\{"action": "/gm,
  resultMark: /^Observation: /gm,
  noise: moatlessNoise,
  big: moatlessBig,
  followUp: (rng) =>
    rng.pick([
      'Pasan as probas?',
      'Que di mypy?',
      'Executa de novo nox, por favor.',
      'Explica brevemente que cambiaches.',
      'Ben, e agora que?',
      'E ruff?',
    ]),
  keepGoing: (rng) => rng.pick(['Continúa.', 'Continúa, non pares.', 'Continúa ata que pasen todas as probas.']),
  answer: (rng) =>
    rng.pick([
      `Feito: nox -s tests pasa (${rng.int(40, 90)} probas), mypy e ruff sen erros.`,
      'Done: the new function is in place and every nox session passes.',
      'Arranxado. Queda un aviso de ruff en io.py que non é deste cambio.',
      'Resumo: os módulos cambiados pasan mypy --strict e todas as probas.',
    ]),
  probe: (rng) => rng.pick(['Continúa.', 'Continúa onde o deixaches.', 'E agora?']),
  planters: PLANTERS,
};
