import { describe, expect, it } from 'vitest';
import { buildView, checkToolPairing, type ChatMessage } from '../../../src/context';
import { assistant, build, tool, user } from './helpers';

const call = (id: string) => ({ id, type: 'function' as const, function: { name: 'bash', arguments: '{}' } });

describe('checkToolPairing', () => {
  it('accepts parallel calls answered in any order', () => {
    const msgs: ChatMessage[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [call('a'), call('b'), call('c')] },
      { role: 'tool', content: 'B', tool_call_id: 'b' },
      { role: 'tool', content: 'A', tool_call_id: 'a' },
      { role: 'tool', content: 'C', tool_call_id: 'c' },
      { role: 'assistant', content: 'done' },
    ];
    expect(checkToolPairing(msgs)).toEqual([]);
  });

  it('reports missing results, orphans and duplicates the way providers do', () => {
    const msgs: ChatMessage[] = [
      { role: 'tool', content: 'x', tool_call_id: 'zz' },
      { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
      { role: 'tool', content: 'A', tool_call_id: 'a' },
      { role: 'tool', content: 'A again', tool_call_id: 'a' },
      { role: 'user', content: 'interrupting' },
      { role: 'tool', content: 'B late', tool_call_id: 'b' },
    ];
    const issues = checkToolPairing(msgs);
    expect(issues.map((i) => [i.kind, i.index, i.toolCallId])).toEqual([
      ['orphan_result', 0, 'zz'],
      ['duplicate_result', 3, 'a'],
      ['missing_result', 1, 'b'],
      ['orphan_result', 5, 'b'],
    ]);
    expect(issues[2]?.message).toContain('did not have response messages: b');
    expect(issues[0]?.message).toContain("messages with role 'tool' must be a response");
  });

  it('reports a pending call at the end', () => {
    expect(
      checkToolPairing([{ role: 'assistant', content: null, tool_calls: [call('p')] }]).map((i) => i.kind),
    ).toEqual(['missing_result']);
  });

  it('works on view entries', () => {
    const ok = build([user(1), assistant(1, 5, ['a', 'b']), tool(1, 'a'), tool(1, 'b')]);
    expect(checkToolPairing(buildView(ok))).toEqual([]);
    const pending = build([user(1), assistant(1, 5, ['a', 'b']), tool(1, 'a')]);
    expect(checkToolPairing(buildView(pending))).toMatchObject([{ kind: 'missing_result', toolCallId: 'b', index: 1 }]);
  });
});
