/**
 * The quality benchmark's own checks (bench/quality/render.ts): if the fact checker or the
 * pairing validator were wrong, every figure in bench/RESULTS.md would be.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/context/types';
import { factSpans, hasConversation, keptFacts, pairingFaults, renderRequest } from '../../../bench/quality/render';

const call = (id: string, name = 'run_command', args: Record<string, unknown> = {}) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: JSON.stringify(args) },
});
const sys: ChatMessage = { role: 'system', content: 'You are an agent.' };
const user = (content: string): ChatMessage => ({ role: 'user', content });
const asks = (content: string | null, ...ids: string[]): ChatMessage => ({
  role: 'assistant',
  content,
  tool_calls: ids.map((id) => call(id)),
});
const result = (id: string, content = 'ok'): ChatMessage => ({ role: 'tool', tool_call_id: id, content });

describe('fact checker', () => {
  const messages: ChatMessage[] = [
    sys,
    user('Goal: make the quota-sync worker idempotent.'),
    {
      role: 'assistant',
      content: null,
      tool_calls: [call('c1', 'edit_file', { path: 'src/ledger/settle-dune.ts', note: 'say "hi"' })],
    },
    result('c1', 'E0599 no method named `reconcile_tariff`\nerror: could not compile `acme`'),
  ];

  it('finds needles in message text and in tool-call arguments, exactly and case-sensitively', () => {
    const text = renderRequest(messages);
    const facts = [
      { needle: 'quota-sync' },
      { needle: 'src/ledger/settle-dune.ts' },
      { needle: 'reconcile_tariff' },
      { needle: 'Quota-Sync' },
      { needle: 'absent-thing' },
    ];
    expect(keptFacts(text, facts)).toEqual([true, true, true, false, false]);
  });

  it('finds a needle with quotes inside JSON-encoded arguments', () => {
    expect(keptFacts(renderRequest(messages), [{ needle: 'say "hi"' }])).toEqual([true]);
  });

  it('loses a fact whose message was dropped', () => {
    const dropped = [sys, messages[3] as ChatMessage];
    expect(keptFacts(renderRequest(dropped), [{ needle: 'quota-sync' }, { needle: 'reconcile_tariff' }])).toEqual([
      false,
      true,
    ]);
  });

  it('does not match across message boundaries', () => {
    const split = [user('the value is abc'), user('def and more')];
    expect(keptFacts(renderRequest(split), [{ needle: 'abcdef' }, { needle: 'abc\ndef' }])).toEqual([false, false]);
  });

  it('reports the first and last message of each needle', () => {
    const spans = factSpans([...messages, user('again quota-sync')], ['quota-sync', 'reconcile_tariff', 'nowhere']);
    expect(spans).toEqual([
      { first: 1, last: 4 },
      { first: 3, last: 3 },
      { first: -1, last: -1 },
    ]);
  });
});

describe('pairing validator', () => {
  it('accepts parallel calls answered in any order, and plain turns', () => {
    expect(
      pairingFaults([
        sys,
        user('go'),
        asks('x', 'a', 'b'),
        result('b'),
        result('a'),
        { role: 'assistant', content: 'done' },
      ]),
    ).toEqual([]);
  });

  it('flags a tool result whose call was dropped', () => {
    expect(pairingFaults([sys, result('a'), user('go')])).toEqual([
      { index: 1, problem: 'tool result without its call', toolCallId: 'a' },
    ]);
  });

  it('flags a call whose result was dropped, including at the end of the request', () => {
    expect(pairingFaults([sys, asks(null, 'a', 'b'), result('a')])).toEqual([
      { index: 1, problem: 'tool call without its result', toolCallId: 'b' },
    ]);
  });

  it('flags results separated from their call by another message', () => {
    const faults = pairingFaults([asks(null, 'a'), user('interrupt'), result('a')]);
    expect(faults.map((f) => f.problem)).toEqual(['tool call without its result', 'tool result without its call']);
  });

  it('flags a duplicate result and a result answering an earlier group', () => {
    expect(pairingFaults([asks(null, 'a'), result('a'), result('a')]).map((f) => f.problem)).toEqual([
      'duplicate tool result',
    ]);
    expect(
      pairingFaults([asks(null, 'a'), result('a'), asks(null, 'b'), result('a'), result('b')]).map((f) => f.problem),
    ).toEqual(['tool result without its call']);
  });

  it('treats a request of only the system prompt as no conversation', () => {
    expect(hasConversation([sys])).toBe(false);
    expect(hasConversation([sys, user('hi')])).toBe(true);
  });
});
