/**
 * Compaction inside the running turn (issue 8, items 1, 3 and 6): older steps of the turn are
 * archived and summarized at tool-pair-safe cuts, the request and the latest step stay, the
 * protection of recent results yields under hard pressure, overflow compacts harder, and a
 * compaction that would free nothing is never planned.
 */
import { describe, expect, it } from 'vitest';
import {
  applyCompaction,
  buildPlacedView,
  buildView,
  checkToolPairing,
  cutPoints,
  decideCompaction,
  planCompaction,
  resolvePolicy,
  viewShape,
  viewTokens,
  type ContextState,
  type NewLogItem,
} from '../../../src/context';
import { assistant, budgetOf, build, compactFully, summaryFor, system, tool, user } from './helpers';

/** `n` steps of the running turn: one call each, results of `tokens` (digest 40). */
function steps(turn: number, n: number, tokens: number, from = 0, digest: number | null = 40): NewLogItem[] {
  const out: NewLogItem[] = [];
  for (let i = from; i < from + n; i += 1)
    out.push(assistant(turn, 30, [`s${i}`]), tool(turn, `s${i}`, tokens, digest));
  return out;
}

const defaults = resolvePolicy();

describe('compaction inside the running turn', () => {
  it('the issue reproduction: 20,000 tokens of budget, one request, 10 steps of 2,100-token results', () => {
    const s = build([system(200), user(1, 60), ...steps(1, 10, 2_100)]);
    const budget = budgetOf(20_000);
    expect(viewTokens(buildView(s))).toBeGreaterThan(budget.hardLimit);
    const plan = planCompaction(s, budget, defaults);
    expect(plan).not.toBeNull();
    const { state } = compactFully(s, budget, defaults);
    const view = buildView(state);
    expect(viewTokens(view)).toBeLessThanOrEqual(budget.hardLimit);
    expect(checkToolPairing(view)).toEqual([]);
    // The request and the latest step are verbatim; the step keeps its full (truncated-on-arrival) result.
    expect(view.slice(0, 2).map((e) => [e.seq, e.visibility])).toEqual([
      [0, 'message'],
      [1, 'message'],
    ]);
    expect(view.slice(-2).map((e) => [e.seq, e.visibility])).toEqual([
      [20, 'message'],
      [21, 'tool_result'],
    ]);
  });

  it('summarizes earlier steps of the turn at safe cuts: never between a call and its results', () => {
    const parallel: NewLogItem[] = [];
    for (let i = 0; i < 12; i += 1) {
      const ids = [`p${i}a`, `p${i}b`, `p${i}c`];
      parallel.push(assistant(1, 30, ids), ...ids.map((id) => tool(1, id, 300, null)));
    }
    const s = build([system(50), user(1, 60), ...parallel]);
    const budget = budgetOf(8_000);
    const plan = planCompaction(s, budget, resolvePolicy({ keepRecentTokens: 1_000 }))!;
    const placed = buildPlacedView(s);
    const { safe } = cutPoints(placed);
    const start = placed.findIndex((p) => p.from === plan.summarize!.range.from);
    const end = placed.findIndex((p) => p.from > plan.summarize!.range.to);
    expect(placed[start]?.entry.role).toBe('assistant'); // after the request
    expect(safe[start] && safe[end]).toBe(true);
    expect(placed[end]?.entry.role).toBe('assistant');
    const after = applyCompaction(s, plan, summaryFor(plan));
    expect(checkToolPairing(buildView(after))).toEqual([]);
    expect(viewTokens(buildView(after))).toBeLessThanOrEqual(budget.targetTokens);
  });

  it('keeps the running turn verbatim while the history before it can reach the target', () => {
    const history: NewLogItem[] = [system(50)];
    for (let t = 1; t <= 10; t += 1) history.push(user(t, 200), assistant(t, 300));
    const s = build([...history, user(11, 60), ...steps(11, 3, 200)]);
    const plan = planCompaction(s, budgetOf(6_000), defaults)!;
    expect(plan.summarize!.range.to).toBeLessThan(21); // seq 21 is the request of turn 11
  });

  it('under hard pressure the protection of recent results yields, oldest first, never the latest step', () => {
    // Summaries cannot help (the cap is below any summary's floor): archiving must do it alone.
    const noSummaries = resolvePolicy({ summaryTokenCap: 1, summaryGoalShare: 0, toolResultsKeepRecent: 10 });
    const s = build([system(50), user(1, 60), ...steps(1, 6, 1_000)]);
    const budget = budgetOf(5_000);
    const plan = planCompaction(s, budget, noSummaries)!;
    expect(plan.summarize).toBeUndefined();
    const results = s.items.filter((i) => i.role === 'tool').map((i) => i.seq);
    // Oldest first, until the view reaches the target (2,500): the newest results stay, the latest step always.
    expect(plan.archive).toEqual(results.slice(0, 4));
    expect(plan.tokensAfterArchive).toBeLessThanOrEqual(budget.targetTokens);
    // Below the hard limit the 10 recent results stay protected.
    const calm = build([system(50), user(1, 60), ...steps(1, 3, 1_000)]);
    expect(planCompaction(calm, budgetOf(4_000), noSummaries)).toBeNull();
  });

  it('after a provider overflow, archives large results first and then summarizes, harder than usual', () => {
    const s = build([system(50), user(1, 60), ...steps(1, 8, 400)]);
    const budget = budgetOf(10_000); // our budget sees no pressure at all
    expect(planCompaction(s, budget, defaults)).toBeNull();
    const plan = planCompaction(s, budget, defaults, { force: 'overflow' })!;
    expect(plan.archive.length).toBeGreaterThan(0);
    expect(plan.summarize?.reason).toBe('overflow');
    let state: ContextState = applyCompaction(s, plan, summaryFor(plan));
    for (let round = 0; round < 5; round += 1) {
      const next = planCompaction(state, budget, defaults, { force: 'overflow' });
      if (!next) break;
      state = applyCompaction(state, next, next.summarize ? summaryFor(next) : undefined);
    }
    // As hard as it goes: the pinned content and one summary; nothing more to do.
    const view = buildView(state);
    expect(view.map((e) => e.visibility)).toEqual(['message', 'message', 'summary', 'message', 'tool_result']);
    expect(decideCompaction(state, budget, defaults, { force: 'overflow' })).toMatchObject({
      kind: 'nothing',
      reason: 'nothing-to-compact',
    });
  });
});

