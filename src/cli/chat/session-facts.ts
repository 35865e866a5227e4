/**
 * What the chat needs to know about a session that its status does not say: the compaction
 * policy of its configuration (for the soft threshold) and how the fixed overhead splits
 * into system prompt, tool schemas and reply priming (for /context). Both are in the first
 * events of a run's history — its input, and the `countFixedOverhead` activity — so only a
 * page of each run is read, newest run first, back along the continue-as-new chain.
 */
import type { Client } from '@temporalio/client';
import type { CountFixedOverheadResult } from '../../activities/types';
import { resolvePolicy, type CompactionPolicy } from '../../context/policy';
import type { SessionConfig, SessionInput } from '../../workflows/types';
import { normalizeSessionConfig } from '../../workflows/validation';
import { decodePayload } from '../history/events';

/** Events read from the start of each run. */
const PAGE = 40;
/** Runs walked back at most, looking for the fixed overhead. */
const MAX_RUNS = 50;

/** The configuration and fixed-overhead split of a session. */
export interface SessionFacts {
  config: SessionConfig;
  policy: CompactionPolicy;
  fixed?: CountFixedOverheadResult;
}

/** Reads the facts of `sessionId` (its latest run's configuration; the fixed split of the run that counted it). */
export async function readSessionFacts(client: Client, namespace: string, sessionId: string): Promise<SessionFacts> {
  let facts: SessionFacts | undefined;
  let runId: string | undefined;
  for (let run = 0; run < MAX_RUNS; run++) {
    const response = await client.workflowService.getWorkflowExecutionHistory({
      namespace,
      execution: { workflowId: sessionId, ...(runId ? { runId } : {}) },
      maximumPageSize: PAGE,
    });
    const events = response.history?.events ?? [];
    const started = events[0]?.workflowExecutionStartedEventAttributes;
    if (!started) break;
    if (!facts) {
      const input = decodePayload(started.input?.payloads?.[0]) as SessionInput;
      const config = normalizeSessionConfig(input.config);
      facts = { config, policy: resolvePolicy(config.compaction) };
    }
    const scheduled = new Map<string, string>();
    for (const e of events) {
      const s = e.activityTaskScheduledEventAttributes;
      if (s) scheduled.set(String(e.eventId), s.activityType?.name ?? '');
      const done = e.activityTaskCompletedEventAttributes;
      if (done && scheduled.get(String(done.scheduledEventId)) === 'countFixedOverhead') {
        facts.fixed = decodePayload(done.result?.payloads?.[0]) as CountFixedOverheadResult;
        return facts;
      }
    }
    runId = started.continuedExecutionRunId || undefined;
    if (!runId) break;
  }
  if (!facts) throw new Error(`session '${sessionId}' has no readable history`);
  return facts;
}
