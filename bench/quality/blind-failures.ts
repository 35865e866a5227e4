/**
 * Build, test, lint, migration and deploy output of the blind family (blind.ts), passing and
 * failing, in eighteen ecosystems: PHPUnit, ExUnit, XCTest, swift build, Gradle/Kotlin,
 * dotnet/MSBuild, Terraform, Docker BuildKit, minitest, bun test, deno test, CMake/ninja/clang++,
 * GHC/cabal, sbt/scalac, pnpm, ruff, ESLint, Postgres migrations (Rails and psql) and kubectl.
 *
 * A failure's needle is the identifier that names it (test name, missing symbol, resource
 * address, package, index name, deployment), where the tool prints it: never on the last line,
 * often amid hundreds of passing lines, sometimes wrapped in ANSI colour codes or after
 * progress-bar lines.
 */
import type { Rng } from './rng';
import { camel, FILLER, kebab, Mint, Names, pascal, snake } from './blind-words';

const ESC = '\u001b[';
const red = (s: string) => `${ESC}31m${s}${ESC}0m`;
const green = (s: string) => `${ESC}32m${s}${ESC}0m`;
const dim = (s: string) => `${ESC}2m${s}${ESC}0m`;
const bold = (s: string) => `${ESC}1m${s}${ESC}0m`;

/** What a failing run printed, and the identifier naming the failure. */
export interface Failure {
  ecosystem: string;
  command: string;
  output: string;
  exitCode: number;
  needle: string;
  /** How an agent would name it afterwards (holds the needle). */
  mention: string;
}

/** Shared by the generators of one transcript. */
export interface Ctx {
  rng: Rng;
  mint: Mint;
  names: Names;
}

export interface Ecosystem {
  name: string;
  /** The command that runs it. */
  command(c: Ctx): string;
  /** Output of a passing run (no needle). */
  pass(c: Ctx): string;
  /** Output of a failing run, with its needle claimed. */
  fail(c: Ctx): Failure;
}

const lines = <T = string>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const ms = (r: Rng) => `${r.int(1, 900)}`;
const secs = (r: Rng) => `${r.int(0, 59)}.${r.int(10, 99)}`;
/** Filler test-name words. */
const testWords = (c: Ctx) => [
  c.names.verb(),
  c.names.noun(),
  c.rng.pick(['when', 'with', 'for', 'without']),
  c.names.noun(),
];
/** How many passing lines surround a failure: mostly a screenful, sometimes hundreds. */
const around = (r: Rng) => (r.chance(0.35) ? r.int(150, 450) : r.int(4, 40));

/** A needle identifier: a needle word amid filler words, in a given case. */
function ident(c: Ctx, shape: (w: string[]) => string, before = 1, after = 1): string {
  const words = [
    ...lines(before, () => c.rng.pick(FILLER.verbs)),
    c.mint.word(),
    ...lines(after, () => c.rng.pick(FILLER.nouns)),
  ];
  return c.mint.claim(shape(words));
}

const phpunit: Ecosystem = {
  name: 'phpunit',
  command: () => 'vendor/bin/phpunit --colors=never',
  pass(c) {
    const total = c.rng.int(120, 900);
    const dots = lines(
      Math.ceil(total / 63),
      (i) => `${'.'.repeat(63)} ${String(Math.min(total, (i + 1) * 63)).padStart(3)} / ${total}`,
    );
    return `PHPUnit 10.5.${c.rng.int(2, 30)} by Sebastian Bergmann and contributors.\n\nRuntime:       PHP 8.3.${c.rng.int(1, 9)}\nConfiguration: /app/phpunit.xml\n\n${dots.join('\n')}\n\nTime: 00:0${c.rng.int(1, 9)}.${ms(c.rng)}, Memory: ${c.rng.int(20, 90)}.00 MB\n\nOK (${total} tests, ${total * 3} assertions)`;
  },
  fail(c) {
    const test = ident(c, (w) => camel(['test', ...w]));
    const cls = pascal([c.names.noun(), 'test']);
    const total = c.rng.int(120, 900);
    const dots = lines(
      Math.ceil(total / 63),
      (i) =>
        `${i === 2 ? '.....F' + '.'.repeat(57) : '.'.repeat(63)} ${String(Math.min(total, (i + 1) * 63)).padStart(3)} / ${total}`,
    );
    const exp = c.rng.int(100, 9000);
    const output = [
      `PHPUnit 10.5.${c.rng.int(2, 30)} by Sebastian Bergmann and contributors.`,
      '',
      `Runtime:       PHP 8.3.${c.rng.int(1, 9)}`,
      'Configuration: /app/phpunit.xml',
      '',
      ...dots,
      '',
      `Time: 00:0${c.rng.int(1, 9)}.${ms(c.rng)}, Memory: ${c.rng.int(20, 90)}.00 MB`,
      '',
      'There was 1 failure:',
      '',
      `1) Tests\\Unit\\${pascal([c.names.area])}\\${cls}::${test}`,
      `Failed asserting that ${exp - 1} matches expected ${exp}.`,
      '',
      `/app/tests/Unit/${pascal([c.names.area])}/${cls}.php:${c.rng.int(20, 300)}`,
      '',
      'FAILURES!',
      `Tests: ${total}, Assertions: ${total * 3}, Failures: 1.`,
    ].join('\n');
    return {
      ecosystem: 'phpunit',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: test,
      mention: `${test} is off by one`,
    };
  },
};

