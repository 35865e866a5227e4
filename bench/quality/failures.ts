/**
 * Failing command output in the shapes real tools print (test runners and compilers here,
 * runtimes and package managers in failures-runtime.ts). The line that names the failure is
 * never the last one: summaries, exit codes, `could not compile` or `BUILD FAILURE` follow
 * it, and `bulk` adds passing lines so that large logs bury it in the middle.
 */
import type { Rng } from './rng';
import { genericIdent, genericPath, type Lang, type Names } from './vocab';

/** A failing command: what was run, what it printed, and the identifier that names the failure. */
export interface Failure {
  command: string;
  output: string;
  exitCode: number;
  /** The error identifier (test name, symbol, exception class, package) planted as a fact. */
  needle: string;
  /** The ecosystem, e.g. `pytest`. */
  style: string;
}

/** A generator of one ecosystem's failure; `bulk` is a number of filler lines. */
export type FailureMaker = (rng: Rng, names: Names, bulk: number) => Failure;

const seconds = (rng: Rng) => (rng.int(5, 9000) / 1000).toFixed(rng.pick([2, 3]));

function fill(n: number, line: (i: number) => string): string[] {
  return Array.from({ length: n }, (_, i) => line(i));
}

export const pytest: FailureMaker = (rng, names, bulk) => {
  const test = `test_${names.ident('snake', true)}`;
  const file = `tests/test_${genericIdent(rng)}.py`;
  const passed = rng.int(5, 400);
  const dots = fill(
    Math.max(1, Math.floor(bulk / 2)),
    (i) => `tests/test_${genericIdent(rng)}.py ${'.'.repeat(rng.int(3, 40))} [${String(Math.min(99, i)).padStart(3)}%]`,
  );
  const [a, b] = [rng.int(1, 9), rng.int(10, 99)];
  const out = [
    '============================= test session starts ==============================',
    `platform linux -- Python 3.${rng.int(9, 12)}.${rng.int(0, 9)}, pytest-${rng.int(7, 8)}.${rng.int(0, 4)}.${rng.int(0, 3)}, pluggy-1.5.0`,
    'rootdir: /workspace',
    `collected ${passed + 1} items`,
    '',
    ...dots,
    `${file} ..F${'.'.repeat(rng.int(0, 12))}`,
    '',
    '=================================== FAILURES ===================================',
    `______________________________ ${test} ______________________________`,
    '',
    `    def ${test}(${genericIdent(rng)}):`,
    `        ${genericIdent(rng)} = build_${genericIdent(rng)}(${a})`,
    `>       assert ${genericIdent(rng)}.total == ${b}`,
    `E       AssertionError: assert ${b + 1} == ${b}`,
    '',
    `${file}:${rng.int(10, 400)}: AssertionError`,
    ...fill(
      Math.floor(bulk / 4),
      () =>
        `  ${genericPath(rng, 'python')}:${rng.int(1, 300)}: DeprecationWarning: ${genericIdent(rng)} is deprecated`,
    ),
    '=========================== short test summary info ============================',
    `FAILED ${file}::${test} - AssertionError: assert ${b + 1} == ${b}`,
    `========================= 1 failed, ${passed} passed in ${seconds(rng)}s =========================`,
  ];
  return {
    command: rng.pick([`pytest -q ${file}`, 'python -m pytest -x', 'pytest tests/ -q', 'make test']),
    output: out.join('\n'),
    exitCode: 1,
    needle: test,
    style: 'pytest',
  };
};

