/**
 * Property tests over random sessions: random turns, tool-call groups (parallel calls,
 * calls still running while compaction plans, chained and nested compactions), random
 * policies and budgets, and summarizers that sometimes fail validation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendItem,
  applyCompaction,
  buildPlacedView,
  buildView,
  checkToolPairing,
  compactForContinueAsNew,
  cutPoints,
  planCompaction,
  renderStateBlock,
  resolvePolicy,
  stateFacts,
  summaryFloor,
  viewShape,
  viewTokens,
  type CompactionPlan,
  type CompactionPolicy,
  type ContextBudget,
  type ContextState,
  type NewLogItem,
} from '../../../src/context';
import { assistant, budgetOf, build, counted, system, tool, user } from './helpers';

type Step =
  | { kind: 'user'; tokens: number }
  | { kind: 'text'; tokens: number }
  | { kind: 'tools'; results: number[]; runningAtPlan: number; digest: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('user' as const), tokens: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant('text' as const), tokens: fc.integer({ min: 1, max: 200 }) }),
  fc.record({
    kind: fc.constant('tools' as const),
    results: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 4 }),
    runningAtPlan: fc.integer({ min: 0, max: 4 }),
    digest: fc.boolean(),
  }),
);

const policyArb: fc.Arbitrary<CompactionPolicy> = fc
  .record({
    softThreshold: fc.double({ min: 0.3, max: 1, noNaN: true }),
    targetRatio: fc.double({ min: 0.1, max: 0.95, noNaN: true }),
    keepRecentTokens: fc.integer({ min: 0, max: 3000 }),
    toolResultsKeepRecent: fc.integer({ min: 0, max: 6 }),
    toolResultMaxAgeTurns: fc.integer({ min: 0, max: 5 }),
    rollingSummaries: fc.boolean(),
    maxSummaries: fc.integer({ min: 1, max: 4 }),
    sliding: fc.record({
      enabled: fc.boolean(),
      invocationThreshold: fc.integer({ min: 1, max: 6 }),
      overlap: fc.integer({ min: 0, max: 3 }),
    }),
    maxCompactionsPerTurn: fc.integer({ min: 1, max: 4 }),
    summaryTokenCap: fc.integer({ min: 1, max: 600 }),
    summaryGoalShare: fc.constantFrom(0, 0.1, 0.25, 0.5),
  })
  .map(({ targetRatio, sliding, ...p }) =>
    resolvePolicy({ ...p, target: p.softThreshold * targetRatio, slidingWindow: sliding }),
  );

/** Summarizer behaviour per compaction: fraction of the cap used, or a failure. */
const summarizerArb = fc.array(
  fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constant('truncated' as const)),
  {
    minLength: 1,
    maxLength: 8,
  },
);

interface Run {
  states: ContextState[];
  plans: { before: ContextState; plan: CompactionPlan; after: ContextState | null }[];
  policy: CompactionPolicy;
  budget: ContextBudget;
}

