/**
 * Filler of the blind family (blind.ts): source files in eleven languages, search hits, git
 * and shell output, what the agent says between steps and what the user says between turns.
 * Filler only ever uses the session's ordinary words (blind-words.ts FILLER): no needle word.
 */
import type { Rng } from './rng';
import { camel, FILLER, Names, pascal, snake } from './blind-words';

/** How one language spells the few constructs filler code is made of. */
interface Syntax {
  comment: string;
  header: (n: Names) => string[];
  fn: (name: string, args: string[]) => string;
  close?: string;
  assign: (v: string, e: string) => string;
  guard: (e: string, r: string) => string[];
  ret: (e: string) => string;
  call: (f: string, args: string[]) => string;
  indent: string;
}

const block = (close?: string) => (close === undefined ? {} : { close });

const SYNTAX: Record<string, Syntax> = {
  ts: {
    comment: '//',
    header: (n) => [
      `import { ${n.func()}, ${n.func()} } from '../core/${snake([n.noun()])}';`,
      `import type { ${n.type()} } from './types';`,
      '',
    ],
    fn: (f, a) => `export async function ${f}(${a.map((x) => `${x}: string`).join(', ')}): Promise<number> {`,
    ...block('}'),
    assign: (v, e) => `const ${v} = ${e};`,
    guard: (e, r) => [`if (!${e}) {`, `  return ${r};`, '}'],
    ret: (e) => `return ${e};`,
    call: (f, a) => `await ${f}(${a.join(', ')})`,
    indent: '  ',
  },
  py: {
    comment: '#',
    header: (n) => [
      `from __future__ import annotations`,
      '',
      `from ..core.${snake([n.noun()])} import ${snake([n.verb(), n.noun()])}`,
      '',
    ],
    fn: (f, a) => `def ${snake(f.split(/(?=[A-Z])/).map((w) => w.toLowerCase()))}(${a.join(', ')}):`,
    assign: (v, e) => `${v} = ${e}`,
    guard: (e, r) => [`if not ${e}:`, `    return ${r}`],
    ret: (e) => `return ${e}`,
    call: (f, a) => `${snake(f.split(/(?=[A-Z])/).map((w) => w.toLowerCase()))}(${a.join(', ')})`,
    indent: '    ',
  },
  rb: {
    comment: '#',
    header: (n) => [`# frozen_string_literal: true`, '', `class ${n.type()} < ApplicationRecord`],
    fn: (f, a) => `  def ${snake(f.split(/(?=[A-Z])/).map((w) => w.toLowerCase()))}(${a.join(', ')})`,
    ...block('  end'),
    assign: (v, e) => `  ${v} = ${e}`,
    guard: (e, r) => [`  return ${r} unless ${e}`],
    ret: (e) => `  ${e}`,
    call: (f, a) => `${snake(f.split(/(?=[A-Z])/).map((w) => w.toLowerCase()))}(${a.join(', ')})`,
    indent: '  ',
  },
  ex: {
    comment: '#',
    header: (n) => [
      `defmodule ${pascal([n.app])}.${pascal([n.area])}.${n.type()} do`,
      `  alias ${pascal([n.app])}.Repo`,
      '',
    ],
    fn: (f, a) => `  def ${snake(f.split(/(?=[A-Z])/).map((w) => w.toLowerCase()))}(${a.join(', ')}) do`,
    ...block('  end'),
    assign: (v, e) => `  ${v} = ${e}`,
    guard: (e, r) => [`  if is_nil(${e}), do: ${r}`],
    ret: (e) => `  {:ok, ${e}}`,
    call: (f, a) => `${snake(f.split(/(?=[A-Z])/).map((w) => w.toLowerCase()))}(${a.join(', ')})`,
    indent: '  ',
  },
  kt: {
    comment: '//',
    header: (n) => [`package com.acme.${n.area}`, '', `import com.acme.core.${n.type()}`, ''],
    fn: (f, a) => `suspend fun ${f}(${a.map((x) => `${x}: String`).join(', ')}): Int {`,
    ...block('}'),
    assign: (v, e) => `val ${v} = ${e}`,
    guard: (e, r) => [`if (${e} == null) return ${r}`],
    ret: (e) => `return ${e}`,
    call: (f, a) => `${f}(${a.join(', ')})`,
    indent: '    ',
  },
  swift: {
    comment: '//',
    header: (n) => ['import Foundation', `import ${pascal([n.app])}Core`, ''],
    fn: (f, a) => `func ${f}(${a.map((x) => `${x}: String`).join(', ')}) async throws -> Int {`,
    ...block('}'),
    assign: (v, e) => `let ${v} = ${e}`,
    guard: (e, r) => [`guard let ${e} else { return ${r} }`],
    ret: (e) => `return ${e}`,
    call: (f, a) => `try await ${f}(${a.join(', ')})`,
    indent: '    ',
  },
  cs: {
    comment: '//',
    header: (n) => [
      'using System;',
      'using System.Threading.Tasks;',
      '',
      `namespace ${pascal([n.app])}.${pascal([n.area])};`,
      '',
    ],
    fn: (f, a) => `public async Task<int> ${pascal([f])}(${a.map((x) => `string ${x}`).join(', ')})\n{`,
    ...block('}'),
    assign: (v, e) => `var ${v} = ${e};`,
    guard: (e, r) => [`if (${e} is null) return ${r};`],
    ret: (e) => `return ${e};`,
    call: (f, a) => `await ${pascal([f])}Async(${a.join(', ')})`,
    indent: '    ',
  },
  php: {
    comment: '//',
    header: (n) => ['<?php', '', 'declare(strict_types=1);', '', `namespace App\\${pascal([n.area])};`, ''],
    fn: (f, a) => `public function ${f}(${a.map((x) => `string $${x}`).join(', ')}): int\n{`,
    ...block('}'),
    assign: (v, e) => `$${v} = ${e};`,
    guard: (e, r) => [`if ($${e} === null) {`, `    return ${r};`, '}'],
    ret: (e) => `return ${e};`,
    call: (f, a) => `$this->${f}(${a.map((x) => (/^[a-z]/.test(x) ? `$${x}` : x)).join(', ')})`,
    indent: '    ',
  },
  cpp: {
    comment: '//',
    header: (n) => [`#include "core/${snake([n.noun()])}.h"`, '#include <vector>', '', 'namespace core {', ''],
    fn: (f, a) =>
      `int ${snake(f.split(/(?=[A-Z])/).map((w) => w.toLowerCase()))}(${a.map((x) => `const std::string& ${x}`).join(', ')}) {`,
    ...block('}'),
    assign: (v, e) => `auto ${v} = ${e};`,
    guard: (e, r) => [`if (!${e}) return ${r};`],
    ret: (e) => `return ${e};`,
    call: (f, a) => `${snake(f.split(/(?=[A-Z])/).map((w) => w.toLowerCase()))}(${a.join(', ')})`,
    indent: '  ',
  },
  hs: {
    comment: '--',
    header: (n) => [
      `module ${pascal([n.area])}.${pascal([n.noun()])} where`,
      '',
      `import qualified Data.Map.Strict as Map`,
      '',
    ],
    fn: (f, a) => `${f} :: ${a.map(() => 'Text').join(' -> ')} -> IO Int\n${f} ${a.join(' ')} = do`,
    assign: (v, e) => `${v} <- ${e}`,
    guard: (e, r) => [`when (null ${e}) $ pure ${r}`],
    ret: (e) => `pure ${e}`,
    call: (f, a) => `${f} ${a.join(' ')}`,
    indent: '  ',
  },
  scala: {
    comment: '//',
    header: (n) => [`package ${n.area}`, '', `import ${n.area}.core.${n.type()}`, ''],
    fn: (f, a) => `def ${f}(${a.map((x) => `${x}: String`).join(', ')}): Future[Int] = {`,
    ...block('}'),
    assign: (v, e) => `val ${v} = ${e}`,
    guard: (e, r) => [`if (${e}.isEmpty) return Future.successful(${r})`],
    ret: (e) => `Future.successful(${e})`,
    call: (f, a) => `${f}(${a.join(', ')})`,
    indent: '  ',
  },
};

