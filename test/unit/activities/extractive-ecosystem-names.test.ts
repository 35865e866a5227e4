/**
 * The identifier that names a failure (a test, a package, a lint rule's location, a
 * database column) survives the extractive summary in the ecosystems added to the
 * recogniser's corpus (manifest-ecosystems.json): PHPUnit, Pest, bun, deno, ExUnit, minitest,
 * XCTest, ScalaTest, buildkit running pip, ruff, Postgres, and a harness's JSON-wrapped
 * output, among passing runs made of the same words. Read raw and as digests.
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
  'phpunit-fail.txt': { names: ['Tests\\Unit\\Search\\SearchTest::testCompactConfig'], cls: 'Failed asserting' },
  'pest-fail.txt': { names: ['it stores the invoice with a due date'], cls: 'Failed asserting' },
  'bun-test-fail.txt': { names: ['discount > flush image team'], cls: 'expect(received)' },
  'bun-test-fail-plain.txt': { names: ['ledger > posts a transfer in another currency'], cls: 'expect(received)' },
  'deno-test-fail.txt': { names: ['rounds half to even'], cls: 'AssertionError' },
  'exunit-fail.txt': { names: ['applies the coupon before tax'], cls: 'Assertion' },
  'minitest-fail.txt': {
    names: ['CartTest#test_applies_the_coupon', 'InvoiceTest#test_sends_reminder'],
    cls: 'NoMethodError',
  },
  'swift-test-fail.txt': { names: ['testAppliesCouponBeforeTax'], cls: 'XCTAssertEqual' },
  'scalatest-fail.txt': { names: ['should apply the coupon before tax'], cls: 'TestsFailedException' },
  'docker-pip-fail.txt': { names: ['somepkg==3.13.9'], cls: 'ERROR' },
  'ruff-fail.txt': { names: ['index.py:12:8: F401'], cls: 'F401' },
  'psql-migration-fail.txt': { names: ['vivianite_pct'], cls: 'ERROR' },
  'json-wrapped-pytest.txt': { names: ['test_compact_config'], cls: 'AssertionError' },
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

describe('extractive summary: what names the failure, in more ecosystems', () => {
  for (const digest of [false, true]) {
    it(`keeps the failure's name under a tight cap (${digest ? 'some archived as digests' : 'raw outputs'})`, () => {
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
