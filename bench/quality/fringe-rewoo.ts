/**
 * The rewoo harness of the fringe family (fringe.ts): a ReWOO-like planner/worker/solver. The planner
 * writes a whole plan before anything runs — `Plan: …` lines, each followed by `#E1 = Tool[input]`,
 * later steps naming earlier evidence (`LLM[Given #E1 and #E2, …]`) — the worker runs every step
 * and returns the evidence in one message (`#E1 = …`, `#E2 = …`), and the solver answers from it;
 * a session is many such plan rounds. PLC programs in IEC 61131-3 Structured Text for a bottling
 * line (an OpenPLC/matiec-like compiler's `file.st:12-4..12-10: error: …`, a CODESYS-like build
 * log, CfUnit-like test output, PLCopen XML exports, Modbus register maps, simulation runs with
 * scan times), for a Basque-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  dur,
  fail,
  lines,
  nth,
  numberLines,
  ok,
  pieces,
  say,
  some,
  type Beat,
  type FringeCall,
  type FringeHarness,
  type FringeStep,
  type Planter,
} from './fringe-kit';

const POUS = ['FB_Filler', 'FB_Capper', 'FB_Conveyor', 'FB_RejectGate', 'PRG_Main', 'GVL_IO'];
const SRC = POUS.map((p) => `src/${p}.st`);
const TESTS = ['FB_Filler_Test', 'FB_Capper_Test', 'FB_Conveyor_Test', 'FB_RejectGate_Test'];
const TOOLS = ['ReadFile', 'Compile', 'RunTests', 'Simulate', 'Grep', 'ModbusMap', 'ExportXML', 'Patch', 'LLM'];

/** Whole pieces of the line's programs, as a file view shows them. */
const ST = [
  `FUNCTION_BLOCK FB_Filler\nVAR_INPUT\n    xEnable      : BOOL;\n    xBottleInPos : BOOL;\n    rLevel_mm    : REAL;\n    rTarget_mm   : REAL := 182.0;\nEND_VAR\nVAR_OUTPUT\n    xValveOpen   : BOOL;\n    xDone        : BOOL;\nEND_VAR`,
  `CASE eState OF\n    E_FillState.Idle:\n        IF xEnable AND xBottleInPos THEN\n            eState := E_FillState.Filling;\n        END_IF\n    E_FillState.Filling:\n        xValveOpen := TRUE;\n        IF rLevel_mm >= rTarget_mm THEN\n            xValveOpen := FALSE;\n            eState := E_FillState.Settle;\n        END_IF\nEND_CASE`,
  `tonSettle(IN := (eState = E_FillState.Settle), PT := T#400MS);\nIF tonSettle.Q THEN\n    xDone := TRUE;\n    eState := E_FillState.Idle;\nEND_IF`,
  `PROGRAM PRG_Main\nVAR\n    fbFiller   : FB_Filler;\n    fbCapper   : FB_Capper;\n    fbConveyor : FB_Conveyor;\n    udiBottles : UDINT;\nEND_VAR`,
  `fbConveyor(xRun := GVL_IO.xStartPB AND NOT GVL_IO.xEStop, iSpeed_bpm := 120);\nfbFiller(xEnable := fbConveyor.xRunning, xBottleInPos := GVL_IO.xPhotoEyeFill, rLevel_mm := GVL_IO.rLevelSensor);\nIF fbFiller.xDone THEN\n    udiBottles := udiBottles + 1;\nEND_IF`,
  `VAR_GLOBAL\n    xStartPB      AT %IX0.0 : BOOL;\n    xEStop        AT %IX0.7 : BOOL;\n    xPhotoEyeFill AT %IX1.2 : BOOL;\n    rLevelSensor  AT %ID10  : REAL;\n    xFillValve    AT %QX0.1 : BOOL;\n    xCapperMotor  AT %QX0.4 : BOOL;\nEND_VAR`,
  `(* Reject gate: a bottle without a cap is pushed off 3 pitches after the cap sensor *)\nIF NOT xCapPresent AND xPitchPulse THEN\n    arShift[0] := TRUE;\nEND_IF`,
];

