/**
 * Planning a compaction: run the strategies in order over the current view and say what
 * to archive and what to summarize. Pure; the workflow then runs the summarizer (an
 * activity) and calls {@link applyCompaction}.
 */
import { archiveInView } from './archive-view';
import type { ContextBudget } from './budget';
import { CompactionNoProgressError } from './errors';
import { cutPoints } from './cut-points';
import { renderStateBlock, stateFacts } from './facts';
import { currentTurn, itemBySeq } from './log';
import type { CompactionPolicy } from './policy';
import { rangeSummaryStrategy } from './strategies/range-summary';
import { slidingWindowStrategy } from './strategies/sliding-window';
import { baseSummaryCap, planGoal, pressure, summaryCap } from './strategies/strategy';
import type { CompactionStrategy, PlanContext, SummarizeStep } from './strategies/strategy';
import { summaryOfSummariesStrategy } from './strategies/summary-of-summaries';
import { toolArchiveStrategy } from './strategies/tool-archive';
import { fruitlessCompactions, summariesInTurn } from './breaker';
import { SUMMARY_FRAME_TOKENS, summaryFloor, viewShape, type ViewRegion } from './regions';
import type {
  CompactionReason,
  CompactionStrategyName,
  ContentRef,
  ContextState,
  LogItem,
  SeqRange,
  ViewEntry,
} from './types';
import { buildPlacedView, viewTokens } from './view';
import type { PlacedEntry } from './view';

/** The strategies, in the order they run: specific and cheap first, broad last. */
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
  /**
   * `v1`: plan exactly as releases up to 0.3.0 did — no compaction inside the running turn, no
   * yielding of recent results, no summary floor, a breaker counting summaries per turn — so
   * that a session replaying a history recorded before in-turn compaction issues the same
   * commands (the workflow passes it while `patched()` says the history predates the change).
   */
  compat?: 'v1';
  /**
   * Summary caps ignore `policy.summaryGoalShare`, as planners before it did: the workflow
   * passes it while `patched()` says the history predates scaled caps. Implied by `compat`.
   */
  fixedSummaryCap?: boolean;
  /**
   * Render the state block smaller when two summaries carrying it would not fit beside the
   * pinned content (a window too small for the whole block), instead of leaving the call to be
   * refused. Off for histories recorded before it: the workflow sets it under
   * `patched('state-block-fits-v1')` (src/workflows/compaction.ts).
   */
  fitStateBlock?: boolean;
  /**
   * An automatic compaction (`toolArchiveTrigger: 'threshold'`) archives the old tool results
   * that free the most first, and only until the view is down to the goal, instead of every old
   * result: a short output (an environment dump, a config file, a version list) stays verbatim
   * while archiving the large ones is enough. Off for histories recorded before it: the workflow
   * sets it under `patched('archive-by-need-v1')` (src/workflows/compaction.ts).
   */
  archiveByNeed?: boolean;
  /**
   * The state block takes at most a third of the largest summary cap ({@link STATE_BLOCK_CAP_SHARE}),
   * rendered smaller (commands, then failure lines, then files go first) when it would take more:
   * in a small window the whole block left a summary room for little else than the block. Off
   * for histories recorded before it: the workflow sets it under `patched('state-block-share-v1')`.
   */
  stateBlockShare?: boolean;
  /**
   * After a provider overflow the goal is half the smaller of the target and the view, not half
   * the target alone: the provider refused this view, so with a target near the configured
   * window (the default is 0.7 of it) a goal above the view planned nothing and the retry was
   * refused again. Off for histories recorded before it: the workflow sets it under
   * `patched('compaction-thresholds-v2')` (src/workflows/compaction.ts).
   */
  overflowGoalOfView?: boolean;
  /**
   * A range summary's cap is the room the goal leaves beside what stays (the pinned content and
   * the recent history kept verbatim) when that is more than the policy's cap: in a small window
   * the recent history kept is often a few hundred tokens, and a cap of half the goal left the
   * view at little more than half the goal after every compaction — room no summary used, facts
   * it could have kept. Off for histories recorded before it: the workflow sets it under
   * `patched('summary-fills-goal-v1')` (src/workflows/compaction.ts).
   */
  summaryFillsGoal?: boolean;
  /**
   * When the pinned content fits the limit but not with a summary floor beside it for every
   * compactable region (a request or step that takes nearly the whole window), withhold regions
   * from the view, oldest first — their summaries stay in the log and the next summary of that
   * history reads them — instead of leaving the call to be refused. Off for histories recorded
   * before it: the workflow sets it under `patched('withhold-summaries-v1')`.
   */
  withhold?: boolean;
  /**
   * Withhold every compactable region, whatever the budget says (with `force: 'overflow'`): the
   * provider refused a view already compacted as far as it goes, so the last retry sends the
   * pinned content alone. The workflow sets it under `patched('withhold-summaries-v2')`.
   */
  pinnedOnly?: boolean;
}

