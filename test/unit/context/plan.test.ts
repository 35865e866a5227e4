import { describe, expect, it } from 'vitest';
import {
  CompactionNoProgressError,
  STATE_BLOCK_CAP_SHARE,
  STATE_BLOCK_HEADER,
  applyCompaction,
  buildView,
  checkToolPairing,
  planCompaction,
  resolvePolicy,
  summaryFloor,
  viewTokens,
  type ContextState,
  type NewLogItem,
} from '../../../src/context';
import { summarizeInput } from '../../../src/workflows/summarize-input';
import { assistant, budgetOf, build, compactFully, summaryFor, system, tool, user } from './helpers';

/** `turns` turns of user (t) + assistant (t) tokens each, after a system prompt. */
function conversation(turns: number, t = 50): NewLogItem[] {
  const items: NewLogItem[] = [system(20)];
  for (let i = 1; i <= turns; i += 1) items.push(user(i, t), assistant(i, t));
  return items;
}

const policy = resolvePolicy({ keepRecentTokens: 200, summaryTokenCap: 60 });

describe('planCompaction: tool-result archiving', () => {
  const toolTurn = (turn: number, n: number): NewLogItem[] => {
    const ids = Array.from({ length: n }, (_, i) => `t${turn}-${i}`);
    return [user(turn, 10), assistant(turn, 10, ids), ...ids.map((id) => tool(turn, id, 100, 5)), assistant(turn, 10)];
  };

  it('archives results beyond the most recent N, oldest first, and only those', () => {
    const s = build([...toolTurn(1, 6), ...toolTurn(2, 6)]);
    const plan = planCompaction(
      s,
      budgetOf(100_000),
      resolvePolicy({ toolResultsKeepRecent: 10, toolArchiveTrigger: 'always' }),
    )!;
    expect(plan.archive).toEqual([2, 3]);
    expect(plan.summarize).toBeUndefined();
    expect(plan.tokensBefore - plan.tokensAfterArchive).toBe(2 * 95);
  });

  it('archives results older than K turns', () => {
    const s = build([...toolTurn(1, 2), ...toolTurn(2, 1), ...toolTurn(3, 1), user(4, 10)]);
    const plan = planCompaction(
      s,
      budgetOf(100_000),
      resolvePolicy({ toolResultsKeepRecent: 100, toolResultMaxAgeTurns: 2, toolArchiveTrigger: 'always' }),
    );
    expect(plan?.archive).toEqual([2, 3, 7]); // turns 1 and 2 (4 - 2 = 2 turns old); turn 3 stays
  });

  it('never archives the latest call group (the model has not read it yet) nor results without a smaller digest', () => {
    const s = build([user(1), assistant(1, 10, ['a', 'b', 'c']), tool(1, 'a'), tool(1, 'b', 3, 5), tool(1, 'c')]);
    expect(
      planCompaction(s, budgetOf(100_000), resolvePolicy({ toolResultsKeepRecent: 0, toolArchiveTrigger: 'always' })),
    ).toBeNull();
    const s2 = build([assistant(1, 10, ['d']), tool(1, 'd')], s);
    expect(
      planCompaction(s2, budgetOf(100_000), resolvePolicy({ toolResultsKeepRecent: 0, toolArchiveTrigger: 'always' }))
        ?.archive,
    ).toEqual([2, 4]);
  });

  it('by default waits for the soft threshold, so the prompt prefix stays stable between compactions', () => {
    const s = build([...toolTurn(1, 6), ...toolTurn(2, 6)]);
    const policy = resolvePolicy({ toolResultsKeepRecent: 10 });
    expect(policy.toolArchiveTrigger).toBe('threshold');
    expect(planCompaction(s, budgetOf(100_000), policy)).toBeNull();
    const tokens = viewTokens(buildView(s));
    // A budget whose soft limit (0.8) the view has just reached: now the same results are archived.
    const plan = planCompaction(s, budgetOf(Math.ceil(tokens / 0.8)), policy);
    expect(plan?.archive).toEqual([2, 3]);
  });
});

