/**
 * Ordinary tool output for the wild family (wild.ts): source files, passing test runs, git and
 * package-manager chatter, long build logs. None of it holds a lexicon word (wild-words.ts), so
 * it can surround planted facts without repeating their needles.
 */
import type { Rng } from './rng';
import { ADJS, DIRS, NOUNS, PEOPLE, VERBS, camel, clock, hex, ident, pascal, snake } from './wild-words';

/** The languages a wild project can be written in, with their file extension and test/build commands. */
export const STACKS = {
  ts: { ext: 'ts', test: 'npx vitest run', build: 'npx tsc --noEmit -p .', comment: '//' },
  py: { ext: 'py', test: 'python -m pytest -q', build: 'mypy src', comment: '#' },
  dotnet: { ext: 'cs', test: 'dotnet test', build: 'dotnet build -c Release', comment: '//' },
  java: { ext: 'java', test: './mvnw -q test', build: './gradlew build', comment: '//' },
  ruby: { ext: 'rb', test: 'bundle exec rspec', build: 'bundle exec rubocop', comment: '#' },
  cpp: {
    ext: 'cc',
    test: 'ctest --test-dir build --output-on-failure',
    build: 'cmake --build build -j8',
    comment: '//',
  },
  swift: { ext: 'swift', test: 'swift test', build: 'swift build', comment: '//' },
  dart: { ext: 'dart', test: 'flutter test', build: 'flutter analyze', comment: '//' },
  ocaml: { ext: 'ml', test: 'dune test', build: 'dune build @all', comment: '(*' },
  r: { ext: 'R', test: 'Rscript -e "devtools::test()"', build: 'R CMD check .', comment: '#' },
  sol: { ext: 'sol', test: 'forge test -vv', build: 'forge build', comment: '//' },
  go: { ext: 'go', test: 'go test ./...', build: 'go vet ./...', comment: '//' },
} as const;

export type Stack = keyof typeof STACKS;

/** A filler source path for a stack (relative, forward slashes). */
export function fillerPath(rng: Rng, stack: Stack): string {
  const { ext } = STACKS[stack];
  const base =
    stack === 'dotnet' || stack === 'java' || stack === 'swift'
      ? pascal(rng.pick(NOUNS), rng.pick(NOUNS))
      : stack === 'ts'
        ? `${rng.pick(NOUNS)}-${rng.pick(NOUNS)}`
        : snake(rng.pick(NOUNS), rng.pick(NOUNS));
  const dir =
    stack === 'java'
      ? `src/main/java/com/acme/${rng.pick(NOUNS)}`
      : stack === 'dotnet'
        ? `src/Acme.${pascal(rng.pick(NOUNS))}`
        : stack === 'swift'
          ? `Sources/${pascal(rng.pick(NOUNS))}Kit`
          : stack === 'dart'
            ? `lib/${rng.pick(NOUNS)}`
            : `${rng.pick(DIRS)}/${rng.pick(NOUNS)}`;
  return `${dir}/${base}.${ext}`;
}

