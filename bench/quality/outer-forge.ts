/**
 * The outer family's Pydantic AI agent on a Solidity/Foundry codebase: native tool calls with the
 * `pyd_ai_` ids Pydantic AI mints for a model that returns none (Gemini), several in parallel; a
 * failing `forge` run raises ModelRetry, so its result ends with Pydantic AI's retry prompt ("Fix
 * the errors and try again."). Failures are forge test reports (`[FAIL. Reason: …]`, fuzz
 * counterexamples), custom-error reverts and slither findings.
 */
import {
  Clock,
  grepFrom,
  grow,
  hex,
  Mint,
  parallel,
  plainNative,
  say,
  stepBeat,
  type Act,
  type Beat,
  type NativeSpec,
  type OuterHarness,
  type Planter,
  type Session,
  type Step,
} from './outer-kit';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';

const CONTRACTS = [
  'Vault',
  'Router',
  'Oracle',
  'FeeController',
  'Staking',
  'RewardsDistributor',
  'Governor',
  'PriceFeedAdapter',
  'Treasury',
  'LiquidityManager',
];
const TESTS = [
  'test_Deposit',
  'test_Withdraw',
  'test_Redeem',
  'test_RevertWhen_Paused',
  'test_Harvest',
  'test_SetFee',
  'test_OnlyOwner',
  'test_Permit',
  'testFuzz_Mint(uint256)',
  'testFuzz_Transfer(address,uint256)',
];
const SOL = [
  'uint256 shares = previewDeposit(assets);',
  'if (assets == 0) revert ZeroAssets();',
  'SafeTransferLib.safeTransferFrom(asset, msg.sender, address(this), assets);',
  '_mint(receiver, shares);',
  'emit Deposit(msg.sender, receiver, assets, shares);',
  'require(block.timestamp >= lastHarvest + cooldown, "cooldown");',
  'totalDebt -= Math.min(totalDebt, repaid);',
  '(, int256 answer,, uint256 updatedAt,) = feed.latestRoundData();',
];

/** The session's protocol repository. */
interface Repo {
  name: string;
  clock: Clock;
}

function repo(r: Rng): Repo {
  return { name: r.pick(['harbor-protocol', 'tidal-vaults', 'lumen-finance']), clock: new Clock(r) };
}

function solidity(r: Rng, name: string, lines: number): string {
  const out = [
    '// SPDX-License-Identifier: BUSL-1.1',
    'pragma solidity 0.8.24;',
    '',
    'import {ERC4626} from "solmate/tokens/ERC4626.sol";',
    'import {Owned} from "solmate/auth/Owned.sol";',
    '',
    `contract ${name} is ERC4626, Owned {`,
  ];
  while (out.length < lines) {
    out.push(
      `    function ${r.pick(['deposit', 'withdraw', 'harvest', 'setFee', 'rebalance', 'sync'])}${r.int(1, 9)}(uint256 assets, address receiver) external returns (uint256) {`,
    );
    for (let i = r.int(2, 6); i > 0; i--) out.push(`        ${r.pick(SOL)}`);
    out.push('    }', '');
  }
  out.push('}');
  return out.join('\n');
}

function testReport(
  r: Rng,
  suites: string[],
  min: number,
  fail?: { suite: string; line: string; trace?: string[] },
): string {
  const out: string[] = [];
  let passed = 0;
  const pad = Math.max(1, Math.floor(min / suites.length / 60));
  for (const s of suites) {
    const lines = Array.from({ length: r.int(pad, pad + 6) }, () => {
      const t = r.pick(TESTS);
      return t.startsWith('testFuzz')
        ? `[PASS] ${t} (runs: 256, μ: ${r.int(30000, 90000)}, ~: ${r.int(30000, 90000)})`
        : `[PASS] ${t}() (gas: ${r.int(20000, 300000)})`;
    });
    const ok = lines.length;
    passed += ok;
    const failed = fail && fail.suite === s ? 1 : 0;
    if (failed && fail) lines.splice(r.int(0, lines.length), 0, fail.line, ...(fail.trace ?? []));
    out.push(
      `Ran ${ok + failed} tests for test/${s}.t.sol:${s}Test`,
      ...lines,
      `Suite result: ${failed ? 'FAILED' : 'ok'}. ${ok} passed; ${failed} failed; 0 skipped; finished in ${r.int(2, 900)}.${r.int(10, 99)}ms (${r.int(2, 900)}.${r.int(10, 99)}ms CPU time)`,
      '',
    );
  }
  out.push(
    `Ran ${suites.length} test suites in ${r.int(1, 30)}.${r.int(10, 99)}s (${r.int(1, 30)}.${r.int(10, 99)}s CPU time): ${passed} tests passed, ${fail ? 1 : 0} failed, 0 skipped (${passed + (fail ? 1 : 0)} total tests)`,
  );
  if (fail)
    out.push(
      '',
      'Failing tests:',
      `Encountered 1 failing test in test/${fail.suite}.t.sol:${fail.suite}Test`,
      fail.line,
      '',
      'Encountered a total of 1 failing tests, ' + passed + ' tests succeeded',
    );
  return out.join('\n');
}

