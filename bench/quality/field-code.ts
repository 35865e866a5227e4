/**
 * Ordinary work in a code repository for the field family: files of ten ecosystems, source
 * text, passing test runs, builds, installs, git, searches — uneven in size, as real sessions
 * are. Nothing here uses a codename (field-names.ts), so no filler can mimic a planted fact.
 */
import type { Act, Eco, World } from './field-core';
import { gitLog, gitStatus, grepHits, installLog, passingRun, TEST_CMD, dur } from './field-code-runs';
import { NOUNS, VERBS, agent, camel, cap, pascal, snake } from './field-names';
import { assign } from './field-say-agent';
import type { Rng } from './rng';
export const EXT: Record<Eco, string> = {
  ts: 'ts',
  python: 'py',
  go: 'go',
  rust: 'rs',
  java: 'java',
  dotnet: 'cs',
  ruby: 'rb',
  php: 'php',
  swift: 'swift',
  elixir: 'ex',
};

/** An ordinary path of the ecosystem's usual layout (relative to the root). */
export function codePath(rng: Rng, eco: Eco, app: string, test = false): string {
  const n = rng.pick(NOUNS);
  const v = rng.pick(VERBS);
  const mod = snake(app);
  switch (eco) {
    case 'ts':
      return test
        ? `test/${n}/${v}-${n}.test.ts`
        : rng.pick([`src/${n}/${v}-${n}.ts`, `src/${n}/index.ts`, `src/lib/${n}.ts`, `src/routes/${n}.ts`]);
    case 'python':
      return test
        ? `tests/${n}/test_${v}_${n}.py`
        : rng.pick([`${mod}/${n}/${v}_${n}.py`, `${mod}/${n}/models.py`, `${mod}/api/${n}.py`]);
    case 'go':
      return test
        ? `internal/${n}/${v}_test.go`
        : rng.pick([`internal/${n}/${v}.go`, `internal/${n}/${n}.go`, `pkg/${n}/client.go`]);
    case 'rust':
      return test ? `tests/${n}_${v}.rs` : rng.pick([`src/${n}.rs`, `src/${n}/mod.rs`, `src/${n}/${v}.rs`]);
    case 'java':
      return test
        ? `src/test/java/com/acme/${mod}/${n}/${cap(n)}${cap(v)}Test.java`
        : `src/main/java/com/acme/${mod}/${n}/${cap(n)}${rng.pick(['Service', 'Repository', 'Controller', 'Mapper'])}.java`;
    case 'dotnet':
      return test
        ? `tests/${pascal(app)}.Tests/${cap(n)}${cap(v)}Tests.cs`
        : `src/${pascal(app)}.${rng.pick(['Api', 'Core', 'Infrastructure'])}/${rng.pick(['Services', 'Controllers', 'Handlers'])}/${cap(n)}${rng.pick(['Service', 'Controller', 'Handler'])}.cs`;
    case 'ruby':
      return test
        ? `spec/${rng.pick(['models', 'services', 'requests'])}/${n}_spec.rb`
        : rng.pick([
            `app/models/${n}.rb`,
            `app/services/${n}_${agent(v)}.rb`,
            `app/controllers/${n}s_controller.rb`,
            `lib/${mod}/${n}.rb`,
          ]);
    case 'php':
      return test
        ? `tests/Feature/${cap(n)}${cap(v)}Test.php`
        : rng.pick([
            `app/Services/${cap(n)}Service.php`,
            `app/Http/Controllers/${cap(n)}Controller.php`,
            `app/Models/${cap(n)}.php`,
          ]);
    case 'swift':
      return test
        ? `Tests/${pascal(app)}Tests/${cap(n)}Tests.swift`
        : `Sources/${pascal(app)}/${cap(n)}${rng.pick(['Store', 'View', 'Client', 'Model'])}.swift`;
    case 'elixir':
      return test
        ? `test/${mod}/${n}_test.exs`
        : rng.pick([`lib/${mod}/${n}.ex`, `lib/${mod}/${n}/${v}.ex`, `lib/${mod}_web/controllers/${n}_controller.ex`]);
  }
}

