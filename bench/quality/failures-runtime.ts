/**
 * Failing command output of runtimes and package managers: Python, Java and Node stack
 * traces, npm resolution errors, and shell scripts that die with an exit code. As in
 * failures.ts, the failing line is followed by more output.
 */
import type { FailureMaker } from './failures';
import { genericIdent, genericPath } from './vocab';

export const pythonTrace: FailureMaker = (rng, names, bulk) => {
  const key = names.ident('snake');
  const custom = rng.chance(0.5);
  const cls = custom ? `${names.ident('pascal')}Error` : 'KeyError';
  const needle = custom ? cls : key;
  const frames = Array.from({ length: rng.int(2, 6) }, () => [
    `  File "/workspace/${genericPath(rng, 'python')}", line ${rng.int(10, 600)}, in ${genericIdent(rng)}`,
    `    ${genericIdent(rng)} = ${genericIdent(rng)}(${genericIdent(rng)})`,
  ]).flat();
  const out = [
    ...Array.from(
      { length: bulk },
      () => `INFO ${genericIdent(rng)}: processed ${rng.int(1, 5000)} ${genericIdent(rng)} rows`,
    ),
    'Traceback (most recent call last):',
    ...frames,
    custom ? `app.errors.${cls}: ${genericIdent(rng)} ${rng.int(1, 999)} is not open` : `KeyError: '${key}'`,
    ...(rng.chance(0.5) ? [`make: *** [Makefile:${rng.int(5, 80)}: ${genericIdent(rng)}] Error 1`] : []),
    `exit status ${rng.pick([1, 2])}`,
  ];
  return {
    command: rng.pick([
      `python -m app.jobs.${genericIdent(rng)}`,
      `python scripts/${genericIdent(rng)}.py --dry-run`,
      'make backfill',
    ]),
    output: out.join('\n'),
    exitCode: 1,
    needle,
    style: 'python traceback',
  };
};

export const javaTrace: FailureMaker = (rng, names, bulk) => {
  const cls = `${names.ident('pascal')}Exception`;
  const pkg = `com.acme.${genericIdent(rng).replace('_', '')}`;
  const frames = () =>
    Array.from(
      { length: rng.int(3, 10) },
      () =>
        `\tat ${pkg}.${genericIdent(rng, 'pascal')}.${genericIdent(rng, 'camel')}(${genericIdent(rng, 'pascal')}.java:${rng.int(10, 900)})`,
    );
  const out = [
    ...Array.from(
      { length: bulk },
      () =>
        `2024-06-${rng.int(10, 28)} 10:${rng.int(10, 59)}:${rng.int(10, 59)}.${rng.int(100, 999)}  INFO ${rng.int(1000, 9999)} --- [main] ${pkg}.${genericIdent(rng, 'pascal')} : ${genericIdent(rng)} ready`,
    ),
    `2024-06-${rng.int(10, 28)} 10:22:31.118 ERROR ${rng.int(1000, 9999)} --- [main] o.s.boot.SpringApplication : Application run failed`,
    `java.lang.IllegalStateException: Failed to execute CommandLineRunner`,
    ...frames(),
    `Caused by: ${pkg}.${cls}: ${genericIdent(rng)} ${rng.int(1, 999)} already closed`,
    ...frames(),
    `\t... ${rng.int(5, 30)} more`,
    '',
    `Process finished with exit code 1`,
  ];
  return {
    command: rng.pick(['java -jar build/libs/app.jar', './gradlew bootRun', 'mvn spring-boot:run']),
    output: out.join('\n'),
    exitCode: 1,
    needle: cls,
    style: 'java stack trace',
  };
};

export const nodeTrace: FailureMaker = (rng, names, bulk) => {
  const prop = names.ident('camel');
  const file = `/workspace/dist/${genericIdent(rng)}.js`;
  const line = rng.int(10, 900);
  const out = [
    ...Array.from({ length: bulk }, () => `[${genericIdent(rng)}] listening ${genericIdent(rng)} ${rng.int(1, 99)}`),
    `${file}:${line}`,
    `    const id = ${genericIdent(rng, 'camel')}.${prop}.id;`,
    `                ${' '.repeat(rng.int(2, 12))}^`,
    '',
    `TypeError: Cannot read properties of undefined (reading '${prop}')`,
    ...Array.from(
      { length: rng.int(3, 8) },
      () =>
        `    at ${genericIdent(rng, 'camel')} (${genericPath(rng, 'typescript').replace(/\.ts$/, '.js')}:${rng.int(1, 500)}:${rng.int(1, 40)})`,
    ),
    '',
    `Node.js v${rng.pick(['18.19.0', '20.11.1', '22.3.0'])}`,
  ];
  return {
    command: rng.pick(['node dist/server.js', 'npm start', 'npx tsx src/main.ts']),
    output: out.join('\n'),
    exitCode: 1,
    needle: prop,
    style: 'node stack trace',
  };
};

export const npmError: FailureMaker = (rng, names, bulk) => {
  const pkg = `@acme/${names.ident('kebab')}`;
  const resolve = rng.chance(0.5);
  const body = resolve
    ? [
        'npm error code ERESOLVE',
        'npm error ERESOLVE unable to resolve dependency tree',
        'npm error',
        `npm error While resolving: acme-${genericIdent(rng).replace('_', '-')}@1.${rng.int(0, 20)}.0`,
        `npm error Found: react@18.${rng.int(0, 3)}.0`,
        'npm error Could not resolve dependency:',
        `npm error peer react@"^17.0.0" from ${pkg}@${rng.int(1, 5)}.${rng.int(0, 9)}.${rng.int(0, 9)}`,
        'npm error',
        'npm error Fix the upstream dependency conflict, or retry',
        'npm error this command with --force or --legacy-peer-deps',
      ]
    : [
        'npm error code E404',
        `npm error 404 Not Found - GET https://registry.internal.example/${pkg.replace('/', '%2f')} - Not found`,
        `npm error 404  '${pkg}@^${rng.int(1, 5)}.0.0' is not in this registry.`,
      ];
  const out = [
    ...Array.from(
      { length: bulk },
      () =>
        `npm http fetch GET 200 https://registry.internal.example/${genericIdent(rng).replace('_', '-')} ${rng.int(5, 900)}ms (cache hit)`,
    ),
    ...body,
    `npm error A complete log of this run can be found in: /root/.npm/_logs/2024-06-11T10_22_31_118Z-debug-0.log`,
  ];
  return {
    command: rng.pick(['npm install', 'npm ci', 'npm install --no-audit']),
    output: out.join('\n'),
    exitCode: 1,
    needle: pkg,
    style: resolve ? 'npm ERESOLVE' : 'npm E404',
  };
};

export const shellExit: FailureMaker = (rng, names, bulk) => {
  const tool = names.ident('kebab');
  const script = `scripts/${genericIdent(rng).replace('_', '-')}.sh`;
  const out = [
    `+ ./${script} --env staging`,
    ...Array.from(
      { length: bulk },
      () => `+ ${rng.pick(['echo', 'cp', 'mkdir -p', 'test -f'])} ${genericPath(rng, 'go')}`,
    ),
    `./${script}: line ${rng.int(10, 200)}: ${tool}: command not found`,
    `Cleaning up /tmp/tmp.${rng.int(1e5, 9e5)}`,
    `Error: Process completed with exit code 127.`,
  ];
  return {
    command: `./${script} --env staging`,
    output: out.join('\n'),
    exitCode: 127,
    needle: tool,
    style: 'shell exit code',
  };
};
