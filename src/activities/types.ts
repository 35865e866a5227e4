/**
 * Inputs and results of the activities, as plain serializable data. The workflow imports
 * this module type-only: nothing here runs, so nothing here needs the sandbox's blessing.
 *
 * Content crosses activity boundaries by reference ({@link ContentRef}); results carry
 * {@link CountedContent} (reference + exact tokens + bytes) so nothing is counted twice.
 */
import type { ActivityOptionsConfig } from '../workflows/activity-options';
import type { FailureType } from '../context/errors';
import type {
  ChatMessage,
  ContentRef,
  CountedContent,
  TextOutputMeta,
  ToolCallMeta,
  ToolResultMeta,
} from '../context/types';

/** Token usage as reported by the provider for one model call. */
export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** Prompt tokens served from the provider's cache, when reported. */
  cachedTokens?: number;
}

/** Input of `describeModel`. */
export interface DescribeModelInput {
  model: string;
}

/** Result of `describeModel`: the registry's figures for a model (budget and cost estimates). */
export interface DescribeModelResult {
  model: string;
  contextWindow: number;
  maxOutputTokens: number;
  encoding: string;
  /** USD per million input tokens, when known. */
  inputPricePerMTok?: number;
  /** USD per million output tokens, when known. */
  outputPricePerMTok?: number;
  /** The worker's default activity timeouts and retries (plugin option `activityOptions`). */
  activityOptions?: ActivityOptionsConfig;
  /** True when the worker was told the server has this project's search attributes registered. */
  searchAttributes?: boolean;
}

/** Input of `storeMessage`: a message to store and count (typically a user message). */
export interface StoreMessageInput {
  /** The agent's model: counts use its tokenizer. */
  model: string;
  message: ChatMessage;
  /**
   * The most tokens a tool's output sent as a user message (`Observation: …`, `[read_file]
   * Result: …`) may take in the view. A larger one is stored whole and the message shows its
   * head and tail, the lines that show a failure and a reference to the whole, as a tool result
   * does; a person's request is never cut. None: stored as it is.
   */
  maxTokens?: number;
  /**
   * The assistant message a tool's output sent as text may answer (the log's last item, when it
   * made no API tool call): the call its text makes is read from it, and its tool, file or command
   * become the output's ({@link TextOutputMeta.keyArgs}).
   */
  answers?: ContentRef;
}

/** Result of `storeMessage`. */
export interface StoreMessageResult {
  content: CountedContent;
  /** ≤ 200 chars, for status and debugging. */
  preview: string;
  /** A user message that is a tool's output a harness sent as text: what it shows (read from the whole output). */
  textOutput?: TextOutputMeta;
}

/** Input of `countFixedOverhead`: the parts of every request that are not in the log. */
export interface CountFixedOverheadInput {
  model: string;
  /** A system prompt kept outside the log; it is stored and returned as `system`. */
  systemPrompt?: string;
  /** Names of the registered tools offered to the model. */
  tools?: string[];
}

/** Result of `countFixedOverhead`: `sum(view tokens) + fixedTokens === prompt_tokens`. */
export interface CountFixedOverheadResult {
  /** The stored system message, to send first (its tokens are part of `fixedTokens`). */
  system?: CountedContent;
  /** Tokens of the tool schemas block (0 without tools). */
  toolsTokens: number;
  /** Tokens that prime the assistant's reply. */
  primingTokens: number;
  /** system + tools + priming. */
  fixedTokens: number;
}

/** Input of `callModel`. */
export interface CallModelInput {
  /** Model name, resolved through the model registry. */
  model: string;
  /**
   * Stored `ChatMessage`s to send, in order (system message first, if any) — after those of
   * `prefix`, when given.
   */
  messages: ContentRef[];
  /**
   * A request manifest returned by an earlier call (`CallModelResult.manifest`): its
   * messages come first. Consecutive calls share most of their messages, so sending only
   * the new ones keeps each call's input — recorded in workflow history — small.
   */
  prefix?: ContentRef;
  /** Names of the registered tools offered to the model. */
  tools?: string[];
  /** Cap on the reply's tokens (the budget's reserved output). */
  maxOutputTokens?: number;
  temperature?: number;
  toolChoice?: 'auto' | 'none' | 'required';
  parallelToolCalls?: boolean;
}

