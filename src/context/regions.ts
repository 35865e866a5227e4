/**
 * What compaction must keep and what it may shrink. The view splits into pinned entries —
 * the leading system messages, the current request (the latest user message) and the latest
 * step (the latest assistant message after it, with its tool results) — and at most two
 * compactable regions between them: the history before the current request, and the earlier
 * steps of the current turn. Each region can be replaced by one summary, since a region never
 * begins or ends inside a tool-call group (it is bounded by a user message, the system
 * messages and an assistant message whose predecessors' calls are all answered).
 */
import { utf8ByteLength } from './truncate';
import type { PlacedEntry } from './view';

/** Which part of the history a region holds. */
export type RegionKind = 'before-request' | 'current-turn';

/** A compactable region of the view: entries `[start, end)`. */
export interface ViewRegion {
  kind: RegionKind;
  start: number;
  end: number;
  /** Tokens of its entries as the view shows them now. */
  tokens: number;
  /** Tokens of its entries that are not summaries (what a new summary would newly condense). */
  rawTokens: number;
}

/** The view split into pinned entries and compactable regions. */
export interface ViewShape {
  /** Index of the first entry after the leading system messages. */
  pinnedEnd: number;
  /** Index of the current request (the latest user message), or -1 when the view has none. */
  request: number;
  /** Index of the latest step (the latest assistant message after the request); `view.length` when none. */
  stepStart: number;
  /** Tokens of the pinned entries: leading system messages, current request, latest step. */
  pinnedTokens: number;
  /** The non-empty compactable regions, oldest first. */
  regions: ViewRegion[];
}

/**
 * Tokens a summary message takes before its summarizer writes a word: the framing, the
 * `[Previous conversation summary]` prefix, separators, and a little text. A summary's state
 * block comes on top (see {@link summaryFloor}).
 */
export const SUMMARY_FRAME_TOKENS = 16;

/**
 * The smallest summary a summarizer can write, in tokens: the state block it must carry
 * verbatim plus {@link SUMMARY_FRAME_TOKENS}. The engine has no tokenizer, so the state block
 * is estimated at one token per 3 UTF-8 bytes — above the real count for English, code, paths
 * and CJK text alike — so that a cap at the floor is one a summarizer can meet.
 */
export function summaryFloor(stateBlock: string): number {
  return Math.ceil(utf8ByteLength(stateBlock) / 3) + SUMMARY_FRAME_TOKENS;
}

/** Splits a view into its pinned entries and compactable regions. Linear in the view. */
export function viewShape(view: readonly PlacedEntry[]): ViewShape {
  let pinnedEnd = 0;
  while (pinnedEnd < view.length && isSystemMessage(view[pinnedEnd] as PlacedEntry)) pinnedEnd += 1;
  let request = -1;
  for (let i = view.length - 1; i >= pinnedEnd; i -= 1) {
    const e = (view[i] as PlacedEntry).entry;
    if (e.role === 'user' && e.visibility === 'message') {
      request = i;
      break;
    }
  }
  let stepStart = view.length;
  for (let i = view.length - 1; i > Math.max(request, pinnedEnd - 1); i -= 1) {
    const e = (view[i] as PlacedEntry).entry;
    if (e.role === 'assistant' && e.visibility === 'message') {
      stepStart = i;
      break;
    }
  }
  const regions: ViewRegion[] = [];
  const add = (kind: RegionKind, start: number, end: number): void => {
    if (end <= start) return;
    let tokens = 0;
    let rawTokens = 0;
    for (let i = start; i < end; i += 1) {
      const e = (view[i] as PlacedEntry).entry;
      tokens += e.content.tokens;
      if (e.visibility !== 'summary') rawTokens += e.content.tokens;
    }
    regions.push({ kind, start, end, tokens, rawTokens });
  };
  if (request >= 0) {
    add('before-request', pinnedEnd, request);
    add('current-turn', request + 1, stepStart);
  } else {
    add('before-request', pinnedEnd, stepStart);
  }
  let pinnedTokens = 0;
  for (let i = 0; i < pinnedEnd; i += 1) pinnedTokens += (view[i] as PlacedEntry).entry.content.tokens;
  if (request >= 0) pinnedTokens += (view[request] as PlacedEntry).entry.content.tokens;
  for (let i = stepStart; i < view.length; i += 1) pinnedTokens += (view[i] as PlacedEntry).entry.content.tokens;
  return { pinnedEnd, request, stepStart, pinnedTokens, regions };
}

function isSystemMessage(p: PlacedEntry): boolean {
  return p.entry.role === 'system' && p.entry.visibility === 'message';
}
