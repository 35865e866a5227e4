/**
 * The legacy Anthropic text format for tools on an FPGA project (SystemVerilog, Verilator lint,
 * cocotb, Yosys, Vivado batch on an Artix-7 board): the reply holds `<function_calls>` with one
 * `<invoke name="…">` and its `<parameter name="…">` elements per call, the results come back in a
 * user message of `<function_results>` with a `<result>` (`<tool_name>`, `<stdout>`) or `<error>`
 * per call. The user writes in Czech.
 */
import type { Rng } from './rng';
import {
  buried,
  fail,
  hex,
  lines,
  ok,
  one,
  pad,
  sha,
  type Planter,
  type StrayHarness,
  type StrayStep,
} from './stray-kit';

const RTL = ['uart_tx', 'uart_rx', 'axis_fifo', 'fir_filter', 'top', 'spi_master', 'reset_sync', 'led_pwm'];

const UART_TX = `\`default_nettype none
module uart_tx #(
    parameter int CLK_HZ = 100_000_000,
    parameter int BAUD   = 115_200
) (
    input  wire       clk,
    input  wire       rst_n,
    input  wire [7:0] s_axis_tdata,
    input  wire       s_axis_tvalid,
    output logic      s_axis_tready,
    output logic      txd
);
  localparam int DIV = CLK_HZ / BAUD;
  logic [$clog2(DIV)-1:0] cnt;
  logic [9:0] shreg;
  logic [3:0] nbits;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      shreg <= '1; nbits <= '0; cnt <= '0;
    end else if (nbits == 0 && s_axis_tvalid) begin
      shreg <= {1'b1, s_axis_tdata, 1'b0};
      nbits <= 4'd10;
    end else if (nbits != 0) begin
      if (cnt == DIV - 1) begin
        cnt <= '0; shreg <= {1'b1, shreg[9:1]}; nbits <= nbits - 1;
      end else cnt <= cnt + 1;
    end
  end
  assign txd = shreg[0];
  assign s_axis_tready = (nbits == 0);
endmodule`;

function utilization(rng: Rng): string {
  const row = (name: string, used: number, avail: number) =>
    `| ${name.padEnd(27)}| ${String(used).padStart(5)} |     0 |          0 | ${String(avail).padStart(9)} | ${((used / avail) * 100).toFixed(2).padStart(5)} |`;
  return [
    '1. Slice Logic',
    '--------------',
    '',
    '+----------------------------+-------+-------+------------+-----------+-------+',
    '|          Site Type         |  Used | Fixed | Prohibited | Available | Util% |',
    '+----------------------------+-------+-------+------------+-----------+-------+',
    row('Slice LUTs', rng.int(3000, 9000), 63400),
    row('  LUT as Logic', rng.int(2800, 8000), 63400),
    row('  LUT as Memory', rng.int(50, 400), 19000),
    row('Slice Registers', rng.int(4000, 12000), 126800),
    row('  Register as Flip Flop', rng.int(4000, 12000), 126800),
    row('F7 Muxes', rng.int(10, 200), 31700),
    row('Block RAM Tile', rng.int(2, 30), 135),
    row('DSPs', rng.int(8, 64), 240),
    '+----------------------------+-------+-------+------------+-----------+-------+',
  ].join('\n');
}

function timingOk(rng: Rng): string {
  const wns = (rng.int(50, 2400) / 1000).toFixed(3);
  return `------------------------------------------------------------------------------------------------\n| Design Timing Summary\n| ---------------------\n------------------------------------------------------------------------------------------------\n\n    WNS(ns)      TNS(ns)  TNS Failing Endpoints  TNS Total Endpoints      WHS(ns)      THS(ns)  THS Failing Endpoints  THS Total Endpoints\n    -------      -------  ---------------------  -------------------      -------      -------  ---------------------  -------------------\n      ${wns}        0.000                      0                ${rng.int(8000, 20000)}        0.0${rng.int(10, 99)}        0.000                      0                ${rng.int(8000, 20000)}\n\n\nAll user specified timing constraints are met.`;
}