export const jest: FailureMaker = (rng, names, bulk) => {
  const fn = names.ident('camel', true);
  const suite = genericIdent(rng, 'pascal');
  const file = `src/${genericIdent(rng)}.test.ts`;
  const total = rng.int(20, 300);
  const out = [
    `> ${rng.pick(['jest', 'jest --ci', 'vitest run'])}`,
    '',
    ...fill(bulk, () => `PASS ${genericPath(rng, 'typescript').replace(/\.ts$/, '.test.ts')} (${seconds(rng)} s)`),
    `FAIL ${file}`,
    `  ● ${suite} › ${fn} rejects an expired ${genericIdent(rng)}`,
    '',
    '    expect(received).toBe(expected) // Object.is equality',
    '',
    `    Expected: ${rng.int(200, 204)}`,
    `    Received: ${rng.int(400, 503)}`,
    '',
    `      ${rng.int(30, 90)} |     const res = await ${fn}(${genericIdent(rng, 'camel')});`,
    `    > ${rng.int(91, 99)} |     expect(res.status).toBe(200);`,
    '         |                        ^',
    '',
    `      at Object.<anonymous> (${file}:${rng.int(91, 99)}:24)`,
    '',
    `Test Suites: 1 failed, ${rng.int(3, 40)} passed, ${rng.int(41, 80)} total`,
    `Tests:       1 failed, ${total} passed, ${total + 1} total`,
    'Snapshots:   0 total',
    `Time:        ${seconds(rng)} s`,
    'Ran all test suites.',
  ];
  return {
    command: rng.pick(['npm test', `npx jest ${file}`, 'pnpm test --silent', 'yarn jest']),
    output: out.join('\n'),
    exitCode: 1,
    needle: fn,
    style: 'jest',
  };
};

export const cargo: FailureMaker = (rng, names, bulk) => {
  const crate = `acme-${genericIdent(rng).replace('_', '-')}`;
  const file = genericPath(rng, 'rust');
  const line = rng.int(20, 900);
  const variant = rng.int(0, 2);
  const compiling = fill(
    bulk,
    () => `   Compiling ${genericIdent(rng).replace('_', '-')} v${rng.int(0, 3)}.${rng.int(0, 40)}.${rng.int(0, 20)}`,
  );
  if (variant === 2) {
    const test = names.ident('snake', true);
    const out = [
      ...compiling,
      `    Finished \`test\` profile [unoptimized + debuginfo] target(s) in ${seconds(rng)}s`,
      `     Running unittests src/lib.rs (target/debug/deps/${crate.replace(/-/g, '_')}-${rng.int(1e6, 9e6).toString(16)})`,
      '',
      `running ${rng.int(5, 90)} tests`,
      ...fill(Math.min(bulk, 40), () => `test tests::${genericIdent(rng)} ... ok`),
      `test tests::${test} ... FAILED`,
      '',
      'failures:',
      '',
      `---- tests::${test} stdout ----`,
      `thread 'tests::${test}' panicked at ${file}:${line}:9:`,
      'assertion `left == right` failed',
      `  left: ${rng.int(1, 9)}`,
      ` right: ${rng.int(10, 99)}`,
      'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
      '',
      'failures:',
      `    tests::${test}`,
      '',
      `test result: FAILED. ${rng.int(5, 90)} passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in ${seconds(rng)}s`,
      '',
      'error: test failed, to rerun pass `--lib`',
    ];
    return {
      command: rng.pick(['cargo test', `cargo test -p ${crate}`, 'cargo nextest run']),
      output: out.join('\n'),
      exitCode: 101,
      needle: test,
      style: 'cargo test',
    };
  }
  const sym = names.ident('snake', true);
  const ty = genericIdent(rng, 'pascal');
  const head =
    variant === 0
      ? [
          `error[E0599]: no method named \`${sym}\` found for struct \`${ty}\` in the current scope`,
          `  --> ${file}:${line}:14`,
          '   |',
          `${line} |         self.${sym}(batch)?;`,
          `   |              ^^^^^^ method not found in \`${ty}\``,
        ]
      : [
          `error[E0425]: cannot find function \`${sym}\` in this scope`,
          `  --> ${file}:${line}:9`,
          '   |',
          `${line} |     let out = ${sym}(&input);`,
          '   |               ^^^^ not found in this scope',
        ];
  const out = [
    ...compiling,
    `   Compiling ${crate} v0.${rng.int(1, 9)}.${rng.int(0, 9)} (/workspace)`,
    ...head,
    '',
    `warning: unused variable: \`${genericIdent(rng)}\``,
    `  --> ${genericPath(rng, 'rust')}:${rng.int(1, 200)}:9`,
    '',
    `For more information about this error, try \`rustc --explain ${variant === 0 ? 'E0599' : 'E0425'}\`.`,
    `warning: \`${crate}\` (lib) generated 1 warning`,
    `error: could not compile \`${crate}\` (lib) due to 1 previous error; 1 warning emitted`,
  ];
  return {
    command: rng.pick(['cargo build', 'cargo check --all-targets', `cargo build -p ${crate}`]),
    output: out.join('\n'),
    exitCode: 101,
    needle: sym,
    style: 'rustc',
  };
};

