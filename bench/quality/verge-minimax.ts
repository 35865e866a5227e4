/**
 * The minimax harness of the verge family (verge.ts): a MiniMax-M2-like agent in a Mini-Agent-like
 * loop. The model thinks between calls, and its `<think>…</think>` blocks stay in the assistant's
 * content (the model needs them back), before its prose; its calls are native and often parallel —
 * `bash` (output, then "Exit code: N" when it failed), `read_file` (`LINE|content`), `write_file`,
 * `edit_file`, and `record_note`, the session notes it keeps for itself. A Sui Move package for
 * token vesting (`sui move build`/`test`, the Move compiler's diagnostics with their `┌─` frames,
 * unit-test aborts, `sui client` output) for an Armenian-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
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
  type Beat,
  type Planter,
  type VergeCall,
  type VergeHarness,
  type VergeStep,
} from './verge-kit';

const ROOT = '/home/ani/nakhagits/kamurj';
const SRC = ['sources/vesting.move', 'sources/admin.move', 'sources/schedule.move', 'sources/events.move'];
const TESTS = ['tests/vesting_tests.move', 'tests/schedule_tests.move'];

/** Whole pieces of the package's modules. */
const MOVE = [
  `module kamurj::vesting {\n    use sui::balance::{Self, Balance};\n    use sui::clock::Clock;\n    use sui::coin::{Self, Coin};`,
  `    public struct Vault<phantom T> has key {\n        id: UID,\n        beneficiary: address,\n        locked: Balance<T>,\n        start_ms: u64,\n        cliff_ms: u64,\n        duration_ms: u64,\n    }`,
  `    const ENotBeneficiary: u64 = 1;\n    const ECliffNotReached: u64 = 2;\n    const EZeroDuration: u64 = 3;`,
  `    public fun claim<T>(vault: &mut Vault<T>, clock: &Clock, ctx: &mut TxContext): Coin<T> {\n        assert!(ctx.sender() == vault.beneficiary, ENotBeneficiary);\n        let now = clock.timestamp_ms();\n        assert!(now >= vault.start_ms + vault.cliff_ms, ECliffNotReached);\n        let amount = vested_amount(vault, now) - vault.claimed;\n        coin::take(&mut vault.locked, amount, ctx)\n    }`,
  `    fun vested_amount<T>(vault: &Vault<T>, now: u64): u64 {\n        let elapsed = now - vault.start_ms;\n        if (elapsed >= vault.duration_ms) { vault.total }\n        else { (((vault.total as u128) * (elapsed as u128) / (vault.duration_ms as u128)) as u64) }\n    }`,
  `    #[test]\n    fun test_claim_after_cliff() {\n        let mut scenario = test_scenario::begin(ADMIN);\n        let mut clock = clock::create_for_testing(scenario.ctx());\n        clock.set_for_testing(CLIFF + 1);\n        // ...\n        clock.destroy_for_testing();\n        scenario.end();\n    }`,
  `[package]\nname = "kamurj"\nedition = "2024.beta"\n\n[dependencies]\nSui = { git = "https://github.com/MystenLabs/sui.git", subdir = "crates/sui-framework/packages/sui-framework", rev = "framework/testnet" }\n\n[addresses]\nkamurj = "0x0"`,
];

function move(rng: Rng, n: number): string {
  return pieces(rng, MOVE, n);
}

const HEAD =
  'INCLUDING DEPENDENCY Bridge\nINCLUDING DEPENDENCY SuiSystem\nINCLUDING DEPENDENCY Sui\nINCLUDING DEPENDENCY MoveStdlib\nBUILDING kamurj';

function bash(command: string, output: string, exitCode = 0): VergeCall {
  return exitCode
    ? fail('bash', { command }, `${output}\n\nExit code: ${exitCode}`, exitCode)
    : ok('bash', { command }, output, 0);
}

function readFile(rng: Rng, path: string, n: number, from = 1): VergeCall {
  const text = move(rng, n).split('\n').slice(0, n);
  return ok(
    'read_file',
    { path: `${ROOT}/${path}`, ...(from > 1 ? { offset: from, limit: n } : {}) },
    text.map((l, i) => `${String(from + i).padStart(6)}|${l}`).join('\n'),
  );
}