const exunit: Ecosystem = {
  name: 'exunit',
  command: () => 'mix test',
  pass(c) {
    const n = c.rng.int(80, 600);
    return `${dim(`Compiling ${c.rng.int(1, 9)} files (.ex)`)}\n${green('.'.repeat(Math.min(n, 200)))}\n${green('.'.repeat(Math.max(0, n - 200)))}\nFinished in ${secs(c.rng)} seconds (${secs(c.rng)}s async, ${secs(c.rng)}s sync)\n${green(`${n} tests, 0 failures`)}\n\nRandomized with seed ${c.rng.int(100, 9999)}`;
  },
  fail(c) {
    const name = ident(c, (w) => w.join(' '), 1, 2);
    const mod = `${pascal([c.names.app])}.${pascal([c.names.noun(), 'test'])}`;
    const file = `test/${c.names.app}/${snake([c.names.noun(), 'test'])}.exs`;
    const line = c.rng.int(10, 400);
    const exp = c.rng.int(10, 5000);
    const before = around(c.rng);
    const output = [
      dim(`Compiling ${c.rng.int(1, 9)} files (.ex)`),
      ...lines(Math.ceil(before / 80), () => green('.'.repeat(80))),
      '',
      `  1) test ${name} (${mod})`,
      `     ${file}:${line}`,
      `     ${red('Assertion with == failed')}`,
      `     ${bold('code:')}  assert ${pascal([c.names.noun()])}.${snake([c.names.verb(), c.names.noun()])}(x) == ${exp}`,
      `     ${bold('left:')}  ${exp + 1}`,
      `     ${bold('right:')} ${exp}`,
      `     ${bold('stacktrace:')}`,
      `       ${file}:${line + 4}: (test)`,
      '',
      green('.'.repeat(c.rng.int(10, 80))),
      `Finished in ${secs(c.rng)} seconds (${secs(c.rng)}s async, ${secs(c.rng)}s sync)`,
      red(`${before + c.rng.int(10, 90)} tests, 1 failure`),
      '',
      `Randomized with seed ${c.rng.int(100, 9999)}`,
    ].join('\n');
    return {
      ecosystem: 'exunit',
      command: 'mix test',
      output,
      exitCode: 2,
      needle: name,
      mention: `the "${name}" test`,
    };
  },
};

function xcCase(c: Ctx, mod: string, cls: string, name: string): string[] {
  return [
    `Test Case '-[${mod}.${cls} ${name}]' started.`,
    `Test Case '-[${mod}.${cls} ${name}]' passed (0.0${c.rng.int(10, 99)} seconds).`,
  ];
}

const xctest: Ecosystem = {
  name: 'xctest',
  command: () => 'swift test',
  pass(c) {
    const n = c.rng.int(10, 120);
    return [
      `Building for debugging...`,
      `[${n}/${n}] Linking AppPackageTests`,
      `Build complete! (${secs(c.rng)}s)`,
      `Test Suite 'All tests' started at 2024-0${c.rng.int(1, 9)}-1${c.rng.int(0, 9)} 10:${c.rng.int(10, 59)}:${c.rng.int(10, 59)}.${c.rng.int(100, 999)}.`,
      ...lines(n, () =>
        xcCase(c, 'AppTests', pascal([c.names.noun(), 'tests']), camel(['test', ...testWords(c)])),
      ).flat(),
      `Executed ${n} tests, with 0 failures (0 unexpected) in ${secs(c.rng)} (${secs(c.rng)}) seconds`,
    ].join('\n');
  },
  fail(c) {
    const test = ident(c, (w) => camel(['test', ...w]));
    const cls = pascal([c.names.noun(), 'tests']);
    const before = around(c.rng);
    const exp = c.rng.int(2, 9000);
    const output = [
      'Building for debugging...',
      `Build complete! (${secs(c.rng)}s)`,
      `Test Suite 'All tests' started at 2024-05-1${c.rng.int(0, 9)} 10:${c.rng.int(10, 59)}:${c.rng.int(10, 59)}.${c.rng.int(100, 999)}.`,
      ...lines(Math.round(before / 2), () =>
        xcCase(c, 'AppTests', pascal([c.names.noun(), 'tests']), camel(['test', ...testWords(c)])),
      ).flat(),
      `Test Case '-[AppTests.${cls} ${test}]' started.`,
      `/app/Tests/AppTests/${cls}.swift:${c.rng.int(10, 300)}: error: -[AppTests.${cls} ${test}] : XCTAssertEqual failed: ("${exp - 1}") is not equal to ("${exp}")`,
      `Test Case '-[AppTests.${cls} ${test}]' failed (0.0${c.rng.int(10, 99)} seconds).`,
      ...lines(c.rng.int(2, 30), () =>
        xcCase(c, 'AppTests', pascal([c.names.noun(), 'tests']), camel(['test', ...testWords(c)])),
      ).flat(),
      `Executed ${Math.round(before / 2) + 31} tests, with 1 failure (0 unexpected) in ${secs(c.rng)} (${secs(c.rng)}) seconds`,
    ].join('\n');
    return {
      ecosystem: 'xctest',
      command: 'swift test',
      output,
      exitCode: 1,
      needle: test,
      mention: `${test} fails on the assertion`,
    };
  },
};

const swiftBuild: Ecosystem = {
  name: 'swift-build',
  command: () => 'swift build -c release',
  pass(c) {
    const n = c.rng.int(20, 200);
    return [
      ...lines(
        Math.min(n, 40),
        (i) =>
          `[${i + 1}/${n}] Compiling ${pascal([c.names.noun()])} ${pascal([c.names.noun(), c.names.verb()])}.swift`,
      ),
      `[${n}/${n}] Linking app`,
      `Build complete! (${secs(c.rng)}s)`,
    ].join('\n');
  },
  fail(c) {
    const sym = ident(c, camel, 1, 1);
    const n = c.rng.int(20, 200);
    const file = `/app/Sources/${pascal([c.names.area])}/${pascal([c.names.noun(), c.names.noun()])}.swift`;
    const line = c.rng.int(10, 400);
    const output = [
      ...lines(
        Math.min(n - 3, c.rng.int(3, 60)),
        (i) =>
          `[${i + 1}/${n}] Compiling ${pascal([c.names.noun()])} ${pascal([c.names.noun(), c.names.verb()])}.swift`,
      ),
      `${file}:${line}:${c.rng.int(5, 40)}: error: cannot find '${sym}' in scope`,
      `        let value = ${sym}(for: ${c.names.noun()})`,
      `                    ^~~~~~~~~~~~`,
      `${file}:${line + 9}:${c.rng.int(5, 40)}: warning: variable '${c.names.noun()}' was never mutated; consider changing to 'let' constant`,
      `error: fatalError`,
      `[${c.rng.int(4, n)}/${n}] Compiling ${pascal([c.names.noun()])} ${pascal([c.names.noun()])}.swift`,
    ].join('\n');
    return {
      ecosystem: 'swift-build',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: sym,
      mention: `\`${sym}\` is not in scope`,
    };
  },
};