/** Drives a session: append each step, plan+apply before every model call. */
function simulate(
  steps: Step[],
  policy: CompactionPolicy,
  history: number,
  summarizer: (number | 'truncated')[],
  options: { archiveByNeed?: boolean } = {},
): Run {
  const budget = budgetOf(history, policy.softThreshold, policy.target);
  let s = build([system(30)]);
  let turn = 0;
  let callId = 0;
  let k = 0;
  const run: Run = { states: [s], plans: [], policy, budget };
  const compact = (): void => {
    for (let i = 0; i < 8; i += 1) {
      let plan: CompactionPlan | null;
      try {
        plan = planCompaction(s, budget, policy, { turn, ...options });
      } catch {
        return; // circuit breaker: the workflow fails the turn, log intact
      }
      if (!plan) return;
      const mode = summarizer[k++ % summarizer.length] ?? 1;
      const cap = plan.summarize?.tokenCap ?? 1;
      // A real summary is never below its floor: it carries the state block verbatim.
      const floor = plan.summarize ? summaryFloor(plan.summarize.stateBlock) : 1;
      const tokens = Math.max(floor, Math.round(cap * (mode === 'truncated' ? 1 : mode)));
      const candidate = plan.summarize
        ? {
            content: counted(tokens),
            textTokens: tokens,
            finishReason: mode === 'truncated' ? 'length' : 'stop',
            summarizer: 'x',
          }
        : undefined;
      let after: ContextState;
      try {
        after = applyCompaction(s, plan, candidate);
      } catch {
        after = applyCompaction(s, plan); // rejected summary: archive only (or nothing)
      }
      run.plans.push({ before: s, plan, after });
      s = after;
      run.states.push(s);
    }
  };
  for (const step of steps) {
    const items: NewLogItem[] = [];
    if (step.kind === 'user' || turn === 0) {
      turn += 1;
      items.push(user(turn, step.kind === 'user' ? step.tokens : 10));
    }
    if (step.kind === 'text') items.push(assistant(turn, step.tokens));
    if (step.kind === 'tools') {
      const ids = step.results.map(() => `call_${callId++}`);
      s = build([...items, assistant(turn, 20, ids)], s);
      // Some calls are still running when the next model call is planned (mid-batch).
      const early = Math.max(0, step.results.length - step.runningAtPlan);
      s = build(
        ids.slice(0, early).map((id, i) => tool(turn, id, step.results[i] ?? 1, step.digest ? 3 : null)),
        s,
      );
      run.states.push(s);
      compact();
      s = build(
        ids.slice(early).map((id, i) => tool(turn, id, step.results[early + i] ?? 1, step.digest ? 3 : null)),
        s,
      );
      items.length = 0;
    }
    s = build(items, s);
    run.states.push(s);
    compact();
  }
  return run;
}

const sessionArb = fc.record({
  steps: fc.array(stepArb, { minLength: 1, maxLength: 40 }),
  policy: policyArb,
  history: fc.integer({ min: 400, max: 4000 }),
  summarizer: summarizerArb,
});

const RUNS = 120;

