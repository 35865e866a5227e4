/**
 * Workflow-side metrics (src/observability/metric-names.ts): what compaction did. Emitted
 * through the workflow's metric meter, which the SDK silences while a workflow replays, so
 * each compaction counts once however often its history is replayed. Metrics are not
 * commands: adding or changing them never affects determinism.
 */
import { metricMeter } from '@temporalio/workflow';
import type { CompactionRecord } from '../context/types';
import { METRICS } from '../observability/metric-names';

/** Records one applied compaction. */
export function recordCompaction(record: CompactionRecord): void {
  const strategy = { strategy: record.strategy };
  metricMeter
    .createCounter(METRICS.compactions, '1', 'Compactions applied')
    .add(1, { ...strategy, reason: record.reason, outcome: record.outcome });
  metricMeter
    .createHistogram(METRICS.compactionTokensBefore, 'int', 'tokens', 'View tokens before a compaction')
    .record(record.tokensBefore, strategy);
  metricMeter
    .createHistogram(METRICS.compactionTokensAfter, 'int', 'tokens', 'View tokens after a compaction')
    .record(record.tokensAfter, strategy);
}
