/**
 * The plandex harness of the cove family (cove.ts): a Plandex-like plan/apply agent. Its calls are
 * text: prose (often a `### Tasks` list), then for each file a bold `**Updating \`path\`**` line and a
 * `<PlandexBlock lang="…" path="…">` … `</PlandexBlock>` body, several a message; a block for
 * `_apply.sh` is the script the CLI runs after the changes are applied. The harness applies the
 * pending changes and answers with one user message, `Applied N changes — plan '…', branch main`,
 * and an `[i/N]` line per block (the file written, or the script, its output and exit status).
 * An FPGA ultrasonic flow meter for an irrigation canal in VHDL-2008, analysed and simulated with GHDL
 * (mcode) under VUnit: GHDL's `file:line:col:error:` diagnostics, `(assertion error)` reports with
 * `ghdl:error: simulation failed`, elaboration errors for missing units, VUnit's `==== Summary ====`
 * blocks with `pass`/`fail` lines, vsg style reports and GTKWave-ready wave files; for a Tajik-speaking
 * engineer.
 * Reconstructed rather than copied: Plandex's block tags and `_apply.sh` convention (from memory of
 * Plandex v2), the apply message (invented), GHDL 4.x and VUnit 4.x output from memory, and vsg's
 * report layout (less sure).
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
  type CoveCall,
  type CoveHarness,
  type CoveStep,
  type Planter,
} from './cove-kit';

const ROOT = '/home/farrukh/kor/obmetr';
const UNITS = ['tof_counter', 'uart_tx', 'spi_adc', 'fifo_sync', 'flow_calc', 'obmetr_top'];
const TESTS = [
  'lib.tb_tof.zero_flow',
  'lib.tb_tof.forward_flow',
  'lib.tb_tof.reverse_flow',
  'lib.tb_uart.single_byte',
  'lib.tb_uart.back_to_back',
  'lib.tb_fifo.fill_and_drain',
  'lib.tb_fifo.overflow_flag',
  'lib.tb_flow.scale_litres',
];
const VHDL = [
  'library ieee;\nuse ieee.std_logic_1164.all;\nuse ieee.numeric_std.all;',
  'entity tof_counter is\n  generic (WIDTH : positive := 24);\n  port (\n    clk, rst   : in  std_logic;\n    echo_up    : in  std_logic;\n    echo_down  : in  std_logic;\n    tof_diff   : out signed(WIDTH - 1 downto 0);\n    valid      : out std_logic\n  );\nend entity;',
  'architecture rtl of tof_counter is\n  signal cnt_up, cnt_down : unsigned(WIDTH - 1 downto 0);\nbegin',
  "  process (clk)\n  begin\n    if rising_edge(clk) then\n      if rst = '1' then\n        cnt_up <= (others => '0');\n      elsif echo_up = '0' then\n        cnt_up <= cnt_up + 1;\n      end if;\n    end if;\n  end process;",
  '  tof_diff <= signed(cnt_up) - signed(cnt_down);',
  'end architecture;',
];

const BUILD = 'python3 run.py --num-threads 4';

function write(path: string, body: string): CoveCall {
  return ok(
    'write_file',
    { path, lang: path.endsWith('.py') ? 'python' : 'vhdl', content: body },
    `${body.split('\n').length} lines`,
  );
}

function apply(script: string, output: string, code = 0): CoveCall {
  return code === 0
    ? ok('apply_script', { path: '_apply.sh', lang: 'bash', content: script }, output, 0)
    : fail('apply_script', { path: '_apply.sh', lang: 'bash', content: script }, output, code);
}

/** A VUnit run: each test's pass line, then the summary; `failing` replaces one test by a failure. */
function vunit(rng: Rng, failing?: string, why = ''): string {
  const names = some(rng, TESTS, rng.int(4, 7));
  if (failing) names.push(failing);
  const times = names.map(() => dur(rng, 0.2, 1.8, 1));
  const runs = names.map((n, i) =>
    n === failing
      ? `Starting ${n}\nOutput file: vunit_out/test_output/${n}_${hex(rng, 40)}/output.txt\n${why}\nfail (P=${i} S=0 F=1 T=${names.length}) ${n} (${times[i]} seconds)`
      : `Starting ${n}\nOutput file: vunit_out/test_output/${n}_${hex(rng, 40)}/output.txt\npass (P=${i + 1} S=0 F=0 T=${names.length}) ${n} (${times[i]} seconds)`,
  );
  const w = Math.max(...names.map((n) => n.length));
  const bad = failing ? 1 : 0;
  const rule = '='.repeat(w + 22);
  return `Compiling into lib:   src/${rng.pick(UNITS)}.vhd passed\nCompiling into lib:   tb/tb_tof.vhd passed\n${runs.join('\n\n')}\n\n==== Summary ${'='.repeat(w + 9)}\n${names.map((n, i) => `${n === failing ? 'fail' : 'pass'} ${n.padEnd(w)}  (${times[i]} seconds)`).join('\n')}\n${rule}\npass ${names.length - bad} of ${names.length}${bad ? `\nfail 1 of ${names.length}` : ''}\n${rule}\nTotal time was ${dur(rng, 3, 12, 1)} seconds\nElapsed time was ${dur(rng, 3, 12, 1)} seconds\n${rule}\n${bad ? 'Some failed!' : 'All passed!'}`;
}

