/**
 * Applying a planned compaction: archive the planned tool results and append the summary
 * item and the ledger records, in one pure step. Until the workflow assigns the returned
 * state, nothing has changed, so a failed or rejected compaction leaves the log and the
 * view exactly as they were.
 */
import { CompactionNoProgressError, DurableContextError, FailureType, SummaryRejectedError } from './errors';
import { cutPoints } from './cut-points';
import { currentTurn, itemBySeq } from './log';
import type { CompactionPlan } from './plan';
import { validateSummary } from './summary-validation';
import type { SummaryCandidate } from './summary-validation';
import type { CompactionRecord, ContextState, LogItem, SeqRange } from './types';
import { buildPlacedView, stateViewTokens, viewTokens } from './view';
import type { PlacedEntry } from './view';
import { archivedTokens } from './archive-view';
import type { ContextBudget } from './budget';

/** How the summary came about, for the ledger. */
export interface ApplyMeta {
  /** Why the first summarizer's output was rejected; sets the record's outcome to `fallback`. */
  rejection?: string;
}

/**
 * Applies `plan` to `state` and returns the new state; `state` is not modified.
 * Pass the validated summary when the plan summarizes; pass none to apply only the
 * archiving part (e.g. when every summarizer failed).
 * @throws SummaryRejectedError when the summary fails {@link validateSummary};
 * CompactionNoProgressError when the view would not shrink; DurableContextError
 * (`InvalidInput`) when the plan no longer fits the state.
 */
export function applyCompaction(
  state: ContextState,
  plan: CompactionPlan,
  summary?: SummaryCandidate,
  meta: ApplyMeta = {},
): ContextState {
  const ledger = state.ledger.slice();
  let nextId = (ledger[ledger.length - 1]?.id ?? 0) + 1;
  const turn = Math.max(plan.turn, currentTurn(state));
  let next = state;
  // Built once: archiving only patches it (same places and cut points), and the range check
  // reads places and cut points only, so the view is rebuilt just for the summary.
  const view = buildPlacedView(state);
  let tokens = viewTokens(view);

  if (plan.archive.length) {
    const already = new Set(state.archived);
    const seqs = plan.archive.filter((s) => !already.has(s));
    for (const s of seqs) {
      const item = itemBySeq(state.items, s);
      if (item?.role !== 'tool' || item.digest === undefined) stale(`seq ${s} is not a tool result with a digest`);
    }
    const after = archivedTokens(view, tokens, seqs);
    // An archive that frees nothing (its results already archived) is neither applied nor recorded.
    if (seqs.length && after < tokens) {
      next = { ...next, archived: [...state.archived, ...seqs] };
      ledger.push({
        id: nextId++,
        turn,
        strategy: 'tool-archive',
        reason: plan.archiveReason ?? 'tool-age',
        archivedSeqs: seqs,
        tokensBefore: tokens,
        tokensAfter: after,
        outcome: 'applied',
      });
      tokens = after;
    }
  }

  if (plan.withhold?.seqs.length) {
    const shown = new Set<number>();
    for (const p of view) if (p.entry.visibility === 'summary') shown.add(p.entry.seq);
    const seqs = plan.withhold.seqs.filter((seq) => !next.withheld?.includes(seq));
    for (const seq of seqs) if (!shown.has(seq)) stale(`seq ${seq} is not a summary the view shows`);
    if (seqs.length) {
      next = { ...next, withheld: [...(next.withheld ?? []), ...seqs] };
      const after = stateViewTokens(next);
      ledger.push({
        id: nextId++,
        turn,
        strategy: 'withhold',
        reason: plan.withhold.reason,
        withheld: seqs,
        tokensBefore: tokens,
        tokensAfter: after,
        outcome: 'applied',
      });
      tokens = after;
    }
  }

  const s = plan.summarize;
  if (s && summary) {
    const verdict = validateSummary(s, summary);
    if (!verdict.ok) throw new SummaryRejectedError(verdict.reason, verdict.message);
    checkRange(view, s.range, next);
    const item: LogItem = {
      seq: next.nextSeq,
      turn,
      role: 'user',
      kind: 'summary',
      content: summary.content,
      preview: summary.preview ?? `[summary of seqs ${s.range.from}–${s.range.to}]`,
      covers: { ...s.range },
    };
    if (summary.reserve !== undefined) item.reserve = summary.reserve;
    next = { ...next, items: [...next.items, item], nextSeq: next.nextSeq + 1 };
    // withheld summaries it stands for are superseded (it read them); it may be withheld itself
    const withheld = (next.withheld ?? []).filter((seq) => !within(itemBySeq(next.items, seq)?.covers, s.range));
    if (s.withhold) withheld.push(item.seq);
    if (withheld.length || next.withheld !== undefined) next = { ...next, withheld };
    const after = stateViewTokens(next);
    if (after >= tokens) {
      throw new CompactionNoProgressError(
        `Summary of seqs ${s.range.from}–${s.range.to} did not shrink the view`,
        tokens,
        after,
      );
    }
    const record: CompactionRecord = {
      id: nextId,
      turn,
      strategy: s.strategy,
      reason: s.reason,
      range: { ...s.range },
      summarySeq: item.seq,
      tokensBefore: tokens,
      tokensAfter: after,
      summarizer: summary.summarizer,
      outcome: meta.rejection === undefined ? 'applied' : 'fallback',
    };
    if (meta.rejection !== undefined) record.rejection = meta.rejection;
    if (s.focus !== undefined) record.focus = s.focus;
    if (s.withhold) record.withheld = [item.seq];
    ledger.push(record);
  }
  return next === state ? state : { ...next, ledger };
}

