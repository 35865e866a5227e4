/**
 * Running a compaction from the workflow: plan (pure), summarize (activity, with the
 * extractive fallback), validate (pure), apply (pure, one atomic step). A failed or
 * rejected summary never changes the state; only a validated one is applied.
 */
import { ActivityFailure, ApplicationFailure, log } from '@temporalio/workflow';
import { DurableContextError, FailureType } from '../context/errors';
import { planCompaction, type CompactionPlan, type SummarizePlan } from '../context/plan';
import { validateSummary, type SummaryCandidate } from '../context/summary-validation';
import type { CompactionRecord } from '../context/types';
import type { SummarizeInput, SummarizerChoice } from '../activities/types';
import type { SessionState } from './session-state';

/** Plan-and-apply rounds in one call: each round shrinks the view or the loop ends. */
const MAX_ROUNDS = 8;

/** How a compaction was asked for. */
export interface CompactionRequest {
  /** `manual` (the compact update) or `overflow` (the provider said the request was too long). */
  force?: 'manual' | 'overflow';
  focus?: string;
}

function summarizeInput(s: SessionState, plan: SummarizePlan, choice: SummarizerChoice): SummarizeInput {
  const entries = [...(plan.context ?? []), ...plan.input];
  const rolling = plan.previousSummarySeq !== undefined ? plan.input[0] : undefined;
  const input: SummarizeInput = {
    model: s.config.model,
    messages: entries.filter((e) => e !== rolling).map((e) => e.content.ref),
    stateBlock: plan.stateBlock,
    maxSummaryTokens: plan.tokenCap,
    summarizer: choice,
  };
  if (rolling) input.previousSummary = rolling.content.ref;
  if (plan.focus !== undefined) input.focus = plan.focus;
  return input;
}

/** Runs one summarizer; a failed activity or a rejected summary comes back as a reason, never a throw. */
async function trySummarizer(
  s: SessionState,
  plan: SummarizePlan,
  choice: SummarizerChoice,
): Promise<{ candidate: SummaryCandidate } | { rejection: string }> {
  let result;
  try {
    result = await s.activities.summarizer.summarize(summarizeInput(s, plan, choice));
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const cause = err.cause instanceof ApplicationFailure ? `${err.cause.type}: ${err.cause.message}` : err.message;
    return { rejection: `summarizer ${choice.kind} failed: ${cause}` };
  }
  const candidate: SummaryCandidate = {
    content: result.summary,
    textTokens: result.textTokens,
    finishReason: result.finishReason,
    summarizer: result.summarizer,
    preview: result.preview,
  };
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
  // Both summarizers failed: keep what archiving alone buys, and say why nothing more.
  if (plan.archive.length) s.applyCompaction({ ...plan, summarize: undefined });
  throw new DurableContextError(FailureType.SummaryRejected, `Compaction failed: ${outcome.rejection}`, {
    rejection: outcome.rejection,
  });
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
  const before = s.context.ledger.length;
  let force = request.force;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const options: Parameters<typeof planCompaction>[3] = { turn: s.turn };
    if (force) options.force = force;
    if (request.focus !== undefined) options.focus = request.focus;
    const plan = planCompaction(s.context, s.budget(), s.policy, options);
    if (!plan) break;
    s.setPhase({ kind: 'compacting', reason: plan.summarize?.strategy ?? 'tool-archive' });
    try {
      await applyPlan(s, plan);
    } catch (err) {
      // No acceptable summary: an automatic compaction lets the turn go on when the view (with
      // whatever archiving bought) still fits, instead of failing it; the retry after an
      // overflow then tells whether the provider accepts it.
      const rejected = err instanceof DurableContextError && err.type === FailureType.SummaryRejected;
      if (!rejected || request.force === 'manual' || s.historyTokens() > s.budget().hardLimit) throw err;
      log.warn('Compaction stopped without a summary; the view fits without one', { reason: err.message });
      break;
    }
    // A manual compaction runs one round; after an overflow every round is forced (the budget
    // is known to be wrong), so compaction goes as far as it can before the one retry.
    if (request.force === 'manual') break;
    if (force !== 'overflow') force = undefined;
  }
  return s.context.ledger.slice(before);
}
