/**
 * A failing test's name survives the extractive summary in every runner's output style, even
 * when it is made of words the whole session uses and sits among passing siblings whose
 * logs repeat its exception class: the line that names the failing test is what identifies
 * the failure, so the error's excerpt keeps it whole, whatever the rarity of its words. The
 * outputs are the recogniser's corpus (test/fixtures/tool-outputs), read raw and as digests.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import { toolDigest } from '../../../src/context/digest';
import { failureEvidence } from '../../../src/context/evidence';
import type { ChatMessage } from '../../../src/context/types';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

const DIR = join(__dirname, '../../fixtures/tool-outputs');
/** Failing outputs and the names of the tests that failed in them. */
const CASES: Record<string, { names: string[]; cls: string }> = {
  'jest-plain-names.txt': {
    names: [
      'applies the discount when the coupon is valid',
      'rejects a coupon for another customer',
      'prices an empty cart at zero',
    ],
    cls: 'CouponValidationError',
  },
  'vitest-plain-names.txt': {
    names: ['refuses a transfer that would overdraw the account', 'keeps the journal balanced after a partial refund'],
    cls: 'AssertionError',
  },
  'node-test-fail.txt': { names: ['skips numbers already used by a cancelled invoice'], cls: 'AssertionError' },
  'tap-fail.txt': { names: ['preserves the order of keys after a merge'], cls: 'deepEqual' },
  'pytest-verbose-fail.txt': {
    names: ['test_fuel_surcharge_applies_above_threshold', 'test_label_for_oversized_parcel'],
    cls: 'AssertionError',
  },
  'dotnet-xunit-names.txt': {
    names: ['Ledger rounds half to even when the amount ends in five'],
    cls: 'Assert.Equal()',
  },
  'surefire-display-names.txt': {
    names: ['applies the discount when the coupon is valid'],
    cls: 'AssertionFailedError',
  },
  'mocha-fail.txt': { names: ['applies discount'], cls: 'AssertionError' },
  'rspec-fail.txt': { names: ['Invoice#total includes tax'], cls: 'Failure/Error' },
  'go-test-fail.txt': { names: ['TestParseDuration'], cls: 'ParseDuration' },
  'cargo-test-fail.txt': { names: ['parser::tests::rejects_empty'], cls: 'panicked' },
  'gradle-test-fail.txt': { names: ['rejectsNegativeQuantity'], cls: 'IllegalStateException' },
};

let ids = 0;
function step(command: string, output: string, failed: boolean, digest: boolean): ChatMessage[] {
  const id = `c${(ids += 1)}`;
  let content = output;
  if (digest) {
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
}

/**
 * A session in which every word of the failing tests' names and their exception class are
 * common: passing runs list sibling tests made of the same words and log the class, the
 * assistant talks about them; the failures come in the middle.
 */
function session(digest: boolean): ChatMessage[] {
  const words = [...new Set(Object.values(CASES).flatMap((c) => c.names.join(' ').split(/\W+/)))].filter(Boolean);
  const classes = Object.values(CASES).map((c) => c.cls);
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
  Object.keys(CASES).forEach((file, k) => {
    out.push(...step(`run tests ${k}`, readFileSync(join(DIR, file), 'utf8'), true, digest && k % 2 === 1));
    out.push(...routine(8, 100 + k * 8));
  });
  out.push(...routine(40, 500));
  return out;
}

describe('extractive summary: failing tests named in plain words', () => {
  for (const digest of [false, true]) {
    it(`keeps every failing test's name under a tight cap (${digest ? 'some archived as digests' : 'raw outputs'})`, () => {
      const messages = session(digest);
      const cap = 2_000;
      expect(counter.countRequest(messages)).toBeGreaterThan(cap * 10);
      const out = extractiveSummary(messages, undefined, counter, cap).text;
      const missing = Object.entries(CASES).flatMap(([file, c]) =>
        c.names.filter((n) => !out.includes(n)).map((n) => `${file}: ${n}`),
      );
      expect(missing, out).toEqual([]);
    });
  }
});