describe('planCompaction: archiving by need (archiveByNeed)', () => {
  // a turn of 8 steps, one result each of the given sizes (tool results at seqs 3, 5, … 17), then
  // a step of the next turn (its result is fresh: never archived)
  const session = (sizes: number[]) =>
    build([
      system(20),
      user(1, 10),
      ...sizes.flatMap((size, i) => [assistant(1, 10, [`c${i}`]), tool(1, `c${i}`, size, 5)]),
      assistant(1, 10),
      user(2, 10),
      assistant(2, 10, ['z']),
      tool(2, 'z', 8, 5),
    ]);
  const sizes = [60, 900, 40, 700, 50, 800, 30, 45];
  const policy = resolvePolicy({ toolResultsKeepRecent: 0 });

  it('archives the results that free the most first, only down to the goal; short outputs stay verbatim', () => {
    const s = session(sizes);
    const tokens = viewTokens(buildView(s));
    const budget = budgetOf(Math.ceil(tokens / 0.8)); // the soft limit just reached; goal: half the budget
    const all = planCompaction(s, budget, policy)!;
    expect(all.archive).toHaveLength(8); // every old result, as before
    const byNeed = planCompaction(s, budget, policy, { archiveByNeed: true })!;
    // the two largest (seqs 5 and 13) reach the goal; the other six are not touched
    expect(byNeed.archive).toEqual([5, 13]);
    expect(byNeed.tokensAfterArchive).toBeLessThanOrEqual(budget.targetTokens);
    expect(byNeed.summarize).toBeUndefined();
    // the fewest needed: without the last one taken, the view would still be above the goal
    expect(byNeed.tokensAfterArchive + (800 - 5)).toBeGreaterThan(budget.targetTokens);
  });

  it('archives every old result when even all of them do not reach the goal, or when compaction is forced', () => {
    const s = session(sizes);
    const tokens = viewTokens(buildView(s));
    // a goal below what is left once every result is a digest
    const tight = planCompaction(s, budgetOf(300), policy, { archiveByNeed: true })!;
    expect(tight.archive).toEqual([3, 5, 7, 9, 11, 13, 15, 17]);
    const loose = budgetOf(Math.ceil(tokens / 0.8));
    expect(planCompaction(s, loose, policy, { archiveByNeed: true, force: 'manual' })?.archive).toHaveLength(8);
  });

  it("leaves the 'always' trigger and plans of histories before it (compat v1) as they were", () => {
    const s = session(sizes);
    const tokens = viewTokens(buildView(s));
    const budget = budgetOf(Math.ceil(tokens / 0.8));
    const always = resolvePolicy({ toolResultsKeepRecent: 0, toolArchiveTrigger: 'always' });
    expect(planCompaction(s, budget, always, { archiveByNeed: true })?.archive).toHaveLength(8);
    expect(planCompaction(s, budget, policy, { archiveByNeed: true, compat: 'v1' })?.archive).toHaveLength(8);
  });
});

