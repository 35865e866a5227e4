// Vendored from src/context at 5dd116e (before in-turn compaction): the reference the v1 compatibility mode must match.
/**
 * Planning a compaction: run the strategies in order over the current view and say what
 * to archive and what to summarize. Pure; the workflow then runs the summarizer (an
 * activity) and calls {@link applyCompaction}.
 */
import { archiveInView } from '../../../src/context/archive-view';
import type { ContextBudget } from '../../../src/context/budget';
import { CompactionNoProgressError } from '../../../src/context/errors';
import { cutPoints } from '../../../src/context/cut-points';
import { renderStateBlock, stateFacts } from '../../../src/context/facts';
import { currentTurn } from '../../../src/context/log';
import type { CompactionPolicy } from '../../../src/context/policy';
import { rangeSummaryStrategy } from './strategies/range-summary';
import { slidingWindowStrategy } from './strategies/sliding-window';
import { baseSummaryCap } from './strategies/strategy';
import type { CompactionStrategy, PlanContext, SummarizeStep } from './strategies/strategy';
import { summaryOfSummariesStrategy } from './strategies/summary-of-summaries';
import { toolArchiveStrategy } from './strategies/tool-archive';
import type {
  CompactionReason,
  CompactionStrategyName,
  ContextState,
  SeqRange,
  ViewEntry,
} from '../../../src/context/types';
import { buildPlacedView, viewTokens } from '../../../src/context/view';
import type { PlacedEntry } from '../../../src/context/view';

/** The strategies, in the order they run: specific and cheap first, broad last (docs/compaction.md). */
export const COMPACTION_STRATEGIES: readonly CompactionStrategy[] = [
  toolArchiveStrategy,
  slidingWindowStrategy,
  summaryOfSummariesStrategy,
  rangeSummaryStrategy,
];

/** Options of {@link planCompaction}. */
export interface PlanOptions {
  /** The turn being planned for; defaults to the log's latest turn. */
  turn?: number;
  /** Compact regardless of thresholds (and of `policy.enabled`): asked by a user, or after a provider overflow. */
  force?: 'manual' | 'overflow';
  /** Focus text of a manual compaction, for the summarizer and the ledger. */
  focus?: string;
}

/** The summarizing part of a plan: the input for the summarize activity. */
export interface SummarizePlan {
  strategy: Exclude<CompactionStrategyName, 'tool-archive'>;
  reason: CompactionReason;
  /** The seq range the summary will stand for. */
  range: SeqRange;
  /** The view entries the summary replaces, in order (the previous summary first when rolling). */
  input: ViewEntry[];
  inputTokens: number;
  /** The summary this one rolls up (reads and supersedes), if any. */
  previousSummarySeq?: number;
  /** Entries already summarized, given again for continuity (sliding-window overlap); not replaced. */
  context?: ViewEntry[];
  /** The deterministic state block; the summarize activity stores it verbatim inside the summary message. */
  stateBlock: string;
  /** Largest acceptable summary message, in tokens (state block included). */
  tokenCap: number;
  /** View tokens after the summary replaces `input`, if it uses its whole cap. */
  estimatedTokensAfter: number;
  focus?: string;
}

/** What to do now. At least one of `archive` (non-empty) and `summarize` is set. */
export interface CompactionPlan {
  turn: number;
  /** View tokens now. */
  tokensBefore: number;
  /** Tool-result seqs to replace by their digests. */
  archive: number[];
  /** View tokens once `archive` is applied. */
  tokensAfterArchive: number;
  summarize?: SummarizePlan;
}

/**
 * Plans the next compaction, or returns null when nothing needs doing. Call before every
 * model call; apply the plan, then plan again until null (the per-turn circuit breaker
 * bounds the loop).
 * @throws CompactionNoProgressError when the view exceeds the hard limit but the circuit
 * breaker (`maxCompactionsPerTurn` summaries this turn) forbids another summary.
 */
