/**
 * Failing command output in the shapes real tools print (test runners here, compilers and
 * build tools in failures-build.ts, runtimes and package managers in failures-runtime.ts). The line that names the failure is
 * never the last one: summaries, exit codes, `could not compile` or `BUILD FAILURE` follow
 * it, and `bulk` adds passing lines so that large logs bury it in the middle.
 */
import type { Rng } from './rng';
import { genericIdent, genericPath, type Names } from './vocab';

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

export const seconds = (rng: Rng) => (rng.int(5, 9000) / 1000).toFixed(rng.pick([2, 3]));

export function fill(n: number, line: (i: number) => string): string[] {
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