function st(rng: Rng, n: number): string {
  return pieces(rng, ST, n);
}

/** A call of the plan: the tool, its bracketed input, the evidence; the planner's `Plan:` text rides along. */
function step(tool: string, input: string, output: string, plan?: string, failed = false): FringeCall {
  const args = { input, ...(plan ? { plan } : {}) };
  return failed ? fail(tool, args, output, 1) : ok(tool, args, output);
}

function plan(...calls: FringeCall[]): FringeStep {
  return { calls };
}

function readFile(rng: Rng, path: string, n: number, from = 1, plan_?: string): FringeCall {
  return step(
    'ReadFile',
    path,
    numberLines(st(rng, n), from, (k, l) => `${String(k).padStart(4)}: ${l}`),
    plan_,
  );
}

/** Grep's hits: the project's lines that hold `q`, each under a file and line number. */
function grep(rng: Rng, q: string): string {
  const hits = ST.join('\n')
    .split('\n')
    .filter((l) => l.includes(q));
  return (hits.length ? hits : [`    ${q} := ${q};`]).map((l) => `${rng.pick(SRC)}:${rng.int(5, 120)}:${l}`).join('\n');
}

/** A matiec location: a file, then `line-col..line-col` on one line. */
function span(rng: Rng): string {
  const l = rng.int(10, 90);
  const c = rng.int(4, 9);
  return `${rng.pick(SRC)}:${l}-${c}..${l}-${c + rng.int(6, 20)}`;
}

function compileOk(rng: Rng): string {
  const warn = rng.chance(0.4) ? `${span(rng)}: warning: Variable 'tonJam' declared but never used.\n` : '';
  return `iec2c -f -l -p -I /opt/openplc/lib -T build src/*.st\nParsing ${POUS.length} POUs...\n${warn}Generating C code for resource RES0 (task MainTask, interval T#10MS)...\nbuild/POUS.c, build/Res0.c, build/Config0.c written\ngcc -O2 -c build/Res0.c build/Config0.c -I /opt/openplc/lib\nBuild OK: 0 error(s), ${warn ? 1 : 0} warning(s)`;
}

function compileFail(rng: Rng, err: string): string {
  const before = lines(rng.int(0, 2), () => `${span(rng)}: warning: Implicit conversion from INT to REAL.`);
  return `iec2c -f -l -p -I /opt/openplc/lib -T build src/*.st\nParsing ${POUS.length} POUs...\n${before ? `${before}\n` : ''}${err}\n1 error(s) found. Bailing out!\nBuild FAILED`;
}

function cfunit(rng: Rng, failed?: string): string {
  const tests = rng.int(34, 48);
  const rows = TESTS.map(
    (t) => `| Test suite 'PRG_TEST.${t.replace('FB_', 'fb')}' ${rng.int(5, 12)} tests, ${dur(rng, 0.1, 2, 2)} ms`,
  );
  const tail = failed
    ? `| ==========TESTS FINISHED RUNNING==========\n| Test suites: ${TESTS.length}\n| Tests: ${tests}\n| Successful tests: ${tests - 1}\n| Failed tests: 1\n| Disabled tests: 0\n| One or more tests failed`
    : `| ==========TESTS FINISHED RUNNING==========\n| Test suites: ${TESTS.length}\n| Tests: ${tests}\n| Successful tests: ${tests}\n| Failed tests: 0\n| Disabled tests: 0\n| SUCCESS`;
  return `Runtime: Bottling.Sim (OpenPLC runtime v3, soft-PLC, cycle T#10MS)\n${rows.join('\n')}\n${failed ? `${failed}\n` : ''}${tail}`;
}

