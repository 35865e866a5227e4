/**
 * Filler: tool output (file reads, searches, listings, diffs, passing test runs) and the
 * assistant's and user's small talk between facts. Drawn
 * from the generic vocabulary only (vocab.ts), so filler never contains a planted needle;
 * some lines look like trouble (`0 failed`, warnings, `errors.py`) without being a failure.
 */
import type { Rng } from './rng';
import { EXT, genericIdent, genericPath, type Lang } from './vocab';

/** Synthetic source code of `lines` lines in `lang`. */
export function sourceCode(rng: Rng, lang: Lang, lines: number): string {
  const out: string[] = [];
  const fnLine = (name: string) =>
    lang === 'python'
      ? `def ${name}(${genericIdent(rng)}, ${genericIdent(rng)}=None):`
      : lang === 'rust'
        ? `pub fn ${name}(${genericIdent(rng)}: &${genericIdent(rng, 'pascal')}) -> Result<${genericIdent(rng, 'pascal')}> {`
        : lang === 'go'
          ? `func ${genericIdent(rng, 'pascal')}(${genericIdent(rng, 'camel')} ${genericIdent(rng, 'pascal')}) (${genericIdent(rng, 'pascal')}, error) {`
          : lang === 'java'
            ? `    public ${genericIdent(rng, 'pascal')} ${genericIdent(rng, 'camel')}(${genericIdent(rng, 'pascal')} ${genericIdent(rng, 'camel')}) {`
            : `export function ${genericIdent(rng, 'camel')}(${genericIdent(rng, 'camel')}: ${genericIdent(rng, 'pascal')}): ${genericIdent(rng, 'pascal')} {`;
  const body = () => {
    const a = lang === 'python' || lang === 'rust' ? genericIdent(rng) : genericIdent(rng, 'camel');
    const b = lang === 'python' || lang === 'rust' ? genericIdent(rng) : genericIdent(rng, 'camel');
    const indent = lang === 'python' ? '    ' : lang === 'java' ? '        ' : '  ';
    return rng.pick([
      `${indent}${a} = ${b}.${genericIdent(rng, 'camel')}(${rng.int(0, 64)})`,
      `${indent}if ${a} ${rng.pick(['>', '<', '==', '!='])} ${b}${lang === 'python' ? ':' : ' {'}`,
      `${indent}${lang === 'python' ? '#' : '//'} ${rng.pick(['keep', 'skip', 'retry', 'merge', 'flush'])} the ${genericIdent(rng).replace('_', ' ')} before the ${rng.pick(['next', 'last', 'first'])} ${rng.pick(['page', 'batch', 'chunk'])}`,
      `${indent}return ${a}${lang === 'python' || lang === 'go' ? '' : ';'}`,
      `${indent}${a}.${genericIdent(rng, 'camel')}(${b}, ${rng.int(0, 9)})${lang === 'python' || lang === 'go' ? '' : ';'}`,
      '',
    ]);
  };
  for (let i = 0; out.length < lines; i++) {
    if (i % rng.int(6, 14) === 0) out.push(fnLine(genericIdent(rng)));
    else out.push(body());
  }
  return out.map((l, i) => (rng.chance(0.5) ? `${String(i + 1).padStart(4)}\t${l}` : l)).join('\n');
}

/** A grep/ripgrep result. */
export function grepOutput(rng: Rng, lang: Lang, matches: number, pattern: string): string {
  if (matches === 0) return '';
  return Array.from(
    { length: matches },
    () =>
      `${genericPath(rng, lang)}:${rng.int(1, 800)}:    ${genericIdent(rng, 'camel')}.${pattern}(${genericIdent(rng, 'camel')})`,
  ).join('\n');
}

/** A directory listing. */
export function listing(rng: Rng, lang: Lang, entries: number): string {
  return Array.from({ length: entries }, () =>
    rng.chance(0.3)
      ? `drwxr-xr-x  ${rng.int(2, 9)} dev dev  4096 Jun ${rng.int(1, 28)} 10:${rng.int(10, 59)} ${genericIdent(rng)}/`
      : `-rw-r--r--  1 dev dev ${String(rng.int(80, 90000)).padStart(6)} Jun ${rng.int(1, 28)} 10:${rng.int(10, 59)} ${genericIdent(rng)}.${EXT[lang]}`,
  ).join('\n');
}

/** `git status` / `git diff --stat` style output. */
export function gitOutput(rng: Rng, lang: Lang): string {
  if (rng.chance(0.5)) {
    const files = Array.from({ length: rng.int(1, 8) }, () => `\tmodified:   ${genericPath(rng, lang)}`);
    return [
      `On branch ${genericIdent(rng).replace('_', '-')}`,
      'Changes not staged for commit:',
      ...files,
      '',
      'no changes added to commit',
    ].join('\n');
  }
  const files = Array.from(
    { length: rng.int(1, 8) },
    () => ` ${genericPath(rng, lang)} | ${rng.int(1, 90)} ${'+'.repeat(rng.int(1, 20))}${'-'.repeat(rng.int(0, 10))}`,
  );
  return [
    ...files,
    ` ${files.length} files changed, ${rng.int(5, 400)} insertions(+), ${rng.int(0, 200)} deletions(-)`,
  ].join('\n');
}

