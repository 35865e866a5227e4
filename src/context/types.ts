/**
 * The data model of a session's context: the append-only log, the compaction ledger,
 * and the view the model sees. Plain serializable data: it lives in workflow state,
 * crosses continue-as-new, and is passed to and from activities.
 *
 * Content never lives here. Every message body is in the content store under a
 * {@link ContentRef}; items carry metadata (tokens, bytes, a short preview) only, so
 * Temporal history grows with new content, not with the prompt (docs/architecture.md, "The claim check").
 */

/** A content-addressed reference to a blob in the content store: `sha256:<64 hex>`. */
export type ContentRef = `sha256:${string}`;

/** Chat roles, as in OpenAI's chat-completions protocol. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/**
 * The message shape stored in the content store and sent to the model, exactly as in
 * OpenAI's chat-completions request (`messages[i]`).
 */
export interface ChatMessage {
  role: Role;
  content: string | null;
  tool_calls?: ChatToolCall[];
  tool_call_id?: string;
  name?: string;
}

/** A tool call inside an assistant {@link ChatMessage}. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/**
 * Metadata of one tool call, kept in workflow state. The full arguments are in the
 * stored assistant message; `keyArgs` holds the few short arguments (paths, commands,
 * patterns) that digests and the deterministic state block need.
 */
export interface ToolCallMeta {
  id: string;
  name: string;
  /** Short, string-valued arguments worth remembering (each ≤ 200 chars). */
  keyArgs: Record<string, string>;
}

/** Outcome of a tool execution, as recorded on its result item. */
export interface ToolResultMeta {
  toolName: string;
  status: 'ok' | 'error';
  /** Exit status for command-like tools. */
  exitCode?: number;
  /** Size of the full (untruncated) output. */
  outputBytes: number;
  outputLines: number;
  /** True when the model saw a head+tail excerpt instead of the full output. */
  truncated: boolean;
  /** The full output in the store (retrievable by sha256 even when the view was truncated). */
  fullOutputRef: ContentRef;
  /** True when the output was detected as binary (the view then holds a placeholder). */
  binary: boolean;
  /** First and last non-empty lines of the output, each ≤ 200 chars, for digests. */
  firstLine: string;
  lastLine: string;
  /**
   * The lines of the full output that show a failure, from anywhere in it (src/context/evidence.ts),
   * the line that names the failure first, then the rest in output order (results recorded before
   * 0.5.2 keep output order throughout), ≤ 8 lines of ≤ 200 chars; set when the tool failed or its
   * output counts failures.
   */
  evidence?: string[];
  /**
   * What a summary would take from an output that is no failure, so that its digest keeps it:
   * an issue's title, the goals and rules a prose document (an issue, a review, AGENTS.md)
   * states. At most a few short lines (src/activities/summarizers/pasted.ts `notedLines`).
   */
  noted?: string[];
}

/**
 * What a user message shows when it is a tool's output a harness sent as text (a ReAct
 * observation, a tagged result; src/activities/summarizers/text-calls.ts `harnessOutput`): the
 * facts read it as a tool result, not as a request (src/context/facts.ts).
 */
export interface TextOutputMeta {
  /** The tool its label names, or `tool`. */
  toolName: string;
  /** `error` when the output shows a failure (its evidence), else `ok`. */
  status: 'ok' | 'error';
  /** The lines of the full output that show the failure ({@link ToolResultMeta.evidence}). */
  evidence?: string[];
  /**
   * The key arguments of the call it answers (its file, its command), when the assistant's text
   * before it made one (`Action:` …, a tagged call; from 0.5.7) or its heading names it (`[execute_command
   * for 'npm test'] Result:`).
   */
  keyArgs?: Record<string, string>;
}

/**
 * How an item shows in the view:
 * - `message`: an ordinary system/user/assistant message;
 * - `tool_result`: a tool message with the (possibly truncated) output;
 * - `summary`: a summary written by compaction, standing for a range of the log;
 * - `tool_summary`: a digest standing for archived tool results.
 * (`tool_result_archived` is not stored: it is how the view reports a tool result whose
 * digest replaced it — see {@link ViewEntry.visibility}.)
 */
export type ItemKind = 'message' | 'tool_result' | 'summary' | 'tool_summary';

/** A stored body and its exact size, as produced by the activity that wrote it. */
export interface CountedContent {
  ref: ContentRef;
  /**
   * Exact tokens of the message as sent, including the per-message chat framing, so that
   * the sum over a request's messages plus the fixed overhead equals `prompt_tokens`.
   */
  tokens: number;
  /** UTF-8 bytes of the stored message. */
  bytes: number;
}

/** One entry of the append-only log. Never rewritten once appended. */
export interface LogItem {
  /** Position in the session's log, 0-based, monotonic across continue-as-new runs. */
  seq: number;
  /** The user turn the item belongs to (1-based; 0 for the system prompt). */
  turn: number;
  role: Role;
  kind: ItemKind;
  /** The message body exactly as sent to the model. */
  content: CountedContent;
  /** A short, human-readable preview (≤ 200 chars) for status and debugging. */
  preview: string;
  /** Assistant items: the calls the model made (metadata only). */
  toolCalls?: ToolCallMeta[];
  /**
   * User items that are a tool's output sent as text: what it shows. Set by the session workflow
   * from 0.5.6 (under a patch, src/workflows/turn.ts); items of earlier sessions never have it.
   */
  textOutput?: TextOutputMeta;
  /** Tool items: the call this result answers. */
  toolCallId?: string;
  /** Tool items: what happened. */
  toolResult?: ToolResultMeta;
  /**
   * Tool items: the deterministic digest that replaces the result once archived
   * (tool, key arguments, status, size, first/last lines), stored and counted up front.
   */
  digest?: CountedContent;
  /** Summary items: the inclusive seq range of the log this summary stands for. */
  covers?: SeqRange;
  /**
   * Summary items: what the summarizer held back beyond the summary's cap (a blob, never shown
   * to the model), read again by the summary that rolls this one up.
   */
  reserve?: ContentRef;
}

