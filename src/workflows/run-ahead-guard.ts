/**
 * A workflow interceptor module that keeps a worker from completing a workflow task with
 * commands the workflow emitted while the SDK ran it ahead of that task (for a query): the
 * stopgap of docs/sdk-update-replay-order.md.
 *
 * How such an activation is recognised: a workflow task's activations see the workflow clock
 * of its `WorkflowTaskStarted` event, so a live activation whose clock has not moved since the
 * previous activation carries no new workflow task. When the SDK then hands over the query
 * that activation was made for (Core's id `legacy_query`), the guard fails that activation:
 * Core reports the query as failed and evicts the run, which drops the run-ahead state and
 * its pending commands. The next workflow task rebuilds the run from history, where those
 * events come in one activation with the task's own jobs — as they will on every replay.
 *
 * Sandbox code: registered with `workflowInterceptorModules` when bundling.
 */
import type { WorkflowInterceptorsFactory } from '@temporalio/workflow';

/** Core's query id for a query that came as a task of its own (not attached to a workflow task). */
const LEGACY_QUERY_ID = 'legacy_query';

/** The message of the failure the guard raises (clients see it in the failed query). */
export const RUN_AHEAD_MESSAGE = 'Workflow ran ahead of its workflow task for a query; evicting';

function millis(ts: { seconds?: unknown; nanos?: number | null } | null | undefined): number | undefined {
  if (!ts) return undefined;
  return Number(ts.seconds ?? 0) * 1000 + Math.floor((ts.nanos ?? 0) / 1_000_000);
}

/** One guard per workflow execution (the factory runs once per execution). */
export const interceptors: WorkflowInterceptorsFactory = () => {
  let previousClock: number | undefined;
  let ranAhead = false;
  return {
    internals: [
      {
        activate(input, next) {
          const jobs = input.activation.jobs ?? [];
          const queries = jobs.filter((j) => j.queryWorkflow);
          if (jobs.length > 0 && queries.length === jobs.length) {
            if (ranAhead && queries.some((j) => j.queryWorkflow?.queryId === LEGACY_QUERY_ID)) {
              throw new Error(RUN_AHEAD_MESSAGE);
            }
            return next(input);
          }
          const clock = millis(input.activation.timestamp);
          ranAhead = !input.activation.isReplaying && clock !== undefined && clock === previousClock;
          previousClock = clock;
          return next(input);
        },
      },
    ],
  };
};