/** The past tense of a filler verb. */
const IRREGULAR: Record<string, string> = {
  build: 'built',
  split: 'split',
  emit: 'emitted',
  format: 'formatted',
  apply: 'applied',
  map: 'mapped',
  group: 'grouped',
  retry: 'retried',
  publish: 'published',
};
export const past = (v: string) => IRREGULAR[v] ?? (v.endsWith('e') ? `${v}d` : `${v}ed`);
/** The third person of a filler verb. */
export const third = (v: string) => (v === 'retry' ? 'retries' : /(sh|ch|x|s)$/.test(v) ? `${v}es` : `${v}s`);

/** Filler source code text. */
export class Code {
  readonly syntax: Syntax;

  constructor(
    private readonly rng: Rng,
    private readonly names: Names,
  ) {
    this.syntax = SYNTAX[names.ext === 'tsx' ? 'ts' : names.ext] ?? (SYNTAX['ts'] as Syntax);
  }

  private expr(): string {
    const n = this.names;
    const r = this.rng;
    return r.pick([
      () => this.syntax.call(n.func(), [n.noun(), String(r.int(1, 500))]),
      () => this.syntax.call(n.func(), [n.noun()]),
      () => `${n.noun()}.${camel([n.verb(), n.noun()])}`,
      () => `${n.noun()}.length + ${r.int(1, 64)}`,
    ])();
  }