describe('context engine properties', () => {
  it('the view never has an orphan, and only running calls lack a result', () => {
    fc.assert(
      fc.property(sessionArb, ({ steps, policy, history, summarizer }) => {
        const run = simulate(steps, policy, history, summarizer);
        for (const s of run.states) {
          const answered = new Set(s.items.filter((i) => i.role === 'tool').map((i) => i.toolCallId));
          for (const issue of checkToolPairing(buildView(s))) {
            expect(issue.kind).toBe('missing_result');
            expect(answered.has(issue.toolCallId)).toBe(false);
          }
        }
      }),
      { numRuns: RUNS, seed: 0x5eed },
    );
  });

  it('summarizing up to any safe cut point never orphans a result or drops a running call', () => {
    fc.assert(
      fc.property(sessionArb, ({ steps, policy, history, summarizer }) => {
        const { states } = simulate(steps, { ...policy, enabled: false }, history, summarizer);
        const s = states[states.length - 1] as ContextState;
        const placed = buildPlacedView(s);
        const { safe } = cutPoints(placed.map((p) => p.entry));
        const pendingBefore = checkToolPairing(buildView(s)).map((i) => i.toolCallId);
        for (let c = 1; c <= placed.length; c += 1) {
          if (!safe[c]) continue;
          const covers = { from: placed[0]!.from, to: placed[c - 1]!.to };
          const cut = appendItem(s, {
            turn: s.items.at(-1)!.turn,
            role: 'user',
            kind: 'summary',
            content: counted(1),
            preview: '',
            covers,
          });
          expect(checkToolPairing(buildView(cut)).map((i) => i.toolCallId)).toEqual(pendingBefore);
        }
      }),
      { numRuns: RUNS, seed: 0xc07 },
    );
  });

  it('the log is only ever appended', () => {
    fc.assert(
      fc.property(sessionArb, ({ steps, policy, history, summarizer }) => {
        const { states } = simulate(steps, policy, history, summarizer);
        for (let i = 1; i < states.length; i += 1) {
          const prev = states[i - 1] as ContextState;
          const next = states[i] as ContextState;
          expect(next.items.slice(0, prev.items.length)).toEqual(prev.items);
          expect(next.nextSeq).toBe(next.items.length);
          expect(next.ledger.slice(0, prev.ledger.length)).toEqual(prev.ledger);
        }
      }),
      { numRuns: RUNS, seed: 0xa11 },
    );
  });

  it('compaction records are ordered, and their ranges are disjoint or nested (outer ones later)', () => {
    fc.assert(
      fc.property(sessionArb, ({ steps, policy, history, summarizer }) => {
        const { states } = simulate(steps, policy, history, summarizer);
        const ledger = (states[states.length - 1] as ContextState).ledger;
        ledger.forEach((r, i) => expect(r.id).toBe(i + 1));
        for (let i = 1; i < ledger.length; i += 1) expect(ledger[i]!.turn).toBeGreaterThanOrEqual(ledger[i - 1]!.turn);
        const ranged = ledger.filter((r) => r.range);
        for (let i = 0; i < ranged.length; i += 1) {
          for (let j = i + 1; j < ranged.length; j += 1) {
            const a = ranged[i]!.range!;
            const b = ranged[j]!.range!;
            const disjoint = a.to < b.from || b.to < a.from;
            const laterContains = b.from <= a.from && a.to <= b.to;
            expect(disjoint || laterContains).toBe(true);
          }
        }
        for (const r of ledger) if (r.summarySeq !== undefined) expect(r.tokensAfter).toBeLessThan(r.tokensBefore);
      }),
      { numRuns: RUNS, seed: 0x1ed9e },
    );
  });

  it('archiving by need (only down to the goal, largest first) keeps the pairing and archives no fresh result', () => {
    let partial = 0;
    fc.assert(
      fc.property(sessionArb, ({ steps, policy, history, summarizer }) => {
        const run = simulate(steps, policy, history, summarizer, { archiveByNeed: true });
        for (const s of run.states) {
          const answered = new Set(s.items.filter((i) => i.role === 'tool').map((i) => i.toolCallId));
          for (const issue of checkToolPairing(buildView(s))) {
            expect(issue.kind).toBe('missing_result');
            expect(answered.has(issue.toolCallId)).toBe(false);
          }
        }
        for (const { before, plan } of run.plans) {
          // against the plan that archives every old result: a part of those, chosen only when it
          // reaches the goal (then nothing is summarized), else the same plan
          const all = planCompaction(before, run.budget, run.policy, { turn: plan.turn });
          if (!all || plan.archive.length === all.archive.length) {
            expect(plan).toEqual(all);
            continue;
          }
          partial += 1;
          expect(all.archive).toEqual(expect.arrayContaining(plan.archive));
          expect(plan.tokensAfterArchive).toBeLessThanOrEqual(run.budget.targetTokens);
          expect(plan.summarize).toBeUndefined();
        }
      }),
      { numRuns: RUNS, seed: 0xa2c },
    );
    expect(partial, 'some plans archived only part of the old results').toBeGreaterThan(0);
  });

  it('a range summary reaches the target whenever some safe cut can, and applying it keeps that promise', () => {
    fc.assert(
      fc.property(sessionArb, ({ steps, policy, history, summarizer }) => {
        const run = simulate(steps, policy, history, summarizer);
        for (const { before, plan, after } of run.plans) {
          const sum = plan.summarize;
          if (!sum || sum.strategy !== 'range-summary') continue;
          const best = bestAfter(
            { ...before, archived: [...before.archived, ...plan.archive] },
            run.policy,
            run.budget,
          );
          if (best <= run.budget.targetTokens)
            expect(sum.estimatedTokensAfter).toBeLessThanOrEqual(run.budget.targetTokens);
          if (after && after.items.length > before.items.length) {
            expect(viewTokens(buildView(after))).toBeLessThanOrEqual(sum.estimatedTokensAfter);
          }
        }
      }),
      { numRuns: RUNS, seed: 0x7a4 },
    );
  });

  it('the random sessions exercise every strategy, rejections, running calls and nesting (not vacuous)', () => {
    const seen = new Map<string, number>();
    const bump = (k: string): void => void seen.set(k, (seen.get(k) ?? 0) + 1);
    for (const { steps, policy, history, summarizer } of fc.sample(sessionArb, { numRuns: 150, seed: 0xc0 })) {
      const run = simulate(steps, policy, history, summarizer);
      for (const { plan, after, before } of run.plans) {
        bump(plan.summarize?.strategy ?? 'archive-only');
        if (plan.archive.length) bump('archive');
        if (plan.summarize && after && after.items.length === before.items.length) bump('rejected');
        if (plan.summarize?.previousSummarySeq !== undefined) bump('rolling');
      }
      for (const st of run.states) if (checkToolPairing(buildView(st)).length) bump('running-call-in-view');
      const ranges = run.states[run.states.length - 1]!.ledger.flatMap((r) => (r.range ? [r.range] : []));
      if (ranges.some((a, i) => ranges.some((b, j) => j > i && b.from <= a.from && a.to <= b.to))) bump('nested');
      if (ranges.some((a, i) => ranges.some((b, j) => j > i && a.to < b.from))) bump('chained');
    }
    for (const k of [
      'archive',
      'range-summary',
      'summary-of-summaries',
      'sliding-window',
      'rejected',
      'rolling',
      'running-call-in-view',
      'nested',
      'chained',
    ]) {
      expect([k, seen.get(k) ?? 0]).toEqual([k, expect.any(Number)]);
      expect(seen.get(k) ?? 0, k).toBeGreaterThan(0);
    }
  });

  it('same input, same output; continue-as-new keeps the view', () => {
    fc.assert(
      fc.property(sessionArb, ({ steps, policy, history, summarizer }) => {
        const run = simulate(steps, policy, history, summarizer);
        const again = simulate(steps, policy, history, summarizer);
        const last = run.states[run.states.length - 1] as ContextState;
        const clone = JSON.parse(JSON.stringify(last)) as ContextState;
        expect(buildView(clone)).toEqual(buildView(last));
        expect(planCompaction(clone, run.budget, policy, { turn: 99 })).toEqual(
          planCompaction(last, run.budget, policy, { turn: 99 }),
        );
        expect(viewTokens(buildView(again.states[again.states.length - 1] as ContextState))).toBe(
          viewTokens(buildView(last)),
        );
        const small = compactForContinueAsNew(last);
        expect(buildView(small)).toEqual(buildView(last));
        expect(planCompaction(small, run.budget, policy, { turn: 99 })?.summarize?.range).toEqual(
          planCompaction(last, run.budget, policy, { turn: 99 })?.summarize?.range,
        );
      }),
      { numRuns: Math.floor(RUNS / 2), seed: 0xd37 },
    );
  });
});