/**
 * The options a new session plans with (every `patched()` flag of src/workflows/compaction.ts
 * on): for the tools that plan outside a workflow — the history simulator and the benchmarks —
 * so that what they show is what a session started today does.
 */
export const CURRENT_PLAN_OPTIONS: Readonly<PlanOptions> = Object.freeze({
  fitStateBlock: true,
  archiveByNeed: true,
  stateBlockShare: true,
  overflowGoalOfView: true,
  summaryFillsGoal: true,
  withhold: true,
});

/** The largest share of a summary's cap its state block may take ({@link PlanOptions.stateBlockShare}). */
export const STATE_BLOCK_CAP_SHARE = 1 / 3;

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
  /** What that summary held back ({@link LogItem.reserve}), read with it. */
  previousReserve?: ContentRef;
  /** Entries already summarized, given again for continuity (sliding-window overlap); not replaced. */
  context?: ViewEntry[];
  /**
   * The summary is withheld from the view as soon as it is written ({@link ContextState.withheld}):
   * it stands for a region no summary fits beside the pinned content, so it need not be smaller
   * than its input, only within its cap.
   */
  withhold?: boolean;
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
  /**
   * Why the results are archived, for the ledger: `tool-age` (beyond the recent ones, or too
   * old), `threshold` (hard pressure: recent ones yielded too), `overflow`; default `tool-age`.
   */
  archiveReason?: CompactionReason;
  /** Summaries in the view to withhold from it, and why ({@link PlanOptions.withhold}). */
  withhold?: { seqs: number[]; reason: CompactionReason };
  summarize?: SummarizePlan;
}

/** Why no compaction is planned. */
export type NothingToCompactReason =
  /** Automatic compaction is off and none was asked for. */
  | 'disabled'
  /** The view is below the soft limit and no count-based trigger fired. */
  | 'below-threshold'
  /**
   * Compaction is due or was asked for, but everything outside the pinned content is already
   * as small as compaction makes it (digests, summaries, or too little to be worth a summary).
   */
  | 'nothing-to-compact';

/** The answer when there is nothing to do: why, in a sentence a user can read, and the figures. */
export interface NothingToCompact {
  kind: 'nothing';
  reason: NothingToCompactReason;
  message: string;
  /** View tokens now. */
  tokens: number;
  /** Tokens of the pinned content (leading system messages, current request, latest step). */
  pinnedTokens: number;
}

/** What {@link decideCompaction} answers: a plan, or why there is none. */
export type CompactionDecision = { kind: 'plan'; plan: CompactionPlan } | NothingToCompact;

/**
 * Plans the next compaction, or returns null when nothing needs doing (see
 * {@link decideCompaction} for why). Call before every model call; apply the plan, then plan
 * again until null.
 * @throws CompactionNoProgressError from the circuit breaker (see {@link decideCompaction}).
 */
export function planCompaction(
  state: ContextState,
  budget: ContextBudget,
  policy: CompactionPolicy,
  options: PlanOptions = {},
): CompactionPlan | null {
  const decision = decideCompaction(state, budget, policy, options);
  return decision.kind === 'plan' ? decision.plan : null;
}

