/**
 * The taskweaver harness of the vast family (vast.ts): a TaskWeaver-like planner and code
 * interpreter as one text protocol. The Planner's JSON (`init_plan`, `plan`, `current_plan_step`,
 * `send_to`) opens a turn; each step is the CodeInterpreter's `{"response": {"thought", "reply_type":
 * "python", "reply_content"}}` with Python calling the session's plugins (`run_matlab`, `read_text`,
 * `write_text`, `edit_text`, `find_in_files`), one snippet a step, and the harness answers in a user
 * message: "The execution of the generated python code above has succeeded" (or failed, with the
 * logged traceback) and the stdout. A MATLAB R2024a / Simulink model (runtests, checkcode, Simulink
 * diagram errors), for a Tamil-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  dur,
  fail,
  firstLine,
  lines,
  mdTable,
  ok,
  one,
  pyArgs,
  say,
  type Planter,
  type VastCall,
  type VastHarness,
  type VastStep,
} from './vast-kit';

const ROOT = '/home/kavitha/work/neerpasanam';
const FILES = [
  '+ctrl/pumpLogic.m',
  '+ctrl/pidTune.m',
  'sensors/readMoisture.m',
  'tests/TestController.m',
  'scripts/runAll.m',
];

function matlab(command: string, output: string, exitCode = 0): VastCall {
  return exitCode === 0 ? ok('run_matlab', { command }, output, 0) : fail('run_matlab', { command }, output, exitCode);
}

function mcode(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `function u = pumpStep${i}(e, state, p)`,
      `    u = p.Kp * e + state.integ;`,
      `    state.integ = min(max(state.integ + p.Ki * p.Ts * e, p.uMin), p.uMax);`,
      'end',
      `% ${rng.pick(['ஈரப்பதம் சதவீதத்தில் (0-100).', 'Sample time is set in the model workspace.', 'பம்பு 230V, relay வழியாக.'])}`,
      '',
      `moisture = readMoisture(csvPath);`,
      `    arguments\n        e (1,1) double\n    end`,
      `set_param('neerpasanam/Controller', 'SimulationCommand', 'update');`,
      `assert(all(isfinite(u)), 'ctrl:nan', 'control output is not finite');`,
    ]),
  );
}

function tests(rng: Rng, failure = ''): string {
  const suites = rng.sample(['TestController', 'TestSensors', 'TestPumpLogic', 'TestModel'], rng.int(2, 4));
  const n = suites.length * rng.int(3, 9);
  const body = suites
    .map(
      (s, i) =>
        `Running ${s}\n${'.'.repeat(rng.int(2, 10))}${i === 0 && failure ? `\n${failure}\n.` : ''}\nDone ${s}\n__________\n`,
    )
    .join('\n');
  const summary = failure
    ? `Failure Summary:\n\n     Name                               Failed  Incomplete  Reason(s)\n    ===================================================================\n     ${(failure.match(/Verification failed in (\S+)\./)?.[1] ?? 'TestController/test').padEnd(34)} X                 Failed by verification.\n\nTotals:\n   ${n - 1} Passed, 1 Failed, 0 Incomplete.\n   ${dur(rng, 1, 30, 4)} seconds testing time.`
    : `Totals:\n   ${n} Passed, 0 Failed, 0 Incomplete.\n   ${dur(rng, 1, 30, 4)} seconds testing time.`;
  return `${body}\n${summary}`;
}

function twNoise(rng: Rng): VastStep {
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, matlab("results = runtests('tests'); disp(table(results))", tests(rng)));
  if (r === 1) {
    const f = rng.pick(FILES);
    return one(
      rng.pick(['கோப்பைப் படித்துப் பார்க்கிறேன்.', undefined]),
      ok('read_text', { path: f }, mcode(rng, rng.int(10, 40))),
    );
  }
  if (r === 2)
    return one(
      undefined,
      matlab(
        "checkcode('+ctrl', '-id')",
        rng.chance(0.5)
          ? ''
          : `========== ${ROOT}/${rng.pick(FILES)} ==========\nL ${rng.int(3, 120)} (C ${rng.int(3, 20)}-${rng.int(21, 30)}): NASGU: The value assigned to variable 'tmp' might be unused.\nL ${rng.int(3, 120)} (C 5): AGROW: The variable 'log' appears to change size on every loop iteration. Consider preallocating for speed.`,
      ),
    );
  if (r === 3)
    return one(
      undefined,
      ok(
        'find_in_files',
        { pattern: rng.pick(['pumpStep', 'readMoisture', 'p.Ts', 'SimulationCommand']), folder: '.' },
        lines(rng.int(3, 12), () => `${rng.pick(FILES)}:${rng.int(3, 200)}: ${firstLine(mcode(rng, 3))}`),
      ),
    );
  const day = rng.int(10, 28);
  if (r === 4)
    return one(
      'மாதிரியை ஒருமுறை ஓட்டிப் பார்க்கிறேன்.',
      matlab(
        "simOut = sim('neerpasanam', 'StopTime', '3600'); disp(simOut.SimulationMetadata.TimingInfo)",
        `           WallClockTimestampStart: '2025-03-${day} 10:${rng.int(10, 59)}:${rng.int(10, 59)}.${rng.int(100000, 999999)}'\n            WallClockTimestampStop: '2025-03-${day} 11:${rng.int(10, 59)}:${rng.int(10, 59)}.${rng.int(100000, 999999)}'\n                 InitializationElapsedWallTime: ${dur(rng, 0.5, 4, 4)}\n                     ExecutionElapsedWallTime: ${dur(rng, 0.5, 9, 4)}\n                   TerminationElapsedWallTime: ${dur(rng, 0.01, 0.3, 4)}\n                         TotalElapsedWallTime: ${dur(rng, 1, 12, 4)}\n                       ProfilerTotalElapsedTime: 0`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      matlab(
        '!git status --short',
        lines(rng.int(1, 3), () => ` M ${rng.pick(FILES)}`),
      ),
    );
  if (r === 6)
    return one(
      undefined,
      matlab(
        "ver('simulink'); ver('stateflow')",
        `-----------------------------------------------------------------------------------------------------\nMATLAB Version: 24.1.0.${rng.int(2000000, 2999999)} (R2024a) Update ${rng.int(1, 6)}\nOperating System: Linux 6.8.0-${rng.int(30, 60)}-generic #${rng.int(30, 60)}-Ubuntu SMP x86_64\nJava Version: Java 1.8.0_202-b08 with Oracle Corporation Java HotSpot(TM) 64-Bit Server VM mixed mode\n-----------------------------------------------------------------------------------------------------\nSimulink                                              Version 24.1        (R2024a)\nStateflow                                             Version 24.1        (R2024a)`,
      ),
    );
  return one(
    undefined,
    matlab(
      "results = runtests('tests'); disp(table(results))",
      `License checkout failed.\nLicense Manager Error -15\nMATLAB is unable to connect to the license server.\nCheck that the license manager has been started, and that the MATLAB client machine can communicate\nwith the license server.\n\nTroubleshoot this issue by visiting:\nhttps://www.mathworks.com/support/lme/15\n\nDiagnostic Information:\nFeature: MATLAB\nLicense path: 27000@licsrv.agri.local\nLicensing error: -15,570.  System Error: 115`,
      1,
    ),
  );
}

function twBig(rng: Rng): VastStep {
  if (rng.chance(0.5))
    return one(
      'ஒரு நாள் முழுவதற்கான சிமுலேஷன் பதிவை அச்சிடுகிறேன்.',
      matlab(
        "T = readtable('out/log.csv'); disp(T)",
        `    ${['time_s', 'moisture_pct', 'valve', 'pump_u', 'flow_lpm'].map((h) => h.padStart(14)).join('')}\n${lines(rng.int(420, 540), (i) => `    ${String(i * 60).padStart(14)}${dur(rng, 18, 60).padStart(14)}${String(rng.int(0, 1)).padStart(14)}${dur(rng, 0, 1, 4).padStart(14)}${dur(rng, 0, 40).padStart(14)}`)}`,
      ),
    );
  return one(undefined, ok('read_text', { path: '+ctrl/pumpLogic.m' }, mcode(rng, rng.int(430, 530))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t} பம்புக்கு PI கட்டுப்படுத்தியைச் சேர்க்க வேண்டும்`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `வணக்கம்! திட்டம் ~/work/neerpasanam, ஒரு MATLAB R2024a / Simulink நீர்ப்பாசன மாதிரி. ${needle}; இப்போது பம்பு on/off மட்டும்தான். .slx கோப்பின் layout-ஐ மாற்ற வேண்டாம்.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t} சென்சார் தரவை CSV-யிலிருந்து படிக்கும் செயல்பாடு`;
        return { how: 'user-followup', needle, beats: [{ user: `அடுத்த பணி: ${needle} எழுதுங்கள், நேர முத்திரையுடன்.` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t} அலாரம் நிலையை Stateflow-இல் சேர்க்கவும்`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `இன்னொன்று: ${needle}; தொட்டி காலியானால் பம்பு நிற்க வேண்டும்.` }],
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
            (x) => `${x} Control System Toolbox இல்லாமல் இயங்க வேண்டும்`,
            (x) => `${x} இல் Control System Toolbox பயன்படுத்தக் கூடாது`,
            (x) => `no Control System Toolbox calls anywhere in ${x}`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `ஒரு நிபந்தனை: ${needle}; இலக்குக் கணினியில் அந்த உரிமம் இல்லை.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const row = [`+ctrl/${t}.m`, 'fixed-step solver மட்டும் (ode4, Ts = 1 ms)'];
        const needle = `| ${row.join(' | ')} |`;
        return {
          how: 'tool-rules',
          needle,
          beats: [
            {
              step: one(
                'மாற்றுவதற்கு முன் குழுவின் விதிகளைப் படிக்கிறேன்.',
                ok(
                  'read_text',
                  { path: 'docs/RULES.md' },
                  `# விதிகள்\n\nPR-க்கு முன் \`runtests('tests')\` மற்றும் \`checkcode\` ஓட்ட வேண்டும்.\n\n${mdTable(
                    ['கோப்பு', 'விதி'],
                    [['sensors/*.m', 'அலகுகள் SI-இல் மட்டும்'], row, ['*.slx', 'layout மாற்றம் தனி PR-இல்']],
                  )}\n${rng.chance(0.5) ? '\nசோதனைகள் இல்லாத PR பார்க்கப்படாது.\n' : ''}`,
                ),
              ),
            },
            {
              step: one(
                `${t}.m fixed-step ode4-இல் மட்டும்; மாதிரியின் solver-ஐச் சரிபார்க்கிறேன்.`,
                matlab("get_param('neerpasanam', 'Solver')", "ans =\n\n    'ode4'"),
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
            (x) => `I'll use a discrete PI with clamping anti-windup for ${x}`,
            (x) => `${x}-க்கு clamping anti-windup உடன் discrete PI தேர்ந்தெடுத்தேன்`,
            (x) => `Chosen approach: discrete PI with clamping anti-windup in ${x}`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}; back-calculation needs a tuning constant we do not have.`,
                ok(
                  'write_text',
                  {
                    path: `+ctrl/${t}.m`,
                    content: `function [u, s] = ${t}(e, s, p)\n%${t.toUpperCase()} discrete PI with clamping\n    u = p.Kp * e + s.integ;\n    if u > p.uMin && u < p.uMax\n        s.integ = s.integ + p.Ki * p.Ts * e;\n    end\n    u = min(max(u, p.uMin), p.uMax);\nend\n`,
                  },
                  `wrote ${rng.int(200, 400)} characters`,
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
        const needle = `${t} மாதிரியின் sample time 10 ms ஆக இருக்கட்டும்`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`குழுவில் பேசி முடிவு செய்தோம்: ${needle}.`, `சரி, ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `sensors/${t}Read.m`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'புதிய செயல்பாட்டுக் கோப்பை உருவாக்குகிறேன்.',
                ok(
                  'write_text',
                  {
                    path: needle,
                    content: `function T = ${t}Read(csvPath)\n    arguments\n        csvPath (1,1) string\n    end\n${mcode(rng, 4)}\nend\n`,
                  },
                  `wrote ${rng.int(200, 600)} characters`,
                ),
              ),
            },
            { step: one(undefined, matlab(`checkcode('${needle}')`, '')) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/Test${cap(t)}.m`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'edit_text',
                  { path: needle, old: "testCase.assumeFail('todo');", new: 'testCase.verifyLessThan(overshoot, 10);' },
                  '1 replacement made',
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
        const needle = `Unrecognized function or variable '${t}'.`;
        const out = `Error using pidTune (line ${rng.int(10, 80)})\n${needle}\n\nError in buildController (line ${rng.int(5, 40)})\n    c = pidTune(plant, opts);\n\nError in runAll (line ${rng.int(3, 20)})\n    ctrl = buildController(cfg);`;
        return {
          how: 'tool-matlab',
          needle,
          beats: [
            { step: one(undefined, matlab('run scripts/runAll.m', out, 1)) },
            {
              step: one(
                `${t} என்பது cfg struct-இன் புலம்; pidTune அதை நேரடியாகப் பயன்படுத்துகிறது. சரிசெய்கிறேன்.`,
                ok('read_text', { path: '+ctrl/pidTune.m' }, mcode(rng, 12)),
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
        const needle = `Verification failed in Test${cap(t)}/testStepResponse.`;
        const failure = `================================================================================\n${needle}\n    ---------------------\n    Framework Diagnostic:\n    ---------------------\n    verifyLessThan failed.\n    --> The value must be less than the maximum value.\n    \n    Actual Value:\n      ${dur(rng, 10.5, 30, 4)}\n    Maximum Value (Exclusive):\n        10\n    ------------------\n    Stack Information:\n    ------------------\n    In ${ROOT}/tests/Test${cap(t)}.m (Test${cap(t)}.testStepResponse) at ${rng.int(20, 90)}\n================================================================================`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 40 : 2,
          (i) =>
            `Setting up ProjectFixture\nDone setting up ProjectFixture: Project 'neerpasanam' is already loaded (${i})`,
          '',
          tests(rng, failure),
        );
        return {
          how: 'tool-runtests',
          needle,
          beats: [
            { step: one(undefined, matlab("results = runtests('tests'); disp(table(results))", out, 1)) },
            {
              step: one(
                `Test${cap(t)}: overshoot 10%-ஐ விட அதிகம்; Kp குறைக்க வேண்டும்.`,
                ok('read_text', { path: `tests/Test${cap(t)}.m` }, mcode(rng, 10)),
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
        const needle = `'neerpasanam/${t}/Gain' Output Port 1`;
        const out = `Error due to multiple causes.\n\nCaused by:\n    Error in port widths or dimensions. ${needle} is a one dimensional vector with 4 elements.\n    Error in port widths or dimensions. 'neerpasanam/Plant/Sum' Input Port 2 is a one dimensional vector with 1 elements.`;
        return {
          how: 'tool-simulink',
          needle,
          beats: [
            {
              step: one(
                'மாதிரியை update செய்கிறேன்.',
                matlab("set_param('neerpasanam', 'SimulationCommand', 'update')", out, 1),
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
        const needle = `${t}${rng.int(100, 429)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                matlab(
                  "disp(Simulink.BlockDiagram.getChecksum('neerpasanam'))",
                  `  4×1 uint32 column vector\n\n   ${needle}\n   ${rng.int(1000000000, 4200000000)}\n   ${rng.int(1000000000, 4200000000)}\n   ${rng.int(1000000000, 4200000000)}`,
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
        const needle = `NP-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Jira சீட்டு எண் ${needle}; commit செய்தியில் அதைச் சேர்க்கவும்.` }],
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
            (x) => `அடுத்த படி: ${x}-க்கு Simulink Test harness உருவாக்க வேண்டும்`,
            (x) => `Next: build a Simulink Test harness for ${x}`,
            (x) => `இன்னும் செய்ய வேண்டியது — ${x}-க்கான Simulink Test harness`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `சோதனைகள் எல்லாம் வெற்றி.\n${needle}\nஅதன் பிறகு checkcode மீண்டும்.`,
                ok('find_in_files', { pattern: `${t}_harness`, folder: 'tests' }, 'no matches'),
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
        const needle = `merge செய்வதற்கு முன் ${t} கிளையில் Polyspace ஓட்டுங்கள்`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `நன்று. முடிப்பதற்கு முன் நினைவில் கொள்ளுங்கள்: ${needle}.` },
            { step: one(`சரி, ${t}. git நிலையைப் பார்க்கிறேன்.`, matlab('!git status --short', ' M +ctrl/pumpLogic.m')) },
          ],
        };
      },
    },
  ],
};

function code(c: VastCall): string {
  if (c.tool === 'run_matlab') return `out = run_matlab(${pyArgs(c.args)})\nprint(out)`;
  if (c.tool === 'read_text' || c.tool === 'find_in_files') return `print(${c.tool}(${pyArgs(c.args)}))`;
  return `result = ${c.tool}(${pyArgs(c.args)})\nresult`;
}

const THOUGHT: Record<string, string> = {
  run_matlab: 'I will run MATLAB in batch mode and print what it reports.',
  read_text: 'I need to see the current content of the file.',
  find_in_files: 'I will search the project for the uses first.',
  write_text: 'I will write the file as planned.',
  edit_text: 'I will make the one replacement in the file.',
};

const PLAN =
  '1. read the model and the controller code\n2. change the controller <sequentially depends on 1>\n3. run checkcode and runtests <sequentially depends on 2>\n4. report the result to the user <interactively depends on 3>';

/** The taskweaver harness. */
export const VAST_TASKWEAVER: VastHarness = {
  style: 'taskweaver',
  protocol: 'text',
  system:
    'You are the Planner of TaskWeaver; you talk with the User and the CodeInterpreter. The CodeInterpreter writes Python in a stateful Jupyter kernel and can call these plugins as functions:\n\n- run_matlab(command: str) -> str: runs `matlab -batch` in /home/kavitha/work/neerpasanam (R2024a, Simulink, Stateflow, Simulink Test) and returns its output; raises on a non-zero exit.\n- read_text(path: str) -> str\n- write_text(path: str, content: str) -> str\n- edit_text(path: str, old: str, new: str) -> str\n- find_in_files(pattern: str, folder: str) -> str\n\nEvery response is a JSON object {"response": {...}}: the Planner\'s has init_plan, plan, current_plan_step, send_to and message; the CodeInterpreter\'s has thought, reply_type ("python") and reply_content. The User speaks Tamil; reply to the User in Tamil.',
  tools: ['run_matlab', 'read_text', 'write_text', 'edit_text', 'find_in_files'],
  renderStep: (s, _ids, n) => {
    const c = s.calls[0] as VastCall;
    const planner =
      n === 0
        ? [
            `Planner: ${JSON.stringify({ response: { init_plan: PLAN, plan: PLAN, current_plan_step: '1. read the model and the controller code', send_to: 'CodeInterpreter', message: 'Please look at the controller and run what is needed.' } })}`,
          ]
        : [];
    return [
      ...planner,
      `CodeInterpreter: ${JSON.stringify({ response: { thought: s.say ?? THOUGHT[c.tool] ?? 'I will call the plugin.', reply_type: 'python', reply_content: code(c) } })}`,
    ].join('\n');
  },
  renderResults: (s, _ids, n) => {
    const c = s.calls[0] as VastCall;
    if (c.status === 'ok')
      return `The execution of the generated python code above has succeeded\n\n${c.output.trim() === '' ? 'The result of above Python code after execution is:\nNone' : `The stdout is:\n${c.output}`}`;
    return `The execution of the generated python code above has failed\n\nThe stdout is:\n${c.output}\n\nDuring execution, the following messages were logged:\nTraceback (most recent call last):\n\n  Cell In[${n + 3}], line 1\n----> 1 out = run_matlab(${pyArgs(c.args)})\n\n  File /tmp/taskweaver/plugins/run_matlab.py:41, in RunMatlab.__call__(self, command)\n     40 if proc.returncode != 0:\n---> 41     raise RuntimeError(f"matlab -batch exited with status {proc.returncode}")\n\nRuntimeError: matlab -batch exited with status ${c.exitCode ?? 1}`;
  },
  resultStart: /^The execution of the generated python code above has (?:succeeded|failed)\n/,
  callMark: /^CodeInterpreter: \{"response":/gm,
  resultMark: /^The execution of the generated python code above has (?:succeeded|failed)$/gm,
  renderAnswer: (text) =>
    `Planner: ${JSON.stringify({ response: { init_plan: PLAN, plan: PLAN, current_plan_step: '4. report the result to the user', review: 'The CodeInterpreter has finished the step.', send_to: 'User', message: text } })}`,
  noise: twNoise,
  big: twBig,
  followUp: (rng) =>
    rng.pick([
      'சோதனைகள் இப்போது வெற்றியா?',
      'checkcode என்ன சொல்கிறது?',
      'runtests மீண்டும் ஓட்டுங்கள்.',
      'என்ன மாற்றினீர்கள் என்று சுருக்கமாகச் சொல்லுங்கள்.',
      'சரி, அடுத்தது என்ன?',
    ]),
  keepGoing: (rng) => rng.pick(['தொடருங்கள்.', 'தொடர்க.', 'சோதனைகள் வெற்றியாகும் வரை தொடருங்கள்.']),
  answer: (rng) =>
    rng.pick([
      'இந்தப் படி முடிந்தது: எல்லாச் சோதனைகளும் வெற்றி.',
      'சரிசெய்யப்பட்டது; checkcode ஒரே ஒரு எச்சரிக்கை மட்டும் காட்டுகிறது.',
      'சுருக்கம்: மாற்றிய கோப்புகள் பிழையின்றி இயங்குகின்றன.',
      'முடிந்தது. புதிய பிழைகள் இல்லை.',
    ]),
  probe: (rng) => rng.pick(['தொடருங்கள்.', 'நிறுத்திய இடத்திலிருந்து தொடருங்கள்.', 'இப்போது?']),
  planters: PLANTERS,
};