export function codeFiles(rng: Rng, eco: Eco, app: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < 70; i++) out.add(codePath(rng, eco, app, i % 4 === 3));
  const extra: Record<Eco, string[]> = {
    ts: ['package.json', 'tsconfig.json', 'vitest.config.ts', '.eslintrc.cjs', 'README.md'],
    python: ['pyproject.toml', 'README.md', 'Makefile', 'alembic.ini'],
    go: ['go.mod', 'go.sum', 'Makefile', 'README.md', `cmd/${app}/main.go`],
    rust: ['Cargo.toml', 'Cargo.lock', 'README.md', 'src/main.rs', 'src/lib.rs'],
    java: ['pom.xml', 'README.md', 'src/main/resources/application.yml'],
    dotnet: [`${pascal(app)}.sln`, 'README.md', `src/${pascal(app)}.Api/appsettings.json`],
    ruby: ['Gemfile', 'Gemfile.lock', 'config/routes.rb', 'README.md'],
    php: ['composer.json', 'phpunit.xml', 'routes/api.php', 'README.md'],
    swift: ['Package.swift', 'README.md'],
    elixir: ['mix.exs', 'mix.lock', 'config/config.exs', 'README.md'],
  };
  return [...extra[eco], ...out];
}

function fnLines(rng: Rng, eco: Eco): string[] {
  const v = rng.pick(VERBS);
  const n = rng.pick(NOUNS);
  const m = rng.pick(NOUNS);
  const body = Array.from({ length: rng.int(2, 9) }, () => {
    const a = rng.pick(NOUNS);
    const b = rng.pick(VERBS);
    switch (eco) {
      case 'python':
        return rng.pick([
          `    ${a} = self._${b}_${a}(${n})`,
          `    if not ${a}:\n        return None`,
          `    log.debug("${b} %s", ${a})`,
          `    ${a}s.append(${b}_${a}(${m}))`,
        ]);
      case 'ruby':
        return rng.pick([
          `    ${a} = ${b}_${a}(${n})`,
          `    return if ${a}.nil?`,
          `    Rails.logger.debug("${b} #{${a}.id}")`,
        ]);
      case 'elixir':
        return rng.pick([`    |> ${b}_${a}()`, `    |> Enum.map(&${b}_${a}/1)`, `    |> Map.put(:${a}, ${m})`]);
      case 'go':
        return rng.pick([
          `\t${a}, err := s.${b}${cap(a)}(ctx, ${n})`,
          `\tif err != nil {\n\t\treturn nil, fmt.Errorf("${b} ${a}: %w", err)\n\t}`,
          `\ts.log.Debug("${b}", "${a}", ${a})`,
        ]);
      case 'rust':
        return rng.pick([
          `    let ${a} = self.${b}_${a}(&${n})?;`,
          `    tracing::debug!(${a} = ?${a}, "${b}");`,
          `    if ${a}.is_empty() {\n        return Ok(None);\n    }`,
        ]);
      case 'php':
        return rng.pick([
          `        $${a} = $this->${b}${cap(a)}($${n});`,
          `        if ($${a} === null) {\n            return null;\n        }`,
        ]);
      case 'swift':
        return rng.pick([
          `        let ${a} = try await ${b}${cap(a)}(${n})`,
          `        guard !${a}.isEmpty else { return nil }`,
        ]);
      default:
        return rng.pick([
          `  const ${a} = await this.${b}${cap(a)}(${n});`,
          `  if (!${a}) return undefined;`,
          `  logger.debug({ ${a} }, '${b}');`,
          `  ${a}s.push(${camel(b, a)}(${m}));`,
        ]);
    }
  });
  switch (eco) {
    case 'python':
      return [
        `def ${v}_${n}(self, ${n}: ${cap(n)}, ${m}: ${cap(m)} | None = None) -> ${cap(n)} | None:`,
        ...body,
        `    return ${n}`,
        '',
      ];
    case 'ruby':
      return [`  def ${v}_${n}(${n}, ${m} = nil)`, ...body, `    ${n}`, '  end', ''];
    case 'elixir':
      return [`  def ${v}_${n}(%${cap(n)}{} = ${n}, opts \\\\ []) do`, `    ${n}`, ...body, '  end', ''];
    case 'go':
      return [
        `func (s *${cap(n)}Service) ${cap(v)}${cap(n)}(ctx context.Context, ${n} *${cap(n)}) (*${cap(m)}, error) {`,
        ...body,
        `\treturn &${cap(m)}{}, nil`,
        '}',
        '',
      ];
    case 'rust':
      return [
        `pub fn ${v}_${n}(&self, ${n}: &${cap(n)}) -> Result<Option<${cap(m)}>> {`,
        ...body,
        '    Ok(None)',
        '}',
        '',
      ];
    case 'java':
      return [
        `    public ${cap(m)} ${v}${cap(n)}(${cap(n)} ${n}) {`,
        ...body.map((l) => `  ${l.trim()}`.replace(/^/, '      ')),
        `        return ${m}Repository.save(${n});`,
        '    }',
        '',
      ];
    case 'dotnet':
      return [
        `    public async Task<${cap(m)}?> ${cap(v)}${cap(n)}Async(${cap(n)} ${n}, CancellationToken ct = default)`,
        '    {',
        ...body.map((l) => `    ${l.trim()}`.replace(/^/, '    ')),
        '        return null;',
        '    }',
        '',
      ];
    case 'php':
      return [
        `    public function ${v}${cap(n)}(${cap(n)} $${n}): ?${cap(m)}`,
        '    {',
        ...body,
        '        return null;',
        '    }',
        '',
      ];
    case 'swift':
      return [
        `    func ${v}${cap(n)}(_ ${n}: ${cap(n)}) async throws -> ${cap(m)}? {`,
        ...body,
        '        return nil',
        '    }',
        '',
      ];
    default:
      return [
        `export async function ${camel(v, n)}(${n}: ${cap(n)}, opts: ${cap(v)}Options = {}): Promise<${cap(m)} | undefined> {`,
        ...body,
        `  return ${n} as unknown as ${cap(m)};`,
        '}',
        '',
      ];
  }
}

