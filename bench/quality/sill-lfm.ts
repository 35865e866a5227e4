/**
 * The lfm harness of the sill family (sill.ts): a small local model in the LFM2 style writing its calls
 * as text — prose, then one `<|tool_call_start|>[run_shell(command="…"), read_file(path="…")]<|tool_call_end|>`
 * list of Python-style calls with keyword arguments, several a message. The runtime answers all of them
 * with one user message (the tool turn as the chat template renders it) holding a
 * `<|tool_response_start|>…<|tool_response_end|>` block per call, in order, each with the command's
 * output and an `[exit code: N]` line.
 * A Cairo 2 / Starknet escrow contract for market vendors in Harare, built with Scarb and tested with
 * Starknet Foundry: `scarb build` diagnostics (`error: …` with ` --> file:line:col` and a caret line,
 * `could not compile`), snforge runs (`[PASS]`/`[FAIL]` lines with gas, `Failure data:` panics with a
 * felt and its short string, the `Tests: n passed, n failed` summary and a `Failures:` list), `scarb fmt
 * --check`, sncast declare/deploy/call output against starknet-devnet, and sncast errors; for a
 * Shona-speaking developer.
 * Reconstructed rather than copied: the LFM2 special tokens and their use in the tool turn are from
 * memory of its chat template (the `[exit code: N]` line is invented); Scarb 2.8 and snforge 0.3x output
 * from memory (gas fields and wording approximate); sncast's `command:`/`class_hash:` layout less sure;
 * the Shona is plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pieces,
  say,
  some,
  type Planter,
  type SillCall,
  type SillHarness,
  type SillStep,
} from './sill-kit';

const ROOT = '/home/tendai/mari-pay';
const PKG = 'mari_pay';
const SRC = ['src/lib.cairo', 'src/escrow.cairo', 'src/fees.cairo', 'src/vendor_registry.cairo', 'src/events.cairo'];
const TESTS = [
  'test_escrow::test_deposit',
  'test_escrow::test_release_to_vendor',
  'test_escrow::test_refund_after_timeout',
  'test_fees::test_fee_rounding',
  'test_fees::test_zero_fee_below_minimum',
  'test_registry::test_register_vendor',
  'test_registry::test_duplicate_vendor_rejected',
];
const CAIRO = [
  '#[starknet::contract]\npub mod Escrow {\n    use starknet::{ContractAddress, get_caller_address, get_block_timestamp};\n    use starknet::storage::{Map, StoragePointerReadAccess, StoragePointerWriteAccess};',
  '    #[storage]\n    struct Storage {\n        balances: Map<ContractAddress, u256>,\n        vendor_of: Map<u64, ContractAddress>,\n        fee_bps: u16,\n    }',
  "    #[external(v0)]\n    fn deposit(ref self: ContractState, order_id: u64, amount: u256) {\n        assert(amount > 0, 'Zero amount');\n        let caller = get_caller_address();\n        self.balances.entry(caller).write(self.balances.entry(caller).read() + amount);\n    }",
  '    fn compute_fee(self: @ContractState, amount: u256) -> u256 {\n        amount * self.fee_bps.read().into() / 10000\n    }',
  '    #[event]\n    #[derive(Drop, starknet::Event)]\n    enum Event {\n        Deposited: Deposited,\n        Released: Released,\n    }',
];

function sh(command: string, output: string, code = 0): SillCall {
  return code === 0 ? ok('run_shell', { command }, output, 0) : fail('run_shell', { command }, output, code);
}

function read(path: string, body: string): SillCall {
  return ok('read_file', { path }, body, 0);
}

function write(path: string, content: string): SillCall {
  return ok('write_file', { path, content }, `wrote ${content.length} bytes to ${path}`, 0);
}

function build(rng: Rng): string {
  return `   Compiling ${PKG} v0.1.0 (${ROOT}/Scarb.toml)\n    Finished \`dev\` profile target(s) in ${rng.int(2, 14)} seconds`;
}

function gas(rng: Rng): string {
  return `(l1_gas: ~0, l1_data_gas: ~${rng.int(96, 480)}, l2_gas: ~${rng.int(200, 900)}000)`;
}

/** An snforge run; `failing` adds one failing test with its panic data. */
function snforge(rng: Rng, failing?: string, data = ''): string {
  const names = some(rng, TESTS, rng.int(4, 7));
  const all = failing ? [...names, failing] : names;
  const rows = all.map((n) =>
    n === failing
      ? `[FAIL] ${PKG}_integrationtest::${n}\n\nFailure data:\n    ${data}\n`
      : `[PASS] ${PKG}_integrationtest::${n} ${gas(rng)}`,
  );
  const head = `${build(rng)}\n\n\nCollected ${all.length} test(s) from ${PKG} package\nRunning 0 test(s) from src/\nRunning ${all.length} test(s) from tests/\n${rows.join('\n')}\nTests: ${names.length} passed, ${failing ? 1 : 0} failed, 0 skipped, 0 ignored, 0 filtered out`;
  return failing ? `${head}\n\nFailures:\n    ${PKG}_integrationtest::${failing}` : head;
}

