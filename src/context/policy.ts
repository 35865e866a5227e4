/**
 * The compaction policy: one serializable object (it crosses continue-as-new and appears in
 * workflow inputs), its defaults, and its validation.
 */
import {
  DEFAULT_KEEP_RECENT_TOKENS,
  DEFAULT_MAX_COMPACTIONS_PER_TURN,
  DEFAULT_MAX_SUMMARIES,
  DEFAULT_SLIDING_WINDOW_OVERLAP,
  DEFAULT_SLIDING_WINDOW_THRESHOLD,
  DEFAULT_SOFT_THRESHOLD,
  DEFAULT_SUMMARY_GOAL_SHARE,
  DEFAULT_SUMMARY_TOKEN_CAP,
  DEFAULT_TARGET,
  DEFAULT_TARGET_HEADROOM,
  DEFAULT_TOOL_RESULT_MAX_AGE_TURNS,
  DEFAULT_TOOL_RESULTS_KEEP_RECENT,
} from './constants';
import { InvalidConfigError } from './errors';

/** When tool-result archiving runs; see {@link CompactionPolicy.toolArchiveTrigger}. */
export type ToolArchiveTrigger = 'threshold' | 'always';

/** Sliding window by invocation (turn) count: compact every θ turns, with an overlap of ω turns. */
export interface SlidingWindowPolicy {
  enabled: boolean;
  /** θ: completed turns since the last window that trigger a new one. */
  invocationThreshold: number;
  /** ω: turns of the previous window fed again to the summarizer, for continuity. */
  overlap: number;
}

/** How and when the context is compacted. All fields are plain data. */
export interface CompactionPolicy {
  /** False turns automatic compaction off; manual and overflow compaction still plan. */
  enabled: boolean;
  /** Fraction of the history budget at which compaction runs, in (0, 1]. */
  softThreshold: number;
  /** Fraction of the history budget to reach after compaction, in (0, softThreshold). */
  target: number;
  /** Recent history kept verbatim by range summarization; clamped to half the budget. */
  keepRecentTokens: number;
  /**
   * Most recent tool results kept verbatim (older ones may be archived to digests: with the
   * `threshold` trigger, the largest first, as many as the goal needs).
   */
  toolResultsKeepRecent: number;
  /** Tool results older than this many turns may be archived; 0 turns the rule off. */
  toolResultMaxAgeTurns: number;
  /**
   * When old tool results are archived: `threshold` (default) only once the view reaches the
   * soft limit (or compaction is forced), so the prompt prefix stays byte-identical — and the
   * provider's prompt cache warm — between compactions; `always` as soon as they age.
   */
  toolArchiveTrigger: ToolArchiveTrigger;
  /** True: each range summary reads the previous one (rolling). False: summaries chain. */
  rollingSummaries: boolean;
  /** More summaries than this side by side in the view are summarized together. */
  maxSummaries: number;
  slidingWindow: SlidingWindowPolicy;
  /**
   * Circuit breaker: summarizing compactions in a row, within one turn, that may leave the view
   * above the hard limit; after that many, the turn fails with `CompactionNoProgress` instead of
   * summarizing again. A compaction that brings the view under the limit resets the count, so a
   * long turn may compact as often as it needs (the name is kept for compatibility). At least 2
   * for the compaction guarantee (docs/compaction.md): the two compactable regions may each
   * need a summary.
   */
  maxCompactionsPerTurn: number;
  /**
   * Largest summary (state block included), in tokens, unless {@link summaryGoalShare} of the
   * goal is more. A summary's cap is never above half the goal.
   */
  summaryTokenCap: number;
  /**
   * Share of the compaction goal (the target; after a provider overflow half of it) a summary
   * may take when that exceeds `summaryTokenCap`, in [0, 0.5]: the cap is
   * `min(max(summaryTokenCap, summaryGoalShare × goal), goal / 2)`. 0 makes `summaryTokenCap`
   * a fixed cap. Missing in policies resolved before it existed: read as 0.
   */
  summaryGoalShare: number;
}

/** A partial policy, as a user writes it; missing fields take the defaults. */
export type CompactionPolicyInput = Partial<Omit<CompactionPolicy, 'slidingWindow'>> & {
  slidingWindow?: Partial<SlidingWindowPolicy>;
};

