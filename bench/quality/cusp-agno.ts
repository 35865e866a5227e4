/**
 * The agno harness of the cusp family (cusp.ts): an Agno-like agent with the stock toolkits — ShellTools'
 * `run_shell_command` (an argv list and a `tail` of lines; stderr comes back as `Error: …`) and FileTools'
 * `read_file`/`save_file`/`list_files` — calling them in parallel, with Agno's system message sections
 * (`<your_goal>`, `<instructions>`, `<additional_information>`). An open-source ASIC flow for a Tiny
 * Tapeout tile on Sky130: Verilator lint (`%Warning-WIDTHTRUNC` with its source excerpt and `%Error:
 * Exiting due to …`), Yosys `stat` and elaboration errors, cocotb's results table, OpenLane-2-like flow
 * logs, OpenSTA `report_checks` paths with `slack (MET)`/`slack (VIOLATED)`, Magic DRC and Netgen LVS;
 * for a Khmer-speaking designer.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
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
  type CuspCall,
  type CuspHarness,
  type CuspStep,
  type Planter,
} from './cusp-kit';

const ROOT = '/home/sokha/chip/angkor-pwm';
const TOP = 'tt_um_angkor_pwm';
const SRC = ['src/project.v', 'src/pwm.v', 'src/spi_regs.v', 'src/prescaler.v', 'test/test.py', 'config.json'];
const TESTS = ['test_reset', 'test_pwm_duty', 'test_spi_write', 'test_prescaler', 'test_all_channels'];

const V = [
  '`default_nettype none\n\nmodule pwm #(parameter WIDTH = 8) (\n    input  wire             clk,\n    input  wire             rst_n,\n    input  wire [WIDTH-1:0] duty,\n    output reg              pwm_out\n);',
  "reg [WIDTH-1:0] counter;\nalways @(posedge clk or negedge rst_n) begin\n    if (!rst_n) begin\n        counter <= 0;\n        pwm_out <= 1'b0;\n    end else begin\n        counter <= counter + 1'b1;\n        pwm_out <= (counter < duty);\n    end\nend",
  `module ${TOP} (\n    input  wire [7:0] ui_in,\n    output wire [7:0] uo_out,\n    input  wire [7:0] uio_in,\n    output wire [7:0] uio_out,\n    output wire [7:0] uio_oe,\n    input  wire       ena,\n    input  wire       clk,\n    input  wire       rst_n\n);`,
  "assign uio_oe  = 8'b0000_0000;\nassign uio_out = 8'b0;\nwire _unused = &{ena, uio_in, 1'b0};",
  '@cocotb.test()\nasync def test_pwm_duty(dut):\n    clock = Clock(dut.clk, 20, units="ns")\n    cocotb.start_soon(clock.start())\n    await reset(dut)\n    await spi_write(dut, 0x01, 64)\n    high = await count_high(dut.uo_out[0], 256)\n    assert high == 64, f"duty {high} != 64"',
];

/** ShellTools' run_shell_command: the last `tail` lines of stdout, or `Error: ` and stderr. */
function shell(argv: string[], output: string, failed = false, tail = 100): CuspCall {
  const args = { args: argv, tail };
  return failed
    ? fail('run_shell_command', args, `Error: ${output}`, 1)
    : ok('run_shell_command', args, output.split('\n').slice(-tail).join('\n'));
}

function readFile(rng: Rng, file: string, n: number): CuspCall {
  return ok('read_file', { file_name: file }, pieces(rng, V, n));
}

function yosysStat(rng: Rng): string {
  const cells = rng.int(280, 520);
  const kinds = some(
    rng,
    ['dfrtp_1', 'nand2_1', 'nor2_1', 'xor2_1', 'a21oi_1', 'o21ai_0', 'inv_1', 'mux2_1', 'and3_1', 'buf_1'],
    rng.int(5, 8),
  );
  return `=== ${TOP} ===\n\n   Number of wires:                ${rng.int(250, 600)}\n   Number of wire bits:            ${rng.int(500, 900)}\n   Number of public wires:          ${rng.int(20, 60)}\n   Number of public wire bits:     ${rng.int(150, 300)}\n   Number of memories:               0\n   Number of memory bits:            0\n   Number of processes:              0\n   Number of cells:                ${cells}\n${kinds.map((k) => `     sky130_fd_sc_hd__${k.padEnd(16)} ${rng.int(4, 80)}`).join('\n')}\n\n   Chip area for module '\\${TOP}': ${rng.int(3000, 9000)}.${rng.int(100000, 999999)}`;
}

