/**
 * Tool-result archiving: tool results beyond the most recent N, or older than K turns,
 * are replaced in the view by their deterministic digest (by default only once the view
 * reaches the soft limit). No model call; the log is not touched (the result's seq joins
 * `state.archived`). By need (`PlanOptions.archiveByNeed`), an automatic compaction that
 * would overshoot the goal archives the largest of them first and stops at the goal.
 *
 * Under hard pressure — the view still above the limit once those are archived — the
 * protection of the recent results yields, oldest first (the newest last), until the view
 * reaches the goal. The latest step's results are never archived: the model is working on
 * them, and they keep their head + tail as truncated on arrival.
 */
import { viewShape } from '../regions';
import type { ArchiveStep, CompactionStrategy, PlanContext } from './strategy';
import { pressure } from './strategy';
import type { PlacedEntry } from '../view';

/** Archives old tool results that have a digest smaller than themselves. */
export const toolArchiveStrategy: CompactionStrategy = {
  name: 'tool-archive',
  plan(ctx: PlanContext): ArchiveStep | null {
    const { view, policy, turn } = ctx;
    // Archiving rewrites the prompt from the archived result on: by default it waits for
    // pressure, so turns between compactions keep a stable, cacheable prefix.
    if (policy.toolArchiveTrigger === 'threshold' && !ctx.forced && ctx.tokens < ctx.budget.softLimit) return null;
    // The latest call group's results have not been read by the model yet: never archive them.
    const fresh = new Set<string>();
    for (let i = view.length - 1; i >= 0; i -= 1) {
      const e = view[i]?.entry;
      if (e?.role === 'assistant' && e.toolCallIds?.length) {
        for (const id of e.toolCallIds) fresh.add(id);
        break;
      }
    }
    // Two passes over the view (count, then decide) instead of filtering out a copy of the results.
    let remaining = 0; // tool results from here to the end of the view
    for (const p of view) if (p.entry.visibility === 'tool_result') remaining += 1;
    let seqs: number[] = [];
    let tokens = ctx.tokens;
    const savings: number[] = [];
    for (const p of view) {
      if (p.entry.visibility !== 'tool_result') continue;
      const beyondRecent = remaining > policy.toolResultsKeepRecent;
      remaining -= 1;
      const tooOld = policy.toolResultMaxAgeTurns > 0 && turn - p.item.turn >= policy.toolResultMaxAgeTurns;
      if (!beyondRecent && !tooOld) continue;
      if (p.entry.toolCallId !== undefined && fresh.has(p.entry.toolCallId)) continue;
      const saving = savingOf(p);
      if (saving <= 0) continue;
      seqs.push(p.item.seq);
      savings.push(saving);
      tokens -= saving;
    }
    if (ctx.compat === 'v1') return seqs.length ? { kind: 'archive', seqs } : null;
    const { limit, goal } = pressure(ctx);
    if (ctx.archiveByNeed && !ctx.forced && policy.toolArchiveTrigger === 'threshold' && tokens < goal) {
      // all of them would overshoot the goal: the ones that free the most first (the older of
      // equal ones), until it is reached — what a short output says stays verbatim
      const order = seqs.map((_, k) => k).sort((a, b) => (savings[b] as number) - (savings[a] as number) || a - b);
      tokens = ctx.tokens;
      const taken: number[] = [];
      for (let k = 0; k < order.length && tokens > goal; k += 1) {
        const i = order[k] as number;
        taken.push(seqs[i] as number);
        tokens -= savings[i] as number;
      }
      seqs = taken.sort((a, b) => a - b);
    }
    const chosen = new Set(seqs);
    let reason: ArchiveStep['reason'] = ctx.forced === 'overflow' ? 'overflow' : undefined;
    if (tokens > limit) {
      reason = ctx.forced === 'overflow' ? 'overflow' : 'threshold';
      // Hard pressure: recent results yield too, oldest first, outside the latest step.
      const { stepStart } = viewShape(view);
      for (let i = 0; i < stepStart && tokens > goal; i += 1) {
        const p = view[i] as PlacedEntry;
        if (p.entry.visibility !== 'tool_result' || chosen.has(p.item.seq)) continue;
        const saving = savingOf(p);
        if (saving <= 0) continue;
        seqs.push(p.item.seq);
        tokens -= saving;
      }
      seqs.sort((a, b) => a - b);
    }
    if (!seqs.length) return null;
    return reason === undefined ? { kind: 'archive', seqs } : { kind: 'archive', seqs, reason };
  },
};

/** Tokens freed by showing a tool result as its digest (≤ 0 when it has no smaller digest). */
function savingOf(p: PlacedEntry): number {
  const digest = p.item.digest;
  return digest === undefined ? 0 : p.item.content.tokens - digest.tokens;
}