/** One function/method in the stack's syntax, built from filler words (plus `extra` lines inside). */
function fn(rng: Rng, stack: Stack, extra: readonly string[] = []): string[] {
  const name =
    stack === 'py' || stack === 'ruby' || stack === 'ocaml' || stack === 'r' ? ident(rng, 'snake') : ident(rng);
  const a = rng.pick(NOUNS);
  const b = rng.pick(NOUNS);
  const body = [
    `const ${a}s = await this.${camel(rng.pick(VERBS), b)}(${a});`,
    `if (!${a}s.length) return [];`,
    `return ${a}s.filter((x) => x.${b}Id !== undefined).map((x) => ({ ...x, ${rng.pick(NOUNS)}: x.${b} }));`,
  ];
  const c = STACKS[stack].comment;
  switch (stack) {
    case 'py':
      return [
        `def ${name}(${a}, ${b}=None):`,
        `    """${rng.pick(VERBS)} the ${a} for a ${b}."""`,
        ...extra.map((l) => `    ${l}`),
        `    rows = [r for r in ${a} if r.${b}_id is not None]`,
        `    return {r.id: r for r in rows}`,
        '',
      ];
    case 'ruby':
      return [
        `  def ${name}(${a}, ${b}: nil)`,
        ...extra.map((l) => `    ${l}`),
        `    ${a}.select { |r| r.${b}_id }.map(&:to_h)`,
        '  end',
        '',
      ];
    case 'ocaml':
      return [
        `let ${name} ${a} ${b} =`,
        ...extra.map((l) => `  ${l}`),
        `  List.filter (fun r -> r.${b}_id <> None) ${a}`,
        '',
      ];
    case 'r':
      return [
        `${name} <- function(${a}, ${b} = NULL) {`,
        ...extra.map((l) => `  ${l}`),
        `  ${a}[!is.na(${a}$${b}_id), ]`,
        '}',
        '',
      ];
    case 'go':
      return [
        `func ${pascal(name)}(${a} []${pascal(a)}, ${b} string) ([]${pascal(a)}, error) {`,
        ...extra.map((l) => `\t${l}`),
        `\tout := make([]${pascal(a)}, 0, len(${a}))`,
        `\tfor _, r := range ${a} {`,
        `\t\tif r.${pascal(b)}ID != "" {`,
        '\t\t\tout = append(out, r)',
        '\t\t}',
        '\t}',
        '\treturn out, nil',
        '}',
        '',
      ];
    case 'dotnet':
    case 'java':
      return [
        `    public ${stack === 'java' ? 'List' : 'IReadOnlyList'}<${pascal(a)}> ${stack === 'java' ? name : pascal(name)}(${pascal(a)} ${a}, string ${b}) {`,
        ...extra.map((l) => `        ${l}`),
        `        ${c} ${rng.pick(ADJS)} ${b}s are skipped`,
        `        var rows = repository.${stack === 'java' ? 'find' : 'Find'}By${pascal(b)}(${b});`,
        `        return rows.stream().filter(r -> r.get${pascal(a)}() != null).toList();`,
        '    }',
        '',
      ];
    default:
      return [
        `export async function ${name}(${a}: ${pascal(a)}[], ${b}?: string) {`,
        ...extra.map((l) => `  ${l}`),
        ...body.map((l) => `  ${l}`),
        '}',
        '',
      ];
  }
}

/** A source file of about `lines` lines; `extra` lines go inside one function (a planted fact's code). */
export function sourceFile(rng: Rng, stack: Stack, lines: number, extra: readonly string[] = []): string[] {
  const c = STACKS[stack].comment;
  const head =
    stack === 'py'
      ? [
          `from __future__ import annotations`,
          `import logging`,
          `from .${rng.pick(NOUNS)} import ${pascal(rng.pick(NOUNS))}`,
          '',
          'log = logging.getLogger(__name__)',
          '',
        ]
      : stack === 'go'
        ? [`package ${rng.pick(NOUNS)}`, '', 'import (', '\t"context"', '\t"fmt"', ')', '']
        : stack === 'dotnet'
          ? [
              'using System;',
              'using System.Linq;',
              '',
              `namespace Acme.${pascal(rng.pick(NOUNS))};`,
              '',
              `public sealed class ${pascal(rng.pick(NOUNS), rng.pick(NOUNS))}`,
              '{',
            ]
          : stack === 'java'
            ? [
                `package com.acme.${rng.pick(NOUNS)};`,
                '',
                'import java.util.List;',
                '',
                `public class ${pascal(rng.pick(NOUNS), 'Service')} {`,
              ]
            : stack === 'ruby'
              ? ['# frozen_string_literal: true', '', `class ${pascal(rng.pick(NOUNS), rng.pick(NOUNS))}`]
              : [
                  `import { ${pascal(rng.pick(NOUNS))} } from './${rng.pick(NOUNS)}';`,
                  `${c} ${rng.pick(VERBS)}s ${rng.pick(NOUNS)} records`,
                  '',
                ];
  const out = [...head];
  let placed = extra.length === 0;
  while (out.length < lines) {
    const put = !placed && (out.length > lines / 3 || rng.chance(0.3));
    out.push(...fn(rng, stack, put ? extra : []));
    if (put) placed = true;
  }
  if (!placed) out.push(...fn(rng, stack, extra));
  if (stack === 'dotnet' || stack === 'java' || stack === 'ruby') out.push(stack === 'ruby' ? 'end' : '}');
  return out;
}

