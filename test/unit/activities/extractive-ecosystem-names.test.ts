/**
 * The identifier that names a failure (a test, a package, a lint rule's location, a
 * database column) survives the extractive summary in the ecosystems added to the
 * recogniser's corpus (manifest-ecosystems.json): PHPUnit, Pest, bun, deno, ExUnit, minitest,
 * XCTest, ScalaTest, buildkit running pip, ruff, Postgres, and a harness's JSON-wrapped
 * output, among passing runs made of the same words. Read raw and as digests.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import { failureSession, missingNames, type FailureCases } from '../../support/failure-session';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

/** Failing outputs and the names of the tests that failed in them. */
const CASES: FailureCases = {
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

describe('extractive summary: what names the failure, in more ecosystems', () => {
  for (const digest of [false, true]) {
    it(`keeps the failure's name under a tight cap (${digest ? 'some archived as digests' : 'raw outputs'})`, () => {
      const messages = failureSession(CASES, digest);
      const cap = 2_000;
      expect(counter.countRequest(messages)).toBeGreaterThan(cap * 10);
      const out = extractiveSummary(messages, undefined, counter, cap).text;
      expect(missingNames(CASES, out), out).toEqual([]);
    });
  }
});
