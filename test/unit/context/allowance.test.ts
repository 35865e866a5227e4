import { describe, expect, it } from 'vitest';
import {
  MIN_TOOL_RESULT_TOKENS,
  buildPlacedView,
  computeBudget,
  resolvePolicy,
  toolResultAllowance,
  viewShape,
} from '../../../src/context';
import { assistant, budgetOf, build, system, tool, user } from './helpers';

/** A request and an assistant message calling `n` tools at once. */
function stepOf(n: number, requestTokens = 100) {
  const ids = Array.from({ length: n }, (_, i) => `c${i}`);
  return build([system(300), user(1, requestTokens), assistant(1, 40, ids)]);
}

describe('toolResultAllowance', () => {
  it('follows the window: a bigger budget allows bigger results', () => {
    const small = toolResultAllowance(stepOf(1), budgetOf(8_000), 1);
    const large = toolResultAllowance(stepOf(1), budgetOf(100_000), 1);
    expect(large).toBeGreaterThan(small * 10);
    // One step's results take at most half the history budget by default.
    expect(large).toBeLessThanOrEqual(50_000);
  });

  it('splits the room between the results of a step', () => {
    const budget = budgetOf(12_000);
    const one = toolResultAllowance(stepOf(1), budget, 1);
    const four = toolResultAllowance(stepOf(4), budget, 4);
    expect(four).toBeLessThan(one / 3);
  });

  it('4 parallel outputs in a 12k window: the step fits beside the pinned content and a summary per region', () => {
    const policy = resolvePolicy();
    const budget = computeBudget({ contextWindow: 12_000, maxOutputTokens: 1_000, fixedTokens: 800 }, policy);
    // History before the request, an earlier step of the turn, then the 4-call step.
    const history = [];
    for (let t = 1; t <= 5; t += 1) history.push(user(t, 300), assistant(t, 300));
    const earlier = [assistant(6, 40, ['e']), tool(6, 'e', 2_000)];
    const ids = ['a', 'b', 'c', 'd'];
    const s = build([system(200), ...history, user(6, 200), ...earlier, assistant(6, 40, ids)]);
    const each = toolResultAllowance(s, budget, 4);
    const shape = viewShape(buildPlacedView(s));
    expect(shape.regions).toHaveLength(2);
    // Pinned after the step: what is pinned now plus the four results.
    expect(shape.pinnedTokens + 4 * each).toBeLessThanOrEqual(budget.hardLimit - 2 * 100);
    expect(each).toBeGreaterThan(500); // still useful output, not a stub
  });

  it('never goes below the minimum, even when the pinned content leaves no room', () => {
    const s = stepOf(2, 7_900);
    expect(toolResultAllowance(s, budgetOf(8_000), 2)).toBe(MIN_TOOL_RESULT_TOKENS);
  });

  it('takes the step share as an option, and refuses a share outside (0, 1]', () => {
    const s = stepOf(1);
    const budget = budgetOf(100_000);
    expect(toolResultAllowance(s, budget, 1, { stepShare: 0.1 })).toBe(10_000);
    expect(() => toolResultAllowance(s, budget, 1, { stepShare: 0 })).toThrow(RangeError);
  });
});
