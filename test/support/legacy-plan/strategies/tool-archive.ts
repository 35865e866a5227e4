// Vendored from src/context at 5dd116e (before in-turn compaction): see test/support/legacy-plan/plan.ts.
/**
 * Tool-result archiving: tool results beyond the most recent N, or older than K turns,
 * are replaced in the view by their deterministic digest (by default only once the view
 * reaches the soft limit). No model call; the log is not
 * touched (the result's seq joins `state.archived`).
 */
import type { CompactionStrategy, PlanContext, ArchiveStep } from './strategy';

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
    const seqs: number[] = [];
    for (const p of view) {
      if (p.entry.visibility !== 'tool_result') continue;
      const beyondRecent = remaining > policy.toolResultsKeepRecent;
      remaining -= 1;
      const tooOld = policy.toolResultMaxAgeTurns > 0 && turn - p.item.turn >= policy.toolResultMaxAgeTurns;
      if (!beyondRecent && !tooOld) continue;
      if (p.entry.toolCallId !== undefined && fresh.has(p.entry.toolCallId)) continue;
      const digest = p.item.digest;
      if (digest === undefined || digest.tokens >= p.item.content.tokens) continue;
      seqs.push(p.item.seq);
    }
    return seqs.length ? { kind: 'archive', seqs } : null;
  },
};
