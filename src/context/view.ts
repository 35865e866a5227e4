/**
 * The view: what the model is sent, derived from the log (never stored). Compacted ranges
 * show as their summary, archived tool results as their digest, in log order.
 */
import type { ContextState, LogItem, SeqRange, ViewEntry, Visibility } from './types';

/** A view entry with where it sits in the log, for planning. */
export interface PlacedEntry {
  entry: ViewEntry;
  /** The log item behind the entry (the summary item for a summary). */
  item: LogItem;
  /** First seq the entry stands for: its own seq, or `covers.from` for a summary. */
  from: number;
  /** Last seq the entry stands for: its own seq, or `covers.to` for a summary. */
  to: number;
}

/**
 * The summaries that show in the view, ordered by position. A summary is superseded when a
 * later summary's range contains its range (summary of summaries, rolling summaries), so
 * the active ones are the maximal ranges; ranges are laminar (disjoint or nested).
 */
export function activeSummaries(items: readonly LogItem[]): LogItem[] {
  const summaries = items.filter((i) => i.kind === 'summary' && i.covers !== undefined);
  summaries.sort((a, b) => {
    const ra = a.covers as SeqRange;
    const rb = b.covers as SeqRange;
    return ra.from - rb.from || rb.to - ra.to || b.seq - a.seq;
  });
  const active: LogItem[] = [];
  let lastTo = -Infinity;
  for (const s of summaries) {
    const r = s.covers as SeqRange;
    if (r.from > lastTo) {
      active.push(s);
      lastTo = r.to;
    }
  }
  return active;
}

/** The view with each entry's place in the log. Linear in the log (plus sorting the summaries). */
export function buildPlacedView(state: ContextState): PlacedEntry[] {
  const out: PlacedEntry[] = [];
  walkView(state, (entry, item, from, to) => out.push({ entry, item, from, to }));
  return out;
}

/**
 * The model-visible messages, by reference, in order: compacted ranges replaced by their
 * summary (the latest, outermost one when summaries nest), archived tool results by their
 * digest. Pure and deterministic.
 */
export function buildView(state: ContextState): ViewEntry[] {
  const out: ViewEntry[] = [];
  walkView(state, (entry) => out.push(entry));
  return out;
}

/** One pass over the log, emitting the view in order (shared by the two builders, without intermediate arrays). */
function walkView(
  state: ContextState,
  emit: (entry: ViewEntry, item: LogItem, from: number, to: number) => void,
): void {
  const active = activeSummaries(state.items);
  const archived = new Set(state.archived);
  const emitSummary = (s: LogItem): void => {
    const { from, to } = s.covers as SeqRange;
    emit({ seq: s.seq, role: s.role, visibility: 'summary', content: s.content }, s, from, to);
  };
  let next = 0; // next active summary to emit
  let covering = 0; // first active summary whose range may still contain upcoming seqs
  for (const item of state.items) {
    if (item.kind === 'summary') continue;
    while (next < active.length && (active[next]?.covers as SeqRange).from <= item.seq) {
      emitSummary(active[next] as LogItem);
      next += 1;
    }
    while (covering < active.length && (active[covering]?.covers as SeqRange).to < item.seq) covering += 1;
    const cover = active[covering]?.covers;
    if (cover !== undefined && cover.from <= item.seq && item.seq <= cover.to) continue;
    emit(entryForItem(item, archived), item, item.seq, item.seq);
  }
  for (; next < active.length; next += 1) emitSummary(active[next] as LogItem);
}

/** Sum of the view's tokens (history only: the caller's fixed overhead is not included). */
export function viewTokens(view: readonly ViewEntry[] | readonly PlacedEntry[]): number {
  let sum = 0;
  for (const e of view) sum += 'entry' in e ? e.entry.content.tokens : e.content.tokens;
  return sum;
}

/** The view entry of a non-summary item: its digest when archived, else itself. */
export function entryForItem(item: LogItem, archived: ReadonlySet<number>): ViewEntry {
  const { seq, role } = item;
  const digest = role === 'tool' && archived.has(seq) ? item.digest : undefined;
  const visibility: Visibility = digest ? 'tool_result_archived' : item.kind;
  const content = digest ?? item.content;
  const ids = item.toolCalls?.length ? item.toolCalls.map((c) => c.id) : undefined;
  const id = item.toolCallId;
  // One literal per shape rather than adding the optional fields afterwards: entries then
  // get their final hidden class at once (no out-of-object property store, no transitions),
  // which matters when a view of 100k items is built. Key order stays that of the old code.
  if (ids === undefined) {
    return id === undefined ? { seq, role, visibility, content } : { seq, role, visibility, content, toolCallId: id };
  }
  return id === undefined
    ? { seq, role, visibility, content, toolCallIds: ids }
    : { seq, role, visibility, content, toolCallIds: ids, toolCallId: id };
}
