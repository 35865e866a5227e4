/**
 * Running a compaction from the workflow: plan (pure), summarize (activity, with the
 * extractive fallback), validate (pure), apply (pure, one atomic step). A failed or
 * rejected summary never changes the state; only a validated one is applied.
 */
import { ActivityFailure, ApplicationFailure, log, patched } from '@temporalio/workflow';
import { LEGACY_SOFT_THRESHOLD, LEGACY_SUMMARY_GOAL_SHARE, LEGACY_TARGET } from '../context/constants';
import { DurableContextError, FailureType } from '../context/errors';
import type { ContextBudget } from '../context/budget';
import type { CompactionPolicy } from '../context/policy';
import { planCompaction, type CompactionPlan, type SummarizePlan } from '../context/plan';
import { validateSummary, type SummaryCandidate } from '../context/summary-validation';
import type { CompactionRecord } from '../context/types';
import type { SummarizerChoice } from '../activities/types';
import { summaryTokens } from './activities';
import type { SessionState } from './session-state';
import { summarizeInput, summaryCandidate } from './summarize-input';

/**
 * Patch id of compaction inside the running turn (introduced after 0.3.0): without it the
 * planner runs as `compat: 'v1'` and compaction keeps 0.3.0's rounds and failures.
 */
export const IN_TURN_COMPACTION_PATCH = 'in-turn-compaction-v1';
/** Summary caps that grow with the goal (`CompactionPolicy.summaryGoalShare`): other caps, other summaries. */
export const SUMMARY_GOAL_SHARE_PATCH = 'summary-goal-share-v1';
/**
 * The default share raised from a quarter to half the goal (`DEFAULT_SUMMARY_GOAL_SHARE`): other
 * caps, other ranges kept verbatim, other compactions. A session that does not set the share
 * keeps the old default for a history recorded before it.
 */
export const SUMMARY_SHARE_DEFAULT_PATCH = 'summary-goal-share-v2';
/** A state block rendered smaller in a window too small for two summaries carrying all of it: other plans. */
export const STATE_BLOCK_FITS_PATCH = 'state-block-fits-v1';
/** Automatic archiving takes the old tool results that free the most first, only down to the goal. */
export const ARCHIVE_BY_NEED_PATCH = 'archive-by-need-v1';
/** The state block takes at most a third of the largest summary cap: other blocks, other summaries in small windows. */
export const STATE_BLOCK_SHARE_PATCH = 'state-block-share-v1';
/**
 * The default thresholds raised from 0.8 / 0.5 to 0.9 / 0.7 of the history budget: other moments
 * to compact, other goals. A session that does not set them keeps the old ones for a history
 * recorded before (`LEGACY_SOFT_THRESHOLD`, `LEGACY_TARGET`). With it, a provider overflow aims
 * at half the smaller of target and view (`PlanOptions.overflowGoalOfView`).
 */
export const THRESHOLDS_PATCH = 'compaction-thresholds-v2';
/**
 * A range summary may take the room the goal leaves beside the history it keeps, not only half the
 * goal (`PlanOptions.summaryFillsGoal`): other caps, so other summaries and later compactions.
 */
export const SUMMARY_FILLS_GOAL_PATCH = 'summary-fills-goal-v1';
/**
 * Regions withheld from the view when the pinned content fits but leaves no room for their
 * summaries (`PlanOptions.withhold`): a compaction, and a model call, where the call was refused.
 */
export const WITHHOLD_PATCH = 'withhold-summaries-v1';

/** Plan-and-apply rounds in one call: each round shrinks the view or the loop ends. */
const MAX_ROUNDS = 8;

/** How a compaction was asked for. */
export interface CompactionRequest {
  /** `manual` (the compact update) or `overflow` (the provider said the request was too long). */
  force?: 'manual' | 'overflow';
  focus?: string;
  /** Withhold every compactable region: the last retry after a provider's refusals (`PlanOptions.pinnedOnly`). */
  pinnedOnly?: boolean;
}