const gradleBar = (c: Ctx) =>
  lines(
    c.rng.int(2, 6),
    (i) =>
      `<${'='.repeat(3 + i * 2)}${'-'.repeat(10 - i)}> ${20 + i * 12}% EXECUTING [${i * 3 + 2}s]\r> :app:test > ${i * 40 + 12} tests completed`,
  );

const gradle: Ecosystem = {
  name: 'gradle',
  command: () => './gradlew :app:test --console=plain',
  pass(c) {
    return [
      '> Task :app:compileKotlin UP-TO-DATE',
      '> Task :app:compileJava NO-SOURCE',
      '> Task :app:classes UP-TO-DATE',
      ...gradleBar(c),
      '> Task :app:test',
      '',
      `BUILD SUCCESSFUL in ${c.rng.int(4, 90)}s`,
      `${c.rng.int(3, 9)} actionable tasks: ${c.rng.int(1, 3)} executed, ${c.rng.int(1, 6)} up-to-date`,
    ].join('\n');
  },
  fail(c) {
    if (c.rng.chance(0.5)) {
      const sym = ident(c, camel);
      const output = [
        '> Task :app:checkKotlinGradlePluginConfigurationErrors',
        '> Task :app:processResources UP-TO-DATE',
        ...gradleBar(c),
        '> Task :app:compileKotlin FAILED',
        `e: file:///home/ci/app/src/main/kotlin/com/acme/${c.names.area}/${pascal([c.names.noun(), c.names.noun()])}.kt:${c.rng.int(10, 400)}:${c.rng.int(5, 40)} Unresolved reference: ${sym}`,
        `w: file:///home/ci/app/src/main/kotlin/com/acme/${c.names.area}/${pascal([c.names.noun()])}.kt:${c.rng.int(10, 400)}:9 Parameter '${c.names.noun()}' is never used`,
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
        '',
        `BUILD FAILED in ${c.rng.int(4, 90)}s`,
      ].join('\n');
      return {
        ecosystem: 'gradle',
        command: './gradlew :app:compileKotlin',
        output,
        exitCode: 1,
        needle: sym,
        mention: `unresolved reference ${sym}`,
      };
    }
    const name = ident(c, (w) => w.join(' '), 1, 2);
    const cls = pascal([c.names.noun(), 'test']);
    const before = around(c.rng);
    const output = [
      '> Task :app:compileKotlin UP-TO-DATE',
      '> Task :app:compileTestKotlin',
      ...gradleBar(c),
      '> Task :app:test',
      ...lines(before, () => `${pascal([c.names.noun(), 'test'])} > ${testWords(c).join(' ')}() PASSED`),
      '',
      `${cls} > ${name}() FAILED`,
      `    org.opentest4j.AssertionFailedError at ${cls}.kt:${c.rng.int(10, 300)}`,
      '',
      ...lines(c.rng.int(2, 20), () => `${pascal([c.names.noun(), 'test'])} > ${testWords(c).join(' ')}() PASSED`),
      '',
      `${before + 40} tests completed, 1 failed`,
      '',
      '> Task :app:test FAILED',
      '',
      'FAILURE: Build failed with an exception.',
      '',
      '* What went wrong:',
      "Execution failed for task ':app:test'.",
      '> There were failing tests. See the report at: file:///home/ci/app/build/reports/tests/test/index.html',
      '',
      `BUILD FAILED in ${c.rng.int(4, 90)}s`,
    ].join('\n');
    return {
      ecosystem: 'gradle',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: name,
      mention: `"${name}" fails`,
    };
  },
};

const dotnet: Ecosystem = {
  name: 'dotnet',
  command: () => 'dotnet build -c Release',
  pass(c) {
    return [
      '  Determining projects to restore...',
      '  All projects are up-to-date for restore.',
      ...lines(
        c.rng.int(2, 8),
        () =>
          `  ${pascal([c.names.noun()])}.${pascal([c.names.area])} -> /src/${pascal([c.names.noun()])}/bin/Release/net8.0/${pascal([c.names.noun()])}.dll`,
      ),
      '',
      'Build succeeded.',
      '    0 Warning(s)',
      '    0 Error(s)',
      '',
      `Time Elapsed 00:00:${String(c.rng.int(3, 59)).padStart(2, '0')}.${c.rng.int(10, 99)}`,
    ].join('\n');
  },
  fail(c) {
    const sym = ident(c, pascal, 0, 2);
    const proj = pascal([c.names.area]);
    const file = `/src/${proj}/${pascal([c.names.noun(), 'service'])}.cs`;
    const line = c.rng.int(10, 400);
    const err = `${file}(${line},${c.rng.int(5, 40)}): error CS0246: The type or namespace name '${sym}' could not be found (are you missing a using directive or an assembly reference?) [/src/${proj}/${proj}.csproj]`;
    const warn = `${file}(${line + 30},13): warning CS8618: Non-nullable property '${pascal([c.names.noun()])}' must contain a non-null value when exiting constructor. [/src/${proj}/${proj}.csproj]`;
    const output = [
      'MSBuild version 17.9.8+b34f75857 for .NET',
      '  Determining projects to restore...',
      '  All projects are up-to-date for restore.',
      ...lines(
        c.rng.int(1, 5),
        () =>
          `  ${pascal([c.names.noun()])}.Core -> /src/${pascal([c.names.noun()])}/bin/Release/net8.0/${pascal([c.names.noun()])}.Core.dll`,
      ),
      warn,
      err,
      '',
      'Build FAILED.',
      '',
      warn,
      err,
      '    1 Warning(s)',
      '    1 Error(s)',
      '',
      `Time Elapsed 00:00:${String(c.rng.int(3, 59)).padStart(2, '0')}.${c.rng.int(10, 99)}`,
    ].join('\n');
    return {
      ecosystem: 'dotnet',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: sym,
      mention: `CS0246 on ${sym}`,
    };
  },
};

