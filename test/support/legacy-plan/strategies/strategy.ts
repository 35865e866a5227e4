// Vendored from src/context at 5dd116e (before in-turn compaction): see test/support/legacy-plan/plan.ts.
/**
 * The one small interface every compaction strategy implements (docs/compaction.md): look at the
 * current view and say what to do, or nothing. Strategies are pure and run in order;
 * {@link planCompaction} turns their steps into a plan.
 */
import type { ContextBudget } from '../../../../src/context/budget';
import type { CutPoints } from '../../../../src/context/cut-points';
import type { CompactionPolicy } from '../../../../src/context/policy';
import type { CompactionReason, CompactionStrategyName, ContextState, ViewEntry } from '../../../../src/context/types';
import type { PlacedEntry } from '../../../../src/context/view';

/** What a strategy sees. */
export interface PlanContext {
  /** The state, with any archiving planned by earlier strategies already applied. */
  state: ContextState;
  /** Its view, with places in the log. */
  view: PlacedEntry[];
  cuts: CutPoints;
  /** Tokens of `view`. */
  tokens: number;
  budget: ContextBudget;
  policy: CompactionPolicy;
  /** The turn being planned for. */
  turn: number;
  /** Set when compaction is asked for regardless of thresholds. */
  forced?: 'manual' | 'overflow';
}

/** Replace these tool results with their digests. */
export interface ArchiveStep {
  kind: 'archive';
  seqs: number[];
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

/** Largest summary a compaction may write before knowing its input: the policy's cap, at most half the target. */
export function baseSummaryCap(policy: CompactionPolicy, targetTokens: number): number {
  return Math.max(1, Math.min(policy.summaryTokenCap, Math.floor(targetTokens / 2)));
}

/** Index of the latest user message in the view, or -1. */
export function latestUserIndex(view: readonly PlacedEntry[]): number {
  for (let i = view.length - 1; i >= 0; i -= 1) {
    const e = view[i]?.entry;
    if (e?.role === 'user' && e.visibility === 'message') return i;
  }
  return -1;
}
