/**
 * The responses harness of the brink family (brink.ts): an agent on an OpenAI Responses-API-like
 * loop. Each turn's output items are a reasoning summary (kept as the assistant's text, bold title
 * first, as the API's `summary_text` parts read) and `function_call` items with `call_…` ids, each
 * answered by a `function_call_output` (a tool message) whose text opens with the command and its
 * exit status. A Rust workspace (a double-entry ledger: ledger-core, ledger-api on axum, ledger-cli)
 * checked with cargo build, cargo-nextest, clippy, miri and cargo-deny, in the real shapes of their
 * output; for an Amharic-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  chars,
  dur,
  fail,
  lines,
  many,
  numberLines,
  ok,
  one,
  pieces,
  say,
  some,
  hex,
  type BrinkCall,
  type BrinkHarness,
  type BrinkStep,
  type Planter,
} from './brink-kit';

const ROOT = '/home/dev/code/ledgerline';
const SRC = [
  'crates/ledger-core/src/book.rs',
  'crates/ledger-core/src/entry.rs',
  'crates/ledger-core/src/arena.rs',
  'crates/ledger-api/src/routes.rs',
  'crates/ledger-api/src/main.rs',
  'crates/ledger-cli/src/main.rs',
];
const TESTS = [
  'ledger-core book::tests::posts_balanced_entry',
  'ledger-core book::tests::rejects_unbalanced',
  'ledger-core entry::tests::parses_amount',
  'ledger-core arena::tests::grows',
  'ledger-api routes::tests::health_is_ok',
  'ledger-api routes::tests::post_entry_201',
  'ledger-cli::cli import_csv_roundtrip',
  'ledger-cli::cli prints_trial_balance',
];

const RS = [
  `use std::collections::BTreeMap;\n\nuse crate::entry::{Entry, EntryId, Posting};`,
  `#[derive(Debug, Default)]\npub struct Book {\n    entries: BTreeMap<EntryId, Entry>,\n    next_id: u64,\n}`,
  `impl Book {\n    pub fn post(&mut self, postings: Vec<Posting>) -> Result<EntryId, BookError> {\n        let sum: i64 = postings.iter().map(|p| p.amount_minor).sum();\n        if sum != 0 {\n            return Err(BookError::Unbalanced { off_by: sum });\n        }\n        let id = EntryId(self.next_id);\n        self.next_id += 1;\n        self.entries.insert(id, Entry::new(id, postings));\n        Ok(id)\n    }\n}`,
  `#[derive(Debug, thiserror::Error, PartialEq, Eq)]\npub enum BookError {\n    #[error("entry does not balance (off by {off_by})")]\n    Unbalanced { off_by: i64 },\n    #[error("no such account: {0}")]\n    UnknownAccount(String),\n}`,
  `pub async fn post_entry(\n    State(state): State<AppState>,\n    Json(body): Json<NewEntry>,\n) -> Result<(StatusCode, Json<EntryId>), ApiError> {\n    let mut book = state.book.write().await;\n    let id = book.post(body.postings)?;\n    Ok((StatusCode::CREATED, Json(id)))\n}`,
  `#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn rejects_unbalanced() {\n        let mut b = Book::default();\n        assert_eq!(b.post(vec![Posting::debit("cash", 500)]), Err(BookError::Unbalanced { off_by: 500 }));\n    }\n}`,
  `impl<T: Copy> Arena<T> {\n    pub fn get(&self, idx: usize) -> T {\n        debug_assert!(idx < self.len);\n        unsafe { *self.ptr.add(idx) }\n    }\n}`,
];

/** A `function_call_output` as the runner formats it: the command, its status, then what it printed. */
function run(cmd: string, output: string, code = 0): BrinkCall {
  const text = `$ ${cmd}\nexit status: ${code}\n${output}`;
  const args = { cmd, workdir: ROOT, timeout_ms: 600000 };
  return code === 0 ? ok('run_command', args, text, 0) : fail('run_command', args, text, code);
}

