/**
 * Archiving applied to a view that is already built. Archiving swaps a tool result's
 * content for its digest and keeps the entry's place, role and call id, so the placed view
 * can be patched instead of rebuilt, and its cut points stay valid as they are. Internal
 * (not exported from the package): shared by planning and applying.
 */
import type { PlacedEntry } from './view';
import { entryForItem, shownContent } from './view';

/** A placed view and its tokens. */
export interface PatchedView {
  view: PlacedEntry[];
  tokens: number;
}

/**
 * `view` (of `tokens` tokens) with the tool results `seqs` shown as their digests: the same
 * entries, in the same order, as rebuilding the view with `seqs` added to the archived set.
 * Only the patched entries are allocated, and the tokens change by their difference alone.
 */
export function archiveInView(view: readonly PlacedEntry[], tokens: number, seqs: readonly number[]): PatchedView {
  // Only the newly archived seqs are looked up: every other entry is kept as it is.
  const changed = new Set(seqs);
  const out = view.slice();
  let total = tokens;
  for (let i = 0; i < out.length; i += 1) {
    const p = out[i] as PlacedEntry;
    if (!changed.has(p.item.seq)) continue;
    const entry = entryForItem(p.item, changed);
    total += entry.content.tokens - p.entry.content.tokens;
    out[i] = { entry, item: p.item, from: p.from, to: p.to };
  }
  return { view: out, tokens: total };
}

/** The tokens of `archiveInView(view, tokens, seqs)`, without the patched view (applying needs only the figure). */
export function archivedTokens(view: readonly PlacedEntry[], tokens: number, seqs: readonly number[]): number {
  const changed = new Set(seqs);
  let total = tokens;
  for (let i = 0; i < view.length; i += 1) {
    const p = view[i] as PlacedEntry;
    if (!changed.has(p.item.seq)) continue;
    total += shownContent(p.item, changed).tokens - p.entry.content.tokens;
  }
  return total;
}