function cairoError(file: string, line: number, col: number, msg: string, code: string, width: number): string {
  return `   Compiling ${PKG} v0.1.0 (${ROOT}/Scarb.toml)\nerror: ${msg}\n --> ${ROOT}/${file}:${line}:${col}\n${code}\n${' '.repeat(col + 7)}${'^'.repeat(Math.max(1, width))}\n\nerror: could not compile \`${PKG}\` due to previous error`;
}

function felt(text: string): string {
  return `0x${Buffer.from(text, 'utf8').toString('hex')} ('${text}')`;
}

function lfmNoise(rng: Rng): SillStep {
  const r = rng.int(0, 6);
  if (r === 0) return one(undefined, sh('snforge test', snforge(rng)));
  if (r === 1)
    return many('Building and running the suite together.', [
      sh('scarb build', build(rng)),
      sh('snforge test', snforge(rng)),
    ]);
  if (r === 2) {
    const f = rng.pick(SRC);
    return many(`Reading ${f} and checking formatting.`, [
      read(f, pieces(rng, CAIRO, rng.int(14, 34))),
      sh(
        'scarb fmt --check',
        `Diff in file ${ROOT}/${f}:\n --- original\n +++ modified\n@@ -${rng.int(10, 80)},3 +${rng.int(10, 80)},3 @@\n-        let fee=self.compute_fee(amount);\n+        let fee = self.compute_fee(amount);`,
        1,
      ),
    ]);
  }
  if (r === 3) {
    const l = rng.int(20, 140);
    return one(
      undefined,
      sh(
        'scarb build',
        cairoError(
          rng.pick(SRC),
          l,
          rng.int(13, 30),
          rng.pick([
            'Unexpected argument type. Expected: "core::integer::u256", found: "core::felt252".',
            'Variable not dropped.',
            'Type annotations needed. Failed to infer ?3.',
            'Method `read` not found on type `core::starknet::storage::Map::<core::starknet::contract_address::ContractAddress, core::integer::u256>`. Did you import the correct trait?',
          ]),
          `        let fee = self.compute_fee(amount);`,
          rng.int(6, 20),
        ),
        1,
      ),
    );
  }
  if (r === 4)
    return many('Balance of the test vendor and the devnet block, at once.', [
      sh(
        `sncast --profile devnet call --contract-address 0x${hex(rng, 62)} --function balance_of --calldata 0x${hex(rng, 8)}`,
        `command: call\nresponse: [0x${hex(rng, 4)}, 0x0]`,
      ),
      sh(
        'curl -s -X POST localhost:5050/rpc -d \'{"jsonrpc":"2.0","id":1,"method":"starknet_blockNumber"}\'',
        `{"jsonrpc":"2.0","id":1,"result":${rng.int(10, 400)}}`,
      ),
    ]);
  if (r === 5)
    return one(
      undefined,
      sh(
        'sncast --profile devnet declare --contract-name Escrow',
        rng.chance(0.5)
          ? `command: declare\nerror: Failed to find Escrow artifact in starknet_artifacts.json file. Please make sure you have specified correct package using \`--package\` flag and that you have enabled sierra and casm code generation in Scarb.toml.`
          : `command: declare\nerror: An error occurred in the called contract = ContractErrorData { revert_error: "Class with hash 0x${hex(rng, 63)} is already declared." }`,
        1,
      ),
    );
  return one(
    undefined,
    sh(
      'git log --oneline -4 && git status --short',
      `${hex(rng, 7)} escrow: refund after timeout\n${hex(rng, 7)} fees: basis points\n${hex(rng, 7)} registry: vendor ids\n${hex(rng, 7)} init\n M ${rng.pick(SRC)}`,
    ),
  );
}