/** Result of `callModel`: the assistant message, stored and counted, plus the provider's figures. */
export interface CallModelResult {
  message: CountedContent;
  /** The stored list of every message ref this request sent (a JSON array): the next call's `prefix`. */
  manifest: ContentRef;
  toolCalls: ToolCallMeta[];
  /**
   * The reply's text when it made no tool calls: the turn's answer, which the workflow
   * returns to the client anyway (absent with tool calls, to keep history small).
   */
  text?: string;
  preview: string;
  /** `stop`, `tool_calls`, `length` (text only: tool calls cut off are never returned), `content_filter`. */
  finishReason: string;
  usage: ModelUsage;
  /** The model the provider says answered. */
  responseModel: string;
}

/** Input of `executeTool`: which call of which stored assistant message to run. */
export interface ExecuteToolInput {
  /** The agent's model: counts use its tokenizer. */
  model: string;
  /** The stored assistant message carrying the call (arguments are read from it, not passed). */
  assistant: ContentRef;
  toolCallId: string;
  /**
   * Log seq of the assistant message: with the session id it makes the tool's idempotency
   * key unique per call even when a provider reuses call ids across turns (absent in
   * histories of 0.1.0, whose calls keep their old key).
   */
  assistantSeq?: number;
  /**
   * Largest tool message the model may see for this result, in tokens as counted in the view
   * (framing and the full-output reference included): the workflow's share of the budget for
   * one result of this step (src/context/allowance.ts). The activity's fixed output limits stay
   * a ceiling; absent, they alone apply.
   */
  maxResultTokens?: number;
}

/** Result of `executeTool`. */
export interface ExecuteToolResult {
  /** The `tool` message the model sees: the (possibly truncated) output. */
  message: CountedContent;
  toolCallId: string;
  toolResult: ToolResultMeta;
  /** The digest that replaces the result once archived: same `tool_call_id`, stored and counted. */
  digest: CountedContent;
  keyArgs: Record<string, string>;
  preview: string;
  /** Set when the call failed before or during execution (unknown tool, bad arguments, ...). */
  errorType?: FailureType;
}

/** Which summarizer to run. */
export type SummarizerChoice = { kind: 'llm'; model: string } | { kind: 'extractive' };

/** Input of `summarize`. */
export interface SummarizeInput {
  /** The agent's model: the summary is counted with its tokenizer. */
  model: string;
  /** The stored messages of the range to summarize, in log order. */
  messages: ContentRef[];
  /** The previous summary message, folded into the new one (rolling summary). */
  previousSummary?: ContentRef;
  /**
   * What the previous summary held back ({@link SummarizeResult.reserve}): the extractive
   * summarizer reads it with the previous summary. A reserve the store no longer holds is skipped.
   */
  previousReserve?: ContentRef;
  /** Deterministic state block rendered by the engine, appended verbatim. */
  stateBlock?: string;
  /**
   * Cap on the whole stored summary message (framing, prefix and state block included, as
   * the engine's `tokenCap`); the summarizer's text gets what remains.
   */
  maxSummaryTokens: number;
  summarizer: SummarizerChoice;
  /** Optional focus of a manual compaction. */
  focus?: string;
}

/** Result of `summarize`. */
export interface SummarizeResult {
  /** The summary `user` message, starting `[Previous conversation summary]`. */
  summary: CountedContent;
  preview: string;
  /** Tokens of the summarizer's own text, without prefix and state block (0 = empty summary). */
  textTokens: number;
  /** `stop`, or `length` when the llm summarizer hit its cap (the engine rejects it). */
  finishReason: string;
  /** `extractive` or `llm:<model>`, as recorded in the ledger. */
  summarizer: string;
  /**
   * The extractive summarizer's best items that did not fit the cap (a text blob in the store,
   * never shown to the model): the next rolling summary reads them again, so what a small cap
   * squeezed out comes back when there is room. Absent for the llm summarizer and when nothing was left.
   */
  reserve?: ContentRef;
  /** Summarizer model calls made (several when the input was chunked). */
  calls: number;
  usage?: ModelUsage;
}