const terraform: Ecosystem = {
  name: 'terraform',
  command: () => 'terraform apply -auto-approve -no-color',
  pass(c) {
    const n = c.rng.int(3, 30);
    return [
      ...lines(
        n,
        () =>
          `aws_${c.rng.pick(['s3_bucket', 'iam_role', 'sqs_queue', 'security_group', 'lambda_function'])}.${snake([c.names.noun(), c.names.noun()])}: Refreshing state... [id=${c.names.hex(12)}]`,
      ),
      '',
      'No changes. Your infrastructure matches the configuration.',
      '',
      'Apply complete! Resources: 0 added, 0 changed, 0 destroyed.',
    ].join('\n');
  },
  fail(c) {
    const name = ident(c, snake, 0, 1);
    const mod = snake([c.names.noun()]);
    const kind = c.rng.pick([
      'aws_iam_role',
      'aws_sqs_queue',
      'aws_s3_bucket',
      'aws_lb_target_group',
      'google_sql_database_instance',
    ]);
    const addr = `module.${mod}.${kind}.${name}`;
    const n = c.rng.int(3, 60);
    const output = [
      ...lines(
        n,
        () =>
          `aws_${c.rng.pick(['s3_bucket', 'iam_role', 'sqs_queue', 'security_group'])}.${snake([c.names.noun(), c.names.noun()])}: Refreshing state... [id=${c.names.hex(12)}]`,
      ),
      '',
      `${addr}: Creating...`,
      '╷',
      `│ Error: creating ${kind.replace(/^\w+?_/, '').replace(/_/g, ' ')} (${kebab(name.split('_'))}): operation error: api error EntityAlreadyExists: resource with name ${kebab(name.split('_'))} already exists.`,
      '│ ',
      `│   with ${addr},`,
      `│   on modules/${mod}/main.tf line ${c.rng.int(3, 120)}, in resource "${kind}" "${name}":`,
      `│  ${c.rng.int(3, 120)}: resource "${kind}" "${name}" {`,
      '│ ',
      '╵',
      'Releasing state lock. This may take a few moments...',
    ].join('\n');
    return {
      ecosystem: 'terraform',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: addr,
      mention: `${addr} already exists upstream`,
    };
  },
};

const docker: Ecosystem = {
  name: 'docker',
  command: () => 'docker build -t app:dev .',
  pass(c) {
    const steps = c.rng.int(5, 12);
    return [
      '#0 building with "default" instance using docker driver',
      '',
      '#1 [internal] load build definition from Dockerfile',
      '#1 transferring dockerfile: 1.02kB done',
      '#1 DONE 0.0s',
      ...lines(
        steps,
        (i) =>
          `#${i + 2} [${i + 1}/${steps}] ${c.rng.pick(['COPY . .', 'RUN make build', 'WORKDIR /app', 'RUN apt-get update'])}\n#${i + 2} CACHED`,
      ),
      '#20 exporting to image',
      `#20 writing image sha256:${c.names.hex(64)} done`,
      '#20 naming to docker.io/library/app:dev done',
      '#20 DONE 0.1s',
    ].join('\n');
  },
  fail(c) {
    const pkg = ident(c, kebab, 0, 1);
    const ver = `${c.rng.int(1, 9)}.${c.rng.int(0, 20)}.${c.rng.int(0, 9)}`;
    const bar = lines(
      c.rng.int(3, 12),
      (i) =>
        `#9 ${i + 1}.${c.rng.int(10, 99)}    ━━━━━━━━━━━━━━━━━━━━━━━━━━ ${c.rng.int(1, 90)}.${c.rng.int(0, 9)}/${c.rng.int(90, 99)}.0 MB ${c.rng.int(1, 9)}.${c.rng.int(0, 9)} MB/s eta 0:00:0${c.rng.int(1, 9)}`,
    );
    const output = [
      '#0 building with "default" instance using docker driver',
      '#1 [internal] load build definition from Dockerfile',
      '#1 DONE 0.0s',
      '#5 [builder 2/7] WORKDIR /app',
      '#5 CACHED',
      '#9 [builder 5/7] RUN pip install --no-cache-dir -r requirements.txt',
      `#9 1.4${c.rng.int(10, 99)} Collecting ${c.names.noun()}-utils==${c.rng.int(1, 4)}.${c.rng.int(0, 9)}.0`,
      ...bar,
      `#9 12.${c.rng.int(100, 999)} ERROR: Could not find a version that satisfies the requirement ${pkg}==${ver} (from versions: 0.${c.rng.int(1, 9)}.0, 1.0.${c.rng.int(0, 9)})`,
      `#9 12.${c.rng.int(100, 999)} ERROR: No matching distribution found for ${pkg}==${ver}`,
      '#9 ERROR: process "/bin/sh -c pip install --no-cache-dir -r requirements.txt" did not complete successfully: exit code: 1',
      '------',
      ' > [builder 5/7] RUN pip install --no-cache-dir -r requirements.txt:',
      '------',
      'Dockerfile:14',
      '--------------------',
      '  12 |     COPY requirements.txt .',
      '  13 |     ',
      '  14 | >>> RUN pip install --no-cache-dir -r requirements.txt',
      '  15 |     COPY . .',
      '--------------------',
      'ERROR: failed to solve: process "/bin/sh -c pip install --no-cache-dir -r requirements.txt" did not complete successfully: exit code: 1',
    ].join('\n');
    return {
      ecosystem: 'docker',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: pkg,
      mention: `${pkg} has no such release on the index`,
    };
  },
};

const minitest: Ecosystem = {
  name: 'minitest',
  command: () => 'bin/rails test',
  pass(c) {
    const n = c.rng.int(80, 900);
    return `Run options: --seed ${c.rng.int(100, 9999)}\n\n# Running:\n\n${'.'.repeat(Math.min(n, 300))}\n\nFinished in ${secs(c.rng)}s, ${c.rng.int(40, 400)}.${c.rng.int(0, 9)} runs/s, ${c.rng.int(100, 900)}.${c.rng.int(0, 9)} assertions/s.\n\n${n} runs, ${n * 2} assertions, 0 failures, 0 errors, 0 skips`;
  },
  fail(c) {
    const test = ident(c, (w) => snake(['test', ...w]), 1, 2);
    const cls = pascal([c.names.noun(), 'test']);
    const verbose = c.rng.chance(0.5);
    const before = around(c.rng);
    const exp = c.rng.int(10, 9000);
    const progress = verbose
      ? lines(
          before,
          () => `${pascal([c.names.noun(), 'test'])}#${snake(['test', ...testWords(c)])} = 0.0${c.rng.int(0, 9)} s = .`,
        )
      : ['.'.repeat(Math.min(before, 200)) + 'F' + '.'.repeat(c.rng.int(5, 60))];
    const output = [
      `Run options: --seed ${c.rng.int(100, 9999)}${verbose ? ' --verbose' : ''}`,
      '',
      '# Running:',
      '',
      ...progress,
      '',
      `Finished in ${secs(c.rng)}s, ${c.rng.int(40, 400)}.${c.rng.int(0, 9)} runs/s, ${c.rng.int(100, 900)}.${c.rng.int(0, 9)} assertions/s.`,
      '',
      '  1) Failure:',
      `${cls}#${test} [test/models/${snake([c.names.noun()])}_test.rb:${c.rng.int(10, 300)}]:`,
      `Expected: ${exp}`,
      `  Actual: ${exp + 1}`,
      '',
      `${before + 70} runs, ${before * 2 + 140} assertions, 1 failures, 0 errors, 0 skips`,
    ].join('\n');
    return {
      ecosystem: 'minitest',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: test,
      mention: `${cls}#${test} expects ${exp}`,
    };
  },
};

