/**
 * The interface every compared method implements, and token counting shared by all of them
 * (the project's tokenizer, src/activities/tokenizer.ts, memoized per text so that counting
 * the same messages at every call stays cheap without changing any count).
 */
import type { ChatMessage } from '../../../src/context/types';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';

/** A method's answer for one model call: the request it would send, or why it sends none. */
export type MethodRequest =
  | {
      messages: ChatMessage[];
      /** Prompt tokens when the method knows them exactly (else they are counted from `messages`). */
      tokens?: number;
      /** The messages are stand-ins carrying only roles and ids (enough for pairing, not for facts). */
      idsOnly?: boolean;
    }
  | { refused: string };

/** One way of fitting a growing conversation into a budget. */
export interface Method {
  readonly name: string;
  /**
   * The request for the model call that follows `prefix` (the conversation so far, the system
   * prompt first). Called once per model call, in order, with ever longer prefixes of the same
   * transcript; `final` marks the last call, whose request is searched for facts (a method
   * that can only name ids for other calls must return full messages then).
   */
  request(prefix: readonly ChatMessage[], final: boolean): Promise<MethodRequest>;
  /** Releases what the method holds (stores, workers). */
  close?(): Promise<void>;
}

/** What a method is built with: the budget (prompt tokens) and the shared counter. */
export interface MethodContext {
  budget: number;
  counter: TokenCounter;
}

let shared: Promise<TokenCounter> | undefined;

/**
 * The project's o200k_base counter, with `countText` memoized per string. The same instance
 * is what the activities get from `ModelRuntime.counter`, so the project's own counting is
 * memoized too; counts are unchanged (same text, same tokens).
 */
export function benchCounter(): Promise<TokenCounter> {
  shared ??= tokenCounter('o200k_base').then((counter) => {
    const memo = new Map<string, number>();
    const count = counter.countText.bind(counter);
    counter.countText = (text: string) => {
      let n = memo.get(text);
      if (n === undefined) memo.set(text, (n = count(text)));
      return n;
    };
    return counter;
  });
  return shared;
}

/** Prompt tokens of a request: its messages plus the reply priming (no tool schemas in this benchmark). */
export function requestTokens(counter: TokenCounter, messages: readonly ChatMessage[]): number {
  return counter.countRequest(messages);
}
