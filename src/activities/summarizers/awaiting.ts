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
 * The reserve also carries the headings a harness opens its results with (./text-calls.ts
 * `harnessOpenings`): a range of one step holds one result, and could not tell it from a request.
 */
import type { ChatMessage } from '../../context/types';

/** Marks the reply a reserve carries: the rest of the reserve is the items held back. */
const AWAITING_MARK = '\n[reply awaiting its output]\n';
/**
 * Marks the harness headings a reserve carries (./text-calls.ts `harnessOpenings`), a JSON list
 * on the line after it, between the items held back and the reply.
 */
const OPENINGS_MARK = '\n[harness openings]\n';

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

/** What a reserve carries (./extractive.ts `Extracted`): each part may be absent. */
export interface Reserve {
  /** The items the summary held back, rendered as a summary. */
  held?: string;
  /** The reply the range ended on, when it was text alone. */
  awaiting?: string;
  /** The first lines that open a harness's results, as far as the ranges so far told. */
  openings?: string[];
}

/**
 * The reserve to store: the items held back, the harness headings, then the reply awaiting its
 * output; undefined when none.
 */
export function composeReserve(
  held: string | undefined,
  awaiting: string | undefined,
  openings: readonly string[] = [],
): string | undefined {
  const carried = openings.length ? `${OPENINGS_MARK}${JSON.stringify(openings)}` : '';
  if (awaiting === undefined) return carried ? `${held ?? ''}${carried}` : held;
  return `${held ?? ''}${carried}${AWAITING_MARK}${awaiting}`;
}

/**
 * A stored reserve split into its parts (a reserve stored before a part existed has none of it;
 * a list of headings that does not parse is left out, never an error: it only helps reading).
 */
export function splitReserve(reserve: string | undefined): Reserve {
  if (reserve === undefined) return {};
  const at = reserve.indexOf(AWAITING_MARK);
  let held = at < 0 ? reserve : reserve.slice(0, at);
  const awaiting = at < 0 ? undefined : reserve.slice(at + AWAITING_MARK.length);
  const marked = held.lastIndexOf(OPENINGS_MARK);
  let openings: string[] | undefined;
  if (marked >= 0) {
    openings = headings(held.slice(marked + OPENINGS_MARK.length));
    held = held.slice(0, marked);
  }
  return {
    ...(held.trim() ? { held } : {}),
    ...(awaiting ? { awaiting } : {}),
    ...(openings?.length ? { openings } : {}),
  };
}

/** The list of headings a reserve carries, or undefined when `text` is no JSON list of strings. */
function headings(text: string): string[] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((h) => typeof h === 'string') ? (parsed as string[]) : undefined;
  } catch {
    return undefined;
  }
}
