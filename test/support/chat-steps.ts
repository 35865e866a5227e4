/**
 * Hand-written sessions for summarizer tests: a user message, an assistant's words, and one
 * tool call with its result.
 */
import type { ChatMessage } from '../../src/context/types';

export const user = (content: string): ChatMessage => ({ role: 'user', content });
export const say = (content: string): ChatMessage => ({ role: 'assistant', content });

/** One tool call (its assistant message, with `content` beside the call) and its result. */
export type ToolStep = (name: string, args: unknown, output: string, content?: string | null) => ChatMessage[];

/** A {@link ToolStep} whose call ids are `prefix` and a count, unique within the test file. */
export function toolSteps(prefix: string): ToolStep {
  let ids = 0;
  return (name, args, output, content = null) => {
    const id = `${prefix}${(ids += 1)}`;
    return [
      {
        role: 'assistant',
        content,
        tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
      },
      { role: 'tool', tool_call_id: id, content: output },
    ];
  };
}
