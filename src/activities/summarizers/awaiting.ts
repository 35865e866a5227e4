/**
 * A call written in text and its output, cut apart by a compaction. The engine cuts a range only
 * where no tool call waits for its result (src/context/pairing.ts), but a call a model writes in
 * its text (a ReAct `Action:`, a plan's `#E1 = Tool[input]`, an XML or JSON call) is no tool call
 * to the engine: a range may end on that reply, and the next range open on its output, sent as a
 * user message. Read alone, that output is a request of the user's (its lines become the
 * session's requests, and each rolling summary after it carries them on).
 *
 * So a range that ends on a reply with no tool calls of the API's own hands that reply on, with
 * the items the summary held back (its reserve: never shown to the model, read by the next
 * rolling summary only): the next summary reads its first message after it, as one range would.
 */
import type { ChatMessage } from '../../context/types';

/** Marks the reply a reserve carries: the rest of the reserve is the items held back. */
const AWAITING_MARK = '\n[reply awaiting its output]\n';

/**
 * Longest reply carried (characters): a call's reply is short; a longer one is an answer, or
 * the pairing has little to gain from it against the reserve's size.
 */
const AWAITING_MAX_CHARS = 16_000;

/** The range's last message when it is a reply of text alone (a call it wrote may be answered by the next range). */
export function awaitingReply(messages: readonly ChatMessage[]): string | undefined {
  const last = messages[messages.length - 1];
  if (last?.role !== 'assistant' || last.tool_calls?.length || typeof last.content !== 'string') return undefined;
  const text = last.content;
  return text.trim() && text.length <= AWAITING_MAX_CHARS ? text : undefined;
}

/** The reserve to store: the items held back, then the reply awaiting its output; undefined when neither. */
export function composeReserve(held: string | undefined, awaiting: string | undefined): string | undefined {
  if (awaiting === undefined) return held;
  return `${held ?? ''}${AWAITING_MARK}${awaiting}`;
}

/** A stored reserve split into the items held back and the reply awaiting its output (a reserve stored before either may be absent). */
export function splitReserve(reserve: string | undefined): { held?: string; awaiting?: string } {
  if (reserve === undefined) return {};
  const at = reserve.indexOf(AWAITING_MARK);
  if (at < 0) return { held: reserve };
  const held = reserve.slice(0, at);
  const awaiting = reserve.slice(at + AWAITING_MARK.length);
  return { ...(held.trim() ? { held } : {}), ...(awaiting ? { awaiting } : {}) };
}
