/**
 * Renders stored messages as a plain transcript for summarizers: one entry per message,
 * tool calls with their arguments, tool results bounded to their head and tail.
 */
import { truncateOutput } from '../../context/truncate';
import type { ChatMessage } from '../../context/types';

/** The prefix of every summary message (the view shows it as a user message). */
export const SUMMARY_PREFIX = '[Previous conversation summary]';

/** Bound on a tool result inside a summarizer's input: its start and end carry the facts. */
export const TRANSCRIPT_TOOL_RESULT_LIMITS = { headLines: 20, tailLines: 20, maxChars: 2_000, maxBytes: 4_000 };

/** One message as transcript text. */
export function transcriptEntry(message: ChatMessage): string {
  const content = message.content ?? '';
  if (message.role === 'tool') {
    return `[tool result ${message.tool_call_id ?? ''}]\n${truncateOutput(content, TRANSCRIPT_TOOL_RESULT_LIMITS).text}`;
  }
  const lines = [`[${message.role}]`];
  if (content) lines.push(stripSummaryPrefix(content));
  for (const call of message.tool_calls ?? []) lines.push(`→ ${call.function.name}(${call.function.arguments})`);
  return lines.join('\n');
}

/** The body of a summary message, without its prefix. */
export function stripSummaryPrefix(text: string): string {
  return text.startsWith(SUMMARY_PREFIX) ? text.slice(SUMMARY_PREFIX.length).trimStart() : text;
}
