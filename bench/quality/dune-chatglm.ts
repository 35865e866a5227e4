/**
 * The chatglm harness of the dune family (dune.ts): a ChatGLM3-like model. The system prompt is
 * ChatGLM3's "Answer the following questions as best as you can. You have access to the following
 * tools:" with the tools as JSON; a tool call is an assistant message `<|assistant|>run_shell` then a
 * ```python block holding `tool_call(command="…")` (a comment line above it when the model explains
 * itself), one call a reply; the harness answers with a user message that starts `<|observation|>`
 * and holds the result. Normal answers are `<|assistant|>` and prose.
 * A Chapel 2.x ensemble weather model for Kano (32 perturbed members over a 512 × 256 grid, rain and
 * Harmattan dust, stations at Mallam Aminu Kano airport, Bichi, Kura, Wudil, Gaya): `chpl`'s
 * `file.chpl:12: error: unresolved call 'x(int(64))'` with `note: this candidate did not match` lists,
 * `undeclared (first use this function)`, `halt reached - array index out of bounds` with the index and
 * bounds, `mason test` results, `--fast` timings, CHPL_COMM settings; for a Hausa-speaking scientist.
 * Imitated: ChatGLM3's `<|assistant|>tool` + ```python tool_call(…)``` and `<|observation|>` turns (from
 * memory of its tool-use demo). Invented: the comment line inside the call block. chpl's messages are
 * from memory (close, not exact); mason test's and UnitTest's report lines are unsure. The Hausa is
 * plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  dq,
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

const ROOT = '/home/amina/kano-ensemble';
const MODS = ['Ensemble', 'Advection', 'Diffusion', 'Grid', 'Physics', 'Dust', 'Output'];
const STATIONS = ['Kano airport', 'Bichi', 'Kura', 'Wudil', 'Gaya', 'Dambatta', 'Rano'];
const TESTS = ['testMassConserved', 'testDiffusionStable', 'testBoundaryZero', 'testDustSettles', 'testSeedsDiffer'];

function sh(command: string, output: string, code = 0): DuneCall {
  return code === 0 ? ok('run_shell', { command }, output, 0) : fail('run_shell', { command }, output, code);
}
function read(path: string, content: string): DuneCall {
  return ok('read_file', { path }, content);
}
function write(path: string, content: string): DuneCall {
  return ok('write_file', { path, content }, `saved ${path}`);
}

function unresolved(mod: string, fn: string, line: number, cand: string): string {
  return `src/${mod}.chpl:${line - 5}: In function 'runMember':\nsrc/${mod}.chpl:${line}: error: unresolved call '${fn}(int(64))'\nsrc/Advection.chpl:${(line % 40) + 8}: note: this candidate did not match: ${cand}\nsrc/${mod}.chpl:${line}: note: because call actual argument #1 with type 'int(64)'\nsrc/Advection.chpl:${(line % 40) + 8}: note: is passed to formal 'ref q: [] real'`;
}

function buildOk(rng: Rng): string {
  return `Updating mason-registry\nBuilding KanoEnsemble...\nCompiled 'KanoEnsemble' program to target/release/KanoEnsemble (${dur(rng, 20, 90, 1)} s)`;
}

function masonTest(rng: Rng, failing?: string): string {
  const names = some(rng, TESTS, rng.int(3, 5));
  if (failing) names.push(failing);
  const bad = failing
    ? `======================================================================\nFAIL TestPhysics.chpl: ${failing}()\n----------------------------------------------------------------------\nAssertionError: assertEqual failed. (1.0 != ${(0.99 + rng.next() * 0.009).toFixed(4)})\n----------------------------------------------------------------------\n`
    : '';
  const passed = failing ? names.length - 1 : names.length;
  return `Building KanoEnsemble...\n${bad}--- Results ---\n${names.map((n) => `Test: ${n}() ${n === failing ? 'Failed' : 'Passed'}`).join('\n')}\n--- Summary:  ${failing ? `1 tests failed (${failing}), ` : ''}${passed} tests passed ---`;
}

function runTiming(rng: Rng, members = 32): string {
  return `Kano ensemble: ${members} members, grid 512 x 256, lead 72 h, dt 30 s\nCHPL_COMM=gasnet CHPL_COMM_SUBSTRATE=udp, locales: 4\n${lines(4, (i) => `member ${String(i * 8).padStart(2)}..${String(i * 8 + 7).padStart(2)} done on locale ${i} in ${dur(rng, 8, 14, 2)} s`)}\nTotal wall time: ${dur(rng, 38, 60, 2)} s`;
}

function cNoise(rng: Rng): DuneStep {
  const r = rng.int(0, 7);
  const m = rng.pick(MODS);
  if (r === 0) return one(undefined, sh('mason build --release', buildOk(rng)));
  if (r === 1) return one(undefined, sh('mason test', masonTest(rng)));
  if (r === 2) {
    const line = rng.int(40, 140);
    return one(
      'the build fails; read the candidates',
      sh(
        'mason build --release',
        `Building KanoEnsemble...\n${unresolved('Ensemble', 'advect', line, 'advect(ref q: [] real, dt: real)')}\nerror: build failed`,
        1,
      ),
    );
  }
  if (r === 3)
    return one(
      undefined,
      sh(
        './target/release/KanoEnsemble --members=4 --nx=256 --ny=64 -nl 1',
        `Kano ensemble: 4 members, grid 256 x 64, lead 72 h, dt 30 s\nsrc/Grid.chpl:${rng.int(60, 120)}: error: halt reached - array index out of bounds\nnote: index was (257, ${rng.int(0, 63)}) but array bounds are (0..256, 0..63)`,
        1,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      read(
        `src/${m}.chpl`,
        `module ${m} {\n  use Grid, BlockDist;\n\n  config const dt = 30.0;\n\n  proc step(ref q: [?D] real, const ref u: [D] real) {\n    forall (i, j) in D.expand(-1) do\n      q[i, j] -= dt / dx * u[i, j] * (q[i, j] - q[i-1, j]);\n  }\n}`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      sh(
        '$CHPL_HOME/util/printchplenv --simple | grep -E "COMM|TARGET|LAUNCHER"',
        `CHPL_TARGET_CPU=native\nCHPL_COMM=gasnet\nCHPL_COMM_SUBSTRATE=udp\nCHPL_LAUNCHER=amudprun`,
      ),
    );
  if (r === 6)
    return one(
      'time a full run on four locales',
      sh('./target/release/KanoEnsemble --members=32 -nl 4', runTiming(rng)),
    );
  return one(
    undefined,
    sh(
      'git status --short && git log --oneline -2',
      ` M src/${m}.chpl\n${hex(rng, 7)} dust settling\n${hex(rng, 7)} member seeds`,
    ),
  );
}

function cBig(rng: Rng): DuneStep {
  return one(
    'full verbose run to see every member',
    sh(
      './target/release/KanoEnsemble --members=32 --verbose -nl 4',
      lines(rng.int(290, 330), (i) => {
        const h = (i % 24) * 3;
        return `[locale ${i % 4}] member ${String(i % 32).padStart(2)}  t+${String(h).padStart(2)}h  ${nth(STATIONS, i).padEnd(12)}  rain_3h ${((i * 37) % 190) / 10} mm  dust ${((i * 53) % 900) + 20} ug/m3  wind ${((i * 7) % 14) + 1} m/s  cfl ${(0.2 + ((i * 3) % 60) / 100).toFixed(2)}`;
      }),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `sabon aiki ${t} da zai kiyasta yiwuwar ruwan sama a kowace tasha`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Sannu! Aikin yana cikin ${ROOT} — tsarin hasashen yanayi na ensemble na Kano a Chapel 2.1. Ina son ${needle}. Don Allah ka bayyana kowane mataki.`,
            },
            {
              step: one(
                undefined,
                sh(
                  'chpl --version',
                  `chpl version 2.1.0\n  built with LLVM version 17.0.6\nCopyright 2020-2024 Hewlett Packard Enterprise Development LP`,
                ),
              ),
            },
            { step: one(undefined, sh('mason build --release', buildOk(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: ƙara hasashen ƙurar Harmattan`;
        return { how: 'user-followup', needle, beats: [{ user: `Aiki na gaba: ${needle}.` }] };
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
            (x) => `kada ka canza girman grid ɗin ${x}`,
            (x) => `dukkan lissafi a ${x} su kasance real(64)`,
            (x) => `${x} dole ya yi aiki da CHPL_COMM=gasnet`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            { user: rng.pick([`Doka: ${needle}.`, `Ka tuna — ${needle}.`, `Wannan yana da muhimmanci: ${needle}.`]) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `// ${t}: member seeds come from the run date, never from the clock`,
          `// ${t}: the grid is 0.05 degrees around Kano, 512 x 256, nothing coarser`,
          `// ${t}: rainfall is in mm per 3 h, as NiMet reports it`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                undefined,
                read(
                  'src/Ensemble.chpl',
                  `module Ensemble {\n  ${needle}\n  use Grid, Physics, Random;\n\n  config const members = 32;`,
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
            (x) => `${x} spreads the members over locales with a Block-distributed domain`,
            (x) => `${x} runs a forall over members and steps time serially inside each`,
            (x) => `${x} writes the NetCDF once at the end instead of every step`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`decided: ${needle}`, write('docs/DECISIONS.md', `- ${needle}\n`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} zai yi amfani da coforall a kan locales`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Mun yanke shawara: ${needle}.`, `Mu yi haka: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/${cap(t)}.chpl`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                undefined,
                write(
                  needle,
                  `module ${cap(t)} {\n  use Grid;\n\n  proc rainProbability(const ref rain: [?D] real, threshold = 1.0): real {\n    return (+ reduce (rain > threshold):real) / rain.size;\n  }\n}`,
                ),
              ),
            },
            { step: one(undefined, sh('mason build --release', buildOk(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `test/Test${cap(t)}.chpl`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                write(
                  needle,
                  `use UnitTest, Grid;\n\nproc testProbabilityBounds(test: borrowed Test) throws {\n  var r: [0..<8, 0..<8] real = 2.0;\n  test.assertEqual(rainProbability(r), 1.0);\n}\n\nUnitTest.main();`,
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
        const needle = `error: unresolved call '${t}(int(64))'`;
        const line = rng.int(40, 160);
        return {
          how: 'tool-compiler',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'mason build --release',
                  `Building KanoEnsemble...\n${unresolved('Ensemble', t, line, `${t}(ref q: [] real, dt: real)`)}\nerror: build failed`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t} wants the field, not the member index`,
                write('src/Ensemble.chpl', `${t}(fields[m], dt);`),
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
        const needle = `error: '${t}' undeclared (first use this function)`;
        return {
          how: 'tool-undeclared',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'mason build --release',
                  `Building KanoEnsemble...\nsrc/Dust.chpl:${rng.int(20, 90)}: In function 'settle':\nsrc/Dust.chpl:${rng.int(91, 120)}: ${needle}\nerror: build failed`,
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
        const needle = `FAIL TestPhysics.chpl: ${t}Conserved()`;
        return {
          how: 'tool-test',
          needle,
          beats: [{ step: one(undefined, sh('mason test', masonTest(rng, `${t}Conserved`), 1)) }],
        };
      },
    },
  ],
  value: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const s = rng.pick(STATIONS);
        const needle = `${s}: rain_3h_sum_um=${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  './target/release/KanoEnsemble --members=32 --report=stations -nl 4',
                  `${needle}\n${some(
                    rng,
                    STATIONS.filter((x) => x !== s),
                    3,
                  )
                    .map((x) => `${x}: rain_3h_sum_um=${rng.int(1000000, 9999999)}`)
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
            { step: one(undefined, sh('sha256sum out/kano_2025031400.nc', `${needle}  out/kano_2025031400.nc`)) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `NIMET-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Lambar aikin NiMet ita ce ${needle}; saka ta a cikin Mason.toml.` }],
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
            (x) => `next: strong-scaling runs of ${x} on 8 locales`,
            (x) => `${x} still needs a test at the domain edges`,
            (x) => `remaining: compare ${x} with the NiMet station rainfall`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `commit; ${needle}`,
                sh(`git commit -qam "ensemble: ${t}" && git log --oneline -1`, `${hex(rng, 7)} ensemble: ${t}`),
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
        const needle = `a ƙarshe, rubuta taƙaitaccen bayani cikin Hausa game da ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Na gode. Wani abu kuma: ${needle}.` },
            { step: one(undefined, sh('mason test', masonTest(rng))) },
          ],
        };
      },
    },
  ],
};

function render(s: DuneStep): string {
  const c = s.calls[0] as DuneCall;
  const args = Object.entries(c.args)
    .map(([k, v]) => `${k}=${dq(String(v))}`)
    .join(', ');
  return `<|assistant|>${c.tool}\n\`\`\`python\n${s.say ? `# ${s.say}\n` : ''}tool_call(${args})\n\`\`\``;
}

const TOOLS = [
  {
    name: 'run_shell',
    description: `Run a shell command in ${ROOT} (chpl, mason, git, the model binary)`,
    parameters: { type: 'object', properties: { command: { description: 'the command line' } }, required: ['command'] },
  },
  {
    name: 'read_file',
    description: 'Read a file of the project',
    parameters: { type: 'object', properties: { path: { description: 'path in the project' } }, required: ['path'] },
  },
  {
    name: 'write_file',
    description: 'Replace a file of the project',
    parameters: {
      type: 'object',
      properties: { path: { description: 'path in the project' }, content: { description: 'the new text' } },
      required: ['path', 'content'],
    },
  },
];

/** The chatglm harness. */
export const DUNE_CHATGLM: DuneHarness = {
  style: 'chatglm',
  protocol: 'text',
  system: `Answer the following questions as best as you can. You have access to the following tools:\n${JSON.stringify(TOOLS, null, 4)}\nThe project is a Chapel 2.1 ensemble weather model for Kano (Mason package KanoEnsemble, multi-locale with GASNet). The scientist writes Hausa.`,
  tools: ['run_shell', 'read_file', 'write_file'],
  renderStep: (s) => render(s),
  renderResults: (s) => {
    const c = s.calls[0] as DuneCall;
    return `<|observation|>\n${c.output || '(no output)'}${c.status === 'error' ? `\n[exit status ${c.exitCode ?? 1}]` : ''}`;
  },
  renderAnswer: (text) => `<|assistant|>\n${text}`,
  resultStart: /^<\|observation\|>/,
  callMark: /^<\|assistant\|>\w+\n```python\n(?:#.*\n)?tool_call\(/gm,
  resultMark: /^<\|observation\|>/gm,
  noise: cNoise,
  big: cBig,
  followUp: (rng) =>
    rng.pick([
      'Gwaje-gwajen sun wuce?',
      'Me chpl ke cewa yanzu?',
      'Don Allah ka sake gudanar da gwaje-gwajen.',
      'Me ka canza?',
      'To, me ya rage?',
      'Akwai sauran kurakurai?',
    ]),
  keepGoing: (rng) => rng.pick(['Ci gaba.', 'Ci gaba, kada ka tsaya.', 'Ci gaba har sai dukkan gwaje-gwaje sun wuce.']),
  answer: (rng) =>
    rng.pick([
      `An gama: dukkan gwaje-gwaje ${rng.int(3, 6)} sun wuce.`,
      'Done: the model builds with --fast and mason test is green.',
      'An gyara. Akwai gargaɗi a Dust.chpl har yanzu, amma ba shi da alaƙa da wannan canjin.',
      `A taƙaice: ensemble ɗin yana gudana cikin ${dur(rng, 38, 60, 1)} s a kan locales huɗu.`,
    ]),
  probe: (rng) => rng.pick(['Ci gaba.', 'Ci gaba daga inda ka tsaya.', 'Me ke gaba?']),
  planters: PLANTERS,
};
