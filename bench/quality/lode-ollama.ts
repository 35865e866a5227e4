/**
 * The ollama harness of the lode family (lode.ts): a small agent loop over a local model served by
 * Ollama's OpenAI-compatible endpoint. Its calls are native, often several in one turn (Ollama's ids:
 * `call_` and eight lowercase letters and digits), each answered by a tool message holding the raw
 * text the tool printed.
 * Electronics design in KiCad 8: `kicad-cli sch erc` and `pcb drc` runs and their report files
 * (`[clearance]: Clearance violation (netclass 'Power' …)`, `; error`, `@(x mm, y mm): Pad 2 [/SW] of
 * L1 on F.Cu`, unconnected items, schematic parity, library configuration errors), custom design rules
 * in `.kicad_dru`, s-expression board and schematic files, BOM export with LCSC part numbers, Gerber
 * and drill export, an ngspice batch simulation of the buck stage; a 48 V solar MPPT charger board for
 * a Zulu-speaking engineer.
 * Reconstructed rather than copied: the exact report layout of KiCad 8's ERC/DRC files and
 * kicad-cli's progress lines, and ngspice's batch-mode banner, written from memory.
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
  numberLines,
  ok,
  one,
  pieces,
  say,
  some,
  type LodeCall,
  type LodeHarness,
  type LodeStep,
  type Planter,
} from './lode-kit';

const ROOT = '/home/sipho/amaphrojekthi/ilanga-mppt';
const NETS = ['/VBAT', '/PV+', '/SW', 'GND', '/VCC_3V3', '/GATE_H', '/GATE_L', '/ISENSE', '/CAN_H', '/CAN_L'];
const REFS = ['R3', 'R7', 'R14', 'C5', 'C12', 'C14', 'Q1', 'Q2', 'L1', 'U1', 'U3', 'D2', 'J1'];

const SEXPR = [
  `(kicad_sch (version 20231120) (generator "eeschema") (generator_version "8.0")\n  (uuid "b3f0c6a2-7f1e-4e51-9a55-0c1d2e3f4a5b")\n  (paper "A3")`,
  `  (symbol (lib_id "Device:R") (at 88.9 63.5 0) (unit 1)\n    (in_bom yes) (on_board yes) (dnp no)\n    (property "Reference" "R7" (at 91.44 62.23 0))\n    (property "Value" "10m 1%" (at 91.44 64.77 0))\n    (property "Footprint" "Resistor_SMD:R_2512_6332Metric" (at 88.9 63.5 0))\n    (property "LCSC" "C2933229" (at 88.9 63.5 0))\n  )`,
  `  (symbol (lib_id "ilanga:LM5176") (at 120.65 45.72 0) (unit 1)\n    (property "Reference" "U1" (at 120.65 30.48 0))\n    (property "Value" "LM5176PWPR" (at 120.65 33.02 0))\n    (property "Footprint" "Package_SO:HTSSOP-28-1EP_4.4x9.7mm_P0.65mm_EP3.4x9.5mm" (at 120.65 45.72 0))\n  )`,
  `  (wire (pts (xy 101.6 45.72) (xy 110.49 45.72))\n    (stroke (width 0) (type default))\n    (uuid "5a1d9c0e-3b7f-4f2a-8e6d-1c2b3a4d5e6f")\n  )\n  (label "GATE_H" (at 110.49 45.72 0) (fields_autoplaced yes))`,
  `  (segment (start 132.45 88.1) (end 144.79 88.1) (width 2) (layer "F.Cu") (net 3) (uuid "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f"))\n  (via (at 144.79 88.1) (size 0.8) (drill 0.4) (layers "F.Cu" "B.Cu") (net 3))`,
  `  (zone (net 1) (net_name "GND") (layer "In1.Cu") (uuid "0f1e2d3c-4b5a-6978-8a9b-cadbecfd0e1f")\n    (hatch edge 0.5)\n    (connect_pads (clearance 0.3))\n    (min_thickness 0.25)\n    (fill yes (thermal_gap 0.5) (thermal_bridge_width 0.5))\n  )`,
];

const DRU = `(version 1)\n(rule "HV clearance"\n  (constraint clearance (min 0.5mm))\n  (condition "A.NetClass == 'HV' && B.NetClass != 'HV'"))\n(rule "Power width"\n  (constraint track_width (min 2mm))\n  (condition "A.NetClass == 'Power'"))`;

/** A command's raw output; the loop adds the exit status when it is not 0. */
function exec(cmd: string, output: string, code = 0): LodeCall {
  return code === 0
    ? ok('exec', { cmd, cwd: ROOT }, output, 0)
    : fail('exec', { cmd, cwd: ROOT }, `${output}\n(exit status ${code})`, code);
}

