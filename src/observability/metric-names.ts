/**
 * The metrics durable-context adds to Temporal's own, by name. They are emitted through the
 * SDK's metric meters (workflow: `src/workflows/metrics.ts`, activities:
 * `src/activities/metrics.ts`), so they go wherever the worker's Temporal Runtime exports
 * metrics (Prometheus or OTLP; `src/observability/telemetry.ts`), next to the SDK's metrics
 * and with its labels (namespace, task queue, workflow type / activity type).
 */
export const METRICS = {
  /** Counter: compactions applied, by `strategy`, `reason` and `outcome` (applied | fallback). */
  compactions: 'durable_context_compactions',
  /** Histogram: view tokens before a compaction, by `strategy`. */
  compactionTokensBefore: 'durable_context_compaction_tokens_before',
  /** Histogram: view tokens after a compaction, by `strategy`. */
  compactionTokensAfter: 'durable_context_compaction_tokens_after',
  /** Histogram: milliseconds one summarize activity took, by `summarizer` (extractive | llm). */
  summarizerLatency: 'durable_context_summarizer_latency',
  /** Histogram: prompt tokens of each model request, by `model`. */
  requestTokens: 'durable_context_request_tokens',
  /** Gauge: prompt tokens of the latest request in percent of the model's window, by `model`. */
  requestWindowPercent: 'durable_context_request_window_percent',
  /** Counter: tool results truncated for the view, by `tool`. */
  truncatedToolOutputs: 'durable_context_truncated_tool_outputs',
} as const;
