/**
 * The activities the session workflow calls, as proxies with their timeouts and retry
 * policies (src/workflows/activity-options.ts). Temporal owns retries: activities classify
 * failures (retryable or not, and `nextRetryDelay` from Retry-After); these policies bound
 * how long it keeps trying.
 */
import { RetryState, TimeoutType } from '@temporalio/common';
import { ActivityFailure, patched, proxyActivities, TimeoutFailure, type ActivityOptions } from '@temporalio/workflow';
import type {
  CallModelInput,
  CallModelResult,
  CountFixedOverheadInput,
  CountFixedOverheadResult,
  DescribeModelInput,
  DescribeModelResult,
  ExecuteToolInput,
  ExecuteToolResult,
  StoreMessageInput,
  StoreMessageResult,
  SummarizeInput,
  SummarizeResult,
} from '../activities/types';
import type { LoadInstructionsInput, LoadInstructionsResult } from '../activities/instructions';
import type { ActivityKind, ResolvedActivityKindOptions } from './activity-options';

/** The activity interface the workflow needs; the plugin registers an implementation of it. */
export interface SessionActivities {
  describeModel(input: DescribeModelInput): Promise<DescribeModelResult>;
  loadInstructions(input: LoadInstructionsInput): Promise<LoadInstructionsResult>;
  countFixedOverhead(input: CountFixedOverheadInput): Promise<CountFixedOverheadResult>;
  storeMessage(input: StoreMessageInput): Promise<StoreMessageResult>;
  callModel(input: CallModelInput): Promise<CallModelResult>;
  executeTool(input: ExecuteToolInput): Promise<ExecuteToolResult>;
  summarize(input: SummarizeInput): Promise<SummarizeResult>;
}

/** Default heartbeat timeout of long activities, in seconds: a worker that died is noticed this late. */
export const DEFAULT_HEARTBEAT_TIMEOUT_SECONDS = 30;

/** The activity proxies of a session, by kind. */
export interface SessionProxies {
  /** Short bookkeeping steps: storing and counting content, reading config. */
  bookkeeping: Pick<SessionActivities, 'describeModel' | 'loadInstructions' | 'countFixedOverhead' | 'storeMessage'>;
  /** Model calls: long, heartbeating; 429 and 5xx retry (honouring Retry-After), bounded. */
  model: Pick<SessionActivities, 'callModel'>;
  /** Tool execution: the activity turns tool errors into results, so retries are for crashes. */
  tools: Pick<SessionActivities, 'executeTool'>;
  /** Summaries: a failure is not fatal (the extractive summarizer takes over), so few attempts. */
  summarizer: Pick<SessionActivities, 'summarize'>;
  /**
   * The same proxies, with a one-line summary on the activities they schedule (user metadata,
   * shown by the Temporal UI and CLI instead of an opaque list of `sha256:` references).
   */
  withSummary(summary: string): Omit<SessionProxies, 'withSummary'>;
}

function toActivityOptions(o: ResolvedActivityKindOptions): ActivityOptions {
  const options: ActivityOptions = {
    startToCloseTimeout: o.startToCloseTimeoutMs,
    retry: {
      initialInterval: o.retry.initialIntervalMs,
      backoffCoefficient: o.retry.backoffCoefficient,
      maximumInterval: o.retry.maximumIntervalMs,
      maximumAttempts: o.retry.maximumAttempts,
    },
  };
  if (o.heartbeatTimeoutMs !== undefined) options.heartbeatTimeout = o.heartbeatTimeoutMs;
  return options;
}

/** Patch of the reschedule after worker loss: histories recorded before it failed the step instead. */
export const WORKER_LOSS_RESCHEDULE_PATCH = 'worker-loss-reschedule-v1';

/**
 * True when every attempt of a schedule ended because no worker answered for it: the retry
 * policy's attempts ran out (not its time) on a heartbeat timeout, or on the start-to-close
 * timeout of a kind that does not heartbeat. An activity that reported an error, or a
 * heartbeating one that ran past its start-to-close timeout, is not worker loss.
 */
export function lostToWorkers(err: unknown, heartbeats: boolean): boolean {
  if (!(err instanceof ActivityFailure) || err.retryState !== RetryState.MAXIMUM_ATTEMPTS_REACHED) return false;
  const cause = err.cause;
  if (!(cause instanceof TimeoutFailure)) return false;
  return heartbeats ? cause.timeoutType === TimeoutType.HEARTBEAT : cause.timeoutType === TimeoutType.START_TO_CLOSE;
}

type AnyActivity = (input: never) => Promise<unknown>;

/**
 * `activity`, scheduled again (at most `reschedules` times) when a schedule's attempts were
 * all lost to workers that died (see {@link lostToWorkers}): the retry policy's bound is for
 * errors the activity reports, and Temporal itself retries lost workers without limit. Every
 * activity of a session is safe to run again (tools through their idempotency key, the
 * rest by content addressing), and the schedule keeps its input, so the key is unchanged.
 */
function outlastingWorkerLoss<F extends AnyActivity>(activity: F, reschedules: number, heartbeats: boolean): F {
  const wrapped = async (input: never) => {
    for (let schedule = 0; ; schedule++) {
      try {
        return await activity(input);
      } catch (err) {
        if (schedule >= reschedules || !lostToWorkers(err, heartbeats) || !patched(WORKER_LOSS_RESCHEDULE_PATCH)) {
          throw err;
        }
      }
    }
  };
  return wrapped as F;
}

/** Every function of `activities` wrapped by {@link outlastingWorkerLoss}. */
function withRescheduling<T extends object>(
  activities: T,
  names: ReadonlyArray<keyof T>,
  o: ResolvedActivityKindOptions,
): T {
  const out = {} as T;
  const heartbeats = o.heartbeatTimeoutMs !== undefined;
  for (const name of names) {
    out[name] = outlastingWorkerLoss(
      activities[name] as AnyActivity,
      o.workerLossReschedules,
      heartbeats,
    ) as T[keyof T];
  }
  return out;
}

const cache = new Map<string, SessionProxies>();

/** The proxies for resolved options (cached by value: a session asks for them before every call). */
export function sessionProxies(options: Record<ActivityKind, ResolvedActivityKindOptions>): SessionProxies {
  const key = JSON.stringify(options);
  const cached = cache.get(key);
  if (cached) return cached;
  const make = (summary?: string): Omit<SessionProxies, 'withSummary'> => {
    const of = (kind: ActivityKind): ActivityOptions => {
      const o = toActivityOptions(options[kind]);
      return summary === undefined ? o : { ...o, summary };
    };
    return {
      bookkeeping: withRescheduling(
        proxyActivities<SessionProxies['bookkeeping']>(of('bookkeeping')),
        ['describeModel', 'loadInstructions', 'countFixedOverhead', 'storeMessage'],
        options.bookkeeping,
      ),
      model: withRescheduling(proxyActivities<SessionProxies['model']>(of('model')), ['callModel'], options.model),
      tools: withRescheduling(proxyActivities<SessionProxies['tools']>(of('tools')), ['executeTool'], options.tools),
      summarizer: withRescheduling(
        proxyActivities<SessionProxies['summarizer']>(of('summarizer')),
        ['summarize'],
        options.summarizer,
      ),
    };
  };
  const proxies: SessionProxies = { ...make(), withSummary: (summary) => make(summary) };
  cache.set(key, proxies);
  return proxies;
}

/** `12.3K`: token counts in activity summaries. */
export function summaryTokens(n: number): string {
  if (n < 1000) return String(n);
  return n < 100_000 ? `${(n / 1000).toFixed(1)}K` : `${Math.round(n / 1000)}K`;
}