const bunTest: Ecosystem = {
  name: 'bun',
  command: () => 'bun test',
  pass(c) {
    const files = c.rng.int(3, 30);
    const body = lines(Math.min(files, 6), () => [
      `src/${kebab([c.names.noun()])}.test.ts:`,
      ...lines(
        c.rng.int(2, 8),
        () =>
          `${green('✓')} ${c.names.noun()} > ${testWords(c).join(' ')} ${dim(`[${c.rng.int(0, 9)}.${c.rng.int(10, 99)}ms]`)}`,
      ),
    ]).flat();
    return `bun test v1.1.${c.rng.int(1, 30)} (${c.names.hex(8)})\n\n${body.join('\n')}\n\n ${c.rng.int(100, 900)} pass\n 0 fail\n ${c.rng.int(300, 2000)} expect() calls\nRan ${c.rng.int(100, 900)} tests across ${files} files. [${c.rng.int(1, 9)}.${c.rng.int(10, 99)}s]`;
  },
  fail(c) {
    const name = ident(c, (w) => w.join(' '), 1, 2);
    const suite = c.names.noun();
    const before = around(c.rng);
    const exp = c.rng.int(2, 900);
    const ok = () =>
      `${green('✓')} ${c.names.noun()} > ${testWords(c).join(' ')} ${dim(`[${c.rng.int(0, 9)}.${c.rng.int(10, 99)}ms]`)}`;
    const output = [
      `bun test v1.1.${c.rng.int(1, 30)} (${c.names.hex(8)})`,
      '',
      `src/${kebab([suite])}.test.ts:`,
      ...lines(before, ok),
      `${red('✗')} ${suite} > ${name} ${dim(`[${c.rng.int(0, 9)}.${c.rng.int(10, 99)}ms]`)}`,
      `${red('error')}: expect(received).toBe(expected)`,
      '',
      `Expected: ${green(String(exp))}`,
      `Received: ${red(String(exp * 2))}`,
      '',
      `      at <anonymous> (/app/src/${kebab([suite])}.test.ts:${c.rng.int(10, 300)}:${c.rng.int(5, 30)})`,
      ...lines(c.rng.int(3, 40), ok),
      '',
      ` ${before + 50} pass`,
      ` ${red('1 fail')}`,
      ` ${c.rng.int(300, 2000)} expect() calls`,
      `Ran ${before + 51} tests across ${c.rng.int(3, 40)} files. [${c.rng.int(1, 9)}.${c.rng.int(10, 99)}s]`,
    ].join('\n');
    return {
      ecosystem: 'bun',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: name,
      mention: `"${name}" fails in bun`,
    };
  },
};

const denoTest: Ecosystem = {
  name: 'deno',
  command: () => 'deno test -A',
  pass(c) {
    const n = c.rng.int(5, 60);
    return `${lines(n, () => `${testWords(c).join(' ')} ... ${green('ok')} ${dim(`(${c.rng.int(1, 90)}ms)`)}`).join('\n')}\n\n${green('ok')} | ${n} passed | 0 failed (${c.rng.int(1, 9)}s)`;
  },
  fail(c) {
    const name = ident(c, (w) => w.join(' '), 1, 2);
    const file = `./src/${snake([c.names.noun()])}_test.ts`;
    const before = around(c.rng);
    const where = `${file}:${c.rng.int(5, 300)}:6`;
    const output = [
      `running ${before + 12} tests from ${file}`,
      ...lines(before, () => `${testWords(c).join(' ')} ... ${green('ok')} ${dim(`(${c.rng.int(1, 90)}ms)`)}`),
      `${name} ... ${red('FAILED')} ${dim(`(${c.rng.int(1, 90)}ms)`)}`,
      ...lines(11, () => `${testWords(c).join(' ')} ... ${green('ok')} ${dim(`(${c.rng.int(1, 90)}ms)`)}`),
      '',
      ` ${red('ERRORS')} `,
      '',
      `${name} => ${where}`,
      `${red('error')}: AssertionError: Values are not equal.`,
      '',
      `    [Diff] ${red('Actual')} / ${green('Expected')}`,
      '',
      `${red('-   ' + c.rng.int(1, 900))}`,
      `${green('+   ' + c.rng.int(1, 900))}`,
      '',
      ` ${red('FAILURES')} `,
      '',
      `${name} => ${where}`,
      '',
      `${red('FAILED')} | ${before + 11} passed | 1 failed (${c.rng.int(1, 9)}s)`,
      '',
      `${red('error')}: Test failed`,
    ].join('\n');
    return {
      ecosystem: 'deno',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: name,
      mention: `deno test "${name}" fails`,
    };
  },
};

