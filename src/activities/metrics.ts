/**
 * Activity-side metrics (src/observability/metric-names.ts), through the running activity's
 * metric meter; outside an activity (benchmarks, scripts) they are no-ops.
 */
import { Context } from '@temporalio/activity';
import type { MetricMeter } from '@temporalio/common';
import { METRICS } from '../observability/metric-names';

function meter(): MetricMeter | undefined {
  try {
    return Context.current().metricMeter;
  } catch {
    return undefined;
  }
}

/** Records how long one summarize activity took. */
export function recordSummarizerLatency(summarizer: 'extractive' | 'llm', ms: number): void {
  meter()
    ?.createHistogram(METRICS.summarizerLatency, 'int', 'ms', 'Duration of one summarize activity')
    .record(Math.round(ms), { summarizer });
}

/** Records a model request's prompt tokens, also against the model's window. */
export function recordRequest(model: string, promptTokens: number, contextWindow: number): void {
  const m = meter();
  if (!m) return;
  m.createHistogram(METRICS.requestTokens, 'int', 'tokens', 'Prompt tokens of a model request').record(promptTokens, {
    model,
  });
  if (contextWindow > 0) {
    m.createGauge(METRICS.requestWindowPercent, 'float', '%', "Latest request's prompt tokens in % of the window").set(
      (100 * promptTokens) / contextWindow,
      { model },
    );
  }
}

/** Counts a tool result that was truncated for the view. */
export function recordTruncatedToolOutput(tool: string): void {
  meter()?.createCounter(METRICS.truncatedToolOutputs, '1', 'Tool results truncated for the view').add(1, { tool });
}
