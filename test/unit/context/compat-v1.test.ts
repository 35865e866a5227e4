/**
 * `compat: 'v1'` plans exactly as releases up to 0.3.0 did, so a session replaying a history
 * recorded before in-turn compaction issues the same commands (the workflow selects it with
 * `patched()`). Checked against the planner of those releases, vendored unchanged in
 * test/support/legacy-plan, over random sessions driven by that planner (threshold, manual
 * and overflow compactions, parallel and running calls, summarizers that fail validation).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyCompaction,
  planCompaction,
  resolvePolicy,
  type CompactionPolicy,
  type ContextState,
  type NewLogItem,
} from '../../../src/context';
import { planCompaction as legacyPlan } from '../../support/legacy-plan/plan';
import { assistant, budgetOf, build, counted, system, tool, user } from './helpers';

type Step =
  | { kind: 'user'; tokens: number }
  | { kind: 'tools'; results: number[]; running: number; digest: boolean }
  | { kind: 'compact'; force: 'manual' | 'overflow' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('user' as const), tokens: fc.integer({ min: 1, max: 300 }) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('tools' as const),
      results: fc.array(fc.integer({ min: 1, max: 900 }), { minLength: 1, maxLength: 4 }),
      running: fc.integer({ min: 0, max: 2 }),
      digest: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('compact' as const),
      force: fc.constantFrom('manual' as const, 'overflow' as const),
    }),
  },
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
  })
  .map(({ targetRatio, sliding, ...p }) =>
    resolvePolicy({ ...p, target: p.softThreshold * targetRatio, slidingWindow: sliding }),
  );

/** Both planners on the same state: the same plan, or the same failure type. */
function same(s: ContextState, budget: ReturnType<typeof budgetOf>, policy: CompactionPolicy, options: object) {
  const run = (f: () => unknown) => {
    try {
      return { value: f() };
    } catch (err) {
      // The same failure type; its wording is not part of what replay compares.
      return { error: (err as { type?: string }).type ?? String(err) };
    }
  };
  const legacy = run(() => legacyPlan(s, budget, policy, options));
  const v1 = run(() => planCompaction(s, budget, policy, { ...options, compat: 'v1' }));
  expect(v1).toEqual(legacy);
  return legacy.value as ReturnType<typeof legacyPlan> | undefined;
}

describe("compat: 'v1'", () => {
  it('plans exactly as the planner of releases up to 0.3.0', () => {
    let plans = 0;
    fc.assert(
      fc.property(
        fc.array(stepArb, { minLength: 1, maxLength: 60 }),
        policyArb,
        fc.integer({ min: 400, max: 6000 }),
        fc.array(fc.double({ min: 0, max: 1.2, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (steps, policy, history, fractions) => {
          const budget = budgetOf(history, policy.softThreshold, policy.target);
          let s = build([system(30)]);
          let turn = 0;
          let id = 0;
          let k = 0;
          const compact = (force?: 'manual' | 'overflow') => {
            for (let round = 0; round < 8; round += 1) {
              const options = force && round === 0 ? { turn, force } : { turn };
              const plan = same(s, budget, policy, options);
              if (!plan) return;
              plans += 1;
              const cap = plan.summarize?.tokenCap ?? 1;
              const tokens = Math.max(1, Math.round(cap * (fractions[k++ % fractions.length] ?? 1)));
              const summary = plan.summarize
                ? { content: counted(tokens), textTokens: tokens, finishReason: 'stop', summarizer: 'x' }
                : undefined;
              try {
                s = applyCompaction(s, plan, summary);
              } catch {
                s = applyCompaction(s, plan); // over its cap: archive only, as the workflow falls back
              }
              if (force === 'manual') return;
            }
          };
          for (const step of steps) {
            if (step.kind === 'compact') {
              if (turn > 0) compact(step.force);
              continue;
            }
            if (step.kind === 'user' || turn === 0) {
              turn += 1;
              s = build([user(turn, step.kind === 'user' ? step.tokens : 10)], s);
              compact();
            }
            if (step.kind !== 'tools') continue;
            const ids = step.results.map(() => `c${id++}`);
            const items: NewLogItem[] = [assistant(turn, 20, ids)];
            s = build(items, s);
            const early = Math.max(0, ids.length - step.running);
            s = build(
              ids.slice(0, early).map((c, i) => tool(turn, c, step.results[i]!, step.digest ? 4 : null)),
              s,
            );
            compact('manual'); // a manual compaction while calls still run
            s = build(
              ids.slice(early).map((c, i) => tool(turn, c, step.results[early + i]!, step.digest ? 4 : null)),
              s,
            );
            compact();
          }
        },
      ),
      { numRuns: 150, seed: 0x01d1 },
    );
    expect(plans).toBeGreaterThan(300);
  });
});
