/**
 * Two hand-rolled policies that agents commonly ship: drop the oldest half of the history
 * whenever the request overflows, and keep the first context (system prompt + first user
 * message) plus the last 10 messages. Neither knows about tool-call pairing.
 */
import type { ChatMessage } from '../../../src/context/types';
import { requestTokens, type Method, type MethodContext, type MethodRequest } from './method';

/**
 * Keeps a running history; on overflow drops the oldest half of it (the system prompt stays),
 * repeatedly, until the request fits or one message is left. What was dropped stays dropped.
 */
export class DropOldestHalf implements Method {
  readonly name = 'drop oldest half';
  private history: ChatMessage[] = [];
  private seen = 1;

  constructor(private readonly ctx: MethodContext) {}

  async request(prefix: readonly ChatMessage[]): Promise<MethodRequest> {
    const system = prefix[0] as ChatMessage;
    this.history.push(...prefix.slice(this.seen));
    this.seen = prefix.length;
    let tokens = requestTokens(this.ctx.counter, [system, ...this.history]);
    while (tokens > this.ctx.budget && this.history.length > 1) {
      this.history = this.history.slice(Math.floor(this.history.length / 2));
      tokens = requestTokens(this.ctx.counter, [system, ...this.history]);
    }
    return { messages: [system, ...this.history], tokens };
  }
}

/** System prompt + first user message + the last 10 messages, whatever the budget. */
export class FirstPlusLast10 implements Method {
  readonly name = 'first + last 10';

  async request(prefix: readonly ChatMessage[]): Promise<MethodRequest> {
    const firstUser = prefix.findIndex((m) => m.role === 'user');
    const tail = Math.max(1, prefix.length - 10);
    const head = prefix.slice(0, firstUser >= 0 ? Math.min(firstUser + 1, tail) : 1);
    return { messages: [...head, ...prefix.slice(Math.max(tail, head.length))] };
  }
}