function cocotbOk(rng: Rng): string {
  const tests = rng.sample(
    [
      'test_tx_byte',
      'test_rx_byte',
      'test_backpressure',
      'test_fifo_full',
      'test_fir_impulse',
      'test_fir_step',
      'test_reset',
    ],
    rng.int(3, 6),
  );
  const rows = tests.map(
    (t) =>
      `** ${`test_top.${t}`.padEnd(36)} PASS    ${String(rng.int(100, 90000)).padStart(10)}.00   ${rng.int(0, 9)}.${pad(rng.int(0, 99))}   ${String(rng.int(10000, 400000)).padStart(9)}.${pad(rng.int(0, 99))}  **`,
  );
  return `     0.00ns INFO     cocotb.gpi                         ..mbed/gpi_embed.cpp:79   in set_program_name_in_venv        Did not detect Python virtual environment. Using system-wide Python interpreter\n     0.00ns INFO     cocotb                             Running on Verilator version 5.024 2024-04-05\n     0.00ns INFO     cocotb                             Seeding Python random module with ${rng.int(1700000000, 1799999999)}\n${tests.map((t) => `     0.00ns INFO     cocotb.regression                  running ${t} (${tests.indexOf(t) + 1}/${tests.length})`).join('\n')}\n**************************************************************************************\n** TEST                                 STATUS  SIM TIME (ns)  REAL TIME (s)  RATIO (ns/s) **\n**************************************************************************************\n${rows.join('\n')}\n**************************************************************************************\n** TESTS=${tests.length} PASS=${tests.length} FAIL=0 SKIP=0                                                         **\n**************************************************************************************`;
}

function noise(rng: Rng): StrayStep {
  const say = rng.pick([
    undefined,
    undefined,
    'Podívám se na lint.',
    'Spustím simulaci.',
    'Zkontroluji timing.',
    'Let me check the utilization.',
  ]);
  const mod = rng.pick(RTL);
  switch (rng.int(0, 7)) {
    case 0:
      return one(
        say,
        ok(
          'bash',
          { command: 'verilator --lint-only -Wall -Irtl rtl/top.sv' },
          rng.chance(0.5)
            ? ''
            : `%Warning-UNUSEDSIGNAL: rtl/${mod}.sv:${rng.int(10, 90)}:${rng.int(5, 30)}: Signal is not used: 'dbg_${rng.pick(['cnt', 'state', 'flag'])}'\n                                   : ... note: In instance 'top.u_${mod}'\n                      ... For warning description see https://verilator.org/warn/UNUSEDSIGNAL?v=5.024\n                      ... Use "/* verilator lint_off UNUSEDSIGNAL */" and lint_on around source to disable this message.`,
        ),
      );
    case 1:
      return one(say, ok('bash', { command: 'make -C sim SIM=verilator' }, cocotbOk(rng)));
    case 2:
      return one(
        say,
        ok(
          'bash',
          { command: 'yosys -q -p "read_verilog -sv rtl/*.sv; synth_xilinx -top top -family xc7; stat"' },
          `=== top ===\n\n   Number of wires:               ${rng.int(800, 3000)}\n   Number of wire bits:           ${rng.int(5000, 20000)}\n   Number of cells:               ${rng.int(2000, 9000)}\n     BUFG                            ${rng.int(1, 3)}\n     CARRY4                        ${rng.int(40, 300)}\n     FDRE                         ${rng.int(1000, 5000)}\n     LUT2                          ${rng.int(100, 900)}\n     LUT6                          ${rng.int(300, 2000)}\n     RAMB36E1                        ${rng.int(2, 20)}\n     DSP48E1                         ${rng.int(8, 40)}\n\n   Estimated number of LCs:       ${rng.int(2000, 8000)}`,
        ),
      );
    case 3:
      return one(
        say,
        ok(
          'vivado',
          { tcl: 'open_checkpoint build/post_route.dcp; report_utilization -hierarchical_depth 0' },
          utilization(rng),
        ),
      );
    case 4:
      return one(say, ok('vivado', { tcl: 'report_timing_summary -max_paths 10' }, timingOk(rng)));
    case 5:
      return one(say, ok('view_file', { path: 'rtl/uart_tx.sv' }, UART_TX));
    case 6:
      return one(
        say,
        ok(
          'bash',
          { command: 'git log --oneline -8' },
          lines(
            8,
            () =>
              `${sha(rng)} ${rng.pick(['fir: pipeline the adder tree', 'xdc: LED pins', 'sim: cocotb 1.8', 'uart: fix stop bit', 'fifo: gray pointers', 'top: add reset sync'])}`,
          ),
        ),
      );
    default:
      return one(
        say,
        ok(
          'bash',
          { command: 'ls -la rtl/ sim/' },
          `rtl/:\n${RTL.map((r) => `-rw-r--r-- 1 petr petr ${String(rng.int(800, 9000)).padStart(5)} May 14 09:${pad(rng.int(0, 59))} ${r}.sv`).join('\n')}\n\nsim/:\n-rw-r--r-- 1 petr petr  1204 May 13 17:02 Makefile\n-rw-r--r-- 1 petr petr  4410 May 14 08:51 test_top.py`,
        ),
      );
  }
}

