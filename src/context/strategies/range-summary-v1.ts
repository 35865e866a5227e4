/**
 * Range summarization as planned up to release 0.3.0 (compatibility `v1`, for sessions that
 * replay histories recorded before in-turn compaction; see `PlanOptions.compat`): when the
 * view reaches the soft threshold (or compaction is forced), summarize the oldest range up to
 * a safe cut before the latest user message, keeping recent history by tokens. Kept as it was
 * so the same history yields the same plans.
 */
import { baseSummaryCap, latestUserIndex, pinnedEnd } from './strategy';
import type { CompactionStrategy, PlanContext, SummarizeStep } from './strategy';

/** The `v1` range-summary step (see the module comment). */
export const rangeSummaryStrategyV1: CompactionStrategy = {
  name: 'range-summary',
  plan(ctx: PlanContext): SummarizeStep | null {
    const { view, cuts, budget, policy, tokens, forced } = ctx;
    if (!forced && tokens < budget.softLimit) return null;
    const start = rangeStart(ctx);
    const latestUser = latestUserIndex(view);
    const maxCut = latestUser >= 0 ? latestUser : view.length;
    // Compacting harder after a provider overflow: aim at half the usual target.
    const target = forced === 'overflow' ? Math.floor(budget.targetTokens / 2) : budget.targetTokens;
    const cap = baseSummaryCap(policy, target);
    let prefixTokens = 0;
    for (let i = 0; i < start; i += 1) prefixTokens += view[i]?.entry.content.tokens ?? 0;
    const keepRecent = Math.min(policy.keepRecentTokens, Math.floor(budget.historyBudget / 2));
    const keepLimit = Math.min(keepRecent, target - prefixTokens - cap);

    // suffix[c] = tokens kept when cutting before c.
    const suffix = new Array<number>(view.length + 1).fill(0);
    for (let i = view.length - 1; i >= 0; i -= 1)
      suffix[i] = (suffix[i + 1] ?? 0) + (view[i]?.entry.content.tokens ?? 0);

    let firstRaw = -1; // a range of summaries alone is not progress: it needs a raw entry
    for (let i = start; i < maxCut; i += 1) {
      if (view[i]?.entry.visibility !== 'summary') {
        firstRaw = i;
        break;
      }
    }
    if (firstRaw < 0) return null;
    let keepCut = -1;
    let turnCut = -1;
    let lastCut = -1;
    for (let c = firstRaw + 1; c <= maxCut; c += 1) {
      if (!cuts.safe[c]) continue;
      lastCut = c;
      if (keepCut < 0 && (suffix[c] ?? 0) <= keepLimit) keepCut = c;
      if (keepCut >= 0 && turnCut < 0 && cuts.turnStart[c]) turnCut = c;
    }
    const end = turnCut >= 0 ? turnCut : keepCut >= 0 ? keepCut : lastCut;
    if (end < 0) return null;
    return { kind: 'summarize', strategy: 'range-summary', reason: forced ?? 'threshold', start, end };
  },
};

/** Rolling: right after the pinned system messages. Chained: right after the last summary. */
function rangeStart(ctx: PlanContext): number {
  const pinned = pinnedEnd(ctx.view);
  if (ctx.policy.rollingSummaries) return pinned;
  for (let i = ctx.view.length - 1; i >= pinned; i -= 1) {
    if (ctx.view[i]?.entry.visibility === 'summary') return i + 1;
  }
  return pinned;
}
