/**
 * Failing compiler, type-checker, linter and test-runner output for the wild family
 * (wild-failures.ts), one writer per ecosystem: .NET, Maven/Gradle, gtest/ctest, RSpec,
 * mypy/pyright, eslint/tsc. Each names the failure with an identifier minted from a lexicon
 * word (the error fact's needle) and buries it among warnings, summaries and stack frames.
 */
import type { Rng } from './rng';
import { ADJS, NOUNS, VERBS, camel, pascal, snake } from './wild-words';

/** A failing command: what ran, what it printed, and the identifier that names the failure. */
export interface Failure {
  command: string;
  output: string;
  exitCode: number;
  needle: string;
  /** Ecosystem, for the fact's style. */
  eco: string;
}

export const ansiRed = (s: string) => `\u001b[31m${s}\u001b[39m`;
export const ansiDim = (s: string) => `\u001b[2m${s}\u001b[22m`;

export function frames(rng: Rng, n: number, fmt: (fnName: string, file: string, line: number) => string): string[] {
  return Array.from({ length: n }, () =>
    fmt(camel(rng.pick(VERBS), rng.pick(NOUNS)), `${rng.pick(NOUNS)}_${rng.pick(NOUNS)}`, rng.int(10, 600)),
  );
}

export function warnings(rng: Rng, n: number, fmt: (i: number) => string): string[] {
  return Array.from({ length: n }, (_, i) => fmt(i));
}

export type Writer = (rng: Rng, w: string) => Failure;

