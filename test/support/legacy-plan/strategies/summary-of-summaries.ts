// Vendored from src/context at 5dd116e (before in-turn compaction): see test/support/legacy-plan/plan.ts.
/**
 * Summary of summaries: when more than `maxSummaries` summaries sit side by side in the
 * view (chained summaries, goal batches), summarize them, and whatever lies between them,
 * into one. The new range contains theirs, so it supersedes them (nesting).
 */
import { baseSummaryCap } from './strategy';
import type { CompactionStrategy, PlanContext, SummarizeStep } from './strategy';

/** Merges piled-up summaries into one. */
export const summaryOfSummariesStrategy: CompactionStrategy = {
  name: 'summary-of-summaries',
  plan(ctx: PlanContext): SummarizeStep | null {
    const { view, cuts, policy } = ctx;
    let first = -1;
    let last = -1;
    let count = 0;
    for (let i = 0; i < view.length; i += 1) {
      if (view[i]?.entry.visibility !== 'summary') continue;
      if (first < 0) first = i;
      last = i;
      count += 1;
    }
    if (count <= policy.maxSummaries) return null;
    if (!cuts.safe[first] || !cuts.safe[last + 1]) return null;
    // Pointless if the merged input cannot be squeezed under the cap.
    let input = 0;
    for (let i = first; i <= last; i += 1) input += view[i]?.entry.content.tokens ?? 0;
    if (input <= 1 || baseSummaryCap(policy, ctx.budget.targetTokens) <= 0) return null;
    return { kind: 'summarize', strategy: 'summary-of-summaries', reason: 'threshold', start: first, end: last + 1 };
  },
};
