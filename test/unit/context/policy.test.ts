import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPACTION_POLICY,
  InvalidConfigError,
  resolvePolicy,
  validatePolicy,
  type CompactionPolicy,
} from '../../../src/context';

describe('compaction policy', () => {
  it('has the documented defaults and accepts them', () => {
    expect(DEFAULT_COMPACTION_POLICY.softThreshold).toBe(0.9);
    expect(DEFAULT_COMPACTION_POLICY.target).toBe(0.7);
    expect(DEFAULT_COMPACTION_POLICY.slidingWindow).toEqual({ enabled: false, invocationThreshold: 5, overlap: 2 });
    expect(() => validatePolicy({ ...DEFAULT_COMPACTION_POLICY })).not.toThrow();
  });

  it('fills partial input, nested fields included, and can turn auto-compaction off', () => {
    const p = resolvePolicy({ enabled: false, slidingWindow: { enabled: true } });
    expect(p.enabled).toBe(false);
    expect(p.slidingWindow).toEqual({ enabled: true, invocationThreshold: 5, overlap: 2 });
    expect(p.keepRecentTokens).toBe(DEFAULT_COMPACTION_POLICY.keepRecentTokens);
  });

  it('keeps the default headroom below a threshold set alone (a threshold valid with the earlier target stays so)', () => {
    expect(resolvePolicy({ softThreshold: 0.6 }).target).toBe(0.4);
    expect(resolvePolicy({ softThreshold: 0.8 }).target).toBe(0.6);
    expect(resolvePolicy({ softThreshold: 0.95 }).target).toBe(0.7);
    expect(resolvePolicy({ softThreshold: 0.1 }).target).toBe(0.05);
    expect(resolvePolicy({ softThreshold: 0.8, target: 0.3 }).target).toBe(0.3);
  });

  it('round-trips through JSON (it crosses continue-as-new)', () => {
    const p = resolvePolicy({ target: 0.4 });
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });

  const bad: [string, Partial<Record<keyof CompactionPolicy, unknown>> | Record<string, unknown>][] = [
    ['compaction.softThreshold', { softThreshold: 1.5 }],
    ['compaction.softThreshold', { softThreshold: 0 }],
    ['compaction.target', { target: 0.9 }],
    ['compaction.target', { target: 0.95 }],
    ['compaction.target', { softThreshold: 0.6, target: 0.6 }],
    ['compaction.keepRecentTokens', { keepRecentTokens: -1 }],
    ['compaction.toolResultsKeepRecent', { toolResultsKeepRecent: 1.5 }],
    ['compaction.maxCompactionsPerTurn', { maxCompactionsPerTurn: 0 }],
    ['compaction.summaryTokenCap', { summaryTokenCap: '4000' }],
    ['compaction.enabled', { enabled: 'yes' }],
    ['compaction.slidingWindow.invocationThreshold', { slidingWindow: { invocationThreshold: 0 } }],
    ['compaction.slidingWindow.overlap', { slidingWindow: { overlap: -2 } }],
  ];
  it.each(bad)('names the field at fault: %s', (field, override) => {
    const run = (): unknown => resolvePolicy(override as never);
    expect(run).toThrow(InvalidConfigError);
    try {
      run();
    } catch (e) {
      expect((e as InvalidConfigError).field).toBe(field);
      expect((e as InvalidConfigError).type).toBe('InvalidConfig');
      expect((e as Error).message).toContain(field);
    }
  });
});
