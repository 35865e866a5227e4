/**
 * LangChain's `trimMessages` (@langchain/core): keep the most recent messages that fit
 * (`strategy: 'last'`, system prompt kept), optionally starting on a human message
 * (`startOn: 'human'`, LangChain's advice for chat models). Messages are converted to
 * LangChain's classes once per transcript (each with its position as id) and back by that id,
 * so the request compared is exactly the original messages that trimMessages chose.
 */
import {
  AIMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
  trimMessages,
  type BaseMessage,
} from '@langchain/core/messages';
import type { ChatMessage } from '../../../src/context/types';
import type { Method, MethodContext, MethodRequest } from './method';

/** trimMessages with `strategy: 'last'`, with or without `startOn: 'human'`. */
export class LangChainTrim implements Method {
  readonly name: string;
  /** Converted messages by transcript position; each carries its position as its LangChain `id`. */
  private readonly converted: BaseMessage[] = [];
  private readonly originals: ChatMessage[] = [];
  /** Prefix sums of the project's token counts, by position. */
  private readonly prefixTokens: number[] = [0];

  constructor(
    private readonly ctx: MethodContext,
    private readonly startOnHuman: boolean,
  ) {
    this.name = startOnHuman ? "trimMessages (startOn 'human')" : "trimMessages ('last')";
  }

  private convert(m: ChatMessage, index: number): BaseMessage {
    const known = this.converted[index];
    if (known) return known;
    const content = m.content ?? '';
    const id = String(index);
    let lc: BaseMessage;
    if (m.role === 'system') lc = new SystemMessage({ content, id });
    else if (m.role === 'user') lc = new HumanMessage({ content, id });
    else if (m.role === 'tool') lc = new ToolMessage({ content, tool_call_id: m.tool_call_id ?? '', id });
    else
      lc = new AIMessage({
        content,
        id,
        tool_calls: (m.tool_calls ?? []).map((c) => ({
          id: c.id,
          name: c.function.name,
          args: JSON.parse(c.function.arguments) as Record<string, unknown>,
          type: 'tool_call' as const,
        })),
      });
    this.converted[index] = lc;
    this.originals[index] = m;
    this.prefixTokens[index + 1] = (this.prefixTokens[index] as number) + this.ctx.counter.countMessage(m);
    return lc;
  }

  private positionOf(m: BaseMessage): number {
    const p = m.id === undefined ? NaN : Number(m.id);
    if (!Number.isInteger(p) || this.originals[p] === undefined)
      throw new Error('trimMessages returned a message it was not given');
    return p;
  }

  /**
   * The token counter handed to trimMessages: the project's count of the original messages
   * (trimMessages copies messages; the `id` says which one a copy is). It counts contiguous
   * runs of the list (reversed, after the system prompt) over and over; those are answered
   * from prefix sums, anything else message by message.
   */
  private readonly countTokens = (messages: BaseMessage[]): number => {
    let from = 0;
    let sum = 0;
    if (messages.length && this.positionOf(messages[0] as BaseMessage) === 0) {
      sum += this.prefixTokens[1] as number;
      from = 1;
    }
    const n = messages.length - from;
    if (n <= 0) return sum;
    const a = this.positionOf(messages[from] as BaseMessage);
    const b = this.positionOf(messages[messages.length - 1] as BaseMessage);
    if (Math.abs(a - b) + 1 === n) {
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      return sum + (this.prefixTokens[hi + 1] as number) - (this.prefixTokens[lo] as number);
    }
    for (let i = from; i < messages.length; i++)
      sum += this.ctx.counter.countMessage(this.originals[this.positionOf(messages[i] as BaseMessage)] as ChatMessage);
    return sum;
  };

  async request(prefix: readonly ChatMessage[]): Promise<MethodRequest> {
    const lc = prefix.map((m, i) => this.convert(m, i));
    const trimmed = await trimMessages(lc, {
      maxTokens: this.ctx.budget - this.ctx.counter.replyPriming(),
      strategy: 'last',
      tokenCounter: this.countTokens,
      includeSystem: true,
      ...(this.startOnHuman ? { startOn: 'human' as const } : {}),
    });
    // When nothing fits, trimMessages (includeSystem + startOn) returns `[undefined]`: an empty request.
    const kept = trimmed.filter((m): m is BaseMessage => m !== undefined);
    return { messages: kept.map((m) => this.originals[Number(m.id)] ?? fromLangChain(m)) };
  }
}

/** A LangChain message that trimMessages built itself (a partial message), back in chat-completions form. */
function fromLangChain(m: BaseMessage): ChatMessage {
  const content = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
  if (SystemMessage.isInstance(m)) return { role: 'system', content };
  if (HumanMessage.isInstance(m)) return { role: 'user', content };
  if (ToolMessage.isInstance(m)) return { role: 'tool', content, tool_call_id: m.tool_call_id };
  const calls = AIMessage.isInstance(m) ? (m.tool_calls ?? []) : [];
  const out: ChatMessage = { role: 'assistant', content };
  if (calls.length)
    out.tool_calls = calls.map((c) => ({
      id: c.id ?? '',
      type: 'function',
      function: { name: c.name, arguments: JSON.stringify(c.args) },
    }));
  return out;
}