function read(rng: Rng, path: string, n: number, from = 1): BrinkCall {
  return ok(
    'read_file',
    { path, start_line: from },
    numberLines(pieces(rng, RS, n), from, (k, l) => `${String(k).padStart(4)} | ${l}`),
  );
}

function compiling(rng: Rng): string {
  return some(
    rng,
    [
      `   Compiling proc-macro2 v1.0.86`,
      `   Compiling serde v1.0.204`,
      `   Compiling tokio v1.39.2`,
      `   Compiling ledger-core v0.4.0 (${ROOT}/crates/ledger-core)`,
      `   Compiling ledger-api v0.4.0 (${ROOT}/crates/ledger-api)`,
      `   Compiling ledger-cli v0.4.0 (${ROOT}/crates/ledger-cli)`,
    ],
    rng.int(2, 4),
  ).join('\n');
}

function finished(rng: Rng, profile = '`dev` profile [unoptimized + debuginfo]'): string {
  return `    Finished ${profile} target(s) in ${dur(rng, 0.4, 38)}s`;
}

/** A nextest run: PASS lines, optionally one FAIL with its captured output, the summary. */
function nextest(rng: Rng, failing?: { name: string; stderr: string }): string {
  const passing = some(rng, TESTS, rng.int(3, 6)).filter((t) => t !== failing?.name);
  const total = rng.int(38, 64);
  const head = `${finished(rng, '`test` profile [unoptimized + debuginfo]')}\n    Starting ${total} tests across ${rng.int(3, 5)} binaries\n${passing.map((t) => `        PASS [   ${dur(rng, 0.001, 0.09, 3)}s] ${t}`).join('\n')}`;
  if (!failing)
    return `${head}\n────────────\n     Summary [   ${dur(rng, 0.2, 2.5, 3)}s] ${total} tests run: ${total} passed, ${rng.int(0, 2)} skipped`;
  const t = dur(rng, 0.002, 0.05, 3);
  return `${head}\n        FAIL [   ${t}s] ${failing.name}\n──── STDOUT:             ${failing.name}\n\nrunning 1 test\ntest ${failing.name.split(' ')[1] as string} ... FAILED\n\nfailures:\n\nfailures:\n    ${failing.name.split(' ')[1] as string}\n\ntest result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; ${total - 1} filtered out; finished in 0.00s\n\n──── STDERR:             ${failing.name}\n${failing.stderr}\n\n  Cancelling due to test failure\n────────────\n     Summary [   ${dur(rng, 0.2, 2.5, 3)}s] ${total} tests run: ${total - 1} passed, 1 failed, 0 skipped\n        FAIL [   ${t}s] ${failing.name}\nerror: test run failed`;
}

function clippyClean(rng: Rng): string {
  return `    Checking ledger-core v0.4.0 (${ROOT}/crates/ledger-core)\n    Checking ledger-api v0.4.0 (${ROOT}/crates/ledger-api)\n    Checking ledger-cli v0.4.0 (${ROOT}/crates/ledger-cli)\n${finished(rng)}`;
}

