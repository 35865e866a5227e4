/**
 * {@link DescribeSession} over Temporal's workflow service: the raw DescribeWorkflowExecution
 * call, so no memo or search attribute is decoded (they may be encrypted with keys this
 * process lacks) — only the status and close time are read.
 */
import type { WorkflowService } from '@temporalio/client';
import { optionalTsToDate } from '@temporalio/common/lib/time';
import { temporal } from '@temporalio/proto';
import type { DescribeSession } from './verdicts';

/** gRPC status of "no such workflow". */
const NOT_FOUND = 5;
const Status = temporal.api.enums.v1.WorkflowExecutionStatus;

/** Describes workflows of `namespace` through `service` (a client's `workflowService`). */
export function describeVia(service: WorkflowService, namespace: string): DescribeSession {
  return async (workflowId) => {
    try {
      const response = await service.describeWorkflowExecution({ namespace, execution: { workflowId } });
      const info = response.workflowExecutionInfo;
      const code = info?.status ?? Status.WORKFLOW_EXECUTION_STATUS_UNSPECIFIED;
      const status = statusName(code);
      const closedAt =
        code === Status.WORKFLOW_EXECUTION_STATUS_RUNNING ? undefined : optionalTsToDate(info?.closeTime);
      return { status, ...(closedAt ? { closedAt } : {}) };
    } catch (err) {
      if ((err as { code?: unknown }).code === NOT_FOUND) return undefined;
      throw err;
    }
  };
}

/** `Running`, `Completed`, `ContinuedAsNew`, … from the enum. */
function statusName(code: number): string {
  const name = Status[code] ?? 'UNSPECIFIED';
  return name
    .replace('WORKFLOW_EXECUTION_STATUS_', '')
    .toLowerCase()
    .replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

/**
 * Fails unless `namespace` exists: "not found" of a workflow must mean the workflow, never a
 * namespace this process cannot see, or every session would look gone.
 */
export async function requireNamespace(service: WorkflowService, namespace: string): Promise<void> {
  await service.describeNamespace({ namespace });
}
