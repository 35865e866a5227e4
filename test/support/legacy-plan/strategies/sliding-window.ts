// Vendored from src/context at 5dd116e (before in-turn compaction): see test/support/legacy-plan/plan.ts.
/**
 * Sliding window by invocation count, with overlap. An invocation is a user
 * turn; once θ turns have ended since the last summary, the ended turns are summarized,
 * and the ω turns before them (already summarized once) are given to the summarizer again
 * so consecutive windows read as one story. Rolling or chained as the policy says.
 */
import type { ViewEntry } from '../../../../src/context/types';
import { entryForItem } from '../../../../src/context/view';
import { pinnedEnd } from './strategy';
import type { CompactionStrategy, PlanContext, SummarizeStep } from './strategy';

/** Summarizes every θ ended turns. */
export const slidingWindowStrategy: CompactionStrategy = {
  name: 'sliding-window',
  plan(ctx: PlanContext): SummarizeStep | null {
    const { view, cuts, policy } = ctx;
    const { enabled, invocationThreshold, overlap } = policy.slidingWindow;
    if (!enabled || view.length === 0) return null;
    const last = view[view.length - 1];
    // The last turn has ended when the assistant answered without calling tools.
    const lastEnded =
      last !== undefined && last.entry.role === 'assistant' && !last.entry.toolCallIds?.length && last.item.turn >= 1;
    const lastTurn = last?.item.turn ?? 0;
    const ended = new Set<number>();
    let firstNewTurn = Infinity;
    let end = -1; // cut after the last entry of the last ended turn
    view.forEach((p, i) => {
      const t = p.item.turn;
      if (p.entry.visibility === 'summary' || t < 1 || (t === lastTurn && !lastEnded)) return;
      ended.add(t);
      firstNewTurn = Math.min(firstNewTurn, t);
      end = i + 1;
    });
    if (ended.size < invocationThreshold || end < 0 || !cuts.safe[end]) return null;
    let start = pinnedEnd(view);
    if (!policy.rollingSummaries) {
      for (let i = end - 1; i >= start; i -= 1) {
        if (view[i]?.entry.visibility === 'summary') {
          start = i + 1;
          break;
        }
      }
    }
    if (start >= end) return null;
    const step: SummarizeStep = {
      kind: 'summarize',
      strategy: 'sliding-window',
      reason: 'invocation-count',
      start,
      end,
    };
    const context = overlapEntries(ctx, firstNewTurn - overlap, firstNewTurn - 1);
    if (context.length) step.context = context;
    return step;
  },
};

/** Log items of turns `[from, to]` that the view no longer shows (covered by a summary). */
function overlapEntries(ctx: PlanContext, from: number, to: number): ViewEntry[] {
  if (to < from) return [];
  const shown = new Set<number>();
  for (const p of ctx.view) if (p.entry.visibility !== 'summary') shown.add(p.item.seq);
  const archived = new Set(ctx.state.archived);
  const out: ViewEntry[] = [];
  for (const item of ctx.state.items) {
    if (item.kind === 'summary' || item.turn < Math.max(1, from) || item.turn > to || shown.has(item.seq)) continue;
    const entry = entryForItem(item, archived);
    out.push(entry);
  }
  return out;
}