/** A passing test or build run in the style of `lang`'s tools. */
export function passingRun(rng: Rng, lang: Lang, bulk: number): { command: string; output: string } {
  const n = rng.int(10, 400);
  const secs = (rng.int(100, 9000) / 1000).toFixed(2);
  switch (lang) {
    case 'python':
      return {
        command: rng.pick(['pytest -q', 'python -m pytest tests/', 'make test']),
        output: [
          ...Array.from({ length: bulk }, () => `tests/test_${genericIdent(rng)}.py ${'.'.repeat(rng.int(3, 30))}`),
          `${n} passed, 0 failed, ${rng.int(0, 4)} warnings in ${secs}s`,
        ].join('\n'),
      };
    case 'typescript':
      return {
        command: rng.pick(['npm test', 'npx tsc --noEmit && npx jest', 'pnpm test']),
        output: [
          ...Array.from({ length: bulk }, () => `PASS ${genericPath(rng, lang).replace(/\.ts$/, '.test.ts')}`),
          `Tests:       ${n} passed, ${n} total`,
          `Time:        ${secs} s`,
        ].join('\n'),
      };
    case 'rust':
      return {
        command: rng.pick(['cargo test', 'cargo build --release', 'cargo clippy']),
        output: [
          ...Array.from({ length: bulk }, () => `test ${genericIdent(rng)}::${genericIdent(rng)} ... ok`),
          `test result: ok. ${n} passed; 0 failed; 0 ignored; finished in ${secs}s`,
        ].join('\n'),
      };
    case 'go':
      return {
        command: rng.pick(['go test ./...', 'go build ./...', 'go vet ./...']),
        output: Array.from(
          { length: Math.max(1, bulk) },
          () => `ok  \tgithub.com/acme/app/${genericIdent(rng)}\t${secs}s`,
        ).join('\n'),
      };
    case 'java':
      return {
        command: rng.pick(['mvn -q test', './gradlew test', 'mvn verify']),
        output: [
          ...Array.from(
            { length: bulk },
            () => `[INFO] Tests run: ${rng.int(1, 30)}, Failures: 0, Errors: 0, Skipped: 0`,
          ),
          '[INFO] BUILD SUCCESS',
          `[INFO] Total time:  ${secs} s`,
        ].join('\n'),
      };
  }
}

/** The output of an edit tool. */
export function editResult(rng: Rng, path: string): string {
  return rng.pick([
    `Edited ${path}: replaced 1 occurrence.`,
    `The file ${path} has been updated.`,
    `ok (${rng.int(1, 40)} lines changed)`,
    `Applied patch: M ${path}`,
    `Wrote ${rng.int(10, 400)} lines to ${path}`,
  ]);
}

/** Assistant filler between tool calls (no facts; cue words on purpose). */
export function chatter(rng: Rng): string {
  const g = () => genericIdent(rng).replace('_', ' ');
  return rng.pick([
    `Let me look at the ${g()} code first.`,
    `I will check how ${g()} is built.`,
    `Next, the tests for ${g()}.`,
    `That didn't change anything; trying the ${g()} path instead.`,
    `Reading the ${g()} helpers.`,
    `Running the suite again.`,
    `Now I'll search for other callers.`,
    `Done with that part; moving on.`,
    `Checking whether ${g()} is covered by tests.`,
    `Good, that compiles. Let me double-check the ${g()} edge case.`,
  ]);
}

/** The assistant's closing message of a turn (no facts). */
export function turnAnswer(rng: Rng): string {
  return rng.pick([
    `Done. The ${genericIdent(rng).replace('_', ' ')} changes are in and the suite passes locally.`,
    `I've made the changes and re-run the tests; everything I touched is green.`,
    `Finished this part. Summary: updated the ${genericIdent(rng).replace('_', ' ')} code and added tests.`,
  ]);
}

/** A user message that continues the session (no facts). */
export function followUp(rng: Rng): string {
  return rng.pick([
    'thanks — please continue.',
    `Looks good. Next, can you also look at the ${genericIdent(rng).replace('_', ' ')} part?`,
    `Why did the ${genericIdent(rng).replace('_', ' ')} test fail earlier? Fix it if it's still failing.`,
    'ok, keep going until everything is green.',
    `Can you tidy up the ${genericIdent(rng).replace('_', ' ')} module while you're at it?`,
  ]);
}

/** The system prompt (no facts). */
export function systemPrompt(rng: Rng): string {
  const rules = [
    'You are a coding agent working in a repository checked out at /workspace.',
    'Use the tools to read files, search, edit and run commands. Prefer small, verifiable steps.',
    'Run the relevant tests after every change. Do not ask for confirmation for routine steps.',
    'Keep answers short. When a command fails, read its output before changing anything.',
    'Never commit secrets. Follow the repository conventions for formatting and naming.',
  ];
  return rng.sample(rules, rng.int(3, 5)).join('\n');
}