  /** One function of `lines` body lines (its name may be given: edits reuse it). */
  fn(name = this.names.func(), lines = this.rng.int(3, 14)): string[] {
    const s = this.syntax;
    const out: string[] = [];
    if (this.rng.chance(0.3)) out.push(`${s.comment} ${this.comment()}`);
    out.push(...s.fn(name, this.rng.sample(FILLER.nouns, this.rng.int(1, 3))).split('\n'));
    for (let i = 0; i < lines; i++) {
      const k = this.rng.int(0, 9);
      if (k < 5) out.push(s.indent + s.assign(camel([this.names.adj(), this.names.noun()]), this.expr()));
      else if (k < 7) out.push(...s.guard(this.names.noun(), String(this.rng.int(0, 9))).map((l) => s.indent + l));
      else if (k < 8) out.push(`${s.indent}${s.comment} ${this.comment()}`);
      else out.push(s.indent + s.call(this.names.func(), [this.names.noun()]));
    }
    out.push(s.indent + s.ret(this.names.noun()));
    if (s.close !== undefined) out.push(s.close);
    out.push('');
    return out;
  }

  /** A whole file of about `lines` lines. */
  file(lines: number): string[] {
    const out = [...this.syntax.header(this.names)];
    while (out.length < lines) out.push(...this.fn());
    return out;
  }

  comment(): string {
    const n = this.names;
    return this.rng.pick([
      () => `${n.verb()} the ${n.noun()} before we ${n.verb()} it`,
      () => `keep in sync with ${n.func()}`,
      () => `${n.noun()} may be empty on the first run`,
      () => `see ${n.ticket()}`,
      () => `${n.adj()} ${n.noun()}s are ${past(n.verb())} lazily`,
    ])();
  }
}

/** `cat -n`-style numbering (Claude Code's Read uses an arrow, OpenHands a tab). */
export function numbered(lines: readonly string[], start: number, sep: string): string {
  return lines.map((l, i) => `${String(start + i).padStart(6)}${sep}${l}`).join('\n');
}

/** Shell and git filler. */
export class Shell {
  constructor(
    private readonly rng: Rng,
    private readonly names: Names,
  ) {}

  grepHits(code: Code, n = this.rng.int(1, 30)): string[] {
    return Array.from({ length: n }, () => {
      const f = this.names.file();
      const l = this.rng.pick(code.fn(undefined, 4).filter((x) => x.trim().length > 3));
      return `${f}:${this.rng.int(1, 600)}:${l.trim()}`;
    });
  }

  gitStatus(): string {
    const mod = this.rng.sample(this.names.files, this.rng.int(1, 6));
    return [
      `On branch ${this.rng.pick(['main', 'fix', 'feat'])}/${this.names.noun()}-${this.names.verb()}`,
      "Your branch is up to date with 'origin/main'.",
      '',
      'Changes not staged for commit:',
      '  (use "git add <file>..." to update what will be committed)',
      ...mod.map((f) => `\tmodified:   ${f}`),
      '',
      'no changes added to commit (use "git add" and/or "git commit -a")',
    ].join('\n');
  }

  gitLog(): string {
    return Array.from(
      { length: this.rng.int(3, 15) },
      () =>
        `${this.names.hex(7)} ${this.rng.pick(['fix', 'feat', 'chore', 'refactor'])}(${this.names.noun()}): ${this.names.verb()} ${this.names.adj()} ${this.names.noun()} (${this.names.ticket()})`,
    ).join('\n');
  }

  gitDiff(code: Code): string {
    const f = this.names.file();
    const body = code.fn(undefined, this.rng.int(3, 10));
    const cut = this.rng.int(1, body.length - 1);
    return [
      `diff --git a/${f} b/${f}`,
      `index ${this.names.hex(7)}..${this.names.hex(7)} 100644`,
      `--- a/${f}`,
      `+++ b/${f}`,
      `@@ -${this.rng.int(1, 300)},${body.length} +${this.rng.int(1, 300)},${body.length + 1} @@`,
      ...body.map((l, i) => (i === cut ? `-${l}\n+${l} ${code.syntax.comment} ${past(this.names.verb())}` : ` ${l}`)),
    ].join('\n');
  }

  ls(): string {
    const dir = this.names.files.slice(0, this.rng.int(4, 20));
    return dir
      .map(
        (f) =>
          `-rw-r--r--  1 dev  staff  ${this.rng.int(200, 9000)} May ${this.rng.int(1, 28)} 10:${this.rng.int(10, 59)} ${f.split('/').pop()}`,
      )
      .join('\n');
  }
}