function ghdlSyntax(rng: Rng): string {
  return some(rng, UNITS, rng.int(2, 4))
    .map((u) => `ghdl -s --std=08 --work=lib src/${u}.vhd`)
    .join('\n');
}

function plandexNoise(rng: Rng): CoveStep {
  const r = rng.int(0, 6);
  if (r <= 1) return one('### Tasks\n1. Re-run the VUnit suite.', apply(`#!/bin/bash\nset -e\n${BUILD}`, vunit(rng)));
  if (r === 2)
    return many('Tightening the up-counter reset and re-running the suite.', [
      write('src/tof_counter.vhd', pieces(rng, VHDL, rng.int(14, 30))),
      apply(`#!/bin/bash\nset -e\n${BUILD} 'lib.tb_tof.*'`, vunit(rng)),
    ]);
  if (r === 3) {
    const u = rng.pick(UNITS);
    const l = rng.int(20, 120);
    return many(`A quick syntax pass over ${u} after the port rename.`, [
      write(`src/${u}.vhd`, pieces(rng, VHDL, rng.int(10, 24))),
      apply(
        `#!/bin/bash\nset -e\nghdl -s --std=08 --work=lib src/${u}.vhd`,
        `ghdl -s --std=08 --work=lib src/${u}.vhd\nsrc/${u}.vhd:${l}:${rng.int(3, 30)}:error: ${rng.pick(['no declaration for "echo_dn"', "can't match integer literal with type std_logic", 'missing ";" at end of statement', 'port "valid" is not associated'])}\nsrc/${u}.vhd:${l + rng.int(1, 9)}:${rng.int(3, 20)}:error: ${rng.pick(['no declaration for "cnt_dn"', 'target is not a signal name'])}\nghdl:error: compilation error`,
        1,
      ),
    ]);
  }
  if (r === 4) return one(undefined, apply(`#!/bin/bash\nset -e\n${ghdlSyntax(rng)}\necho syntax ok`, 'syntax ok'));
  if (r === 5)
    return one(
      'Style check before committing.',
      apply(
        '#!/bin/bash\nvsg -f src/*.vhd --configuration vsg.yaml',
        `${some(rng, UNITS, rng.int(2, 4))
          .map(
            (u) =>
              `================================================================================\nFile:  src/${u}.vhd\n================================================================================\nPhase 7 of 7... Reporting\nTotal Rules Checked: ${rng.int(600, 800)}\nTotal Violations:    0\n  Error   :     0\n  Warning :     0`,
          )
          .join('\n')}`,
      ),
    );
  return one(
    undefined,
    apply(
      '#!/bin/bash\ngit status --short && git log --oneline -3',
      `${some(rng, UNITS, rng.int(1, 3))
        .map((u) => ` M src/${u}.vhd`)
        .join(
          '\n',
        )}\n${hex(rng, 7)} tof: signed difference\n${hex(rng, 7)} uart: 115200 baud at 50 MHz\n${hex(rng, 7)} tb: vunit checks`,
    ),
  );
}

