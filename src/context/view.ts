/**
 * The view: what the model is sent, derived from the log (never stored). Compacted ranges
 * show as their summary, archived tool results as their digest, in log order.
 */
import type { ContextState, CountedContent, LogItem, SeqRange, ViewEntry, Visibility } from './types';

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
  const archived = new Set(state.archived);
  walkView(state, (item, from, to) => out.push({ entry: shownEntry(item, archived), item, from, to }));
  return out;
}

/**
 * The model-visible messages, by reference, in order: compacted ranges replaced by their
 * summary (the latest, outermost one when summaries nest; nothing when it is withheld),
 * archived tool results by their digest. Pure and deterministic.
 */
export function buildView(state: ContextState): ViewEntry[] {
  const out: ViewEntry[] = [];
  const archived = new Set(state.archived);
  walkView(state, (item) => out.push(shownEntry(item, archived)));
  return out;
}

/**
 * The view's tokens: `viewTokens(buildView(state))`, without building the entries (applying a
 * compaction needs only the figure for the view after it).
 */
export function stateViewTokens(state: ContextState): number {
  const archived = new Set(state.archived);
  let sum = 0;
  walkView(state, (item) => {
    sum += item.kind === 'summary' ? item.content.tokens : shownContent(item, archived).tokens;
  });
  return sum;
}

/**
 * One pass over the log, emitting the items the view shows, in order, with the seqs each
 * stands for: the active summaries and the items they do not cover (shared by the builders,
 * without intermediate arrays).
 */
function walkView(state: ContextState, emit: (item: LogItem, from: number, to: number) => void): void {
  const active = activeSummaries(state.items);
  // a withheld summary shows nothing, neither itself nor what it stands for (ContextState.withheld)
  const withheld = state.withheld?.length ? new Set(state.withheld) : undefined;
  const emitSummary = (s: LogItem): void => {
    if (withheld?.has(s.seq)) return;
    const { from, to } = s.covers as SeqRange;
    emit(s, from, to);
  };
  let next = 0; // next active summary to emit
  let covering = 0; // first active summary whose range may still contain upcoming seqs
  const items = state.items;
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i] as LogItem;
    if (item.kind === 'summary') continue;
    while (next < active.length && (active[next]?.covers as SeqRange).from <= item.seq) {
      emitSummary(active[next] as LogItem);
      next += 1;
    }
    while (covering < active.length && (active[covering]?.covers as SeqRange).to < item.seq) covering += 1;
    const cover = active[covering]?.covers;
    if (cover !== undefined && cover.from <= item.seq && item.seq <= cover.to) {
      // The rest of the summary's range shows nothing either (active ranges are disjoint, so no
      // other summary starts in it): skip to its last item rather than reading each one — once
      // most of a long log is summarized, these reads were most of a walk.
      i = lastAtOrBefore(items, cover.to, i);
      continue;
    }
    emit(item, item.seq, item.seq);
  }
  for (; next < active.length; next += 1) emitSummary(active[next] as LogItem);
}

/** The index of the last of `items` (ordered by seq) from `from` on whose seq is at most `seq`; `items[from]` is one. */
function lastAtOrBefore(items: readonly LogItem[], seq: number, from: number): number {
  let lo = from;
  let hi = items.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((items[mid] as LogItem).seq <= seq) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Sum of the view's tokens (history only: the caller's fixed overhead is not included). */
export function viewTokens(view: readonly ViewEntry[] | readonly PlacedEntry[]): number {
  let sum = 0;
  for (const e of view) sum += 'entry' in e ? e.entry.content.tokens : e.content.tokens;
  return sum;
}

/** The entry of an item the view shows ({@link walkView}): a summary, or {@link entryForItem}. */
function shownEntry(item: LogItem, archived: ReadonlySet<number>): ViewEntry {
  return item.kind === 'summary'
    ? { seq: item.seq, role: item.role, visibility: 'summary', content: item.content }
    : entryForItem(item, archived);
}

/** What the view shows of a non-summary item: its digest when archived, else its content ({@link entryForItem}'s). */
export function shownContent(item: LogItem, archived: ReadonlySet<number>): CountedContent {
  return (item.role === 'tool' && archived.has(item.seq) ? item.digest : undefined) ?? item.content;
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
