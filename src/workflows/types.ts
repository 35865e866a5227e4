/**
 * The session workflow's public data: its input, configuration, handler payloads and
 * query results. Plain serializable data, shared by the workflow, the client helpers and
 * the CLI.
 */
import type { CompactionPolicyInput } from '../context/policy';
import type { CompactionRecord, ContentRef, ContextState, LogItem, ViewEntry } from '../context/types';
import type { SummarizerChoice } from '../activities/types';
import type { FailureType } from '../context/errors';
import type { ActivityOptionsConfig } from './activity-options';

/** How a session talks to its model and manages its context. */
export interface SessionConfig {
  /** Agent model, resolved through the worker's model registry (context window, tokenizer, prices). */
  model: string;
  /** System prompt kept pinned at the start of every request. */
  systemPrompt?: string;
  /** Load AGENTS.md (global, project, working directory) into the system prompt at session start. */
  instructions?: { workDir: string };
  /** Names of the worker's registered tools offered to the model; none when empty. */
  tools: string[];
  /** Compaction policy; missing fields take the defaults. */
  compaction: CompactionPolicyInput;
  /** Summarizer for range compactions; `extractive` (local, deterministic) by default. */
  summarizer: SummarizerChoice;
  /** Tokens reserved for the reply; the model's max output tokens (capped) when omitted. */
  reservedOutputTokens?: number;
  /** Model calls allowed in one turn before the turn ends with an error. */
  maxStepsPerTurn: number;
  /**
   * Continue-as-new also below Temporal's suggestion once history holds this many events
   * (useful to test and to keep replays short); Temporal's suggestion alone when omitted.
   */
  continueAsNewAfterEvents?: number;
  /**
   * Heartbeat timeout of model calls, tools and summaries, in seconds (default 30): how late
   * a dead worker is noticed and its activity retried elsewhere.
   */
  heartbeatTimeoutSeconds?: number;
  /**
   * Timeouts and retry policies of the session's activities, by kind; fields left out take
   * the worker's defaults (plugin option `activityOptions`), then the built-in ones.
   */
  activities?: ActivityOptionsConfig;
}

/** What a user may change with the `configure` update. */
export type ConfigurePatch = Partial<Omit<SessionConfig, 'compaction'>> & { compaction?: CompactionPolicyInput };

/** A user message as sent by the `userMessage` signal or the `sendMessage` update. */
export interface UserMessageInput {
  text: string;
  /** Caller's id for the message; makes a retried signal or update idempotent. */
  messageId?: string;
}

/** How a turn ended. */
export interface TurnResult {
  turn: number;
  messageId: string;
  /** The assistant's final text; empty when the turn failed. */
  reply: string;
  /** Set when the turn failed: a stable failure type and a message. Session stays usable. */
  error?: { type: FailureType; message: string };
  /** Model calls made in the turn. */
  steps: number;
  /** Compactions that ran in the turn. */
  compactions: number;
}

/** Input of the `compact` update. */
export interface CompactInput {
  /** Text the summarizer should pay particular attention to. */
  focus?: string;
}

/** Result of the `compact` update. */
export interface CompactResult {
  /** `nothing-to-compact` when no compaction would free anything (nothing was applied or recorded). */
  outcome: 'compacted' | 'nothing-to-compact';
  /** Ledger records the compaction added (empty when there was nothing to compact). */
  records: CompactionRecord[];
  tokensBefore: number;
  tokensAfter: number;
}

