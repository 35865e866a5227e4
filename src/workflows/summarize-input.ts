/**
 * The `summarize` activity's input for a plan, and the candidate its result makes: one
 * mapping shared by the workflow (./compaction.ts), the history simulator
 * (src/cli/history/simulate.ts) and the benchmark's driver (bench/quality/methods/project.ts),
 * so that what they summarize is what a session summarizes.
 */
import type { SummarizePlan } from '../context/plan';
import type { SummaryCandidate } from '../context/summary-validation';
import type { SummarizeInput, SummarizeResult, SummarizerChoice } from '../activities/types';

/** The input of `summarize` for `plan`, with the session's model and a summarizer. */
export function summarizeInput(plan: SummarizePlan, model: string, summarizer: SummarizerChoice): SummarizeInput {
  const entries = [...(plan.context ?? []), ...plan.input];
  // rolling: the previous summary (the first entry) is read as one, not as a message
  const rolling = plan.previousSummarySeq !== undefined ? plan.input[0] : undefined;
  const input: SummarizeInput = {
    model,
    messages: entries.filter((e) => e !== rolling).map((e) => e.content.ref),
    stateBlock: plan.stateBlock,
    maxSummaryTokens: plan.tokenCap,
    summarizer,
  };
  if (rolling) input.previousSummary = rolling.content.ref;
  if (rolling && plan.previousReserve !== undefined) input.previousReserve = plan.previousReserve;
  if (plan.focus !== undefined) input.focus = plan.focus;
  return input;
}

/** The candidate summary a `summarize` result offers (validated by the engine before it is applied). */
export function summaryCandidate(result: SummarizeResult): SummaryCandidate {
  const candidate: SummaryCandidate = {
    content: result.summary,
    textTokens: result.textTokens,
    finishReason: result.finishReason,
    summarizer: result.summarizer,
    preview: result.preview,
  };
  if (result.reserve !== undefined) candidate.reserve = result.reserve;
  return candidate;
}