function responsesNoise(rng: Rng): BrinkStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, run('cargo build --workspace', `${compiling(rng)}\n${finished(rng)}`));
  if (r === 1) return one(undefined, run('cargo nextest run --workspace', nextest(rng)));
  if (r === 2)
    return one(
      '**Linting**\n\nRunning clippy with warnings denied, as CI does.',
      run('cargo clippy --workspace --all-targets -- -D warnings', clippyClean(rng)),
    );
  if (r === 3) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return many('**Reading the code**\n\nOpening the book and the route that calls it.', [
      read(rng, a, rng.int(2, 4)),
      read(rng, b, rng.int(2, 3)),
    ]);
  }
  if (r === 4)
    return one(
      undefined,
      run(
        `rg -n "${rng.pick(['Unbalanced', 'amount_minor', 'EntryId', 'unsafe'])}" crates/`,
        lines(
          rng.int(2, 6),
          () =>
            `${rng.pick(SRC)}:${rng.int(3, 240)}:${rng.pick(['    Unbalanced { off_by: i64 },', '    pub amount_minor: i64,', 'pub struct EntryId(pub u64);', '        unsafe { *self.ptr.add(idx) }'])}`,
        ),
      ),
    );
  if (r === 5) return one(undefined, run('cargo deny check', `advisories ok, bans ok, licenses ok, sources ok`));
  if (r === 6)
    return one(
      undefined,
      run(
        'git status --short && git diff --stat',
        `${some(rng, SRC, rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join(
            '\n',
          )}\n ${rng.int(1, 3)} files changed, ${rng.int(3, 60)} insertions(+), ${rng.int(0, 20)} deletions(-)`,
      ),
    );
  if (r === 7)
    return one(
      '**Miri**\n\nThe arena has unsafe code; running its tests under miri.',
      run(
        'cargo +nightly miri nextest run -p ledger-core arena',
        `Preparing a sysroot for Miri (target: x86_64-unknown-linux-gnu)... done\n${nextest(rng).replace(/Starting \d+ tests across \d+ binaries/, 'Starting 3 tests across 1 binary')}`,
      ),
    );
  return one(undefined, run('cargo fmt --all -- --check', ''));
}

