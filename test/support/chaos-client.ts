/**
 * Client-side helpers of the chaos harness (test/support/chaos-run.ts): which errors a
 * client should retry (the server restarting, a call timing out), a retry loop bounded by
 * the run's deadline, and the failure type inside an update's failure.
 */
import {
  isGrpcServiceError,
  ServiceError,
  WorkflowFailedError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { sleep } from './chaos-random';

/** gRPC codes of a call that may succeed when repeated: cancelled, unknown, deadline, exhausted, aborted, internal, unavailable. */
const TRANSIENT_CODES = new Set([1, 2, 4, 8, 10, 13, 14]);

/** True for errors of the connection or the server (not of the session): the call should be repeated. */
export function isTransient(err: unknown): boolean {
  if (err instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return true;
  const cause = err instanceof ServiceError ? err.cause : err;
  // FAILED_PRECONDITION, for two passing states: the server refuses updates while the session's
  // workflow task keeps failing (the update was not taken, so sending it again is safe, and the
  // failing task is reported by the checks), and queries while no worker has polled the task
  // queue for a while — every worker was killed at once and the replacements are starting.
  if (isGrpcServiceError(cause) && cause.code === 9) {
    return /Workflow Task in failed state|no poller seen for task queue recently/i.test(cause.details);
  }
  if (isGrpcServiceError(cause)) return TRANSIENT_CODES.has(cause.code);
  return err instanceof ServiceError;
}

/** Thrown when the run's deadline passed while waiting. */
export class DeadlineError extends Error {
  constructor(what: string) {
    super(`deadline passed while waiting for ${what}`);
  }
}

/** Resolves like `promise`, or rejects with a {@link DeadlineError} once `deadline` (epoch ms) passed. */
export async function beforeDeadline<T>(promise: Promise<T>, deadline: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(what)), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Repeats `fn` while it fails transiently, with backoff, until `deadline`; counts each repeat in `retries`. */
export async function retrying<T>(
  what: string,
  deadline: number,
  retries: { count: number },
  fn: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await beforeDeadline(fn(), deadline, what);
    } catch (err) {
      if (!isTransient(err) || Date.now() > deadline) throw err;
      retries.count++;
      await sleep(Math.min(200 * 2 ** attempt, 3_000));
    }
  }
}

/** The failure type and message inside an update's or workflow's failure, when it is an application failure. */
export function failureOf(err: unknown): { type: string; message: string } | undefined {
  if (!(err instanceof WorkflowUpdateFailedError || err instanceof WorkflowFailedError)) return undefined;
  const cause = err.cause;
  if (cause instanceof ApplicationFailure) return { type: cause.type ?? 'Error', message: cause.message };
  return { type: cause?.name ?? 'Error', message: cause?.message ?? err.message };
}

/** A one-line description of any error. */
export function describeError(err: unknown): string {
  const failure = failureOf(err);
  if (failure) return `${failure.type}: ${failure.message}`;
  const cause = err instanceof ServiceError ? err.cause : undefined;
  const grpc = isGrpcServiceError(cause) ? ` (gRPC ${cause.code}: ${cause.details})` : '';
  return err instanceof Error ? `${err.name}: ${err.message}${grpc}` : String(err);
}
