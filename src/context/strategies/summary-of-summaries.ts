/**
 * Summary of summaries: when more than `maxSummaries` summaries sit side by side in the
 * view (chained summaries, goal batches), summarize them, and whatever lies between them,
 * into one. The new range contains theirs, so it supersedes them (nesting). Summaries on the
 * two sides of the current request are never merged: the request stays verbatim.
 */
import { latestUserIndex } from './strategy';
import type { CompactionStrategy, PlanContext, SummarizeStep } from './strategy';

/** Merges piled-up summaries into one. */
export const summaryOfSummariesStrategy: CompactionStrategy = {
  name: 'summary-of-summaries',
  plan(ctx: PlanContext): SummarizeStep | null {
    const { view, cuts, policy } = ctx;
    const request = latestUserIndex(view);
    let total = 0;
    for (const p of view) if (p.entry.visibility === 'summary') total += 1;
    if (total <= policy.maxSummaries) return null;
    // The side of the request with more summaries (the history before it on a tie).
    const before = span(ctx, 0, request < 0 ? view.length : request);
    const after = request < 0 ? null : span(ctx, request + 1, view.length);
    const pick = after && after.count > (before?.count ?? 0) ? after : before;
    if (!pick || pick.count < 2) return null;
    const { first, last } = pick;
    if (!cuts.safe[first] || !cuts.safe[last + 1]) return null;
    return { kind: 'summarize', strategy: 'summary-of-summaries', reason: 'threshold', start: first, end: last + 1 };
  },
};

/** The first and last summary in `[from, to)` and how many there are, or null when none. */
function span(ctx: PlanContext, from: number, to: number): { first: number; last: number; count: number } | null {
  let first = -1;
  let last = -1;
  let count = 0;
  for (let i = from; i < to; i += 1) {
    if (ctx.view[i]?.entry.visibility !== 'summary') continue;
    if (first < 0) first = i;
    last = i;
    count += 1;
  }
  return count ? { first, last, count } : null;
}
