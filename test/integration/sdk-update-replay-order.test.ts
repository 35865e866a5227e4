/**
 * The Temporal SDK bug behind the stuck stress sessions
 * (docs/sdk-update-replay-order.md): when a query reaches a worker whose history already holds
 * a new event (an activity completion) that no workflow task has delivered yet, the SDK
 * applies it for the query in an activation of its own, and the commands the workflow emits
 * there are sent with the next workflow task — ahead of that task's update acceptance. On
 * replay the SDK hands both in one activation, acceptance first: the history cannot replay.
 *
 * The reproduction workflow is the single-queue design (test/support/update-order/workflows.ts);
 * the fault is driven by test/support/update-order/scenario.ts. The first cases pin the bug
 * and the designs that do not avoid it — if one of them starts replaying, the SDK changed:
 * re-read the doc before relying on it. The last cases prove the workarounds.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { historyFromJSON, type History } from '@temporalio/common/lib/proto-utils';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import { PROJECT_ROOT } from '../../src/cli/dev-server';
import { connectClient, installQuietRuntime, temporalAddress } from '../support/temporal';
import { RUN_AHEAD_GUARD_MODULE } from '../../src/plugin';
import { RUN_AHEAD_MESSAGE } from '../../src/workflows/run-ahead-guard';
import { runFault, type FaultOptions, type FaultRun } from '../support/update-order/scenario';
import { acceptedAfterCommand } from '../support/update-order/signature';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'sdk-update-replay-order');
const SUPPORT = path.join(__dirname, '..', 'support', 'update-order');
/** One run takes 15–35 s on a loaded machine; a run whose timing missed the fault is retried. */
const ATTEMPTS = 3;
const TIMEOUT = ATTEMPTS * 60_000;

function fixture(file: string): History {
  return historyFromJSON(JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')));
}

const quietLogger = { trace() {}, debug() {}, info() {}, warn() {}, error: console.error, log() {} };

async function writeBundle(name: string, interceptorModules: string[] = []): Promise<string> {
  const { code } = await bundleWorkflowCode({
    workflowsPath: path.join(SUPPORT, 'workflows.ts'),
    workflowInterceptorModules: interceptorModules,
    logger: quietLogger,
  });
  const dir = path.join(PROJECT_ROOT, '.vitest-temporal');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `update-order-${name}.js`);
  writeFileSync(file, code);
  return file;
}

describe('SDK: commands emitted while running ahead for a query come before an update acceptance', () => {
  let client: Client;
  let plainBundle: string;
  let guardedBundle: string;

  beforeAll(async () => {
    installQuietRuntime();
    client = await connectClient();
    plainBundle = await writeBundle('plain');
    guardedBundle = await writeBundle('guarded', [RUN_AHEAD_GUARD_MODULE]);
  });
  afterAll(async () => {
    await client?.connection.close();
  });

  /** Runs the fault until `happened` (its timing depends on the server's sticky-queue handling). */
  async function fault(
    options: Omit<FaultOptions, 'client' | 'temporalAddress'>,
    happened: (run: FaultRun) => boolean = (run) => run.queryRanAhead,
  ): Promise<FaultRun> {
    let run: FaultRun | undefined;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      run = await runFault({ client, temporalAddress: temporalAddress(), ...options });
      if (happened(run)) return run;
    }
    throw new Error(`the fault did not happen in ${ATTEMPTS} runs; last query: ${JSON.stringify(run?.queryAnswer)}`);
  }

  const replay = (run: FaultRun, bundlePath: string) =>
    Worker.runReplayHistory({ workflowBundle: { codePath: bundlePath } }, run.history, run.workflowId);

  it('the stuck stress sessions recorded a command before an update acceptance in one workflow task', () => {
    expect(acceptedAfterCommand(fixture('stuck-session-1.json'))).toEqual([
      {
        taskCompletedId: 285,
        commandId: 286,
        commandType: 'activityTaskScheduled',
        acceptedId: 287,
        updateName: 'sendMessage',
        sequencingEventId: 283,
      },
    ]);
    expect(acceptedAfterCommand(fixture('stuck-session-2.json'))).toEqual([
      {
        taskCompletedId: 283,
        commandId: 284,
        commandType: 'activityTaskScheduled',
        acceptedId: 285,
        updateName: 'sendMessage',
        sequencingEventId: 281,
      },
    ]);
  });

  it(
    'single queue, a message by update: the same history shape, and it does not replay',
    async () => {
      const run = await fault({ bundlePath: plainBundle, delivery: 'update' });
      expect(acceptedAfterCommand(run.history)).toEqual([
        expect.objectContaining({ commandType: 'activityTaskScheduled', updateName: 'sendMessage' }),
      ]);
      await expect(replay(run, plainBundle)).rejects.toThrow(
        /Update machine does not handle this event: HistoryEvent\(id: \d+, ActivityTaskScheduled\)/,
      );
    },
    TIMEOUT,
  );

  it(
    'yielding with a timer before a turn’s first activity does not help: the timer is a command too',
    async () => {
      const run = await fault({
        bundlePath: plainBundle,
        delivery: 'update',
        workflowOptions: { yieldWithTimer: true },
      });
      expect(acceptedAfterCommand(run.history)).toEqual([expect.objectContaining({ commandType: 'timerStarted' })]);
      await expect(replay(run, plainBundle)).rejects.toThrow(
        /Update machine does not handle this event: HistoryEvent\(id: \d+, TimerStarted\)/,
      );
    },
    TIMEOUT,
  );

  it(
    'messages by signal only: the history replays, but the loop saw a history length replay will not',
    async () => {
      const run = await fault({ bundlePath: plainBundle, delivery: 'signal' });
      expect(acceptedAfterCommand(run.history)).toEqual([]);
      await expect(replay(run, plainBundle)).resolves.toBeUndefined();
      // Turn 2's `store` recorded workflowInfo().historyLength of the run-ahead activation: no
      // WorkflowTaskStarted there, so a replay (which sees the task's started event) computes
      // another value. Harmless in an activity input; a decision on it (continue-as-new) is not.
      const events = run.history.events ?? [];
      const seen = run.queryAnswer?.turnStartedAt[1];
      expect(events.find((e) => Number(e.eventId) === seen)?.workflowTaskStartedEventAttributes).toBeFalsy();
    },
    TIMEOUT,
  );

  it(
    'workaround: a worker without a workflow cache takes over — the history replays',
    async () => {
      const run = await fault({ bundlePath: plainBundle, delivery: 'update', takeoverCache: 0 });
      expect(acceptedAfterCommand(run.history)).toEqual([]);
      await expect(replay(run, plainBundle)).resolves.toBeUndefined();
    },
    TIMEOUT,
  );

  it(
    'workaround: the run-ahead guard fails that query and evicts the run — the history replays',
    async () => {
      const run = await fault(
        { bundlePath: guardedBundle, delivery: 'update' },
        (r) => r.queryError?.includes(RUN_AHEAD_MESSAGE) ?? false,
      );
      expect(acceptedAfterCommand(run.history)).toEqual([]);
      await expect(replay(run, guardedBundle)).resolves.toBeUndefined();
    },
    TIMEOUT,
  );
});