const TEST_NAMES = [
  'test_claim_after_cliff',
  'test_claim_before_cliff_aborts',
  'test_full_vesting',
  'test_revoke_by_admin',
  'test_zero_duration_aborts',
  'test_partial_claims',
];

function moveTest(rng: Rng, failing = '', frame = ''): string {
  const rows = TEST_NAMES.map((n) => `[ PASS    ] kamurj::${rng.pick(['vesting_tests', 'schedule_tests'])}::${n}`);
  const total = rows.length + (failing ? 1 : 0);
  if (!failing)
    return `${HEAD}\nRunning Move unit tests\n${rows.join('\n')}\nTest result: OK. Total tests: ${total}; passed: ${total}; failed: 0`;
  return `${HEAD}\nRunning Move unit tests\n${rows.join('\n')}\n[ FAIL    ] kamurj::vesting_tests::${failing}\n\nTest failures:\n\nFailures in kamurj::vesting_tests:\n\n┌── ${failing} ──────\n${frame}\n└──────────────────\n\nTest result: FAILED. Total tests: ${total}; passed: ${total - 1}; failed: 1`;
}

function diag(
  code: string,
  title: string,
  file: string,
  line: number,
  col: number,
  src: string,
  mark: string,
  msg: string,
): string {
  const w = String(line).length;
  const pad = ' '.repeat(w);
  return `${code}: ${title}\n${pad} ┌─ ./${file}:${line}:${col}\n${pad} │\n${line} │ ${src}\n${pad} │ ${' '.repeat(col - 1)}${mark} ${msg}`;
}

const THOUGHTS = [
  'The user wants this done carefully. Let me check the current state before changing anything.',
  'I should verify the build first; Move errors are easier to read one module at a time.',
  'Let me look at the relevant code and run the tests in parallel to save a round trip.',
  'Continuing. The last result looks fine, so the next step is the one I planned.',
  'I need more context about how the vault is used by the other modules.',
  'Թեստերը նախ, հետո փոփոխությունները.',
];

function think(rng: Rng, sayText: string | undefined): string {
  return `<think>\n${rng.pick(THOUGHTS)}\n</think>\n\n${sayText ?? ''}`.trimEnd();
}

function withThink(rng: Rng, s: VergeStep): VergeStep {
  return { ...s, say: think(rng, s.say) };
}