/** Numbers lines as `cat -n`/editors do (`width` digits, then the separator). */
export function numbered(lines: readonly string[], from = 1, sep = ': '): string {
  return lines.map((l, i) => `${from + i}${sep}${l}`).join('\n');
}

/** A passing test run for the stack, `n` tests. */
export function passingTests(rng: Rng, stack: Stack, n: number): string {
  const t = (rng.int(80, 9000) / 1000).toFixed(2);
  switch (stack) {
    case 'py':
      return `${'.'.repeat(Math.min(n, 80))}\n${n} passed, ${rng.int(0, 3)} warnings in ${t}s`;
    case 'ts':
      return ` RUN  v2.1.8 /work\n\n ✓ test/${rng.pick(NOUNS)}.test.ts (${n} tests) ${rng.int(5, 900)}ms\n\n Test Files  ${rng.int(1, 40)} passed\n      Tests  ${n} passed\n   Duration  ${t}s`;
    case 'go':
      return Array.from(
        { length: rng.int(2, 8) },
        () => `ok  \tgithub.com/acme/svc/${rng.pick(NOUNS)}\t${(rng.int(1, 900) / 100).toFixed(3)}s`,
      ).join('\n');
    case 'dotnet':
      return `  Determining projects to restore...\n  All projects are up-to-date for restore.\nPassed!  - Failed:     0, Passed:   ${n}, Skipped:     0, Total:   ${n}, Duration: ${t} s - Acme.Tests.dll (net8.0)`;
    case 'java':
      return `[INFO] Tests run: ${n}, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS\n[INFO] Total time:  ${t} s`;
    case 'ruby':
      return `${'.'.repeat(Math.min(n, 80))}\n\nFinished in ${t} seconds (files took 1.2 seconds to load)\n${n} examples, 0 failures`;
    default:
      return `All ${n} tests passed (${t}s)`;
  }
}

/** `git status --short` and friends over filler paths. */
export function gitStatus(rng: Rng, paths: readonly string[]): string {
  const branch = `${rng.pick(['fix', 'feat', 'chore'])}/${rng.pick(NOUNS)}-${rng.pick(NOUNS)}`;
  return [
    `On branch ${branch}`,
    'Changes not staged for commit:',
    ...rng.sample(paths, rng.int(1, 5)).map((p) => `\tmodified:   ${p}`),
    '',
    'no changes added to commit (use "git add" and/or "git commit -a")',
  ].join('\n');
}

/** `git log --oneline`. */
export function gitLog(rng: Rng, n: number): string {
  return Array.from(
    { length: n },
    () =>
      `${hex(rng, 7)} ${rng.pick(['Fix', 'Add', 'Refactor', 'Update', 'Remove'])} ${rng.pick(NOUNS)} ${rng.pick(NOUNS)} ${rng.pick(['handling', 'tests', 'docs', 'types', 'logging'])}`,
  ).join('\n');
}

/** `ls -la`-ish listing. */
export function listing(rng: Rng, names: readonly string[]): string {
  return names
    .map(
      (n) =>
        `-rw-r--r--  1 dev  staff  ${String(rng.int(120, 40000)).padStart(6)} Mar ${rng.int(1, 28)} ${rng.int(10, 23)}:${String(rng.int(0, 59)).padStart(2, '0')} ${n}`,
    )
    .join('\n');
}

/** grep -n hits over filler paths. */
export function grepHits(rng: Rng, paths: readonly string[], pattern: string): string {
  return rng
    .sample(paths, rng.int(1, 6))
    .map((p) => `${p}:${rng.int(3, 400)}:  const ${camel(rng.pick(NOUNS))} = ${pattern}(${rng.pick(NOUNS)});`)
    .join('\n');
}