export const goTest: FailureMaker = (rng, names, bulk) => {
  const mod = `github.com/acme/${genericIdent(rng).replace('_', '')}`;
  if (rng.chance(0.35)) {
    const sym = names.ident('camel', true);
    const out = [
      `# ${mod}/internal/${genericIdent(rng)}`,
      `internal/${genericIdent(rng)}/${genericIdent(rng)}.go:${rng.int(10, 400)}:${rng.int(2, 40)}: undefined: ${sym}`,
      `internal/${genericIdent(rng)}/${genericIdent(rng)}.go:${rng.int(10, 400)}:${rng.int(2, 40)}: declared and not used: ${genericIdent(rng, 'camel')}`,
      ...fill(bulk, () => `ok  \t${mod}/${genericIdent(rng)}\t(cached)`),
      `FAIL\t${mod}/internal/${genericIdent(rng)} [build failed]`,
      'FAIL',
    ];
    return {
      command: rng.pick(['go build ./...', 'go vet ./...', 'go test ./...']),
      output: out.join('\n'),
      exitCode: 1,
      needle: sym,
      style: 'go build',
    };
  }
  const test = `Test${names.ident('pascal', true)}`;
  const out = [
    ...fill(
      Math.floor(bulk / 2),
      () => `=== RUN   Test${genericIdent(rng, 'pascal')}\n--- PASS: Test${genericIdent(rng, 'pascal')} (0.00s)`,
    ),
    `=== RUN   ${test}`,
    `    ${genericIdent(rng)}_test.go:${rng.int(20, 300)}: expected ${rng.int(2, 9)} entries, got ${rng.int(10, 20)}`,
    `--- FAIL: ${test} (${seconds(rng)}s)`,
    `=== RUN   Test${genericIdent(rng, 'pascal')}`,
    `--- PASS: Test${genericIdent(rng, 'pascal')} (0.00s)`,
    'FAIL',
    `FAIL\t${mod}/internal/${genericIdent(rng)}\t${seconds(rng)}s`,
    ...fill(Math.floor(bulk / 2), () => `ok  \t${mod}/${genericIdent(rng)}\t${seconds(rng)}s`),
    'FAIL',
  ];
  return {
    command: rng.pick(['go test ./...', 'go test -race ./internal/...', 'go test -run . ./...']),
    output: out.join('\n'),
    exitCode: 1,
    needle: test,
    style: 'go test',
  };
};

export const tsc: FailureMaker = (rng, names, bulk) => {
  const file = genericPath(rng, 'typescript');
  const line = rng.int(10, 500);
  const prop = names.ident('camel');
  const ty = genericIdent(rng, 'pascal');
  const out = [
    `> ${rng.pick(['tsc --noEmit', 'tsc -p tsconfig.build.json', 'tsc -b'])}`,
    '',
    ...fill(
      Math.floor(bulk / 8),
      () =>
        `${genericPath(rng, 'typescript')}:${rng.int(1, 300)}:${rng.int(1, 60)} - warning: '${genericIdent(rng, 'camel')}' is declared but never used.`,
    ),
    `${file}:${line}:${rng.int(3, 40)} - error TS2339: Property '${prop}' does not exist on type '${ty}'.`,
    '',
    `${line}     if (${genericIdent(rng, 'camel')}.${prop} > limit) {`,
    `        ${' '.repeat(rng.int(4, 20))}${'~'.repeat(prop.length)}`,
    '',
    '',
    `Found 1 error in ${file}:${line}`,
    '',
  ];
  return {
    command: rng.pick(['npx tsc --noEmit', 'npm run typecheck', 'pnpm tsc -b']),
    output: out.join('\n'),
    exitCode: 2,
    needle: prop,
    style: 'tsc',
  };
};