function compile(r: Rng, big: boolean): string {
  const warnings = big
    ? grow(
        r.int(21000, 32000),
        () =>
          `Warning (${r.pick([2072, 5667, 2018, 3860])}): ${r.pick(['Unused local variable.', 'Unused function parameter. Remove or comment out the variable name to silence this warning.', 'Function state mutability can be restricted to view', 'Contract code size exceeds 24576 bytes (a limit introduced in Spurious Dragon).'])}\n  --> ${r.pick(['lib/forge-std/src', 'lib/solmate/src/tokens', 'src', 'test'])}/${r.pick(CONTRACTS)}.sol:${r.int(5, 400)}:${r.int(5, 30)}:\n   |\n${r.int(5, 400)} |         ${r.pick(SOL)}\n   |         ^^^^^^^^^^^^^^^\n`,
      )
    : [];
  return [
    `[⠊] Compiling...`,
    `[⠒] Compiling ${r.int(40, 160)} files with Solc 0.8.24`,
    `[⠢] Solc 0.8.24 finished in ${r.int(2, 40)}.${r.int(10, 99)}s`,
    warnings.length ? 'Compiler run successful with warnings:' : 'Compiler run successful!',
    ...warnings,
  ].join('\n');
}

/** The Pydantic AI harness. */
export const FOUNDRY: OuterHarness = {
  style: 'foundry',
  protocol: 'native',
  tools: ['forge', 'cast', 'shell', 'read_source', 'write_source', 'patch_source', 'grep_repo', 'list_dir'],
  isResult: () => false,
  open(r: Rng, outputs: Map<string, ScriptedOutput>): Session {
    const p = repo(r.fork());
    const mint = new Mint(r.fork());
    const gen = r.fork();
    const ids = r.fork();
    const spec: NativeSpec = {
      id: () => `pyd_ai_${hex(ids, 32)}`,
      call: (a: Act) => {
        switch (a.kind) {
          case 'shell':
            if (a.target.startsWith('forge ')) return { name: 'forge', args: { args: a.target.slice(6) } };
            if (a.target.startsWith('cast ')) return { name: 'cast', args: { args: a.target.slice(5) } };
            return { name: 'shell', args: { cmd: a.target } };
          case 'read':
            return { name: 'read_source', args: { path: a.target } };
          case 'write':
            return { name: 'write_source', args: { path: a.target, content: a.text ?? '' } };
          case 'edit':
            return { name: 'patch_source', args: { path: a.target, old: a.old ?? '', new: a.text ?? '' } };
          case 'search':
            return { name: 'grep_repo', args: { pattern: a.target, glob: a.where ?? '**/*.sol' } };
          case 'list':
            return { name: 'list_dir', args: { path: a.target } };
          case 'extra':
            return { name: a.tool ?? 'shell', args: a.args ?? {} };
        }
      },
      result: (a) =>
        a.status === 'error' && a.kind === 'shell' && a.target.startsWith('forge ')
          ? `forge exited with ${a.exitCode ?? 1}:\n${a.output}\n\nFix the errors and try again.`
          : a.output,
    };
    return {
      system: system(p),
      ...plainNative(spec, outputs),
      noise: () =>
        gen.chance(0.35)
          ? parallel([noiseStep(gen), noiseStep(gen), ...(gen.chance(0.3) ? [noiseStep(gen)] : [])])
          : noiseStep(gen),
      ask: () => ask(gen),
      answer: () =>
        say(
          gen,
          'Done. `forge test` passes (all suites), and the gas snapshot barely moved.',
          'Checked — no further changes needed.',
          'That is finished; the summary is above.',
          'All green. I did not touch anything outside the contracts you mentioned.',
        ),
      resume: () => say(gen, 'continue', 'keep going', 'proceed'),
      probe: () => say(gen, 'continue', 'ok, proceed', 'go on'),
      planters: [...forgePlanters(gen, p, mint), ...forgeMore(gen, mint)],
    };
  },
};

