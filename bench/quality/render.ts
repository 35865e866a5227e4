/**
 * What the model sees, as text, and the checks made on it: which planted facts a request
 * still holds (exact, case-sensitive substring search over message texts and tool-call
 * arguments) and whether its tool calls and results pair up. The pairing check is written
 * here rather than taken from the engine (src/context/pairing.ts) so that the benchmark does
 * not judge the engine with the engine's own code.
 */
import type { ChatMessage } from '../../src/context/types';
import type { PlantedFact } from './types';

/** The searchable text of one message: its content, then each tool call's name and arguments. */
export function messageText(m: ChatMessage): string {
  const parts = [m.content ?? ''];
  for (const c of m.tool_calls ?? []) parts.push(`${c.function.name} ${c.function.arguments}`);
  return parts.join('\n');
}

/** The searchable text of a whole request (messages separated by a line that no needle contains). */
export function renderRequest(messages: readonly ChatMessage[]): string {
  return messages.map(messageText).join('\n\u0000\n');
}

/**
 * Tool-call arguments are JSON: a needle with a quote, backslash or newline appears escaped
 * there. Searching for both spellings keeps such facts checkable in arguments as in content.
 */
function spellings(needle: string): string[] {
  const json = JSON.stringify(needle).slice(1, -1);
  return json === needle ? [needle] : [needle, json];
}

/** For each fact, whether its needle occurs in `text` (a rendered request). */
export function keptFacts(text: string, facts: readonly Pick<PlantedFact, 'needle'>[]): boolean[] {
  return facts.map((f) => spellings(f.needle).some((s) => text.includes(s)));
}

/** For each needle, the first and last message index it occurs in (-1 when nowhere). */
export function factSpans(
  messages: readonly ChatMessage[],
  needles: readonly string[],
): { first: number; last: number }[] {
  const texts = messages.map(messageText);
  return needles.map((needle) => {
    const forms = spellings(needle);
    let first = -1;
    let last = -1;
    texts.forEach((t, i) => {
      if (forms.some((s) => t.includes(s))) {
        if (first < 0) first = i;
        last = i;
      }
    });
    return { first, last };
  });
}

/** A pairing fault in a request. */
export interface PairingFault {
  index: number;
  problem: 'tool result without its call' | 'tool call without its result' | 'duplicate tool result';
  toolCallId: string;
}

/**
 * Checks a request as chat-completions providers do: each assistant message with tool calls
 * is followed at once by exactly one tool message per call; every tool message answers a
 * call of the assistant message that opens its run of tool messages.
 */
export function pairingFaults(messages: readonly ChatMessage[]): PairingFault[] {
  const faults: PairingFault[] = [];
  let open: { index: number; waiting: Set<string>; answered: Set<string> } | undefined;
  const close = () => {
    if (open)
      for (const id of open.waiting)
        faults.push({ index: open.index, problem: 'tool call without its result', toolCallId: id });
    open = undefined;
  };
  messages.forEach((m, index) => {
    if (m.role === 'tool') {
      const id = m.tool_call_id ?? '';
      if (open?.waiting.delete(id)) open.answered.add(id);
      else
        faults.push({
          index,
          problem: open?.answered.has(id) ? 'duplicate tool result' : 'tool result without its call',
          toolCallId: id,
        });
      return;
    }
    close();
    if (m.role === 'assistant' && m.tool_calls?.length) {
      open = { index, waiting: new Set(m.tool_calls.map((c) => c.id)), answered: new Set() };
    }
  });
  close();
  return faults;
}

/** True when the request has something besides the system prompt (a request of nothing is refused). */
export function hasConversation(messages: readonly ChatMessage[]): boolean {
  return messages.some((m) => m.role !== 'system');
}
