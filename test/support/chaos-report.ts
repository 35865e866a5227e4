/**
 * The report of a chaos run (test/support/chaos-run.ts): the figures of what happened, the
 * counts that must be zero, and an example of each violation, printable as plain text.
 */

/** Counts that must all be zero for a run to pass. */
export const ZERO_KEYS = [
  'lostMessages',
  'duplicatedMessages',
  'outOfOrderMessages',
  'requestsOverWindow',
  'requestsUnpaired',
  'requestsRejected',
  'unpairedToolCalls',
  'toolStatusMismatches',
  'missingContent',
  'duplicatedEffects',
  'keyCollisions',
  'lostEffects',
  'stuckSessions',
  'wedgedSessions',
  'nonReplayingHistories',
  'nondeterminismFailures',
  'workflowTaskErrors',
  'unexpectedFailures',
  'mismatchedTurnResults',
  'unreadableLogs',
  'unexpectedWorkerExits',
] as const;
export type ZeroKey = (typeof ZERO_KEYS)[number];

/** Everything a run measured. */
export interface ChaosReport {
  seed: string;
  durationMs: number;
  figures: {
    sessions: number;
    turnsPlanned: number;
    /** User messages found processed in the logs (copies included). */
    turnsProcessed: number;
    sentBySignal: number;
    sentByUpdate: number;
    resends: { duringSignal: number; duringUpdate: number; afterSignal: number; afterUpdate: number };
    compacts: number;
    configures: number;
    clientRetries: number;
    requests: number;
    summaryRequests: number;
    faults: Record<string, number>;
    unplannedFaults: number;
    maxPromptTokens: number;
    contextWindow: number;
    unscriptedRequests: number;
    toolCalls: number;
    toolExecutions: number;
    distinctIdempotencyKeys: number;
    effects: number;
    contentRefs: number;
    workerStarts: number;
    workerKills: number;
    serverRestarts: number;
    runs: number;
    historyEvents: number;
    workflowTaskTimeouts: number;
    /** Activities scheduled again after every attempt of a schedule was lost to killed workers. */
    workerLossReschedules: number;
    workflowTaskFailures: Record<string, number>;
    activityFailures: Record<string, number>;
    expectedFailures: Record<string, number>;
  };
  zeros: Record<ZeroKey, number>;
  /** Examples of each violation (a few per kind). */
  violations: string[];
}

/** An empty set of zero counters. */
export function emptyZeros(): Record<ZeroKey, number> {
  return Object.fromEntries(ZERO_KEYS.map((k) => [k, 0])) as Record<ZeroKey, number>;
}

/** Counts `examples` under `key` and keeps the first few as violations. */
export function violate(report: ChaosReport, key: ZeroKey, examples: string[], keep = 5): void {
  report.zeros[key] += examples.length;
  for (const e of examples.slice(0, keep)) report.violations.push(`${key}: ${e}`);
}

/** True when every zero counter is zero and no violation was recorded. */
export function passed(report: ChaosReport): boolean {
  return report.violations.length === 0 && ZERO_KEYS.every((k) => report.zeros[k] === 0);
}

const entries = (map: Record<string, number>) =>
  Object.entries(map)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || 'none';

/** The report as plain text lines. */
export function formatReport(r: ChaosReport): string {
  const f = r.figures;
  const lines = [
    `chaos run ${r.seed}: ${(r.durationMs / 1000).toFixed(0)} s`,
    `  sessions ${f.sessions}, turns planned ${f.turnsPlanned}, processed ${f.turnsProcessed} ` +
      `(sent by signal ${f.sentBySignal}, by update ${f.sentByUpdate})`,
    `  re-sent with the same messageId: while running ${f.resends.duringSignal} by signal, ${f.resends.duringUpdate} by update; ` +
      `after finishing ${f.resends.afterSignal} by signal, ${f.resends.afterUpdate} by update`,
    `  concurrent compact ${f.compacts}, configure ${f.configures}; client calls repeated ${f.clientRetries}`,
    `  provider: ${f.requests} requests (${f.summaryRequests} summaries), largest prompt ${f.maxPromptTokens} of ${f.contextWindow} tokens, ` +
      `unscripted ${f.unscriptedRequests}, unplanned ${f.unplannedFaults}`,
    `  faults: ${entries(f.faults)}`,
    `  tools: ${f.toolCalls} calls in the logs, ${f.toolExecutions} executions, ${f.distinctIdempotencyKeys} distinct keys, ${f.effects} effects`,
    `  content references checked ${f.contentRefs}`,
    `  workers: ${f.workerStarts} started, ${f.workerKills} killed (SIGKILL); server restarts ${f.serverRestarts}`,
    `  histories: ${f.runs} runs, ${f.historyEvents} events, ${f.workflowTaskTimeouts} workflow task timeouts, ` +
      `${f.workerLossReschedules} activities scheduled again after worker loss`,
    `  workflow task failures: ${entries(f.workflowTaskFailures)}`,
    `  activity failures: ${entries(f.activityFailures)}`,
    `  expected typed failures: ${entries(f.expectedFailures)}`,
    `  zeros: ${Object.entries(r.zeros)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  ];
  if (r.violations.length) lines.push('  violations:', ...r.violations.map((v) => `    ${v}`));
  lines.push(passed(r) ? '  PASS' : '  FAIL');
  return lines.join('\n');
}