function system(p: Repo): string {
  return [
    `You are a smart-contract engineer working on the ${p.name} repository (Foundry, Solidity 0.8.24).`,
    'You can run forge and cast, read and patch sources, and search the repository through your tools.',
    'Rules:',
    '- Write a failing test before fixing a bug; run `forge test` after every change.',
    '- Use custom errors, not revert strings, in new code.',
    '- Never broadcast transactions to a live network; use --fork-url with a local anvil when you need mainnet state.',
    '- When you finish, reply with a short summary of what changed and what remains.',
  ].join('\n');
}

function ask(r: Rng): string {
  const c = r.pick(CONTRACTS);
  return r.pick([
    `what's the gas cost of deposit on ${c} now?`,
    'run the full test suite please',
    `is ${c} upgradeable?`,
    `show me the storage layout of ${c}`,
    'any new slither findings?',
    `who can call the admin functions on ${c}?`,
    'how big is the Router bytecode?',
  ]);
}

function noiseStep(r: Rng): Step {
  const c = r.pick(CONTRACTS);
  const big = r.chance(0.035);
  const one = (a: Act): Step => ({ acts: [a] });
  switch (r.int(0, 8)) {
    case 0:
      return one({ kind: 'shell', target: 'forge build', output: compile(r, big) });
    case 1:
      return one({
        kind: 'shell',
        target: 'forge test',
        output: testReport(
          r,
          r.sample(CONTRACTS, big ? 10 : r.int(2, 5)),
          big ? r.int(21000, 35000) : r.int(600, 2500),
        ),
      });
    case 2:
      return one({ kind: 'read', target: `src/${c}.sol`, output: solidity(r, c, big ? 800 : r.int(30, 160)) });
    case 3: {
      const g = grepFrom(r, SOL, r.int(2, 18));
      return one({
        kind: 'search',
        target: g.pattern,
        output: g.hits.map((h) => `src/${r.pick(CONTRACTS)}.sol:${r.int(5, 400)}:        ${h}`).join('\n'),
      });
    }
    case 4:
      return one({
        kind: 'list',
        target: r.pick(['src', 'test', 'script']),
        output: CONTRACTS.map((x) => `${x}.sol`).join('\n'),
      });
    case 5:
      return one({
        kind: 'shell',
        target: 'forge snapshot --diff',
        output:
          CONTRACTS.slice(0, r.int(3, 8))
            .map((x) => `${x}Test:${r.pick(TESTS)}() (gas: ${r.int(-900, 900)} (${(r.next() * 2 - 1).toFixed(3)}%))`)
            .join('\n') + `\nOverall gas change: ${r.int(-3000, 3000)} (${(r.next() * 0.2 - 0.1).toFixed(3)}%)`,
      });
    case 6:
      return one({
        kind: 'shell',
        target: 'slither . --filter-paths lib',
        output: [
          ...Array.from(
            { length: r.int(1, 8) },
            () =>
              `INFO:Detectors:\n${r.pick(CONTRACTS)}.${r.pick(['setFee', 'harvest', 'sync'])}(uint256) (src/${r.pick(CONTRACTS)}.sol#${r.int(10, 300)}-${r.int(301, 320)}) ${r.pick(['should emit an event for', 'uses timestamp for comparisons', 'ignores return value by'])} ...\nReference: https://github.com/crytic/slither/wiki/Detector-Documentation#${r.pick(['missing-events-arithmetic', 'block-timestamp', 'unused-return'])}`,
          ),
          `INFO:Slither:. analyzed (${r.int(40, 90)} contracts with 93 detectors), ${r.int(1, 30)} result(s) found`,
        ].join('\n'),
      });
    case 7:
      return one({
        kind: 'shell',
        target: `forge inspect ${c} methodIdentifiers`,
        output: JSON.stringify(
          Object.fromEntries(
            Array.from({ length: r.int(6, 20) }, () => [
              `${r.pick(['deposit', 'withdraw', 'redeem', 'mint', 'owner', 'totalAssets', 'convertToShares', 'setFee'])}${r.int(1, 9)}(uint256,address)`,
              hex(r, 8),
            ]),
          ),
          null,
          2,
        ),
      });
    default:
      return one({
        kind: 'shell',
        target: 'git log --oneline -10',
        output: Array.from(
          { length: 10 },
          () =>
            `${hex(r, 7)} ${r.pick(['fix', 'test', 'chore', 'feat'])}(${r.pick(CONTRACTS).toLowerCase()}): ${r.pick(['tighten checks', 'add fuzz test', 'bump forge-std', 'natspec', 'gas tweaks'])}`,
        ).join('\n'),
      });
  }
}

