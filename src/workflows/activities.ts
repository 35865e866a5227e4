/**
 * The activities the session workflow calls, as proxies with their timeouts and retry
 * policies. Temporal owns retries: activities classify failures (retryable or not, and
 * `nextRetryDelay` from Retry-After); these policies bound how long it keeps trying.
 */
import { proxyActivities } from '@temporalio/workflow';
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

/** Default heartbeat timeout of long activities: a worker that died is noticed this late. */
export const DEFAULT_HEARTBEAT_TIMEOUT_SECONDS = 30;

/** The activity proxies of a session, by kind, with timeouts from its configuration. */
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

const cache = new Map<number, SessionProxies>();

/**
 * The proxies for a heartbeat timeout (seconds). A killed worker's long activity is retried
 * on another worker once its heartbeat is this late.
 */
export function sessionProxies(heartbeatTimeoutSeconds = DEFAULT_HEARTBEAT_TIMEOUT_SECONDS): SessionProxies {
  const cached = cache.get(heartbeatTimeoutSeconds);
  if (cached) return cached;
  const heartbeatTimeout = heartbeatTimeoutSeconds * 1000;
  const proxies: SessionProxies = {
    bookkeeping: proxyActivities({
      startToCloseTimeout: '1 minute',
      retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
    }),
    model: proxyActivities({
      startToCloseTimeout: '10 minutes',
      heartbeatTimeout,
      retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 8 },
    }),
    tools: proxyActivities({
      startToCloseTimeout: '15 minutes',
      heartbeatTimeout,
      retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
    }),
    summarizer: proxyActivities({
      startToCloseTimeout: '10 minutes',
      heartbeatTimeout,
      retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 3 },
    }),
  };
  cache.set(heartbeatTimeoutSeconds, proxies);
  return proxies;
}