/** What the agent says between steps, per style. */
export function narration(rng: Rng, n: Names, style: string): string | null {
  const f = n.file();
  const lead: Record<string, () => string | null> = {
    claude: () =>
      rng.pick([
        `Let me look at how \`${n.func()}\` is wired up.`,
        `Now let me check ${f.split('/').pop()}.`,
        `I'll search for the other callers of \`${n.func()}\`.`,
        `Let me run the tests to see where we are.`,
        `Good. Next, the ${n.noun()} ${n.noun()} path.`,
        `That confirms the ${n.noun()} is ${past(n.verb())} twice. Let me trace where.`,
      ]),
    codex: () =>
      rng.chance(0.55)
        ? null
        : rng.pick([
            `Inspecting ${f}.`,
            `Running the suite.`,
            `Checking callers of ${n.func()}.`,
            `Looking for ${n.noun()} handling.`,
          ]),
    aider: () =>
      rng.pick([
        `I need to see how the ${n.noun()} gets ${past(n.verb())} before I can change it.`,
        `Running the checks now.`,
        `The ${n.adj()} ${n.noun()} branch in \`${n.func()}\` looks like the culprit; checking.`,
      ]),
    openhands: () =>
      rng.chance(0.7)
        ? null
        : rng.pick([`Let me explore the repository structure.`, `I'll check ${f}.`, `Running tests.`]),
  };
  return (lead[style] ?? (lead['claude'] as () => string | null))();
}

/** A closing message of a turn: terse, a paragraph, or a long write-up with a table. */
export function turnReport(rng: Rng, n: Names, code: Code): string {
  const k = rng.int(0, 9);
  if (k < 3)
    return rng.pick([
      'Done.',
      'Tests pass.',
      'Fixed; CI green locally.',
      `Pushed the ${n.noun()} change.`,
      'Paused here.',
    ]);
  if (k < 7)
    return `I ${past(n.verb())} the ${n.adj()} ${n.noun()} handling in \`${n.func()}\` and ${past(n.verb())} the ${n.noun()} path so it no longer ${third(n.verb())} twice. The suite passes; ${rng.int(2, 40)} files touched. Note: ${code.comment()}.`;
  const rows = Array.from(
    { length: rng.int(3, 9) },
    () =>
      `| \`${n.func()}\` | ${n.verb()} ${n.noun()} | ${rng.pick(['done', 'done', 'partial', 'n/a'])} | ${rng.int(1, 90)} |`,
  );
  const paras = Array.from({ length: rng.int(3, 8) }, () =>
    Array.from(
      { length: rng.int(3, 7) },
      () =>
        `The ${n.adj()} ${n.noun()} ${rng.pick(['is', 'was', 'gets'])} ${past(n.verb())} ${rng.pick(['before', 'after', 'while'])} the ${n.noun()} ${n.noun()} is ${past(n.verb())}.`,
    ).join(' '),
  );
  return [
    `## Summary`,
    '',
    ...paras.slice(0, 2),
    '',
    '| function | change | status | lines |',
    '| --- | --- | --- | --: |',
    ...rows,
    '',
    '## Notes',
    '',
    ...paras.slice(2),
  ].join('\n');
}

/** A user message that carries no fact. */
export function userChatter(rng: Rng, n: Names): string {
  return rng.pick([
    () => 'continue',
    () => 'ok, keep going',
    () => `looks good. what about the ${n.noun()} side?`,
    () => `why is \`${n.func()}\` called twice there?`,
    () => `can you also check ${n.file()}?`,
    () => `hm, CI says ${n.ticket()} is still open, did we cover that?`,
    () => `I pulled main, ${n.people()} merged the ${n.noun()} refactor. rebase and continue`,
    () =>
      `Here's what I see locally:\n\n\`\`\`\n${Array.from({ length: rng.int(3, 12) }, () => `  at ${n.func()} (${n.file()}:${rng.int(1, 400)}:${rng.int(1, 40)})`).join('\n')}\n\`\`\`\nnot sure it's related`,
  ])();
}

const cap = (s: string) => (s[0]?.toUpperCase() ?? '') + s.slice(1);

/** Filler paragraphs for long user messages. */
export function paragraph(rng: Rng, n: Names, sentences = rng.int(2, 6)): string {
  return Array.from({ length: sentences }, () =>
    rng.pick([
      () =>
        `The ${n.noun()} ${n.noun()} was written by ${n.people()} a while ago and ${third(n.verb())} the ${n.adj()} ${n.noun()}s on every request.`,
      () => `We ${n.verb()} roughly ${rng.int(2, 900)} ${n.noun()}s an hour, mostly from the ${n.area} side.`,
      () => `There is an old thread about it in ${n.ticket()}, but nothing came of it.`,
      () => `Most of the logic lives in ${n.file()}, with helpers in ${n.file()}.`,
      () => `When the ${n.noun()} is ${n.adj()} we ${n.verb()} it again, which is wasteful but harmless.`,
      () => `${cap(n.people())} thinks the ${n.noun()} cache is the problem; I'm less sure.`,
    ])(),
  ).join(' ');
}
