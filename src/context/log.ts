/**
 * The append-only log: a fresh state, and appending items. Appending returns a new state
 * and never touches earlier items (they are shared, not copied or rewritten).
 */
import { DurableContextError, FailureType } from './errors';
import { emptyFacts, stateFacts, updateFacts } from './facts';
import type { ContextState, LogItem } from './types';

/** A log item before it gets its seq. */
export type NewLogItem = Omit<LogItem, 'seq'>;

/** The state of a session that has not started: no items, seq 0, empty ledger and facts. */
export function emptyContextState(): ContextState {
  return { items: [], nextSeq: 0, ledger: [], archived: [], facts: emptyFacts() };
}

/**
 * Appends one item with the next seq and updates the facts.
 * @throws DurableContextError (`InvalidInput`) for negative or fractional sizes, or a turn
 * lower than the last item's.
 */
export function appendItem(state: ContextState, item: NewLogItem): ContextState {
  return appendItems(state, [item]);
}

/** Appends several items in order (one copy of the item list, however many are appended). */
export function appendItems(state: ContextState, newItems: readonly NewLogItem[]): ContextState {
  const items = state.items.slice();
  let facts = stateFacts(state);
  let seq = state.nextSeq;
  let lastTurn = items.length ? (items[items.length - 1] as LogItem).turn : 0;
  for (const input of newItems) {
    checkItem(input, lastTurn);
    const item: LogItem = { ...input, seq };
    items.push(item);
    facts = updateFacts(facts, item);
    lastTurn = item.turn;
    seq += 1;
  }
  return { ...state, items, nextSeq: seq, facts };
}

/** The latest turn of the log (0 when empty). */
export function currentTurn(state: ContextState): number {
  const last = state.items[state.items.length - 1];
  return last ? last.turn : 0;
}

function checkItem(item: NewLogItem, lastTurn: number): void {
  const bad = (message: string): never => {
    throw new DurableContextError(FailureType.InvalidInput, `Cannot append log item: ${message}`, { message });
  };
  if (!Number.isSafeInteger(item.turn) || item.turn < lastTurn) {
    bad(`turn ${item.turn} is not an integer ≥ the last turn ${lastTurn}`);
  }
  for (const [name, c] of [
    ['content', item.content],
    ['digest', item.digest],
  ] as const) {
    if (c === undefined) continue;
    if (!Number.isSafeInteger(c.tokens) || c.tokens < 0) bad(`${name}.tokens must be an integer ≥ 0`);
    if (!Number.isSafeInteger(c.bytes) || c.bytes < 0) bad(`${name}.bytes must be an integer ≥ 0`);
  }
  if (item.role === 'tool' && item.toolCallId === undefined) bad('a tool item needs its toolCallId');
  if (item.kind === 'summary' && item.covers === undefined) bad('a summary item needs its covers range');
}

/** The item with `seq`, by binary search (items are ordered by seq, possibly with gaps). */
export function itemBySeq(items: readonly LogItem[], seq: number): LogItem | undefined {
  let lo = 0;
  let hi = items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const item = items[mid] as LogItem;
    if (item.seq === seq) return item;
    if (item.seq < seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