function lfmBig(rng: Rng): SillStep {
  const n = rng.int(260, 300);
  return one(
    'The devnet log around the failing deposits.',
    sh(
      'tail -n 300 devnet.log',
      lines(
        n,
        (i) =>
          `2025-03-${String(10 + (i % 18)).padStart(2, '0')}T${String(8 + (i % 12)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}.${rng.int(100000, 999999)}Z  INFO starknet_devnet_server::api::json_rpc: ${rng.pick(['starknet_addInvokeTransaction', 'starknet_call', 'starknet_getTransactionReceipt', 'starknet_estimateFee', 'starknet_getNonce'])} tx=0x${hex(rng, 62)} status=${rng.pick(['ACCEPTED_ON_L2', 'ACCEPTED_ON_L2', 'REVERTED'])}`,
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
        const needle = `uwedzere basa re ${t} rinodzosera mari kumutengi kana mutengesi asina kutumira zvinhu`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Mhoro! Purojekiti iri pa ${ROOT} — contract yeCairo paStarknet inochengetera vatengesi vemumusika weHarare mari (Scarb, snforge). Ndinoda kuti ${needle}. Ndapota tsanangura nhanho imwe neimwe.`,
            },
            {
              step: many('Looking at the package and running the tests first.', [
                sh(
                  'ls src tests && cat Scarb.toml',
                  `${SRC.map((s) => s.slice(4)).join('\n')}\ntest_escrow.cairo\ntest_fees.cairo\n[package]\nname = "${PKG}"\nversion = "0.1.0"\nedition = "2024_07"\n\n[dependencies]\nstarknet = "2.8.2"\n\n[dev-dependencies]\nsnforge_std = "0.31.0"`,
                ),
                sh('snforge test', snforge(rng)),
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
        const needle = `${t}: chengeta event pese panobviswa mari`;
        return { how: 'user-followup', needle, beats: [{ user: `Basa rinotevera: ${needle}.` }] };
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
            (x) => `${x}: usambo deploya kuSepolia, devnet chete`,
            (x) => `mari yese mu${x} inofanira kuva u256, kwete felt252`,
            (x) => `fee ye${x} haifanire kupfuura 150 basis points`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Mutemo: ${needle}.`, `Usakanganwa — ${needle}.`, `Zvakakosha: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every external function that moves funds emits an event before it returns`,
          `${T} - no storage write happens after an external call (checks, effects, interactions)`,
          `${T}: snforge tests use cheat_caller_address, never a hard-coded deployer`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: many('Reading the contributor notes and the manifest before touching the escrow.', [
                read(
                  'CONTRIBUTING.md',
                  `# mari-pay\n\n## Rules for contract code\n\n1. ${needle}\n2. Run \`scarb fmt\` before committing.\n3. Keep Scarb.toml on the pinned toolchain.`,
                ),
                read(
                  'Scarb.toml',
                  `[package]\nname = "${PKG}"\nversion = "0.1.0"\n\n[[target.starknet-contract]]\nsierra = true\ncasm = true`,
                ),
              ]),
            },
            { step: one(`${T} noted; running the suite.`, sh('snforge test', snforge(rng))) },
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
              `I'll keep the refund timeout of ${x} in block timestamps rather than block numbers, since devnet mines on demand`,
            (x) =>
              `${x} will hold funds per order id instead of per buyer, so one dispute cannot freeze a buyer's other orders`,
            (x) => `the plan is to compute the ${x} fee once at deposit and store it, not recompute it at release`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Having read escrow.cairo and fees.cairo: ${needle}.`,
                write('docs/DESIGN.md', `# Design notes\n\n- ${needle}.\n`),
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
        const needle = `${t} ishandise ERC20 yeUSDC chete, kwete ETH`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Tasarudza: ${needle}.`, `Ngatiite izvi: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/${t}_refund.cairo`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A module of its own for refunds, then a build.', [
                write(
                  needle,
                  `use starknet::ContractAddress;\n\n#[starknet::interface]\npub trait I${cap(t)}Refund<TState> {\n    fn refund(ref self: TState, order_id: u64);\n}\n`,
                ),
                sh('scarb build', build(rng)),
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
        const needle = `tests/test_${t}.cairo`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: many('A test file for it, and the suite.', [
                write(
                  needle,
                  `use snforge_std::{declare, ContractClassTrait, DeclareResultTrait, start_cheat_caller_address};\n\n#[test]\nfn test_${t}_refund() {\n    let contract = declare("Escrow").unwrap().contract_class();\n    let (addr, _) = contract.deploy(@array![]).unwrap();\n    start_cheat_caller_address(addr, 0x${rng.int(100, 999)}.try_into().unwrap());\n}\n`,
                ),
                sh('snforge test', snforge(rng)),
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
        const needle = `Method \`${t}_fee\` not found on type`;
        const l = rng.int(20, 120);
        return {
          how: 'tool-compiler',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'scarb build',
                  cairoError(
                    'src/escrow.cairo',
                    l,
                    24,
                    `${needle} \`@mari_pay::escrow::Escrow::ContractState\`. Did you import the correct trait?`,
                    `        let fee = self.${t}_fee(amount);`,
                    t.length + 4,
                  ),
                  1,
                ),
              ),
            },
            {
              step: one(
                `self.${t}_fee does not exist; the method is compute_fee.`,
                write('src/escrow.cairo', pieces(rng, CAIRO, 24)),
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
        const needle = `test_escrow::test_${t}_release`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'snforge test',
                  snforge(
                    rng,
                    needle,
                    felt(rng.pick(['Insufficient balance', 'Order not found', 'Caller is not buyer'])),
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
      plant: ({ mint }) => {
        const t = mint('hex');
        const needle = `Class with hash 0x${t}`;
        return {
          how: 'tool-sncast',
          needle,
          beats: [
            {
              step: one(
                'Declaring on devnet.',
                sh(
                  'sncast --profile devnet declare --contract-name Escrow',
                  `command: declare\nerror: Transaction execution has failed:\n0: Error in the called contract (contract address: 0x0000000000000000000000000000000000000000000000000000000000000001):\n${needle}0000 is not declared.\n`,
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
        const t = mint('hex');
        const needle = `contract_address: 0x${t}${hex(rng, 12)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'sncast --profile devnet deploy --class-hash 0x' + hex(rng, 62) + ' --constructor-calldata 0x96',
                  `command: deploy\n${needle}\ntransaction_hash: 0x${hex(rng, 62)}\n\nTo see deployment details, visit:\ncontract: http://localhost:5050/contract/0x…`,
                ),
              ),
            },
            {
              step: one(
                `Keeping ${needle.slice(18)} in snfoundry.toml for the next calls.`,
                write('deployments/devnet.txt', `${needle}\n`),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const needle = `l2_gas: ~${t}`;
        return {
          how: 'tool-gas',
          needle,
          beats: [
            {
              step: one(
                'Gas of the release path alone.',
                sh(
                  'snforge test test_release_to_vendor',
                  `${build(rng)}\n\n\nCollected 1 test(s) from ${PKG} package\nRunning 1 test(s) from tests/\n[PASS] ${PKG}_integrationtest::test_escrow::test_release_to_vendor (l1_gas: ~0, l1_data_gas: ~192, ${needle})\nTests: 1 passed, 0 failed, 0 skipped, 0 ignored, ${rng.int(5, 9)} filtered out`,
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
        const needle = `HRE-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Nhamba yemusika ndeye ${needle}; iise mu constructor calldata.` }],
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
            (x) => `What remains: a fuzz test for ${x} with amounts near u256 max`,
            (x) => `${x} still needs a test for a refund after the vendor already shipped`,
            (x) => `chinotevera: kuyedza ${x} pa devnet nevatengesi vaviri`,
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
                sh(`git commit -qam "escrow: ${t}" && git log --oneline -1`, `${hex(rng, 7)} escrow: ${t}`),
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
        const needle = `pakupedzisira nyora pfupiso pfupi muchiShona pamusoro pe${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Ndatenda. Chimwe chinhu: ${needle}.` },
            { step: one(undefined, sh('snforge test', snforge(rng))) },
          ],
        };
      },
    },
  ],
};

function pyCall(c: SillCall): string {
  const args = Object.entries(c.args)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
  return `${c.tool}(${args})`;
}

/** The lfm harness. */
export const SILL_LFM: SillHarness = {
  style: 'lfm',
  protocol: 'text',
  system: `<|startoftext|><|im_start|>system\nYou are a coding assistant running locally in ${ROOT}, a Cairo 2 escrow contract on Starknet (Scarb 2.8, Starknet Foundry: snforge and sncast against starknet-devnet on localhost:5050).\nList of tools: <|tool_list_start|>[{"name": "run_shell", "description": "Run a shell command in the project and return its output and exit code", "parameters": {"type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}}, {"name": "read_file", "description": "Read a file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}, {"name": "write_file", "description": "Write a whole file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}, "required": ["path", "content"]}}]<|tool_list_end|>\nCall tools as a Python list between <|tool_call_start|> and <|tool_call_end|>; several independent calls may go in one list. The user writes Shona; answer in Shona or English.`,
  tools: ['run_shell', 'read_file', 'write_file'],
  renderStep: (s) =>
    `${s.say ? `${s.say}\n` : ''}<|tool_call_start|>[${s.calls.map(pyCall).join(', ')}]<|tool_call_end|>`,
  renderResults: (s) =>
    s.calls
      .map(
        (c) =>
          `<|tool_response_start|>${c.output}${c.tool === 'run_shell' ? `\n[exit code: ${c.exitCode ?? 0}]` : ''}<|tool_response_end|>`,
      )
      .join('\n'),
  resultStart: /^<\|tool_response_start\|>/,
  callMark: /\b(?:run_shell|read_file|write_file)\(/g,
  resultMark: /^<\|tool_response_start\|>/gm,
  noise: lfmNoise,
  big: lfmBig,
  followUp: (rng) =>
    rng.pick([
      'Miedzo yapfuura here?',
      'scarb build yakabudirira here?',
      'Ndapota mhanyisa miedzo zvakare.',
      'Chii chawachinja?',
      'Zvakanaka, chii chasara?',
      'Pachine zvikanganiso here?',
    ]),
  keepGoing: (rng) =>
    rng.pick(['Enderera mberi.', 'Enderera mberi, usamire.', 'Enderera kusvikira miedzo yese yapfuura.']),
  answer: (rng) =>
    rng.pick([
      `Zvapera: miedzo yese yesnforge yapfuura (${rng.int(5, 9)} tests).`,
      'Done: scarb build is clean and every snforge test passes.',
      'Zvagadziriswa. Pane warning yekare mu vendor_registry.cairo isingabatanidzi neshanduko iyi.',
      'Muchidimbu: escrow inoshanda, uye devnet inogamuchira declare ne deploy.',
    ]),
  probe: (rng) => rng.pick(['Enderera mberi.', 'Enderera pawakamira.', 'Zvino chii chinotevera?']),
  planters: PLANTERS,
};