describe('planCompaction: the state block within a third of the summary cap (stateBlockShare)', () => {
  // 40 commands, each on its own file: a state block of files and commands far larger than a
  // small window's summary
  const session = (resultTokens = 60) =>
    build([
      system(20),
      user(1, 40),
      ...Array.from({ length: 40 }, (_, i) => [
        assistant(1, 30, [`k${i}`], {
          command: `grep -rn "handlerNumber${i}" services/billing/src/module${i}/index.ts`,
        }),
        tool(1, `k${i}`, resultTokens, 5),
      ]).flat(),
      assistant(1, 30),
      user(2, 40),
    ]);
  const policy = resolvePolicy({ toolResultsKeepRecent: 2, keepRecentTokens: 100 });

  it('renders the block smaller in a small window, so the summary keeps room for its body', () => {
    const s = session();
    const budget = budgetOf(Math.ceil(viewTokens(buildView(s)) / 1.6));
    const before = planCompaction(s, budget, policy, { fitStateBlock: true })!.summarize!;
    const after = planCompaction(s, budget, policy, { fitStateBlock: true, stateBlockShare: true })!.summarize!;
    expect(summaryFloor(before.stateBlock)).toBeGreaterThan(before.tokenCap * STATE_BLOCK_CAP_SHARE);
    expect(summaryFloor(after.stateBlock)).toBeLessThanOrEqual(after.tokenCap * STATE_BLOCK_CAP_SHARE + 16);
    // the goal and the latest request stay; commands go first
    expect(after.stateBlock).toContain('Goal: request 1');
    expect(after.stateBlock).not.toContain('Commands:');
    expect(before.stateBlock).toContain('Commands:');
  });

  it('leaves the block whole where it takes less than a third of the cap', () => {
    const s = session(3_000); // a window of some 100k tokens: a summary cap in the tens of thousands
    const budget = budgetOf(Math.ceil(viewTokens(buildView(s)) / 0.85));
    const before = planCompaction(s, budget, policy, { fitStateBlock: true, force: 'manual' })!.summarize!;
    const after = planCompaction(s, budget, policy, {
      fitStateBlock: true,
      stateBlockShare: true,
      force: 'manual',
    })!.summarize!;
    expect(after.stateBlock).toContain('Commands:');
    expect(after.stateBlock).toBe(before.stateBlock);
  });
});

describe('planCompaction: a range summary fills the room the goal leaves (summaryFillsGoal)', () => {
  // a small window: an autonomous turn of small steps, the recent history kept a few hundred tokens
  const session = () =>
    build([
      system(20),
      user(1, 40),
      ...Array.from({ length: 30 }, (_, i) => [assistant(1, 30, [`s${i}`]), tool(1, `s${i}`, 40, 5)]).flat(),
      assistant(1, 30),
      user(2, 30),
    ]);
  const small = resolvePolicy({ toolResultsKeepRecent: 2 });

  it('takes the goal less what stays, where half the goal would leave the view far below it', () => {
    const s = session();
    const budget = budgetOf(Math.ceil(viewTokens(buildView(s)) / 0.95));
    const half = planCompaction(s, budget, small, { fitStateBlock: true, stateBlockShare: true })!;
    const fill = planCompaction(s, budget, small, {
      fitStateBlock: true,
      stateBlockShare: true,
      summaryFillsGoal: true,
    })!;
    expect(half.summarize!.tokenCap).toBeLessThanOrEqual(Math.floor(budget.targetTokens / 2));
    expect(fill.summarize!.tokenCap).toBeGreaterThan(half.summarize!.tokenCap);
    // the same range: only the cap moves, and the view at the whole cap stays within the goal
    expect(fill.summarize!.range).toEqual(half.summarize!.range);
    expect(fill.summarize!.estimatedTokensAfter).toBeLessThanOrEqual(budget.targetTokens);
    expect(fill.summarize!.tokenCap).toBeLessThan(fill.summarize!.inputTokens);
  });
});