/** Source text of about `lines` lines for `path`. */
export function sourceText(rng: Rng, eco: Eco, lines: number): string {
  const head: Record<Eco, string[]> = {
    ts: [`import { logger } from '../lib/logger';`, `import type { ${cap(rng.pick(NOUNS))} } from '../types';`, ''],
    python: ['from __future__ import annotations', '', 'import logging', '', 'log = logging.getLogger(__name__)', ''],
    go: ['package ' + rng.pick(NOUNS), '', 'import (', '\t"context"', '\t"fmt"', ')', ''],
    rust: ['use anyhow::Result;', `use crate::${rng.pick(NOUNS)}::${cap(rng.pick(NOUNS))};`, ''],
    java: [
      `package com.acme.${rng.pick(NOUNS)};`,
      '',
      'import org.springframework.stereotype.Service;',
      '',
      '@Service',
      `public class ${cap(rng.pick(NOUNS))}Service {`,
      '',
    ],
    dotnet: ['namespace Acme.Core.Services;', '', `public sealed class ${cap(rng.pick(NOUNS))}Service`, '{'],
    ruby: [`class ${cap(rng.pick(NOUNS))}${cap(agent(rng.pick(VERBS)))}`],
    php: ['<?php', '', 'namespace App\\Services;', '', `final class ${cap(rng.pick(NOUNS))}Service`, '{'],
    swift: ['import Foundation', '', `actor ${cap(rng.pick(NOUNS))}Store {`],
    elixir: [`defmodule Acme.${cap(rng.pick(NOUNS))} do`, '  @moduledoc false', ''],
  };
  const out = [...head[eco]];
  while (out.length < lines) out.push(...fnLines(rng, eco));
  const tail: Partial<Record<Eco, string>> = {
    java: '}',
    dotnet: '}',
    ruby: 'end',
    php: '}',
    swift: '}',
    elixir: 'end',
  };
  if (tail[eco]) out.push(tail[eco] as string);
  return out.join('\n');
}