/** A long, noisy log: dependency install, build steps, progress bars (\r), ANSI colour. About `kb` KB. */
export function bigLog(rng: Rng, stack: Stack, kb: number): string {
  const out: string[] = [];
  let size = 0;
  const push = (l: string) => {
    out.push(l);
    size += l.length + 1;
  };
  const pkgs = () => `${rng.pick(NOUNS)}-${rng.pick(VERBS)}${rng.chance(0.3) ? `-${rng.pick(NOUNS)}` : ''}`;
  while (size < kb * 1024) {
    const r = rng.int(0, 9);
    if (r < 3)
      push(
        `\u001b[32m✓\u001b[39m ${stack === 'py' ? 'test_' : ''}${rng.pick(VERBS)} ${rng.pick(NOUNS)} ${rng.pick(['when empty', 'with defaults', 'on retry', 'for a tenant', 'after flush'])} \u001b[2m(${rng.int(1, 400)} ms)\u001b[22m`,
      );
    else if (r < 5)
      push(
        `${clock(rng)} INFO  [${rng.pick(NOUNS)}-${rng.int(1, 9)}] ${rng.pick(VERBS)}ed ${rng.int(1, 5000)} ${rng.pick(NOUNS)}s in ${rng.int(1, 900)}ms`,
      );
    else if (r < 6)
      push(`Downloading ${pkgs()}-${rng.int(0, 9)}.${rng.int(0, 30)}.${rng.int(0, 20)} (${rng.int(10, 900)} kB)`);
    else if (r < 7)
      push(
        Array.from({ length: 5 }, (_, i) => `[${'#'.repeat((i + 1) * 4).padEnd(20, '.')}] ${(i + 1) * 20}%`).join('\r'),
      );
    else if (r < 8) push(`   Compiling ${pkgs()} v${rng.int(0, 3)}.${rng.int(0, 40)}.${rng.int(0, 9)}`);
    else if (r < 9)
      push(
        `${clock(rng)} DEBUG ${rng.pick(NOUNS)}.${rng.pick(VERBS)} ${rng.pick(NOUNS)}_id=${hex(rng, 12)} took=${rng.int(1, 90)}ms`,
      );
    else push(`\u001b[33mwarn\u001b[39m ${rng.pick(ADJS)} ${rng.pick(NOUNS)} option is deprecated and will be removed`);
  }
  return out.join('\n');
}

/** A config/env file of filler keys. */
export function envLines(rng: Rng, n: number): string[] {
  return Array.from({ length: n }, () => {
    const k = `${rng.pick(NOUNS)}_${rng.pick(NOUNS)}`.toUpperCase();
    const v = rng.pick([String(rng.int(1, 9999)), 'true', 'false', `${rng.pick(NOUNS)}.svc.local`, hex(rng, 16)]);
    return `${k}=${v}`;
  });
}

/** `docker ps` rows for filler containers. */
export function dockerRows(rng: Rng, n: number): string[] {
  return Array.from(
    { length: n },
    () =>
      `${hex(rng, 12)}   acme/${rng.pick(NOUNS)}:${rng.int(1, 9)}.${rng.int(0, 20)}   "docker-entrypoint.s…"   ${rng.int(2, 50)} minutes ago   Up ${rng.int(2, 50)} minutes   0.0.0.0:${rng.int(3000, 3999)}->${rng.int(3000, 3999)}/tcp   svc-${rng.pick(NOUNS)}-${rng.int(1, 3)}`,
  );
}

/** A project rules file's ordinary rules (a planted rule goes among them). */
export const RULES = [
  'Use the existing logger; no console prints in library code.',
  'Every public function needs a doc comment.',
  'Prefer small pull requests; one concern per commit.',
  'Run the formatter before committing.',
  'Tests live next to the code they test.',
  'Do not add dependencies without asking.',
  'Keep functions under 60 lines where practical.',
  'Error messages start with a lowercase letter and have no trailing period.',
  'Use early returns instead of nested conditionals.',
  'Commit messages: imperative mood, explain why.',
  'No default exports.',
  'Configuration comes from environment variables, never hard-coded.',
];

/** A short filler remark by a reviewer or teammate. */
export function teammateRemark(rng: Rng): string {
  return `${rng.pick(PEOPLE)}: ${rng.pick(['nit: naming', 'looks good otherwise', 'can we add a test for the empty case?', 'please rebase on main', 'why the extra allocation here?'])}`;
}
