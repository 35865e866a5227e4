/**
 * Failing builds in the shapes compilers and build tools print: rustc/cargo, tsc and
 * javac/Maven (with Surefire test failures). As in failures.ts, the line naming the failure
 * is followed by more output (`could not compile`, `Found 1 error`, `BUILD FAILURE`).
 */
import { fill, seconds, type FailureMaker } from './failures';
import { genericIdent, genericPath } from './vocab';

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