function responsesBig(rng: Rng): BrinkStep {
  if (rng.chance(0.5)) {
    const crates = [
      'serde',
      'tokio',
      'axum',
      'hyper',
      'tower',
      'tracing',
      'thiserror',
      'clap',
      'csv',
      'rust_decimal',
      'sqlx',
      'bytes',
      'http',
      'mio',
    ];
    const tree = lines(rng.int(520, 600), (i) => {
      const depth = 1 + (i % 4);
      return `${'│   '.repeat(depth - 1)}${rng.chance(0.3) ? '└──' : '├──'} ${rng.pick(crates)} v${rng.int(0, 4)}.${rng.int(0, 40)}.${rng.int(0, 20)}${rng.chance(0.3) ? ' (*)' : ''}`;
    });
    return one(
      '**Dependency tree**\n\nListing the whole tree to see where the second `hyper` comes from.',
      run('cargo tree --workspace -e normal', `ledger-api v0.4.0 (${ROOT}/crates/ledger-api)\n${tree}`),
    );
  }
  return one(
    undefined,
    run(
      'cargo nextest list --workspace',
      lines(
        rng.int(700, 820),
        () =>
          `${rng.pick(['ledger-core', 'ledger-api', 'ledger-cli::cli'])} ${rng.pick(['book', 'entry', 'arena', 'routes', 'import', 'report'])}::tests::${rng.pick(['posts', 'rejects', 'parses', 'sums', 'rounds', 'imports', 'prints'])}_${chars(rng, 6, 'abcdefghijklmnopqrstuvwxyz')}`,
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
        const needle = `የባንክ CSV ረድፎችን ከ${t} መዝገቦች ጋር የሚያስታርቅ \`ledger reconcile\` ንዑስ ትዕዛዝ`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `ሰላም! ፕሮጀክቱ በ ~/code/ledgerline ውስጥ ነው — የRust workspace (ledger-core, ledger-api, ledger-cli)። ${needle} እፈልጋለሁ። CI ላይ cargo nextest፣ clippy (-D warnings) እና cargo deny ይሮጣሉ።`,
            },
            {
              step: one(
                '**Getting oriented**\n\nThe user wants a new CLI subcommand; first the workspace layout and recent history.',
                run(
                  'ls crates && git log --oneline -3',
                  `ledger-api\nledger-cli\nledger-core\n${hex(rng, 7)} core: arena for postings\n${hex(rng, 7)} api: POST /entries\n${hex(rng, 7)} ci: nextest + deny`,
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
        const needle = `የ${t} ሂሳብ ሚዛን በJSON የሚመልስ GET /balances endpoint`;
        return { how: 'user-followup', needle, beats: [{ user: `ቀጣዩ ስራ: ${needle}።` }] };
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
            (x) => `${x} ውስጥ ምንም አዲስ unsafe ብሎክ አይጨመር`,
            (x) => `በ${x} ገንዘብ ሁልጊዜ i64 minor units ነው፣ f64 በፍጹም`,
            (x) => `MSRV 1.74 ነው — ${x} ከዚያ አዲስ ባህሪ አይጠቀምም`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`አንድ ህግ: ${needle}።`, `አስታውስ — ${needle}። በreview ላይ ተስማምተናል።`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `{ name = "${t}", reason = "unmaintained" },`;
        return {
          how: 'tool-config',
          needle,
          beats: [
            {
              step: one(
                '**Checking the deny config**\n\nBefore adding a crate for CSV parsing I want to know what cargo-deny bans.',
                ok(
                  'read_file',
                  { path: 'deny.toml', start_line: 1 },
                  numberLines(
                    `[licenses]\nallow = ["MIT", "Apache-2.0", "Unicode-3.0"]\nconfidence-threshold = 0.9\n\n[bans]\nmultiple-versions = "warn"\ndeny = [\n    ${needle}\n]\n\n[advisories]\nignore = []`,
                    1,
                    (k, l) => `${String(k).padStart(4)} | ${l}`,
                  ),
                ),
              ),
            },
            {
              step: one(
                `\`${t}\` is banned outright, so the reconcile code has to avoid it.`,
                run(
                  `cargo tree -i ${t} 2>&1 | head -3`,
                  `error: package ID specification \`${t}\` did not match any packages`,
                  101,
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
            (x) => `I'll make \`${x}\` a trait with one impl per bank format rather than an enum`,
            (x) => `Going forward, ${x} matching is done in ledger-core, and the CLI only parses and prints`,
            (x) => `ውሳኔ: ${x} ረድፎችን በ(ቀን, መጠን) ቁልፍ እናዛምዳለን`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `**Choosing the shape**\n\n${needle}. That keeps the matcher testable without a terminal.`,
                ok(
                  'write_file',
                  {
                    path: `crates/ledger-core/src/${t}.rs`,
                    content: `//! Reconciliation.\n\npub trait ${cap(t)} {}\n`,
                  },
                  `Wrote crates/ledger-core/src/${t}.rs (3 lines)`,
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
        const needle = `${t} ያልተዛመዱ ረድፎችን ወደ stderr ይጽፋል፣ exit code 2 ይመልሳል`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`ወስነናል: ${needle}።`, `እንዲህ እናድርግ: ${needle}።`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `crates/ledger-cli/tests/${t}_reconcile.rs`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                '**Adding an integration test**',
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `use assert_cmd::Command;\n\n#[test]\nfn reconciles_fixture() {\n    Command::cargo_bin("ledger").unwrap().args(["reconcile", "tests/fixtures/bank.csv"]).assert().success();\n}\n`,
                  },
                  `Wrote ${needle} (6 lines)`,
                ),
              ),
            },
            { step: one(undefined, run(`cargo nextest run -p ledger-cli --test ${t}_reconcile`, nextest(rng))) },
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
        const line = rng.int(40, 200);
        const needle = `error[E0502]: cannot borrow \`self.${t}\` as mutable because it is also borrowed as immutable`;
        const out = `${compiling(rng)}\n${needle}\n  --> crates/ledger-core/src/book.rs:${line}:13\n   |\n${line - 3} |         let entry = self.${t}.get(&id)?;\n   |                     ------- immutable borrow occurs here\n...\n${line} |             self.${t}.insert(id, entry.reversed());\n   |             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ mutable borrow occurs here\n\nFor more information about this error, try \`rustc --explain E0502\`.\nerror: could not compile \`ledger-core\` (lib) due to 1 previous error`;
        return {
          how: 'tool-rustc',
          needle,
          beats: [
            { step: one(undefined, run('cargo build --workspace', out, 101)) },
            {
              step: one(
                `**Borrow conflict**\n\nThe entry borrowed from \`${t}\` is still alive at the insert; cloning the id first.`,
                read(rng, 'crates/ledger-core/src/book.rs', 3, line - 6),
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
        const needle = `ledger-core reconcile::tests::${t}_matches_same_day`;
        const stderr = `thread 'reconcile::tests::${t}_matches_same_day' panicked at crates/ledger-core/src/reconcile.rs:${rng.int(60, 180)}:9:\nassertion \`left == right\` failed\n  left: 2\n right: 3\nnote: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace`;
        return {
          how: 'tool-nextest',
          needle,
          beats: [
            { step: one(undefined, run('cargo nextest run --workspace', nextest(rng, { name: needle, stderr }), 100)) },
            {
              step: one(
                `**One miss**\n\nThe same-day case counts two matches, not three; a row with the same amount is skipped.`,
                read(rng, 'crates/ledger-core/src/book.rs', 2),
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
        const needle = `error: Undefined Behavior: out-of-bounds pointer use: alloc${rng.int(1000, 9999)} has size ${rng.int(2, 8) * 8}, so pointer to 8 bytes starting at offset ${rng.int(2, 8) * 8} is out-of-bounds in ${t}`;
        const out = `Preparing a sysroot for Miri (target: x86_64-unknown-linux-gnu)... done\n    Starting 3 tests across 1 binary\n${needle}\n  --> crates/ledger-core/src/arena.rs:41:18\n   |\n41 |         unsafe { *self.ptr.add(idx) }\n   |                  ^^^^^^^^^^^^^^^^^^ out-of-bounds pointer use\n   |\n   = help: this indicates a bug in the program: it performed an invalid operation, and caused Undefined Behavior\n   = help: see https://doc.rust-lang.org/nightly/reference/behavior-considered-undefined.html for further information\n   = note: BACKTRACE on thread \`arena::tests::grows\`:\n   = note: inside \`arena::Arena::<u64>::get\` at crates/ledger-core/src/arena.rs:41:18: 41:36\n\nnote: some details are omitted, run with \`MIRIFLAGS=-Zmiri-backtrace=full\` for a verbose backtrace\n\nerror: aborting due to 1 previous error\n\n        SIGABRT [   1.204s] ledger-core arena::tests::grows\nerror: test run failed`;
        return {
          how: 'tool-miri',
          needle,
          beats: [
            { step: one(undefined, run('cargo +nightly miri nextest run -p ledger-core arena', out, 100)) },
            {
              step: one(
                '**Miri found UB**\n\n`get` reads one past the end when the arena is full; the debug_assert is not enough.',
                read(rng, 'crates/ledger-core/src/arena.rs', 2, 30),
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
        const needle = `error: this call to \`unwrap()\` in \`${t}\` will panic`;
        const line = rng.int(20, 120);
        const out = `    Checking ledger-cli v0.4.0 (${ROOT}/crates/ledger-cli)\n${needle}\n  --> crates/ledger-cli/src/main.rs:${line}:21\n   |\n${line} |         let rows = csv::Reader::from_path(&path).unwrap();\n   |                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n   |\n   = help: for further information visit https://rust-lang.github.io/rust-clippy/master/index.html#unwrap_used\n   = note: requested on the command line with \`-D clippy::unwrap-used\`\n\nerror: could not compile \`ledger-cli\` (bin "ledger") due to 1 previous error`;
        return {
          how: 'tool-clippy',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run('cargo clippy --workspace --all-targets -- -D warnings -D clippy::unwrap_used', out, 101),
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
        const t = mint('num');
        const needle = `matched ${t} of`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'cargo run -q -p ledger-cli -- reconcile tests/fixtures/bank-2024.csv',
                  `reconcile: ${needle} ${Number(t) + 17} bank rows (17 unmatched, written to stderr)`,
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
        const needle = `LDG-${t}`;
        return { how: 'user-paste', needle, beats: [{ user: `የJira ትኬቱ ${needle} ነው፤ በcommit መልእክቱ ውስጥ አስገባው።` }] };
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
            (x) => `Next: run cargo deny check again once ${x} is in Cargo.lock`,
            (x) => `Still to do: wire the ${x} matcher into ledger-api behind a feature flag`,
            (x) => `ቀጣዩ እርምጃ: የ${x} fixture ፈተናዎችን በmiri ስር ማሮጥ`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `**Plan**\n\n${needle}.`,
                run(
                  'git add -A && git commit -qm "reconcile: matcher" && git log --oneline -1',
                  `${hex(rng, 7)} reconcile: matcher`,
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
        const needle = `${t} benchmark በcriterion ጨምር`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `አመሰግናለሁ። በመጨረሻ: ${needle}።` },
            {
              step: one(
                `**Benchmark**\n\nAdding a criterion bench for ${t}.`,
                run(
                  'cargo add --dev criterion -p ledger-core',
                  '    Updating crates.io index\n      Adding criterion v0.5.1 to dev-dependencies',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The responses harness. */
export const BRINK_RESPONSES: BrinkHarness = {
  style: 'responses',
  protocol: 'native',
  system: `You are a coding agent running in a terminal-backed sandbox, driven through the Responses API. You have function tools; call them to inspect and change the workspace, and reason before acting. Your reasoning summaries are shown to the user.\n\n# Workspace\n${ROOT}: a Cargo workspace (edition 2021, MSRV 1.74) with crates ledger-core (double-entry book, arena), ledger-api (axum 0.7), ledger-cli (clap 4, binary \`ledger\`).\nCI: cargo fmt --check, cargo clippy -- -D warnings, cargo nextest run, cargo +nightly miri on ledger-core, cargo deny check.\n\n# Rules\n- Prefer small, reviewable edits.\n- Never run \`cargo update\` without being asked.\n- Reply in the user's language when they write in one (the user writes Amharic).`,
  tools: ['run_command', 'read_file', 'write_file'],
  callId: (rng) => `call_${chars(rng, 24)}`,
  noise: responsesNoise,
  big: responsesBig,
  followUp: (rng) =>
    rng.pick([
      'ፈተናዎቹ አለፉ?',
      'clippy ምን ይላል?',
      'እባክህ cargo nextest እንደገና አሂድ።',
      'በአጭሩ ምን እንደቀየርክ አስረዳኝ።',
      'እሺ፣ ቀጥሎ ምንድን ነው?',
      'miri ንጹህ ነው?',
    ]),
  keepGoing: (rng) => rng.pick(['ቀጥል።', 'ቀጥል፣ አታቁም።', 'ሁሉም ፈተናዎች እስኪያልፉ ድረስ ቀጥል።']),
  answer: (rng) =>
    rng.pick([
      `ተጠናቋል: cargo nextest — ${rng.int(40, 64)} ፈተናዎች አልፈዋል፣ clippy ንጹህ ነው።`,
      'Done: the workspace builds, nextest is green and cargo deny reports nothing.',
      'ተስተካክሏል። በledger-api ውስጥ አንድ ያልተዛመደ clippy ማስጠንቀቂያ ቀርቷል።',
      'Summary: the changed crates build, every test passes, and miri is clean on ledger-core.',
    ]),
  probe: (rng) => rng.pick(['ቀጥል።', 'ካቆምክበት ቀጥል።', 'እና አሁን?']),
  planters: PLANTERS,
};