/** The default policy. Frozen: copy it (or use {@link resolvePolicy}) to change it. */
export const DEFAULT_COMPACTION_POLICY: Readonly<CompactionPolicy> = Object.freeze({
  enabled: true,
  softThreshold: DEFAULT_SOFT_THRESHOLD,
  target: DEFAULT_TARGET,
  keepRecentTokens: DEFAULT_KEEP_RECENT_TOKENS,
  toolResultsKeepRecent: DEFAULT_TOOL_RESULTS_KEEP_RECENT,
  toolResultMaxAgeTurns: DEFAULT_TOOL_RESULT_MAX_AGE_TURNS,
  toolArchiveTrigger: 'threshold',
  rollingSummaries: true,
  maxSummaries: DEFAULT_MAX_SUMMARIES,
  slidingWindow: Object.freeze({
    enabled: false,
    invocationThreshold: DEFAULT_SLIDING_WINDOW_THRESHOLD,
    overlap: DEFAULT_SLIDING_WINDOW_OVERLAP,
  }),
  maxCompactionsPerTurn: DEFAULT_MAX_COMPACTIONS_PER_TURN,
  summaryTokenCap: DEFAULT_SUMMARY_TOKEN_CAP,
  summaryGoalShare: DEFAULT_SUMMARY_GOAL_SHARE,
});

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Fills a partial policy with the defaults and validates the result. */
export function resolvePolicy(input: CompactionPolicyInput = {}): CompactionPolicy {
  const policy: CompactionPolicy = {
    ...DEFAULT_COMPACTION_POLICY,
    ...input,
    slidingWindow: { ...DEFAULT_COMPACTION_POLICY.slidingWindow, ...input.slidingWindow },
  };
  // a threshold set alone keeps the default headroom below it (a threshold of 0.6 was valid with
  // the earlier default target, and stays so)
  if (input.target === undefined && typeof input.softThreshold === 'number')
    policy.target = Math.max(0.05, Math.min(DEFAULT_TARGET, round2(input.softThreshold - DEFAULT_TARGET_HEADROOM)));
  validatePolicy(policy);
  return policy;
}

/**
 * Checks every field of a policy (which may come from JSON or a CLI flag).
 * @throws InvalidConfigError naming the first field at fault, e.g. `compaction.target`.
 */
export function validatePolicy(policy: CompactionPolicy): void {
  const p = policy as unknown as Record<string, unknown>;
  if (typeof p !== 'object' || p === null) throw new InvalidConfigError('compaction', 'must be an object');
  bool(p, 'enabled');
  fraction(p, 'softThreshold', 0, 1);
  fraction(p, 'target', 0, policy.softThreshold);
  if (policy.target >= policy.softThreshold) {
    throw new InvalidConfigError(
      'compaction.target',
      `must be below softThreshold (${policy.softThreshold}), got ${policy.target}`,
    );
  }
  int(p, 'keepRecentTokens', 0);
  int(p, 'toolResultsKeepRecent', 0);
  int(p, 'toolResultMaxAgeTurns', 0);
  if (p.toolArchiveTrigger !== 'threshold' && p.toolArchiveTrigger !== 'always') {
    throw new InvalidConfigError('compaction.toolArchiveTrigger', "must be 'threshold' or 'always'");
  }
  bool(p, 'rollingSummaries');
  int(p, 'maxSummaries', 1);
  int(p, 'maxCompactionsPerTurn', 1);
  int(p, 'summaryTokenCap', 1);
  const share = p.summaryGoalShare;
  if (typeof share !== 'number' || !Number.isFinite(share) || share < 0 || share > 0.5) {
    throw new InvalidConfigError(
      'compaction.summaryGoalShare',
      `must be a number in [0, 0.5], got ${JSON.stringify(share)}`,
    );
  }
  const sw = p.slidingWindow;
  if (typeof sw !== 'object' || sw === null) {
    throw new InvalidConfigError('compaction.slidingWindow', 'must be an object');
  }
  const w = sw as Record<string, unknown>;
  bool(w, 'enabled', 'compaction.slidingWindow.');
  int(w, 'invocationThreshold', 1, 'compaction.slidingWindow.');
  int(w, 'overlap', 0, 'compaction.slidingWindow.');
}

function bool(o: Record<string, unknown>, key: string, prefix = 'compaction.'): void {
  if (typeof o[key] !== 'boolean') {
    throw new InvalidConfigError(prefix + key, `must be true or false, got ${JSON.stringify(o[key])}`);
  }
}

function int(o: Record<string, unknown>, key: string, min: number, prefix = 'compaction.'): void {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) {
    throw new InvalidConfigError(prefix + key, `must be an integer ≥ ${min}, got ${JSON.stringify(v)}`);
  }
}

function fraction(o: Record<string, unknown>, key: string, above: number, atMost: number): void {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= above || v > atMost) {
    throw new InvalidConfigError(
      'compaction.' + key,
      `must be a number in (${above}, ${atMost}], got ${JSON.stringify(v)}`,
    );
  }
}
