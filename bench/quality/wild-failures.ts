/**
 * Failing tool output for the wild family (wild.ts), one writer per ecosystem (build and test runners in wild-failures-build.ts; here infrastructure, migrations and runtime crashes). Each names the
 * failure with an identifier minted from a lexicon word (the error fact's needle) and buries it
 * as real tools do: warnings before, summaries, stack frames, retries and progress after.
 */
import type { Rng } from './rng';
import { BUILD_WRITERS, ansiDim, ansiRed, frames, type Failure, type Writer } from './wild-failures-build';
import { bigLog, type Stack } from './wild-outputs';
import { ADJS, NOUNS, VERBS, cap, clock, hex, pascal, snake } from './wild-words';

export type { Failure } from './wild-failures-build';

const WRITERS: Record<string, Writer> = {
  ...BUILD_WRITERS,
  bazel: (rng, w) => {
    const needle = `//services/${w}:${rng.pick(NOUNS)}_test`;
    return {
      eco: 'bazel',
      needle,
      exitCode: 3,
      command: 'bazel test //services/...',
      output: [
        `INFO: Analyzed ${rng.int(20, 300)} targets (${rng.int(0, 90)} packages loaded, ${rng.int(100, 9000)} targets configured).`,
        'INFO: Found 41 targets and 12 test targets...',
        Array.from(
          { length: 6 },
          (_, i) =>
            `[${(i + 1) * 211} / 1,284] ${rng.pick(['Compiling', 'Linking', 'Testing'])} ${rng.pick(NOUNS)}/${rng.pick(NOUNS)}.cc; ${i + 1}s linux-sandbox`,
        ).join('\r'),
        `FAIL: ${needle} (see /home/dev/.cache/bazel/_bazel_dev/${hex(rng, 32)}/execroot/_main/bazel-out/k8-fastbuild/testlogs/services/x/test.log)`,
        `INFO: From Testing ${needle}:`,
        '==================== Test output for ' + needle + ':',
        'Assertion failed: lease.expired() == false',
        '================================================================================',
        `INFO: Elapsed time: ${rng.int(10, 300)}.${rng.int(100, 999)}s, Critical Path: ${rng.int(5, 90)}.${rng.int(10, 99)}s`,
        `INFO: ${rng.int(100, 2000)} processes: ${rng.int(10, 400)} internal, ${rng.int(10, 900)} linux-sandbox.`,
        'INFO: Build completed, 1 test FAILED, 1284 total actions',
        ...Array.from(
          { length: rng.int(3, 10) },
          () =>
            `//services/${rng.pick(NOUNS)}:${rng.pick(NOUNS)}_test                 PASSED in ${rng.int(0, 9)}.${rng.int(1, 9)}s`,
        ),
        `${needle}                     FAILED in 3 out of 3 in ${rng.int(1, 9)}.${rng.int(1, 9)}s`,
        '',
        'Executed 12 out of 12 tests: 11 tests pass and 1 fails locally.',
      ].join('\n'),
    };
  },
  nix: (rng, w) => {
    const needle = `${w}-${rng.pick(NOUNS)}-${rng.int(0, 3)}.${rng.int(0, 20)}.${rng.int(0, 9)}`;
    const drv = `/nix/store/${hex(rng, 32)}-${needle}.drv`;
    return {
      eco: 'nix',
      needle,
      exitCode: 1,
      command: 'nix build .#default -L',
      output: [
        `${needle}> unpacking sources`,
        `${needle}> patching sources`,
        `${needle}> configuring`,
        `${needle}> building`,
        `${needle}> error[E0425]: cannot find value \`${rng.pick(NOUNS)}_${rng.pick(NOUNS)}\` in this scope`,
        `${needle}> error: could not compile \`${rng.pick(NOUNS)}\` (lib) due to 1 previous error`,
        `error: builder for '${drv}' failed with exit code 101;`,
        `       last 10 log lines:`,
        `       > building`,
        `       For full logs, run 'nix log ${drv}'.`,
        `error: 1 dependencies of derivation '/nix/store/${hex(rng, 32)}-system-path.drv' failed to build`,
      ].join('\n'),
    };
  },
  flutter: (rng, w) => {
    const needle = `${pascal(w, rng.pick(NOUNS))} ${rng.pick(['shows', 'hides', 'renders'])} ${rng.pick(ADJS)} badge`;
    return {
      eco: 'flutter',
      needle,
      exitCode: 1,
      command: 'flutter test',
      output: [
        ...Array.from(
          { length: rng.int(10, 60) },
          (_, i) =>
            `00:0${Math.min(9, Math.floor(i / 8))} +${i}: /app/test/${rng.pick(NOUNS)}_test.dart: ${pascal(rng.pick(NOUNS))} ${rng.pick(VERBS)}s`,
        ),
        '══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞════════════════════════════════════════════════════',
        'The following TestFailure was thrown running a test:',
        'Expected: exactly one matching candidate',
        '  Actual: _TextWidgetFinder:<Found 0 widgets with text "Overdue": []>',
        '',
        `When the exception was thrown, this was the stack:`,
        ...frames(rng, 4, (f, file, l) => `#${l % 9}      ${f} (package:app/${file}.dart:${l}:7)`),
        '════════════════════════════════════════════════════════════════════════════════════════════════════',
        'Test failed. See exception logs above.',
        'The test description was:',
        `  ${needle}`,
        '',
        `00:07 +61 -1: /app/test/widgets/card_test.dart: ${needle} [E]`,
        '00:09 +88 -1: Some tests failed.',
      ].join('\n'),
    };
  },
  swiftpm: (rng, w) => {
    const needle = `${pascal(w, 'Parser')}Tests.test${pascal(rng.pick(VERBS), rng.pick(ADJS), rng.pick(NOUNS))}`;
    return {
      eco: 'swiftpm',
      needle,
      exitCode: 1,
      command: 'swift test',
      output: [
        'Building for debugging...',
        `[${rng.int(10, 90)}/${rng.int(91, 120)}] Compiling AppKitCore ${pascal(rng.pick(NOUNS))}.swift`,
        'Build complete! (14.21s)',
        "Test Suite 'All tests' started at 2025-03-11 10:02:11.041",
        ...Array.from(
          { length: rng.int(4, 20) },
          () =>
            `Test Case '${pascal(rng.pick(NOUNS))}Tests.test${pascal(rng.pick(VERBS))}' passed (0.00${rng.int(1, 9)} seconds)`,
        ),
        `/work/Tests/AppTests/ParserTests.swift:${rng.int(10, 200)}: error: ${needle} : XCTAssertEqual failed: ("3") is not equal to ("4")`,
        `Test Case '${needle}' failed (0.004 seconds)`,
        `Executed ${rng.int(40, 300)} tests, with 1 failure (0 unexpected) in 1.${rng.int(100, 999)} (1.${rng.int(100, 999)}) seconds`,
        'error: fatalError',
      ].join('\n'),
    };
  },
  dune: (rng, w) => {
    const needle = `${w}_of_${rng.pick(['yojson', 'sexp', 'string'])}`;
    return {
      eco: 'dune',
      needle,
      exitCode: 1,
      command: 'dune build @all',
      output: [
        `File "lib/${rng.pick(NOUNS)}_codec.ml", line ${rng.int(10, 300)}, characters 10-${rng.int(24, 40)}:`,
        `${rng.int(10, 300)} |   let v = ${needle} json in`,
        '              ^^^^^^^^^^^^^^',
        `Error: Unbound value ${needle}`,
        `Hint: Did you mean ${rng.pick(NOUNS)}_of_yojson?`,
        `File "bin/main.ml", line 1:`,
        'Error: Some fatal warnings were triggered (1 occurrences)',
      ].join('\n'),
    };
  },
  testthat: (rng, w) => {
    const needle = `${w}_${rng.pick(NOUNS)}() handles ${rng.pick(['leap years', 'missing rows', 'empty groups', 'NA weights'])}`;
    return {
      eco: 'testthat',
      needle,
      exitCode: 1,
      command: 'Rscript -e "devtools::test()"',
      output: [
        'ℹ Testing acmestats',
        '✔ | F W  S  OK | Context',
        ...Array.from({ length: rng.int(4, 12) }, () => `✔ |         ${rng.int(1, 40)} | ${rng.pick(NOUNS)}`),
        `✖ | 1       ${rng.int(1, 20)} | ${rng.pick(NOUNS)}`,
        '────────────────────────────────────────────────────────────────────────────────',
        `Failure (test-${rng.pick(NOUNS)}.R:${rng.int(5, 90)}:3): ${needle}`,
        '`actual` not equal to `expected`.',
        'Lengths differ: 366 is not 365',
        '────────────────────────────────────────────────────────────────────────────────',
        '',
        '══ Results ═════════════════════════════════════════════════════════════════════',
        `Duration: ${rng.int(1, 40)}.${rng.int(1, 9)} s`,
        '',
        `[ FAIL 1 | WARN 0 | SKIP 2 | PASS ${rng.int(50, 400)} ]`,
      ].join('\n'),
    };
  },
  forge: (rng, w) => {
    const needle = `test${pascal(w, rng.pick(VERBS), rng.pick(NOUNS))}`;
    return {
      eco: 'forge',
      needle,
      exitCode: 1,
      command: 'forge test -vv',
      output: [
        '[⠊] Compiling...',
        '[⠒] Compiling 42 files with Solc 0.8.24',
        '[⠢] Solc 0.8.24 finished in 3.41s',
        'Compiler run successful!',
        '',
        `Ran ${rng.int(4, 20)} tests for test/Vault.t.sol:VaultTest`,
        ...Array.from(
          { length: rng.int(3, 12) },
          () => `[PASS] test${pascal(rng.pick(VERBS), rng.pick(NOUNS))}() (gas: ${rng.int(20000, 300000)})`,
        ),
        `[FAIL: revert: cap exceeded] ${needle}() (gas: ${rng.int(20000, 300000)})`,
        'Logs:',
        `  withdraw ${rng.int(1, 900)}e18`,
        `Suite result: FAILED. 11 passed; 1 failed; 0 skipped; finished in ${rng.int(2, 90)}.${rng.int(10, 99)}ms`,
        '',
        'Failing tests:',
        'Encountered 1 failing test in test/Vault.t.sol:VaultTest',
        `[FAIL: revert: cap exceeded] ${needle}() (gas: ${rng.int(20000, 300000)})`,
        '',
        'Encountered a total of 1 failing tests, 11 tests succeeded',
      ].join('\n'),
    };
  },
  alembic: (rng, w) => {
    const needle = snake(w, rng.pick(NOUNS));
    const rev = hex(rng, 12);
    return {
      eco: 'alembic',
      needle,
      exitCode: 1,
      command: 'alembic upgrade head',
      output: [
        'INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.',
        'INFO  [alembic.runtime.migration] Will assume transactional DDL.',
        `INFO  [alembic.runtime.migration] Running upgrade ${hex(rng, 12)} -> ${rev}, add ${rng.pick(NOUNS)} column`,
        'Traceback (most recent call last):',
        ...frames(
          rng,
          rng.int(5, 12),
          (f, file, l) =>
            `  File "/venv/lib/python3.12/site-packages/sqlalchemy/engine/${file}.py", line ${l}, in ${f}`,
        ),
        `sqlalchemy.exc.ProgrammingError: (psycopg2.errors.DuplicateColumn) column "${needle}" of relation "${rng.pick(NOUNS)}s" already exists`,
        '',
        `[SQL: ALTER TABLE ${rng.pick(NOUNS)}s ADD COLUMN ${needle} VARCHAR(32)]`,
        '(Background on this error at: https://sqlalche.me/e/20/f405)',
      ].join('\n'),
    };
  },
  flyway: (rng, w) => {
    const needle = `V${rng.int(10, 99)}__add_${w}_${rng.pick(NOUNS)}.sql`;
    return {
      eco: 'flyway',
      needle,
      exitCode: 1,
      command: 'flyway -configFiles=conf/flyway.conf migrate',
      output: [
        'Flyway Community Edition 10.10.0 by Redgate',
        'Database: jdbc:postgresql://localhost:5432/app (PostgreSQL 16.2)',
        `Successfully validated ${rng.int(20, 90)} migrations (execution time 00:00.091s)`,
        'Current version of schema "public": 41',
        `Migrating schema "public" to version "${needle.slice(1, 3)} - add ${w} ${needle.split('_').at(-1)?.replace('.sql', '')}"`,
        'ERROR: Migration of schema "public" to version "42" failed! Changes successfully rolled back.',
        'ERROR:',
        `Migration ${needle} failed`,
        '-------------------------------------',
        'SQL State  : 42P07',
        'Error Code : 0',
        'Message    : ERROR: relation "idx_accounts_created" already exists',
        `Location   : db/migration/${needle} (/flyway/sql/db/migration/${needle})`,
        'Line       : 3',
        'Statement  : CREATE INDEX idx_accounts_created ON accounts (created_at)',
      ].join('\n'),
    };
  },
  'gh-actions': (rng, w) => {
    const needle = `tests/e2e/${w}-${rng.pick(NOUNS)}.spec.ts`;
    const ts = () => `2025-03-1${rng.int(0, 9)}T10:${rng.int(10, 59)}:${rng.int(10, 59)}.${rng.int(1000000, 9999999)}Z`;
    return {
      eco: 'gh-actions',
      needle,
      exitCode: 1,
      command: `gh run view ${rng.int(1000000000, 9999999999)} --log-failed`,
      output: [
        ...Array.from(
          { length: rng.int(10, 40) },
          () =>
            `e2e (ubuntu-22.04, 20)\tRun tests\t${ts()}   ✓  ${rng.int(1, 90)} [chromium] › ${rng.pick(NOUNS)}.spec.ts:${rng.int(3, 90)}:${rng.int(3, 9)} › ${rng.pick(VERBS)}s ${rng.pick(NOUNS)} (${rng.int(100, 9000)}ms)`,
        ),
        `e2e (ubuntu-22.04, 20)\tRun tests\t${ts()}   ✘  ${rng.int(1, 90)} [chromium] › ${needle}:${rng.int(3, 90)}:5 › checkout completes (30.1s)`,
        `e2e (ubuntu-22.04, 20)\tRun tests\t${ts()}     Retry #1 ───────────────────────────────────────────────────────────`,
        `e2e (ubuntu-22.04, 20)\tRun tests\t${ts()}     Error: Timed out 30000ms waiting for expect(locator).toBeVisible()`,
        `e2e (ubuntu-22.04, 20)\tRun tests\t${ts()}   1 failed`,
        `e2e (ubuntu-22.04, 20)\tRun tests\t${ts()}   ${rng.int(40, 300)} passed (4.2m)`,
        `e2e (ubuntu-22.04, 20)\tRun tests\t${ts()} ##[error]Process completed with exit code 1.`,
        `e2e (ubuntu-22.04, 20)\tPost Run actions/checkout@v4\t${ts()} Post job cleanup.`,
      ].join('\n'),
    };
  },
  compose: (rng, w) => {
    const needle = `${w}-${rng.pick(['db', 'cache', 'broker'])}-1`;
    return {
      eco: 'compose',
      needle,
      exitCode: 1,
      command: 'docker compose up -d --wait',
      output: [
        ` Network app_default  ${ansiDim('Creating')}`,
        ' Network app_default  Created',
        ...Array.from({ length: rng.int(2, 6) }, () => ` Container app-${rng.pick(NOUNS)}-1  Started`),
        ` Container ${needle}  Waiting`,
        Array.from({ length: 4 }, (_, i) => ` Container ${needle}  Waiting ${(i + 1) * 15}.0s`).join('\r'),
        ` Container ${needle}  Error`,
        `dependency failed to start: container ${needle} is unhealthy`,
      ].join('\n'),
    };
  },
  asan: (rng, w) => {
    const needle = snake(w, rng.pick(NOUNS), 'flush');
    return {
      eco: 'segfault',
      needle,
      exitCode: 139,
      command: `./build/bin/indexer --shard ${rng.int(1, 9)}`,
      output: [
        `loaded ${rng.int(1000, 90000)} segments`,
        `=================================================================`,
        `==${rng.int(1000, 99999)}==ERROR: AddressSanitizer: heap-use-after-free on address 0x60200000${hex(rng, 4)} at pc 0x55d${hex(rng, 9)} bp 0x7ffc${hex(rng, 8)} sp 0x7ffc${hex(rng, 8)}`,
        'READ of size 8 at 0x602000000eb0 thread T0',
        `    #0 0x55d4c1a2b3c4 in ${needle} src/index.c:${rng.int(50, 400)}`,
        ...frames(
          rng,
          5,
          (f, file, l) => `    #${(l % 8) + 1} 0x55d4c1a${hex(rng, 5)} in ${snake(f)} src/${file}.c:${l}`,
        ),
        '',
        'SUMMARY: AddressSanitizer: heap-use-after-free src/index.c in ' + needle,
        'Shadow bytes around the buggy address:',
        ...Array.from(
          { length: 6 },
          () => `  0x0c047fff${hex(rng, 4)}: fa fa fd fd fa fa 00 00 fa fa fd fa fa fa fd fd`,
        ),
        'Segmentation fault (core dumped)',
      ].join('\n'),
    };
  },
  oom: (rng, w) => {
    const needle = `${w}-${rng.pick(['etl', 'indexer', 'reducer'])}`;
    return {
      eco: 'oom',
      needle,
      exitCode: 137,
      command: `kubectl describe pod ${needle}-${hex(rng, 5)} -n batch && dmesg | tail -5`,
      output: [
        `Name:             ${needle}-7d9f-${hex(rng, 5)}`,
        'Namespace:        batch',
        'Containers:',
        `  ${needle}:`,
        '    State:          Waiting',
        '      Reason:       CrashLoopBackOff',
        '    Last State:     Terminated',
        '      Reason:       OOMKilled',
        '      Exit Code:    137',
        `    Restart Count:  ${rng.int(3, 30)}`,
        '    Limits:',
        '      memory:  2Gi',
        'Events:',
        `  Warning  BackOff  ${rng.int(1, 50)}m (x${rng.int(20, 300)} over 2h)  kubelet  Back-off restarting failed container`,
        `[${rng.int(10000, 99999)}.${rng.int(100000, 999999)}] Memory cgroup out of memory: Killed process ${rng.int(1000, 30000)} (${needle}) total-vm:${rng.int(2000000, 9000000)}kB, anon-rss:2097152kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:8412kB oom_score_adj:980`,
      ].join('\n'),
    };
  },
  timeout: (rng, w) => {
    const needle = `Test${pascal(w, rng.pick(NOUNS))}Lease`;
    return {
      eco: 'timeout',
      needle,
      exitCode: 2,
      command: 'go test ./... -race -timeout 10m',
      output: [
        ...Array.from(
          { length: rng.int(3, 10) },
          () => `ok  \tgithub.com/acme/svc/${rng.pick(NOUNS)}\t${rng.int(1, 9)}.${rng.int(100, 999)}s`,
        ),
        `panic: test timed out after 10m0s`,
        `\trunning tests:`,
        `\t\t${needle} (10m0s)`,
        '',
        'goroutine 42 [running]:',
        'testing.(*M).startAlarm.func1()',
        '\t/usr/local/go/src/testing/testing.go:2366 +0x385',
        ...frames(
          rng,
          rng.int(6, 14),
          (f, file, l) =>
            `github.com/acme/svc/${file}.${cap(f)}(0xc000${hex(rng, 6)})\n\t/src/${file}/${file}.go:${l} +0x${hex(rng, 3)}`,
        ),
        `FAIL\tgithub.com/acme/svc/lease\t600.0${rng.int(10, 99)}s`,
        'FAIL',
      ].join('\n'),
    };
  },
};