describe('planCompaction: range summarization', () => {
  it('does nothing below the soft threshold', () => {
    const s = build(conversation(5)); // 520 tokens
    expect(planCompaction(s, budgetOf(1000), policy)).toBeNull();
  });

  it('summarizes the oldest range up to a turn boundary, keeps the latest request, reaches the target', () => {
    const s = build([...conversation(8), user(9, 50)]); // 20 + 800 + 50 = 870 ≥ 800
    const budget = budgetOf(1000);
    const plan = planCompaction(s, budget, policy);
    const sum = plan?.summarize;
    expect(sum?.strategy).toBe('range-summary');
    expect(sum?.reason).toBe('threshold');
    expect(sum?.range.from).toBe(1); // the system prompt is pinned
    expect(sum?.input[0]?.role).toBe('user');
    const view = buildView(s);
    const keptFrom = view.findIndex((e) => e.seq > sum!.range.to);
    expect(view[keptFrom]?.role).toBe('user'); // turn boundary
    expect(sum!.range.to).toBeLessThan(17); // the latest user message (seq 17) is never summarized
    expect(sum!.estimatedTokensAfter).toBeLessThanOrEqual(budget.targetTokens);
    expect(sum!.stateBlock.startsWith(STATE_BLOCK_HEADER)).toBe(true);
    expect(sum!.stateBlock).toContain('request 1');

    const after = applyCompaction(s, plan!, summaryFor(plan!));
    expect(viewTokens(buildView(after))).toBeLessThanOrEqual(budget.targetTokens);
    expect(after.items.slice(0, s.items.length)).toEqual(s.items);
  });

  it('clamps keepRecentTokens to half the budget', () => {
    const s = build([...conversation(8), user(9, 50)]);
    const huge = resolvePolicy({ keepRecentTokens: 1_000_000, summaryTokenCap: 60, target: 0.79 });
    const plan = planCompaction(s, budgetOf(1000), huge);
    const kept = viewTokens(buildView(s).filter((e) => e.seq > plan!.summarize!.range.to));
    expect(kept).toBeLessThanOrEqual(500);
    expect(kept).toBeGreaterThan(0);
  });

  /** `s` with the rest of turn 9 and six more turns: enough for a second summary. */
  const continued = (s: ReturnType<typeof build>) =>
    build(
      [
        assistant(9, 50),
        ...conversation(6)
          .slice(1)
          .map((i) => ({ ...i, turn: i.turn + 9 })),
      ],
      s,
    );

  it('rolls: the next summary reads the previous one and supersedes it', () => {
    let s = build([...conversation(8), user(9, 50)]);
    const budget = budgetOf(1000);
    const first = planCompaction(s, budget, policy)!;
    s = applyCompaction(s, first, summaryFor(first));
    s = continued(s);
    const second = planCompaction(s, budget, policy)!;
    expect(second.summarize?.previousSummarySeq).toBe(first.summarize && s.ledger[0]?.summarySeq);
    expect(second.summarize?.input[0]?.visibility).toBe('summary');
    s = applyCompaction(s, second, summaryFor(second));
    expect(buildView(s).filter((e) => e.visibility === 'summary')).toHaveLength(1);
  });

  it('rolls what the previous summary held back into the next one (and the input says so)', () => {
    let s = build([...conversation(8), user(9, 50)]);
    const budget = budgetOf(1000);
    const first = planCompaction(s, budget, policy)!;
    expect(first.summarize?.previousReserve).toBeUndefined();
    const reserve = `sha256:${'ab'.repeat(32)}` as const;
    s = applyCompaction(s, first, { ...summaryFor(first), reserve });
    const item = s.items.find((i) => i.kind === 'summary');
    expect(item?.reserve).toBe(reserve);
    s = continued(s);
    const second = planCompaction(s, budget, policy)!;
    expect(second.summarize?.previousSummarySeq).toBe(item?.seq);
    expect(second.summarize?.previousReserve).toBe(reserve);
    const input = summarizeInput(second.summarize!, 'm', { kind: 'extractive' });
    expect(input.previousSummary).toBe(item?.content.ref);
    expect(input.previousReserve).toBe(reserve);
    expect(input.messages).not.toContain(item?.content.ref);
  });

  it('keeps a pending call (tool still running) and everything after it in the view', () => {
    const s = build([...conversation(8), user(9, 50), assistant(9, 50, ['run']), user(9, 10)]);
    const plan = planCompaction(s, budgetOf(1000), policy)!;
    expect(plan.summarize!.range.to).toBeLessThan(18);
    const after = applyCompaction(s, plan, summaryFor(plan));
    const view = buildView(after);
    expect(view.some((e) => e.toolCallIds?.includes('run'))).toBe(true);
    expect(checkToolPairing(view).map((i) => i.toolCallId)).toEqual(['run']);
  });

  it('with auto-compaction off plans nothing unless forced', () => {
    const s = build([...conversation(8), user(9, 50)]);
    const off = resolvePolicy({ enabled: false, summaryTokenCap: 60 });
    expect(planCompaction(s, budgetOf(1000), off)).toBeNull();
    expect(planCompaction(s, budgetOf(1000), off, { force: 'manual', focus: 'the parser' })?.summarize?.focus).toBe(
      'the parser',
    );
  });

  it('compacts harder after a provider overflow', () => {
    const s = build([...conversation(8), user(9, 50)]);
    const roomy = resolvePolicy({ keepRecentTokens: 400, summaryTokenCap: 60 });
    const normal = planCompaction(s, budgetOf(1000), roomy)!.summarize!;
    const hard = planCompaction(s, budgetOf(1000), roomy, { force: 'overflow' })!.summarize!;
    expect(hard.reason).toBe('overflow');
    expect(hard.range.to).toBeGreaterThan(normal.range.to);
  });

  it('trips the circuit breaker after maxCompactionsPerTurn summaries in a row that left the view over the limit', () => {
    // 820 tokens before the request, then steps of 600-token results without digests: the
    // running turn must be summarized, and each summary is capped at 60 tokens.
    const steps = (turn: number, ids: string[], tokens: number): NewLogItem[] =>
      ids.flatMap((id) => [assistant(turn, 10, [id]), tool(turn, id, tokens, null)]);
    const start = build([...conversation(8), user(9, 50), ...steps(9, ['a', 'b'], 600), ...steps(9, ['c'], 200)]);
    const budget = budgetOf(1000);
    const once = resolvePolicy({ keepRecentTokens: 200, summaryTokenCap: 60, maxCompactionsPerTurn: 1 });
    const first = planCompaction(start, budget, once)!;
    // The running turn goes first (it is furthest over its share): the request and the latest step stay.
    expect(first.summarize?.range).toEqual({ from: 18, to: 21 });
    const s1 = applyCompaction(start, first, summaryFor(first));
    expect(viewTokens(buildView(s1))).toBeGreaterThan(budget.hardLimit); // fruitless: still over the limit
    expect(() => planCompaction(s1, budget, once)).toThrow(CompactionNoProgressError);
    // With two allowed, the second summary (the history before the request) ends the pressure.
    const twice = { ...once, maxCompactionsPerTurn: 2 };
    const second = planCompaction(s1, budget, twice)!;
    expect(second.summarize?.range).toEqual({ from: 1, to: 16 });
    let s2 = applyCompaction(s1, second, summaryFor(second));
    expect(viewTokens(buildView(s2))).toBeLessThanOrEqual(budget.hardLimit);
    // A compaction that brought the view under the limit resets the count: the same turn goes on compacting.
    for (let i = 0; i < 20; i += 1) {
      s2 = build(steps(9, [`more${i}`], 300), s2);
      s2 = compactFully(s2, budget, once).state;
      expect(viewTokens(buildView(s2))).toBeLessThanOrEqual(budget.hardLimit);
    }
    expect(s2.ledger.filter((r) => r.turn === 9 && r.summarySeq !== undefined).length).toBeGreaterThan(10);
  });
});

