import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { Worker, bundleWorkflowCode } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import * as activities from '../../src/activities/round-trip';
import { connectClient, installQuietRuntime, uniqueId, withWorker, workflowBundle } from '../support/temporal';

describe('round trip on a real Temporal dev server', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectClient();
  });
  afterAll(async () => {
    await client.connection.close();
  });

  async function runRoundTrip(text: string) {
    const taskQueue = uniqueId('round-trip');
    const workflowId = uniqueId('rt');
    const result = await withWorker({ taskQueue, activities }, () =>
      client.workflow.execute('roundTrip', { taskQueue, workflowId, args: [{ text }] }),
    );
    const history = await client.workflow.getHandle(workflowId).fetchHistory();
    return { result, history, workflowId };
  }

  it('runs a workflow that calls an activity and returns its result', async () => {
    const { result, history } = await runRoundTrip('hello');
    expect(result).toBe('round trip: hello');
    const scheduled = history.events?.filter((e) => e.activityTaskScheduledEventAttributes) ?? [];
    expect(scheduled).toHaveLength(1);
  });

  it('replays the recorded history against the current workflow code', async () => {
    const { history, workflowId } = await runRoundTrip('replay me');
    installQuietRuntime();
    await expect(
      Worker.runReplayHistory({ workflowBundle: workflowBundle() }, history, workflowId),
    ).resolves.toBeUndefined();
  });

  it('fails replay with a determinism error when the workflow code changed incompatibly', async () => {
    const { history, workflowId } = await runRoundTrip('then change the code');
    const changed = await bundleWorkflowCode({
      workflowsPath: path.join(__dirname, '..', 'support', 'changed-workflows', 'index.ts'),
      logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} },
    });
    installQuietRuntime();
    await expect(Worker.runReplayHistory({ workflowBundle: changed }, history, workflowId)).rejects.toBeInstanceOf(
      DeterminismViolationError,
    );
  });
});