const cmake: Ecosystem = {
  name: 'cmake-clang',
  command: () => 'cmake --build build -j8',
  pass(c) {
    const n = c.rng.int(20, 300);
    return [
      ...lines(
        Math.min(n, 60),
        (i) =>
          `[${i + 1}/${n}] Building CXX object src/CMakeFiles/core.dir/${snake([c.names.noun(), c.names.noun()])}.cpp.o`,
      ),
      `[${n}/${n}] Linking CXX executable bin/app`,
    ].join('\n');
  },
  fail(c) {
    const member = ident(c, snake, 1, 1);
    const cls = `core::${pascal([c.names.noun(), c.names.noun()])}`;
    const n = c.rng.int(40, 400);
    const at = c.rng.int(10, Math.min(n - 5, 200));
    const src = `/app/src/${snake([c.names.noun(), c.names.noun()])}.cpp`;
    const line = c.rng.int(10, 900);
    const output = [
      ...lines(
        at,
        (i) =>
          `[${i + 1}/${n}] Building CXX object src/CMakeFiles/core.dir/${snake([c.names.noun(), c.names.noun()])}.cpp.o`,
      ),
      `FAILED: src/CMakeFiles/core.dir/${src.split('/').pop()}.o `,
      `/usr/bin/clang++ -DNDEBUG -I/app/include -I/app/third_party/abseil -O2 -g -std=c++20 -Wall -Wextra -MD -MT src/CMakeFiles/core.dir/${src.split('/').pop()}.o -MF src/CMakeFiles/core.dir/${src.split('/').pop()}.o.d -o src/CMakeFiles/core.dir/${src.split('/').pop()}.o -c ${src}`,
      `${src}:${line}:${c.rng.int(5, 40)}: ${bold(red('error:'))} no member named '${member}' in '${cls}'`,
      `    auto it = table.${member}(key);`,
      `              ~~~~~ ^`,
      `${src}:${line + 12}:9: ${bold('warning:')} unused variable '${c.names.noun()}' [-Wunused-variable]`,
      '1 warning and 1 error generated.',
      `[${at + 1}/${n}] Building CXX object src/CMakeFiles/core.dir/${snake([c.names.noun()])}.cpp.o`,
      'ninja: build stopped: subcommand failed.',
    ].join('\n');
    return {
      ecosystem: 'cmake-clang',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: member,
      mention: `no member \`${member}\` in ${cls}`,
    };
  },
};

const ghc: Ecosystem = {
  name: 'ghc',
  command: () => 'cabal build all',
  pass(c) {
    const n = c.rng.int(5, 40);
    return [
      'Build profile: -w ghc-9.6.4 -O1',
      'In order, the following will be built (use -v for more details):',
      ` - app-0.1.0.0 (lib) (file src/${pascal([c.names.area])}.hs changed)`,
      'Preprocessing library for app-0.1.0.0..',
      'Building library for app-0.1.0.0..',
      ...lines(
        n,
        (i) =>
          `[${String(i + 1).padStart(2)} of ${n}] Compiling ${pascal([c.names.area])}.${pascal([c.names.noun()])} ( src/${pascal([c.names.area])}/${pascal([c.names.noun()])}.hs, dist-newstyle/build/x86_64-linux/ghc-9.6.4/app-0.1.0.0/build/${pascal([c.names.area])}/${pascal([c.names.noun()])}.o )`,
      ),
    ].join('\n');
  },
  fail(c) {
    const fn = ident(c, camel, 1, 1);
    const n = c.rng.int(8, 60);
    const at = c.rng.int(2, n - 1);
    const mod = `${pascal([c.names.area])}.${pascal([c.names.noun()])}`;
    const file = `src/${mod.replace('.', '/')}.hs`;
    const line = c.rng.int(10, 400);
    const output = [
      'Build profile: -w ghc-9.6.4 -O1',
      'Preprocessing library for app-0.1.0.0..',
      'Building library for app-0.1.0.0..',
      ...lines(
        at,
        (i) =>
          `[${String(i + 1).padStart(2)} of ${n}] Compiling ${pascal([c.names.area])}.${pascal([c.names.noun()])} ( src/${pascal([c.names.area])}/${pascal([c.names.noun()])}.hs, dist-newstyle/build/${pascal([c.names.noun()])}.o )`,
      ),
      `[${String(at + 1).padStart(2)} of ${n}] Compiling ${mod} ( ${file}, dist-newstyle/build/${mod}.o )`,
      '',
      `${file}:${line}:15: error: [GHC-88464]`,
      `    Variable not in scope: ${fn} :: [${pascal([c.names.noun()])}] -> Int`,
      `    Suggested fix: Perhaps use ‘${camel([c.names.verb(), c.names.noun()])}’ (imported from ${pascal([c.names.area])}.Types)`,
      '   |',
      `${line} |   let total = ${fn} entries`,
      '   |               ^^^^^^^^^^^^^^^',
      `Error: [Cabal-7125]`,
      'Failed to build app-0.1.0.0 (which is required by exe:app from app-0.1.0.0).',
    ].join('\n');
    return {
      ecosystem: 'ghc',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: fn,
      mention: `${fn} is not in scope`,
    };
  },
};

const sbt: Ecosystem = {
  name: 'sbt',
  command: () => 'sbt -Dsbt.color=false test',
  pass(c) {
    const n = c.rng.int(10, 80);
    return [
      '[info] welcome to sbt 1.9.9 (Eclipse Adoptium Java 17.0.10)',
      `[info] compiling ${c.rng.int(1, 40)} Scala sources to /app/target/scala-3.3.1/classes ...`,
      ...lines(n, () => `[info] - should ${testWords(c).join(' ')}`),
      `[info] Tests: succeeded ${n}, failed 0, canceled 0, ignored 0, pending 0`,
      '[info] All tests passed.',
      `[success] Total time: ${c.rng.int(5, 90)} s, completed May 1${c.rng.int(0, 9)}, 2024, 10:${c.rng.int(10, 59)}:${c.rng.int(10, 59)} AM`,
    ].join('\n');
  },
  fail(c) {
    const member = ident(c, camel, 1, 1);
    const owner = `${c.names.area}.${pascal([c.names.noun(), 'table'])}`;
    const file = `/app/src/main/scala/${c.names.area}/${pascal([c.names.noun()])}.scala`;
    const line = c.rng.int(10, 400);
    const output = [
      '[info] welcome to sbt 1.9.9 (Eclipse Adoptium Java 17.0.10)',
      '[info] loading settings for project root from build.sbt ...',
      `[info] compiling ${c.rng.int(2, 40)} Scala sources to /app/target/scala-3.3.1/classes ...`,
      `[error] -- [E008] Not Found Error: ${file}:${line}:18 `,
      `[error] ${line} |    val r = rates.${member}(id)`,
      `[error]     |            ^^^^^^^^^^^^^^^^^^`,
      `[error]     |value ${member} is not a member of ${owner}`,
      `[warn] -- Warning: ${file}:${line + 20}:8 `,
      `[warn] ${line + 20} |import ${c.names.area}.${pascal([c.names.noun()])}`,
      '[warn]     |       unused import',
      '[error] one error found',
      '[error] (Compile / compileIncremental) Compilation failed',
      `[error] Total time: ${c.rng.int(5, 90)} s, completed May 1${c.rng.int(0, 9)}, 2024, 10:${c.rng.int(10, 59)}:${c.rng.int(10, 59)} AM`,
    ].join('\n');
    return {
      ecosystem: 'sbt',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: member,
      mention: `${member} is not a member of ${owner}`,
    };
  },
};

