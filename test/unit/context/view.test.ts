import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeSummaries,
  appendItem,
  buildPlacedView,
  buildView,
  entryForItem,
  stateViewTokens,
  viewTokens,
  type ContextState,
  type LogItem,
  type PlacedEntry,
  type SeqRange,
} from '../../../src/context';
import { assistant, build, counted, system, tool, user } from './helpers';

function summarize(state: ContextState, covers: SeqRange, tokens = 7): ContextState {
  return appendItem(state, {
    turn: state.items.at(-1)?.turn ?? 0,
    role: 'user',
    kind: 'summary',
    content: counted(tokens),
    preview: 's',
    covers,
  });
}

const shape = (s: ContextState): string[] =>
  buildView(s).map((e) =>
    e.visibility === 'summary' ? `S${e.seq}` : e.visibility === 'tool_result_archived' ? `D${e.seq}` : `${e.seq}`,
  );

describe('buildView', () => {
  const base = build([system(), user(1), assistant(1), user(2), assistant(2), user(3), assistant(3), user(4)]); // seqs 0..7

  it('shows the log as is when nothing was compacted', () => {
    expect(shape(base)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it('puts a summary where its range was (storage vs view)', () => {
    const s = summarize(base, { from: 1, to: 4 }); // seq 8
    expect(shape(s)).toEqual(['0', 'S8', '5', '6', '7']);
  });

  it('handles chained summaries', () => {
    const s = summarize(summarize(base, { from: 1, to: 2 }), { from: 3, to: 4 }); // S8, S9
    expect(shape(s)).toEqual(['0', 'S8', 'S9', '5', '6', '7']);
  });

  it('handles a summary of summaries (nested): the outer one supersedes', () => {
    let s = summarize(summarize(base, { from: 1, to: 2 }), { from: 3, to: 4 }); // S8, S9
    s = summarize(s, { from: 1, to: 4 }); // S10 contains both ranges
    expect(shape(s)).toEqual(['0', 'S10', '5', '6', '7']);
    expect(activeSummaries(s.items).map((i) => i.seq)).toEqual([10]);
  });

  it('handles rolling summaries whose range contains the previous summary item', () => {
    let s = summarize(base, { from: 1, to: 2 }); // S8
    s = build([assistant(4), user(5)], s); // 9, 10
    s = summarize(s, { from: 1, to: 9 }); // S11 covers S8 (seq 8) and its range
    expect(shape(s)).toEqual(['0', 'S11', '10']);
  });

  it('keeps an earlier summary whose seq (not range) falls inside a chained range', () => {
    let s = summarize(base, { from: 1, to: 2 }); // S8
    s = build([assistant(4)], s); // 9
    s = summarize(s, { from: 3, to: 9 }); // S10: covers seq 8 but not S8's range
    expect(shape(s)).toEqual(['0', 'S8', 'S10']);
  });

  it('replaces archived tool results by their digest, keeping the call id', () => {
    const s0 = build([user(1), assistant(1, 5, ['a', 'b']), tool(1, 'a', 100, 5), tool(1, 'b', 100, null)]);
    const s = { ...s0, archived: [2, 3] }; // 3 has no digest: stays as is
    const v = buildView(s);
    expect(shape(s)).toEqual(['0', '1', 'D2', '3']);
    expect(v[2]).toMatchObject({ toolCallId: 'a', role: 'tool', content: { tokens: 5 } });
    expect(viewTokens(v)).toBe(10 + 5 + 5 + 100);
  });

  it('is pure: same input, same output, input untouched', () => {
    const s = summarize(base, { from: 1, to: 4 });
    const before = JSON.stringify(s);
    expect(buildView(s)).toEqual(buildView(JSON.parse(before) as ContextState));
    expect(JSON.stringify(s)).toBe(before);
  });
});

/** The view as walked before covered ranges were skipped: every item read, one by one. */
function walkedItemByItem(state: ContextState): PlacedEntry[] {
  const active = activeSummaries(state.items);
  const archived = new Set(state.archived);
  const out: PlacedEntry[] = [];
  const summary = (s: LogItem) =>
    out.push({
      entry: { seq: s.seq, role: s.role, visibility: 'summary', content: s.content },
      item: s,
      from: s.covers!.from,
      to: s.covers!.to,
    });
  let next = 0;
  let covering = 0;
  for (const item of state.items) {
    if (item.kind === 'summary') continue;
    while (next < active.length && active[next]!.covers!.from <= item.seq) summary(active[next++]!);
    while (covering < active.length && active[covering]!.covers!.to < item.seq) covering += 1;
    const cover = active[covering]?.covers;
    if (cover !== undefined && cover.from <= item.seq && item.seq <= cover.to) continue;
    out.push({ entry: entryForItem(item, archived), item, from: item.seq, to: item.seq });
  }
  for (; next < active.length; next += 1) summary(active[next]!);
  return out;
}

describe('the view skips what a summary covers without reading it', () => {
  it('equals the item-by-item walk: any summaries (nested, chained, rolling, empty ranges), gaps in seqs', () => {
    const step = fc.oneof(
      fc.constant({ kind: 'message' as const }),
      fc.record({ kind: fc.constant('summary' as const), a: fc.nat(60), b: fc.nat(60) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.array(fc.nat(3), { maxLength: 60 }), (steps, gaps) => {
        let s = build([system()]);
        steps.forEach((x, k) => {
          if (x.kind === 'message') s = build([user(1)], s);
          else s = summarize(s, { from: Math.min(x.a, x.b), to: Math.max(x.a, x.b) });
          s = { ...s, nextSeq: s.nextSeq + (gaps[k] ?? 0) }; // seqs with gaps (a trimmed log)
        });
        const reference = walkedItemByItem(s);
        expect(buildPlacedView(s)).toStrictEqual(reference);
        expect(buildView(s)).toStrictEqual(reference.map((p) => p.entry));
        expect(stateViewTokens(s)).toBe(viewTokens(reference));
      }),
      { numRuns: 500, seed: 0x51e },
    );
  });
});