function view(rng: Rng, path: string): LodeCall {
  return ok(
    'read_file',
    { path },
    numberLines(pieces(rng, SEXPR, rng.int(14, 36)), 1, (n, l) => `${String(n).padStart(4)}: ${l}`),
  );
}

function at(rng: Rng): string {
  return `@(${dur(rng, 80, 180, 4)} mm, ${dur(rng, 40, 130, 4)} mm)`;
}

function stamp(rng: Rng): string {
  return `2025-06-${String(rng.int(2, 28)).padStart(2, '0')}T${String(rng.int(8, 20)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}+0200`;
}

function silk(rng: Rng): string {
  const r = rng.pick(REFS);
  return `[silk_over_copper]: Silkscreen clipped by solder mask\n    ; warning\n    ${at(rng)}: Reference field of ${r}\n    ${at(rng)}: Pad ${rng.int(1, 3)} [${rng.pick(NETS)}] of ${r} on F.Cu`;
}

function drcReport(rng: Rng, violations: string[], unconnected: string[] = [], parity: string[] = []): string {
  return `** Drc report for ilanga.kicad_pcb **\n** Created on ${stamp(rng)} **\n\n** Found ${violations.length} DRC violations **\n${violations.join('\n')}${violations.length ? '\n' : ''}\n** Found ${unconnected.length} unconnected pads **\n${unconnected.join('\n')}${unconnected.length ? '\n' : ''}\n** Found ${parity.length} Footprint errors **\n${parity.join('\n')}${parity.length ? '\n' : ''}\n** End of Report **`;
}

function drc(rng: Rng, report: string, v: number, u: number, p: number): LodeCall[] {
  return [
    exec(
      'kicad-cli pcb drc --schematic-parity --severity-all --exit-code-violations --format report -o drc.rpt ilanga.kicad_pcb',
      `Loading board\nRunning DRC...\nChecking schematic parity...\nFound ${v} violations\nFound ${u} unconnected items\nFound ${p} schematic parity issues\nSaved DRC Report to drc.rpt`,
      v + u + p > 0 ? 5 : 0,
    ),
    ok('read_file', { path: `${ROOT}/drc.rpt` }, report),
  ];
}

function ercRun(rng: Rng, body: string[], errors: number): LodeCall[] {
  const warnings = body.length - errors;
  return [
    exec(
      'kicad-cli sch erc --severity-all --exit-code-violations --format report -o erc.rpt ilanga.kicad_sch',
      `Running ERC...\nFound ${body.length} violations\nSaved ERC Report to erc.rpt`,
      errors ? 5 : 0,
    ),
    ok(
      'read_file',
      { path: `${ROOT}/erc.rpt` },
      `ERC report (${stamp(rng)}, Encoding UTF8)\nReport includes: Errors, Warnings\n\n***** Sheet /\n${body.join('\n')}\n\n***** Sheet /power/\n\n***** Sheet /mcu/\n\n ** ERC messages: ${body.length}  Errors ${errors}  Warnings ${warnings}`,
    ),
  ];
}

function bom(rng: Rng, extra?: string): string {
  const rows = [
    `"Q1,Q2","AON6278","Package_TO_SOT_SMD:AO_DFN-8-1EP_5.55x5.2mm_P1.27mm","2","C${rng.int(100000, 999999)}"`,
    `"L1","22uH 15A","Inductor_SMD:L_Bourns_SRP1770TA","1","C${rng.int(100000, 999999)}"`,
    `"U1","LM5176PWPR","Package_SO:HTSSOP-28-1EP_4.4x9.7mm_P0.65mm","1","C${rng.int(100000, 999999)}"`,
    `"R7","10m 1%","Resistor_SMD:R_2512_6332Metric","1","C${rng.int(100000, 999999)}"`,
    `"C5,C12,C14","10u 100V","Capacitor_SMD:C_1210_3225Metric","3","C${rng.int(100000, 999999)}"`,
    `"J1","PV_IN","TerminalBlock_Phoenix:TerminalBlock_Phoenix_MKDS-1,5-2_1x02_P5.00mm","1","C${rng.int(100000, 999999)}"`,
  ];
  return `"Reference","Value","Footprint","Qty","LCSC"\n${some(rng, rows, rng.int(3, 6)).join('\n')}${extra ? `\n${extra}` : ''}`;
}