/** Result of the `status` query. */
export interface SessionStatus {
  model: string;
  contextWindow: number;
  /** Tokens the next request would use (view + fixed overhead). */
  usedTokens: number;
  /** Tokens available to history: window − reserved output − fixed overhead. */
  historyBudget: number;
  historyTokens: number;
  percent: number;
  /** Estimated turns before the next compaction, from the average turn size. */
  turnsLeft: number | null;
  turn: number;
  compactions: number;
  items: number;
  /** Messages waiting behind the running turn. */
  queued: number;
  /** True while a command (a turn, a compaction, a reconfiguration) runs. */
  busy: boolean;
  /** What the session is doing right now. */
  phase: SessionPhase;
  /** Re-sent messages answered from an earlier result instead of being run again. */
  duplicateMessages: number;
  /** Runs of this session before the current one (continue-as-new chain). */
  previousRuns: string[];
  /** Signals dropped by validation (updates are rejected before they reach the workflow). */
  rejectedSignals: number;
  lastTurn?: TurnResult;
  /** Provider-reported usage of the last model call. */
  lastUsage?: { promptTokens: number; completionTokens: number };
  /** Provider-reported usage so far, by model (across continue-as-new). */
  usage: Record<string, SessionModelUsage>;
  /** Estimated USD so far over all models whose prices are known. */
  costUsd?: number;
  ended: boolean;
}

/** What the session is doing: shown by clients while a turn runs. */
export type SessionPhase =
  | { kind: 'idle' }
  | { kind: 'model'; step: number }
  | { kind: 'tools'; step: number; tools: string[] }
  | { kind: 'compacting'; reason: string }
  | { kind: 'configuring' };

/** Paging of the `view` and `log` queries. */
export interface PageRequest {
  /** First index (view) or seq (log) to return. */
  offset?: number;
  limit?: number;
}

/** A page of the view. */
export interface ViewPage {
  entries: ViewEntry[];
  total: number;
  offset: number;
}

/** A page of the raw log held by this run. */
export interface LogPage {
  items: LogItem[];
  /** First seq held by this run's state (earlier items live in previous runs). */
  firstSeq: number;
  nextSeq: number;
}

/** Everything that crosses continue-as-new (and the workflow's input on a fresh start). */
export interface SessionInput {
  config: SessionConfig;
  /** Present after continue-as-new. */
  carried?: CarriedState;
}

/** State carried from one run to the next. */
export interface CarriedState {
  context: ContextState;
  turn: number;
  /** Run ids of previous runs, oldest first. */
  previousRuns: string[];
  /** Messages received (by signal) but not yet processed. */
  queue: QueuedMessage[];
  /** Ids of processed messages (bounded), so a re-sent message is not processed twice. */
  processedIds: string[];
  /** Average tokens a turn adds, for the turns-left estimate. */
  turnTokenHistory: number[];
  rejectedSignals: number;
  /** Re-sent messages answered without running again (absent in runs of 0.1.0). */
  duplicateMessages?: number;
  /** Results of the latest turns, so a send retried after continue-as-new gets its answer. */
  recentResults?: TurnResult[];
  /** Usage by model so far. */
  usage?: Record<string, SessionModelUsage>;
  lastTurn?: TurnResult;
  /** True when `end` arrived: the next run processes the carried queue, then completes. */
  ended?: boolean;
  /** What the previous run learned about model and request overhead (not re-fetched). */
  runtime?: SessionRuntime;
}

/** Facts about the model and the fixed part of requests, fetched by activities. */
export interface SessionRuntime {
  contextWindow: number;
  maxOutputTokens: number;
  /** Stored system message (system prompt + instructions), sent first. */
  systemRef?: ContentRef;
  /** System message + tool schemas + reply priming, in tokens. */
  fixedTokens: number;
  /** AGENTS.md text loaded at session start (kept, so later runs see the same instructions). */
  instructions: string;
  /** Provider prompt tokens beyond our count, kept as a safety margin. */
  calibration: number;
  /** The worker's default activity options (plugin option), fetched with the model facts. */
  workerActivityOptions?: ActivityOptionsConfig;
  /** True when the worker says the server has this project's search attributes registered. */
  searchAttributes?: boolean;
  /** USD per million input / output tokens of the model, when known. */
  inputPricePerMTok?: number;
  outputPricePerMTok?: number;
}

/** Tokens and estimated cost of one model's calls in a session. */
export interface SessionModelUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Estimated USD, from the registry's prices at the time of each call; absent when unknown. */
  costUsd?: number;
}

/** A message waiting for its turn. */
export interface QueuedMessage {
  messageId: string;
  text: string;
}