/**
 * Decides the next compaction: a plan, or why there is none. A plan always frees tokens: it
 * archives tool results whose digest is smaller, and/or summarizes a range with a cap below
 * its input that a summarizer can meet — so a compaction that would free nothing is never
 * planned, and a manual one with nothing to do gets `nothing-to-compact` instead of a
 * summary that validation would reject.
 *
 * The guarantee (docs/compaction.md): whenever the pinned content — leading system messages,
 * the current request, the latest assistant message with its results — plus one summary
 * floor per compactable region fits the hard limit, repeated plan → apply reaches the hard
 * limit (in at most two summarizing plans once over it), provided the summaries meet their caps, the
 * policy's summary cap is at least the floor, and `maxCompactionsPerTurn` ≥ 2.
 *
 * Circuit breaker: summarizing compactions that leave the view above the hard limit are
 * "fruitless"; once `maxCompactionsPerTurn` of them follow each other in a turn, no further
 * summary is planned in that turn. Compactions that bring the view under the limit reset the
 * count, so a turn of hundreds of steps may compact as often as it needs to.
 * @throws CompactionNoProgressError when the view exceeds the hard limit but the circuit
 * breaker forbids another summary.
 */
export function decideCompaction(
  state: ContextState,
  budget: ContextBudget,
  policy: CompactionPolicy,
  options: PlanOptions = {},
): CompactionDecision {
  const turn = options.turn ?? currentTurn(state);
  let ctx = context(
    state,
    budget,
    policy,
    turn,
    options.force,
    options.fitStateBlock === true,
    options.stateBlockShare === true,
    options.overflowGoalOfView === true && options.compat !== 'v1',
  );
  if (options.compat === 'v1') ctx.compat = 'v1';
  if (options.compat === 'v1' || options.fixedSummaryCap) ctx.fixedSummaryCap = true;
  if (options.archiveByNeed && options.compat !== 'v1') ctx.archiveByNeed = true;
  if (options.summaryFillsGoal && options.compat !== 'v1') ctx.summaryFillsGoal = true;
  const tokensBefore = ctx.tokens;
  if (!policy.enabled && !options.force) return nothing(ctx, 'disabled');
  const { limit } = pressure(ctx);
  let archive: number[] = [];
  let archiveReason: CompactionReason | undefined;
  let summarize: SummarizePlan | undefined;
  const v1 = options.compat === 'v1';
  const fruitless = v1 ? summariesInTurn(state, turn) : fruitlessCompactions(state, turn, budget.hardLimit);
  const breakerTripped = fruitless >= policy.maxCompactionsPerTurn;
  for (const strategy of COMPACTION_STRATEGIES) {
    // Over the limit, only the budget-driven strategies run: count-triggered summaries would
    // spend rounds (and the breaker's patience) without aiming at the budget.
    const countTriggered = strategy.name === 'sliding-window' || strategy.name === 'summary-of-summaries';
    if (!v1 && ctx.tokens > limit && countTriggered) continue;
    const next = strategy.plan(ctx);
    if (next === null) continue;
    if (next.kind === 'archive') {
      archive = next.seqs;
      archiveReason = next.reason;
      ctx = withArchived(ctx, archive);
      continue;
    }
    if (breakerTripped) break;
    summarize = summarizePlan(ctx, next, options.focus);
    if (summarize) break;
  }
  let withhold: number[] = [];
  let tokensAfter = ctx.tokens;
  const short =
    (options.withhold || options.pinnedOnly) && !v1 ? withholdStep(ctx, !breakerTripped, options.pinnedOnly) : null;
  if (short) {
    // no summary of the regions fits beside the pinned content: what the strategies planned would
    // leave the view over the limit, so withhold regions instead (the summary of one written first)
    withhold = short.seqs;
    tokensAfter = short.tokensAfter;
    summarize = short.step ? summarizePlan(ctx, short.step, options.focus) : undefined;
  }
  if (breakerTripped && tokensAfter > budget.hardLimit) {
    throw new CompactionNoProgressError(
      `Circuit breaker: ${fruitless} compactions in a row in turn ${turn} left the view above the limit of ` +
        `${budget.hardLimit} tokens (now ${ctx.tokens})`,
      tokensBefore,
      ctx.tokens,
    );
  }
  if (!archive.length && !withhold.length && !summarize) {
    const below = !options.force && tokensBefore < budget.softLimit;
    return nothing(ctx, below ? 'below-threshold' : 'nothing-to-compact');
  }
  const plan: CompactionPlan = { turn, tokensBefore, archive, tokensAfterArchive: ctx.tokens };
  if (archive.length && archiveReason !== undefined && archiveReason !== 'tool-age') plan.archiveReason = archiveReason;
  if (withhold.length) plan.withhold = { seqs: withhold, reason: options.force ?? 'threshold' };
  if (summarize) plan.summarize = summarize;
  return { kind: 'plan', plan };
}