function cocotb(rng: Rng, failed?: { test: string; why: string }): string {
  let total = 0;
  const rows = TESTS.map((t) => {
    const sim = rng.int(2000, 120000);
    total += sim;
    const bad = failed && t === 'test_pwm_duty';
    const name = bad ? failed.test : t;
    return ` ** test.${name.padEnd(30)} ${bad ? 'FAIL' : 'PASS'}   ${String(sim).padStart(9)}.00   ${dur(rng, 0.05, 2)}   ${String(rng.int(20000, 90000)).padStart(8)}.00  **`;
  });
  const star = ` ${'*'.repeat(94)}`;
  const pre = failed
    ? `${String(rng.int(2000, 90000)).padStart(9)}.00ns WARNING  cocotb.regression                  ${failed.test} failed\n                                                        Traceback (most recent call last):\n                                                          File "${ROOT}/test/test.py", line ${rng.int(30, 120)}, in ${failed.test}\n                                                            assert high == expected\n                                                        AssertionError: ${failed.why}\n`
    : '';
  return `rm -f results.xml\nmake -f Makefile results.xml\niverilog -o sim_build/sim.vvp -D COCOTB_SIM=1 -s ${TOP} -g2012 -I../src ../src/*.v tb.v\nMODULE=test TESTCASE= TOPLEVEL=${TOP} TOPLEVEL_LANG=verilog vvp -M $(cocotb-config --lib-dir) -m libcocotbvpi_icarus sim_build/sim.vvp\n     -.--ns INFO     gpi                                ..mbed/gpi_embed.cpp:79   in set_program_name_in_venv        Using Python virtual environment interpreter at ${ROOT}/.venv/bin/python\n     0.00ns INFO     cocotb                             Running on Icarus Verilog version 12.0 (stable)\n${pre}${star}\n ** TEST                              STATUS  SIM TIME (ns)  REAL TIME (s)  RATIO (ns/s) **\n${star}\n${rows.join('\n')}\n${star}\n ** TESTS=${TESTS.length} PASS=${failed ? TESTS.length - 1 : TESTS.length} FAIL=${failed ? 1 : 0} SKIP=0   ${String(total).padStart(10)}.00   ${dur(rng, 1, 6)}   ${rng.int(20000, 90000)}.00  **\n${star}`;
}

function sta(rng: Rng, endpoint: string, violated: boolean): string {
  const arrival = violated ? Number(dur(rng, 19.9, 23)) : Number(dur(rng, 7, 15));
  const required = 19.63;
  const slack = (required - arrival).toFixed(2);
  return `Startpoint: u_pwm/counter[${rng.int(0, 7)}]$_DFF_PN0_ (rising edge-triggered flip-flop clocked by clk)\nEndpoint: ${endpoint}\nPath Group: clk\nPath Type: max\nCorner: ${rng.pick(['nom_tt_025C_1v80', 'max_ss_100C_1v60'])}\n\n  Delay    Time   Description\n---------------------------------------------------------\n   0.00    0.00   clock clk (rise edge)\n   0.00    0.00   clock network delay (ideal)\n   0.00    0.00 ^ u_pwm/counter[3]$_DFF_PN0_/CLK (sky130_fd_sc_hd__dfrtp_1)\n   0.41    0.41 v u_pwm/counter[3]$_DFF_PN0_/Q (sky130_fd_sc_hd__dfrtp_1)\n${lines(rng.int(3, 6), () => `   ${dur(rng, 0.1, 2)}    ${dur(rng, 1, 18)} ${rng.pick(['^', 'v'])} ${rng.pick(['_0412_', '_0388_', '_0295_', '_0517_'])}/${rng.pick(['Y', 'X'])} (sky130_fd_sc_hd__${rng.pick(['nand2_1', 'a21oi_1', 'xor2_1', 'o21ai_0'])})`)}\n          ${arrival.toFixed(2)}   data arrival time\n\n  20.00   20.00   clock clk (rise edge)\n   0.00   20.00   clock network delay (ideal)\n  -0.25   19.75   clock uncertainty\n   0.00   19.75   clock reconvergence pessimism\n          19.75 ^ ${endpoint.split(' ')[0] as string}/CLK (sky130_fd_sc_hd__dfrtp_1)\n  -0.12   19.63   library setup time\n          19.63   data required time\n---------------------------------------------------------\n          19.63   data required time\n         ${(-arrival).toFixed(2).padStart(6)}   data arrival time\n---------------------------------------------------------\n          ${slack.padStart(5)}   slack (${violated ? 'VIOLATED' : 'MET'})`;
}

