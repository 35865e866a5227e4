/**
 * `pruneMessages` from the `ai` package (Vercel AI SDK): it removes tool calls and their
 * results older than the last N messages (keeping pairs together) and leaves text alone. It
 * takes no token budget, so this wrapper picks the largest N whose request fits (binary
 * search: more recent messages with tools, more tokens), and `toolCalls: 'all'` when none
 * does. Text that alone exceeds the budget is sent as it is (over budget).
 */
import { pruneMessages, type ModelMessage } from 'ai';
import type { ChatMessage, ChatToolCall } from '../../../src/context/types';
import { requestTokens, type Method, type MethodContext, type MethodRequest } from './method';

/** pruneMessages with `toolCalls: 'before-last-N-messages'`, N as large as the budget allows. */
export class AiPrune implements Method {
  readonly name = 'ai pruneMessages';
  private readonly converted = new WeakMap<ChatMessage, ModelMessage>();
  /** Original calls and results by tool call id, so conversion back is exact. */
  private readonly calls = new Map<string, ChatToolCall>();
  private readonly results = new Map<string, ChatMessage>();

  constructor(private readonly ctx: MethodContext) {}

  private toModel(m: ChatMessage): ModelMessage {
    let out = this.converted.get(m);
    if (out) return out;
    const text = m.content ?? '';
    if (m.role === 'system') out = { role: 'system', content: text };
    else if (m.role === 'user') out = { role: 'user', content: text };
    else if (m.role === 'tool') {
      const id = m.tool_call_id ?? '';
      this.results.set(id, m);
      const toolName = this.calls.get(id)?.function.name ?? 'tool';
      out = {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: id, toolName, output: { type: 'text', value: text } }],
      };
    } else {
      for (const c of m.tool_calls ?? []) this.calls.set(c.id, c);
      out = {
        role: 'assistant',
        content: [
          ...(text ? [{ type: 'text' as const, text }] : []),
          ...(m.tool_calls ?? []).map((c) => ({
            type: 'tool-call' as const,
            toolCallId: c.id,
            toolName: c.function.name,
            input: JSON.parse(c.function.arguments) as unknown,
          })),
        ],
      };
    }
    this.converted.set(m, out);
    return out;
  }

  private toChat(messages: readonly ModelMessage[]): ChatMessage[] {
    const out: ChatMessage[] = [];
    for (const m of messages) {
      if (m.role === 'system' || m.role === 'user') {
        out.push({ role: m.role, content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content) });
      } else if (m.role === 'tool') {
        for (const part of m.content) {
          if (part.type !== 'tool-result') continue;
          const original = this.results.get(part.toolCallId);
          if (!original) throw new Error(`pruneMessages returned an unknown tool result ${part.toolCallId}`);
          out.push(original);
        }
      } else {
        const parts = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
        const text = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
        const calls = parts.flatMap((p) =>
          p.type === 'tool-call' ? [this.calls.get(p.toolCallId) as ChatToolCall] : [],
        );
        const msg: ChatMessage = { role: 'assistant', content: text || null };
        if (calls.length) msg.tool_calls = calls;
        out.push(msg);
      }
    }
    return out;
  }

  private pruned(model: ModelMessage[], keepLast: number): { messages: ChatMessage[]; tokens: number } {
    const toolCalls = keepLast === 0 ? ('all' as const) : (`before-last-${keepLast}-messages` as const);
    const messages = this.toChat(pruneMessages({ messages: model, toolCalls, emptyMessages: 'remove' }));
    return { messages, tokens: requestTokens(this.ctx.counter, messages) };
  }

  async request(prefix: readonly ChatMessage[]): Promise<MethodRequest> {
    const model = prefix.map((m) => this.toModel(m));
    const whole = { messages: [...prefix], tokens: requestTokens(this.ctx.counter, prefix) };
    if (whole.tokens <= this.ctx.budget) return whole;
    // Largest N in [0, length) whose pruned request fits; N = 0 means every tool call pruned.
    let best = this.pruned(model, 0);
    if (best.tokens > this.ctx.budget) return best;
    let lo = 1;
    let hi = model.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const candidate = this.pruned(model, mid);
      if (candidate.tokens <= this.ctx.budget) {
        best = candidate;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return best;
  }
}
