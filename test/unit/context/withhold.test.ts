/**
 * Withholding (PlanOptions.withhold): when the pinned content fits the hard limit but leaves less
 * room than a summary beside it, the history before it is withheld from the view — kept in the
 * log as a summary — instead of the call being refused, and the next summary of that history
 * reads it.
 */
import { describe, expect, it } from 'vitest';
import {
  applyCompaction,
  buildView,
  compactForContinueAsNew,
  CURRENT_PLAN_OPTIONS,
  decideCompaction,
  DurableContextError,
  planCompaction,
  restoreWithheld,
  resolvePolicy,
  summaryFloor,
  validateSummary,
  viewTokens,
  type CompactionPlan,
  type ContextState,
  type PlanOptions,
  type SummaryCandidate,
} from '../../../src/context';
import { assistant, budgetOf, build, counted, system, user } from './helpers';

const policy = resolvePolicy({ summaryTokenCap: 200, keepRecentTokens: 0 });
const budget = budgetOf(1_000, 0.9, 0.7);
const withhold = { ...CURRENT_PLAN_OPTIONS };
const without = { ...CURRENT_PLAN_OPTIONS, withhold: false };

function plan(s: ContextState, options = withhold): CompactionPlan | undefined {
  const d = decideCompaction(s, budget, policy, options);
  return d.kind === 'plan' ? d.plan : undefined;
}

/** A summary of `tokens` tokens (at least the plan's floor). */
function summaryFor(p: CompactionPlan, tokens = 0): SummaryCandidate {
  const t = Math.max(tokens, summaryFloor(p.summarize?.stateBlock ?? ''));
  return { content: counted(t), textTokens: t, finishReason: 'stop', summarizer: 'stub' };
}

/** Plans and applies until nothing is planned; the state after. */
function compact(s: ContextState, options: PlanOptions = withhold): ContextState {
  for (let round = 0; round < 8; round += 1) {
    const d = decideCompaction(s, budget, policy, options);
    if (d.kind !== 'plan') return s;
    const p = d.plan;
    s = applyCompaction(s, p, p.summarize ? summaryFor(p) : undefined);
    if (options.force) return s;
  }
  return s;
}