function spice(rng: Rng, rows = rng.int(8, 14)): string {
  const table = lines(
    rows,
    (i) =>
      `${String(i).padEnd(8)}${(i * 2.5e-5).toExponential(6)}\t${(14 + rng.next() * 0.8).toExponential(6)}\t${(6 + rng.next() * 2).toExponential(6)}`,
  );
  return `\nNote: No compatibility mode selected!\n\n\nCircuit: * ilanga buck stage 48 V -> 14.4 V, 8 A\n\nDoing analysis at TEMP = 27.000000 and TNOM = 27.000000\n\nUsing SPARSE 1.3 as Direct Linear Solver\n\nInitial Transient Solution\n--------------------------\n\nNode                                   Voltage\n----                                   -------\npv                                          48\nsw                                           0\nvbat                                      14.4\n\n\nNo. of Data Rows : ${rng.int(18000, 26000)}\n--------------------------------------------------------------------------------\nIndex   time            v(vbat)         i(l1)\n--------------------------------------------------------------------------------\n${table}\nvout_avg            =  1.4${chars(rng, 5, '0123456789')}e+01 from=  4.000000e-03 to=  5.000000e-03\niripple_pp          =  ${dur(rng, 1, 3, 6)}e+00\n`;
}

function ollamaNoise(rng: Rng): LodeStep {
  const r = rng.int(0, 8);
  if (r === 0) return many(undefined, ercRun(rng, [], 0));
  if (r === 1) {
    const s = Array.from({ length: rng.int(0, 3) }, () => silk(rng));
    return many(undefined, drc(rng, drcReport(rng, s), s.length, 0, 0));
  }
  if (r === 2)
    return one(
      undefined,
      rng.chance(0.7)
        ? view(rng, `${ROOT}/${rng.pick(['ilanga.kicad_sch', 'power.kicad_sch', 'ilanga.kicad_pcb'])}`)
        : ok('read_file', { path: `${ROOT}/ilanga.kicad_dru` }, DRU),
    );
  if (r === 3)
    return one(
      undefined,
      ok(
        'list_files',
        { path: ROOT },
        [
          'ilanga.kicad_pro',
          'ilanga.kicad_sch',
          'power.kicad_sch',
          'mcu.kicad_sch',
          'ilanga.kicad_pcb',
          'ilanga.kicad_dru',
          'sym-lib-table',
          'fp-lib-table',
          'lib/',
          'sim/',
          'fab/',
        ].join('\n'),
      ),
    );
  if (r === 4) {
    const s = Array.from({ length: rng.int(0, 2) }, () => silk(rng));
    return many('ERC and DRC together.', [...ercRun(rng, [], 0), ...drc(rng, drcReport(rng, s), s.length, 0, 0)]);
  }
  if (r === 5)
    return one(
      undefined,
      exec(
        "kicad-cli sch export bom --fields 'Reference,Value,Footprint,${QUANTITY},LCSC' --labels 'Reference,Value,Footprint,Qty,LCSC' --group-by Value -o fab/bom.csv ilanga.kicad_sch && cat fab/bom.csv",
        bom(rng),
      ),
    );
  if (r === 6) return one(undefined, exec('ngspice -b sim/buck.cir', spice(rng)));
  if (r === 7)
    return one(
      undefined,
      exec(
        'git status --short',
        some(
          rng,
          ['ilanga.kicad_pcb', 'ilanga.kicad_sch', 'power.kicad_sch', 'ilanga.kicad_prl', 'sim/buck.cir'],
          rng.int(1, 3),
        )
          .map((f) => ` M ${f}`)
          .join('\n'),
      ),
    );
  const layers = ['F.Cu', 'In1.Cu', 'In2.Cu', 'B.Cu', 'F.Mask', 'B.Mask', 'F.SilkS', 'Edge.Cuts'];
  return many('Gerbers and drill files.', [
    exec(
      `kicad-cli pcb export gerbers --layers ${layers.join(',')} -o fab/gerbers/ ilanga.kicad_pcb`,
      `Loading board\n${layers.map((l) => `Plotted to 'fab/gerbers/ilanga-${l.replace('.', '_')}.g${l === 'Edge.Cuts' ? 'm1' : 'br'}'.`).join('\n')}\nDone.`,
    ),
    exec(
      'kicad-cli pcb export drill --format excellon -o fab/gerbers/ ilanga.kicad_pcb',
      `Loading board\nCreated file 'fab/gerbers/ilanga-PTH.drl'\nCreated file 'fab/gerbers/ilanga-NPTH.drl'\nDone.`,
    ),
  ]);
}