function simulate(rng: Rng, scenario: string, extra = ''): string {
  const cycles = rng.int(20000, 90000);
  const avg = dur(rng, 0.8, 2.4, 2);
  const max = dur(rng, 2.5, 6, 2);
  return `------ Build started: Application: Bottling.Sim.Application -------\nTypify code...\nGenerate code...\nGenerate global initializations...\nGenerate code for online change...\nCompile complete -- 0 errors, 0 warnings\nSimulation '${scenario}' (${cycles} cycles, task MainTask T#10MS)\n${extra}  scan time   avg ${avg} ms   max ${max} ms   min 0.${rng.int(40, 90)} ms   jitter ${dur(rng, 0.05, 0.6, 2)} ms\n  watchdog    T#10MS   overruns 0\n  bottles     filled ${rng.int(800, 4000)}   capped ${rng.int(800, 4000)}   rejected ${rng.int(0, 30)}\nSimulation finished`;
}

function modbusMap(rng: Rng): string {
  const rows = [
    ['40001', '%MW0', 'HR', 'PRG_Main.udiBottles (lo)', 'UDINT', 'R'],
    ['40002', '%MW1', 'HR', 'PRG_Main.udiBottles (hi)', 'UDINT', 'R'],
    ['40010', '%MW9', 'HR', 'FB_Conveyor.iSpeed_bpm', 'INT', 'R/W'],
    ['40020', '%MD10', 'HR', 'FB_Filler.rTarget_mm', 'REAL', 'R/W'],
    ['00001', '%QX0.1', 'Coil', 'GVL_IO.xFillValve', 'BOOL', 'R'],
    ['10008', '%IX0.7', 'DI', 'GVL_IO.xEStop', 'BOOL', 'R'],
  ];
  return `Modbus TCP slave, unit id 1, port 502\n${'Address'.padEnd(8)} ${'IEC'.padEnd(7)} ${'Type'.padEnd(5)} ${'Tag'.padEnd(28)} ${'Data'.padEnd(6)} Access\n${some(
    rng,
    rows,
    rng.int(4, 6),
  )
    .map(
      (r) =>
        `${(r[0] as string).padEnd(8)} ${(r[1] as string).padEnd(7)} ${(r[2] as string).padEnd(5)} ${(r[3] as string).padEnd(28)} ${(r[4] as string).padEnd(6)} ${r[5] as string}`,
    )
    .join('\n')}`;
}

function exportXml(rng: Rng, pou: string, bodyLines = 0): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<project xmlns="http://www.plcopen.org/xml/tc6_0201">\n  <fileHeader companyName="Botilaketa SL" productName="OpenPLC Editor" productVersion="1.0" creationDateTime="2025-05-14T09:${rng.int(10, 59)}:00"/>\n  <types>\n    <pous>\n      <pou name="${pou}" pouType="${pou.startsWith('PRG') ? 'program' : 'functionBlock'}">\n        <interface>\n          <inputVars>\n            <variable name="xEnable"><type><BOOL/></type></variable>\n          </inputVars>\n        </interface>\n        <body>\n          <ST>\n            <xhtml:p xmlns:xhtml="http://www.w3.org/1999/xhtml"><![CDATA[${bodyLines ? st(rng, bodyLines) : st(rng, 2)}]]></xhtml:p>\n          </ST>\n        </body>\n      </pou>\n    </pous>\n  </types>\n</project>`;
}

const LLM_SAYS = [
  'The valve closes on the rising edge of the level comparison, so the fill itself is correct; the counter increments in PRG_Main on xDone.',
  'Evidence #E1 shows the conveyor speed is written from the HMI register every scan; nothing else writes it.',
  'No change is needed in GVL_IO; the addresses in #E1 match the Modbus map.',
  'The settle timer is reset when eState leaves Settle, so xDone is a one-scan pulse, as the tests expect.',
];

function rewooNoise(rng: Rng): FringeStep {
  const r = rng.int(0, 7);
  const pou = rng.pick(POUS.slice(0, 5));
  if (r === 0) return plan(step('Compile', 'bottling', compileOk(rng)));
  if (r === 1) return plan(step('Compile', 'bottling', compileOk(rng)), step('RunTests', 'all', cfunit(rng)));
  if (r === 2)
    return plan(
      readFile(rng, `src/${pou}.st`, rng.int(2, 5)),
      step('LLM', `Given #E1, does ${pou} write any output directly to %QX?`, rng.pick(LLM_SAYS)),
    );
  if (r === 3) {
    const q = rng.pick(['xEStop', 'udiBottles', 'tonSettle', 'iSpeed_bpm', 'eState']);
    return plan(step('Grep', q, grep(rng, q)), readFile(rng, `src/${pou}.st`, rng.int(1, 3)));
  }
  if (r === 4)
    return plan(
      step(
        'Simulate',
        rng.pick(['nominal_120bpm', 'jam_at_capper', 'estop_mid_fill', 'no_bottle']),
        simulate(rng, rng.pick(['nominal_120bpm', 'jam_at_capper'])),
      ),
    );
  if (r === 5)
    return plan(
      step('ModbusMap', 'Bottling.Sim', modbusMap(rng)),
      step(
        'LLM',
        'Given #E1, which registers can the SCADA write?',
        'Only 40010 (conveyor speed) and 40020 (fill target) are R/W; the rest are read-only.',
      ),
    );
  if (r === 6) return plan(step('ExportXML', pou, exportXml(rng, pou)));
  return plan(
    step('Patch', `src/${pou}.st :: PT := T#400MS => PT := T#450MS`, `Patched src/${pou}.st: 1 replacement`),
    step('Compile', 'bottling', compileOk(rng)),
    step('RunTests', 'all', cfunit(rng)),
  );
}

