/**
 * Access to the running activity's context (heartbeats, cancellation, identity) that also
 * works outside an activity — in benchmarks and scripts the functions simply run.
 */
import { asyncLocalStorage, CancelledFailure, type Context } from '@temporalio/activity';

/** The current activity context, or undefined when called outside an activity. */
export function currentActivity(): Context | undefined {
  return asyncLocalStorage.getStore();
}

/** Heartbeats now (no-op outside an activity). */
export function heartbeatNow(details?: unknown): void {
  currentActivity()?.heartbeat(details);
}

/**
 * Heartbeats every `intervalMs` while `fn` runs, so long waits on a provider or a tool stay
 * visible to Temporal (and cancellation reaches us: it is delivered on heartbeats).
 */
export async function withHeartbeats<T>(intervalMs: number, details: unknown, fn: () => Promise<T>): Promise<T> {
  const ctx = currentActivity();
  if (!ctx) return fn();
  ctx.heartbeat(details);
  // Beat well inside the activity's heartbeat timeout, whatever `intervalMs` says: a beat
  // every 5 s under a 5 s timeout times out as soon as the event loop is a little late.
  const timeout = ctx.info.heartbeatTimeoutMs;
  const every = timeout ? Math.max(100, Math.min(intervalMs, Math.floor(timeout / 3))) : intervalMs;
  const timer = setInterval(() => ctx.heartbeat(details), every);
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}

/** The activity's cancellation signal (a never-aborting one outside an activity). */
export function cancellationSignal(): AbortSignal {
  return currentActivity()?.cancellationSignal ?? new AbortController().signal;
}

/** Throws a `CancelledFailure` when the activity has been cancelled. */
export function throwIfCancelled(): void {
  const signal = currentActivity()?.cancellationSignal;
  if (signal?.aborted) throw new CancelledFailure(`activity cancelled: ${String(signal.reason ?? 'cancelled')}`);
}

/**
 * A tool call's idempotency key: stable across retries of the same call, unique across
 * calls. `workflowId:seq:toolCallId`, where `seq` is the log position of the assistant
 * message that made the call: it runs on across continue-as-new, so two calls can share a
 * key only if they are the same call, even when a provider reuses ids (`call_0` in every
 * turn). Without `assistantSeq` (a call scheduled by 0.1.0), the old `workflowId:runId:toolCallId`.
 */
export function idempotencyKey(toolCallId: string, assistantSeq?: number): string {
  const info = currentActivity()?.info;
  const workflowId = info?.workflowExecution?.workflowId ?? 'local';
  if (assistantSeq !== undefined) return `${workflowId}:${assistantSeq}:${toolCallId}`;
  const runId = info?.workflowExecution?.runId ?? 'local';
  return `${workflowId}:${runId}:${toolCallId}`;
}
