import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPACTION_POLICY,
  ContextOverflowError,
  InvalidConfigError,
  assertFits,
  averageTurnTokens,
  computeBudget,
  formatTokens,
  formatUsage,
  usageReport,
} from '../../../src/context';
import { assistant, build, system, user } from './helpers';

const policy = DEFAULT_COMPACTION_POLICY;

describe('budget', () => {
  it('subtracts reserved output and fixed overhead from the window', () => {
    const b = computeBudget({ contextWindow: 128_000, maxOutputTokens: 16_000, fixedTokens: 12_000 }, policy);
    expect(b.reservedOutputTokens).toBe(16_000);
    expect(b.historyBudget).toBe(100_000);
    expect(b.softLimit).toBe(90_000);
    expect(b.targetTokens).toBe(70_000);
    expect(b.hardLimit).toBe(100_000);
  });

  it('keeps the context window and the output limit apart', () => {
    const b = computeBudget(
      { contextWindow: 200_000, maxOutputTokens: 32_000, reservedOutputTokens: 8_000, fixedTokens: 2_000 },
      policy,
    );
    expect(b.contextWindow).toBe(200_000);
    expect(b.historyBudget).toBe(190_000);
    // A window equal to the output limit is the classic mix-up: rejected, not defaulted.
    expect(() => computeBudget({ contextWindow: 32_768, maxOutputTokens: 32_768, fixedTokens: 0 }, policy)).toThrow(
      /maxOutputTokens/,
    );
  });

  it.each([
    [{ contextWindow: 0, maxOutputTokens: 10, fixedTokens: 0 }, 'contextWindow'],
    [{ contextWindow: Number.NaN, maxOutputTokens: 10, fixedTokens: 0 }, 'contextWindow'],
    [{ contextWindow: 1000, maxOutputTokens: -1, fixedTokens: 0 }, 'maxOutputTokens'],
    [{ contextWindow: 1000, maxOutputTokens: 10, fixedTokens: -5 }, 'fixedTokens'],
    [{ contextWindow: 1000, maxOutputTokens: 500, fixedTokens: 500 }, 'contextWindow'],
  ])('rejects %j naming %s', (input, field) => {
    try {
      computeBudget(input, policy);
      expect.fail('should throw');
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidConfigError);
      expect((e as InvalidConfigError).field).toBe(field);
    }
  });

  it('never lets a request over the hard limit through', () => {
    const b = computeBudget({ contextWindow: 10_000, maxOutputTokens: 1_000, fixedTokens: 1_000 }, policy);
    expect(() => assertFits(8_000, b)).not.toThrow();
    expect(() => assertFits(8_001, b)).toThrow(ContextOverflowError);
  });

  it("reports usage as the REPL's meter line", () => {
    const b = computeBudget(
      { contextWindow: 1_000_000, maxOutputTokens: 8_000, reservedOutputTokens: 0, fixedTokens: 5_000 },
      policy,
    );
    const r = usageReport(40_000, b, 2_122);
    expect(r).toMatchObject({ used: 45_000, budget: 1_000_000, percent: 4.5, turnsLeft: 450 });
    expect(formatUsage(r)).toBe('📊 45K/1M (4.5%) ~450 turns left');
    expect(formatUsage(usageReport(0, b, null))).toBe('📊 5K/1M (0.5%)');
  });

  it('formats token figures compactly', () => {
    expect([950, 4_500, 45_000, 128_000, 999_600, 1_500_000].map(formatTokens)).toEqual([
      '950',
      '4.5K',
      '45K',
      '128K',
      '1M',
      '1.5M',
    ]);
  });

  it('averages turn sizes over user turns only', () => {
    const s = build([system(1000), user(1, 100), assistant(1, 300), user(2, 200), assistant(2, 400)]);
    expect(averageTurnTokens(s)).toBe(500);
    expect(averageTurnTokens(build([system()]))).toBeNull();
  });
});