describe('a provider overflow when the configured window is far larger than the real one', () => {
  // The view (about 3,600 tokens) is below half the target of a 20,000-token budget: the provider
  // refused a view that the budget says is small.
  const s = build([system(50), user(1, 60), ...steps(1, 8, 400)]);
  const budget = budgetOf(20_000);
  const view = viewTokens(buildView(s));

  it('aims at half the view: archives the earlier results first, then summarizes the steps', () => {
    expect(view).toBeLessThan(budget.targetTokens / 2);
    const plan = planCompaction(s, budget, defaults, { force: 'overflow', overflowGoalOfView: true })!;
    // the oldest results, until the view is at the goal (the latest step's is never among them)
    const results = s.items.filter((i) => i.role === 'tool').map((i) => i.seq);
    expect(plan.archive.length).toBeGreaterThan(0);
    expect(plan.archive).toEqual(results.slice(0, plan.archive.length));
    expect(plan.archive).not.toContain(results.at(-1));
    expect(plan.archiveReason).toBe('overflow');
    expect(plan.summarize?.reason).toBe('overflow');
    const state: ContextState = applyCompaction(s, plan, summaryFor(plan));
    expect(viewTokens(buildView(state))).toBeLessThanOrEqual(Math.floor(view / 2));
    expect(checkToolPairing(buildView(state))).toEqual([]);
  });

  it('histories recorded before it plan against half the target, which the view is already under', () => {
    const plan = planCompaction(s, budget, defaults, { force: 'overflow' })!;
    expect(plan.archive).toEqual([]);
    expect(plan.summarize?.reason).toBe('overflow');
  });
});

describe('no empty compactions', () => {
  it('a manual compaction of a small session says there is nothing to compact, instead of a doomed summary', () => {
    const s = build([system(30), user(1, 20), assistant(1, 25), user(2, 20)]);
    expect(planCompaction(s, budgetOf(10_000), defaults, { force: 'manual' })).toBeNull();
    const decision = decideCompaction(s, budgetOf(10_000), defaults, { force: 'manual' });
    expect(decision).toMatchObject({ kind: 'nothing', reason: 'nothing-to-compact', tokens: 95, pinnedTokens: 50 });
    expect(decision.kind === 'nothing' && decision.message).toMatch(/^Nothing to compact/);
    expect(decideCompaction(s, budgetOf(10_000), defaults)).toMatchObject({ reason: 'below-threshold' });
    const off = resolvePolicy({ enabled: false });
    expect(decideCompaction(s, budgetOf(10_000), off)).toMatchObject({ reason: 'disabled' });
  });

  it('never plans a summary that frees less than half of what it newly condenses', () => {
    const s = build([system(30), ...steps(1, 0, 0), user(1, 20), assistant(1, 300), user(2, 20)]);
    const plan = planCompaction(s, budgetOf(10_000), defaults, { force: 'manual' })!;
    expect(plan.summarize!.inputTokens).toBe(320);
    expect(plan.summarize!.tokenCap).toBeLessThanOrEqual(160);
  });

  it('the pinned content is what the view shape says', () => {
    const s = build([system(30), user(1, 20), ...steps(1, 2, 100), assistant(1, 10, ['x'])]);
    const shape = viewShape(buildPlacedView(s));
    expect(shape).toMatchObject({ pinnedEnd: 1, request: 1, stepStart: 6, pinnedTokens: 60 });
    expect(shape.regions).toEqual([{ kind: 'current-turn', start: 2, end: 6, tokens: 260, rawTokens: 260 }]);
  });
});
