/**
 * What a recorded session's model calls show about its compactions and its prompts: a
 * summary counts once a later call sent it, archiving once a call first sent digests in
 * place of results (strategy and reason are workflow state, not in the history).
 */
import type { ContentRef } from '../../context/types';
import type { RecordedCall, RecordedSession } from './read-history';

/** A compaction seen in the history: a summary that a later call sent, or digests that replaced results. */
export interface RecordedCompaction {
  turn: number;
  /** Index in {@link RecordedSession.calls} of the first call that sent its result. */
  beforeCall: number;
  kind: 'summary' | 'tool-archive';
  /** `manual` when it ran for the compact update, else `automatic` (threshold or overflow). */
  trigger: 'manual' | 'automatic';
  summarizer?: string;
  /** Messages the summary replaced (summaries), or results archived (tool-archive). */
  replaced: number;
  summaryTokens?: number;
  focus?: string;
}

/**
 * The compactions visible in the history: a summary counts once a later model call sent
 * it; archiving counts when a call first sent digests in place of results.
 */
export function recordedCompactions(session: RecordedSession): RecordedCompaction[] {
  const out: RecordedCompaction[] = [];
  const digestOf = new Map<ContentRef, true>();
  for (const item of session.items)
    if (item.digest && item.digest.ref !== item.content.ref) digestOf.set(item.digest.ref, true);
  const sentSummaries = new Set<ContentRef>();
  const sentDigests = new Set<ContentRef>();
  session.calls.forEach((call, index) => {
    let archived = 0;
    for (const ref of call.refs) {
      const summary = session.summaries.get(ref);
      if (summary && !sentSummaries.has(ref)) {
        sentSummaries.add(ref);
        out.push({
          turn: summary.turn,
          beforeCall: index,
          kind: 'summary',
          trigger: summary.manual ? 'manual' : 'automatic',
          summarizer: summary.result.summarizer,
          replaced: summary.input.messages.length + (summary.input.previousSummary ? 1 : 0),
          summaryTokens: summary.result.summary.tokens,
          ...(summary.input.focus !== undefined ? { focus: summary.input.focus } : {}),
        });
      }
      if (digestOf.has(ref) && !sentDigests.has(ref)) {
        sentDigests.add(ref);
        archived += 1;
      }
    }
    if (archived) {
      out.push({ turn: call.turn, beforeCall: index, kind: 'tool-archive', trigger: 'automatic', replaced: archived });
    }
  });
  // A summary made after the last call (a manual compaction at the end) was never sent, but applied.
  const lastTurn = session.calls.at(-1)?.turn ?? 0;
  for (const [ref, summary] of session.summaries) {
    if (sentSummaries.has(ref) || summary.turn < lastTurn || !summary.manual) continue;
    out.push({
      turn: summary.turn,
      beforeCall: session.calls.length,
      kind: 'summary',
      trigger: 'manual',
      summarizer: summary.result.summarizer,
      replaced: summary.input.messages.length + (summary.input.previousSummary ? 1 : 0),
      summaryTokens: summary.result.summary.tokens,
      ...(summary.input.focus !== undefined ? { focus: summary.input.focus } : {}),
    });
  }
  return out;
}

/** Tokens of a call's history messages (the system message excluded: it is part of the fixed overhead). */
export function callHistoryTokens(session: RecordedSession, call: RecordedCall): number {
  const system = session.fixed?.system?.ref;
  let sum = 0;
  for (const ref of call.refs) if (ref !== system) sum += session.tokensByRef.get(ref) ?? 0;
  return sum;
}