const pnpm: Ecosystem = {
  name: 'pnpm',
  command: () => 'pnpm install --frozen-lockfile',
  pass(c) {
    return `Lockfile is up to date, resolution step is skipped\nProgress: resolved ${c.rng.int(300, 1800)}, reused ${c.rng.int(300, 1800)}, downloaded 0, added 0, done\n\ndependencies:\n+ ${c.names.noun()}-kit ${c.rng.int(1, 9)}.${c.rng.int(0, 20)}.${c.rng.int(0, 9)}\n\nDone in ${c.rng.int(1, 30)}.${c.rng.int(1, 9)}s`;
  },
  fail(c) {
    const pkg = `@${c.rng.pick(['acme', 'internal', 'corp'])}/${ident(c, kebab, 0, 1)}`;
    const progress = lines(
      c.rng.int(3, 15),
      (i) => `Progress: resolved ${i * 97 + 12}, reused ${i * 90 + 3}, downloaded ${i}, added 0`,
    );
    const output = [
      'Scope: all 7 workspace projects',
      ...progress,
      ` ERR_PNPM_NO_MATCHING_VERSION  No matching version found for ${pkg}@^${c.rng.int(2, 9)}.${c.rng.int(0, 9)}.0`,
      '',
      `This error happened while installing a direct dependency of /app/packages/${c.names.noun()}`,
      '',
      `The latest release of ${pkg} is "1.${c.rng.int(0, 9)}.${c.rng.int(0, 9)}".`,
      '',
      'If you need the full list of all 12 published versions run "$ pnpm view <pkg> versions".',
      `Progress: resolved ${c.rng.int(1000, 1800)}, reused ${c.rng.int(900, 1700)}, downloaded 3, added 0`,
    ].join('\n');
    return {
      ecosystem: 'pnpm',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: pkg,
      mention: `${pkg} has no matching version`,
    };
  },
};

const ruff: Ecosystem = {
  name: 'ruff',
  command: () => 'ruff check .',
  pass: () => 'All checks passed!',
  fail(c) {
    const sym = ident(c, snake, 0, 1);
    const file = `src/${c.names.area}/${snake([c.names.noun(), c.names.verb()])}.py`;
    const output = [
      `${file}:${c.rng.int(10, 400)}:5: F841 Local variable \`${sym}\` is assigned to but never used`,
      `${file}:${c.rng.int(10, 400)}:89: E501 Line too long (${c.rng.int(89, 130)} > 88)`,
      `src/${c.names.area}/${snake([c.names.noun()])}.py:${c.rng.int(1, 20)}:1: I001 [*] Import block is un-sorted or un-formatted`,
      'Found 3 errors.',
      '[*] 1 fixable with the `--fix` option.',
    ].join('\n');
    return { ecosystem: 'ruff', command: this.command(c), output, exitCode: 1, needle: sym, mention: `F841 on ${sym}` };
  },
};

const eslint: Ecosystem = {
  name: 'eslint',
  command: () => 'npx eslint . --max-warnings=0',
  pass: () => '',
  fail(c) {
    const sym = ident(c, camel, 0, 1);
    const warnFiles = lines(c.rng.int(0, 12), () => [
      `/app/src/${kebab([c.names.noun(), c.names.noun()])}.ts`,
      `  ${c.rng.int(1, 300)}:${c.rng.int(1, 40)}  warning  Unexpected console statement  no-console`,
      '',
    ]).flat();
    const output = [
      ...warnFiles,
      `/app/src/components/${pascal([c.names.noun(), c.names.noun()])}.tsx`,
      `  ${c.rng.int(1, 300)}:${c.rng.int(1, 40)}  ${red('error')}  '${sym}' is assigned a value but never used  @typescript-eslint/no-unused-vars`,
      `  ${c.rng.int(1, 300)}:${c.rng.int(1, 40)}  warning  React Hook useEffect has a missing dependency: '${c.names.noun()}'  react-hooks/exhaustive-deps`,
      '',
      red(bold(`✖ ${warnFiles.length / 3 + 2} problems (1 error, ${warnFiles.length / 3 + 1} warnings)`)),
      '',
      `ESLint found too many warnings (maximum: 0).`,
    ].join('\n');
    return {
      ecosystem: 'eslint',
      command: this.command(c),
      output,
      exitCode: 1,
      needle: sym,
      mention: `'${sym}' unused`,
    };
  },
};