function big(rng: Rng): StrayStep {
  const out = lines(rng.int(300, 380), (i) =>
    rng.pick([
      `INFO: [Place 30-611] Multithreading enabled for place_design using a maximum of 8 CPUs`,
      `Phase ${1 + (i % 4)}.${1 + (i % 3)} ${rng.pick(['Global Placement Core', 'Detail Placement', 'Build Placer Netlist Model', 'Post Placement Optimization', 'Initial Routing', 'Rip-up And Reroute'])} | Checksum: ${hex(rng, 9)}\n\nTime (s): cpu = 00:00:${pad(rng.int(1, 59))} ; elapsed = 00:00:${pad(rng.int(1, 40))} . Memory (MB): peak = ${rng.int(2500, 3300)}.${rng.int(100, 999)} ; gain = 0.000 ; free physical = ${rng.int(4000, 9000)} ; free virtual = ${rng.int(9000, 15000)}`,
      `INFO: [Route 35-416] Intermediate Timing Summary | WNS=${(rng.int(10, 900) / 1000).toFixed(3)} | TNS=0.000  | WHS=0.0${rng.int(10, 99)}  | THS=0.000  |`,
      `INFO: [Physopt 32-702] Processed net u_fir/acc_reg[${rng.int(0, 47)}].  Did not re-place instance u_fir/acc_reg[${rng.int(0, 47)}]`,
    ]),
  );
  return one(
    rng.pick([undefined, 'Pouštím kompletní implementaci, log bude dlouhý.']),
    ok(
      'bash',
      { command: 'vivado -mode batch -nojournal -source scripts/impl.tcl' },
      `\n****** Vivado v2023.2 (64-bit)\n  **** SW Build 4029153 on Fri Oct 13 20:13:54 MDT 2023\n  **** IP Build 4028589 on Sat Oct 14 00:45:43 MDT 2023\n    ** Copyright 1986-2022 Xilinx, Inc. All Rights Reserved.\n\nsource scripts/impl.tcl\n# open_checkpoint build/post_synth.dcp\n# opt_design\n# place_design\n${out}\n# write_bitstream -force build/top.bit\nINFO: [Common 17-206] Exiting Vivado at Tue May 14 11:02:41 2024...`,
    ),
  );
}

const P = (user: boolean, plant: Planter['plant']): Planter => ({ user, plant });

