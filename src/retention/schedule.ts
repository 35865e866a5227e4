/**
 * The worker-side retention schedule: a Temporal Schedule that starts the
 * `contentRetention` workflow (src/workflows/retention.ts) every so often on the worker's
 * task queue. Created by the runnable worker when DURABLE_CONTEXT_RETENTION is set
 * (src/worker.ts); idempotent, and a worker started with other settings updates it.
 */
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { RETENTION_WORKFLOW_TYPE, type PruneContentInput } from './types';

/** The schedule of a task queue's retention. */
export function retentionScheduleId(taskQueue: string): string {
  return `durable-context-retention-${taskQueue}`;
}

/** What the schedule runs and how often. */
export interface RetentionSchedule {
  taskQueue: string;
  olderThanMs: number;
  everyMs: number;
}

/** Creates the schedule, or updates it to `options`; says which. */
export async function ensureRetentionSchedule(
  client: Client,
  options: RetentionSchedule,
): Promise<'created' | 'updated'> {
  const scheduleId = retentionScheduleId(options.taskQueue);
  const input: PruneContentInput = { olderThanMs: options.olderThanMs };
  const spec = { intervals: [{ every: options.everyMs }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: RETENTION_WORKFLOW_TYPE,
    workflowId: scheduleId,
    taskQueue: options.taskQueue,
    args: [input],
  };
  try {
    await client.schedule.create({
      scheduleId,
      spec,
      action,
      // A pass still running when the next is due: skip the next, never run two at once.
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
    });
    return 'created';
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
  await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  return 'updated';
}