/** An inclusive range of seqs. */
export interface SeqRange {
  from: number;
  to: number;
}

/** Why a compaction ran. */
export type CompactionReason = 'threshold' | 'overflow' | 'manual' | 'tool-age' | 'invocation-count';

/** Which strategy produced a compaction. */
export type CompactionStrategyName =
  | 'tool-archive'
  | 'range-summary'
  | 'summary-of-summaries'
  | 'sliding-window'
  /** Summaries taken out of the view (kept in the log) when no summary fits beside the pinned content. */
  | 'withhold';

/** One record per compaction, in the order they were applied. */
export interface CompactionRecord {
  /** 1-based, monotonic across runs. */
  id: number;
  /** The turn during which it ran. */
  turn: number;
  strategy: CompactionStrategyName;
  reason: CompactionReason;
  /** Summaries: the range the new summary stands for. */
  range?: SeqRange;
  /** Tool archiving: the tool-result seqs replaced by their digests. */
  archivedSeqs?: number[];
  /** Summaries: the seq of the summary item appended to the log. */
  summarySeq?: number;
  /**
   * The summaries this compaction withheld from the view ({@link ContextState.withheld}): the new
   * summary's seq when it was withheld as soon as written, else earlier summaries'.
   */
  withheld?: number[];
  /** View tokens (history only, without fixed overhead) before and after. */
  tokensBefore: number;
  tokensAfter: number;
  /** `extractive`, or `llm:<model>`; absent for tool archiving. */
  summarizer?: string;
  /** `applied`, or `fallback` when the first summarizer's output was rejected or failed. */
  outcome: 'applied' | 'fallback';
  /** Why the first summarizer's output was rejected, when `outcome` is `fallback`. */
  rejection?: string;
  /** Optional focus text of a manual compaction. */
  focus?: string;
}

/** The context state kept by the workflow (and carried across continue-as-new). */
export interface ContextState {
  /**
   * Items of the log, ordered by seq. After continue-as-new only the items the view can
   * still show are carried (items covered by a summary are dropped from state; they stay
   * recoverable from earlier runs' histories and the content store), so seqs may have gaps.
   */
  items: LogItem[];
  /** The seq the next appended item gets. */
  nextSeq: number;
  /** Ledger of compactions, oldest first. */
  ledger: CompactionRecord[];
  /** Tool-result seqs currently replaced by their digests in the view. */
  archived: number[];
  /**
   * Seqs of summaries kept in the log but withheld from the view — with what they stand for —
   * because not even a summary fitted beside the pinned content (a request or step that takes
   * nearly the whole window). The next summary of that part of the history reads and supersedes
   * them. Optional: absent (none) in states built before it existed.
   */
  withheld?: number[];
  /**
   * Facts kept incrementally as items are appended (goal, files, commands, errors, pending
   * calls), so they survive continue-as-new even when the items they came from are dropped.
   * Optional for states built before it existed: the engine then derives them from `items`.
   */
  facts?: SessionFacts;
}

/** A command a tool ran, and how it ended (from the call's key arguments and its result). */
export interface CommandFact {
  seq: number;
  tool: string;
  command: string;
  status: 'ok' | 'error';
  exitCode?: number;
}

/** An error seen in a tool result. */
export interface ErrorFact {
  seq: number;
  tool: string;
  /** The first line that shows the failure (else the result's last or first line), ≤ 200 chars. */
  message: string;
  /** Further failure lines of the output (location, summary), ≤ 3 of ≤ 200 chars. */
  evidence?: string[];
  /** The command that failed, when the call had one. */
  command?: string;
}

/** A tool call the model made that has no result yet. */
export interface PendingCallFact {
  seq: number;
  id: string;
  name: string;
  keyArgs: Record<string, string>;
}

/**
 * Deterministic facts computed from the raw log (never by a model). They ride along every
 * summary as the state block, so the goal, files, commands, errors and pending calls
 * survive a poor or failed summary. Bounded: only the most recent entries of each list.
 */
export interface SessionFacts {
  /** Preview of the first user request. */
  goal?: string;
  /** Preview of the latest user request. */
  latestRequest?: string;
  /** Files named in tool arguments, least recently touched first, deduplicated. */
  files: string[];
  commands: CommandFact[];
  errors: ErrorFact[];
  pendingCalls: PendingCallFact[];
  /**
   * Error lines keep the spacing the tool printed (`ERROR:  42703`, aligned columns), only their
   * line breaks joined; without it (states built before 0.5.5, and their replays) runs of
   * whitespace were squeezed to one space. Set by the session workflow under a patch
   * (src/workflows/session-state.ts).
   */
  verbatim?: true;
}

/** How an entry of the view relates to the log. */
export type Visibility = 'message' | 'tool_result' | 'tool_result_archived' | 'summary' | 'tool_summary';

/** One message of the view: what the model will be sent, by reference. */
export interface ViewEntry {
  /** The log item this entry comes from (for a digest: the archived tool result). */
  seq: number;
  role: Role;
  visibility: Visibility;
  content: CountedContent;
  /** Assistant entries: ids of the calls, so pairing can be checked without content. */
  toolCallIds?: string[];
  /** Tool entries: the call answered. */
  toolCallId?: string;
}
