/**
 * What ordinary coding work prints in the field family (field-code.ts): passing test runs of
 * ten ecosystems, dependency installs and builds, git, searches, a clean typecheck.
 */
import type { Eco, World } from './field-core';
import { NOUNS, VERBS, hex, pascal, snake } from './field-names';
import type { Rng } from './rng';

export const TEST_CMD: Record<Eco, string> = {
  ts: 'npx vitest run',
  python: 'pytest -q',
  go: 'go test ./...',
  rust: 'cargo test',
  java: 'mvn -q test',
  dotnet: 'dotnet test',
  ruby: 'bundle exec rspec',
  php: 'vendor/bin/phpunit',
  swift: 'swift test',
  elixir: 'mix test',
};

export const dur = (rng: Rng, lo: number, hi: number) => (rng.int(lo * 100, hi * 100) / 100).toFixed(2);

/** A passing run of the whole suite (or a part of it), in the ecosystem's own output. */
export function passingRun(rng: Rng, w: World, files: readonly string[]): string {
  const tests = files.filter((f) => /test|spec|Tests/.test(f));
  const n = rng.int(40, 900);
  switch (w.eco) {
    case 'ts':
      return [
        '',
        ` RUN  v1.${rng.int(2, 6)}.${rng.int(0, 5)} ${w.root}`,
        '',
        ...tests.map((t) => ` ✓ ${t} (${rng.int(1, 40)} tests) ${rng.int(3, 900)}ms`),
        '',
        ` Test Files  ${tests.length} passed (${tests.length})`,
        `      Tests  ${n} passed (${n})`,
        `   Duration  ${dur(rng, 1, 40)}s (transform ${rng.int(100, 900)}ms, setup 0ms, collect ${rng.int(1, 9)}.${rng.int(1, 99)}s, tests ${rng.int(1, 30)}.${rng.int(1, 99)}s)`,
      ].join('\n');
    case 'python':
      return [
        '============================= test session starts ==============================',
        `platform linux -- Python 3.${rng.int(10, 12)}.${rng.int(1, 9)}, pytest-8.${rng.int(0, 3)}.${rng.int(0, 2)}, pluggy-1.5.0`,
        `rootdir: ${w.root}`,
        'configfile: pyproject.toml',
        `collected ${n} items`,
        '',
        ...tests.map(
          (t, i) =>
            `${t} ${'.'.repeat(rng.int(3, 40))}${' '.repeat(4)}[${String(Math.round(((i + 1) * 100) / tests.length)).padStart(3)}%]`,
        ),
        '',
        `============================= ${n} passed in ${dur(rng, 1, 60)}s ==============================`,
      ].join('\n');
    case 'go':
      return tests
        .map((t) => `ok  \tgithub.com/acme/${w.name}/${t.split('/').slice(0, -1).join('/')}\t${dur(rng, 0, 3)}s`)
        .join('\n');
    case 'rust':
      return [
        `   Compiling ${w.name} v0.${rng.int(1, 9)}.0 (${w.root})`,
        `    Finished \`test\` profile [unoptimized + debuginfo] target(s) in ${dur(rng, 2, 90)}s`,
        `     Running unittests src/lib.rs (target/debug/deps/${snake(w.name)}-${hex(rng, 16)})`,
        '',
        `running ${n} tests`,
        ...Array.from(
          { length: Math.min(n, rng.int(5, 60)) },
          () => `test ${rng.pick(NOUNS)}::tests::${rng.pick(VERBS)}_${rng.pick(NOUNS)} ... ok`,
        ),
        '',
        `test result: ok. ${n} passed; 0 failed; ${rng.int(0, 3)} ignored; 0 measured; 0 filtered out; finished in ${dur(rng, 0, 9)}s`,
      ].join('\n');
    case 'java':
      return [
        ...tests.map((t) => {
          const cls = t
            .replace(/^src\/test\/java\//, '')
            .replace(/\.java$/, '')
            .replace(/\//g, '.');
          return `[INFO] Tests run: ${rng.int(1, 30)}, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: ${dur(rng, 0, 4)} s -- in ${cls}`;
        }),
        '[INFO] ',
        '[INFO] Results:',
        '[INFO] ',
        `[INFO] Tests run: ${n}, Failures: 0, Errors: 0, Skipped: ${rng.int(0, 4)}`,
        '[INFO] ------------------------------------------------------------------------',
        '[INFO] BUILD SUCCESS',
        '[INFO] ------------------------------------------------------------------------',
        `[INFO] Total time:  ${dur(rng, 8, 120)} s`,
      ].join('\n');
    case 'dotnet':
      return [
        '  Determining projects to restore...',
        '  All projects are up-to-date for restore.',
        `  ${pascal(w.name)}.Core -> ${w.root}/src/${pascal(w.name)}.Core/bin/Debug/net8.0/${pascal(w.name)}.Core.dll`,
        `  ${pascal(w.name)}.Tests -> ${w.root}/tests/${pascal(w.name)}.Tests/bin/Debug/net8.0/${pascal(w.name)}.Tests.dll`,
        `Test run for ${w.root}/tests/${pascal(w.name)}.Tests/bin/Debug/net8.0/${pascal(w.name)}.Tests.dll (.NETCoreApp,Version=v8.0)`,
        'Starting test execution, please wait...',
        'A total of 1 test files matched the specified pattern.',
        '',
        `Passed!  - Failed:     0, Passed:   ${n}, Skipped:     0, Total:   ${n}, Duration: ${rng.int(1, 40)} s - ${pascal(w.name)}.Tests.dll (net8.0)`,
      ].join('\n');
    case 'ruby':
      return [
        `Randomized with seed ${rng.int(1000, 65000)}`,
        '.'.repeat(Math.min(n, 400)).replace(/(.{80})/g, '$1\n'),
        '',
        `Finished in ${dur(rng, 1, 90)} seconds (files took ${dur(rng, 1, 5)} seconds to load)`,
        `${n} examples, 0 failures`,
      ].join('\n');
    case 'php':
      return [
        'PHPUnit 10.5.' + rng.int(10, 30) + ' by Sebastian Bergmann and contributors.',
        '',
        'Runtime:       PHP 8.' + rng.int(2, 3) + '.' + rng.int(1, 12),
        `Configuration: ${w.root}/phpunit.xml`,
        '',
        '.'.repeat(Math.min(n, 300)).replace(/(.{63})/g, '$1\n'),
        '',
        `Time: 00:${dur(rng, 1, 59)}, Memory: ${rng.int(30, 120)}.00 MB`,
        '',
        `OK (${n} tests, ${n * rng.int(2, 4)} assertions)`,
      ].join('\n');
    case 'swift':
      return [
        'Building for debugging...',
        `Build complete! (${dur(rng, 2, 60)}s)`,
        `Test Suite 'All tests' started at ${w.clock.iso().replace('T', ' ').slice(0, 23)}.`,
        ...tests.map((t) => `Test Suite '${t.split('/').pop()?.replace('.swift', '')}' passed.`),
        `Executed ${n} tests, with 0 failures (0 unexpected) in ${dur(rng, 0, 9)} (${dur(rng, 0, 10)}) seconds`,
      ].join('\n');
    case 'elixir':
      return [
        `Running ExUnit with seed: ${rng.int(1000, 999999)}, max_cases: 16`,
        '',
        '.'.repeat(Math.min(n, 300)).replace(/(.{90})/g, '$1\n'),
        `Finished in ${dur(rng, 0, 30)} seconds (${dur(rng, 0, 9)}s async, ${dur(rng, 0, 20)}s sync)`,
        `${n} tests, 0 failures`,
      ].join('\n');
  }
}

const INSTALL: Record<Eco, string> = {
  ts: 'npm ci',
  python: 'pip install -e ".[dev]"',
  go: 'go mod download',
  rust: 'cargo build',
  java: 'mvn -q -DskipTests package',
  dotnet: 'dotnet restore',
  ruby: 'bundle install',
  php: 'composer install',
  swift: 'swift build',
  elixir: 'mix deps.get',
};

/** A dependency install or build log: long, mostly noise. */
export function installLog(rng: Rng, w: World): { cmd: string; out: string } {
  const pkgs = Array.from(
    { length: rng.logInt(10, 260) },
    () => `${rng.pick(NOUNS)}-${rng.pick(VERBS)}${rng.chance(0.3) ? '-' + rng.pick(NOUNS) : ''}`,
  );
  const ver = () => `${rng.int(0, 9)}.${rng.int(0, 30)}.${rng.int(0, 20)}`;
  const lines: Record<Eco, () => string[]> = {
    ts: () => [
      ...pkgs.slice(0, 6).map((p) => `npm warn deprecated ${p}@${ver()}: This package is no longer supported.`),
      '',
      `added ${pkgs.length * 7} packages, and audited ${pkgs.length * 7 + 1} packages in ${rng.int(4, 80)}s`,
      '',
      `${rng.int(40, 200)} packages are looking for funding`,
      '  run `npm fund` for details',
      '',
      'found 0 vulnerabilities',
    ],
    python: () => [
      ...pkgs.map(
        (p) =>
          `Collecting ${p}>=${ver()}\n  Using cached ${snake(p)}-${ver()}-py3-none-any.whl (${rng.int(8, 900)} kB)`,
      ),
      `Successfully installed ${pkgs
        .slice(0, 30)
        .map((p) => `${p}-${ver()}`)
        .join(' ')}`,
    ],
    go: () => pkgs.map((p) => `go: downloading github.com/${rng.pick(NOUNS)}/${p} v${ver()}`),
    rust: () => [
      ...pkgs.map((p) => `   Compiling ${snake(p)} v${ver()}`),
      `    Finished \`dev\` profile [unoptimized + debuginfo] target(s) in ${dur(rng, 10, 300)}s`,
    ],
    java: () =>
      pkgs.map(
        (p) =>
          `Downloaded from central: https://repo.maven.apache.org/maven2/org/${rng.pick(NOUNS)}/${p}/${ver()}/${p}-${ver()}.jar (${rng.int(4, 900)} kB at ${rng.int(1, 9)}.${rng.int(0, 9)} MB/s)`,
      ),
    dotnet: () => [
      ...pkgs
        .slice(0, 40)
        .map(
          (p) =>
            `  Installed ${pascal(p)} ${ver()} from https://api.nuget.org/v3/index.json to /home/dev/.nuget/packages/${p}/${ver()}`,
        ),
      `  Restored ${w.root}/src/${pascal(w.name)}.Api/${pascal(w.name)}.Api.csproj (in ${rng.int(1, 20)}.${rng.int(1, 9)} sec).`,
    ],
    ruby: () => [
      ...pkgs.map((p) => `Fetching ${snake(p)} ${ver()}\nInstalling ${snake(p)} ${ver()}`),
      `Bundle complete! ${rng.int(30, 90)} Gemfile dependencies, ${pkgs.length * 2} gems now installed.`,
    ],
    php: () => [
      'Installing dependencies from lock file (including require-dev)',
      `Package operations: ${pkgs.length} installs, 0 updates, 0 removals`,
      ...pkgs.map((p) => `  - Installing ${rng.pick(NOUNS)}/${p} (v${ver()}): Extracting archive`),
      'Generating optimized autoload files',
    ],
    swift: () => [
      ...pkgs.slice(0, 20).map((p) => `Fetching https://github.com/${rng.pick(NOUNS)}/${p}.git`),
      ...pkgs.slice(0, 20).map((p, i) => `[${i + 1}/${pkgs.length}] Compiling ${pascal(p)} ${pascal(p)}.swift`),
      `Build complete! (${dur(rng, 20, 300)}s)`,
    ],
    elixir: () => [
      ...pkgs.map((p) => `  ${snake(p)} ${ver()}`),
      '* Getting ' + snake(pkgs[0] ?? 'dep') + ' (Hex package)',
      'Resolving Hex dependencies...',
      'Resolution completed in 0.' + rng.int(10, 99) + 's',
    ],
  };
  return { cmd: INSTALL[w.eco], out: lines[w.eco]().join('\n') };
}

export function gitLog(rng: Rng, n: number): string {
  const msgs = () =>
    `${rng.pick(['fix', 'feat', 'chore', 'refactor', 'test', 'docs'])}(${rng.pick(NOUNS)}): ${rng.pick(VERBS)} ${rng.pick(NOUNS)} ${rng.pick(['handling', 'for empty input', 'on retry', 'edge case', 'types', 'logging', 'timeouts'])}`;
  return Array.from({ length: n }, () => `${hex(rng, 7)} ${msgs()}`).join('\n');
}

export function gitStatus(rng: Rng, files: readonly string[], branch: string): string {
  const mod = rng.sample(files, rng.int(0, 6));
  return [
    `On branch ${branch}`,
    mod.length
      ? 'Changes not staged for commit:\n  (use "git add <file>..." to update what will be committed)'
      : 'nothing to commit, working tree clean',
    ...mod.map((f) => `\tmodified:   ${f}`),
  ].join('\n');
}

/** `path:line:text` hits of a search over ordinary files. */
export function grepHits(rng: Rng, w: World, term: string, n: number): string[] {
  const forms: Record<Eco, string[]> = {
    ts: [`const x = await ${term}(`, `import { ${term} } from '../`, `export function ${term}(`, `  ${term}(`],
    python: [`def ${term}(`, `from . import ${term}`, `    return ${term}(`, `    ${term}(`],
    go: [`func ${term}(`, `\t${term}(ctx, `, `\treturn ${term}(`],
    rust: [`pub fn ${term}(`, `    ${term}(&`, `use crate::${term};`],
    java: [`    public void ${term}(`, `        ${term}(`],
    dotnet: [`    public Task ${term}(`, `        await ${term}(`],
    ruby: [`  def ${term}(`, `    ${term}(`],
    php: [`    public function ${term}(`, `        $this->${term}(`],
    swift: [`    func ${term}(`, `        try await ${term}(`],
    elixir: [`  def ${term}(`, `    |> ${term}(`],
  };
  return Array.from({ length: n }, () => {
    const f = rng.pick(w.files);
    return `${f}:${rng.int(3, 480)}:${rng.pick(forms[w.eco])}${rng.pick(NOUNS)}${rng.chance(0.5) ? ')' : ', opts)'}`;
  });
}

/** What the typecheck prints when it passes. */
export function typecheckOk(rng: Rng, w: World): string {
  const n = rng.int(40, 900);
  const by: Record<Eco, string> = {
    ts: '',
    python: `Success: no issues found in ${n} source files`,
    go: '',
    rust: `    Checking ${w.name} v0.1.0 (${w.root})\n    Finished \`dev\` profile [unoptimized + debuginfo] target(s) in ${dur(rng, 1, 30)}s`,
    java: '',
    dotnet: `Build succeeded.\n    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:${String(rng.int(3, 59)).padStart(2, '0')}.${rng.int(10, 99)}`,
    ruby: `No errors! Great job.`,
    php: `[OK] No errors`,
    swift: `Build complete! (${dur(rng, 1, 40)}s)`,
    elixir: `Compiling ${rng.int(1, 9)} files (.ex)\nGenerated ${snake(w.name)} app`,
  };
  return by[w.eco];
}