function nothing(ctx: PlanContext, reason: NothingToCompactReason): NothingToCompact {
  const { pinnedTokens } = viewShape(ctx.view);
  const messages: Record<NothingToCompactReason, string> = {
    disabled: 'Automatic compaction is disabled',
    'below-threshold': `The view (${ctx.tokens} tokens) is below the compaction threshold of ${ctx.budget.softLimit}`,
    'nothing-to-compact':
      `Nothing to compact: of the view's ${ctx.tokens} tokens, ${pinnedTokens} are pinned (system messages, ` +
      'the current request, the latest step) and the rest is already as small as compaction makes it',
  };
  return { kind: 'nothing', reason, message: messages[reason], tokens: ctx.tokens, pinnedTokens };
}

function context(
  state: ContextState,
  budget: ContextBudget,
  policy: CompactionPolicy,
  turn: number,
  forced: PlanOptions['force'],
  fitStateBlock = false,
  blockShare = false,
  overflowOfView = false,
): PlanContext {
  const view = buildPlacedView(state);
  const facts = stateFacts(state);
  let stateBlock = renderStateBlock(facts);
  const tokens = viewTokens(view);
  const goal = planGoal(budget, tokens, forced, overflowOfView);
  let most = Infinity;
  if (fitStateBlock) {
    // two summaries (one per compactable region) must fit beside the pinned content, and a summary
    // within its largest cap (half the goal): in a window too small for that, the block is
    // rendered smaller rather than the call refused
    const room = budget.hardLimit - viewShape(view).pinnedTokens;
    most = Math.min(Math.floor(room / 2), Math.floor(goal / 2)) - SUMMARY_FRAME_TOKENS;
  }
  // and it leaves the summary's body two thirds of the largest cap
  if (blockShare) most = Math.min(most, Math.floor(baseSummaryCap(policy, goal, true) * STATE_BLOCK_CAP_SHARE));
  if (most < Infinity && summaryFloor(stateBlock) > most) stateBlock = renderStateBlock(facts, Math.max(0, most * 3));
  const ctx: PlanContext = {
    state,
    view,
    cuts: cutPoints(view),
    tokens,
    tokensBefore: tokens,
    budget,
    policy,
    turn,
    stateBlock,
    summaryFloor: summaryFloor(stateBlock),
  };
  if (forced) ctx.forced = forced;
  if (overflowOfView) ctx.overflowGoalOfView = true;
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
  // the withheld summaries the new one supersedes (right before the range, or inside it): read in place
  const held = withheldWithin(ctx, step.start, last.to);
  // One pass for the entries and their tokens (no intermediate slice of placed entries).
  const input: ViewEntry[] = [];
  let inputTokens = 0;
  let shown = 0;
  let raw = 0;
  let h = 0;
  for (let i = step.start; i < end; i += 1) {
    const placed = ctx.view[i] as PlacedEntry;
    for (; h < held.length && (held[h]?.covers as SeqRange).from < placed.from; h += 1) {
      const s = held[h] as LogItem;
      input.push({ seq: s.seq, role: s.role, visibility: 'summary', content: s.content });
      inputTokens += s.content.tokens;
    }
    const entry = placed.entry;
    input.push(entry);
    inputTokens += entry.content.tokens;
    shown += entry.content.tokens;
    if (entry.visibility !== 'summary') raw += entry.content.tokens;
  }
  const maxCap = step.tokenCap ?? baseSummaryCap(ctx.policy, pressure(ctx).goal, !ctx.fixedSummaryCap);
  let tokenCap = step.withhold
    ? maxCap
    : ctx.compat === 'v1'
      ? Math.min(baseSummaryCap(ctx.policy, pressure(ctx).goal), inputTokens - 1)
      : summaryCap(ctx, maxCap, inputTokens, raw, step.hard);
  // (shown, the summary must still be smaller than what the view shows of its input: the withheld
  // summaries it reads take no room now)
  if (held.length && !step.withhold && tokenCap !== null) {
    tokenCap = Math.min(tokenCap, shown - 1);
    if (tokenCap < ctx.summaryFloor) return undefined;
  }
  if (tokenCap === null || tokenCap < 1) return undefined;
  const opening = input[0] as ViewEntry;
  const plan: SummarizePlan = {
    strategy: step.strategy,
    reason: step.reason,
    range: { from: Math.min(first.from, (held[0]?.covers as SeqRange | undefined)?.from ?? first.from), to: last.to },
    input,
    inputTokens,
    stateBlock: ctx.stateBlock,
    tokenCap,
    estimatedTokensAfter: ctx.tokens - shown + (step.withhold ? 0 : tokenCap),
  };
  if (opening.visibility === 'summary') {
    plan.previousSummarySeq = opening.seq;
    const reserve = itemBySeq(ctx.state.items, opening.seq)?.reserve;
    if (reserve !== undefined) plan.previousReserve = reserve;
  }
  if (step.withhold) plan.withhold = true;
  if (step.context?.length) plan.context = step.context;
  if (focus !== undefined) plan.focus = focus;
  return plan;
}