describe('withholding history no summary fits beside', () => {
  it('withholds a summary the window no longer has room for beside the request, where the call was refused', () => {
    // a summary and a request that fitted a window of 1,000, in a window made smaller (a configure
    // update, or a provider's refusal): the request and the system prompt still fit, not beside the summary
    let s = build([system(10), user(1, 200), assistant(1, 200), user(2, 700)]);
    s = compact(s, { ...withhold, force: 'manual' });
    const held = buildView(s).find((e) => e.visibility === 'summary')?.seq as number;
    expect(held).toBeDefined();
    const small = budgetOf(740, 0.9, 0.7);
    expect(viewTokens(buildView(s))).toBeGreaterThan(small.hardLimit);
    // without withholding, the summary is rewritten at its floor and the view is still over: refused
    const rewritten = planCompaction(s, small, policy, without)?.summarize;
    expect(rewritten?.estimatedTokensAfter).toBeGreaterThan(small.hardLimit);
    const p = planCompaction(s, small, policy, withhold) as CompactionPlan;
    expect(p.withhold).toEqual({ seqs: [held], reason: 'threshold' });
    expect(p.summarize).toBeUndefined();
    const after = applyCompaction(s, p);
    expect(viewTokens(buildView(after))).toBeLessThanOrEqual(small.hardLimit);
    expect(after.withheld).toEqual([held]);
    // the ledger says what was withheld, and what it freed
    const record = after.ledger.at(-1);
    expect(record).toMatchObject({ strategy: 'withhold', reason: 'threshold', withheld: [held] });
    expect(record?.tokensAfter).toBeLessThan(record?.tokensBefore as number);
  });

  it('summarizes a history of messages and withholds the summary as soon as it is written', () => {
    const s = build([system(10), user(1, 100), assistant(1, 100), user(2, 975)]);
    // without withholding, the summaries planned leave the view over the limit: the call is refused
    expect(viewTokens(buildView(compact(s, without)))).toBeGreaterThan(budget.hardLimit);
    const p = plan(s) as CompactionPlan;
    expect(p.summarize?.withhold).toBe(true);
    expect(p.summarize?.range).toEqual({ from: 1, to: 2 });
    // withheld, it takes no room: it need not be smaller than its input, only within its cap
    const large = summaryFor(p, 300);
    expect(large.content.tokens).toBeLessThanOrEqual(p.summarize?.tokenCap as number);
    expect(large.content.tokens).toBeGreaterThanOrEqual(p.summarize?.inputTokens as number);
    expect(validateSummary(p.summarize!, large)).toEqual({ ok: true });
    const after = applyCompaction(s, p, large);
    expect(buildView(after).map((e) => e.seq)).toEqual([0, 3]);
    expect(after.withheld).toEqual([after.nextSeq - 1]);
    expect(after.ledger.at(-1)).toMatchObject({ strategy: 'range-summary', withheld: [after.nextSeq - 1] });
  });

  it('the next summary of that history reads the withheld one and shows again', () => {
    let s = build([system(10), user(1, 200), assistant(1, 200), user(2, 975)]);
    s = compact(s);
    const held = s.withheld?.[0] as number;
    expect(held).toBeDefined();
    // the turn ends; the next request is small, so the history before it has room again
    s = build([assistant(2, 100), user(3, 50)], s);
    const p = plan(s) as CompactionPlan;
    expect(p.summarize?.previousSummarySeq).toBe(held);
    expect(p.summarize?.input[0]?.seq).toBe(held);
    expect(p.summarize?.range.from).toBe(1);
    expect(p.summarize?.withhold).toBeUndefined();
    const after = applyCompaction(s, p, summaryFor(p));
    expect(after.withheld).toEqual([]);
    const view = buildView(after);
    expect(view.filter((e) => e.visibility === 'summary').map((e) => e.seq)).toEqual([after.nextSeq - 1]);
    expect(viewTokens(view)).toBeLessThanOrEqual(budget.hardLimit);
  });

  it('withheld summaries are carried across continue-as-new', () => {
    let s = build([system(10), user(1, 200), assistant(1, 200), user(2, 975)]);
    s = compact(s);
    const carried = compactForContinueAsNew(s);
    expect(carried.withheld).toEqual(s.withheld);
    expect(carried.items.map((i) => i.seq)).toContain(s.withheld?.[0]);
    expect(buildView(carried)).toEqual(buildView(s));
  });

  it('nothing is withheld while a summary fits beside the pinned content', () => {
    const s = build([system(10), user(1, 200), assistant(1, 200), user(2, 700)]);
    const p = plan(s) as CompactionPlan;
    expect(p.withhold).toBeUndefined();
    expect(p.summarize?.withhold).toBeUndefined();
  });

  it('a pinned content over the limit is still refused: nothing to withhold can make it fit', () => {
    const s = build([system(10), user(1, 200), assistant(1, 200), user(2, 1_000)]);
    const p = plan(s);
    expect(p?.withhold).toBeUndefined();
    expect(p?.summarize?.withhold).toBeUndefined();
  });

  it('a plan that withholds what is no summary of the view is refused as stale; one already withheld is a no-op', () => {
    let s = build([system(10), user(1, 200), assistant(1, 200), user(2, 975)]);
    s = compact(s);
    const held = s.withheld?.[0] as number;
    const withholding = (seqs: number[]): CompactionPlan => ({
      turn: 2,
      tokensBefore: viewTokens(buildView(s)),
      archive: [],
      tokensAfterArchive: viewTokens(buildView(s)),
      withhold: { seqs, reason: 'threshold' },
    });
    expect(() => applyCompaction(s, withholding([1]))).toThrow(DurableContextError);
    expect(applyCompaction(s, withholding([held]))).toBe(s);
  });

  it('a withheld summary shows again once the view has room for it below the soft limit, not in the turn that withheld it', () => {
    let s = build([system(10), user(1, 200), assistant(1, 200), user(2, 975)]);
    s = compact(s);
    const held = s.withheld?.[0] as number;
    // the same turn: the request that left no room is still pinned
    expect(restoreWithheld(s, budget, 2)).toBe(s);
    // next turn, a small request: the large one is history now, and there is room
    s = build([assistant(2, 20)], s);
    const next = build([user(3, 10)], s);
    const room = budgetOf(3_000, 0.9, 0.7);
    const restored = restoreWithheld(next, room, 3);
    expect(restored.withheld).toEqual([]);
    expect(buildView(restored).map((e) => e.seq)).toContain(held);
    // no room below the soft limit: it stays withheld
    expect(restoreWithheld(next, budget, 3)).toBe(next);
  });

  it('a summary that reads withheld ones still shrinks the view: its cap is below what the view shows of its input', () => {
    let s = build([system(10), user(1, 200), assistant(1, 200), user(2, 975)]);
    s = compact(s);
    const held = s.withheld?.[0] as number;
    // a short exchange after it, then a request that puts the history under pressure again
    s = build([assistant(2, 30), user(3, 20), assistant(3, 30), user(4, 940)], s);
    const p = plan(s);
    // the withheld summary is read first, as the one the new summary rolls up
    expect(p?.summarize?.input[0]?.seq).toBe(held);
    expect(p?.summarize?.previousSummarySeq).toBe(held);
    const shownInput = (p?.summarize?.input ?? []).slice(1).reduce((n, e) => n + e.content.tokens, 0);
    expect(p?.summarize?.tokenCap).toBeLessThan(shownInput);
    // and applying whatever is planned, at its caps, never fails to shrink the view
    expect(() => compact(s)).not.toThrow();
  });
});