describe('planCompaction: chained summaries and summary of summaries', () => {
  it('chains summaries when not rolling, then summarizes them together past maxSummaries', () => {
    const chained = resolvePolicy({
      rollingSummaries: false,
      maxSummaries: 2,
      keepRecentTokens: 100,
      summaryTokenCap: 60,
    });
    let s: ContextState = build(conversation(1));
    const budget = budgetOf(600);
    const strategies: string[] = [];
    for (let turn = 2; turn <= 30; turn += 1) {
      s = build([user(turn, 50), assistant(turn, 50)], s);
      const r = compactFully(s, budget, chained);
      s = r.state;
      strategies.push(...r.plans.map((p) => p.summarize?.strategy ?? 'archive'));
      const view = buildView(s);
      expect(checkToolPairing(view)).toEqual([]);
      expect(view.filter((e) => e.visibility === 'summary').length).toBeLessThanOrEqual(3);
    }
    expect(strategies).toContain('range-summary');
    expect(strategies).toContain('summary-of-summaries');
    const sos = s.ledger.find((r) => r.strategy === 'summary-of-summaries')!;
    const nested = s.ledger.filter(
      (r) => r.id < sos.id && r.range && r.range.from >= sos.range!.from && r.range.to <= sos.range!.to,
    );
    expect(nested.length).toBeGreaterThan(2);
  });
});