export function planCompaction(
  state: ContextState,
  budget: ContextBudget,
  policy: CompactionPolicy,
  options: PlanOptions = {},
): CompactionPlan | null {
  if (!policy.enabled && !options.force) return null;
  const turn = options.turn ?? currentTurn(state);
  let ctx = context(state, budget, policy, turn, options.force);
  const tokensBefore = ctx.tokens;
  let archive: number[] = [];
  let summarize: SummarizePlan | undefined;
  const breakerTripped = compactionsInTurn(state, turn) >= policy.maxCompactionsPerTurn;
  for (const strategy of COMPACTION_STRATEGIES) {
    const next = strategy.plan(ctx);
    if (next === null) continue;
    if (next.kind === 'archive') {
      archive = next.seqs;
      ctx = withArchived(ctx, archive);
      continue;
    }
    if (breakerTripped) break;
    summarize = summarizePlan(ctx, next, options.focus);
    if (summarize) break;
  }
  if (breakerTripped && ctx.tokens > budget.hardLimit) {
    throw new CompactionNoProgressError(
      `Circuit breaker: ${policy.maxCompactionsPerTurn} compactions in turn ${turn} and the view (${ctx.tokens} tokens) still exceeds the limit of ${budget.hardLimit}`,
      tokensBefore,
      ctx.tokens,
    );
  }
  if (!archive.length && !summarize) return null;
  const plan: CompactionPlan = { turn, tokensBefore, archive, tokensAfterArchive: ctx.tokens };
  if (summarize) plan.summarize = summarize;
  return plan;
}

/** Summarizing compactions recorded in `turn` (what the circuit breaker counts). */
export function compactionsInTurn(state: ContextState, turn: number): number {
  return state.ledger.filter((r) => r.turn === turn && r.summarySeq !== undefined).length;
}

function context(
  state: ContextState,
  budget: ContextBudget,
  policy: CompactionPolicy,
  turn: number,
  forced: PlanOptions['force'],
): PlanContext {
  const view = buildPlacedView(state);
  const ctx: PlanContext = {
    state,
    view,
    cuts: cutPoints(view),
    tokens: viewTokens(view),
    budget,
    policy,
    turn,
  };
  if (forced) ctx.forced = forced;
  return ctx;
}

/** The context once `seqs` are archived: the view is patched, not rebuilt, and the cut points are kept. */
function withArchived(ctx: PlanContext, seqs: number[]): PlanContext {
  const state = { ...ctx.state, archived: ctx.state.archived.concat(seqs) };
  return { ...ctx, state, ...archiveInView(ctx.view, ctx.tokens, seqs) };
}

function summarizePlan(ctx: PlanContext, step: SummarizeStep, focus: string | undefined): SummarizePlan | undefined {
  const end = Math.min(step.end, ctx.view.length);
  const first = ctx.view[step.start];
  const last = ctx.view[end - 1];
  if (end <= step.start || !first || !last) return undefined;
  // One pass for the entries and their tokens (no intermediate slice of placed entries).
  const input: ViewEntry[] = [];
  let inputTokens = 0;
  for (let i = step.start; i < end; i += 1) {
    const entry = (ctx.view[i] as PlacedEntry).entry;
    input.push(entry);
    inputTokens += entry.content.tokens;
  }
  const target = ctx.forced === 'overflow' ? Math.floor(ctx.budget.targetTokens / 2) : ctx.budget.targetTokens;
  const tokenCap = Math.min(baseSummaryCap(ctx.policy, target), inputTokens - 1);
  if (tokenCap < 1) return undefined;
  const plan: SummarizePlan = {
    strategy: step.strategy,
    reason: step.reason,
    range: { from: first.from, to: last.to },
    input,
    inputTokens,
    stateBlock: renderStateBlock(stateFacts(ctx.state)),
    tokenCap,
    estimatedTokensAfter: ctx.tokens - inputTokens + tokenCap,
  };
  if (first.entry.visibility === 'summary') plan.previousSummarySeq = first.entry.seq;
  if (step.context?.length) plan.context = step.context;
  if (focus !== undefined) plan.focus = focus;
  return plan;
}
