/**
 * History checks of a chaos run (test/support/chaos-run.ts): every run of a session's
 * continue-as-new chain is fetched, replayed against this checkout's workflow code with the
 * plugin (src/plugin.ts, as src/cli/replay.ts does), and read for failed workflow tasks
 * (nondeterminism above all) and for the failures of activities — each of which must be
 * one the harness provoked.
 */
import type { Client } from '@temporalio/client';
import type { History } from '@temporalio/common/lib/proto-utils';
import { Worker, type ReplayWorkerOptions } from '@temporalio/worker';
import { retrying } from './chaos-client';

type Event = NonNullable<History['events']>[number];
type ProtoFailure = NonNullable<NonNullable<Event['activityTaskFailedEventAttributes']>['failure']>;

/** Failure types the harness provokes: provider faults and the `retry` kind of the chaos tool (test/support/chaos-tools.ts). */
export const EXPECTED_ACTIVITY_FAILURES: ReadonlySet<string> = new Set([
  'RateLimited',
  'ProviderUnavailable',
  'IncompleteResponse',
  'ChaosRetry',
]);

/** WORKFLOW_TASK_FAILED_CAUSE_WORKFLOW_WORKER_UNHANDLED_FAILURE: the workflow code threw. */
const UNHANDLED_FAILURE = 14;

/** One run of a session. */
export interface SessionRun {
  runId: string;
  history: History;
}

/** What the histories of one session show. */
export interface HistoryFindings {
  runs: number;
  events: number;
  /** Status of the latest run (COMPLETED, RUNNING, …). */
  status: string;
  /** Failed workflow tasks by kind (`nondeterminism` or the failure cause number). */
  workflowTaskFailures: Record<string, number>;
  nondeterminism: string[];
  /** Other failed workflow tasks in which the workflow code threw (cause WORKFLOW_WORKER_UNHANDLED_FAILURE). */
  workflowErrors: string[];
  workflowTaskTimeouts: number;
  /** Activity failures by `activity:type`, final or retried (the previous attempt's failure). */
  activityFailures: Record<string, number>;
  /** Those not in {@link EXPECTED_ACTIVITY_FAILURES} and not timeouts of killed workers. */
  unexpectedActivityFailures: string[];
  /**
   * Schedules whose every attempt was lost to killed workers, after which the session
   * scheduled the activity again (src/workflows/activities.ts); one the session did not
   * schedule again is an unexpected failure.
   */
  workerLossReschedules: number;
  /** Open run whose latest workflow task failed: the session cannot move. */
  wedged: boolean;
}