const postgres: Ecosystem = {
  name: 'postgres-migration',
  command: () => 'bin/rails db:migrate',
  pass(c) {
    const v = `2024051${c.rng.int(0, 9)}${c.rng.int(100000, 235959)}`;
    return `== ${v} ${pascal(['add', c.names.noun(), 'to', c.names.noun()])}: migrating ===========\n-- add_column(:${c.names.noun()}s, :${c.names.noun()}_id, :bigint)\n   -> 0.00${c.rng.int(10, 99)}s\n== ${v} ${pascal(['add', c.names.noun(), 'to', c.names.noun()])}: migrated (0.0${c.rng.int(10, 99)}s) ==`;
  },
  fail(c) {
    if (c.rng.chance(0.5)) {
      const col = snake([c.mint.word(), c.names.noun()]);
      const table = `${c.names.noun()}s`;
      const idx = c.mint.claim(`index_${table}_on_${col}`);
      const v = `2024051${c.rng.int(0, 9)}${c.rng.int(100000, 235959)}`;
      const output = [
        `== ${v} ${pascal(['add', 'unique', 'index', 'to', table])}: migrating ==`,
        `-- add_index(:${table}, :${col}, {:unique=>true, :algorithm=>:concurrently})`,
        'bin/rails aborted!',
        'StandardError: An error has occurred, all later migrations canceled:',
        '',
        `PG::UniqueViolation: ERROR:  could not create unique index "${idx}"`,
        `DETAIL:  Key (${col})=(${c.names.hex(6)}) is duplicated.`,
        '',
        `/app/db/migrate/${v}_add_unique_index_to_${table}.rb:5:in \`change'`,
        '',
        'Caused by:',
        `PG::UniqueViolation: ERROR:  could not create unique index "${idx}"`,
        '',
        'Tasks: TOP => db:migrate',
        '(See full trace by running task with --trace)',
      ].join('\n');
      return {
        ecosystem: 'postgres-migration',
        command: this.command(c),
        output,
        exitCode: 1,
        needle: idx,
        mention: `${idx} hits duplicate keys`,
      };
    }
    const col = ident(c, snake, 0, 1);
    const table = `${c.names.noun()}s`;
    const output = [
      'BEGIN',
      'ALTER TABLE',
      'CREATE INDEX',
      `psql:migrations/0${c.rng.int(10, 99)}_${snake([c.names.verb(), c.names.noun()])}.sql:${c.rng.int(5, 80)}: ERROR:  column "${col}" of relation "${table}" does not exist`,
      `LINE 1: UPDATE ${table} SET ${col} = now() WHERE ${c.names.noun()}_id IS NULL;`,
      `                       ^`,
      'ROLLBACK',
      `migrate: 1 migration(s) failed, database left at version ${c.rng.int(10, 99)}`,
    ].join('\n');
    return {
      ecosystem: 'postgres-migration',
      command: `psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f migrations/up.sql`,
      output,
      exitCode: 3,
      needle: col,
      mention: `column ${col} is missing`,
    };
  },
};

const kubectl: Ecosystem = {
  name: 'kubectl',
  command: () => 'kubectl rollout status deploy/api -n prod --timeout=120s',
  pass: (c) =>
    `Waiting for deployment "${c.names.noun()}-api" rollout to finish: 1 of 3 updated replicas are available...\ndeployment "${c.names.noun()}-api" successfully rolled out`,
  fail(c) {
    const dep = ident(c, kebab, 0, 1);
    const ns = c.rng.pick(['prod', 'staging', 'payments', 'edge']);
    const waits = lines(
      c.rng.int(2, 20),
      (i) =>
        `Waiting for deployment "${dep}" rollout to finish: ${Math.min(i, 2)} of 3 updated replicas are available...`,
    );
    const pod = (name: string, bad: boolean) =>
      `${`${name}-${c.names.hex(9)}-${c.names.hex(5)}`.padEnd(44)} ${bad ? '0/1     CrashLoopBackOff' : '1/1     Running         '}   ${bad ? c.rng.int(3, 9) : 0} ${bad ? `(${c.rng.int(10, 59)}s ago)` : '          '}   ${c.rng.int(2, 59)}m`;
    const pods = lines(c.rng.int(3, 12), () =>
      pod(`${c.names.noun()}-${c.rng.pick(['api', 'worker', 'cron'])}`, false),
    );
    pods.splice(c.rng.int(1, pods.length - 1), 0, pod(dep, true));
    const output = c.rng.chance(0.5)
      ? [
          ...waits,
          `error: deployment "${dep}" exceeded its progress deadline`,
          '$ kubectl get pods',
          `${'NAME'.padEnd(44)} READY   STATUS             RESTARTS        AGE`,
          ...pods,
        ].join('\n')
      : [
          `Error from server (Invalid): error when applying patch:`,
          `The Deployment "${dep}" is invalid: spec.template.spec.containers[0].resources.requests: Invalid value: "2Gi": must be less than or equal to memory limit of 1Gi`,
          `deployment.apps/${c.names.noun()}-worker configured`,
          `service/${c.names.noun()}-api unchanged`,
        ].join('\n');
    return {
      ecosystem: 'kubectl',
      command: `kubectl -n ${ns} apply -f k8s/ && kubectl -n ${ns} rollout status deploy/${dep}`,
      output,
      exitCode: 1,
      needle: dep,
      mention: `deploy/${dep} never became ready`,
    };
  },
};

/** Every ecosystem, by name. */
export const ECOSYSTEMS: Record<string, Ecosystem> = Object.fromEntries(
  [
    phpunit,
    exunit,
    xctest,
    swiftBuild,
    gradle,
    dotnet,
    terraform,
    docker,
    minitest,
    bunTest,
    denoTest,
    cmake,
    ghc,
    sbt,
    pnpm,
    ruff,
    eslint,
    postgres,
    kubectl,
  ].map((e) => [e.name, e]),
);

/** Stacks a transcript's repository can have: its language, file extension and toolchain. */
export const STACKS = [
  { lang: 'php', ext: 'php', root: 'app', ecosystems: ['phpunit', 'docker', 'postgres-migration'] },
  { lang: 'elixir', ext: 'ex', root: 'lib', ecosystems: ['exunit', 'postgres-migration', 'kubectl'] },
  { lang: 'swift', ext: 'swift', root: 'Sources', ecosystems: ['xctest', 'swift-build'] },
  { lang: 'kotlin', ext: 'kt', root: 'src/main/kotlin', ecosystems: ['gradle', 'docker', 'kubectl'] },
  { lang: 'csharp', ext: 'cs', root: 'src', ecosystems: ['dotnet', 'terraform', 'docker'] },
  { lang: 'ruby', ext: 'rb', root: 'app', ecosystems: ['minitest', 'postgres-migration', 'docker'] },
  { lang: 'typescript', ext: 'ts', root: 'src', ecosystems: ['bun', 'deno', 'eslint', 'pnpm'] },
  { lang: 'cpp', ext: 'cpp', root: 'src', ecosystems: ['cmake-clang', 'docker'] },
  { lang: 'haskell', ext: 'hs', root: 'src', ecosystems: ['ghc'] },
  { lang: 'scala', ext: 'scala', root: 'src/main/scala', ecosystems: ['sbt', 'terraform', 'kubectl'] },
  { lang: 'python', ext: 'py', root: 'src', ecosystems: ['ruff', 'docker', 'terraform'] },
] as const;

export type Stack = (typeof STACKS)[number];
