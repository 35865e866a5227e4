/**
 * Failures of code repositories for the field family's error facts (field-errors.ts): test
 * runners and compilers of ten ecosystems, each naming a failing test, an error code or the
 * missing identifier.
 */
import { abs, type Act, type Eco, type World } from './field-core';
import { NOUNS, VERBS, cap, pascal, snake } from './field-names';
import type { Rng } from './rng';

export interface Failure {
  act: Act;
  /** Needle candidates, best first (each occurs in the act's output). */
  needles: string[];
  label: string;
  /** What the agent says as it runs the failing action (when the generic lines would not fit). */
  lead?: string;
}

const sh = (cmd: string, out: string, code = 1): Act => ({ t: 'sh', cmd, out, code });

export function codeFailure(rng: Rng, w: World, cw: string): Failure {
  const Cw = cap(cw);
  const n = rng.pick(NOUNS);
  const v = rng.pick(VERBS);
  const pass = rng.int(40, 900);
  const e: Record<Eco, () => Failure> = {
    ts: () =>
      rng.chance(0.5)
        ? {
            act: sh(
              'npx vitest run',
              [
                ` FAIL  test/${n}/${cw}-${n}.test.ts > ${n} > keeps ${cw} rounding in cents`,
                `AssertionError: expected ${rng.int(100, 9999)} to be ${rng.int(100, 9999)} // Object.is equality`,
                '',
                `- Expected`,
                `+ Received`,
                '',
                ` ❯ test/${n}/${cw}-${n}.test.ts:${rng.int(10, 200)}:${rng.int(5, 30)}`,
                '',
                `⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯`,
                '',
                ` Test Files  1 failed | ${rng.int(5, 60)} passed`,
                `      Tests  1 failed | ${pass} passed (${pass + 1})`,
              ].join('\n'),
            ),
            needles: [`keeps ${cw} rounding in cents`],
            label: 'vitest',
          }
        : {
            act: sh(
              'npx tsc --noEmit -p .',
              `src/${n}/${v}-${n}.ts(${rng.int(10, 300)},${rng.int(3, 40)}): error TS2339: Property '${cw}Cents' does not exist on type '${cap(n)}'.\n\nFound 1 error in src/${n}/${v}-${n}.ts:${rng.int(10, 300)}`,
              2,
            ),
            needles: ['TS2339', `${cw}Cents`],
            label: 'tsc',
          },
    python: () =>
      rng.chance(0.5)
        ? {
            act: sh(
              'pytest -q',
              [
                `${'.'.repeat(rng.int(20, 70))}F${'.'.repeat(rng.int(5, 40))}`,
                '=================================== FAILURES ===================================',
                `___________________________ test_${cw}_late_events ____________________________`,
                '',
                `    def test_${cw}_late_events(${n}_factory):`,
                `>       assert rollup(${n}_factory(late=True)).count == 42`,
                'E       assert 41 == 42',
                `E        +  where 41 = Rollup(count=41).count`,
                '',
                `tests/test_${n}.py:${rng.int(10, 300)}: AssertionError`,
                '=========================== short test summary info ============================',
                `FAILED tests/test_${n}.py::test_${cw}_late_events - assert 41 == 42`,
                `1 failed, ${pass} passed in ${rng.int(2, 90)}.${rng.int(10, 99)}s`,
              ].join('\n'),
            ),
            needles: [`test_${cw}_late_events`],
            label: 'pytest',
          }
        : {
            act: sh(
              `python -m ${snake(w.name)}.jobs.${n}_sync --once`,
              [
                'Traceback (most recent call last):',
                `  File "${abs(w, `${snake(w.name)}/jobs/${n}_sync.py`)}", line ${rng.int(20, 200)}, in run`,
                `    session.flush()`,
                '  File "/usr/lib/python3.11/site-packages/sqlalchemy/orm/session.py", line 4312, in flush',
                '    self._flush(objects)',
                `sqlalchemy.exc.IntegrityError: (psycopg.errors.UniqueViolation) duplicate key value violates unique constraint "${cw}_${n}_pkey"`,
                `DETAIL:  Key (id)=(${rng.int(1000, 99999)}) already exists.`,
              ].join('\n'),
            ),
            needles: [`${cw}_${n}_pkey`],
            label: 'python-traceback',
          },
    go: () =>
      rng.chance(0.5)
        ? {
            act: sh(
              'go test ./internal/...',
              [
                `--- FAIL: Test${Cw}Backoff (0.00s)`,
                `    --- FAIL: Test${Cw}Backoff/caps_at_30s (0.00s)`,
                `        ${v}_test.go:${rng.int(20, 200)}: got 32s, want 30s`,
                'FAIL',
                `FAIL\tgithub.com/acme/${w.name}/internal/${n}\t0.${rng.int(100, 999)}s`,
                `ok  \tgithub.com/acme/${w.name}/internal/${rng.pick(NOUNS)}\t0.${rng.int(100, 999)}s`,
                'FAIL',
              ].join('\n'),
            ),
            needles: [`Test${Cw}Backoff/caps_at_30s`],
            label: 'go-test',
          }
        : {
            act: sh(
              'go build ./...',
              `# github.com/acme/${w.name}/internal/${n}\ninternal/${n}/${v}.go:${rng.int(10, 300)}:${rng.int(2, 30)}: undefined: ${cw}Window`,
            ),
            needles: [`${cw}Window`],
            label: 'go-build',
          },
    rust: () =>
      rng.chance(0.5)
        ? {
            act: sh(
              'cargo build',
              [
                `error[E0382]: borrow of moved value: \`${cw}_buf\``,
                `  --> src/${n}.rs:${rng.int(10, 300)}:${rng.int(5, 30)}`,
                '   |',
                `${rng.int(10, 99)} |     let ${cw}_buf = frame.into_bytes();`,
                `   |         ------- move occurs because \`${cw}_buf\` has type \`Vec<u8>\`, which does not implement the \`Copy\` trait`,
                '',
                `For more information about this error, try \`rustc --explain E0382\`.`,
                `error: could not compile \`${w.name}\` (lib) due to 1 previous error`,
              ].join('\n'),
              101,
            ),
            needles: ['E0382', `${cw}_buf`],
            label: 'cargo-build',
          }
        : {
            act: sh(
              'cargo test',
              [
                `running ${pass} tests`,
                `test ${n}::tests::${v}_${n} ... ok`,
                `test ${cw}::tests::rejects_empty_frame ... FAILED`,
                '',
                'failures:',
                '',
                `---- ${cw}::tests::rejects_empty_frame stdout ----`,
                `thread '${cw}::tests::rejects_empty_frame' panicked at src/${cw}.rs:${rng.int(10, 300)}:9:`,
                'assertion failed: result.is_err()',
                '',
                `test result: FAILED. ${pass - 1} passed; 1 failed; 0 ignored; 0 measured; 0 filtered out`,
              ].join('\n'),
              101,
            ),
            needles: [`${cw}::tests::rejects_empty_frame`],
            label: 'cargo-test',
          },
    java: () =>
      rng.chance(0.5)
        ? {
            act: sh(
              'mvn -q test',
              [
                `[ERROR] Tests run: ${rng.int(5, 30)}, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 1.${rng.int(100, 999)} s <<< FAILURE! -- in com.acme.${snake(w.name)}.${n}.${Cw}ServiceTest`,
                `[ERROR] com.acme.${snake(w.name)}.${n}.${Cw}ServiceTest.shouldRejectExpiredHold -- Time elapsed: 0.0${rng.int(10, 99)} s <<< FAILURE!`,
                'org.opentest4j.AssertionFailedError: expected: <409> but was: <200>',
                `\tat com.acme.${snake(w.name)}.${n}.${Cw}ServiceTest.shouldRejectExpiredHold(${Cw}ServiceTest.java:${rng.int(20, 300)})`,
                '[ERROR] Failures: ',
                `[ERROR]   ${Cw}ServiceTest.shouldRejectExpiredHold:${rng.int(20, 300)} expected: <409> but was: <200>`,
                `[ERROR] Tests run: ${pass}, Failures: 1, Errors: 0, Skipped: 0`,
                '[INFO] BUILD FAILURE',
              ].join('\n'),
            ),
            needles: [`${Cw}ServiceTest.shouldRejectExpiredHold`],
            label: 'maven-surefire',
          }
        : {
            act: sh(
              'mvn -q -DskipTests package',
              `[ERROR] Failed to execute goal on project ${w.name}: Could not resolve dependencies for project com.acme:${w.name}:jar:1.${rng.int(0, 9)}.0: Could not find artifact com.acme:${cw}-client:jar:2.${rng.int(0, 9)}.${rng.int(0, 9)} in nexus (https://nexus.internal/repository/maven-public/) -> [Help 1]`,
            ),
            needles: [`com.acme:${cw}-client`],
            label: 'maven-deps',
          },
    dotnet: () =>
      rng.chance(0.5)
        ? {
            act: sh(
              'dotnet build --no-restore',
              `${abs(w, `src/${pascal(w.name)}.Core/Services/${cap(n)}Service.cs`)}(${rng.int(10, 300)},${rng.int(5, 40)}): error CS0246: The type or namespace name '${Cw}Options' could not be found (are you missing a using directive or an assembly reference?) [${abs(w, `src/${pascal(w.name)}.Core/${pascal(w.name)}.Core.csproj`)}]\n\nBuild FAILED.\n\n    0 Warning(s)\n    1 Error(s)`,
            ),
            needles: ['CS0246', `${Cw}Options`],
            label: 'dotnet-build',
          }
        : {
            act: sh(
              'dotnet test',
              [
                `  Failed ${pascal(w.name)}.Tests.${Cw}HandlerTests.Handle_ReturnsConflict_WhenVersionIsStale [${rng.int(5, 400)} ms]`,
                '  Error Message:',
                '   Assert.Equal() Failure: Values differ',
                'Expected: Conflict',
                'Actual:   OK',
                '  Stack Trace:',
                `     at ${pascal(w.name)}.Tests.${Cw}HandlerTests.Handle_ReturnsConflict_WhenVersionIsStale() in ${abs(w, `tests/${pascal(w.name)}.Tests/${Cw}HandlerTests.cs`)}:line ${rng.int(20, 200)}`,
                '',
                `Failed!  - Failed:     1, Passed:   ${pass}, Skipped:     0, Total:   ${pass + 1}, Duration: ${rng.int(2, 60)} s - ${pascal(w.name)}.Tests.dll (net8.0)`,
              ].join('\n'),
            ),
            needles: [`${Cw}HandlerTests.Handle_ReturnsConflict_WhenVersionIsStale`],
            label: 'dotnet-test',
          },
    ruby: () => ({
      act: sh(
        'bundle exec rspec',
        [
          `Randomized with seed ${rng.int(1000, 65000)}`,
          `${'.'.repeat(rng.int(30, 80))}F`,
          '',
          'Failures:',
          '',
          `  1) ${cap(n)}Importer#call skips rows without a sku`,
          `     Failure/Error: total = row.${cw}_total + row.shipping`,
          '',
          '     NoMethodError:',
          `       undefined method \`${cw}_total' for nil`,
          `     # ./app/services/${n}_importer.rb:${rng.int(10, 200)}:in \`block in call'`,
          '',
          `${pass} examples, 1 failure`,
          '',
          'Failed examples:',
          '',
          `rspec ./spec/services/${n}_importer_spec.rb:${rng.int(10, 200)} # ${cap(n)}Importer#call skips rows without a sku`,
        ].join('\n'),
      ),
      needles: [`${cw}_total`],
      label: 'rspec',
    }),
    php: () => ({
      act: sh(
        'vendor/bin/phpunit',
        [
          'PHPUnit 10.5.20 by Sebastian Bergmann and contributors.',
          '',
          `${'.'.repeat(rng.int(30, 60))}F`,
          '',
          'There was 1 failure:',
          '',
          `1) Tests\\Feature\\${Cw}WebhookTest::test_rejects_bad_signature`,
          'Failed asserting that 200 is identical to 401.',
          '',
          `${abs(w, `tests/Feature/${Cw}WebhookTest.php`)}:${rng.int(20, 200)}`,
          '',
          'FAILURES!',
          `Tests: ${pass}, Assertions: ${pass * 3}, Failures: 1.`,
        ].join('\n'),
      ),
      needles: [`${Cw}WebhookTest::test_rejects_bad_signature`],
      label: 'phpunit',
    }),
    swift: () =>
      rng.chance(0.5)
        ? {
            act: sh(
              'swift build',
              `${abs(w, `Sources/${pascal(w.name)}/${cap(n)}Store.swift`)}:${rng.int(10, 300)}:${rng.int(5, 40)}: error: value of type '${cap(n)}' has no member '${cw}Discount'\n        let d = cart.${cw}Discount ?? 0\n                ~~~~ ^~~~~~~~~~\nerror: fatalError`,
            ),
            needles: [`${cw}Discount`],
            label: 'swift-build',
          }
        : {
            act: sh(
              'swift test',
              [
                `Test Case '-[${pascal(w.name)}Tests.${cap(n)}Tests testRestores${Cw}Session]' started.`,
                `${abs(w, `Tests/${pascal(w.name)}Tests/${cap(n)}Tests.swift`)}:${rng.int(10, 200)}: error: -[${pascal(w.name)}Tests.${cap(n)}Tests testRestores${Cw}Session] : XCTAssertEqual failed: ("nil") is not equal to ("Optional(\\"token\\")")`,
                `Test Case '-[${pascal(w.name)}Tests.${cap(n)}Tests testRestores${Cw}Session]' failed (0.0${rng.int(10, 99)} seconds).`,
                `Executed ${pass} tests, with 1 failure (0 unexpected) in 1.${rng.int(100, 999)} (1.${rng.int(100, 999)}) seconds`,
              ].join('\n'),
            ),
            needles: [`testRestores${Cw}Session`],
            label: 'xctest',
          },
    elixir: () =>
      rng.chance(0.5)
        ? {
            act: sh(
              'mix test',
              [
                `Running ExUnit with seed: ${rng.int(1000, 999999)}, max_cases: 16`,
                '',
                '.'.repeat(rng.int(20, 80)),
                '',
                `  1) test ${cw} webhook retries on 503 (Acme.WebhookTest)`,
                `     test/${snake(w.name)}/webhook_test.exs:${rng.int(10, 200)}`,
                '     Assertion with == failed',
                '     code:  assert_received {:retry, 2}',
                '     left:  nil',
                '',
                `Finished in ${rng.int(1, 9)}.${rng.int(1, 9)} seconds`,
                `${pass} tests, 1 failure`,
              ].join('\n'),
            ),
            needles: [`test ${cw} webhook retries on 503`],
            label: 'exunit',
          }
        : {
            act: sh(
              `mix run priv/repo/seeds.exs`,
              `** (KeyError) key :${cw}_ref not found in: %{id: ${rng.int(1, 999)}, status: :pending}\n    (${snake(w.name)} 0.1.0) lib/${snake(w.name)}/${n}.ex:${rng.int(10, 200)}: Acme.${cap(n)}.${v}/1\n    (elixir 1.16.2) lib/enum.ex:1700: Enum."-map/2-lists^map/1-1-"/2`,
            ),
            needles: [`:${cw}_ref`],
            label: 'elixir-keyerror',
          },
  };
  return e[w.eco]();
}
