/**
 * The activity factory: builds the activities from their dependencies, so a worker passes
 * real ones and tests pass a temp-dir store, a fake endpoint and their own tools. The
 * workflow proxies `ReturnType<typeof createActivities>`.
 */
import { recordRequest, recordSummarizerLatency, recordTruncatedToolOutput } from './metrics';
import { validateActivityOptions, type ActivityOptionsConfig } from '../workflows/activity-options';
import { InvalidConfigError } from '../context/errors';
import { truncateLimitsProblem, type TruncateLimits } from '../context/truncate';
import type { ContentStore } from '../store/content-store';
import { callModel } from './call-model';
import { ownedStore } from './owned-store';
import { ModelRuntime, type ModelsConfig } from './model-client';
import { countFixedOverhead, describeModel, storeMessageActivity } from './store-message';
import { summarize } from './summarize';
import { executeTool } from './tools/execute-tool';
import { ToolRegistry, type AnyToolDefinition } from './tools/registry';
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
} from './types';

/** Dependencies and options of the activities. */
export interface ActivitiesOptions {
  /** The content store shared by all workers of the deployment. */
  store: ContentStore;
  /** Endpoint, credentials, user models, tokenizer fallback. */
  models?: ModelsConfig;
  /** The tools the model may call: a registry or a list of definitions. */
  tools?: ToolRegistry | readonly AnyToolDefinition[];
  /**
   * Fixed limits of tool output shown to the model; default 128 + 128 lines, 10 KiB. They are a
   * ceiling: each result is also cut to its share of the session's budget, which follows the
   * model's window and the number of results in the step (src/context/allowance.ts).
   */
  toolOutputLimits?: TruncateLimits;
  /** Cap on llm summarizer calls per summary; default 8. */
  maxSummarizerCalls?: number;
  /**
   * Default timeouts and retry policies of the session's activities, by kind (`model`,
   * `tools`, `summarizer`, `bookkeeping`); a session's `activities` config overrides them.
   * Sessions read them when they describe their model (at start and on a model change).
   */
  activityOptions?: ActivityOptionsConfig;
  /**
   * True when the Temporal server has this project's search attributes registered
   * (`SEARCH_ATTRIBUTES` in src/workflows/visibility.ts; the dev servers this package starts
   * register them): sessions then set them. Off by default, because upserting an
   * unregistered attribute fails the workflow task. The memo is always set.
   */
  searchAttributes?: boolean;
}

/**
 * Builds the activities. Register the returned object with the worker.
 * @throws InvalidConfigError naming the field when `toolOutputLimits` holds an invalid limit.
 */
export function createActivities(options: ActivitiesOptions) {
  const problem = options.toolOutputLimits && truncateLimitsProblem(options.toolOutputLimits);
  if (problem) throw new InvalidConfigError(`toolOutputLimits.${problem.field}`, problem.message);
  // Puts record their session as the blob's owner, for retention.
  const store = ownedStore(options.store);
  const runtime = new ModelRuntime(options.models);
  const tools = options.tools instanceof ToolRegistry ? options.tools : new ToolRegistry(options.tools ?? []);
  if (options.activityOptions) validateActivityOptions(options.activityOptions, 'activityOptions');
  const deps = {
    store,
    runtime,
    tools,
    ...(options.activityOptions ? { activityOptions: options.activityOptions } : {}),
    ...(options.searchAttributes ? { searchAttributes: true } : {}),
  };
  return {
    /** The registry's figures for a model: window, output cap, encoding, prices. */
    describeModel: (input: DescribeModelInput): Promise<DescribeModelResult> => describeModel(deps, input),
    /** Stores and counts a message that comes from outside (a user message). */
    storeMessage: (input: StoreMessageInput): Promise<StoreMessageResult> =>
      storeMessageActivity(
        { ...deps, ...(options.toolOutputLimits ? { outputLimits: options.toolOutputLimits } : {}) },
        input,
      ),
    /** Counts the fixed part of every request (system prompt, tool schemas, reply priming). */
    countFixedOverhead: (input: CountFixedOverheadInput): Promise<CountFixedOverheadResult> =>
      countFixedOverhead(deps, input),
    /** Calls the model with stored messages; stores and counts its reply. */
    callModel: async (input: CallModelInput): Promise<CallModelResult> => {
      const result = await callModel(deps, input);
      recordRequest(input.model, result.usage.promptTokens, (await runtime.spec(input.model)).contextWindow);
      return result;
    },
    /** Runs one tool call; stores the full output, returns the truncated view, its metadata and digest. */
    executeTool: async (input: ExecuteToolInput): Promise<ExecuteToolResult> => {
      const result = await executeTool(
        { ...deps, ...(options.toolOutputLimits ? { outputLimits: options.toolOutputLimits } : {}) },
        input,
      );
      if (result.toolResult.truncated) recordTruncatedToolOutput(result.toolResult.toolName);
      return result;
    },
    /** Summarizes a range of messages (llm or extractive); stores and counts the summary. */
    summarize: async (input: SummarizeInput): Promise<SummarizeResult> => {
      const started = performance.now();
      const result = await summarize(
        { ...deps, ...(options.maxSummarizerCalls ? { maxSummarizerCalls: options.maxSummarizerCalls } : {}) },
        input,
      );
      recordSummarizerLatency(input.summarizer.kind, performance.now() - started);
      return result;
    },
  };
}

/** The activities object, for `proxyActivities<DurableContextActivities>()`. */
export type DurableContextActivities = ReturnType<typeof createActivities>;