function flow(rng: Rng, tail = ''): string {
  const tag = `RUN_2025-03-${rng.int(10, 28)}_${rng.int(10, 23)}-${rng.int(10, 59)}-${rng.int(10, 59)}`;
  const steps = [
    'Verilator.Lint',
    'Yosys.Synthesis',
    'OpenROAD.Floorplan',
    'OpenROAD.GlobalPlacement',
    'OpenROAD.CTS',
    'OpenROAD.DetailedRouting',
    'OpenROAD.STAPostPNR',
    'Magic.DRC',
    'Netgen.LVS',
  ];
  return `[${rng.int(10, 23)}:${rng.int(10, 59)}:01] INFO     Starting a new run of the 'Classic' flow with the tag '${tag}'.\n${steps.map((s, i) => `[${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}] INFO     Running '${s}' at 'runs/${tag}/${String(i + 1).padStart(2, '0')}-${s.toLowerCase().replace('.', '-')}'…`).join('\n')}\n${tail || `[${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}] INFO     Magic DRC: 0 errors\n[${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}] INFO     LVS: Circuits match uniquely.\n[${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}] INFO     Flow complete.`}`;
}

function agnoNoise(rng: Rng): CuspStep {
  const r = rng.int(0, 8);
  if (r === 0)
    return one(
      undefined,
      shell(['verilator', '--lint-only', '-Wall', '-Isrc', `--top-module`, TOP, 'src/project.v'], ''),
    );
  if (r === 1)
    return many('Synthesis stats and the tests, in parallel.', [
      shell(
        [
          'yosys',
          '-q',
          '-p',
          'read_verilog src/*.v; synth -top tt_um_angkor_pwm; abc -liberty $PDK_LIB; stat -liberty $PDK_LIB',
        ],
        yosysStat(rng),
      ),
      shell(['make', '-C', 'test'], cocotb(rng)),
    ]);
  if (r === 2) {
    const [a, b] = rng.sample(SRC.slice(0, 4), 2) as [string, string];
    return many(undefined, [readFile(rng, a, rng.int(1, 3)), readFile(rng, b, rng.int(1, 2))]);
  }
  if (r === 3) return one(undefined, shell(['make', '-C', 'test'], cocotb(rng)));
  if (r === 4) return one('Full hardening run.', shell(['openlane', '--dockerized', 'config.json'], flow(rng)));
  if (r === 5)
    return one(
      undefined,
      shell(
        ['sta', '-no_splash', '-exit', 'scripts/report_timing.tcl'],
        sta(rng, 'u_pwm/pwm_out$_DFF_PN0_ (rising edge-triggered flip-flop clocked by clk)', false),
      ),
    );
  if (r === 6)
    return one(
      undefined,
      ok(
        'list_files',
        {},
        JSON.stringify(
          some(
            rng,
            [...SRC, 'info.yaml', 'docs/info.md', 'test/Makefile', 'test/tb.v', 'constraints/pwm.sdc'],
            rng.int(5, 9),
          ),
        ),
      ),
    );
  if (r === 7)
    return one(
      undefined,
      shell(
        ['git', 'status', '--short'],
        some(rng, SRC, rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join('\n'),
      ),
    );
  return one(
    undefined,
    shell(
      ['grep', '-rn', rng.pick(['duty', 'rst_n', 'prescale', 'uo_out']), 'src/'],
      lines(
        rng.int(2, 5),
        () =>
          `${rng.pick(SRC.slice(0, 4))}:${rng.int(3, 90)}:${rng.pick(['    input  wire [WIDTH-1:0] duty,', '    if (!rst_n) begin', "assign uo_out = {4'b0, pwm_q};", '        prescale <= prescale + 1;'])}`,
      ),
    ),
  );
}

function agnoBig(rng: Rng): CuspStep {
  if (rng.chance(0.5)) {
    const body = lines(
      rng.int(650, 750),
      (i) =>
        `  sky130_fd_sc_hd__${rng.pick(['dfrtp_1', 'nand2_1', 'nor2_1', 'xor2_1', 'a21oi_1', 'o21ai_0', 'inv_1', 'mux2_1'])} _${String(i).padStart(4, '0')}_ (.A(_${rng.int(0, 999)}_), .B(_${rng.int(0, 999)}_), .Y(_${rng.int(0, 999)}_));`,
    );
    return one(
      'Reading the whole synthesized netlist around the duty compare.',
      ok(
        'read_file',
        { file_name: `runs/latest/06-yosys-synthesis/${TOP}.nl.v` },
        `module ${TOP}(clk, ena, rst_n, ui_in, uio_in, uio_oe, uio_out, uo_out);\n${body}\nendmodule`,
      ),
    );
  }
  return one(
    undefined,
    shell(
      ['openlane', '--dockerized', 'config.json'],
      `${lines(rng.int(520, 600), () => `[${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}] VERBOSE  [GRT] ${rng.pick(['Layer met1 usage', 'Layer met2 usage', 'Layer met3 usage', 'Congestion report', 'Total wirelength'])}: ${dur(rng, 1, 99)}%`)}\n${flow(rng)}`,
      false,
      2000,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ម៉ូឌុល ${t} សម្រាប់បញ្ជា PWM បួនឆានែល`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `សួស្តី! គម្រោងស្ថិតនៅក្នុង ~/chip/angkor-pwm — ជាគម្រោង Tiny Tapeout (Sky130, OpenLane 2, cocotb)។ ខ្ញុំត្រូវការ ${needle} ដែលអាចកំណត់តាម SPI។ ម៉ូឌុលកំពូលគឺ ${TOP}។`,
            },
            {
              step: many('Looking at the tile as it is: the files and a lint pass.', [
                ok('list_files', {}, JSON.stringify(SRC)),
                shell(['verilator', '--lint-only', '-Wall', '-Isrc', '--top-module', TOP, 'src/project.v'], ''),
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
        const needle = `ចំណុចប្រទាក់ SPI ${t} សម្រាប់កំណត់ duty cycle`;
        return { how: 'user-followup', needle, beats: [{ user: `ការងារបន្ទាប់: ${needle}។` }] };
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
            (x) => `${x} ត្រូវតែដំណើរការនៅ 50 MHz ដោយគ្មាន slack អវិជ្ជមាន`,
            (x) => `កុំប្រើ latch នៅក្នុង ${x}`,
            (x) => `${x} ត្រូវតែសមនឹង tile 1x1 របស់ Tiny Tapeout`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`ច្បាប់មួយ: ${needle}។`, `ចងចាំ — ${needle}។`, `សំខាន់: ${needle}។`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = `# ${T}: io delays stay at 30% of the period; never relax them to close timing`;
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: many('Reading the timing constraints next to the config.', [
                ok(
                  'read_file',
                  { file_name: 'constraints/pwm.sdc' },
                  `# constraints for ${TOP}\n${needle}\ncreate_clock -name clk -period 20 [get_ports clk]\nset_input_delay 6 -clock clk [all_inputs]\nset_output_delay 6 -clock clk [all_outputs]\nset_clock_uncertainty 0.25 [get_clocks clk]`,
                ),
                ok(
                  'read_file',
                  { file_name: 'config.json' },
                  `{\n  "DESIGN_NAME": "${TOP}",\n  "CLOCK_PORT": "clk",\n  "CLOCK_PERIOD": 20,\n  "PNR_SDC_FILE": "dir::constraints/pwm.sdc",\n  "FP_CORE_UTIL": ${rng.int(40, 70)}\n}`,
                ),
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
            (x) =>
              `I'll keep the ${x} duty values in shadow registers that load at counter wrap, so an SPI write never glitches the output`,
            (x) => `${x} gets a two-flop synchronizer on the SPI inputs instead of sampling them directly`,
            (x) => `The ${x} counter stays 8 bits behind a prescaler rather than growing to 16 bits`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}. It costs a few flops and keeps the tile well under its area.`,
                ok(
                  'save_file',
                  {
                    contents: `module ${t} (input wire clk, input wire rst_n);\nendmodule\n`,
                    file_name: `src/${t}.v`,
                    overwrite: true,
                  },
                  `src/${t}.v`,
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
        const needle = `${t} នឹងប្រើ reset អសមកាល active-low`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`យើងបានសម្រេចចិត្ត: ${needle}។`, `តោះធ្វើបែបនេះ: ${needle}។`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/${t}_ch.v`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('One file per channel block, then lint everything together.', [
                ok(
                  'save_file',
                  {
                    contents: `\`default_nettype none\nmodule ${t}_ch (input wire clk, input wire rst_n, input wire [7:0] duty, output reg pwm_out);\nendmodule\n`,
                    file_name: needle,
                    overwrite: false,
                  },
                  needle,
                ),
                shell(['verilator', '--lint-only', '-Wall', '-Isrc', '--top-module', TOP, 'src/project.v', needle], ''),
              ]),
            },
            { step: one(undefined, shell(['make', '-C', 'test'], cocotb(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `test/test_${t}.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A cocotb test module for the new block.',
                ok(
                  'save_file',
                  {
                    contents: `import cocotb\nfrom cocotb.clock import Clock\n\n@cocotb.test()\nasync def test_${t}(dut):\n    cocotb.start_soon(Clock(dut.clk, 20, units="ns").start())\n`,
                    file_name: needle,
                    overwrite: false,
                  },
                  needle,
                ),
              ),
            },
            { step: one(undefined, shell(['make', '-C', 'test', `MODULE=test_${t}`], cocotb(rng))) },
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
        const l = rng.int(20, 90);
        const c = rng.int(9, 20);
        const needle = `%Warning-WIDTHTRUNC: src/${t}.v:${l}:${c}: Operator ASSIGNDLY expects 8 bits on the Assign RHS, but Assign RHS's ADD generates 9 bits.`;
        const err = `${needle}\n                                    : ... note: In instance '${TOP}.u_${t}'\n   ${l} |         counter <= counter + duty_step;\n      |                 ^~\n                     ... For warning description see https://verilator.org/warn/WIDTHTRUNC?v=5.024\n                     ... Use "/* verilator lint_off WIDTHTRUNC */" and lint_on around source to disable this message.\n%Error: Exiting due to 1 warning(s)`;
        return {
          how: 'tool-verilator',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  ['verilator', '--lint-only', '-Wall', '-Isrc', '--top-module', TOP, 'src/project.v', `src/${t}.v`],
                  err,
                  true,
                ),
              ),
            },
            {
              step: one(
                `The sum in src/${t}.v is one bit wider than the counter; the carry is meant to be dropped, so the width is made explicit.`,
                readFile(rng, `src/${t}.v`, 2),
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
        const needle = `ERROR: Module \`\\${t}_core' referenced in module \`\\${TOP}' in cell \`\\u_core' is not part of the design.`;
        return {
          how: 'tool-yosys',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  ['yosys', '-p', 'read_verilog src/project.v src/pwm.v; synth -top tt_um_angkor_pwm'],
                  `\n-- Running command \`read_verilog src/project.v src/pwm.v; synth -top ${TOP}' --\n\n1. Executing Verilog-2005 frontend: src/project.v\nParsing Verilog input from \`src/project.v' to AST representation.\nSuccessfully finished Verilog frontend.\n\n3. Executing SYNTH pass.\n\n3.1. Executing HIERARCHY pass (managing design hierarchy).\n\n3.1.1. Analyzing design hierarchy..\nTop module:  \\${TOP}\n${needle}`,
                  true,
                ),
              ),
            },
            {
              step: one(
                `${t}_core is in a file the synthesis command does not read; the flow config lists the sources explicitly.`,
                ok(
                  'read_file',
                  { file_name: 'config.json' },
                  `{\n  "DESIGN_NAME": "${TOP}",\n  "VERILOG_FILES": ["dir::src/project.v", "dir::src/pwm.v"],\n  "CLOCK_PERIOD": 20\n}`,
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
        const needle = `test_${t}_duty failed`;
        return {
          how: 'tool-cocotb',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  ['make', '-C', 'test'],
                  cocotb(rng, { test: `test_${t}_duty`, why: `duty ${rng.int(65, 99)} != 64` }),
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
        const needle = `Endpoint: u_${t}/pwm_out$_DFF_PN0_ (rising edge-triggered flip-flop clocked by clk)`;
        const report = sta(rng, needle.replace('Endpoint: ', ''), true);
        return {
          how: 'tool-sta',
          needle,
          beats: [
            { step: one(undefined, shell(['sta', '-no_splash', '-exit', 'scripts/report_timing.tcl'], report)) },
            {
              step: one(
                `The path into u_${t} misses setup at the slow corner; the compare chain is too long for 20 ns.`,
                readFile(rng, 'src/pwm.v', 2),
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
        const needle = `${t}${hex(rng, 56)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Checksum of the final GDS for the submission form.',
                shell(['sha256sum', `runs/latest/final/gds/${TOP}.gds`], `${needle}  runs/latest/final/gds/${TOP}.gds`),
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
        const needle = `TT-${t}`;
        return { how: 'user-paste', needle, beats: [{ user: `សំបុត្រ Jira គឺ ${needle}; សូមដាក់វាក្នុងសារ commit។` }] };
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
            (x) => `Next: rerun STA at the slow corner (max_ss_100C_1v60) for ${x}`,
            (x) => `Still to do: gate-level simulation of ${x} on the synthesized netlist`,
            (x) => `ជំហានបន្ទាប់: ដំណើរការ LVS ម្តងទៀតសម្រាប់ ${x}`,
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
                shell(
                  ['git', 'commit', '-am', `pwm: ${t}`],
                  `[main ${hex(rng, 7)}] pwm: ${t}\n ${rng.int(1, 4)} files changed, ${rng.int(5, 80)} insertions(+)`,
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
        const needle = `ចុងក្រោយ សូមដំណើរការ gate-level simulation សម្រាប់ ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `អរគុណ។ រឿងចុងក្រោយ: ${needle}។` },
            {
              step: one(
                `Gate-level run for ${t} with the final netlist.`,
                shell(
                  ['make', '-C', 'test', 'GATES=yes'],
                  'iverilog -o sim_build/sim.vvp -D COCOTB_SIM=1 -D GL_TEST -D FUNCTIONAL -D USE_POWER_PINS ...',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

function uuid(rng: Rng): string {
  return `${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`;
}

/** The agno harness. */
export const CUSP_AGNO: CuspHarness = {
  style: 'agno',
  protocol: 'native',
  system: `You are a digital design engineer's assistant for an ASIC tile built with open-source tools.\n\n<your_goal>\nHelp the designer finish and harden the ${TOP} Tiny Tapeout tile (Sky130 HD, 50 MHz) in ${ROOT}.\n</your_goal>\n\n<instructions>\n- Lint with Verilator (-Wall) before synthesis; treat warnings as errors.\n- Run the cocotb tests (make -C test) after every RTL change.\n- Harden with OpenLane 2 (openlane --dockerized config.json) and read the STA, DRC and LVS results.\n- Run independent commands in parallel.\n- Answer in Khmer, the designer's language.\n</instructions>\n\n<additional_information>\n- Use markdown to format your answers.\n- The current time is 2025-03-12 09:41:07.\n</additional_information>`,
  tools: ['run_shell_command', 'read_file', 'save_file', 'list_files'],
  callId: (rng) => `call_0_${uuid(rng)}`,
  noise: agnoNoise,
  big: agnoBig,
  followUp: (rng) =>
    rng.pick([
      'តេស្ត cocotb ឆ្លងកាត់ទេ?',
      'slack ប៉ុន្មានឥឡូវនេះ?',
      'សូមដំណើរការ flow ម្តងទៀត។',
      'ពន្យល់ដោយសង្ខេបថាអ្នកបានផ្លាស់ប្តូរអ្វីខ្លះ។',
      'ល្អ បន្ទាប់មកអ្វី?',
      'DRC ស្អាតទេ?',
    ]),
  keepGoing: (rng) => rng.pick(['បន្តទៅ។', 'បន្ត កុំឈប់។', 'បន្តរហូតដល់តេស្តទាំងអស់ឆ្លងកាត់។']),
  answer: (rng) =>
    rng.pick([
      `រួចរាល់: តេស្ត cocotb ទាំង ${TESTS.length} ឆ្លងកាត់ slack វិជ្ជមាន ${dur(rng, 0.5, 9)} ns DRC ស្អាត។`,
      'Done: lint is clean, cocotb passes, and the hardened tile meets timing with DRC and LVS clean.',
      'បានជួសជុលហើយ។ នៅសល់ការព្រមានមួយនៅក្នុង Verilator ដែលមិនពាក់ព័ន្ធនឹងការផ្លាស់ប្តូរនេះ។',
      'សង្ខេប: RTL ដែលបានកែប្រែឆ្លងកាត់ lint និងតេស្តទាំងអស់។',
    ]),
  probe: (rng) => rng.pick(['បន្តទៅ។', 'បន្តពីកន្លែងដែលអ្នកឈប់។', 'ចុះឥឡូវនេះ?']),
  planters: PLANTERS,
};
