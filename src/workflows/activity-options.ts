/**
 * Timeouts and retry policies of the session's activities: built-in defaults, overridden by
 * the worker's defaults (plugin option `activityOptions`), overridden per session
 * (`SessionConfig.activities`). Plain data, validated here, merged field by field.
 */
import { ApplicationFailure } from '@temporalio/common';
import { FailureType } from '../context/errors';

/** The kinds of activities a session calls, each with its own timeouts and retries. */
export const ACTIVITY_KINDS = ['bookkeeping', 'model', 'tools', 'summarizer'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A retry policy (Temporal's fields; durations in milliseconds). */
export interface RetryOptions {
  initialIntervalMs?: number;
  backoffCoefficient?: number;
  maximumIntervalMs?: number;
  /** 0 means unlimited. */
  maximumAttempts?: number;
}

/** Timeouts (milliseconds) and retry policy of one kind of activity. */
export interface ActivityKindOptions {
  startToCloseTimeoutMs?: number;
  heartbeatTimeoutMs?: number;
  retry?: RetryOptions;
  /**
   * How many times the session schedules the activity again after every attempt of a
   * schedule was lost to a worker that stopped answering (a heartbeat timeout, or the
   * start-to-close timeout of a kind without heartbeats). `retry.maximumAttempts` is meant for
   * errors the activity reports (a provider's 429 or 500); without this, a run of killed
   * workers spends it and fails the step although nothing was wrong with the call.
   */
  workerLossReschedules?: number;
}

/** Options by kind of activity; every field optional. */
export type ActivityOptionsConfig = Partial<Record<ActivityKind, ActivityKindOptions>>;

/** Fully resolved options of one kind. */
export interface ResolvedActivityKindOptions {
  startToCloseTimeoutMs: number;
  heartbeatTimeoutMs?: number;
  retry: Required<RetryOptions>;
  workerLossReschedules: number;
}

/** Default of {@link ActivityKindOptions.workerLossReschedules}. */
export const DEFAULT_WORKER_LOSS_RESCHEDULES = 3;

/**
 * The built-in defaults. Model calls: long, heartbeating; 429/5xx retry with backoff
 * (Retry-After wins). Tools: the activity turns tool errors into results, so retries are
 * for crashes. Summaries: a failure is not fatal (the extractive summarizer takes over).
 */
export const DEFAULT_ACTIVITY_OPTIONS: Readonly<Record<ActivityKind, ResolvedActivityKindOptions>> = {
  bookkeeping: {
    // Milliseconds of work (store a message, count a prompt), not heartbeating: a worker that
    // dies during one stalls its session until this expires, so it is short.
    startToCloseTimeoutMs: 20_000,
    retry: { initialIntervalMs: 1_000, backoffCoefficient: 2, maximumIntervalMs: 30_000, maximumAttempts: 10 },
    workerLossReschedules: DEFAULT_WORKER_LOSS_RESCHEDULES,
  },
  model: {
    startToCloseTimeoutMs: 600_000,
    heartbeatTimeoutMs: 30_000,
    retry: { initialIntervalMs: 1_000, backoffCoefficient: 2, maximumIntervalMs: 120_000, maximumAttempts: 8 },
    workerLossReschedules: DEFAULT_WORKER_LOSS_RESCHEDULES,
  },
  tools: {
    startToCloseTimeoutMs: 900_000,
    heartbeatTimeoutMs: 30_000,
    retry: { initialIntervalMs: 1_000, backoffCoefficient: 2, maximumIntervalMs: 30_000, maximumAttempts: 5 },
    workerLossReschedules: DEFAULT_WORKER_LOSS_RESCHEDULES,
  },
  summarizer: {
    startToCloseTimeoutMs: 600_000,
    heartbeatTimeoutMs: 30_000,
    retry: { initialIntervalMs: 1_000, backoffCoefficient: 2, maximumIntervalMs: 30_000, maximumAttempts: 3 },
    workerLossReschedules: DEFAULT_WORKER_LOSS_RESCHEDULES,
  },
};

function invalid(field: string, message: string): ApplicationFailure {
  return ApplicationFailure.create({
    type: FailureType.InvalidConfig,
    message: `Invalid configuration '${field}': ${message}`,
    nonRetryable: true,
  });
}

function checkKeys(field: string, value: object, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw invalid(`${field}.${key}`, `unknown field (known: ${allowed.join(', ')})`);
  }
}

function checkNumber(field: string, value: unknown, min: number, integer: boolean): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw invalid(field, `must be ${integer ? 'an integer' : 'a number'} ≥ ${min}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks an {@link ActivityOptionsConfig}.
 * @throws ApplicationFailure of type `InvalidConfig` naming the field at fault.
 */
export function validateActivityOptions(value: unknown, field = 'activities'): asserts value is ActivityOptionsConfig {
  if (!isObject(value)) throw invalid(field, 'must be an object');
  checkKeys(field, value, ACTIVITY_KINDS);
  for (const kind of ACTIVITY_KINDS) {
    const o = value[kind];
    if (o === undefined) continue;
    const f = `${field}.${kind}`;
    if (!isObject(o)) throw invalid(f, 'must be an object');
    checkKeys(f, o, ['startToCloseTimeoutMs', 'heartbeatTimeoutMs', 'retry', 'workerLossReschedules']);
    checkNumber(`${f}.startToCloseTimeoutMs`, o.startToCloseTimeoutMs, 1_000, true);
    checkNumber(`${f}.heartbeatTimeoutMs`, o.heartbeatTimeoutMs, 1_000, true);
    checkNumber(`${f}.workerLossReschedules`, o.workerLossReschedules, 0, true);
    if (typeof o.workerLossReschedules === 'number' && o.workerLossReschedules > 100) {
      throw invalid(`${f}.workerLossReschedules`, 'must be at most 100');
    }
    if (o.retry === undefined) continue;
    if (!isObject(o.retry)) throw invalid(`${f}.retry`, 'must be an object');
    checkKeys(`${f}.retry`, o.retry, [
      'initialIntervalMs',
      'backoffCoefficient',
      'maximumIntervalMs',
      'maximumAttempts',
    ]);
    checkNumber(`${f}.retry.initialIntervalMs`, o.retry.initialIntervalMs, 1, true);
    checkNumber(`${f}.retry.backoffCoefficient`, o.retry.backoffCoefficient, 1, false);
    checkNumber(`${f}.retry.maximumIntervalMs`, o.retry.maximumIntervalMs, 1, true);
    checkNumber(`${f}.retry.maximumAttempts`, o.retry.maximumAttempts, 0, true);
  }
}

/**
 * Resolves the options of every kind: built-in defaults, then `worker`, then `session`.
 * `heartbeatTimeoutSeconds` (the older, single knob of a session) sets the heartbeat of
 * every heartbeating kind unless `session` sets it per kind.
 */
export function resolveActivityOptions(
  worker: ActivityOptionsConfig | undefined,
  session: ActivityOptionsConfig | undefined,
  heartbeatTimeoutSeconds?: number,
): Record<ActivityKind, ResolvedActivityKindOptions> {
  const out = {} as Record<ActivityKind, ResolvedActivityKindOptions>;
  for (const kind of ACTIVITY_KINDS) {
    const base = DEFAULT_ACTIVITY_OPTIONS[kind];
    const w = worker?.[kind] ?? {};
    const s = session?.[kind] ?? {};
    const resolved: ResolvedActivityKindOptions = {
      startToCloseTimeoutMs: s.startToCloseTimeoutMs ?? w.startToCloseTimeoutMs ?? base.startToCloseTimeoutMs,
      retry: { ...base.retry, ...w.retry, ...s.retry },
      workerLossReschedules: s.workerLossReschedules ?? w.workerLossReschedules ?? base.workerLossReschedules,
    };
    let heartbeat = s.heartbeatTimeoutMs ?? w.heartbeatTimeoutMs ?? base.heartbeatTimeoutMs;
    if (heartbeat !== undefined && heartbeatTimeoutSeconds !== undefined && s.heartbeatTimeoutMs === undefined) {
      heartbeat = heartbeatTimeoutSeconds * 1000;
    }
    if (heartbeat !== undefined) resolved.heartbeatTimeoutMs = heartbeat;
    out[kind] = resolved;
  }
  return out;
}