/** One step of ordinary coding work: its narration and actions. */
export function codeFiller(rng: Rng, w: World): { text?: string; acts: Act[] } {
  const f = () => rng.pick(w.files.filter((p) => /\.\w+$/.test(p) && !p.endsWith('.json') && !p.endsWith('.md')));
  const kind = rng.weighted<string>([
    ['read', 8],
    ['read2', 3],
    ['grep', 4],
    ['glob', 2],
    ['test', 3],
    ['edit', 5],
    ['git', 2],
    ['install', 1],
    ['lint', 2],
    ['diag', 2],
    ['search', 1],
  ]);
  const say = (...opts: string[]) => (rng.chance(0.55) ? rng.pick(opts) : undefined);
  const readOf = (p: string): Act => {
    const total = rng.logInt(30, 900);
    const len = Math.min(total, rng.logInt(20, 320));
    const start = total > len && rng.chance(0.5) ? rng.int(1, total - len) : undefined;
    return {
      t: 'read',
      path: p,
      text: sourceText(rng, w.eco, len).split('\n').slice(0, len).join('\n'),
      ...(start ? { start } : {}),
      total,
    };
  };
  switch (kind) {
    case 'read':
      return {
        text: say(`Let me look at \`${f()}\`.`, 'Reading the module first.', 'Checking how this is wired up.'),
        acts: [readOf(f())],
      };
    case 'read2':
      return {
        text: say('Reading both sides of the call.', 'Opening the implementation and its test together.'),
        acts: [readOf(f()), readOf(f())].slice(0, rng.int(2, 3)),
      };
    case 'grep': {
      const term = rng.chance(0.5) ? camel(rng.pick(VERBS), rng.pick(NOUNS)) : `${rng.pick(VERBS)}_${rng.pick(NOUNS)}`;
      return {
        text: say(`Searching for callers of \`${term}\`.`, 'Where else is this used?'),
        acts: [{ t: 'grep', pattern: term, hits: grepHits(rng, w, term, rng.logInt(1, 60)) }],
      };
    }
    case 'glob': {
      const ext = EXT[w.eco];
      return {
        acts: [{ t: 'glob', pattern: `**/*${rng.pick(NOUNS)}*.${ext}`, paths: rng.sample(w.files, rng.int(1, 30)) }],
      };
    }
    case 'test': {
      const part = rng.sample(w.files, rng.int(3, 40));
      return {
        text: say('Running the tests.', 'Let me make sure nothing else broke.', 'Full suite again.'),
        acts: [{ t: 'sh', cmd: TEST_CMD[w.eco], out: passingRun(rng, w, part), why: 'Run test suite' }],
      };
    }
    case 'edit': {
      const p = f();
      const a = rng.pick(NOUNS);
      const v = rng.pick(VERBS);
      const lines = sourceText(rng, w.eco, 30).split('\n');
      const at = rng.int(Math.min(8, lines.length - 4), Math.max(8, lines.length - 4));
      const old = lines.slice(at, at + 3).join('\n');
      const call = ['python', 'ruby', 'elixir', 'rust'].includes(w.eco) ? `${v}_${a}` : camel(v, a);
      const nu = `${old}\n${assign(w.eco, a, `${call}(${rng.pick(NOUNS)})`)}`;
      return {
        text: say('Small fix here.', `Updating \`${p}\`.`, 'Applying the change.'),
        acts: [{ t: 'edit', path: p, old, new: nu, why: `${cap(v)} ${a} before returning` }],
      };
    }
    case 'git':
      return rng.chance(0.5)
        ? {
            acts: [
              {
                t: 'sh',
                cmd: 'git status',
                out: gitStatus(rng, w.files, rng.pick(['main', `fix/${rng.pick(NOUNS)}-${rng.pick(VERBS)}`])),
                why: 'Show working tree status',
              },
            ],
          }
        : {
            acts: [
              {
                t: 'sh',
                cmd: `git log --oneline -${rng.int(5, 40)}`,
                out: gitLog(rng, rng.int(5, 40)),
                why: 'Recent history',
              },
            ],
          };
    case 'install': {
      const l = installLog(rng, w);
      return {
        text: say('Installing dependencies first.'),
        acts: [{ t: 'sh', cmd: l.cmd, out: l.out, why: 'Install dependencies' }],
      };
    }
    case 'lint': {
      const cmd: Record<Eco, [string, string]> = {
        ts: ['npx eslint .', ''],
        python: ['ruff check .', 'All checks passed!'],
        go: ['golangci-lint run ./...', ''],
        rust: [
          'cargo clippy -- -D warnings',
          `    Checking ${w.name} v0.1.0 (${w.root})\n    Finished \`dev\` profile [unoptimized + debuginfo] target(s) in ${dur(rng, 1, 30)}s`,
        ],
        java: ['mvn -q spotless:check', ''],
        dotnet: ['dotnet format --verify-no-changes', ''],
        ruby: [
          'bundle exec rubocop',
          `Inspecting ${rng.int(80, 600)} files\n${'.'.repeat(60)}\n\n${rng.int(80, 600)} files inspected, no offenses detected`,
        ],
        php: [
          'vendor/bin/php-cs-fixer fix --dry-run',
          'Loaded config default from ".php-cs-fixer.dist.php".\nFound 0 of ' +
            rng.int(80, 400) +
            ' files that can be fixed in ' +
            dur(rng, 1, 9) +
            ' seconds',
        ],
        swift: ['swiftlint', 'Done linting! Found 0 violations, 0 serious in ' + rng.int(20, 300) + ' files.'],
        elixir: [
          'mix credo --strict',
          'Checking ' +
            rng.int(40, 300) +
            ' source files ...\n\nAnalysis took 1.2 seconds (0.04s to load, 1.1s running 55 checks on ' +
            rng.int(40, 300) +
            ' files)\n' +
            rng.int(100, 900) +
            ' mods/funs, found no issues.',
        ],
      };
      const [c, out] = cmd[w.eco];
      return { acts: [{ t: 'sh', cmd: c, out, why: 'Lint' }] };
    }
    case 'diag':
      return { acts: [{ t: 'diag', path: f(), problems: [] }] };
    default:
      return {
        acts: [
          {
            t: 'search',
            query: `where is ${rng.pick(NOUNS)} ${rng.pick(VERBS)}ed`,
            hits: Array.from({ length: rng.int(2, 6) }, () => ({
              path: f(),
              line: rng.int(1, 400),
              text: sourceText(rng, w.eco, 3).split('\n').slice(-3).join('\n'),
            })),
          },
        ],
      };
  }
}