/**
 * Withheld history, second part: a withheld summary shows again as soon as the view has room for
 * it below the soft limit (`restoreWithheld`), and after a provider refused a request twice (once
 * more after compacting as far as the budget goes) the turn retries once with the pinned content
 * alone — the history withheld — failing with `ContextOverflow` only when that is refused too.
 * Other views, and commands a history recorded before it never issued (the turn failed there).
 */
export const WITHHOLD_V2_PATCH = 'withhold-summaries-v2';

/** Runs one summarizer; a failed activity or a rejected summary comes back as a reason, never a throw. */
async function trySummarizer(
  s: SessionState,
  plan: SummarizePlan,
  choice: SummarizerChoice,
): Promise<{ candidate: SummaryCandidate } | { rejection: string }> {
  let result;
  const summary =
    `summarize ${plan.strategy} seq ${plan.range.from}–${plan.range.to} · ${summaryTokens(plan.inputTokens)} → ` +
    `≤${summaryTokens(plan.tokenCap)} tokens · ${choice.kind === 'llm' ? `llm ${choice.model}` : 'extractive'}`;
  try {
    result = await s.activities.withSummary(summary).summarizer.summarize(summarizeInput(plan, s.config.model, choice));
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const cause = err.cause instanceof ApplicationFailure ? `${err.cause.type}: ${err.cause.message}` : err.message;
    return { rejection: `summarizer ${choice.kind} failed: ${cause}` };
  }
  const candidate = summaryCandidate(result);
  const verdict = validateSummary(plan, candidate);
  return verdict.ok ? { candidate } : { rejection: verdict.message };
}

/**
 * Summarizes with the configured summarizer; when that fails or is rejected, falls back to
 * the extractive one (local, deterministic). Returns undefined when both fail.
 */
async function summarizeWithFallback(
  s: SessionState,
  plan: SummarizePlan,
): Promise<{ candidate: SummaryCandidate; rejection?: string } | { rejection: string }> {
  const first = await trySummarizer(s, plan, s.config.summarizer);
  if ('candidate' in first || s.config.summarizer.kind === 'extractive') return first;
  log.warn('Summary rejected; falling back to the extractive summarizer', { reason: first.rejection });
  const fallback = await trySummarizer(s, plan, { kind: 'extractive' });
  if ('candidate' in fallback) return { candidate: fallback.candidate, rejection: first.rejection };
  return { rejection: `${first.rejection}; then ${fallback.rejection}` };
}

async function applyPlan(s: SessionState, plan: CompactionPlan): Promise<void> {
  if (!plan.summarize) {
    s.applyCompaction(plan);
    return;
  }
  const outcome = await summarizeWithFallback(s, plan.summarize);
  if ('candidate' in outcome) {
    const meta = outcome.rejection !== undefined ? { rejection: outcome.rejection } : {};
    s.applyCompaction(plan, outcome.candidate, meta);
    return;
  }
  // Both summarizers failed: keep what archiving (and withholding) alone buys, and say why nothing more.
  if (plan.archive.length || plan.withhold) s.applyCompaction({ ...plan, summarize: undefined });
  throw new DurableContextError(FailureType.SummaryRejected, `Compaction failed: ${outcome.rejection}`, {
    rejection: outcome.rejection,
  });
}

/** The session's policy, with the default summary share its history was recorded with. */
function sessionPolicy(s: SessionState, scaledCaps: boolean): CompactionPolicy {
  if (!scaledCaps || s.config.compaction.summaryGoalShare !== undefined || patched(SUMMARY_SHARE_DEFAULT_PATCH))
    return s.policy;
  return { ...s.policy, summaryGoalShare: LEGACY_SUMMARY_GOAL_SHARE };
}

/**
 * The budget to plan against: the session's, or — for a session that leaves the thresholds to
 * the defaults and whose history predates {@link THRESHOLDS_PATCH} — with the old defaults'
 * soft limit and goal (and the policy that says so).
 */