function minimaxNoise(rng: Rng): VergeStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(rng.pick(['Running the unit tests.', undefined]), bash('sui move test', moveTest(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return many('Reading both modules.', [readFile(rng, a, rng.int(12, 40)), readFile(rng, b, rng.int(10, 30))]);
  }
  if (r === 2)
    return one(
      undefined,
      bash(
        'sui move build',
        rng.chance(0.4)
          ? `${HEAD}\n${diag('warning[W09002]', 'unused variable', rng.pick(SRC), rng.int(20, 120), 13, 'let clock_ms = clock::timestamp_ms(clock);', '^^^^^^^^', "Unused local variable 'clock_ms'. Consider removing or prefixing with an underscore: '_clock_ms'")}\n   │\n   = This warning can be suppressed with '#[allow(unused_variable)]' applied to the 'module' or module member ('const', 'fun', or 'struct')`
          : HEAD,
      ),
    );
  if (r === 3)
    return many(undefined, [
      bash(
        'git status --short',
        lines(rng.int(1, 3), () => ` M ${rng.pick([...SRC, ...TESTS])}`),
      ),
      bash(
        `grep -rn "${rng.pick(['assert!', 'timestamp_ms', 'public fun', 'has key'])}" sources`,
        lines(
          rng.int(1, 6),
          () =>
            `${rng.pick(SRC)}:${rng.int(5, 140)}:        ${rng.pick(['assert!(now >= vault.start_ms + vault.cliff_ms, ECliffNotReached);', 'let now = clock.timestamp_ms();', 'public fun claim<T>(', 'public struct Vault<phantom T> has key {'])}`,
        ),
      ),
    ]);
  if (r === 4)
    return one(undefined, bash('sui client active-env && sui client active-address', `testnet\n0x${hex(rng, 64)}`));
  if (r === 5) {
    const f = rng.pick(SRC);
    return many(rng.pick(['Small fix, then tests.', 'Փոքր ուղղում։']), [
      ok(
        'edit_file',
        {
          path: `${ROOT}/${f}`,
          old_str: '        let now = clock.timestamp_ms();',
          new_str: '        let now = clock::timestamp_ms(clock);',
        },
        `Successfully edited ${ROOT}/${f}`,
      ),
      bash('sui move test', moveTest(rng)),
    ]);
  }
  if (r === 6)
    return one(
      undefined,
      bash(
        'sui client gas',
        `╭────────────────────────────────────────────────────────────────────┬────────────────────┬──────────────────╮\n│ gasCoinId                                                          │ mistBalance (MIST) │ suiBalance (SUI) │\n├────────────────────────────────────────────────────────────────────┼────────────────────┼──────────────────┤\n│ 0x${hex(rng, 64)} │ ${String(rng.int(100000000, 9999999999)).padEnd(18)} │ ${dur(rng, 0.1, 9.9, 2).padEnd(16)} │\n╰────────────────────────────────────────────────────────────────────┴────────────────────┴──────────────────╯`,
      ),
    );
  if (r === 7) return one(undefined, readFile(rng, rng.pick(TESTS), rng.int(14, 40)));
  return one(
    undefined,
    ok(
      'recall_notes',
      {},
      `Notes (${rng.int(1, 5)}):\n- [context] package kamurj, edition 2024.beta, testnet\n- [progress] ${rng.pick(['claim() covered by tests', 'admin revoke path reviewed', 'build clean on testnet framework'])}`,
    ),
  );
}

function minimaxBig(rng: Rng): VergeStep {
  if (rng.chance(0.5))
    return one(
      'Listing every vesting event on testnet to compare with the schedule.',
      bash(
        `sui client events --query '{"MoveModule": {"package": "0x${hex(rng, 8)}...", "module": "vesting"}}' --limit 500`,
        lines(
          rng.int(330, 380),
          () =>
            `│ 0x${hex(rng, 8)}…${hex(rng, 4)} │ ${rng.pick(['Claimed', 'VaultCreated', 'Revoked'])} │ beneficiary: 0x${hex(rng, 16)} │ amount: ${rng.int(1000, 99999999)} │ ts: ${rng.int(1730000000000, 1740000000000)} │`,
        ),
      ),
    );
  return one(undefined, readFile(rng, 'sources/vesting.move', rng.int(560, 640)));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `cliff-ով vesting-ի ժամանակացույց ${t} մոդուլում`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Բարև՛։ Նախագիծը ~/nakhagits/kamurj-ում է՝ Sui Move փաթեթ (edition 2024), որով մեր DAO-ն token-ներ է բաշխում աշխատակիցներին։ Ինձ պետք է ${needle}, որպեսզի մինչև cliff-ը ոչինչ չվճարվի։ Move.toml-ի [addresses]-ը առայժմ մի՛ փոխիր։`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ադմինի կողմից vault-ի չեղարկում ${t}_revoke ֆունկցիայով`;
        return { how: 'user-followup', needle, beats: [{ user: `Հաջորդ խնդիրը՝ ${needle}, թեստերով։` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `event-ներ ${cap(t)}Claimed անունով ամեն claim-ի համար`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Եվս մի բան․ պետք են ${needle}, indexer-ը դրանք է կարդում։` }],
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
            (x) => `${x} մոդուլում մի՛ օգտագործիր dynamic_field, միայն Table`,
            (x) => `${x}-ում ամեն abort պետք է ունենա անվանված error կոնստանտ`,
            (x) => `${x}-ը չպետք է ունենա public(package)-ից դուրս mutable ֆունկցիաներ`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Մի կանոն․ ${needle}։ Աուդիտորները դա են պահանջել։`,
                `Կարևոր է՝ ${needle}, code review-ում այդպես պայմանավորվեցինք։`,
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
        const needle = `//   - sources/${t}.move: every entry function takes &AdminCap or checks the sender`;
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: one(
                'The admin module header has the audit rules; reading it first.',
                ok(
                  'read_file',
                  { path: `${ROOT}/sources/admin.move`, offset: 1, limit: 10 },
                  [
                    '// kamurj — audit rules (Zellic, 2024-11):',
                    '//   - no shared object is created outside vesting::new',
                    needle,
                    '//   - amounts are u64 MIST-like base units; intermediate math in u128',
                    `//   - ${rng.pick(['events for every state change', 'no transfer::public_transfer of Vault'])}`,
                    'module kamurj::admin {',
                    '    public struct AdminCap has key, store { id: UID }',
                  ]
                    .map((l, i) => `${String(i + 1).padStart(6)}|${l}`)
                    .join('\n'),
                ),
              ),
            },
            {
              step: one(
                `So every entry function in ${t}.move needs the cap or a sender check. Listing them.`,
                bash(
                  `grep -n "entry fun\\|public fun" sources/${t}.move`,
                  `${rng.int(20, 60)}:    public fun create(cap: &AdminCap, ctx: &mut TxContext) {`,
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
            (x) => `Decision: ${x} computes vested amounts in u128 and casts back once`,
            (x) => `Որոշում՝ ${x}-ը Vault-ը կպահի որպես owned object, ոչ shared`,
            (x) => `Decision: linear release in ${x} per millisecond, no monthly steps`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: many('Recording this before I implement it.', [
                ok(
                  'record_note',
                  { content: needle, category: 'decision' },
                  `Recorded note: ${needle} (category: decision)`,
                ),
                ok(
                  'edit_file',
                  {
                    path: `${ROOT}/sources/vesting.move`,
                    old_str: '    fun vested_amount<T>(',
                    new_str: `    // see ${t}\n    fun vested_amount<T>(`,
                  },
                  `Successfully edited ${ROOT}/sources/vesting.move`,
                ),
              ]),
            },
            { step: one(undefined, bash('sui move build', `${HEAD}\n`.trimEnd())) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t}-ը ժամանակը թող վերցնի Clock-ից, ոչ թե epoch-ից`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([
                `Պայմանավորվեցինք․ ${needle}։`,
                `Լավ, ուրեմն ${needle} — epoch-ը մեկ օր է, շատ կոպիտ է։`,
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
        const needle = `sources/${t}.move`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                rng.pick(['Creating the new module.', 'Նոր մոդուլ եմ ստեղծում։']),
                ok(
                  'write_file',
                  { path: `${ROOT}/${needle}`, content: `module kamurj::${t} {\n${move(rng, 10)}\n}\n` },
                  `Successfully wrote to ${ROOT}/${needle}`,
                ),
              ),
            },
            { step: one(undefined, bash('sui move build', HEAD)) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `tests/${t}_tests.move`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: many(undefined, [
                ok(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `#[test_only]\nmodule kamurj::${t}_tests {\n    use sui::test_scenario;\n${move(rng, 8)}\n}\n`,
                  },
                  `Successfully wrote to ${ROOT}/${needle}`,
                ),
                bash('sui move test', moveTest(rng)),
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
        const needle = `Unbound function '${t}' in module 'kamurj::vesting'`;
        const line = rng.int(40, 160);
        return {
          how: 'tool-movec',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  'sui move build',
                  `${HEAD}\n${diag('error[E03003]', 'unbound module member', 'sources/schedule.move', line, 21, `let amount = vesting::${t}(vault, now);`, '^'.repeat(t.length + 9), `Invalid module access. ${needle}`)}\n\nFailed to build Move modules: Compilation error.`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `vesting has no ${t}; I named it differently there. Checking the function names.`,
                bash(
                  'grep -n "fun " sources/vesting.move',
                  `${rng.int(30, 60)}:    public fun claim<T>(vault: &mut Vault<T>, clock: &Clock, ctx: &mut TxContext): Coin<T> {\n${rng.int(61, 90)}:    fun vested_amount<T>(vault: &Vault<T>, now: u64): u64 {`,
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
        const name = `test_${t}_after_cliff`;
        const needle = `[ FAIL    ] kamurj::vesting_tests::${name}`;
        const line = rng.int(60, 140);
        const frame = `│ error[E11001]: test failure\n│    ┌─ ./sources/vesting.move:${line}:9\n│    │\n│ ${line} │         assert!(now >= vault.start_ms + vault.cliff_ms, ECliffNotReached);\n│    │         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ Test was not expected to error, but it aborted with code 2 originating in the module kamurj::vesting rooted here\n│\n│\n│ stack trace\n│ \tvesting_tests::${name}(./tests/vesting_tests.move:${rng.int(20, 90)})\n│`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 20 : 2,
          (i) => `[ PASS    ] kamurj::schedule_tests::fixture_${i + 1}`,
          '',
          moveTest(rng, name, frame),
        );
        return {
          how: 'tool-movetest',
          needle,
          beats: [
            { step: one(undefined, bash('sui move test', out, 1)) },
            {
              step: one(
                `${name} sets the clock to exactly the cliff; the check should be >= start + cliff, which it is, so start_ms is wrong in the test.`,
                readFile(rng, 'tests/vesting_tests.move', 14, rng.int(20, 80)),
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
        const T = `${cap(t)}Receipt`;
        const needle = `The type 'kamurj::vesting::${T}' does not have the ability 'drop'`;
        const line = rng.int(40, 160);
        return {
          how: 'tool-abilities',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  'sui move build',
                  `${HEAD}\n${diag('error[E06001]', "unused value without 'drop'", 'sources/vesting.move', line, 13, `let receipt = ${t}::issue(vault, amount);`, '^^^^^^^', `The local variable 'receipt' still contains a value. The value does not have the 'drop' ability and must be consumed before the function returns\n${' '.repeat(String(line).length)} │\n${' '.repeat(String(line).length)} = ${needle}`)}\n\nFailed to build Move modules: Compilation error.`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${T} is a hot potato on purpose; claim must hand it to the caller instead of dropping it.`,
                readFile(rng, 'sources/vesting.move', 12, line - 6),
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
        const needle = `Storage Cost: ${t} MIST`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Dry-running the publish on testnet to see what it costs.',
                bash(
                  'sui client publish --dry-run --gas-budget 200000000',
                  `${HEAD}\nSuccessfully verified dependencies on-chain against source.\nDry run completed, execution status: success\n╭──────────────────────────────────────────────╮\n│ Dry Run Transaction Data                     │\n├──────────────────────────────────────────────┤\n│ Gas Budget: 200000000 MIST                   │\n│ Gas Price: ${rng.int(750, 1000)} MIST                         │\n╰──────────────────────────────────────────────╯\n╭───────────────────────────────────╮\n│ Gas Cost Summary                  │\n│  ${needle}             │\n│  Computation Cost: ${rng.int(1000000, 9000000)} MIST  │\n│  Storage Rebate: ${rng.int(900000, 999999)} MIST      │\n╰───────────────────────────────────╯\nEstimated gas cost (includes a small buffer): ${rng.int(20000000, 90000000)} MIST`,
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
        const needle = `KMR-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Linear-ում խնդրի համարը ${needle} է, ավելացրու commit-ի հաղորդագրության մեջ։` }],
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
            (x) => `Next: publish ${x} as an upgrade with sui client upgrade and the UpgradeCap`,
            (x) => `Մնացել է՝ ${x}-ը հրապարակել sui client upgrade-ով`,
            (x) => `Still open — the ${x} upgrade is not published yet`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: many(`All Move tests pass.\n${needle}\nThen the indexer check.`, [
                ok('record_note', { content: needle, category: 'todo' }, `Recorded note: ${needle} (category: todo)`),
                bash(`grep -n "${t}" Move.lock`, '', 1),
              ]),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `mainnet-ից առաջ ${t}-ը փորձարկիր testnet-ում իրական wallet-ով`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Հիանալի է։ Վերջում՝ ${needle}։` },
            {
              step: one(
                `Լավ, ${t}-ը testnet-ում։ First, which addresses I have.`,
                bash(
                  'sui client addresses',
                  `╭──────────┬────────────────────────────────────────────────────────────────────┬────────────────╮\n│ alias    │ address                                                            │ active address │\n├──────────┼────────────────────────────────────────────────────────────────────┼────────────────┤\n│ ani-dev  │ 0x${hex(rng, 64)} │ *              │\n╰──────────┴────────────────────────────────────────────────────────────────────┴────────────────╯`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** Every planter's steps with the model's thinking before their prose. */
function thinking(planters: Record<FactKind, Planter[]>): Record<FactKind, Planter[]> {
  const out = {} as Record<FactKind, Planter[]>;
  for (const [kind, list] of Object.entries(planters) as [FactKind, Planter[]][])
    out[kind] = list.map((p) => ({
      user: p.user,
      plant: (c) => {
        const planted = p.plant(c);
        const beats: Beat[] = planted.beats.map((b) => ('step' in b ? { step: withThink(c.rng, b.step) } : b));
        return { ...planted, beats };
      },
    }));
  return out;
}

/** The minimax harness. */
export const VERGE_MINIMAX: VergeHarness = {
  style: 'minimax',
  protocol: 'native',
  system: `You are Mini-Agent, a versatile AI assistant powered by MiniMax, capable of executing complex tasks through a rich toolset.\n\n## Core Capabilities\n- File operations: read_file, write_file, edit_file\n- Shell: bash (commands run in ${ROOT}; long-running commands may time out)\n- Session notes: record_note and recall_notes keep important facts, decisions and progress across a long session\n\n## Working Guidelines\n1. Analyze the request and plan the steps.\n2. Use tools; you may call several independent tools at once.\n3. Verify results; on errors read the full message before retrying.\n4. Record decisions and open items with record_note.\n\nWorkspace: ${ROOT} — a Sui Move package (edition 2024.beta) on testnet; sui 1.40. The user writes in Armenian.`,
  tools: ['bash', 'read_file', 'write_file', 'edit_file', 'record_note', 'recall_notes'],
  callId: (rng) => `call_function_${chars(rng, 12, 'abcdefghijklmnopqrstuvwxyz0123456789')}_1`,
  noise: (rng) => withThink(rng, minimaxNoise(rng)),
  big: (rng) => withThink(rng, minimaxBig(rng)),
  renderAnswer: (text) => `<think>\n${THOUGHTS[text.length % 5] as string}\n</think>\n\n${text}`,
  followUp: (rng) =>
    rng.pick([
      'Թեստերն անցնու՞մ են։',
      'Ի՞նչ է ասում sui move build-ը, warning-ներ կա՞ն։',
      'Խնդրում եմ, նորից աշխատեցրու թեստերը։',
      'Կարճ բացատրիր՝ ինչ փոխեցիր։',
      'Լավ, հետո՞ ինչ։',
      'How much gas will the upgrade cost?',
    ]),
  keepGoing: (rng) => rng.pick(['Շարունակիր։', 'Շարունակիր, մի՛ կանգնիր։', 'Շարունակիր, մինչև բոլոր թեստերն անցնեն։']),
  answer: (rng) =>
    rng.pick([
      `Պատրաստ է․ sui move test — Total tests: ${rng.int(6, 14)}; failed: 0, warning-ներ չկան։`,
      'The vesting change builds cleanly and every Move unit test passes; nothing is published yet.',
      'Ուղղված է։ events.move-ում մնացել է մեկ unused variable warning, որը այս փոփոխությունից չէ։',
      'Ավարտված է, նոր սխալներ չկան։',
    ]),
  probe: (rng) => rng.pick(['Շարունակիր։', 'Շարունակիր այնտեղից, որտեղ կանգնեցիր։', 'Իսկ հիմա՞։']),
  planters: thinking(PLANTERS),
};
