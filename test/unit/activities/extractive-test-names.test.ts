/**
 * A failing test's name survives the extractive summary in every runner's output style, even
 * when it is made of words the whole session uses and sits among passing siblings whose
 * logs repeat its exception class: the line that names the failing test is what identifies
 * the failure, so the error's excerpt keeps it whole, whatever the rarity of its words. The
 * outputs are the recogniser's corpus (test/fixtures/tool-outputs), read raw and as digests.
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

describe('extractive summary: failing tests named in plain words', () => {
  for (const digest of [false, true]) {
    it(`keeps every failing test's name under a tight cap (${digest ? 'some archived as digests' : 'raw outputs'})`, () => {
      const messages = failureSession(CASES, digest);
      const cap = 2_000;
      expect(counter.countRequest(messages)).toBeGreaterThan(cap * 10);
      const out = extractiveSummary(messages, undefined, counter, cap).text;
      expect(missingNames(CASES, out), out).toEqual([]);
    });
  }
});
