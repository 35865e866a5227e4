/**
 * The reply a range ends on, carried to the next range with the reserve
 * (src/activities/summarizers/awaiting.ts): which replies are carried, and a reserve stored before
 * it existed, with or without held items, read back; and the harness headings carried beside them.
 */
import { describe, expect, it } from 'vitest';
import { awaitingReply, composeReserve, splitReserve } from '../../../src/activities/summarizers/awaiting';
import type { ChatMessage } from '../../../src/context/types';

const reply = (content: string | null, calls = false): ChatMessage => ({
  role: 'assistant',
  content,
  ...(calls
    ? { tool_calls: [{ id: 'c1', type: 'function' as const, function: { name: 'run', arguments: '{}' } }] }
    : {}),
});

describe('the reply awaiting its output', () => {
  it('is the last message when it is a reply of text alone', () => {
    expect(awaitingReply([{ role: 'user', content: 'go' }, reply('Action: run\nAction Input: {}')])).toBe(
      'Action: run\nAction Input: {}',
    );
    // a reply with calls of the API's own is paired by the engine; a range ending on an output awaits nothing
    expect(awaitingReply([reply('Running it.', true)])).toBeUndefined();
    expect(awaitingReply([reply('x'), { role: 'tool', tool_call_id: 'c1', content: 'ok' }])).toBeUndefined();
    expect(awaitingReply([reply(null)])).toBeUndefined();
    expect(awaitingReply([reply('   ')])).toBeUndefined();
    expect(awaitingReply([reply('x'.repeat(16_001))])).toBeUndefined();
    expect(awaitingReply([])).toBeUndefined();
  });

  it('rides with the items held back, and both come back apart', () => {
    const held = '(held back: 1 items)\n\n## Files written (most recent first)\nsrc/a.ts';
    const both = composeReserve(held, '#E1 = Shell[make]');
    expect(splitReserve(both)).toEqual({ held, awaiting: '#E1 = Shell[make]' });
    expect(splitReserve(composeReserve(undefined, 'Action: run'))).toEqual({ awaiting: 'Action: run' });
    expect(composeReserve(held, undefined)).toBe(held);
    expect(composeReserve(undefined, undefined)).toBeUndefined();
    // a reserve stored before replies were carried is all held items
    expect(splitReserve(held)).toEqual({ held });
    expect(splitReserve(undefined)).toEqual({});
  });

  it('carries the harness headings between the items held back and the reply, and reads them back', () => {
    const held = '(held back: 1 items)\n\n## Files written (most recent first)\nsrc/a.ts';
    const openings = ['Code from the last round', '[runner] step results'];
    expect(splitReserve(composeReserve(held, 'Code:\n```js\nx()\n```', openings))).toEqual({
      held,
      awaiting: 'Code:\n```js\nx()\n```',
      openings,
    });
    expect(splitReserve(composeReserve(undefined, undefined, openings))).toEqual({ openings });
    expect(splitReserve(composeReserve(held, undefined, openings))).toEqual({ held, openings });
    expect(composeReserve(held, undefined, [])).toBe(held);
    // (a list that does not parse, or holds no strings, is left out: the rest still reads)
    expect(splitReserve(`${held}\n[harness openings]\n["cut`)).toEqual({ held });
    expect(splitReserve(`${held}\n[harness openings]\n[1, 2]\n[reply awaiting its output]\nAction: run`)).toEqual({
      held,
      awaiting: 'Action: run',
    });
  });
});
