/**
 * The activities the session workflow calls, as proxies with their timeouts and retry
 * policies (src/workflows/activity-options.ts). Temporal owns retries: activities classify
 * failures (retryable or not, and `nextRetryDelay` from Retry-After); these policies bound
 * how long it keeps trying.
 */
import { proxyActivities, type ActivityOptions } from '@temporalio/workflow';
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

const cache = new Map<string, SessionProxies>();

/** The proxies for resolved options (cached by value: a session asks for them before every call). */
export function sessionProxies(options: Record<ActivityKind, ResolvedActivityKindOptions>): SessionProxies {
  const key = JSON.stringify(options);
  const cached = cache.get(key);
  if (cached) return cached;
  const proxies: SessionProxies = {
    bookkeeping: proxyActivities(toActivityOptions(options.bookkeeping)),
    model: proxyActivities(toActivityOptions(options.model)),
    tools: proxyActivities(toActivityOptions(options.tools)),
    summarizer: proxyActivities(toActivityOptions(options.summarizer)),
  };
  cache.set(key, proxies);
  return proxies;
}
