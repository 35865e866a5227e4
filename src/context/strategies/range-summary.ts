/**
 * Range summarization: when the view reaches the soft threshold (or compaction is forced),
 * summarize a range of one compactable region (see src/context/regions.ts) — the history
 * before the current request, or the earlier steps of the current turn — never the pinned
 * entries: the system messages, the current request, the latest step. Rolling by default: the
 * range starts at the region's summary, so the new one reads (and supersedes) it.
 *
 * Normally the range keeps recent history by tokens, ends on a turn boundary when it can, and
 * prefers the history before the request (the running turn stays verbatim while that reaches
 * the goal). Under hard pressure — no such range brings the view under the limit — a whole
 * region is summarized, with a cap sized so that both regions together fit beside the pinned
 * content: at most two summaries bring the view under the limit whenever the pinned content
 * leaves room for two summary floors (docs/compaction.md, "The guarantee").
 */
import { viewShape, type ViewRegion, type ViewShape } from '../regions';
import type { PlacedEntry } from '../view';
import { rangeSummaryStrategyV1 } from './range-summary-v1';
import { baseSummaryCap, pressure, summaryCap } from './strategy';
import type { CompactionStrategy, PlanContext, Pressure, SummarizeStep } from './strategy';

/** A possible step and what it would leave. */
interface Candidate {
  step: SummarizeStep;
  /** View tokens once the summary replaces its range, at its whole cap. */
  estimatedAfter: number;
  /** Tokens of the range that are not summaries yet. */
  raw: number;
}

/** Summarizes part of the view down towards the goal, and under the limit whatever the pressure. */
export const rangeSummaryStrategy: CompactionStrategy = {
  name: 'range-summary',
  plan(ctx: PlanContext): SummarizeStep | null {
    if (ctx.compat === 'v1') return rangeSummaryStrategyV1.plan(ctx) as SummarizeStep | null;
    const { budget, tokens, forced } = ctx;
    const p = pressure(ctx);
    // Once the view reached the soft limit, compaction goes down to the goal: when archiving
    // alone does not get there, a summary follows (rather than compacting again a step later).
    if (!forced && (ctx.tokensBefore < budget.softLimit || tokens <= p.goal)) return null;
    const shape = viewShape(ctx.view);
    const soft = softCandidate(ctx, shape, p);
    if (tokens <= p.limit || (soft && soft.estimatedAfter <= p.limit)) return soft?.step ?? null;
    return hardStep(ctx, shape, p) ?? soft?.step ?? null;
  },
};

/** The usual step: the region before the request first, unless only the running turn can reach the goal or it holds more to condense. */
function softCandidate(ctx: PlanContext, shape: ViewShape, p: Pressure): Candidate | null {
  const suffix = suffixTokens(ctx.view);
  const found: Candidate[] = [];
  for (const region of shape.regions) {
    const c = regionCandidate(ctx, region, suffix, p.goal);
    if (c) found.push(c);
  }
  const [first, second] = found;
  if (!first || !second) return first ?? null;
  // `first` holds the history before the request: it alone reaching the goal keeps the turn
  // verbatim; else one summary that reaches it; else the region with more to condense.
  if (first.estimatedAfter <= p.goal) return first;
  if (second.estimatedAfter <= p.goal) return second;
  return second.raw > first.raw ? second : first;
}

