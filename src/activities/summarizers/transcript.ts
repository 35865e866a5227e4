/**
 * Renders stored messages as a plain transcript for summarizers: one entry per message,
 * tool calls with their arguments, tool results bounded to their head and tail (plus the
 * failure lines of the part left out), earlier summaries without their state blocks.
 */
import { STATE_BLOCK_HEADER } from '../../context/constants';
import { failureEvidence } from '../../context/evidence';
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
    const cut = truncateOutput(content, TRANSCRIPT_TOOL_RESULT_LIMITS);
    const omitted = cut.truncated ? failureEvidence(content).filter((l) => !cut.text.includes(l)) : [];
    const failures = omitted.length ? `\n[failure lines of the omitted part]\n${omitted.join('\n')}` : '';
    return `[tool result ${message.tool_call_id ?? ''}]\n${cut.text}${failures}`;
  }
  const lines = [`[${message.role}]`];
  if (content) lines.push(content.startsWith(SUMMARY_PREFIX) ? summaryBody(content) : content);
  for (const call of message.tool_calls ?? []) lines.push(`→ ${call.function.name}(${call.function.arguments})`);
  return lines.join('\n');
}

/** The body of a summary message, without its prefix. */
export function stripSummaryPrefix(text: string): string {
  return text.startsWith(SUMMARY_PREFIX) ? text.slice(SUMMARY_PREFIX.length).trimStart() : text;
}

/**
 * Summary text without its prefix and its state blocks (nested ones included): a rolling
 * summary carries the current state block, appended by the activity, not an earlier one.
 */
export function summaryBody(text: string): string {
  const out: string[] = [];
  let inBlock = false;
  for (const line of stripSummaryPrefix(text).split('\n')) {
    // an older summary may hold a block cut mid-line: match its header's start
    if (line.startsWith(STATE_BLOCK_HEADER.slice(0, 20))) {
      inBlock = true; // the block runs to the next section heading: it has none of its own
      continue;
    }
    if (inBlock && !line.startsWith('## ')) continue;
    inBlock = false;
    out.push(line);
  }
  return out.join('\n').trim();
}