function rewooBig(rng: Rng): FringeStep {
  if (rng.chance(0.5)) {
    let ms = 0;
    return plan(
      step(
        'Simulate',
        'shift_8h --trace scan',
        simulate(
          rng,
          'shift_8h',
          `${lines(rng.int(420, 480), (i) => {
            ms += rng.int(9, 11);
            return `  [${String(ms).padStart(7)} ms] cycle ${String(i + 1).padStart(6)}  scan ${dur(rng, 0.7, 3.2, 2)} ms  state=${rng.pick(['Idle', 'Filling', 'Settle', 'Capping'])}  level=${dur(rng, 0, 182, 1)} mm`;
          })}\n`,
        ),
        'Trace a full shift scan by scan to see where the maximum scan time comes from.',
      ),
    );
  }
  return plan(
    step(
      'ExportXML',
      'ALL',
      exportXml(rng, 'PRG_Main', rng.int(140, 170)),
      'Export the whole project as PLCopen XML for the integrator.',
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t} funtzio-blokean tapoi-makinaren segurtasun-blokeoa`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Kaixo! Proiektua ~/proiektuak/botilaketa karpetan dago — botilatze-lerro baten PLC programa, IEC 61131-3 Structured Text-en (OpenPLC eta matiec konpilatzailea, CfUnit probak, simulagailua). ${needle} behar dut: tapoi-makinak ez du biratu behar botila posizioan ez badago edo atea irekita badago. Ez ukitu GVL_IO-ko helbideak (%IX/%QX), mesedez.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `SCADArako Modbus erregistro-mapa berria ${t} izenarekin`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Hurrengo lana: ${needle}, kontagailuak eta alarmak barne.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `txanda bakoitzeko botila-kontagailua ${t} FBan`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Beste gauza bat: ${needle} behar dut, txanda aldatzean zeroratzen dena.` }],
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
            (x) => `${x}-ren eskaneatze-denbora 2 ms-tik behera egon behar da`,
            (x) => `${x}-k ez du %QX irteerarik zuzenean idatzi behar, GVL_IO bidez baizik`,
            (x) => `${x}-n ez da aldagai globalik sortu behar`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Arau bat: ${needle}.`,
                `Gogoratu — ${needle}; hori integratzailearekin adostu genuen.`,
                `Garrantzitsua: ${needle}.`,
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
        const T = t.toUpperCase();
        const needle = `(* RULE ${T}: the E-stop chain is hardwired; software may read %IX0.7 but never drive the safety relay *)`;
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: plan(
                step(
                  'ReadFile',
                  'src/GVL_IO.st',
                  numberLines(
                    `(* GVL_IO — I/O map of line 2 (Botilaketa SL) *)\n(* RULE: addresses change only with the electrical drawings *)\n${needle}\n(* RULE: analog inputs are scaled in FB_AnalogIn, never here *)\n${ST[5] as string}`,
                    1,
                    (k, l) => `${String(k).padStart(4)}: ${l}`,
                  ),
                  'Read the global I/O list first; its header carries the plant rules any change must keep.',
                ),
                step(
                  'Grep',
                  'xSafetyRelay',
                  `src/GVL_IO.st:${rng.int(12, 20)}:    xSafetyRelay  AT %QX0.7 : BOOL; (* ${T}: read-back only *)`,
                  `Check whether anything writes the safety relay (rule ${T} in #E1).`,
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
            (x) => `${x} becomes a CASE state machine over an ENUM, not SR flip-flops`,
            (x) => `${x} uses R_TRIG edges on the photo-eye instead of polling its level`,
            (x) => `${x} keeps its counters in a RETAIN block, not in PRG_Main`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: plan(
                step(
                  'Patch',
                  `src/FB_Capper.st :: (* TODO interlock *) => ${t}(xEnable := xEnable);`,
                  'Patched src/FB_Capper.st: 1 replacement',
                  `Decision: ${needle}; the states stay readable in the online view and the tests can force them. Write the call into FB_Capper.`,
                ),
                step('Compile', 'bottling', compileOk(rng)),
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
        const needle = `${t}-rako TON tenporizadorea T#500MS izango da`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([
                `Erabaki dugu: ${needle}.`,
                `Ados, orduan ${needle} — mantentze-taldeak hala eskatu du.`,
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
        const needle = `src/FB_${cap(t)}.st`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: plan(
                step(
                  'Patch',
                  `${needle} :: <new file> => FUNCTION_BLOCK FB_${cap(t)} … END_FUNCTION_BLOCK`,
                  `Created ${needle} (${rng.int(40, 120)} lines)`,
                  'Create the new function block in a file of its own.',
                ),
                step('Compile', 'bottling', compileOk(rng)),
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
        const needle = `test/TEST_FB_${cap(t)}.st`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: plan(
                step(
                  'Patch',
                  `${needle} :: <new file> => FUNCTION_BLOCK FB_${cap(t)}_Test EXTENDS FB_TestSuite …`,
                  `Created ${needle} (${rng.int(30, 90)} lines)`,
                  'Add a CfUnit suite for it under test/.',
                ),
                step('RunTests', `FB_${cap(t)}_Test`, cfunit(rng)),
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
        const l = rng.int(12, 120);
        const c = rng.int(4, 20);
        const needle = `src/FB_Capper.st:${l}-${c}..${l}-${c + t.length}: error: Undefined identifier '${t}'.`;
        return {
          how: 'tool-matiec',
          needle,
          beats: [
            { step: plan(step('Compile', 'bottling', compileFail(rng, needle), undefined, true)) },
            {
              step: plan(
                readFile(
                  rng,
                  'src/FB_Capper.st',
                  2,
                  Math.max(1, l - 5),
                  `#E1 of the last round says ${t} is undefined in FB_Capper; read the lines around ${l}.`,
                ),
                step(
                  'LLM',
                  `Given #E1, where should ${t} be declared?`,
                  `It is used as a local timer; declare it in the VAR section of FB_Capper as TON.`,
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
        const needle = `| FAILED TEST 'PRG_TEST.fbCapper_Test@When${cap(t)}OpenExpectMotorOff', EXP: FALSE, ACT: TRUE, MSG: capper must stop`;
        return {
          how: 'tool-cfunit',
          needle,
          beats: [
            { step: plan(step('RunTests', 'all', cfunit(rng, needle), undefined, true)) },
            {
              step: plan(
                readFile(
                  rng,
                  'src/FB_Capper.st',
                  3,
                  rng.int(20, 60),
                  `The test When${cap(t)}OpenExpectMotorOff failed in the last evidence; read the interlock.`,
                ),
                step(
                  'LLM',
                  'Given #E1, why does the motor stay on?',
                  'The interlock is evaluated before the door input is read in this scan, so the motor keeps its previous state for one cycle.',
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
        const needle = `Watchdog: task MainTask exceeded T#10MS (cycle ${dur(rng, 10.2, 19, 2)} ms) in FB_${cap(t)}`;
        const out = buried(
          rng,
          rng.int(8, 30),
          (i) =>
            `  [${String((i + 1) * 10).padStart(7)} ms] cycle ${String(i + 1).padStart(6)}  scan ${dur(rng, 0.7, 3.2, 2)} ms`,
          needle,
          `Simulation aborted after ${rng.int(40, 400)} cycles\nRuntime: PLC stopped (watchdog)`,
        );
        return {
          how: 'tool-sim',
          needle,
          beats: [
            { step: plan(step('Simulate', 'jam_at_capper', out, undefined, true)) },
            {
              step: plan(
                step(
                  'Grep',
                  `WHILE|FOR .* TO`,
                  `src/FB_${cap(t)}.st:${rng.int(20, 80)}:    WHILE NOT xCapPresent DO`,
                  `FB_${cap(t)} blew the watchdog; look for a loop that waits on an input.`,
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
        const needle = `Modbus exception 0x02 (ILLEGAL DATA ADDRESS) for tag ${t}_Setpoint at HR 4${rng.int(1100, 1999)}`;
        return {
          how: 'tool-modbus',
          needle,
          beats: [
            {
              step: plan(
                step(
                  'ModbusMap',
                  'Bottling.Sim --probe',
                  `${modbusMap(rng)}\nprobe: reading mapped registers...\n${needle}\nprobe: ${rng.int(4, 6)} ok, 1 failed`,
                  'Probe every mapped register from the SCADA side.',
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
      plant: ({ mint }) => {
        const t = mint('hex');
        const needle = `boot project CRC 16#${t.toUpperCase()}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: plan(
                step(
                  'ExportXML',
                  'ALL --boot-project',
                  `Boot project written to build/Bottling.app\n${needle}\nSize: 48 213 bytes, 6 POUs, 1 task`,
                  'Write the boot project so the CRC can go into the handover sheet.',
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
        const needle = `BOT-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Jira-ko txartela ${needle} da; jarri commit mezuan, mesedez.` }],
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
            (x) => `Remaining after this round: map ${x} to a holding register for the SCADA`,
            (x) => `Still to do — a CfUnit case for ${x} with the door open mid-cycle`,
            (x) => `Next round: run the shift_8h simulation with ${x} enabled`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            { step: plan(step('Grep', t, '(no matches)', `${needle}. First confirm nothing references it yet.`)) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `entregatu aurretik, probatu ${t} simulagailuan 8 orduko txandarekin`;
        const beats: Beat[] = [
          { user: `Eskerrik asko. Azkenik: ${needle}.` },
          {
            step: plan(
              step(
                'Simulate',
                `list-scenarios`,
                `nominal_120bpm\njam_at_capper\nestop_mid_fill\nno_bottle\nshift_8h`,
                `The user wants ${t} run through an 8-hour shift; list the scenarios first.`,
              ),
            ),
          },
        ];
        return { how: 'user-todo', needle, beats };
      },
    },
  ],
};

/** The planner's text for a step of the plan that carries none. */
function planText(c: FringeCall, k: number): string {
  const input = String(c.args['input']);
  switch (c.tool) {
    case 'ReadFile':
      return nth(
        [`Read ${input} to see the current logic.`, `Open ${input}.`, `Look at ${input} before changing anything.`],
        k,
      );
    case 'Compile':
      return nth(['Compile the project to get the diagnostics.', 'Build everything with the matiec compiler.'], k);
    case 'RunTests':
      return nth(['Run the CfUnit suites in the soft-PLC.', 'Run the tests to confirm nothing regressed.'], k);
    case 'Simulate':
      return `Run the ${input.split(' ')[0] as string} simulation and read the scan times.`;
    case 'Grep':
      return `Find every use of ${input}.`;
    case 'ModbusMap':
      return 'Print the Modbus register map of the simulated PLC.';
    case 'ExportXML':
      return `Export ${input} as PLCopen XML.`;
    case 'Patch':
      return `Apply the change to ${input.split(' ')[0] as string}.`;
    default:
      return 'Reason over the evidence collected so far.';
  }
}

function render(s: FringeStep): string {
  return s.calls
    .map((c, i) => {
      const text =
        typeof c.args['plan'] === 'string'
          ? (c.args['plan'] as string)
          : planText(c, i + String(c.args['input']).length);
      return `Plan: ${text}\n#E${i + 1} = ${c.tool}[${String(c.args['input'])}]`;
    })
    .join('\n');
}

/** The rewoo harness. */
export const FRINGE_REWOO: FringeHarness = {
  style: 'rewoo',
  protocol: 'text',
  system: `For the following task, make plans that can solve the problem step by step. For each plan, indicate which external tool together with tool input to retrieve evidence. You can store the evidence into a variable #E that can be called by later tools. (Plan, #E1, Plan, #E2, Plan, ...)\n\nTools can be one of the following:\n(1) ReadFile[input]: returns a Structured Text file of the project, with line numbers. Input is a path.\n(2) Compile[input]: compiles the project with iec2c (matiec) and gcc. Input is the project name.\n(3) RunTests[input]: runs CfUnit suites on the soft-PLC. Input is a suite name or "all".\n(4) Simulate[input]: builds and runs a simulation scenario; reports scan times and counters.\n(5) Grep[input]: searches the sources for a pattern.\n(6) ModbusMap[input]: prints the Modbus TCP register map of a device.\n(7) ExportXML[input]: exports a POU (or ALL) as PLCopen TC6 XML.\n(8) Patch[input]: "path :: old => new" replaces text in a file; "<new file>" creates it.\n(9) LLM[input]: a pretrained LLM like yourself. Useful when you need to act with general world knowledge and common sense. Prioritize it when you are confident in solving the problem yourself. Input can be any instruction.\n\nBegin! Describe your plans with rich details. Each Plan should be followed by only one #E.\n\nThe worker returns every #E at once; the solver then answers the user from the plan and its evidence. Project: ~/proiektuak/botilaketa, a bottling line (filler, capper, conveyor, reject gate) in IEC 61131-3 ST on OpenPLC. The user writes in Basque; the solver answers in Basque.`,
  tools: TOOLS,
  renderStep: (s) => render(s),
  renderResults: (s) => s.calls.map((c, i) => `#E${i + 1} = ${c.output}`).join('\n\n'),
  resultStart: /^#E1 = /,
  callMark: /^#E\d+ = [A-Za-z]+\[/gm,
  resultMark: /^#E\d+ = /gm,
  noise: rewooNoise,
  big: rewooBig,
  followUp: (rng) =>
    rng.pick([
      'Probak gainditzen dira?',
      'Zenbatekoa da eskaneatze-denbora orain?',
      'Exekutatu berriro probak, mesedez.',
      'Azaldu laburki zer aldatu duzun.',
      'Ondo, eta orain zer?',
      'Konpilatzaileak abisurik ematen du?',
    ]),
  keepGoing: (rng) => rng.pick(['Jarraitu.', 'Jarraitu, ez gelditu.', 'Jarraitu proba guztiak gainditu arte.']),
  answer: (rng) =>
    rng.pick([
      `Eginda: proiektua konpilatzen da, ${rng.int(34, 48)} probak gainditzen dira eta eskaneatze-denbora maximoa ${dur(rng, 2, 4, 2)} ms da.`,
      'The interlock is in place; compile, tests and the nominal simulation are all clean.',
      'Konponduta. Abisu bat geratzen da FB_Conveyor-en, aldaketa honekin zerikusirik ez duena.',
      'Laburbilduz: aldatutako POUak konpilatzen dira eta proba guztiak berdeak dira.',
    ]),
  probe: (rng) => rng.pick(['Jarraitu.', 'Jarraitu utzi duzun lekutik.', 'Eta orain?']),
  planters: PLANTERS,
};
