import { describe, expect, it } from 'vitest';
import { applyCompaction, buildView, planCompaction, resolvePolicy, type ContextState } from '../../../src/context';
import { assistant, budgetOf, build, summaryFor, system, user } from './helpers';

/** Seed 003's coordinator: after each invocation (user message + answer), plan and apply. */
function run(invocations: number, threshold: number, overlap: number): ContextState {
  const policy = resolvePolicy({ slidingWindow: { enabled: true, invocationThreshold: threshold, overlap } });
  let s = build([system()]);
  for (let i = 1; i <= invocations; i += 1) {
    s = build([user(i, 20), assistant(i, 20)], s);
    const plan = planCompaction(s, budgetOf(1_000_000), policy);
    if (plan) s = applyCompaction(s, plan, summaryFor(plan, 0.2));
  }
  return s;
}

describe('sliding window by invocation count (θ/ω table)', () => {
  it.each([
    ['no_compaction_below_threshold', 3, 5, 2, 0],
    ['single_compaction_at_threshold', 5, 5, 2, 1],
    ['multiple_compactions', 12, 5, 2, 2],
  ])('%s: %i invocations, θ=%i, ω=%i → %i compactions', (_name, invocations, threshold, overlap, expected) => {
    const s = run(invocations, threshold, overlap);
    expect(s.ledger.filter((r) => r.strategy === 'sliding-window')).toHaveLength(expected);
    // Seed 003's expectedEvents: the originals plus one event per compaction, nothing rewritten.
    expect(s.items).toHaveLength(1 + 2 * invocations + expected);
  });

  it('gives the ω previous invocations to the summarizer again, for continuity', () => {
    const policy = resolvePolicy({ slidingWindow: { enabled: true, invocationThreshold: 5, overlap: 2 } });
    let s = run(9, 5, 2);
    s = build([user(10, 20), assistant(10, 20)], s);
    const plan = planCompaction(s, budgetOf(1_000_000), policy)!;
    expect(plan.summarize?.strategy).toBe('sliding-window');
    expect(plan.summarize?.reason).toBe('invocation-count');
    expect(plan.summarize?.previousSummarySeq).toBeDefined(); // rolling by default
    // Turns 4 and 5 were in the first window: their items come back as context, not as input.
    expect(plan.summarize?.context?.map((e) => e.seq)).toEqual([7, 8, 9, 10]);
    const view = buildView(applyCompaction(s, plan, summaryFor(plan, 0.2)));
    expect(view.map((e) => e.visibility)).toEqual(['message', 'summary']);
  });
});