/** Every run of `sessionId`, oldest first, following each run's `continuedExecutionRunId`. */
export async function fetchRuns(client: Client, sessionId: string, deadline: number): Promise<SessionRun[]> {
  const retries = { count: 0 };
  const latest = await retrying('describe', deadline, retries, () => client.workflow.getHandle(sessionId).describe());
  const runs: SessionRun[] = [];
  for (let runId: string | undefined = latest.runId; runId;) {
    const id: string = runId;
    const history = await retrying('history', deadline, retries, () =>
      client.workflow.getHandle(sessionId, id).fetchHistory(),
    );
    runs.unshift({ runId: id, history });
    runId = history.events?.[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId || undefined;
  }
  return runs;
}

/** A failure's kind: its application type, `Timeout:<n>`, or what else it is. */
function kindOf(f: ProtoFailure | null | undefined): string {
  if (!f) return 'none';
  if (f.applicationFailureInfo) return f.applicationFailureInfo.type || 'Error';
  if (f.timeoutFailureInfo) return `Timeout:${String(f.timeoutFailureInfo.timeoutType ?? '?')}`;
  if (f.canceledFailureInfo) return 'Cancelled';
  if (f.serverFailureInfo) return 'ServerFailure';
  return 'Untyped';
}

/** Reads the runs' events for failures (see {@link HistoryFindings}). */
export function analyseRuns(runs: SessionRun[], status: string): HistoryFindings {
  const findings: HistoryFindings = {
    runs: runs.length,
    events: 0,
    status,
    workflowTaskFailures: {},
    nondeterminism: [],
    workflowErrors: [],
    workflowTaskTimeouts: 0,
    activityFailures: {},
    unexpectedActivityFailures: [],
    workerLossReschedules: 0,
    wedged: false,
  };
  const add = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1);
  runs.forEach((run, r) => {
    const events = run.history.events ?? [];
    findings.events += events.length;
    // each schedule's activity, and its call (activity and input: what a schedule of it again repeats)
    const scheduledAs = new Map<string, { activity: string; call: string }>();
    // timed-out schedules by call, waiting for the session to schedule the same call again
    const lost = new Map<string, string[]>();
    let lastTask: 'failed' | 'other' = 'other';
    for (const e of events) {
      const id = String(e.eventId ?? '');
      const scheduled = e.activityTaskScheduledEventAttributes;
      if (scheduled) {
        const name = scheduled.activityType?.name ?? '?';
        const input = (scheduled.input?.payloads ?? []).map((p) => Buffer.from(p.data ?? []).toString('base64'));
        const call = `${name} ${input.join(',')}`;
        scheduledAs.set(id, { activity: name, call });
        if (lost.get(call)?.shift() !== undefined) findings.workerLossReschedules++;
      }
      const failedTask = e.workflowTaskFailedEventAttributes;
      if (failedTask) {
        const message = failedTask.failure?.message ?? '';
        const nondeterministic = /TMPRL1100|nondetermin/i.test(message);
        add(findings.workflowTaskFailures, nondeterministic ? 'nondeterminism' : `cause ${String(failedTask.cause)}`);
        const where = `run ${r + 1} event ${id}: ${message.slice(0, 300)}`;
        if (nondeterministic) findings.nondeterminism.push(where);
        else if (failedTask.cause === UNHANDLED_FAILURE) findings.workflowErrors.push(where);
      }
      if (e.workflowTaskTimedOutEventAttributes) findings.workflowTaskTimeouts++;
      if (failedTask) lastTask = 'failed';
      else if (e.workflowTaskCompletedEventAttributes) lastTask = 'other';
      const started = e.activityTaskStartedEventAttributes;
      const failed = e.activityTaskFailedEventAttributes;
      const timedOut = e.activityTaskTimedOutEventAttributes;
      const failure = started?.lastFailure ?? failed?.failure ?? timedOut?.failure;
      if (!failure) continue;
      const scheduledId = String(
        started?.scheduledEventId ?? failed?.scheduledEventId ?? timedOut?.scheduledEventId ?? '',
      );
      const { activity, call } = scheduledAs.get(scheduledId) ?? { activity: '?', call: '?' };
      const kind = kindOf(failure);
      add(findings.activityFailures, `${activity}:${kind}${failed || timedOut ? ' (final)' : ''}`);
      const expected = EXPECTED_ACTIVITY_FAILURES.has(kind) || kind.startsWith('Timeout:');
      const where = `run ${r + 1} ${activity}: ${kind}: ${failure.message ?? ''}`;
      // A tool that failed for good becomes a ToolFailed result, which the chaos tool never
      // earns; an activity whose every attempt timed out must be scheduled again.
      if (timedOut) lost.set(call, [...(lost.get(call) ?? []), where]);
      else if (!expected || (failed && activity === 'executeTool')) findings.unexpectedActivityFailures.push(where);
    }
    for (const left of lost.values()) findings.unexpectedActivityFailures.push(...left);
    if (r === runs.length - 1 && status === 'RUNNING' && lastTask === 'failed') findings.wedged = true;
  });
  return findings;
}

/**
 * Replays every run against the workflow code `options` names (a bundle or the plugin's
 * workflows path); returns the failures by `sessionId run i/n`.
 */
export async function replayAll(
  options: ReplayWorkerOptions,
  sessions: { sessionId: string; runs: SessionRun[] }[],
): Promise<{ replayed: number; failures: Map<string, string[]> }> {
  const failures = new Map<string, string[]>();
  const histories = sessions.flatMap((s) => s.runs.map((run) => ({ workflowId: s.sessionId, history: run.history })));
  let replayed = 0;
  for await (const result of Worker.runReplayHistories(options, histories)) {
    replayed++;
    if (!result.error) continue;
    const list = failures.get(result.workflowId) ?? [];
    // the SDK's message repeats the core's failure; its TMPRL code and event are what matter
    const message = /\[TMPRL\d+\][^"]*/.exec(result.error.message)?.[0] ?? result.error.message.slice(0, 300);
    list.push(`run ${result.runId}: ${result.error.name}: ${message}`);
    failures.set(result.workflowId, list);
  }
  return { replayed, failures };
}
