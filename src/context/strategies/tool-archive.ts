/**
 * Tool-result archiving: tool results beyond the most recent N, or older than K turns,
 * are replaced in the view by their deterministic digest. No model call; the log is not
 * touched (the result's seq joins `state.archived`).
 */
import type { CompactionStrategy, PlanContext, ArchiveStep } from './strategy';

/** Archives old tool results that have a digest smaller than themselves. */
export const toolArchiveStrategy: CompactionStrategy = {
  name: 'tool-archive',
  plan(ctx: PlanContext): ArchiveStep | null {
    const { view, policy, turn } = ctx;
    // The latest call group's results have not been read by the model yet: never archive them.
    const fresh = new Set<string>();
    for (let i = view.length - 1; i >= 0; i -= 1) {
      const e = view[i]?.entry;
      if (e?.role === 'assistant' && e.toolCallIds?.length) {
        for (const id of e.toolCallIds) fresh.add(id);
        break;
      }
    }
    const results = view.filter((p) => p.entry.visibility === 'tool_result');
    const seqs: number[] = [];
    results.forEach((p, index) => {
      const beyondRecent = results.length - index > policy.toolResultsKeepRecent;
      const tooOld = policy.toolResultMaxAgeTurns > 0 && turn - p.item.turn >= policy.toolResultMaxAgeTurns;
      if (!beyondRecent && !tooOld) return;
      if (p.entry.toolCallId !== undefined && fresh.has(p.entry.toolCallId)) return;
      const digest = p.item.digest;
      if (digest === undefined || digest.tokens >= p.item.content.tokens) return;
      seqs.push(p.item.seq);
    });
    return seqs.length ? { kind: 'archive', seqs } : null;
  },
};