export const maven: FailureMaker = (rng, names, bulk) => {
  const cls = genericIdent(rng, 'pascal');
  const pkg = `com.acme.${genericIdent(rng).replace('_', '')}`;
  const method = names.ident('camel', true);
  const surefire = rng.chance(0.5);
  const info = fill(
    bulk,
    () =>
      `[INFO] ${rng.pick(['Downloading', 'Downloaded', 'Copying', 'Compiling'])} ${genericIdent(rng)}-${rng.int(1, 9)}.${rng.int(0, 20)}.jar`,
  );
  const body = surefire
    ? [
        '[INFO] -------------------------------------------------------',
        '[INFO]  T E S T S',
        `[INFO] Running ${pkg}.${cls}Test`,
        `[ERROR] Tests run: ${rng.int(3, 40)}, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: ${seconds(rng)} s <<< FAILURE! -- in ${pkg}.${cls}Test`,
        `[ERROR] ${pkg}.${cls}Test.${method} -- Time elapsed: 0.0${rng.int(10, 99)} s <<< FAILURE!`,
        `org.opentest4j.AssertionFailedError: expected: <${rng.int(1, 9)}> but was: <${rng.int(10, 99)}>`,
        `\tat ${pkg}.${cls}Test.${method}(${cls}Test.java:${rng.int(20, 300)})`,
        '[INFO]',
        '[INFO] Results:',
        '[ERROR] Failures:',
        `[ERROR]   ${cls}Test.${method}:${rng.int(20, 300)} expected: <${rng.int(1, 9)}> but was: <${rng.int(10, 99)}>`,
        `[ERROR] Tests run: ${rng.int(41, 300)}, Failures: 1, Errors: 0, Skipped: ${rng.int(0, 3)}`,
      ]
    : [
        '[INFO] --- maven-compiler-plugin:3.11.0:compile (default-compile) @ core ---',
        '[ERROR] COMPILATION ERROR :',
        `[ERROR] /workspace/src/main/java/${pkg.replace(/\./g, '/')}/${cls}.java:[${rng.int(20, 400)},${rng.int(5, 40)}] cannot find symbol`,
        `  symbol:   method ${method}(java.lang.String)`,
        `  location: class ${pkg}.${cls}`,
        '[INFO] 1 error',
      ];
  const out = [
    '[INFO] Scanning for projects...',
    ...info,
    ...body,
    '[INFO] ------------------------------------------------------------------------',
    '[INFO] BUILD FAILURE',
    '[INFO] ------------------------------------------------------------------------',
    `[INFO] Total time:  ${seconds(rng)} s`,
    `[ERROR] Failed to execute goal org.apache.maven.plugins:${surefire ? 'maven-surefire-plugin:3.2.2:test' : 'maven-compiler-plugin:3.11.0:compile'} (default) on project core: There ${surefire ? 'are test failures' : 'was a compilation failure'}.`,
    '[ERROR] -> [Help 1]',
  ];
  return {
    command: rng.pick(['mvn -q test', './mvnw verify', 'mvn compile', 'mvn -pl core test']),
    output: out.join('\n'),
    exitCode: 1,
    needle: method,
    style: surefire ? 'maven surefire' : 'javac (maven)',
  };
};

/** Which failure makers suit a code base in `lang` (polyglot repos draw from the others too). */
export function makersFor(lang: Lang): FailureMaker[] {
  const map: Record<Lang, FailureMaker[]> = {
    python: [pytest],
    typescript: [jest, tsc],
    rust: [cargo],
    go: [goTest],
    java: [maven],
  };
  return map[lang];
}
