/**
 * Safe cut points of the view. A cut before entry `i` sends entries `< i` to a summary and
 * keeps the rest. It is safe when no tool-call group straddles it: every call made before
 * the cut has its result before the cut (parallel calls included), and a call still
 * without a result (pending) keeps everything from it onwards out of any summary.
 */
import type { ViewEntry } from './types';
import type { PlacedEntry } from './view';

/** Where the view may be cut. */
export interface CutPoints {
  /** `safe[i]`: cutting before entry `i` (0..length) separates no call from its results. */
  safe: boolean[];
  /** `turnStart[i]`: entry `i` is a user message, so a cut there falls on a turn boundary. */
  turnStart: boolean[];
}

/** Safe cut points and turn boundaries of a view, in one linear pass. */
export function cutPoints(view: readonly ViewEntry[] | readonly PlacedEntry[]): CutPoints {
  const safe: boolean[] = new Array<boolean>(view.length + 1);
  const turnStart: boolean[] = new Array<boolean>(view.length + 1);
  const open = new Set<string>();
  for (let i = 0; i <= view.length; i += 1) {
    const v = view[i];
    const e = v === undefined ? undefined : 'entry' in v ? v.entry : v;
    safe[i] = open.size === 0 && e?.role !== 'tool';
    turnStart[i] = e !== undefined && e.role === 'user' && e.visibility === 'message';
    if (e === undefined) break;
    if (e.role === 'assistant') for (const id of e.toolCallIds ?? []) open.add(id);
    if (e.role === 'tool' && e.toolCallId !== undefined) open.delete(e.toolCallId);
  }
  return { safe, turnStart };
}
