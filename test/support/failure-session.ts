/**
 * A session for checking that the extractive summary keeps what names a failure: failing
 * outputs of the recogniser's corpus (test/fixtures/tool-outputs) in the middle of routine
 * work whose passing runs list sibling tests made of the same words and log the failures'
 * exception classes, so only the line naming the failure identifies it. Outputs are read raw,
 * or (every other one) as the digest that replaces an archived result.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolDigest } from '../../src/context/digest';
import { failureEvidence } from '../../src/context/evidence';
import type { ChatMessage } from '../../src/context/types';

const DIR = join(__dirname, '../fixtures/tool-outputs');

/** Failing outputs by fixture file: the names that identify their failures, and their exception class. */
export type FailureCases = Record<string, { names: string[]; cls: string }>;

/** The session: 40 routine steps, each failing output followed by 8 more, then 40 more. */
export function failureSession(cases: FailureCases, digest: boolean): ChatMessage[] {
  let ids = 0;
  const step = (command: string, output: string, failed: boolean, asDigest: boolean): ChatMessage[] => {
    const id = `c${(ids += 1)}`;
    let content = output;
    if (asDigest) {
      const lines = output.trim().split('\n');
      const evidence = failureEvidence(output, { failed });
      content = toolDigest({
        result: {
          toolName: 'bash',
          status: failed ? 'error' : 'ok',
          exitCode: failed ? 1 : 0,
          outputBytes: Buffer.byteLength(output),
          outputLines: lines.length,
          truncated: false,
          fullOutputRef: `sha256:${createHash('sha256').update(output).digest('hex')}`,
          binary: false,
          firstLine: lines[0] ?? '',
          lastLine: lines.at(-1) ?? '',
          ...(evidence.length ? { evidence } : {}),
        },
        keyArgs: { command },
      });
    }
    return [
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id, type: 'function', function: { name: 'bash', arguments: JSON.stringify({ command }) } }],
      },
      { role: 'tool', tool_call_id: id, content },
    ];
  };
  const words = [...new Set(Object.values(cases).flatMap((c) => c.names.join(' ').split(/\W+/)))].filter(Boolean);
  const classes = Object.values(cases).map((c) => c.cls);
  const passing = (k: number) =>
    [
      ...Array.from(
        { length: 12 },
        (_, i) =>
          `  ✓ ${words[(k + i) % words.length]} ${words[(k * 7 + i) % words.length]} ${words[(k * 3 + i * 5) % words.length]} (${i + 1} ms)`,
      ),
      `  WARN ${classes[k % classes.length]} on ${words[k % words.length]}, retrying`,
      `Tests:       12 passed, 12 total`,
    ].join('\n');
  const routine = (n: number, from: number): ChatMessage[] =>
    Array.from({ length: n }, (_, i) => [
      {
        role: 'assistant' as const,
        content: `Checking the ${words[(from + i) % words.length]} ${words[(from + i * 3) % words.length]} tests again.`,
      },
      ...step('npm test', passing(from + i), false, digest && i % 2 === 0),
    ]).flat();
  const out: ChatMessage[] = [
    { role: 'user', content: 'Get the test suite green again; do not skip tests.' },
    ...routine(40, 0),
  ];
  Object.keys(cases).forEach((file, k) => {
    out.push(...step(`run tests ${k}`, readFileSync(join(DIR, file), 'utf8'), true, digest && k % 2 === 1));
    out.push(...routine(8, 100 + k * 8));
  });
  out.push(...routine(40, 500));
  return out;
}

/** The names of `cases` that `summary` does not hold, as `file: name`. */
export function missingNames(cases: FailureCases, summary: string): string[] {
  return Object.entries(cases).flatMap(([file, c]) =>
    c.names.filter((n) => !summary.includes(n)).map((n) => `${file}: ${n}`),
  );
}