function sessionThresholds(
  s: SessionState,
  policy: CompactionPolicy,
  thresholdsV2: boolean,
): [CompactionPolicy, ContextBudget] {
  const budget = s.budget();
  const c = s.config.compaction;
  if ((c.softThreshold !== undefined && c.target !== undefined) || thresholdsV2) return [policy, budget];
  const softThreshold = c.softThreshold ?? LEGACY_SOFT_THRESHOLD;
  const target = c.target ?? LEGACY_TARGET;
  return [
    { ...policy, softThreshold, target },
    {
      ...budget,
      softLimit: Math.floor(budget.historyBudget * softThreshold),
      targetTokens: Math.floor(budget.historyBudget * target),
    },
  ];
}

/**
 * Compacts until the view is back under the soft limit (manual: once; after a provider
 * overflow: until nothing is left to compact), and returns the ledger records added. The
 * context changes only through validated, atomic applies.
 * @throws CompactionNoProgressError from the planner's circuit breaker, or
 * DurableContextError (`SummaryRejected`) when no summarizer produced an acceptable summary
 * and the view does not fit without one (or the compaction was manual).
 */
export async function compact(s: SessionState, request: CompactionRequest = {}): Promise<CompactionRecord[]> {
  // Compaction inside the running turn plans differently, so it issues other commands: a
  // history recorded before it replays with the planner it was recorded with.
  const inTurn = patched(IN_TURN_COMPACTION_PATCH);
  const scaledCaps = inTurn && patched(SUMMARY_GOAL_SHARE_PATCH);
  const thresholdsV2 = patched(THRESHOLDS_PATCH);
  const [policy, budget] = sessionThresholds(s, sessionPolicy(s, scaledCaps), thresholdsV2);
  const fitBlock = scaledCaps && patched(STATE_BLOCK_FITS_PATCH);
  const byNeed = fitBlock && patched(ARCHIVE_BY_NEED_PATCH);
  const blockShare = byNeed && patched(STATE_BLOCK_SHARE_PATCH);
  const fillGoal = blockShare && patched(SUMMARY_FILLS_GOAL_PATCH);
  const withhold = fillGoal && patched(WITHHOLD_PATCH);
  const before = s.context.ledger.length;
  // a summary withheld for want of room shows again once there is room (nothing is planned for it)
  if (withhold && patched(WITHHOLD_V2_PATCH) && s.context.withheld?.length) s.restoreWithheld(budget);
  let force = request.force;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const options: Parameters<typeof planCompaction>[3] = { turn: s.turn };
    if (!inTurn) options.compat = 'v1';
    else if (!scaledCaps) options.fixedSummaryCap = true;
    else if (fitBlock) {
      options.fitStateBlock = true;
      if (byNeed) options.archiveByNeed = true;
      if (blockShare) options.stateBlockShare = true;
      if (blockShare && thresholdsV2) options.overflowGoalOfView = true;
      if (fillGoal) options.summaryFillsGoal = true;
      if (withhold) options.withhold = true;
    }
    if (force) options.force = force;
    if (request.focus !== undefined) options.focus = request.focus;
    if (request.pinnedOnly) options.pinnedOnly = true;
    const plan = planCompaction(s.context, budget, policy, options);
    if (!plan) break;
    s.setPhase({ kind: 'compacting', reason: plan.summarize?.strategy ?? 'tool-archive' });
    try {
      await applyPlan(s, plan);
    } catch (err) {
      // No acceptable summary: an automatic compaction lets the turn go on when the view (with
      // whatever archiving bought) still fits, instead of failing it; the retry after an
      // overflow then tells whether the provider accepts it.
      const rejected = err instanceof DurableContextError && err.type === FailureType.SummaryRejected;
      if (!inTurn || !rejected || request.force === 'manual' || s.historyTokens() > s.budget().hardLimit) throw err;
      log.warn('Compaction stopped without a summary; the view fits without one', { reason: err.message });
      break;
    }
    // A manual compaction runs one round; after an overflow every round is forced (the budget
    // is known to be wrong), so compaction goes as far as it can before the one retry.
    if (request.force === 'manual') break;
    if (force !== 'overflow' || !inTurn) force = undefined;
  }
  return s.context.ledger.slice(before);
}