/** The range of `region` that keeps the most recent history while reaching the goal, if any. */
function regionCandidate(ctx: PlanContext, region: ViewRegion, suffix: number[], goal: number): Candidate | null {
  const { view, cuts, policy, budget } = ctx;
  let start = region.start;
  if (!policy.rollingSummaries) {
    // Chained: right after the region's last summary.
    for (let i = region.end - 1; i >= region.start; i -= 1) {
      if (view[i]?.entry.visibility === 'summary') {
        start = i + 1;
        break;
      }
    }
  }
  let firstRaw = -1; // a range of summaries alone is not progress: it needs a raw entry
  for (let i = start; i < region.end; i += 1) {
    if (view[i]?.entry.visibility !== 'summary') {
      firstRaw = i;
      break;
    }
  }
  if (firstRaw < 0 || !cuts.safe[start]) return null;
  const maxCap = baseSummaryCap(policy, goal, !ctx.fixedSummaryCap);
  const keepRecent = Math.min(policy.keepRecentTokens, Math.floor(budget.historyBudget / 2));
  const prefix = at(suffix, 0) - at(suffix, start);
  const keepLimit = Math.min(keepRecent, goal - prefix - maxCap);
  let keepCut = -1;
  let turnCut = -1;
  let lastCut = -1;
  for (let c = firstRaw + 1; c <= region.end; c += 1) {
    if (!cuts.safe[c]) continue;
    lastCut = c;
    if (keepCut < 0 && at(suffix, c) <= keepLimit) keepCut = c;
    if (keepCut >= 0 && turnCut < 0 && cuts.turnStart[c]) turnCut = c;
  }
  const preferred = turnCut >= 0 ? turnCut : keepCut >= 0 ? keepCut : lastCut;
  for (const end of preferred === lastCut ? [lastCut] : [preferred, lastCut]) {
    if (end < 0) continue;
    const input = at(suffix, start) - at(suffix, end);
    const raw = rawTokens(view, start, end);
    // (what stays beside the summary: everything outside its input)
    const room = ctx.summaryFillsGoal ? goal - (ctx.tokens - input) : 0;
    const cap = summaryCap(ctx, Math.max(maxCap, room), input, raw);
    if (cap === null) continue;
    const step: SummarizeStep = {
      kind: 'summarize',
      strategy: 'range-summary',
      reason: ctx.forced ?? 'threshold',
      start,
      end,
      tokenCap: cap,
    };
    return { step, estimatedAfter: ctx.tokens - input + cap, raw };
  }
  return null;
}

/**
 * Under hard pressure: a whole region, with a cap that leaves room for the other one. Each
 * region gets a share of the room beside the pinned content (all of it when the other region
 * fits in half; else half each); the region most over its share goes first. After it, the
 * other region's share is large enough, so a second step ends the pressure.
 */
function hardStep(ctx: PlanContext, shape: ViewShape, p: Pressure): SummarizeStep | null {
  const room = p.limit - shape.pinnedTokens;
  const half = Math.floor(room / 2);
  const maxCap = baseSummaryCap(ctx.policy, p.goal, !ctx.fixedSummaryCap);
  let best: SummarizeStep | null = null;
  let bestExcess = 0;
  for (let i = 0; i < shape.regions.length; i += 1) {
    const region = shape.regions[i] as ViewRegion;
    const other = shape.regions.length === 2 ? shape.regions[1 - i] : undefined;
    const fair = other === undefined ? room : other.tokens <= half ? room - other.tokens : half;
    // When the pinned content leaves no room, still shrink every region to a floor (best effort).
    const share = Math.max(fair, ctx.summaryFloor);
    if (region.tokens <= share || !ctx.cuts.safe[region.start] || !ctx.cuts.safe[region.end]) continue;
    const cap = summaryCap(ctx, Math.min(maxCap, share), region.tokens, region.rawTokens, true);
    if (cap === null || region.tokens - share <= bestExcess) continue;
    bestExcess = region.tokens - share;
    best = {
      kind: 'summarize',
      strategy: 'range-summary',
      reason: ctx.forced ?? 'threshold',
      start: region.start,
      end: region.end,
      tokenCap: cap,
      hard: true,
    };
  }
  return best;
}

/** `suffix[c]`: tokens of the view from entry `c` to its end. */
function suffixTokens(view: readonly PlacedEntry[]): number[] {
  const suffix = new Array<number>(view.length + 1).fill(0);
  for (let i = view.length - 1; i >= 0; i -= 1) suffix[i] = at(suffix, i + 1) + (view[i]?.entry.content.tokens ?? 0);
  return suffix;
}

function rawTokens(view: readonly PlacedEntry[], start: number, end: number): number {
  let raw = 0;
  for (let i = start; i < end; i += 1) {
    const e = view[i]?.entry;
    if (e && e.visibility !== 'summary') raw += e.content.tokens;
  }
  return raw;
}

function at(a: readonly number[], i: number): number {
  return a[i] ?? 0;
}