function ollamaBig(rng: Rng): LodeStep {
  if (rng.chance(0.5)) {
    const segs = lines(rng.int(300, 340), () => {
      const x = dur(rng, 80, 180, 4);
      const y = dur(rng, 40, 130, 4);
      return `  (segment (start ${x} ${y}) (end ${dur(rng, 80, 180, 4)} ${y}) (width ${rng.pick(['0.25', '0.5', '2'])}) (layer "${rng.pick(['F.Cu', 'B.Cu', 'In2.Cu'])}") (net ${rng.int(1, 42)}) (uuid "${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}"))`;
    });
    return one(
      'All the tracks of the board, to see which nets are still thin.',
      exec('grep -n "(segment" ilanga.kicad_pcb', segs),
    );
  }
  const s = Array.from({ length: rng.int(90, 110) }, () => silk(rng));
  return many(undefined, drc(rng, drcReport(rng, s), s.length, 0, 0));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ukuqeda ibhodi le-${t} lokushaja ngelanga (MPPT 48 V) ngaphandle kwamaphutha e-ERC ne-DRC`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Sawubona! Iphrojekthi ise-${ROOT} — ibhodi ye-KiCad 8 yokushaja amabhethri ngamandla elanga. Ngifuna ${needle}. Ngicela uchaze isinyathelo ngasinye.`,
            },
            {
              step: many('Checking the schematic and the board at once.', [
                ...ercRun(rng, [], 0),
                ...drc(rng, drcReport(rng, [silk(rng)]), 1, 0, 0),
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
        const needle = `${t}: engeza isixhumi se-CAN bus nesivikelo sayo`;
        return { how: 'user-followup', needle, beats: [{ user: `Umsebenzi olandelayo: ${needle}.` }] };
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
            (x) => `${x}: umzila we-VBAT kumele ube ngu-2 mm ububanzi okungenani`,
            (x) => `ungayishintshi i-footprint ka-${x} ngaphandle kokungibuza`,
            (x) => `${x} kumele isebenzise izingxenye ze-LCSC kuphela`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Umthetho owodwa: ${needle}.`,
                `Khumbula — ${needle}; yileyo ndlela esisebenza ngayo.`,
                `Kubalulekile: ${needle}.`,
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
        const [needle, follow] = rng.pick([
          [
            `# RULE ${T}: 48 V nets (PV+, VBAT, SW) keep 0.5 mm clearance to everything else; never lower it to pass DRC`,
            `Rule ${T} fixes the clearance, so a clearance violation means moving copper, not editing the rule.`,
          ],
          [
            `# RULE ${T}: power tracks (VBAT, PV+) are at least 2 mm wide on outer layers; never narrow one to pass DRC`,
            `Rule ${T} fixes the width of the power tracks, so a width error means rerouting.`,
          ],
          [
            `# RULE ${T}: no vias in the pads of Q1 and Q2; the assembler will not plug them`,
            `Rule ${T} forbids via-in-pad under the MOSFETs; the net classes tell which nets are involved.`,
          ],
        ] as const);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The custom design rules first.',
                ok('read_file', { path: `${ROOT}/ilanga.kicad_dru` }, `${needle}\n${DRU}`),
              ),
            },
            {
              step: one(
                follow,
                exec(
                  'grep -n "netclass" ilanga.kicad_pro',
                  `${rng.int(100, 300)}:        "name": "HV",\n${rng.int(300, 400)}:        "name": "Power",`,
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
            (x) =>
              `I'll keep the ${x} switching loop on the top layer only, with the input capacitors right next to Q1`,
            (x) => `For ${x} the ground stays one unbroken pour on In1.Cu instead of split analog and power grounds`,
            (x) => `${x} moves to a 4-layer stackup because the 48 V loop does not fit cleanly on two layers`,
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
                  'edit_file',
                  { path: `${ROOT}/NOTES.md`, old: '## Layout\n', new: `## Layout\n- ${needle}.\n` },
                  `Edited ${ROOT}/NOTES.md (1 replacement)`,
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
        const needle = `${t} izosebenzisa i-MOSFET ye-AON6278, hhayi i-IRF540`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Sinqume ukuthi ${needle}.`, `Masenze kanje: ${needle}; iyatholakala kalula.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `sim/${t}_buck.cir`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A netlist of its own for the new inductor, then a run.', [
                ok(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `* ilanga buck stage 48 V -> 14.4 V, 8 A\nVin pv 0 48\nS1 pv sw gate 0 swmod\nD1 0 sw dmod\nL1 sw vbat 22u\nC1 vbat 0 470u\nRload vbat 0 1.8\n.tran 0.1u 5m\n.end\n`,
                  },
                  `Wrote ${ROOT}/${needle} (9 lines)`,
                ),
                exec(`ngspice -b ${needle}`, spice(rng)),
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
        const needle = `fab/${t}_cpl.csv`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'The placement file for the assembler, from the board.',
                exec(
                  `kicad-cli pcb export pos --format csv --units mm --side both -o ${needle} ilanga.kicad_pcb && head -4 ${needle}`,
                  `Loading board\nWrote position data to '${needle}'.\nRef,Val,Package,PosX,PosY,Rot,Side\n"C5","10u 100V","C_1210_3225Metric",${dur(rng, 80, 180, 4)},${dur(rng, -130, -40, 4)},90.0000,top\n"C12","10u 100V","C_1210_3225Metric",${dur(rng, 80, 180, 4)},${dur(rng, -130, -40, 4)},0.0000,top`,
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
        const needle = `The current configuration does not include the symbol library '${t}_parts'`;
        return {
          how: 'tool-erc',
          needle,
          beats: [
            {
              step: many(
                undefined,
                ercRun(
                  rng,
                  [
                    `[lib_symbol_issues]: ${needle}\n    ; warning\n    ${at(rng)}: Symbol U3 [${t}_parts:TCAN1042]`,
                    `[pin_not_driven]: Input pin not driven by any Output pins\n    ; error\n    ${at(rng)}: Symbol U3 Pin 8 [S, Input, Line]`,
                  ],
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}_parts is missing from sym-lib-table; the CAN transceiver came from a colleague's library.`,
                ok(
                  'read_file',
                  { path: `${ROOT}/sym-lib-table` },
                  `(sym_lib_table\n  (version 7)\n  (lib (name "ilanga")(type "KiCad")(uri "\${KIPRJMOD}/lib/ilanga.kicad_sym")(options "")(descr ""))\n)`,
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
        const net = `/${t.toUpperCase()}_SENSE`;
        const needle = `Pad 2 [${net}] of R7 on F.Cu`;
        const clearance = `[clearance]: Clearance violation (netclass 'HV' clearance 0.5000 mm; actual ${dur(rng, 0.18, 0.45, 4)} mm)\n    Rule: HV clearance; error\n    ${at(rng)}: Track [/VBAT] on F.Cu, length ${dur(rng, 4, 30, 4)} mm\n    ${at(rng)}: Pad 1 [/SW] of L1 on F.Cu`;
        const unconnected = `[unconnected_items]: Missing connection between items\n    ; error\n    ${at(rng)}: ${needle}\n    ${at(rng)}: Pad ${rng.int(5, 14)} [${net}] of U1 on F.Cu`;
        return {
          how: 'tool-drc',
          needle,
          beats: [
            { step: many(undefined, drc(rng, drcReport(rng, [clearance, silk(rng)], [unconnected]), 2, 1, 0)) },
            {
              step: one(
                `${net} never reaches U1: the trace from R7 stops short of the via. The clearance error is the VBAT track passing L1.`,
                view(rng, `${ROOT}/ilanga.kicad_pcb`),
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
        const needle = `C${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                exec(
                  "kicad-cli sch export bom --fields 'Reference,Value,Footprint,${QUANTITY},LCSC' -o fab/bom.csv ilanga.kicad_sch && grep TCAN fab/bom.csv",
                  `"U3","TCAN1042VDRQ1","Package_SO:SOIC-8_3.9x4.9mm_P1.27mm","1","${needle}"`,
                ),
              ),
            },
            {
              step: one(
                `The CAN transceiver is LCSC ${needle}; noting it with the stock the assembler showed, before locking the footprint.`,
                ok(
                  'edit_file',
                  {
                    path: `${ROOT}/NOTES.md`,
                    old: '## Parts\n',
                    new: `## Parts\n- U3 TCAN1042VDRQ1: LCSC ${needle} (${rng.int(200, 90000)} in stock)\n`,
                  },
                  `Edited ${ROOT}/NOTES.md (1 replacement)`,
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
        const needle = `REV ${t}`;
        return {
          how: 'tool-git',
          needle,
          beats: [
            { step: one(undefined, exec('git rev-parse HEAD', `${t}${hex(rng, 32)}`)) },
            {
              step: one(
                `The silkscreen revision text becomes ${needle}, the commit the gerbers are made from.`,
                ok(
                  'edit_file',
                  { path: `${ROOT}/ilanga.kicad_pcb`, old: '(gr_text "REV ?"', new: `(gr_text "${needle}"` },
                  `Edited ${ROOT}/ilanga.kicad_pcb (1 replacement)`,
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
        const needle = `SO-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Inombolo ye-oda yefektri ithi ${needle}; yibhale kufayela le-README.` }],
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
            (x) => `Next: rerun DRC on ${x} after moving C12, then export the gerbers`,
            (x) => `Still to do: check the ${x} thermal reliefs on Q1 against the fab's rules`,
            (x) => `Isinyathelo esilandelayo: ukulinganisa i-ripple ka-${x} nge-ngspice`,
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
                exec(`git commit -qam "wip: ${t}" && git log --oneline -1`, `${hex(rng, 7)} wip: ${t}`),
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
        const needle = `ekugcineni ngithumelele i-BOM ka-${t} njenge-CSV`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Ngiyabonga. Into yokugcina: ${needle}.` },
            {
              step: one(
                undefined,
                exec(
                  "kicad-cli sch export bom --fields 'Reference,Value,Footprint,${QUANTITY},LCSC' -o fab/bom.csv ilanga.kicad_sch && cat fab/bom.csv",
                  bom(rng),
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The ollama harness. */
export const LODE_OLLAMA: LodeHarness = {
  style: 'ollama',
  protocol: 'native',
  system: `You are a hardware design assistant running locally. You work in the KiCad 8 project at ${ROOT} (a 48 V solar MPPT charge controller: LM5176 buck-boost, AON6278 MOSFETs, STM32G0 with CAN). Tools: exec runs a shell command (kicad-cli, ngspice, git are installed), read_file and list_files inspect files, write_file creates one, edit_file replaces one exact string. Call several tools at once when they do not depend on each other. Never change a design rule to make DRC pass. The user writes isiZulu; answer in isiZulu.`,
  tools: ['exec', 'read_file', 'write_file', 'edit_file', 'list_files'],
  callId: (rng) => `call_${chars(rng, 8, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
  noise: ollamaNoise,
  big: ollamaBig,
  followUp: (rng) =>
    rng.pick([
      'I-DRC ihlanzekile manje?',
      'Mangaki amaphutha asele?',
      'Ngicela uphinde usebenzise i-ERC.',
      'Ngichazele kafushane ukuthi yini oyishintshile.',
      'Kulungile, yini elandelayo?',
      'I-ripple ingakanani?',
    ]),
  keepGoing: (rng) => rng.pick(['Qhubeka.', 'Qhubeka, ungami.', 'Qhubeka kuze kungabikho maphutha e-DRC.']),
  answer: (rng) =>
    rng.pick([
      `Kuphelile: i-ERC ne-DRC azinamaphutha, kusele izixwayiso ze-silkscreen ezingu-${rng.int(1, 6)}.`,
      'Done: ERC and DRC are clean and the gerbers are exported to fab/gerbers.',
      'Ngikulungisile. Kusekhona isixwayiso esidala ku-mcu.kicad_sch, asihlobene nalolu shintsho.',
      'Kafushane: ibhodi ishintshiwe futhi i-DRC ayitholi iphutha.',
    ]),
  probe: (rng) => rng.pick(['Qhubeka.', 'Qhubeka lapho ugcine khona.', 'Manje kuthiwani?']),
  planters: PLANTERS,
};
