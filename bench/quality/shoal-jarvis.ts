/**
 * The jarvis harness of the shoal family (shoal.ts): a HuggingGPT/JARVIS-like controller whose
 * stages are printed. Its calls are text: a reply opens `#1 Task Planning Stage` and gives one JSON list
 * of tasks `[{"task": "shell", "id": 0, "dep": [-1], "args": {…}}, …]`, several a reply; the executor
 * answers with one user message `#3 Task Execution Stage` of `[task n] tool · dep […] · exit N`
 * sections holding the raw output. Answers are `#4 Response Generation Stage` texts.
 * A CUE v0.10 configuration of the milk chilling centres of a Punjab dairy co-operative (Ludhiana,
 * Moga, Jalandhar, Bathinda, Sangrur): `cue vet` conflicts (`conflicting values 4 and "4" (mismatched
 * types int and string):` with the positions below), bounds (`invalid value 70000 (out of bound
 * <=65535)`), `field not allowed`, `reference "x" not found`, `incomplete value` on export, `cue fmt
 * --check`, `cue eval`; for a Punjabi-speaking engineer.
 * Imitated: HuggingGPT's task list (`task`, `id`, `dep`, `args`) and its four stages (from memory of
 * the JARVIS repository). Invented: the stages' print-out and the results layout (JARVIS fed results
 * back as JSON). CUE's messages are from memory (close, not exact); the Punjabi is plain and may be
 * stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  fail,
  hex,
  lines,
  many,
  nth,
  ok,
  one,
  pyJson,
  say,
  some,
  type Planter,
  type ShoalCall,
  type ShoalHarness,
  type ShoalStep,
} from './shoal-kit';

const ROOT = '/home/gurpreet/doodh-config';
const CENTRES = ['ludhiana', 'moga', 'jalandhar', 'bathinda', 'sangrur', 'patiala'];

function sh(command: string, output: string, code = 0): ShoalCall {
  return code === 0 ? ok('shell', { command }, output, 0) : fail('shell', { command }, output, code);
}
function read(path: string, content: string): ShoalCall {
  return ok('read', { path }, content);
}
function write(path: string, content: string): ShoalCall {
  return ok('write', { path, content }, `written: ${path} (${content.length} bytes)`);
}

function centreCue(c: string, rng: Rng): string {
  return `package centres\n\n${c}: #Centre & {\n\tname:     "${cap(c)} BMC"\n\tchiller: setpointC: ${rng.int(3, 5)}\n\tgateway: {\n\t\tmqttHost: "mqtt.doodh.coop"\n\t\tmqttPort: 8883\n\t}\n\ttanks: [{capacityL: ${rng.pick([2000, 5000, 10000])}}]\n}`;
}

function vetErr(rng: Rng, head: string, centre: string): string {
  const other = rng.pick(CENTRES.filter((c) => c !== centre));
  return `centres.${other}.gateway.mqttHost: incomplete value string:\n    ./schema.cue:${rng.int(18, 30)}:13\n${head}\n    ./schema.cue:${rng.int(8, 40)}:${rng.int(9, 24)}\n    ./centres/${centre}.cue:${rng.int(4, 14)}:${rng.int(3, 22)}`;
}

function jNoise(rng: Rng): ShoalStep {
  const r = rng.int(0, 5);
  const c = rng.pick(CENTRES);
  if (r === 0) return one(undefined, sh('cue vet ./...', ''));
  if (r === 1)
    return many(undefined, [
      sh(`cue eval ./centres -e ${c}.chiller`, `setpointC: ${rng.int(3, 5)}\nalarmAboveC: ${rng.int(6, 8)}`),
      read(`centres/${c}.cue`, centreCue(c, rng)),
    ]);
  if (r === 2)
    return one(
      undefined,
      sh(
        'cue fmt --check ./...',
        some(rng, CENTRES, rng.int(1, 2))
          .map((x) => `centres/${x}.cue`)
          .join('\n'),
        1,
      ),
    );
  if (r === 3)
    return many(undefined, [
      sh('git status --short', ` M centres/${c}.cue\n M schema.cue`),
      sh(
        'git log --oneline -3',
        `${hex(rng, 7)} centres: ${c} chiller setpoint\n${hex(rng, 7)} schema: tanks list\n${hex(rng, 7)} gateway ports`,
      ),
    ]);
  if (r === 4)
    return one(
      undefined,
      sh(
        'cue vet ./...',
        vetErr(rng, `centres.${c}.gateway.mqttPort: invalid value ${rng.int(65536, 90000)} (out of bound <=65535):`, c),
        1,
      ),
    );
  return many(undefined, [
    sh(
      `cue export ./centres -e ${c} --out yaml`,
      `name: ${cap(c)} BMC\nchiller:\n  setpointC: 4\n  alarmAboveC: 7\ngateway:\n  mqttHost: mqtt.doodh.coop\n  mqttPort: 8883\ntanks:\n  - capacityL: 5000`,
    ),
    sh(
      'cue version',
      'cue version v0.10.1\n\ngo version go1.22.8\n      -buildmode exe\n       CGO_ENABLED 0\n            GOOS linux',
    ),
  ]);
}

function jBig(rng: Rng): ShoalStep {
  return one(
    undefined,
    sh(
      'cue export ./... --out json',
      `{\n${lines(rng.int(420, 520), (i) => `    "${nth(CENTRES, i)}_sensor_${i}": {"kind": "${nth(['temp', 'level', 'flow', 'door', 'power'], i)}", "topic": "bmc/${nth(CENTRES, i)}/${i}", "alarmAbove": ${(i * 7) % 40}, "unit": "${nth(['C', 'L', 'L/min', 'bool', 'V'], i)}"},`)}\n    "end": null\n}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ਨਵਾਂ schema ${t} ਜੋ ਹਰ ਚਿੱਲਿੰਗ ਸੈਂਟਰ ਦੇ ਟੈਂਕ ਅਲਾਰਮ ਦੀ ਜਾਂਚ ਕਰੇ`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `ਸਤ ਸ੍ਰੀ ਅਕਾਲ! ਪ੍ਰੋਜੈਕਟ ${ROOT} ਵਿੱਚ ਹੈ — ਦੁੱਧ ਸਹਿਕਾਰੀ ਦੇ ਚਿੱਲਿੰਗ ਸੈਂਟਰਾਂ ਦੀ CUE ਕੌਂਫਿਗ। ਮੈਨੂੰ ${needle} ਚਾਹੀਦਾ ਹੈ। ਕਿਰਪਾ ਕਰਕੇ ਹਰ ਕਦਮ ਸਮਝਾਓ।`,
            },
            { step: one(undefined, sh('cue vet ./...', '')) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: Bathinda ਸੈਂਟਰ ਲਈ ਦੂਜਾ gateway ਜੋੜੋ`;
        return { how: 'user-followup', needle, beats: [{ user: `ਅਗਲਾ ਕੰਮ: ${needle}.` }] };
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
            (x) => `${x} ਵਿੱਚ mqttPort ਸਿਰਫ਼ 8883 ਹੀ ਰਹੇ`,
            (x) => `schema.cue ਦੀ #${cap(x)} definition ਨੂੰ ਨਾ ਬਦਲੋ`,
            (x) => `ਹਰ ਸੈਂਟਰ ਦਾ setpointC ${x} ਫਾਈਲ ਵਿੱਚ 4 ਤੋਂ ਵੱਧ ਨਾ ਹੋਵੇ`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`ਨਿਯਮ: ${needle}.`, `ਯਾਦ ਰੱਖੋ — ${needle}.`, `ਇਹ ਜ਼ਰੂਰੀ ਹੈ: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `// ${t}: closed definitions only, every #Centre field is listed in schema.cue`,
          `// ${t}: temperatures in whole degrees Celsius, the chillers' PLCs reject floats`,
          `// ${t}: one file per centre under centres/, named after the district`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: many(undefined, [
                read(
                  'schema.cue',
                  `package centres\n\n${needle}\n#Centre: {\n\tname: string\n\tchiller: setpointC: int & >=2 & <=6\n\tgateway: mqttPort: int & <=65535\n}`,
                ),
                sh('cue vet ./...', ''),
              ]),
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
            (x) => `${x} goes into a shared #Alarm definition embedded in every tank, not repeated per centre`,
            (x) => `I will give ${x} a default with *, so the small centres need not spell it out`,
            (x) => `${x} is exported by cue cmd deploy, not by a shell loop over cue export`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              answer: `#2 Model Selection Stage\nNo model is needed for this; the plan: ${needle}.`,
            },
            { step: one(undefined, write('docs/decisions.md', `- ${needle}\n`)) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} ਲਈ ਅਸੀਂ YAML ਦੀ ਬਜਾਏ JSON export ਵਰਤਾਂਗੇ`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`ਅਸੀਂ ਫੈਸਲਾ ਕੀਤਾ ਹੈ: ${needle}.`, `ਇਸ ਤਰ੍ਹਾਂ ਕਰੀਏ: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `centres/${t}.cue`;
        return {
          how: 'agent-create',
          needle,
          beats: [{ step: many(undefined, [write(needle, centreCue(t, rng)), sh('cue vet ./...', '')]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `alarms/${t}_tank.cue`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                write(needle, `package centres\n\n#Alarm: {\n\taboveC: int & <=8\n\tnotify: [...string]\n}`),
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
        const c = rng.pick(CENTRES);
        const needle = `centres.${c}.${t}: field not allowed`;
        return {
          how: 'tool-vet',
          needle,
          beats: [{ step: one(undefined, sh('cue vet ./...', `${vetErr(rng, `${needle}:`, c)}`, 1)) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const c = rng.pick(CENTRES);
        const needle = `reference "${t}" not found`;
        return {
          how: 'tool-eval',
          needle,
          beats: [
            {
              step: many(undefined, [
                sh(
                  `cue eval ./centres -e ${c}`,
                  `${needle}:\n    ./centres/${c}.cue:${rng.int(4, 20)}:${rng.int(10, 30)}`,
                  1,
                ),
                read(`centres/${c}.cue`, centreCue(c, rng)),
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const c = rng.pick(CENTRES);
        const needle = `conflicting values ${t} and "${t}" (mismatched types int and string)`;
        return {
          how: 'tool-conflict',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh('cue vet ./...', vetErr(rng, `centres.${c}.tanks.0.capacityL: ${needle}:`, c), 1),
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
        const c = rng.pick(CENTRES);
        const needle = `capacityL: ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `cue eval ./centres -e ${c}.tanks`,
                  `[{\n    ${needle}\n}, {\n    capacityL: ${rng.int(1000, 3000)}\n}]`,
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
        const needle = `sha256:${t}${hex(rng, 24)}`;
        return {
          how: 'tool-digest',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh('cue cmd deploy', `pushed config bundle doodh-config:2025.03 ${needle}\n${CENTRES.length} centres`),
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
        const needle = `PB-BMC-${t}`;
        return { how: 'user-paste', needle, beats: [{ user: `ਨਵੇਂ ਸੈਂਟਰ ਦਾ ਕੋਡ ${needle} ਹੈ; ਇਸਨੂੰ centres ਵਿੱਚ ਪਾਓ।` }] };
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
            (x) => `still to do: run cue cmd deploy for ${x} against the staging broker`,
            (x) => `the Sangrur gateway in ${x} has no TLS block yet`,
            (x) => `after this, write a cue test for ${x} with a centre missing its tanks`,
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
                sh(
                  `git commit -qam "config: ${t}" && git log --oneline -1`,
                  `${hex(rng, 7)} config: ${t}\n# next: ${needle}`,
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
        const needle = `ਅੰਤ ਵਿੱਚ ${t} ਬਾਰੇ ਪੰਜਾਬੀ ਵਿੱਚ ਛੋਟਾ ਸਾਰ ਲਿਖੋ`;
        return {
          how: 'user-todo',
          needle,
          beats: [{ user: `ਧੰਨਵਾਦ। ਇੱਕ ਹੋਰ ਗੱਲ: ${needle}.` }, { step: one(undefined, sh('cue vet ./...', '')) }],
        };
      },
    },
  ],
};

const TASK = { shell: 'shell', read: 'read', write: 'write' } as const;

function plan(s: ShoalStep): string {
  const tasks = s.calls.map((c, i) => ({ task: TASK[c.tool as keyof typeof TASK], id: i, dep: [-1], args: c.args }));
  return `#1 Task Planning Stage\n${s.say ? `${s.say}\n` : ''}[${tasks.map((x) => pyJson(x)).join(', ')}]`;
}

function results(s: ShoalStep): string {
  return `#3 Task Execution Stage\n${s.calls
    .map(
      (c, i) =>
        `[task ${i}] ${c.tool} · dep [-1] · ${c.status === 'ok' ? 'exit 0' : `exit ${c.exitCode ?? 1}`}\n${c.output || '(no output)'}`,
    )
    .join('\n\n')}`;
}

/** The jarvis harness. */
export const SHOAL_JARVIS: ShoalHarness = {
  style: 'jarvis',
  protocol: 'text',
  system: `#1 Task Planning Stage: The AI assistant can parse user input to several tasks: [{"task": task, "id": task_id, "dep": dependency_task_ids, "args": {...}}]. The "dep" field denotes the ids of the previous prerequisite tasks which generate a new resource that the current task relies on; -1 means none. The tasks are: shell (args: command), read (args: path), write (args: path, content). Tasks without dependencies run in parallel. #3 Task Execution Stage returns each task's output. #4 Response Generation Stage: answer the user from the results. The project is the CUE configuration of the Punjab dairy co-operative's milk chilling centres in ${ROOT}; the engineer writes Punjabi.`,
  tools: ['shell', 'read', 'write'],
  renderStep: (s) => plan(s),
  renderResults: (s) => results(s),
  renderAnswer: (text) => (text.startsWith('#2 ') ? text : `#4 Response Generation Stage\n${text}`),
  resultPrefix: '#3 Task Execution Stage\n',
  callMark: /\{"task": "/gm,
  resultMark: /^\[task \d+\] \w+ · dep /gm,
  noise: jNoise,
  big: jBig,
  followUp: (rng) =>
    rng.pick([
      'ਕੀ cue vet ਪਾਸ ਹੋ ਗਿਆ?',
      'cue ਹੁਣ ਕੀ ਕਹਿੰਦਾ ਹੈ?',
      'ਕਿਰਪਾ ਕਰਕੇ ਦੁਬਾਰਾ vet ਚਲਾਓ।',
      'ਤੁਸੀਂ ਕੀ ਬਦਲਿਆ?',
      'ਠੀਕ ਹੈ, ਹੋਰ ਕੀ ਬਾਕੀ ਹੈ?',
      'ਕੀ ਅਜੇ ਵੀ ਕੋਈ ਗਲਤੀ ਹੈ?',
    ]),
  keepGoing: (rng) => rng.pick(['ਜਾਰੀ ਰੱਖੋ।', 'ਜਾਰੀ ਰੱਖੋ, ਰੁਕੋ ਨਾ।', 'ਜਦੋਂ ਤੱਕ cue vet ਸਾਫ਼ ਨਾ ਹੋਵੇ, ਜਾਰੀ ਰੱਖੋ।']),
  answer: (rng) =>
    rng.pick([
      `ਹੋ ਗਿਆ: cue vet ਸਾਫ਼ ਹੈ ਅਤੇ ${rng.int(4, 6)} ਸੈਂਟਰ export ਹੁੰਦੇ ਹਨ।`,
      'Done: cue vet is clean and every centre exports.',
      'ਠੀਕ ਕਰ ਦਿੱਤਾ। cue fmt ਦੀ ਇੱਕ ਚੇਤਾਵਨੀ ਬਾਕੀ ਹੈ, ਪਰ ਉਹ ਇਸ ਬਦਲਾਅ ਨਾਲ ਸਬੰਧਤ ਨਹੀਂ।',
      'ਸੰਖੇਪ ਵਿੱਚ: schema ਸਾਰੇ ਟੈਂਕਾਂ ਦੀ ਜਾਂਚ ਕਰਦਾ ਹੈ।',
    ]),
  probe: (rng) => rng.pick(['ਜਾਰੀ ਰੱਖੋ।', 'ਜਿੱਥੇ ਰੁਕੇ ਸੀ ਉੱਥੋਂ ਜਾਰੀ ਰੱਖੋ।', 'ਅੱਗੇ ਕੀ ਹੈ?']),
  planters: PLANTERS,
};
