/**
 * Defaults and bounds of the context engine, in one place so that the workflow, the CLI
 * and the tests agree on them.
 */

/**
 * Compact when the view's history reaches this fraction of the history budget. 0.9 (0.8 until
 * 0.5.1): between compactions the last tenth of the budget goes unused, where 0.8 left a fifth;
 * with the target below, 30% stands free after a compaction, where 0.5 left half — in a small
 * window most of what the summary could have kept (bench/RESULTS.md, "Thresholds").
 */
export const DEFAULT_SOFT_THRESHOLD = 0.9;
/** After compaction, aim for this fraction of the history budget (headroom for the next turns). */
export const DEFAULT_TARGET = 0.7;
/** Headroom between the soft threshold and the default target when only the threshold is set. */
export const DEFAULT_TARGET_HEADROOM = 0.2;
/**
 * The thresholds before they were raised: sessions whose history was recorded with them keep
 * them (src/workflows/compaction.ts, `compaction-thresholds-v2`).
 */
export const LEGACY_SOFT_THRESHOLD = 0.8;
export const LEGACY_TARGET = 0.5;
/** Recent history kept verbatim by range summarization (clamped to half the budget at use). */
export const DEFAULT_KEEP_RECENT_TOKENS = 20_000;
/** Tool results kept verbatim; older ones become digests. */
export const DEFAULT_TOOL_RESULTS_KEEP_RECENT = 10;
/** Tool results older than this many turns become digests (0 turns the age rule off). */
export const DEFAULT_TOOL_RESULT_MAX_AGE_TURNS = 10;
/** Summaries that may sit side by side in the view before they are summarized together. */
export const DEFAULT_MAX_SUMMARIES = 4;
/** Sliding window: compact every θ invocations (turns)... */
export const DEFAULT_SLIDING_WINDOW_THRESHOLD = 5;
/** ...re-reading the last ω already-summarized invocations for continuity. */
export const DEFAULT_SLIDING_WINDOW_OVERLAP = 2;
/** Circuit breaker: summarizing compactions in a row that may leave the view over the limit before giving up. */
export const DEFAULT_MAX_COMPACTIONS_PER_TURN = 3;
/** Largest summary (state block included) a compaction may write, unless the goal share below allows more. */
export const DEFAULT_SUMMARY_TOKEN_CAP = 4_000;
/**
 * Share of the compaction goal a summary may take when that is more than the token cap: a
 * summary standing for hundreds of messages in a large window keeps their facts instead of
 * a fixed few thousand tokens of them, while the recent history keeps the rest of the goal.
 * Half: when a session is many times its window, the summary is all that is left of most of
 * it, and a quarter held too few of its facts (bench/RESULTS.md, "Summary share").
 */
export const DEFAULT_SUMMARY_GOAL_SHARE = 0.5;
/**
 * The default share before it was raised to {@link DEFAULT_SUMMARY_GOAL_SHARE}: sessions whose
 * history was recorded with it keep it (src/workflows/compaction.ts, `summary-goal-share-v2`).
 */
export const LEGACY_SUMMARY_GOAL_SHARE = 0.25;

/** Bounds of {@link SessionFacts} lists: state must stay small across continue-as-new. */
export const MAX_FACT_FILES = 50;
export const MAX_FACT_COMMANDS = 20;
export const MAX_FACT_ERRORS = 20;
/** Longest text kept in a fact (command line, error message, request preview). */
export const MAX_FACT_CHARS = 200;

/** Tool argument names that hold a file path (checked in this order). */
export const FILE_ARG_KEYS = ['path', 'file', 'filename', 'file_path', 'filepath', 'target_file'] as const;
/** Tool argument names that hold a command line. */
export const COMMAND_ARG_KEYS = ['command', 'cmd', 'script'] as const;
/** Whether `key` is one of {@link COMMAND_ARG_KEYS}. */
export function isCommandKey(key: string): boolean {
  return (COMMAND_ARG_KEYS as readonly string[]).includes(key);
}

/** First line of the deterministic state block; lets readers (and tests) find it in a summary. */
export const STATE_BLOCK_HEADER = '[Session state: computed from the log, not by a model]';
