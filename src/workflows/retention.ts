/**
 * The `contentRetention` workflow: one retention pass, run by the activity `pruneContent`
 * (src/retention/activity.ts). Started by the retention schedule (src/retention/schedule.ts);
 * it shares the bundle with the session workflow but none of its code.
 */
import { proxyActivities } from '@temporalio/workflow';
import type { PruneContentInput, PruneContentResult } from '../retention/types';

export { RETENTION_WORKFLOW_TYPE } from '../retention/types';

const { pruneContent } = proxyActivities<{ pruneContent(input: PruneContentInput): Promise<PruneContentResult> }>({
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '2 minutes',
  // A store or Temporal briefly down: retry; a store that cannot be pruned: stop.
  retry: { maximumAttempts: 5, nonRetryableErrorTypes: ['InvalidConfig'] },
});

/** Runs one retention pass and returns its figures. */
export async function contentRetention(input: PruneContentInput): Promise<PruneContentResult> {
  return pruneContent(input);
}