export const STRAY_INVOKE: StrayHarness = {
  style: 'invoke',
  protocol: 'text',
  system: `In this environment you have access to a set of tools you can use to answer the user's question.
You can invoke functions by writing a "<function_calls>" block like the following as part of your reply to the user:
<function_calls>
<invoke name="$FUNCTION_NAME">
<parameter name="$PARAMETER_NAME">$PARAMETER_VALUE</parameter>
...
</invoke>
</function_calls>

String and scalar parameters should be specified as is, while lists and objects should use JSON format.

Here are the functions available in JSONSchema format:
<functions>
<function>{"description": "Run a bash command in /home/petr/fpga (Vivado 2023.2, Verilator 5.024, Yosys 0.40, cocotb 1.8 are on PATH)", "name": "bash", "parameters": {"properties": {"command": {"type": "string"}}, "required": ["command"], "type": "object"}}</function>
<function>{"description": "Show a file", "name": "view_file", "parameters": {"properties": {"path": {"type": "string"}}, "required": ["path"], "type": "object"}}</function>
<function>{"description": "Replace old_str with new_str in a file (create it when old_str is empty)", "name": "edit_file", "parameters": {"properties": {"path": {"type": "string"}, "old_str": {"type": "string"}, "new_str": {"type": "string"}}, "required": ["path", "old_str", "new_str"], "type": "object"}}</function>
<function>{"description": "Run Tcl in a persistent Vivado batch session (part xc7a100tcsg324-1)", "name": "vivado", "parameters": {"properties": {"tcl": {"type": "string"}}, "required": ["tcl"], "type": "object"}}</function>
</functions>

The user is an FPGA engineer working on an Arty A7-100T design.`,
  tools: ['bash', 'view_file', 'edit_file', 'vivado'],
  callId: () => '',
  renderStep: (s) =>
    `${s.say ? `${s.say}\n\n` : ''}<function_calls>\n${s.calls
      .map(
        (c) =>
          `<invoke name="${c.tool}">\n${Object.entries(c.args)
            .map(([k, v]) => `<parameter name="${k}">${String(v)}</parameter>`)
            .join('\n')}\n</invoke>`,
      )
      .join('\n')}\n</function_calls>`,
  renderResults: (s) =>
    `<function_results>\n${s.calls
      .map((c) =>
        c.status === 'ok'
          ? `<result>\n<tool_name>${c.tool}</tool_name>\n<stdout>\n${c.output}\n</stdout>\n</result>`
          : `<error>\n${c.output}\n(exit status ${c.exitCode ?? 1})\n</error>`,
      )
      .join('\n')}\n</function_results>`,
  resultPrefix: '<function_results>',
  callMark: /^<invoke name="/gm,
  resultMark: /^<(result|error)>$/gm,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'Dobře. Prošel lint bez warningů?',
      'A jak vypadá timing?',
      'Kolik to teď zabírá LUTů?',
      'Super, pokračuj.',
      'Můžeš pustit simulaci ještě jednou?',
      'Hmm, to je divné. Zkontroluj to prosím.',
    ]),
  keepGoing: (rng) => rng.pick(['Pokračuj.', 'Jeď dál.', 'ok, continue']),
  answer: (rng) =>
    rng.pick([
      'Hotovo — lint je čistý, simulace prochází a timing je splněný.',
      'Implementace doběhla, WNS je kladné. Bitstream je v build/top.bit.',
      'Simulace prochází. Na desce jsem zatím nic nezkoušel.',
      'Done: all cocotb tests pass on Verilator.',
    ]),
  probe: (rng) => rng.pick(['Shrň mi prosím, kde jsme a co zbývá.', 'Jaký je stav? Co je hotové a co ne?']),
  planters: {
    goal: [
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}_bridge`;
        return {
          needle,
          how: 'user-ask',
          beats: [
            {
              user: `Ahoj, potřebuju do designu přidat modul \`${needle}\`: UART (921600 Bd) na AXI4-Lite master, aby šly číst a zapisovat registry FIR filtru z PC. Cíl je Arty A7-100T, hodiny 100 MHz.`,
            },
            {
              step: one(
                `Nejdřív se podívám na současný top, kam ${needle} zapojit.`,
                ok(
                  'bash',
                  { command: 'grep -n "u_" rtl/top.sv' },
                  '41:  uart_rx   u_uart_rx (.clk, .rst_n, .rxd(uart_rxd), .m_axis(rx_axis));\n48:  uart_tx   u_uart_tx (.clk, .rst_n, .s_axis(tx_axis), .txd(uart_txd));\n55:  fir_filter u_fir   (.clk, .rst_n, .s_axis(adc_axis), .m_axis(dac_axis));',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const n = mint('num');
        const needle = `HW-${n}`;
        return {
          needle,
          how: 'user-ticket',
          beats: [
            {
              user: `Další úkol z Redmine, vkládám text:\n\n--\n#${needle} FIR filtr – po resetu první vzorky na výstupu nesmyslné\nPo uvolnění resetu je prvních ~32 vzorků na DAC odpad (zbytky v delay line). Očekávané chování: výstup nula, dokud se delay line nenaplní.\nPriorita: vysoká\n--`,
            },
            {
              step: one(
                undefined,
                ok(
                  'bash',
                  { command: 'grep -n "rst_n" rtl/fir_filter.sv' },
                  '24:    if (!rst_n) begin\n25:      acc <= 0;',
                ),
              ),
            },
          ],
        };
      }),
    ],
    constraint: [
      P(true, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `constraints/${k}.xdc`;
        return {
          needle,
          how: 'user-rule',
          beats: [
            {
              user: rng.pick([
                `Pozor, piny v \`${needle}\` se nesmí měnit — desky už jsou osazené a kabely vedou jinam nepůjdou.`,
                `Do ${needle} nesahej, to je pinout naší přídavné desky.`,
              ]),
            },
            {
              step: one(
                `Rozumím, ${needle} zůstane beze změny. Jen si ho přečtu.`,
                ok(
                  'view_file',
                  { path: needle },
                  'set_property -dict { PACKAGE_PIN D10 IOSTANDARD LVCMOS33 } [get_ports { uart_txd }]\nset_property -dict { PACKAGE_PIN A9  IOSTANDARD LVCMOS33 } [get_ports { uart_rxd }]',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `cdc_${k}`;
        return {
          needle,
          how: 'tool-readme',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'view_file',
                  { path: 'rtl/README.md' },
                  `# RTL conventions\n\n- SystemVerilog 2017, \`default_nettype none\` in every file.\n- Active-low synchronous reset \`rst_n\`, synchronised by reset_sync.\n- Every signal crossing clock domains goes through the \`${needle}\` synchronizer library (2-FF for bits, handshake for buses). No ad-hoc double flops.\n- No vendor primitives outside rtl/xilinx/.`,
                ),
              ),
            },
            {
              step: one(
                `Takže přechody mezi doménami jen přes ${needle}.`,
                ok(
                  'bash',
                  { command: `grep -rn "${needle}" rtl | head -n 3` },
                  `rtl/axis_fifo.sv:63:  ${needle} #(.W(1)) u_sync_full (.clk(wr_clk), .d(full_rd), .q(full));`,
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}_clk_wiz`;
        return {
          needle,
          how: 'user-ip',
          beats: [
            {
              user: `Z Vivado IP katalogu nechci nic kromě \`${needle}\`, co už v projektu je. Všechno ostatní v RTL.`,
            },
            { answer: `Jasně, žádné další IP jádro — jen stávající ${needle}.` },
          ],
        };
      }),
    ],
    decision: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}_gray_sync`;
        return {
          needle,
          how: 'agent-design',
          beats: [
            {
              step: one(
                `Pro asynchronní FIFO volím Grayovy ukazatele místo handshaku — synchronizuje se jen jeden bit na hranu. Nový modul se jmenuje \`${needle}\`.`,
                ok(
                  'edit_file',
                  {
                    path: 'rtl/axis_fifo.sv',
                    old: '  // pointer sync',
                    new: `  // pointer sync\n  ${needle} #(.W(AW+1)) u_wptr_sync (.clk(rd_clk), .d(wptr_gray), .q(wptr_gray_rd));`,
                  },
                  'Edited rtl/axis_fifo.sv (1 replacement)',
                ),
              ),
            },
            { step: one(undefined, ok('bash', { command: 'verilator --lint-only -Wall -Irtl rtl/axis_fifo.sv' }, '')) },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `clk_${k}`;
        return {
          needle,
          how: 'user-choice',
          beats: [
            {
              user: `Po debatě s Honzou: FIR poběží v samostatné doméně \`${needle}\` (125 MHz z MMCM), ne na systémových 100 MHz.`,
            },
            {
              step: one(
                `Dobře, přidám ${needle} do constraintů.`,
                ok(
                  'bash',
                  { command: 'grep -n create_clock constraints/*.xdc' },
                  'constraints/arty.xdc:3:create_clock -add -name sys_clk_pin -period 10.00 -waveform {0 5} [get_ports { CLK100MHZ }];',
                ),
              ),
            },
          ],
        };
      }),
    ],
    file: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `rtl/${k}_ctrl.sv`;
        return {
          needle,
          how: 'agent-edit',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'edit_file',
                  {
                    path: needle,
                    old_str: '',
                    new_str: `\`default_nettype none\nmodule ${k}_ctrl (\n    input wire clk, input wire rst_n,\n    input wire [7:0] cmd, input wire cmd_valid\n);\n  typedef enum logic [1:0] {IDLE, ADDR, DATA} state_t;\n  state_t state;\nendmodule`,
                  },
                  `Created ${needle}`,
                ),
              ),
            },
            { step: one(undefined, ok('bash', { command: `verilator --lint-only -Wall -Irtl ${needle}` }, '')) },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `sim/test_${k}.py`;
        return {
          needle,
          how: 'user-path',
          beats: [
            { user: `Testbench dej prosím do \`${needle}\`, ať to Makefile najde přes MODULE.` },
            {
              step: one(
                undefined,
                ok(
                  'edit_file',
                  {
                    path: needle,
                    old_str: '',
                    new_str:
                      'import cocotb\nfrom cocotb.clock import Clock\n\n@cocotb.test()\nasync def test_write_read(dut):\n    cocotb.start_soon(Clock(dut.clk, 10, units="ns").start())\n',
                  },
                  `Created ${needle}`,
                ),
              ),
            },
          ],
        };
      }),
    ],
    error: [
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `Pin not found: '${k}_valid'`;
        return {
          needle,
          how: 'tool-verilator',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'bash',
                  { command: 'verilator --lint-only -Wall -Irtl rtl/top.sv' },
                  `%Warning-WIDTHEXPAND: rtl/fir_filter.sv:${rng.int(30, 90)}:21: Operator ADD expects 48 bits on the RHS, but RHS's VARREF 'prod' generates 32 bits.\n                                         : ... note: In instance 'top.u_fir'\n%Error-PINNOTFOUND: rtl/top.sv:${rng.int(60, 120)}:10: ${needle}\n  ${rng.int(60, 120)} |     .${k}_valid(bridge_valid),\n      |      ^~~~~~~~~~~~\n%Error: Exiting due to 1 error(s), 1 warning(s)`,
                ),
              ),
            },
            {
              step: one(
                `Verilator hlásí \`${needle}\` — port se v modulu jmenuje jinak.`,
                ok(
                  'bash',
                  { command: 'grep -n "input\\|output" rtl/uart_rx.sv | head' },
                  '5:    input  wire clk,\n6:    input  wire rst_n,\n7:    input  wire rxd,\n8:    output logic [7:0] m_axis_tdata,\n9:    output logic m_axis_tvalid',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `[Synth 8-439] module '${k}_fifo' not found`;
        const out = buried(
          rng,
          rng.int(15, 40),
          (i) =>
            rng.pick([
              `INFO: [Synth 8-6157] synthesizing module '${rng.pick(RTL)}' [/home/petr/fpga/rtl/${rng.pick(RTL)}.sv:${i + 2}]`,
              `INFO: [Synth 8-6155] done synthesizing module '${rng.pick(RTL)}' (0#1) [/home/petr/fpga/rtl/${rng.pick(RTL)}.sv:${i + 40}]`,
            ]),
          `ERROR: ${needle} [/home/petr/fpga/rtl/top.sv:${rng.int(60, 140)}]\nERROR: [Synth 8-6156] failed synthesizing module 'top' [/home/petr/fpga/rtl/top.sv:3]`,
          `---------------------------------------------------------------------------------\nFinished RTL Elaboration : Time (s): cpu = 00:00:04 ; elapsed = 00:00:05 . Memory (MB): peak = 2011.438 ; gain = 412.102\n---------------------------------------------------------------------------------\nRTL Elaboration failed\nINFO: [Common 17-83] Releasing license: Synthesis\n16 Infos, 3 Warnings, 0 Critical Warnings and 3 Errors encountered.\nsynth_design failed\nERROR: [Common 17-69] Command failed: Synthesis failed - please see the console or run log file for details`,
        );
        return {
          needle,
          how: 'tool-vivado',
          beats: [
            {
              step: one(
                'Spouštím syntézu.',
                fail('bash', { command: 'vivado -mode batch -nojournal -source scripts/synth.tcl' }, out),
              ),
            },
            {
              step: one(
                `Syntéza: ${needle}. Soubor není v read_verilog seznamu.`,
                ok('bash', { command: 'grep -n read_verilog scripts/synth.tcl' }, '4:read_verilog -sv [glob rtl/*.sv]'),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `test_top.test_${k}_burst`;
        return {
          needle,
          how: 'tool-cocotb',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'bash',
                  { command: 'make -C sim SIM=verilator' },
                  `  ${rng.int(1000, 9000)}.00ns INFO     cocotb.regression                  running test_${k}_burst (3/5)\n  ${rng.int(10000, 90000)}.00ns INFO     cocotb.regression                  ${needle} failed\n                                                        Traceback (most recent call last):\n                                                          File "/home/petr/fpga/sim/test_top.py", line ${rng.int(40, 200)}, in test_${k}_burst\n                                                            assert got == exp, f"tx byte mismatch: got {got:#04x} expected {exp:#04x}"\n                                                        AssertionError: tx byte mismatch: got 0x3a expected 0x5c\n**************************************************************************************\n** TEST                                 STATUS  SIM TIME (ns)  REAL TIME (s)  RATIO (ns/s) **\n**************************************************************************************\n** test_top.test_tx_byte                 PASS        1040.00           0.01      94718.38  **\n** ${needle.padEnd(36)}  FAIL       ${rng.int(10000, 90000)}.00           0.31      ${rng.int(10000, 99999)}.12  **\n**************************************************************************************\n** TESTS=5 PASS=4 FAIL=1 SKIP=0                                                        **\n**************************************************************************************\nmake[1]: *** [/usr/lib/python3/dist-packages/cocotb/share/makefiles/Makefile.inc:40: results.xml] Error 1`,
                  2,
                ),
              ),
            },
            {
              step: one(
                `Padá ${needle}: při burstu se ztrácí bajt, nejspíš tready ve FIFO.`,
                ok(
                  'view_file',
                  { path: 'rtl/axis_fifo.sv' },
                  'assign s_axis_tready = !full;\nassign full = (wptr_gray == {~rptr_gray_wr[AW:AW-1], rptr_gray_wr[AW-2:0]});',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `Problem ports: ${k}_tx.`;
        return {
          needle,
          how: 'tool-drc',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'vivado',
                  { tcl: 'write_bitstream -force build/top.bit' },
                  `Command: write_bitstream -force build/top.bit\nAttempting to get a license for feature 'Implementation' and/or device 'xc7a100t'\nRunning DRC as a precondition to command write_bitstream\nINFO: [DRC 23-27] Running DRC with 8 threads\nERROR: [DRC NSTD-1] Unspecified I/O Standard: 1 out of ${rng.int(30, 60)} logical ports use I/O standard (IOSTANDARD) value 'DEFAULT', instead of a user assigned specific value. This may cause I/O contention or incompatibility with the board power or connectivity affecting performance, signal integrity or in extreme cases cause damage to the device or the components to which it is connected. To correct this violation, specify all I/O standards. This design will fail to generate a bitstream unless all logical ports have a user specified I/O standard value defined. ${needle}\nERROR: [DRC UCIO-1] Unconstrained Logical Port: 1 out of ${rng.int(30, 60)} logical ports have no user assigned specific location constraint (LOC). ${needle}\nINFO: [Vivado 12-3199] DRC finished with 2 Errors\nERROR: [Vivado 12-1345] Error(s) found during DRC. Bitgen not run.`,
                ),
              ),
            },
            {
              step: one(
                `DRC: ${needle} Chybí mu pin a IOSTANDARD.`,
                ok('bash', { command: `grep -rn "${k}_tx" rtl constraints` }, `rtl/top.sv:12:    output wire ${k}_tx,`),
              ),
            },
          ],
        };
      }),
    ],
    pending: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `u_ila_${k}`;
        return {
          needle,
          how: 'agent-next',
          beats: [
            {
              step: one(
                `V simulaci vše prochází. Zbývá ověření na desce: vložím ILA \`${needle}\` na AXI-Lite sběrnici a zachytím první transakci z PC — to je další krok.`,
                ok(
                  'vivado',
                  {
                    tcl: `create_debug_core ${needle} ila; set_property C_DATA_DEPTH 4096 [get_debug_cores ${needle}]`,
                  },
                  `INFO: [Chipscope 16-3] create_debug_core ${needle}`,
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}_out`;
        return {
          needle,
          how: 'user-next',
          beats: [
            {
              user: `Díky. Zítra ráno změříme jitter na pinu \`${needle}\` osciloskopem, nech ho tedy vyvedený na Pmod JA. Teď jen zkontroluj, že je v XDC.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'bash',
                  { command: `grep -n "${needle}" constraints/*.xdc` },
                  `constraints/arty.xdc:41:set_property -dict { PACKAGE_PIN G13 IOSTANDARD LVCMOS33 } [get_ports { ${needle} }];`,
                ),
              ),
            },
          ],
        };
      }),
    ],
    value: [
      P(false, ({ mint }) => {
        const c = mint('code');
        const needle = `Digilent/210319${c}`;
        return {
          needle,
          how: 'tool-jtag',
          beats: [
            {
              step: one(
                'Připojím se k hw_serveru.',
                ok(
                  'vivado',
                  { tcl: 'open_hw_manager; connect_hw_server; get_hw_targets' },
                  `INFO: [Labtools 27-2285] Connecting to hw_server url TCP:localhost:3121\nINFO: [Labtools 27-2222] Launching hw_server...\nINFO: [Labtools 27-2221] Launch Output:\n\n****** Xilinx hw_server v2023.2\nlocalhost:3121/xilinx_tcf/${needle}A`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'vivado',
                  {
                    tcl: `open_hw_target localhost:3121/xilinx_tcf/${needle}A; current_hw_device [get_hw_devices xc7a100t_0]`,
                  },
                  'INFO: [Labtoolstcl 44-466] Opening hw_target localhost:3121/xilinx_tcf/' + needle + 'A\nxc7a100t_0',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const c = mint('code');
        const needle = `usb-FTDI_Dual_RS232-HS_${c}-if01`;
        return {
          needle,
          how: 'user-port',
          beats: [
            { user: `UART z desky je u mě /dev/serial/by-id/${needle}-port0, na tom zkoušej.` },
            {
              step: one(
                undefined,
                ok('bash', { command: `stty -F /dev/serial/by-id/${needle}-port0 921600 raw -echo && echo ok` }, 'ok'),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const h = mint('hex');
        const sum = h + hex(rng, 55);
        return {
          needle: sum,
          how: 'tool-checksum',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'bash',
                  { command: 'sha256sum build/top.bit && ls -l build/top.bit' },
                  `${sum}  build/top.bit\n-rw-r--r-- 1 petr petr 3825888 May 14 11:02 build/top.bit`,
                ),
              ),
            },
            {
              step: one(
                'Zapíšu hash do release notes.',
                ok(
                  'edit_file',
                  {
                    path: 'RELEASE.md',
                    old_str: '## Unreleased',
                    new_str: `## Unreleased\n\n- bitstream sha256: ${sum}`,
                  },
                  'Edited RELEASE.md (1 replacement)',
                ),
              ),
            },
          ],
        };
      }),
    ],
  },
};