/**
 * Brute force: the smallest view any allowed range-summary cut could give (summary at its
 * cap): a range inside one compactable region (the history before the current request, or
 * the earlier steps of the running turn), starting where rolling or chaining says, ending on
 * a safe cut, holding a raw entry, with a cap a summarizer can meet.
 */
function bestAfter(state: ContextState, policy: CompactionPolicy, budget: ContextBudget): number {
  const placed = buildPlacedView(state);
  const { safe } = cutPoints(placed);
  const total = viewTokens(placed);
  const floor = summaryFloor(renderStateBlock(stateFacts(state)));
  const share = Math.floor(policy.summaryGoalShare * budget.targetTokens);
  const maxCap = Math.max(1, Math.min(Math.max(policy.summaryTokenCap, share), Math.floor(budget.targetTokens / 2)));
  let best = Infinity;
  for (const region of viewShape(placed).regions) {
    let start = region.start;
    if (!policy.rollingSummaries) {
      for (let i = region.end - 1; i >= region.start; i -= 1)
        if (placed[i]!.entry.visibility === 'summary') {
          start = i + 1;
          break;
        }
    }
    if (!safe[start]) continue;
    let input = 0;
    let raw = 0;
    for (let c = start + 1; c <= region.end; c += 1) {
      const e = placed[c - 1]!.entry;
      input += e.content.tokens;
      if (e.visibility !== 'summary') raw += e.content.tokens;
      if (!safe[c] || raw === 0) continue;
      const cap = Math.min(maxCap, input - Math.max(1, Math.ceil(raw / 2)));
      if (cap >= floor && cap >= 1) best = Math.min(best, total - input + cap);
    }
  }
  return best;
}
