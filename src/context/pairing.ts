/**
 * Tool-call pairing, checked the way providers check it: every assistant message with
 * tool calls must be followed, immediately, by one tool message per call id; a tool message
 * must answer a call of the assistant message that opens its run of tool messages.
 */
import type { ChatMessage, ViewEntry } from './types';

/** One pairing fault, with the provider-style message a 400 would carry. */
export interface ToolPairingIssue {
  kind: 'orphan_result' | 'missing_result' | 'duplicate_result';
  /** Index of the tool message (orphan, duplicate) or of the assistant message (missing). */
  index: number;
  toolCallId: string;
  message: string;
}

/**
 * Lists every orphaned tool result, duplicate result, and tool call without a result, in
 * message order. Works on OpenAI-shaped messages and on view entries; an empty list means
 * a provider will accept the pairing.
 */
export function checkToolPairing(messages: readonly (ChatMessage | ViewEntry)[]): ToolPairingIssue[] {
  const issues: ToolPairingIssue[] = [];
  let group: { index: number; ids: string[]; answered: Set<string> } | undefined;
  const closeGroup = (): void => {
    if (!group) return;
    const missing = group.ids.filter((id) => !group?.answered.has(id));
    for (const id of missing) {
      issues.push({
        kind: 'missing_result',
        index: group.index,
        toolCallId: id,
        message:
          "An assistant message with 'tool_calls' must be followed by tool messages responding to each " +
          `'tool_call_id'. The following tool_call_ids did not have response messages: ${id}`,
      });
    }
    group = undefined;
  };
  messages.forEach((m, index) => {
    if (m.role === 'tool') {
      const id = resultId(m) ?? '';
      if (group?.ids.includes(id) && !group.answered.has(id)) {
        group.answered.add(id);
      } else {
        const duplicate = group?.answered.has(id) === true;
        issues.push({
          kind: duplicate ? 'duplicate_result' : 'orphan_result',
          index,
          toolCallId: id,
          message: duplicate
            ? `Invalid parameter: duplicate tool message for 'tool_call_id' ${id}.`
            : "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        });
      }
      return;
    }
    closeGroup();
    const ids = callIds(m);
    if (m.role === 'assistant' && ids.length) group = { index, ids, answered: new Set() };
  });
  closeGroup();
  return issues;
}

function callIds(m: ChatMessage | ViewEntry): string[] {
  if ('visibility' in m) return m.toolCallIds ?? [];
  return (m.tool_calls ?? []).map((c) => c.id);
}

function resultId(m: ChatMessage | ViewEntry): string | undefined {
  return 'visibility' in m ? m.toolCallId : m.tool_call_id;
}
