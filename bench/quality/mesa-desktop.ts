/**
 * The desktop harness of the mesa family (mesa.ts): a Claude-Desktop-like MCP client. The tools of
 * several MCP servers reach the model namespaced by their server (`filesystem__read_file`,
 * `terminal__execute_command`, `github__create_issue`); calls are native, several independent ones at
 * once, and each tool message holds the server's `CallToolResult` content array as the client passes
 * it on: `[{"type": "text", "text": …}]`.
 * Modelica with OpenModelica 1.24: `omc` running `.mos` scripts (each expression's value printed in
 * turn), `checkModel`'s equation and variable counts, `simulate`'s `record SimulationResult … end
 * SimulationResult;`, the front end's `[file:l:c-l:c:writable] Error:` lines, over-determined systems,
 * runtime `assert` failures in the simulation log, result CSVs; a solar hot-water loop for a
 * Gujarati-speaking engineer.
 * Reconstructed rather than copied: the `server__tool` spelling (clients differ in how they keep
 * servers' tools apart), the terminal server's tool and its trailing exit-code line, and omc's output
 * from memory of 1.2x.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pieces,
  say,
  some,
  type MesaCall,
  type MesaHarness,
  type MesaStep,
  type Planter,
} from './mesa-kit';

const ROOT = '/Users/hetal/projects/surya-loop';
const PKG = 'SuryaLoop';
const MODELS = ['Collector', 'StorageTank', 'Pump', 'Controller', 'Pipe', 'System', 'HeatExchanger'];

const MO = [
  `within ${PKG};\nmodel Collector "Flat-plate collector, Hottel-Whillier-Bliss"\n  extends Modelica.Fluid.Interfaces.PartialTwoPort;\n  parameter Modelica.Units.SI.Area A = 2.1 "Aperture area";\n  parameter Real eta0 = 0.78 "Optical efficiency";\n  parameter Real a1(unit="W/(m2.K)") = 3.7;\n  Modelica.Blocks.Interfaces.RealInput G(unit="W/m2") "Irradiance";\n  Modelica.Blocks.Interfaces.RealInput T_amb(unit="K");`,
  `equation\n  Q_flow = A*(eta0*G - a1*(T_mean - T_amb));\n  port_b.h_outflow = inStream(port_a.h_outflow) + Q_flow/max(m_flow, 1e-4);\n  port_a.m_flow + port_b.m_flow = 0;`,
  `model StorageTank "Stratified tank, 6 nodes"\n  parameter Integer nSeg = 6;\n  parameter Modelica.Units.SI.Volume V = 0.3;\n  Modelica.Thermal.HeatTransfer.Components.HeatCapacitor seg[nSeg](each C = 4186*1000*V/nSeg);\nend StorageTank;`,
  `model Controller "Differential thermostat"\n  parameter Modelica.Units.SI.TemperatureDifference dT_on = 6;\n  parameter Modelica.Units.SI.TemperatureDifference dT_off = 2;\n  Modelica.Blocks.Logical.Hysteresis hys(uLow=dT_off, uHigh=dT_on);\nend Controller;`,
  `annotation (experiment(StartTime=0, StopTime=86400, Interval=60, Tolerance=1e-06, __Dymola_Algorithm="Dassl"));`,
];

function cmd(command: string, output: string, code = 0): MesaCall {
  const text = `${output}\n\nCommand completed with exit code ${code}`;
  return code === 0
    ? ok('terminal__execute_command', { command, cwd: ROOT }, text, 0)
    : fail('terminal__execute_command', { command, cwd: ROOT }, text, code);
}

function read(rng: Rng, file: string): MesaCall {
  return ok('filesystem__read_file', { path: `${ROOT}/${file}` }, pieces(rng, MO, rng.int(14, 34)));
}

function check(rng: Rng, model: string): string {
  const n = rng.int(30, 420);
  return `true\n""\n"Check of ${PKG}.${model} completed successfully.\nClass ${PKG}.${model} has ${n} equation(s) and ${n} variable(s).\n${rng.int(5, Math.floor(n / 2))} of these are trivial equation(s)."\n""`;
}

function simulate(rng: Rng, model = 'System', extra = ''): string {
  const t = [dur(rng, 0.2, 1.5, 6), dur(rng, 0.1, 0.9, 6), dur(rng, 0.01, 0.2, 6), dur(rng, 0.1, 0.6, 6)];
  const compile = dur(rng, 2, 9, 6);
  const sim = dur(rng, 0.1, 4, 6);
  return `true\n""\nrecord SimulationResult\n    resultFile = "${ROOT}/build/${PKG}.${model}_res.mat",\n    simulationOptions = "startTime = 0.0, stopTime = 86400.0, numberOfIntervals = 1440, tolerance = 1e-06, method = 'dassl', fileNamePrefix = '${PKG}.${model}', options = '', outputFormat = 'mat', variableFilter = '.*', cflags = '', simflags = ''",\n    messages = "LOG_SUCCESS       | info    | The initialization finished successfully without homotopy method.\n${extra}LOG_SUCCESS       | info    | The simulation finished successfully.\n",\n    timeFrontend = ${t[0]},\n    timeBackend = ${t[1]},\n    timeSimCode = ${t[2]},\n    timeTemplates = ${t[3]},\n    timeCompile = ${compile},\n    timeSimulation = ${sim},\n    timeTotal = ${(t.reduce((a, b) => a + Number(b), 0) + Number(compile) + Number(sim)).toFixed(6)}\nend SimulationResult;\n""`;
}

function csv(rng: Rng, rows: number): string {
  let tank = 288 + rng.next() * 4;
  return `"time","collector.T_mean","tank.seg[1].T","tank.seg[6].T","pump.m_flow","weather.G"\n${lines(rows, (i) => {
    const s = i * 60;
    const g = Math.max(0, 950 * Math.sin((Math.PI * (s - 21600)) / 46800));
    tank += g > 200 ? 0.012 : -0.002;
    return `${s},${(tank + g / 60).toFixed(4)},${(tank + 3).toFixed(4)},${tank.toFixed(4)},${g > 200 ? '0.05' : '0'},${g.toFixed(2)}`;
  })}`;
}

function issue(n: number): string {
  return JSON.stringify({ number: n, state: 'open', html_url: `https://github.com/hetal-p/surya-loop/issues/${n}` });
}

function desktopNoise(rng: Rng): MesaStep {
  const m = rng.pick(MODELS);
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, cmd(`omc scripts/check_${m.toLowerCase()}.mos`, check(rng, m)));
  if (r === 1) return one(undefined, cmd('omc scripts/simulate.mos', simulate(rng)));
  if (r === 2) return one(undefined, read(rng, `${PKG}/${m}.mo`));
  if (r === 3)
    return one(
      undefined,
      ok(
        'filesystem__list_directory',
        { path: `${ROOT}/${PKG}` },
        ['[FILE] package.mo', '[FILE] package.order', ...MODELS.map((x) => `[FILE] ${x}.mo`), '[DIR] Examples'].join(
          '\n',
        ),
      ),
    );
  if (r === 4)
    return many('Checking two models side by side.', [
      cmd(`omc scripts/check_${m.toLowerCase()}.mos`, check(rng, m)),
      read(rng, `${PKG}/${m}.mo`),
    ]);
  if (r === 5)
    return one(
      undefined,
      cmd(
        `python3 scripts/daily_yield.py build/${PKG}.System_res.mat`,
        `read ${rng.int(1400, 1500)} samples\ncollector yield: ${dur(rng, 4, 11)} kWh\ntank top max: ${dur(rng, 48, 71, 1)} degC\npump run time: ${dur(rng, 4, 8, 1)} h\nsolar fraction: ${dur(rng, 0.4, 0.8)}`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      ok(
        'github__search_issues',
        { q: `repo:hetal-p/surya-loop is:issue is:open ${rng.pick(['tank', 'pump', 'init', 'weather'])}` },
        JSON.stringify({
          total_count: 2,
          items: [
            { number: rng.int(3, 40), title: 'Tank stratification inverts after midnight', state: 'open' },
            { number: rng.int(41, 80), title: 'Weather file for Ahmedabad misses Feb 29', state: 'open' },
          ],
        }),
      ),
    );
  if (r === 7)
    return one(
      undefined,
      cmd(
        `omc scripts/check_${m.toLowerCase()}.mos`,
        `true\n""\n"[${ROOT}/${PKG}/${m}.mo:${rng.int(10, 60)}:3-${rng.int(10, 60)}:41:writable] Warning: Parameter pump.m_flow_nominal has no value, and is fixed during initialization (fixed=true), using available start value (start=0.05) as default value.\nCheck of ${PKG}.${m} completed successfully.\nClass ${PKG}.${m} has ${rng.int(30, 200)} equation(s) and the same number of variable(s)."\n""`,
      ),
    );
  return one(
    undefined,
    cmd(
      'git status --short && git log --oneline -3',
      `${some(rng, MODELS, rng.int(1, 3))
        .map((x) => ` M ${PKG}/${x}.mo`)
        .join(
          '\n',
        )}\n${hex(rng, 7)} tank: six segments\n${hex(rng, 7)} collector: incidence angle modifier\n${hex(rng, 7)} weather: TMY for Ahmedabad`,
    ),
  );
}

function desktopBig(rng: Rng): MesaStep {
  if (rng.chance(0.5))
    return one(
      'The whole day of results, minute by minute.',
      ok('filesystem__read_file', { path: `${ROOT}/build/${PKG}.System_res.csv` }, csv(rng, rng.int(420, 520))),
    );
  return one(
    undefined,
    cmd(
      'omc -d=initialization scripts/simulate.mos',
      simulate(
        rng,
        'System',
        lines(
          rng.int(260, 340),
          (i) =>
            `LOG_INIT          | info    | | | | ${rng.pick(['collector', 'tank.seg', 'pump', 'pipe', 'hx'])}[${(i % 6) + 1}].${rng.pick(['T', 'h', 'm_flow', 'p'])} = ${(rng.next() * 400).toFixed(6)} (start=${(rng.next() * 400).toFixed(1)}, nominal=1)`,
        ) + '\n',
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
        const needle = `${t} નામનું સૌર કલેક્ટર મોડેલ બનાવવું, જે આખા દિવસનું સિમ્યુલેશન ચલાવે`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `નમસ્તે! પ્રોજેક્ટ ${ROOT} માં છે — OpenModelica 1.24 માં સૌર ગરમ પાણીના લૂપનું મોડેલ. મારે ${needle}. દરેક પગલું સમજાવજો.`,
            },
            {
              step: many('Reading the package and checking the current system model at once.', [
                ok(
                  'filesystem__list_directory',
                  { path: `${ROOT}/${PKG}` },
                  ['[FILE] package.mo', ...MODELS.map((x) => `[FILE] ${x}.mo`)].join('\n'),
                ),
                cmd('omc scripts/check_system.mos', check(rng, 'System')),
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
        const needle = `${t}: શિયાળાના દિવસ માટે પણ સિમ્યુલેશન ઉમેરવું`;
        return { how: 'user-followup', needle, beats: [{ user: `હવે પછીનું કામ: ${needle}.` }] };
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
            (x) => `${x}: StopTime હંમેશાં 86400 સેકન્ડ રાખવો`,
            (x) => `${x} માટે Tolerance 1e-6 થી વધારે ન રાખવી`,
            (x) => `Modelica Standard Library 4.0.0 સિવાય કોઈ લાઇબ્રેરી ${x} માં ન વાપરવી`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`એક નિયમ: ${needle}.`, `યાદ રાખજો — ${needle}.`, `મહત્વનું: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `MODEL RULE ${T}: every connector carries units, and no model may use Real without a unit attribute`,
          `MODEL RULE ${T}: the pump never runs above 0.08 kg/s; the supplier's curve ends there`,
          `MODEL RULE ${T}: weather comes only from weather/ahmedabad_tmy3.mos, never from inline tables`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'CONTRIBUTING.md lists the rules the models have to follow.',
                ok(
                  'filesystem__read_file',
                  { path: `${ROOT}/CONTRIBUTING.md` },
                  `# Contributing to SuryaLoop\n\nRun scripts/check_all.mos before every commit; CI runs it too.\n\n${needle}.\n\nResults under build/ are never committed.`,
                ),
              ),
            },
            {
              step: one(
                `${T} noted; re-checking the system against it.`,
                cmd('omc scripts/check_system.mos', check(rng, 'System')),
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
            (x) => `I'll model the ${x} pipe with a fixed heat-loss coefficient instead of a full wall model`,
            (x) => `Going with DASSL for ${x}, since the controller's hysteresis makes CVODE step too small`,
            (x) => `${x} gets a six-node stratified tank rather than a fully mixed one`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                ok(
                  'filesystem__write_file',
                  { path: `${ROOT}/docs/decisions.md`, content: `- ${needle}.\n` },
                  `Successfully wrote to ${ROOT}/docs/decisions.md`,
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
        const needle = `${t} માટે પંપનો પ્રવાહ 0.05 kg/s નક્કી રાખીએ`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`અમે નક્કી કર્યું: ${needle}.`, `આમ કરીએ: ${needle}; સપ્લાયરે એ જ કહ્યું છે.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const name = `${t.charAt(0).toUpperCase()}${t.slice(1)}Bypass`;
        const needle = `${PKG}/${name}.mo`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A bypass valve model of its own, then a check of it.', [
                ok(
                  'filesystem__write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `within ${PKG};\nmodel ${name} "Thermostatic bypass"\n  extends Modelica.Fluid.Valves.ValveLinear(dp_nominal=2000, m_flow_nominal=0.05);\nend ${name};\n`,
                  },
                  `Successfully wrote to ${ROOT}/${needle}`,
                ),
                cmd(`omc scripts/check_${t}.mos`, check(rng, name)),
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `scripts/${t}_sweep.mos`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A script for the flow-rate sweep.',
                ok(
                  'filesystem__write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `loadModel(Modelica, {"4.0.0"}); getErrorString();\nloadFile("${PKG}/package.mo"); getErrorString();\nfor m in {0.02, 0.04, 0.06, 0.08} loop\n  simulate(${PKG}.System, stopTime=86400, simflags="-override=pump.m_flow_nominal="+String(m)); getErrorString();\nend for;\n`,
                  },
                  `Successfully wrote to ${ROOT}/${needle}`,
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
        const needle = `Error: Variable ${t}_T not found in scope ${PKG}.Collector.`;
        const l = rng.int(20, 70);
        return {
          how: 'tool-omc',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'omc scripts/check_collector.mos',
                  `true\n""\n""\n"[${ROOT}/${PKG}/Collector.mo:${l}:3-${l}:52:writable] ${needle}\nError: Error occurred while flattening model ${PKG}.Collector\n"`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}_T was renamed to T_amb in the interface; the equation still uses the old name.`,
                read(rng, `${PKG}/Collector.mo`),
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
        const needle = `assert | debug | ${t}: tank temperature above 368.15 K`;
        return {
          how: 'tool-runtime',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'omc scripts/simulate.mos',
                  `true\n""\nrecord SimulationResult\n    resultFile = "",\n    simulationOptions = "startTime = 0.0, stopTime = 86400.0, numberOfIntervals = 1440, tolerance = 1e-06, method = 'dassl', fileNamePrefix = '${PKG}.System', options = '', outputFormat = 'mat', variableFilter = '.*', cflags = '', simflags = ''",\n    messages = "Simulation execution failed for model: ${PKG}.System\nLOG_SUCCESS       | info    | The initialization finished successfully without homotopy method.\n${needle}\nLOG_ASSERT        | info    | simulation terminated by an assertion at time ${rng.int(40000, 60000)}.${rng.int(100, 999)}\n"\nend SimulationResult;\n"Warning: The model contains alias variables with redundant start and/or conflicting nominal values."`,
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
        const needle = `collector energy: ${t} J`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  `python3 scripts/daily_yield.py build/${PKG}.System_res.mat`,
                  `read 1441 samples\n${needle}\ntank top max: ${dur(rng, 48, 71, 1)} degC\npump run time: ${dur(rng, 4, 8, 1)} h`,
                ),
              ),
            },
            {
              step: one(
                `The baseline is ${needle}; it goes into the README so later changes compare against it.`,
                ok(
                  'filesystem__write_file',
                  { path: `${ROOT}/docs/baseline.txt`, content: `${needle}\n` },
                  `Successfully wrote to ${ROOT}/docs/baseline.txt`,
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
            {
              step: one(
                undefined,
                cmd('shasum -a 256 weather/ahmedabad_tmy3.mos', `${needle}${hex(rng, 32)}  weather/ahmedabad_tmy3.mos`),
              ),
            },
            {
              step: one(
                `Weather file pinned at ${needle}…; filing the day-59 gap against that version.`,
                ok(
                  'github__create_issue',
                  {
                    owner: 'hetal-p',
                    repo: 'surya-loop',
                    title: 'TMY3 file has no irradiance for day 59',
                    body: `weather/ahmedabad_tmy3.mos (sha256 ${needle}…) has G = 0 all of 28 Feb.`,
                  },
                  issue(rng.int(81, 140)),
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
        const needle = `GEDA-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `ગ્રાન્ટ નંબર ${needle} છે; રિપોર્ટના પહેલા પાના પર લખજો.` }],
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
            (x) => `Next: simulate ${x} for a cloudy winter day and compare the solar fraction`,
            (x) => `Still open: validate ${x} against the measured tank temperatures from March`,
            (x) => `હવે પછી: ${x} માટે પંપના ત્રણ પ્રવાહો સરખાવવા`,
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
                cmd(`git commit -qam "wip: ${t}" && git log --oneline -1`, `${hex(rng, 7)} wip: ${t}`),
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
        const needle = `છેલ્લે ${t} નો ટૂંકો રિપોર્ટ ગુજરાતીમાં લખજો`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `આભાર. છેલ્લું કામ: ${needle}.` },
            { step: one(undefined, cmd('omc scripts/simulate.mos', simulate(rng))) },
          ],
        };
      },
    },
  ],
};

/** The desktop harness. */
export const MESA_DESKTOP: MesaHarness = {
  style: 'desktop',
  protocol: 'native',
  system: `The assistant is working with the user in a desktop app, with MCP servers connected: filesystem (allowed directory ${ROOT}), terminal (commands run in a login shell on the user's Mac) and github. Tools are named <server>__<tool>. Independent tool calls may be made in parallel. The project is a Modelica package (${PKG}) simulated with OpenModelica 1.24 (omc) and the Modelica Standard Library 4.0.0. The user writes Gujarati; reply in Gujarati.`,
  tools: [
    'filesystem__read_file',
    'filesystem__write_file',
    'filesystem__list_directory',
    'terminal__execute_command',
    'github__create_issue',
    'github__search_issues',
  ],
  callId: (rng) => `toolu_01${chars(rng, 22)}`,
  wrap: (c) => JSON.stringify([{ type: 'text', text: c.output }]),
  noise: desktopNoise,
  big: desktopBig,
  followUp: (rng) =>
    rng.pick([
      'સિમ્યુલેશન પૂરું થયું?',
      'હવે શું બાકી છે?',
      'ટૂંકમાં કહો શું બદલ્યું.',
      'મહેરબાની કરીને ચેક ફરીથી ચલાવો.',
      'ટાંકીનું તાપમાન કેટલું આવ્યું?',
      'કોઈ ચેતવણી બાકી છે?',
    ]),
  keepGoing: (rng) => rng.pick(['આગળ વધો.', 'અટક્યા વગર આગળ વધો.', 'બધાં મોડેલ ચેક પાસ થાય ત્યાં સુધી આગળ વધો.']),
  answer: (rng) =>
    rng.pick([
      `પૂરું થયું: મોડેલ ચેક પાસ થયું અને સિમ્યુલેશન સફળ રહ્યું, ${rng.int(30, 400)} સમીકરણો.`,
      'Done: every model checks and the day-long simulation finishes without assertions.',
      'સુધાર્યું. weather ફાઇલમાં એક જૂની ચેતવણી છે, એ આ ફેરફાર સાથે સંબંધિત નથી.',
      'ટૂંકમાં: બદલાયેલું મોડેલ ચાલે છે અને પરિણામ પહેલાં જેવાં જ છે.',
    ]),
  probe: (rng) => rng.pick(['આગળ વધો.', 'જ્યાં અટક્યા ત્યાંથી આગળ વધો.', 'હવે શું?']),
  planters: PLANTERS,
};
