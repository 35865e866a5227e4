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

/** Short bookkeeping steps: storing and counting content, reading config. */
export const bookkeeping = proxyActivities<
  Pick<SessionActivities, 'describeModel' | 'loadInstructions' | 'countFixedOverhead' | 'storeMessage'>
>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});

/** Model calls: long, heartbeating; 429 and 5xx retry (honouring Retry-After), bounded. */
export const model = proxyActivities<Pick<SessionActivities, 'callModel'>>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 8 },
});

/** Tool execution: the activity turns tool errors into results, so retries are for crashes. */
export const tools = proxyActivities<Pick<SessionActivities, 'executeTool'>>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

/** Summaries: a failure is not fatal (the extractive summarizer takes over), so few attempts. */
export const summarizer = proxyActivities<Pick<SessionActivities, 'summarize'>>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 3 },
});