function within(inner: SeqRange | undefined, outer: SeqRange): boolean {
  return inner !== undefined && inner.from >= outer.from && inner.to <= outer.to;
}

/**
 * The range must start and end on safe cuts of the current view and not cut through a
 * summary; it may start at a withheld summary of `state` (which the view does not show). `view`
 * may predate the plan's archiving and withholding: they move no other entry and no cut.
 */
function checkRange(view: readonly PlacedEntry[], range: SeqRange, state: ContextState): void {
  const start = view.findIndex((p) => p.to >= range.from);
  const heldStart = state.withheld?.some((seq) => itemBySeq(state.items, seq)?.covers?.from === range.from) === true;
  if (start < 0 || (view[start]?.from !== range.from && !heldStart))
    stale(`range ${range.from}–${range.to} does not start on an entry`);
  let end = start;
  while (end < view.length && (view[end]?.from ?? Infinity) <= range.to) {
    if ((view[end]?.to ?? Infinity) > range.to) stale(`range ${range.from}–${range.to} cuts through an entry`);
    end += 1;
  }
  const { safe } = cutPoints(view);
  if (!safe[start] || !safe[end]) stale(`range ${range.from}–${range.to} would separate a tool call from its result`);
}

function stale(why: string): never {
  throw new DurableContextError(FailureType.InvalidInput, `Compaction plan no longer applies: ${why}`, { why });
}

/**
 * Shows again the withheld summaries ({@link ContextState.withheld}) the view has room for: the
 * newest first, each while the view stays at or below the soft limit (so that showing it plans
 * no compaction) — not in the turn that withheld one (its pinned content is what left no room,
 * or what a provider refused). Returns `state` itself when none is shown. Pure.
 */
export function restoreWithheld(state: ContextState, budget: ContextBudget, turn: number): ContextState {
  const held = state.withheld;
  if (!held?.length || state.ledger.some((r) => r.turn === turn && r.withheld?.length)) return state;
  let tokens = stateViewTokens(state);
  const keep: number[] = [];
  for (let k = held.length - 1; k >= 0; k -= 1) {
    const seq = held[k] as number;
    const size = itemBySeq(state.items, seq)?.content.tokens ?? Infinity;
    if (tokens + size <= budget.softLimit) tokens += size;
    else keep.unshift(seq);
  }
  return keep.length === held.length ? state : { ...state, withheld: keep };
}