function plandexBig(rng: Rng): CoveStep {
  const n = rng.int(600, 680);
  return one(
    'Dumping the simulated echo edges to see where the down-counter lags.',
    apply(
      '#!/bin/bash\nset -e\nghdl -r --std=08 --work=lib tb_tof --stop-time=4ms --wave=tof.ghw 2>&1 | grep "report note"',
      lines(
        n,
        (i) =>
          `tb/tb_tof.vhd:141:7:@${i * 6 + rng.int(0, 5)}us:(report note): edge=${rng.pick(['up', 'down'])} cnt_up=${rng.int(0, 99999)} cnt_down=${rng.int(0, 99999)} diff=${rng.int(-900, 900)}`,
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
        const needle = `ба лоиҳа модули ${t}-ро илова кунед, ки ҷараёни обро аз фарқи вақт ҳисоб мекунад`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Салом! Лоиҳа дар ${ROOT} аст — ченкунаки ултрасадоии об барои канал дар FPGA (VHDL, GHDL, VUnit). Ман мехоҳам, ки шумо ${needle}. Лутфан ҳар қадамро шарҳ диҳед.`,
            },
            {
              step: one(
                '### Tasks\n1. Look at the tree.\n2. Run the current suite to know where we start.',
                apply(
                  `#!/bin/bash\nset -e\nls src tb\n${BUILD}`,
                  `${UNITS.map((u) => `${u}.vhd`).join('\n')}\ntb_fifo.vhd\ntb_tof.vhd\ntb_uart.vhd\n${vunit(rng)}`,
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
        const needle = `${t}: натиҷаро ҳар сония тавассути UART фиристед`;
        return { how: 'user-followup', needle, beats: [{ user: `Вазифаи навбатӣ: ${needle}.` }] };
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
            (x) => `${x}: танҳо VHDL-2008, бе Verilog`,
            (x) => `дар ${x} ҳеҷ гоҳ latch набояд бошад`,
            (x) => `басомади соати ${x} 50 MHz аст ва онро тағйир надиҳед`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Қоида: ${needle}.`, `Фаромӯш накунед — ${needle}.`, `Муҳим: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every clocked process uses a synchronous, active-high reset`,
          `${T}: no numeric_std_unsigned; casts go through numeric_std only`,
          `${T}: each new entity gets a VUnit testbench in tb/ before it is wired into obmetr_top`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The repo has a CONTRIBUTING file; reading it before changing anything.',
                apply(
                  '#!/bin/bash\ncat CONTRIBUTING.md',
                  `# obmetr\n\n- GHDL 4.1, VUnit 4.7\n- ${needle}\n- vsg must be clean`,
                ),
              ),
            },
            {
              step: one(`Noted ${T}; the suite first.`, apply(`#!/bin/bash\nset -e\n${BUILD}`, vunit(rng))),
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
            (x) => `${x} will use a CORDIC-free fixed-point divide, because the part has only 28 multipliers`,
            (x) => `I'm going with a two-flop synchroniser on the echo inputs of ${x} rather than a FIFO`,
            (x) => `let's average ${x} over 16 shots in a shift register instead of a running IIR`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `### Tasks\n1. Record the approach.\n\nSo: ${needle}.`,
                write('docs/design.md', `# Design notes\n\n- ${needle}\n`),
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
        const needle = `${t} бояд натиҷаро бо литр дар як сония диҳад, на бо метри мукааб`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Мо қарор додем: ${needle}.`, `Биёед ҳамин тавр кунем: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `src/${t}_avg.vhd`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A unit of its own for the averaging, then analysis.', [
                write(
                  needle,
                  `library ieee;\nuse ieee.std_logic_1164.all;\nuse ieee.numeric_std.all;\n\nentity ${t}_avg is\n  generic (N_LOG2 : natural := 4);\n  port (clk, rst, din_valid : in std_logic;\n        din  : in  signed(23 downto 0);\n        dout : out signed(23 downto 0));\nend entity;`,
                ),
                apply(`#!/bin/bash\nset -e\nghdl -a --std=08 --work=lib ${needle}\necho analysed`, 'analysed'),
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
        const needle = `tb/tb_${t}.vhd`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: many('A testbench for it, registered with VUnit.', [
                write(
                  needle,
                  `library vunit_lib;\ncontext vunit_lib.vunit_context;\n\nentity tb_${t} is\n  generic (runner_cfg : string);\nend entity;\n\narchitecture sim of tb_${t} is\nbegin\n  main : process\n  begin\n    test_runner_setup(runner, runner_cfg);\n    check_equal(${rng.int(1, 9)}, ${rng.int(1, 9)});\n    test_runner_cleanup(runner);\n  end process;\nend architecture;`,
                ),
                apply(
                  `#!/bin/bash\nset -e\n${BUILD} --list | tail -n 3`,
                  `lib.tb_tof.zero_flow\nlib.tb_${t}.all\nListed ${rng.int(6, 12)} tests`,
                ),
              ]),
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
        const l = rng.int(30, 140);
        const needle = `error: no declaration for "${t}_cnt"`;
        return {
          how: 'tool-compiler',
          needle,
          beats: [
            {
              step: one(
                undefined,
                apply(
                  `#!/bin/bash\nset -e\n${BUILD}`,
                  `Compiling into lib:   src/tof_counter.vhd failed\n=== Command used: ===\n/usr/bin/ghdl -a --workdir=vunit_out/ghdl/libraries/lib --work=lib --std=08 -P vunit_out/ghdl/libraries/vunit_lib src/tof_counter.vhd\n\n=== Command output: ===\nsrc/tof_counter.vhd:${l}:${rng.int(9, 30)}:${needle}\nsrc/tof_counter.vhd:${l + 2}:${rng.int(9, 30)}:error: no declaration for "${t}_cnt"\n/usr/bin/ghdl-mcode:error: compilation error\nCompile failed`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}_cnt is never declared — the signal is cnt_down.`,
                write('src/tof_counter.vhd', pieces(rng, VHDL, 20)),
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
        const needle = `lib.tb_flow.${t}_scaling`;
        const at = rng.int(100, 900);
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                apply(
                  `#!/bin/bash\nset -e\n${BUILD}`,
                  vunit(
                    rng,
                    needle,
                    `${at}000000 fs - check - ERROR - Equality check failed - Got ${rng.int(1000, 4000)}. Expected ${rng.int(4001, 9000)}.\n/usr/bin/ghdl-mcode:error: assertion failed\n  from: process lib.tb_flow(sim).main at tb_flow.vhd:${rng.int(40, 90)}\n/usr/bin/ghdl-mcode:error: simulation failed`,
                  ),
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
        const needle = `unit "${t}_sync" not found in library "lib"`;
        return {
          how: 'tool-elab',
          needle,
          beats: [
            {
              step: one(
                'Elaborating the top level on its own.',
                apply(
                  '#!/bin/bash\nset -e\nghdl -e --std=08 --work=lib obmetr_top',
                  `src/obmetr_top.vhd:${rng.int(40, 120)}:${rng.int(5, 12)}:error: ${needle}\n  u_sync : entity lib.${t}_sync\n         ^\nghdl:error: compilation error`,
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
        const needle = `flow=${t} mL/s`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                apply(
                  '#!/bin/bash\nset -e\nghdl -r --std=08 --work=lib tb_flow --stop-time=2ms',
                  `tb/tb_flow.vhd:${rng.int(90, 140)}:7:@${rng.int(1, 2)}ms:(report note): ${needle}\nghdl:info: simulation stopped by --stop-time @2ms`,
                ),
              ),
            },
            {
              step: one(
                `Recording ${needle} as the reference for the canal's nominal flow.`,
                write('docs/reference.md', `- nominal: ${needle}\n`),
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
                'Hashing the bitstream for the release notes.',
                apply('#!/bin/bash\nsha256sum build/obmetr_top.bit', `${needle}${hex(rng, 32)}  build/obmetr_top.bit`),
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
        const needle = `OBM-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Рақами силсилавии дастгоҳ ${needle} аст; онро ба бастаи ID-и UART илова кунед.` }],
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
            (x) => `What's left is wiring ${x} into obmetr_top and re-running the full suite`,
            (x) => `${x} still lacks a reverse-flow test`,
            (x) => `қадами оянда: ${x}-ро дар тахтаи воқеӣ санҷед`,
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
                apply(`#!/bin/bash\ngit commit -qam "flow: ${t}" && git log --oneline -1`, `${hex(rng, 7)} flow: ${t}`),
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
        const needle = `дар охир дар бораи ${t} хулосаи кӯтоҳ бо забони тоҷикӣ нависед`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Ташаккур. Боз як чиз: ${needle}.` },
            { step: one(undefined, apply(`#!/bin/bash\nset -e\n${BUILD}`, vunit(rng))) },
          ],
        };
      },
    },
  ],
};

function block(c: CoveCall): string {
  const path = String(c.args['path']);
  return `**Updating \`${path}\`**\n<PlandexBlock lang="${String(c.args['lang'])}" path="${path}">\n${String(c.args['content'])}\n</PlandexBlock>`;
}

function result(c: CoveCall, i: number, n: number): string {
  if (c.tool === 'apply_script') return `[${i + 1}/${n}] 🚀 _apply.sh\n${c.output}\n(exit status ${c.exitCode ?? 0})`;
  return `[${i + 1}/${n}] ✏️  ${String(c.args['path'])} · ${c.output}`;
}

/** The plandex harness. */
export const COVE_PLANDEX: CoveHarness = {
  style: 'plandex',
  protocol: 'text',
  system: `You are Plandex, an AI planning and coding agent working in ${ROOT}: an ultrasonic flow meter for an irrigation canal in VHDL-2008, analysed and simulated with GHDL 4.1 (mcode) under VUnit (python3 run.py). Break the user's request into tasks, then write each file you change in full as\n**Updating \`path\`**\n<PlandexBlock lang="vhdl" path="path">\n…\n</PlandexBlock>\nTo run commands after the changes are applied, write a block for _apply.sh; the user's CLI applies every pending change and runs _apply.sh, then shows you what happened. When the plan is done, answer without blocks. The user writes Tajik; answer in Tajik or English.`,
  tools: ['write_file', 'apply_script'],
  renderStep: (s) => `${s.say ? `${s.say}\n\n` : ''}${s.calls.map(block).join('\n\n')}`,
  renderResults: (s, _ids, n) =>
    `Applied ${s.calls.length} change${s.calls.length === 1 ? '' : 's'} — plan 'obmetr-flow', branch main${n === 0 ? '' : ` (step ${n + 1})`}\n\n${s.calls.map((c, i) => result(c, i, s.calls.length)).join('\n\n')}`,
  resultStart: /^Applied \d+ changes? — plan '/,
  callMark: /^<PlandexBlock /gm,
  resultMark: /^\[\d+\/\d+\] /gm,
  noise: plandexNoise,
  big: plandexBig,
  followUp: (rng) =>
    rng.pick([
      'Тестҳо гузаштанд?',
      'Симулятсия кор кард?',
      'Лутфан тестҳоро боз иҷро кунед.',
      'Шумо чиро тағйир додед?',
      'Хуб, боз чӣ монд?',
      'Ҳоло хатоҳо ҳастанд?',
    ]),
  keepGoing: (rng) => rng.pick(['Идома диҳед.', 'Идома диҳед, бас накунед.', 'То гузаштани ҳамаи тестҳо идома диҳед.']),
  answer: (rng) =>
    rng.pick([
      `Тайёр: ҳамаи тестҳои VUnit гузаштанд (${rng.int(5, 9)} тест).`,
      'Done: GHDL analyses every unit and the VUnit suite passes.',
      'Ислоҳ шуд. Як огоҳии кӯҳна дар uart_tx.vhd боқӣ мондааст, ки ба ин тағйирот алоқа надорад.',
      'Хулоса: модул кор мекунад ва тестҳо мисли пештара мегузаранд.',
    ]),
  probe: (rng) => rng.pick(['Идома диҳед.', 'Аз ҷое, ки истодед, идома диҳед.', 'Ҳоло чӣ?']),
  planters: PLANTERS,
};