/** The ecosystems each stack draws its failures from (plus the generic ones). */
const BY_STACK: Record<Stack, string[]> = {
  ts: ['eslint', 'tsc', 'gh-actions'],
  py: ['mypy', 'pyright', 'alembic'],
  dotnet: ['dotnet-cs', 'dotnet-xunit', 'msbuild'],
  java: ['surefire', 'gradle', 'flyway'],
  ruby: ['rspec', 'gh-actions'],
  cpp: ['gtest', 'bazel', 'asan'],
  swift: ['swiftpm'],
  dart: ['flutter'],
  ocaml: ['dune', 'nix'],
  r: ['testthat'],
  sol: ['forge'],
  go: ['timeout', 'bazel'],
};
const GENERIC = ['compose', 'oom', 'gh-actions', 'nix', 'asan'];

/** A failure from one of the project's stacks (or a generic one), naming `word`; sometimes inside a long log. */
export function failure(rng: Rng, stacks: readonly Stack[], word: string): Failure {
  // Mostly the project's own toolchains; otherwise CI, infrastructure, or another part of a polyglot repo.
  const r0 = rng.next();
  const pool =
    r0 < 0.55
      ? stacks.flatMap((s) => BY_STACK[s])
      : r0 < 0.75
        ? [...GENERIC, ...stacks.flatMap((s) => BY_STACK[s])]
        : Object.keys(WRITERS);
  const f = (WRITERS[rng.pick(pool)] as Writer)(rng, word);
  const r = rng.next();
  if (r < 0.3) {
    // A long run: the failure sits in the middle of tens of KB of progress and logging.
    const before = bigLog(rng, stacks[0] as Stack, rng.int(8, 35));
    const after = bigLog(rng, stacks[0] as Stack, rng.int(2, 20));
    f.output = `${before}\n${f.output}\n${after}\n${ansiRed('error')}: command exited with code ${f.exitCode}`;
  } else if (r < 0.5) {
    f.output = `${f.output}\nRetrying (1/2) in ${rng.int(1, 5)}s...\n${'='.repeat(20)}\r${'='.repeat(40)}\n${ansiDim(clock(rng))} retry finished with the same result`;
  }
  return f;
}

/** Every ecosystem name (for tests). */
export const ECOSYSTEMS = Object.keys(WRITERS);

/** A specific ecosystem's failure (tests; suites draw with `failure`). */
export function failureOf(rng: Rng, eco: string, word: string): Failure {
  const w = WRITERS[eco];
  if (!w) throw new Error(`wild: no failure writer ${eco}`);
  return w(rng, word);
}