/**
 * The withheld summaries ({@link ContextState.withheld}) a summary of the view from entry `start`
 * to seq `to` stands for: those after the entry before `start` (nothing between them shows) and
 * within `to`, by position. Superseded by the new summary, they are read by it.
 */
function withheldWithin(ctx: PlanContext, start: number, to: number): LogItem[] {
  const seqs = ctx.state.withheld;
  if (!seqs?.length) return [];
  const after = start > 0 ? (ctx.view[start - 1] as PlacedEntry).to : -1;
  const held: LogItem[] = [];
  for (const seq of seqs) {
    const s = itemBySeq(ctx.state.items, seq);
    if (s?.covers !== undefined && s.covers.from > after && s.covers.to < to) held.push(s);
  }
  return held.sort((a, b) => (a.covers as SeqRange).from - (b.covers as SeqRange).from);
}

/**
 * Under a pinned content that leaves room for less than a summary floor per compactable region
 * (but fits the limit itself; a region counts whole when the largest cap is below the floor):
 * the regions to withhold from the view, oldest first, until the others' floors fit — a region of summaries alone by withholding them, one of raw entries by a
 * summary withheld as soon as it is written (one per plan; not when the breaker forbids
 * summaries). Null when the strategies' summaries can reach the limit, or nothing can.
 */
function withholdStep(
  ctx: PlanContext,
  summaries: boolean,
  all = false,
): { seqs: number[]; tokensAfter: number; step?: SummarizeStep } | null {
  const p = pressure(ctx);
  const shape = viewShape(ctx.view);
  if (all) {
    // (the last resort after a provider's refusals: every region goes, the pinned content alone is sent)
    if (shape.pinnedTokens > ctx.budget.hardLimit) return null;
  } else if (ctx.tokens <= p.limit || shape.pinnedTokens > p.limit) return null;
  const cap = baseSummaryCap(ctx.policy, p.goal, !ctx.fixedSummaryCap);
  // (with a cap below the floor no summary can be written: a region stays whole or is withheld)
  const least = (r: ViewRegion): number => (ctx.summaryFloor <= cap ? Math.min(r.tokens, ctx.summaryFloor) : r.tokens);
  let need = shape.pinnedTokens;
  for (const r of shape.regions) need += least(r);
  if (!all && need <= p.limit) return null;
  const seqs: number[] = [];
  let tokensAfter = ctx.tokens;
  let step: SummarizeStep | undefined;
  for (const region of shape.regions) {
    if (!all && need <= p.limit) break;
    need -= least(region);
    if (region.rawTokens === 0) {
      for (let i = region.start; i < region.end; i += 1) {
        const entry = (ctx.view[i] as PlacedEntry).entry;
        seqs.push(entry.seq);
        tokensAfter -= entry.content.tokens;
      }
    } else if (summaries && step === undefined && ctx.cuts.safe[region.start] && ctx.cuts.safe[region.end]) {
      // (withheld, the summary takes no room in the view: it may keep as much as any summary)
      step = {
        kind: 'summarize',
        strategy: 'range-summary',
        reason: ctx.forced ?? 'threshold',
        start: region.start,
        end: region.end,
        tokenCap: Math.max(ctx.summaryFloor, cap),
        hard: true,
        withhold: true,
      };
      tokensAfter -= region.tokens;
    }
  }
  return seqs.length || step ? { seqs, tokensAfter, ...(step ? { step } : {}) } : null;
}
