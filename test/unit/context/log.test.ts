import { describe, expect, it } from 'vitest';
import { DurableContextError, appendItem, appendItems, emptyContextState } from '../../../src/context';
import { assistant, build, system, tool, user } from './helpers';

describe('append-only log', () => {
  it('starts empty', () => {
    expect(emptyContextState()).toEqual({
      items: [],
      nextSeq: 0,
      ledger: [],
      archived: [],
      facts: { files: [], commands: [], errors: [], pendingCalls: [] },
    });
  });

  it('gives monotonic seqs and never touches earlier items or the previous state', () => {
    const s1 = build([system(), user(1)]);
    const frozen = JSON.stringify(s1);
    const s2 = appendItem(s1, assistant(1));
    expect(JSON.stringify(s1)).toBe(frozen);
    expect(s2.items.map((i) => i.seq)).toEqual([0, 1, 2]);
    expect(s2.nextSeq).toBe(3);
    expect(s2.items[0]).toBe(s1.items[0]);
    expect(s2.items[1]).toBe(s1.items[1]);
  });

  it('appends many items at once with the same result as one by one', () => {
    const items = [system(), user(1), assistant(1, 5, ['a']), tool(1, 'a')];
    expect(appendItems(emptyContextState(), items)).toEqual(build(items));
  });

  it.each([
    ['a turn going backwards', [user(2), user(1)]],
    ['negative tokens', [{ ...user(1), content: { ref: 'sha256:00' as const, tokens: -1, bytes: 0 } }]],
    ['fractional bytes', [{ ...user(1), content: { ref: 'sha256:00' as const, tokens: 1, bytes: 0.5 } }]],
    ['a tool item without its call id', [{ ...tool(1, 'x'), toolCallId: undefined }]],
  ])('rejects %s', (_name, items) => {
    expect(() => build(items)).toThrow(DurableContextError);
  });
});
