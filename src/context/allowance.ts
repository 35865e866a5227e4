/**
 * How large each tool result of a step may be, from the budget: the results of one step
 * become the pinned latest step, so together they must leave room for the rest of the pinned
 * content and for one summary per compactable region — then compaction can always make the
 * next request fit (docs/compaction.md, "The guarantee"). The workflow computes the allowance
 * when a step's calls arrive and passes it to each `executeTool`; the activity's fixed limits
 * stay a ceiling.
 */
import type { ContextBudget } from './budget';
import { MAX_FACT_CHARS } from './constants';
import { renderStateBlock, stateFacts } from './facts';
import { summaryFloor, viewShape } from './regions';
import type { ContextState } from './types';
import { buildPlacedView } from './view';

/** Share of the history budget the results of one step may take together, by default. */
export const DEFAULT_STEP_RESULTS_SHARE = 0.5;

/** The smallest allowance: room for a head, a tail, the omission marker and the full-output reference. */
export const MIN_TOOL_RESULT_TOKENS = 96;

/**
 * Tokens a result may add to the state block (a command line and an error line), so that the
 * summary floor still holds once the step's results are in.
 */
const FACT_GROWTH_TOKENS_PER_RESULT = 2 * Math.ceil((MAX_FACT_CHARS + 16) / 3);

/** Options of {@link toolResultAllowance}. */
export interface AllowanceOptions {
  /** Share of the history budget the step's results may take together, in (0, 1]; default 0.5. */
  stepShare?: number;
}

/**
 * The largest tool message (tokens, as counted in the view) each of `resultCount` results of
 * the step that `state` ends with may be. `state` must already hold the assistant message
 * with the calls; its results are not in yet.
 *
 * The results together get what is left of the hard limit once the pinned content (system
 * messages, current request, the assistant message) and one summary floor per compactable
 * region are set aside — at most `stepShare` of the history budget — split evenly; never less
 * than {@link MIN_TOOL_RESULT_TOKENS}. Pure and deterministic.
 */
export function toolResultAllowance(
  state: ContextState,
  budget: ContextBudget,
  resultCount: number,
  options: AllowanceOptions = {},
): number {
  const n = Math.max(1, Math.floor(resultCount));
  const share = options.stepShare ?? DEFAULT_STEP_RESULTS_SHARE;
  if (!(share > 0 && share <= 1)) throw new RangeError(`stepShare must be in (0, 1], got ${share}`);
  const shape = viewShape(buildPlacedView(state));
  const floor = summaryFloor(renderStateBlock(stateFacts(state))) + n * FACT_GROWTH_TOKENS_PER_RESULT;
  let reserve = 0;
  for (const region of shape.regions) reserve += Math.min(region.tokens, floor);
  const room = budget.hardLimit - shape.pinnedTokens - reserve;
  const total = Math.min(room, Math.floor(budget.historyBudget * share));
  return Math.max(MIN_TOOL_RESULT_TOKENS, Math.floor(total / n));
}
