/**
 * The context engine: pure, deterministic context management (no I/O, clock, randomness or
 * Node built-ins), shared by the workflow sandbox, activities, the CLI and tests.
 *
 * The turn loop, as the workflow uses it (docs/compaction.md has the pipeline and its guarantee):
 * ```ts
 * state = appendItem(state, item);                           // after each message / tool result
 * const budget = computeBudget(limits, policy);
 * for (let plan; (plan = planCompaction(state, budget, policy)); ) {
 *   const summary = plan.summarize && (await summarize(plan.summarize)); // activity
 *   // validateSummary(plan.summarize, summary) → fall back to extractive when rejected
 *   state = applyCompaction(state, plan, summary);          // one atomic step
 * }
 * assertFits(viewTokens(buildView(state)), budget);          // never send what cannot fit
 * // when the model calls n tools: each result may take toolResultAllowance(state, budget, n) tokens
 * ```
 */
export * from './types';
export * from './errors';
export * from './constants';
export * from './policy';
export * from './log';
export * from './facts';
export * from './view';
export * from './pairing';
export * from './cut-points';
export * from './budget';
export * from './regions';
export * from './plan';
export * from './allowance';
export * from './summary-validation';
export * from './apply';
export * from './continue-as-new';
export type { ArchiveStep, CompactionStrategy, PlanContext, Pressure, SummarizeStep } from './strategies/strategy';
