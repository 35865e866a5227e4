/**
 * The one small interface every compaction strategy implements: look at the
 * current view and say what to do, or nothing. Strategies are pure and run in order;
 * {@link planCompaction} turns their steps into a plan.
 */
import type { ContextBudget } from '../budget';
import type { CutPoints } from '../cut-points';
import type { CompactionPolicy } from '../policy';
import type { CompactionReason, CompactionStrategyName, ContextState, ViewEntry } from '../types';
import type { PlacedEntry } from '../view';

/** What a strategy sees. */
export interface PlanContext {
  /** The state, with any archiving planned by earlier strategies already applied. */
  state: ContextState;
  /** Its view, with places in the log. */
  view: PlacedEntry[];
  cuts: CutPoints;
  /** Tokens of `view`. */
  tokens: number;
  /** Tokens of the view when planning began (before any archiving of this plan): what triggers compaction. */
  tokensBefore: number;
  budget: ContextBudget;
  policy: CompactionPolicy;
  /** The turn being planned for. */
  turn: number;
  /** Set when compaction is asked for regardless of thresholds. */
  forced?: 'manual' | 'overflow';
  /** The deterministic state block every summary of this plan carries. */
  stateBlock: string;
  /** The smallest summary a summarizer can write with that state block ({@link summaryFloor}). */
  summaryFloor: number;
  /** Plan as releases up to 0.3.0 did (see `PlanOptions.compat`). */
  compat?: 'v1';
  /** Summary caps ignore `policy.summaryGoalShare` (see `PlanOptions.fixedSummaryCap`). */
  fixedSummaryCap?: boolean;
  /** Old tool results are archived largest first, only down to the goal (see `PlanOptions.archiveByNeed`). */
  archiveByNeed?: boolean;
  /** After an overflow, the goal is half the smaller of target and view (see `PlanOptions.overflowGoalOfView`). */
  overflowGoalOfView?: boolean;
  /** A range summary may take the goal's room its kept history leaves (see `PlanOptions.summaryFillsGoal`). */
  summaryFillsGoal?: boolean;
}

/** Replace these tool results with their digests. */
export interface ArchiveStep {
  kind: 'archive';
  seqs: number[];
  /** Why, when not age (`tool-age`): hard pressure (`threshold`) or a provider overflow. */
  reason?: CompactionReason;
}

/** Summarize view entries `[start, end)`. */
export interface SummarizeStep {
  kind: 'summarize';
  strategy: Exclude<CompactionStrategyName, 'tool-archive'>;
  reason: CompactionReason;
  start: number;
  end: number;
  /** Already-summarized entries given again for continuity (sliding-window overlap). */
  context?: ViewEntry[];
  /** Largest summary for this step, when the strategy sized it (else the policy's cap for the goal). */
  tokenCap?: number;
  /**
   * Set under hard pressure: the summary only has to be smaller than its input (not to free
   * half of what it newly condenses), because the request cannot be sent otherwise.
   */
  hard?: boolean;
  /** The summary is withheld from the view as soon as it is written (`SummarizePlan.withhold`); its cap is `tokenCap`. */
  withhold?: boolean;
}

/** A compaction strategy. */
export interface CompactionStrategy {
  readonly name: CompactionStrategyName;
  /** The step to take now, or null when this strategy has nothing to do. */
  plan(ctx: PlanContext): ArchiveStep | SummarizeStep | null;
}

/** Index of the first entry after the leading system messages (which are never summarized). */
export function pinnedEnd(view: readonly PlacedEntry[]): number {
  let i = 0;
  while (i < view.length && view[i]?.entry.role === 'system' && view[i]?.entry.visibility === 'message') i += 1;
  return i;
}

/**
 * Largest summary a compaction may write before knowing its input: the policy's cap, or its
 * share of the goal when that is more (when `scaled`), at most half the goal.
 */
export function baseSummaryCap(policy: CompactionPolicy, targetTokens: number, scaled = false): number {
  const share = scaled ? Math.floor((policy.summaryGoalShare ?? 0) * targetTokens) : 0;
  return Math.max(1, Math.min(Math.max(policy.summaryTokenCap, share), Math.floor(targetTokens / 2)));
}

/** What a plan must reach: the largest view it may leave, and the view it aims at. */
export interface Pressure {
  /** Above this the request cannot be sent: the hard limit (after a provider overflow: the goal). */
  limit: number;
  /** What compaction aims at: the target (after a provider overflow: half of it). */
  goal: number;
}

/**
 * What a plan aims at: the target; after a provider overflow, half of it — or, with
 * `overflowOfView`, half the smaller of the target and the view the provider refused.
 */
export function planGoal(
  budget: ContextBudget,
  viewTokens: number,
  forced: PlanContext['forced'],
  overflowOfView: boolean,
): number {
  if (forced !== 'overflow') return budget.targetTokens;
  return Math.floor((overflowOfView ? Math.min(budget.targetTokens, viewTokens) : budget.targetTokens) / 2);
}

/**
 * The limit and goal of a plan. After a provider overflow the budget is known to be wrong, so
 * planning treats the goal ({@link planGoal}) as the limit too: it compacts as if the view had to
 * fit there, which archives and summarizes everything outside the pinned content if need be.
 */
export function pressure(ctx: PlanContext): Pressure {
  if (ctx.forced === 'overflow') {
    const goal = planGoal(ctx.budget, ctx.tokensBefore, ctx.forced, ctx.overflowGoalOfView === true);
    return { limit: Math.min(goal, ctx.budget.hardLimit), goal };
  }
  return { limit: ctx.budget.hardLimit, goal: ctx.budget.targetTokens };
}

/**
 * The cap of a summary of `input` tokens, of which `raw` are not summaries yet, or null when no
 * summarizer could meet it. At most `maxCap`; below the input by half the raw tokens (a
 * summary that frees less is not worth a summarizer call and a rewritten prompt), or, under
 * hard pressure (`hard`), by one token; never below the summary floor.
 */
export function summaryCap(ctx: PlanContext, maxCap: number, input: number, raw: number, hard = false): number | null {
  const gain = hard ? 1 : Math.max(1, Math.ceil(raw / 2));
  const cap = Math.min(maxCap, input - gain);
  return cap >= ctx.summaryFloor && cap >= 1 ? cap : null;
}

/** Index of the latest user message in the view, or -1. */
export function latestUserIndex(view: readonly PlacedEntry[]): number {
  for (let i = view.length - 1; i >= 0; i -= 1) {
    const e = view[i]?.entry;
    if (e?.role === 'user' && e.visibility === 'message') return i;
  }
  return -1;
}
