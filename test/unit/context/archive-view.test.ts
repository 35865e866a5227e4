/**
 * Archiving patches an already-built view (planning and applying no longer rebuild it):
 * the patched view, its tokens and its cut points must be exactly those of a rebuild.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archivedTokens, archiveInView } from '../../../src/context/archive-view';
import {
  appendItem,
  buildPlacedView,
  cutPoints,
  stateViewTokens,
  viewTokens,
  type ContextState,
  type NewLogItem,
} from '../../../src/context';
import { assistant, build, counted, system, tool, user } from './helpers';

const sessionArb = fc.record({
  groups: fc.array(fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 0, maxLength: 3 }), {
    minLength: 1,
    maxLength: 25,
  }),
  archivedBefore: fc.array(fc.boolean(), { maxLength: 80 }),
  toArchive: fc.array(fc.boolean(), { maxLength: 80 }),
  summaryCut: fc.double({ min: 0, max: 1, noNaN: true }),
});

/** A session of turns with tool groups, some results archived, maybe a summary over a prefix. */
function session(groups: number[][], archivedBefore: boolean[], summaryCut: number): ContextState {
  const items: NewLogItem[] = [system(20)];
  let id = 0;
  groups.forEach((results, t) => {
    const turn = t + 1;
    const ids = results.map(() => `call_${id++}`);
    items.push(user(turn, 15), assistant(turn, 10, ids));
    results.forEach((tokens, i) => items.push(tool(turn, ids[i] as string, tokens, i % 3 === 2 ? null : 4)));
    if (results.length) items.push(assistant(turn, 12));
  });
  let s = build(items);
  const tools = s.items.filter((i) => i.role === 'tool' && i.digest !== undefined);
  s = { ...s, archived: tools.filter((_, k) => archivedBefore[k]).map((i) => i.seq) };
  const placed = buildPlacedView(s);
  const { safe } = cutPoints(placed);
  const c = Math.floor(summaryCut * placed.length);
  if (c > 1 && safe[c]) {
    const covers = { from: placed[1]!.from, to: placed[c - 1]!.to };
    s = appendItem(s, {
      turn: s.items.at(-1)!.turn,
      role: 'user',
      kind: 'summary',
      content: counted(7),
      preview: '',
      covers,
    });
  }
  return s;
}

describe('archiveInView', () => {
  it('equals rebuilding the view with the seqs archived: entries, tokens and cut points (and the token figures alone too)', () => {
    fc.assert(
      fc.property(sessionArb, ({ groups, archivedBefore, toArchive, summaryCut }) => {
        const s = session(groups, archivedBefore, summaryCut);
        const view = buildPlacedView(s);
        // Candidates as tool-archive picks them: shown, not yet archived, with a digest.
        const candidates = view.filter((p) => p.entry.visibility === 'tool_result' && p.item.digest !== undefined);
        const seqs = candidates.filter((_, k) => toArchive[k]).map((p) => p.item.seq);
        const patched = archiveInView(view, viewTokens(view), seqs);
        const rebuilt = buildPlacedView({ ...s, archived: [...s.archived, ...seqs] });
        expect(patched.view).toStrictEqual(rebuilt);
        expect(patched.tokens).toBe(viewTokens(rebuilt));
        // the figures alone, as applying computes them
        expect(archivedTokens(view, viewTokens(view), seqs)).toBe(patched.tokens);
        expect(stateViewTokens(s)).toBe(viewTokens(view));
        expect(stateViewTokens({ ...s, archived: [...s.archived, ...seqs] })).toBe(patched.tokens);
        expect(cutPoints(patched.view)).toStrictEqual(cutPoints(view));
        expect(view).toStrictEqual(buildPlacedView(s)); // the input view is not modified
      }),
      { numRuns: 200, seed: 0xa4c },
    );
  });
});