/** The fact planters of the Foundry/Pydantic AI session. */
function forgePlanters(r: Rng, p: Repo, mint: Mint): Planter[] {
  const one = (a: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [a] });
  const run = (cmd: string, output: string, s?: string, exitCode = 0): Beat =>
    one({ kind: 'shell', target: cmd, output, ...(exitCode ? { status: 'error' as const, exitCode } : {}) }, s);
  const suites = () => r.sample(CONTRACTS, r.int(3, 6));
  return [
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `cap deposits per address in ${k}Vault at 250k USDC`;
        return {
          needle,
          key: k,
          text: say(
            r,
            `We need to ${needle} before the guarded launch. Owner should be able to raise the cap later.`,
            `Task: ${needle}; cap must be adjustable by the owner and covered by tests.`,
          ),
          beats: [
            one(
              { kind: 'read', target: `src/${k}Vault.sol`, output: solidity(r, `${k}Vault`, 60) },
              `Reading ${k}Vault to see where deposits enter.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `replace the Chainlink feed in ${k}Oracle with a TWAP fallback`;
        return {
          needle,
          key: k,
          text: `Please ${needle} when the feed is stale. The fallback should use the Uniswap v3 pool we already pair against.`,
          beats: [],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'turn',
      plant() {
        const k = mint.name();
        const needle = `write an invariant test that ${k}Vault never owes more than it holds`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `Next, ${needle}. Use a handler with deposit, withdraw and harvest.` },
            one(
              { kind: 'list', target: 'test/invariant', output: 'Base.t.sol' },
              `No invariant suite exists for ${k}Vault yet.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-rule',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `Never change the storage layout of ${k}Vault`;
        return { needle, key: k, text: `${needle}: it sits behind a UUPS proxy on mainnet and arbitrum.`, beats: [] };
      },
    },
    {
      kind: 'constraint',
      how: 'tool-audit',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `${k} oracle must never be read with a staleness window above 3600 seconds`;
        const doc = [
          '# Audit report — fix review',
          '',
          '## L-02 Missing event on fee change',
          'Status: fixed in 4e1d2a0.',
          '',
          '## L-03 Stale price accepted',
          `Status: acknowledged. The team commits that the ${needle}; any change needs a new review.`,
          '',
          '## I-01 Floating pragma',
          'Status: fixed.',
        ].join('\n');
        return {
          needle,
          key: k,
          beats: [
            one(
              { kind: 'read', target: 'audits/2024-11-fix-review.md', output: doc },
              'Before touching the oracle I check what the auditors signed off.',
            ),
            one(
              {
                kind: 'search',
                target: 'MAX_STALENESS',
                output: `src/${k}Oracle.sol:14:    uint256 public constant MAX_STALENESS = 3600;`,
              },
              `${k}Oracle uses 3600 s today; the TWAP fallback must not relax that.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-aside',
      at: 'turn',
      plant() {
        const k = mint.word();
        const needle = `keep solc pinned at 0.8.24 for ${k}`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `one more thing: ${needle}, the auditors verified the bytecode with it` },
            one(
              {
                kind: 'read',
                target: 'foundry.toml',
                output: `[profile.default]\nsrc = "src"\nout = "out"\nlibs = ["lib"]\nsolc = "0.8.24"\noptimizer_runs = 10_000\n\n[profile.${k}]\nsolc = "0.8.26"`,
              },
              `The ${k} profile overrides solc to 0.8.26; setting it back.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-content',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `ReentrancyGuardTransient for ${k}Router`;
        return {
          needle,
          key: k,
          beats: [
            run('forge config --json | jq .evm_version', '"cancun"'),
            one(
              {
                kind: 'search',
                target: 'nonReentrant',
                output: `src/${k}Router.sol:88:    function swapAndDeposit(bytes calldata path) external nonReentrant {`,
              },
              `Cancun is enabled, so I'm using OpenZeppelin's ${needle} instead of the storage-based guard — it saves about 4.8k gas per call.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-commit',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `fix(${k}): round shares down in previewWithdraw`;
        return {
          needle,
          key: k,
          beats: [
            run(
              `git commit -am "${needle} (ERC-4626)"`,
              `[fix/${k}-rounding ${hex(r, 7)}] ${needle} (ERC-4626)\n 2 files changed, 19 insertions(+), 4 deletions(-)`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'user-choice',
      at: 'turn',
      plant() {
        const k = mint.name();
        const needle = `48h timelock on ${k} admin functions`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `let's do a ${needle}, not a multisig-only setup` },
            one(
              {
                kind: 'search',
                target: 'TimelockController',
                output:
                  'lib/openzeppelin-contracts/contracts/governance/TimelockController.sol:26:contract TimelockController is AccessControl, ERC721Holder, ERC1155Holder {',
              },
              `Using OpenZeppelin's TimelockController for ${k} with minDelay = 48 hours.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.name();
        const path = `test/invariant/${k}Handler.t.sol`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              {
                kind: 'write',
                target: path,
                text: `// SPDX-License-Identifier: MIT\npragma solidity 0.8.24;\n\nimport {Test} from "forge-std/Test.sol";\n\ncontract ${k}Handler is Test {\n    function deposit(uint256 assets) external {\n        assets = bound(assets, 1, 1e24);\n    }\n}\n`,
                output: `wrote ${r.int(300, 900)} bytes`,
              },
              `Adding the handler at ${path}.`,
            ),
            run(`forge build`, compile(r, false)),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-edit',
      at: 'step',
      plant() {
        const k = mint.name();
        const path = `src/strategies/${k}Strategy.sol`;
        return {
          needle: path,
          key: k,
          beats: [
            one({ kind: 'read', target: path, output: solidity(r, `${k}Strategy`, 40) }),
            one(
              {
                kind: 'edit',
                target: path,
                old: 'totalDebt -= Math.min(totalDebt, repaid);',
                text: 'totalDebt = repaid >= totalDebt ? 0 : totalDebt - repaid;',
                output: 'patched 1 occurrence',
              },
              `Simplifying the debt bookkeeping in ${path}.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'user-pointer',
      at: 'turn',
      plant() {
        const k = mint.name();
        const path = `script/Deploy${k}.s.sol`;
        return {
          needle: path,
          key: k,
          beats: [
            { t: 'user', text: `the deploy script is ${path}, make it read the cap from env` },
            one({
              kind: 'read',
              target: path,
              output: `contract Deploy${k} is Script {\n    function run() external {\n        vm.startBroadcast();\n        new ${k}Vault(asset, 250_000e6);\n        vm.stopBroadcast();\n    }\n}`,
            }),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-forgetest',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `[FAIL. Reason: revert: ${k}: cap exceeded]`;
        const s = suites();
        const fail = { suite: s[0] as string, line: `${needle} test_DepositUpToCap() (gas: ${r.int(30000, 90000)})` };
        return {
          needle,
          key: k,
          beats: [
            run('forge test', testReport(r, s, r.int(3000, 9000), fail), undefined, 1),
            one(
              {
                kind: 'search',
                target: 'cap exceeded',
                output: `src/${k}Vault.sol:71:        require(deposited[receiver] + assets < cap, "${k}: cap exceeded");`,
              },
              `The ${k} check uses < instead of <=, so depositing exactly the cap reverts.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-customerror',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `${k}InsufficientShares(1000000, 999999)`;
        const s = suites();
        const fail = {
          suite: s[0] as string,
          line: `[FAIL. Reason: ${needle}] test_RedeemAll() (gas: ${r.int(40000, 90000)})`,
          trace: [
            'Traces:',
            `  [${r.int(40000, 90000)}] VaultTest::test_RedeemAll()`,
            `    ├─ [${r.int(20000, 40000)}] ${k}Vault::redeem(1000000 [1e6], VaultTest: [0x7FA9385bE102ac3EAc297483Dd6233D62b3e1496])`,
            `    │   └─ ← [Revert] ${needle}`,
            '    └─ ← [Revert] ' + needle,
          ],
        };
        return {
          needle,
          key: k,
          beats: [
            run('forge test -vvv --match-test test_RedeemAll', testReport(r, s, r.int(1500, 4000), fail), undefined, 1),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-fuzz',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `testFuzz_${k}Withdraw(uint256)`;
        const s = suites();
        const fail = {
          suite: s[0] as string,
          line: `[FAIL. Reason: panic: arithmetic underflow or overflow (0x11); counterexample: calldata=0x${hex(r, 72)} args=[${r.int(100, 999)}]] ${needle} (runs: ${r.int(3, 200)}, μ: ${r.int(30000, 60000)}, ~: ${r.int(30000, 60000)})`,
        };
        return {
          needle,
          key: k,
          beats: [
            run('forge test', testReport(r, s, r.int(4000, 12000), fail), undefined, 1),
            run(
              `forge test --match-test testFuzz_${k}Withdraw -vvvv`,
              `Ran 1 test for test/${s[0]}.t.sol:${s[0]}Test\n[PASS] ${needle} (runs: 256, μ: 51234, ~: 51234)`,
              'After the fix the fuzz test passes.',
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'user-value',
      at: 'open',
      plant() {
        const n = mint.num(8);
        const needle = `block ${n}`;
        return {
          needle,
          key: n,
          text: `For fork tests pin mainnet at ${needle} — that's where the incident state is.`,
          beats: [],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-deploy',
      at: 'step',
      plant() {
        const k = mint.hex(12);
        const address = `0x${k}${hex(r, 28)}`;
        return {
          needle: address,
          key: k,
          beats: [
            run(
              `forge script script/DeployLocal.s.sol --fork-url http://127.0.0.1:8545 --broadcast`,
              [
                `[⠊] Compiling...`,
                'No files changed, compilation skipped',
                'Script ran successfully.',
                '',
                '== Logs ==',
                `  Vault deployed at: ${address}`,
                '',
                '##### anvil-hardhat',
                `✅  [Success] Hash: 0x${hex(r, 64)}`,
                `Contract Address: ${address}`,
                `Block: ${r.int(19000000, 21000000)}`,
                `Paid: 0.00${r.int(1000, 9999)} ETH (${r.int(1000000, 4000000)} gas * 1.${r.int(0, 9)} gwei)`,
                '',
                'ONCHAIN EXECUTION COMPLETE & SUCCESSFUL.',
              ].join('\n'),
              'Deploying to the local anvil fork to test the upgrade path.',
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-selector',
      at: 'step',
      plant() {
        const k = mint.hex(8);
        const needle = `0x${k}`;
        const name = `rebalance${mint.name()}(uint256,address)`;
        return {
          needle,
          key: k,
          beats: [run(`cast sig "${name}"`, needle, 'I need the selector to whitelist it in the timelock.')],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.word();
        const needle = `run the ${k} invariant suite with 50k runs in CI`;
        return {
          needle,
          key: k,
          beats: [
            run('forge test', testReport(r, suites(), 1200)),
            {
              t: 'answer',
              text: `Summary: the fix and its tests are in, all suites pass locally. Remaining: ${needle} before we tag the release.`,
            },
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-content',
      at: 'end',
      ending: 'step',
      plant() {
        const k = mint.name();
        const needle = `verify ${k}Vault on Etherscan with forge verify-contract`;
        return {
          needle,
          key: k,
          beats: [
            run(
              'forge build --sizes | head -5',
              `| Contract | Runtime Size (B) | Initcode Size (B) | Runtime Margin (B) |\n|----------|------------------|-------------------|--------------------|\n| ${k}Vault | ${r.int(12000, 24000)} | ${r.int(13000, 26000)} | ${r.int(100, 12000)} |`,
              `Sizes are within the limit. Next: ${needle} once the deployment is confirmed.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'user-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.name();
        const needle = `send the diff to ${k} Security for a re-review`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `good. after that we need to ${needle} — don't merge before they reply` },
            { t: 'answer', text: `Understood: I won't merge; next step is to ${needle}.` },
          ],
        };
      },
    },
  ];
}

/** More planters of the Foundry session: the README's deployment rules, other choices, files, failures and values. */
function forgeMore(r: Rng, mint: Mint): Planter[] {
  const one = (a: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [a] });
  const run = (cmd: string, output: string, s?: string, exitCode = 0): Beat =>
    one({ kind: 'shell', target: cmd, output, ...(exitCode ? { status: 'error' as const, exitCode } : {}) }, s);
  return [
    {
      kind: 'constraint',
      how: 'tool-readme',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `${k}Router is immutable: fixes ship as a new deployment`;
        const doc = [
          '## Deployment',
          '',
          '- Vaults are UUPS proxies; upgrades go through the 48h timelock.',
          `- ${needle}, never through a proxy or selfdestruct. Integrators pin its address.`,
          '- Every deployment script has a dry-run mode (`--sig "run(bool)" false`).',
        ];
        return {
          needle,
          key: k,
          beats: [
            one({ kind: 'read', target: 'README.md', output: doc.join('\n') }),
            one(
              {
                kind: 'search',
                target: 'Initializable',
                output: `src/${k}Router.sol:4:// no Initializable: constructor-only`,
              },
              `So the ${k}Router fix means a new Router deployment and a migration note for integrators.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-content',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `ERC-7201 namespaced storage for the new ${k} fields`;
        return {
          needle,
          key: k,
          beats: [
            run(
              `forge inspect ${k}Vault storage-layout`,
              `| Name | Type | Slot | Offset | Bytes |\n|------|------|------|--------|-------|\n| totalDebt | uint256 | 7 | 0 | 32 |\n| cap | uint256 | 8 | 0 | 32 |\n| __gap | uint256[48] | 9 | 0 | 1536 |`,
            ),
            one(
              { kind: 'search', target: 'StorageLocation', output: '' },
              `Appending fields after __gap is fragile for ${k}Vault. I'll use ${needle} (a struct at a keccak-derived slot), leaving the existing layout untouched.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.name();
        const path = `test/fork/${k}Incident.t.sol`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              {
                kind: 'write',
                target: path,
                text: `// SPDX-License-Identifier: MIT\npragma solidity 0.8.24;\n\nimport {Test} from "forge-std/Test.sol";\n\ncontract ${k}IncidentTest is Test {\n    function setUp() public {\n        vm.createSelectFork(vm.envString("MAINNET_RPC_URL"));\n    }\n\n    function test_ReplayExploit() public {}\n}\n`,
                output: `wrote ${r.int(300, 700)} bytes`,
              },
              `Reproducing the incident on a fork in ${path}.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-solc',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `Member "${k}Shares" not found or not visible after argument-dependent lookup`;
        const out = [
          `[⠊] Compiling...`,
          `[⠒] Compiling ${r.int(30, 90)} files with Solc 0.8.24`,
          `[⠢] Solc 0.8.24 finished in ${r.int(2, 20)}.${r.int(10, 99)}s`,
          'Error: Compiler run failed:',
          `Error (9582): ${needle} in contract IVault.`,
          `  --> src/Router.sol:${r.int(40, 200)}:${r.int(9, 30)}:`,
          '   |',
          `${r.int(40, 200)} |         uint256 s = vault.${k}Shares(msg.sender);`,
          '   |                     ^^^^^^^^^^^^^^^^^^^',
        ];
        return {
          needle,
          key: k,
          beats: [
            run('forge build', out.join('\n'), undefined, 1),
            one(
              {
                kind: 'search',
                target: 'function shares',
                output:
                  'src/interfaces/IVault.sol:12:    function sharesOf(address owner) external view returns (uint256);',
              },
              `The interface calls it sharesOf; ${k}Shares was the old name.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-keccak',
      at: 'step',
      plant() {
        const k = mint.hex(12);
        const role = `0x${k}${hex(r, 52)}`;
        return {
          needle: role,
          key: k,
          beats: [run(`cast keccak "KEEPER_ROLE"`, role, 'The keeper role id, to grant it in the deployment script.')],
        };
      },
    },
  ];
}