/** Build and test failures, by ecosystem. */
export const BUILD_WRITERS: Record<string, Writer> = {
  'dotnet-cs': (rng, w) => {
    const needle = camel(w, rng.pick(NOUNS));
    const proj = `Acme.${pascal(rng.pick(NOUNS))}`;
    const file = `src/${proj}/${pascal(rng.pick(NOUNS), rng.pick(NOUNS))}.cs`;
    const warn = warnings(
      rng,
      rng.int(3, 12),
      () =>
        `/src/${proj}/${pascal(rng.pick(NOUNS))}.cs(${rng.int(5, 300)},${rng.int(5, 40)}): warning CS8618: Non-nullable property '${pascal(rng.pick(NOUNS))}' must contain a non-null value when exiting constructor. [/src/${proj}/${proj}.csproj]`,
    );
    const err = `/${file}(${rng.int(10, 200)},${rng.int(5, 40)}): error CS0103: The name '${needle}' does not exist in the current context [/src/${proj}/${proj}.csproj]`;
    return {
      eco: 'dotnet-cs',
      needle,
      exitCode: 1,
      command: 'dotnet build -c Release',
      output: [
        'MSBuild version 17.9.8+b34f75857 for .NET',
        '  Determining projects to restore...',
        '  All projects are up-to-date for restore.',
        ...warn,
        err,
        '',
        'Build FAILED.',
        '',
        ...warn.slice(0, 3),
        err,
        `    ${warn.length} Warning(s)`,
        '    1 Error(s)',
        '',
        `Time Elapsed 00:00:${rng.int(10, 59)}.${rng.int(10, 99)}`,
      ].join('\n'),
    };
  },
  'dotnet-xunit': (rng, w) => {
    const needle = `${pascal(w, rng.pick(NOUNS))}Tests.${pascal(rng.pick(VERBS))}s${pascal(rng.pick(ADJS), rng.pick(NOUNS))}`;
    const passed = rng.int(80, 600);
    return {
      eco: 'dotnet-xunit',
      needle,
      exitCode: 1,
      command: 'dotnet test --no-build',
      output: [
        'Test run for /src/tests/Acme.Tests/bin/Release/net8.0/Acme.Tests.dll (.NETCoreApp,Version=v8.0)',
        'Starting test execution, please wait...',
        'A total of 1 test files matched the specified pattern.',
        `[xUnit.net 00:00:0${rng.int(1, 9)}.${rng.int(10, 99)}]     Acme.Tests.${needle} [FAIL]`,
        `  Failed Acme.Tests.${needle} [${rng.int(2, 90)} ms]`,
        '  Error Message:',
        `   Assert.Equal() Failure: Values differ`,
        `Expected: ${rng.int(1, 500)}`,
        `Actual:   ${rng.int(1, 500)}`,
        '  Stack Trace:',
        ...frames(
          rng,
          rng.int(3, 8),
          (f, file, l) => `     at Acme.${pascal(file)}.${pascal(f)}() in /src/Acme/${pascal(file)}.cs:line ${l}`,
        ),
        '   --- End of stack trace from previous location ---',
        '',
        `Failed!  - Failed:     1, Passed:   ${passed}, Skipped:     ${rng.int(0, 4)}, Total:   ${passed + 1}, Duration: ${rng.int(2, 40)} s - Acme.Tests.dll (net8.0)`,
      ].join('\n'),
    };
  },
  msbuild: (rng, w) => {
    const needle = `build:${w}-${rng.pick(NOUNS)}`;
    return {
      eco: 'msbuild',
      needle,
      exitCode: 1,
      command: 'dotnet publish -c Release',
      output: [
        '  Acme.Web -> /src/Acme.Web/bin/Release/net8.0/Acme.Web.dll',
        `  > acme-web@1.0.0 ${needle}`,
        '  > vite build',
        '  error during build:',
        `  [vite]: Rollup failed to resolve import "@acme/${rng.pick(NOUNS)}"`,
        `/usr/share/dotnet/sdk/8.0.204/Microsoft.Common.CurrentVersion.targets(5${rng.int(100, 999)},5): error MSB3073: The command "npm run ${needle}" exited with code 1. [/src/Acme.Web/Acme.Web.csproj]`,
        '',
        'Build FAILED.',
        '    0 Warning(s)',
        '    1 Error(s)',
      ].join('\n'),
    };
  },
  surefire: (rng, w) => {
    const cls = `${pascal(w, rng.pick(NOUNS))}Test`;
    const method = camel(rng.pick(['rejects', 'accepts', 'retries', 'skips']), rng.pick(ADJS), rng.pick(NOUNS));
    const needle = `${cls}.${method}`;
    const l = rng.int(20, 300);
    return {
      eco: 'surefire',
      needle,
      exitCode: 1,
      command: './mvnw -B test',
      output: [
        '[INFO] -------------------------------------------------------',
        '[INFO]  T E S T S',
        '[INFO] -------------------------------------------------------',
        ...Array.from(
          { length: rng.int(4, 14) },
          () =>
            `[INFO] Tests run: ${rng.int(1, 30)}, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: ${rng.int(0, 9)}.${rng.int(100, 999)} s -- in com.acme.${rng.pick(NOUNS)}.${pascal(rng.pick(NOUNS))}Test`,
        ),
        `[ERROR] Tests run: 9, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.412 s <<< FAILURE! -- in com.acme.billing.${cls}`,
        `[ERROR] com.acme.billing.${needle} -- Time elapsed: 0.021 s <<< FAILURE!`,
        'org.opentest4j.AssertionFailedError: expected: <200> but was: <409>',
        ...frames(rng, 6, (f, file, ln) => `\tat com.acme.${file}.${pascal(file)}.${f}(${pascal(file)}.java:${ln})`),
        '',
        '[INFO] Results:',
        '[INFO] ',
        '[ERROR] Failures: ',
        `[ERROR]   ${needle}:${l} expected: <200> but was: <409>`,
        '[INFO] ',
        `[ERROR] Tests run: ${rng.int(100, 900)}, Failures: 1, Errors: 0, Skipped: 2`,
        '[INFO] BUILD FAILURE',
        `[INFO] Total time:  ${rng.int(20, 99)}.${rng.int(100, 999)} s`,
        '[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test (default-test) on project billing: There are test failures.',
        '[ERROR] -> [Help 1]',
      ].join('\n'),
    };
  },
  gradle: (rng, w) => {
    const needle = camel(w, rng.pick(NOUNS));
    return {
      eco: 'gradle',
      needle,
      exitCode: 1,
      command: './gradlew :app:build --console=plain',
      output: [
        '> Task :app:processResources UP-TO-DATE',
        '> Task :app:kaptGenerateStubsKotlin',
        `e: file:///home/dev/repo/app/src/main/kotlin/com/acme/${pascal(rng.pick(NOUNS))}Sync.kt:${rng.int(10, 200)}:${rng.int(5, 30)} Unresolved reference: ${needle}`,
        '> Task :app:compileKotlin FAILED',
        '',
        'FAILURE: Build failed with an exception.',
        '',
        '* What went wrong:',
        "Execution failed for task ':app:compileKotlin'.",
        '> A failure occurred while executing org.jetbrains.kotlin.compilerRunner.GradleCompilerRunnerWithWorkers$GradleKotlinCompilerWorkAction',
        '   > Compilation error. See log for more details',
        '',
        '* Try:',
        '> Run with --stacktrace option to get the stack trace.',
        '> Run with --info or --debug option to get more log output.',
        '> Get more help at https://help.gradle.org.',
        '',
        `BUILD FAILED in ${rng.int(5, 90)}s`,
        `${rng.int(8, 40)} actionable tasks: ${rng.int(2, 8)} executed, ${rng.int(5, 30)} up-to-date`,
      ].join('\n'),
    };
  },
  gtest: (rng, w) => {
    const needle = `${pascal(w, rng.pick(NOUNS))}Test.${pascal(rng.pick(VERBS), rng.pick(ADJS))}`;
    const pass = Array.from({ length: rng.int(5, 30) }, () => {
      const n = `${pascal(rng.pick(NOUNS))}Test.${pascal(rng.pick(VERBS), rng.pick(NOUNS))}`;
      return `[ RUN      ] ${n}\n[       OK ] ${n} (${rng.int(0, 40)} ms)`;
    });
    return {
      eco: 'gtest',
      needle,
      exitCode: 8,
      command: 'ctest --test-dir build --output-on-failure',
      output: [
        'Test project /home/dev/repo/build',
        `      Start ${rng.int(1, 40)}: unit_tests`,
        '[==========] Running 48 tests from 9 test suites.',
        ...pass,
        `[ RUN      ] ${needle}`,
        `/home/dev/repo/src/${rng.pick(NOUNS)}_test.cc:${rng.int(20, 300)}: Failure`,
        'Expected equality of these values:',
        `  cache.size()`,
        `    Which is: ${rng.int(4, 9)}`,
        '  3',
        `[  FAILED  ] ${needle} (${rng.int(1, 30)} ms)`,
        ...pass.slice(0, 4),
        '[==========] 48 tests from 9 test suites ran. (412 ms total)',
        '[  PASSED  ] 47 tests.',
        '[  FAILED  ] 1 test, listed below:',
        `[  FAILED  ] ${needle}`,
        '',
        ' 1 FAILED TEST',
        '',
        '88% tests passed, 1 tests failed out of 8',
        '',
        'The following tests FAILED:',
        `\t  ${rng.int(1, 40)} - unit_tests (Failed)`,
        'Errors while running CTest',
      ].join('\n'),
    };
  },
  rspec: (rng, w) => {
    const needle = `spec/models/${w}_${rng.pick(NOUNS)}_spec.rb:${rng.int(10, 200)}`;
    return {
      eco: 'rspec',
      needle,
      exitCode: 1,
      command: 'bundle exec rspec',
      output: [
        `${'.'.repeat(rng.int(40, 200))}F${'.'.repeat(rng.int(10, 90))}*`,
        '',
        "Pending: (Failures listed here are expected and do not affect your suite's status)",
        `  1) ${pascal(rng.pick(NOUNS))} ${rng.pick(VERBS)}s later`,
        '     # Not yet implemented',
        '',
        'Failures:',
        '',
        `  1) ${pascal(rng.pick(NOUNS))}#total rounds half up`,
        '     Failure/Error: expect(invoice.total).to eq(BigDecimal("10.05"))',
        '',
        '       expected: 0.1005e2',
        '            got: 0.1004e2',
        '',
        '       (compared using ==)',
        `     # ./${needle.replace(/:\d+$/, '')}:${rng.int(10, 200)}:in \`block (3 levels) in <top (required)>\``,
        '',
        `Finished in ${rng.int(2, 60)}.${rng.int(10, 99)} seconds (files took 2.1 seconds to load)`,
        `${rng.int(200, 900)} examples, 1 failure, 1 pending`,
        '',
        'Failed examples:',
        '',
        `rspec ./${needle} # ${pascal(rng.pick(NOUNS))}#total rounds half up`,
      ].join('\n'),
    };
  },
  mypy: (rng, w) => {
    const needle = snake(rng.pick(VERBS), w, rng.pick(NOUNS));
    const file = `src/app/${rng.pick(NOUNS)}.py`;
    return {
      eco: 'mypy',
      needle,
      exitCode: 1,
      command: 'mypy src --strict',
      output: [
        ...warnings(
          rng,
          rng.int(0, 6),
          () =>
            `src/app/${rng.pick(NOUNS)}.py:${rng.int(5, 400)}: note: By default the bodies of untyped functions are not checked, consider using --check-untyped-defs  [annotation-unchecked]`,
        ),
        `${file}:${rng.int(5, 400)}: error: Argument 1 to "${needle}" has incompatible type "list[str]"; expected "Sequence[int]"  [arg-type]`,
        `${file}:${rng.int(5, 400)}: note: "${needle}" defined here`,
        `Found 1 error in 1 file (checked ${rng.int(40, 400)} source files)`,
      ].join('\n'),
    };
  },
  pyright: (rng, w) => {
    const needle = snake(w, rng.pick(NOUNS));
    return {
      eco: 'pyright',
      needle,
      exitCode: 1,
      command: 'npx pyright',
      output: [
        'No configuration file found.',
        'Assuming Python platform Linux',
        'Searching for source files',
        `Found ${rng.int(40, 300)} source files`,
        `pyright 1.1.38${rng.int(0, 9)}`,
        `/repo/src/app/${rng.pick(NOUNS)}.py`,
        `  /repo/src/app/${rng.pick(NOUNS)}.py:${rng.int(5, 300)}:${rng.int(1, 30)} - error: "${needle}" is not a known attribute of module "app.deps" (reportAttributeAccessIssue)`,
        ...warnings(
          rng,
          rng.int(1, 5),
          () =>
            `  /repo/src/app/${rng.pick(NOUNS)}.py:${rng.int(5, 300)}:${rng.int(1, 30)} - warning: Import "${rng.pick(NOUNS)}" could not be resolved from source (reportMissingModuleSource)`,
        ),
        `1 error, ${rng.int(1, 5)} warnings, 0 informations `,
      ].join('\n'),
    };
  },
  eslint: (rng, w) => {
    const needle = camel(w, rng.pick(NOUNS));
    const files = Array.from({ length: rng.int(2, 6) }, () => [
      `/work/src/${rng.pick(NOUNS)}/${rng.pick(NOUNS)}.ts`,
      `  ${rng.int(1, 300)}:${rng.int(1, 40)}  warning  Unexpected any. Specify a different type  @typescript-eslint/no-explicit-any`,
      '',
    ]).flat();
    return {
      eco: 'eslint',
      needle,
      exitCode: 1,
      command: 'npx eslint . --max-warnings 0',
      output: [
        '',
        ...files.slice(0, 3),
        `/work/src/${rng.pick(NOUNS)}/${rng.pick(NOUNS)}.ts`,
        `  ${rng.int(1, 300)}:${rng.int(1, 40)}  ${ansiRed('error')}  '${needle}' is assigned a value but never used  @typescript-eslint/no-unused-vars`,
        '',
        ...files.slice(3),
        `${ansiRed('✖')} ${files.length / 3 + 1} problems (1 error, ${files.length / 3} warnings)`,
        '  0 errors and 1 warning potentially fixable with the `--fix` option.',
        '',
      ].join('\n'),
    };
  },
  tsc: (rng, w) => {
    const needle = camel(w, rng.pick(NOUNS));
    return {
      eco: 'tsc',
      needle,
      exitCode: 2,
      command: 'npx tsc --noEmit -p .',
      output: [
        `src/${rng.pick(NOUNS)}/${rng.pick(NOUNS)}.ts(${rng.int(5, 300)},${rng.int(3, 40)}): error TS2339: Property '${needle}' does not exist on type '${pascal(rng.pick(NOUNS))}Config'.`,
        `src/${rng.pick(NOUNS)}/${rng.pick(NOUNS)}.ts(${rng.int(5, 300)},${rng.int(3, 40)}): error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.`,
        "  Type 'undefined' is not assignable to type 'string'.",
        '',
        `Found 2 errors in 2 files.`,
        '',
        'Errors  Files',
        `     1  src/${rng.pick(NOUNS)}/${rng.pick(NOUNS)}.ts:${rng.int(5, 300)}`,
        `     1  src/${rng.pick(NOUNS)}/${rng.pick(NOUNS)}.ts:${rng.int(5, 300)}`,
      ].join('\n'),
    };
  },
};
