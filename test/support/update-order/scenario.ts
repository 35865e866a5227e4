/**
 * Drives the fault behind the stuck stress sessions (docs/sdk-update-replay-order.md) against
 * a real server, with the reproduction workflow of ./workflows.ts:
 *
 * 1. turn 1 runs (`work` is gated) on worker A, a child process; `turn 2` is signalled and
 *    queued by a workflow task, so the workflow sits idle on an open activity;
 * 2. A is SIGKILLed: its sticky queue stays assigned, nobody polls it;
 * 3. a query is sent: with no workflow task pending, the server dispatches it directly — to
 *    A's sticky queue, where it waits out the sticky schedule-to-start timeout (or at once to
 *    the normal queue, where nobody polls yet either);
 * 4. turn 1's `work` completes: its workflow task is scheduled on A's dead sticky queue and
 *    stays there for a full sticky timeout; `turn 3` arrives, by update or by signal; then
 *    worker B starts, a fresh worker that has never seen the workflow;
 * 5. B is handed the query first. The history in that task is read at poll time and already
 *    holds turn 1's completion; the SDK applies it in a live activation of its own before
 *    answering — the main loop takes `turn 2` and emits its `store` — and keeps the run cached;
 * 6. the workflow task then times out of the sticky queue and reaches B, carrying `turn 3`;
 *    B completes it with the commands of both activations, the `store` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { WorkflowUpdateStage, type Client, type WorkflowHandle } from '@temporalio/client';
import type { History } from '@temporalio/common/lib/proto-utils';
import { NativeConnection, Worker } from '@temporalio/worker';
import { PROJECT_ROOT } from '../../../src/cli/dev-server';
import { gatedActivities } from './activities';
import { READY_LINE } from './workflow-worker';
import {
  messageSignal,
  progressQuery,
  sendMessageUpdate,
  type OrderProgress,
  type QueueSessionOptions,
  type queueSession,
} from './workflows';

type Event = NonNullable<History['events']>[number];

/** How `turn 3` — the message that arrives with the workflow task B takes over — is sent. */
export type Delivery = 'update' | 'signal';

/** One run of the fault. */
export interface FaultOptions {
  client: Client;
  temporalAddress: string;
  /** Prebuilt bundle of ./workflows.ts, possibly with interceptor modules (both workers load it). */
  bundlePath: string;
  delivery: Delivery;
  /** The workflow's input. */
  workflowOptions?: QueueSessionOptions;
  /** `maxCachedWorkflows` of worker B; the SDK default when undefined. */
  takeoverCache?: number;
  /** Sticky schedule-to-start timeout of worker A; default 5 s. */
  stickyTimeoutMs?: number;
}

/** What a run produced. */
export interface FaultRun {
  workflowId: string;
  history: History;
  /** The query's answer (taken by worker B), unless the query failed. */
  queryAnswer?: OrderProgress;
  /** Why the query failed, if it did. */
  queryError?: string;
  /**
   * True when the fault happened as intended: for the query, the SDK applied turn 1's
   * completion in an activation of its own, and the main loop began turn 2 there — before the
   * workflow task that carries turn 1's completion (and turn 3) reached the worker.
   */
  queryRanAhead: boolean;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Starts ./workflow-worker.ts in its own process group and waits for its readiness line. */
async function startWorkerA(env: Record<string, string>): Promise<{ kill(): Promise<void> }> {
  const childEnv: Record<string, string> = { ...(process.env as Record<string, string>), ...env };
  for (const key of Object.keys(childEnv)) if (key.startsWith('VITEST')) delete childEnv[key];
  const child: ChildProcess = spawn('npx', ['--no-install', 'tsx', path.join(__dirname, 'workflow-worker.ts')], {
    cwd: PROJECT_ROOT,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup();
      reject(new Error(`worker A not ready after 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`worker A exited (${signal ?? code}) before it was ready:\n${output}`));
    });
  });
  return {
    kill: async () => {
      killGroup();
      await exited;
    },
  };
}

/**
 * How long the query waits before turn 1 completes. The query reaches the normal queue at
 * once (if the server already counts A's sticky queue as unpolled) or after A's sticky
 * timeout; the new workflow task stays on A's sticky queue for a full sticky timeout after
 * turn 1 completes. Either way B, started after the completion, is handed the query first.
 */
const QUERY_HEAD_START_MS = 1_500;

const isWork = (e: Event) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'work';

/** Event id of the completion of the n-th (1-based) `work` activity, if it completed. */
function workCompletedId(events: Event[], n: number): number | undefined {
  const scheduled = events.filter(isWork)[n - 1];
  if (!scheduled) return undefined;
  const completed = events.find(
    (e) => String(e.activityTaskCompletedEventAttributes?.scheduledEventId) === String(scheduled.eventId),
  );
  return completed ? Number(completed.eventId) : undefined;
}

/**
 * Whether the main loop began turn 2 in an activation that was no workflow task: the history
 * length it saw then (reported by the query) is not the id of a `WorkflowTaskStarted` event.
 * A workflow task's activations always see the history up to its started event; the SDK's
 * activation for a query that carried new events sees the history up to whatever came last.
 */
function ranAhead(history: History, answer: OrderProgress | undefined): boolean {
  const seen = answer?.turnStartedAt[1];
  if (seen === undefined) return false;
  const event = (history.events ?? []).find((e) => Number(e.eventId) === seen);
  return event !== undefined && !event.workflowTaskStartedEventAttributes;
}

/** Runs the fault once; terminates the workflow and stops its workers before returning. */
export async function runFault(options: FaultOptions): Promise<FaultRun> {
  const { client, delivery } = options;
  // (not ../temporal's uniqueId: that module needs vitest, and this one also runs from scripts)
  const taskQueue = `update-order-${randomUUID()}`;
  const workflowId = taskQueue;
  const gated = gatedActivities();
  const connection = await NativeConnection.connect({ address: options.temporalAddress });
  const activityWorker = await Worker.create({ connection, taskQueue, activities: gated.activities });
  const activityRun = activityWorker.run();
  let takeover: Worker | undefined;
  let takeoverRun: Promise<void> | undefined;
  let handle: WorkflowHandle<typeof queueSession> | undefined;
  const workerA = await startWorkerA({
    TEMPORAL_ADDRESS: options.temporalAddress,
    TASK_QUEUE: taskQueue,
    WORKFLOW_BUNDLE: options.bundlePath,
    STICKY_TIMEOUT_MS: String(options.stickyTimeoutMs ?? 5_000),
  });
  try {
    const h = await client.workflow.start<typeof queueSession>('queueSession', {
      taskQueue,
      workflowId,
      args: [options.workflowOptions ?? {}],
    });
    handle = h;
    const events = async () => (await h.fetchHistory()).events ?? [];

    // 1. Turn 1 runs on A; turn 2 is queued by a workflow task; nothing else is pending.
    await h.signal(messageSignal, 'turn 1');
    await gated.started('turn 1');
    await h.signal(messageSignal, 'turn 2');
    await waitFor('turn 2 to be queued by a workflow task', async () => {
      const evs = await events();
      const signals = evs.filter((e) => e.workflowExecutionSignaledEventAttributes);
      const last = Number(signals.at(-1)?.eventId ?? 0);
      return (
        signals.length === 2 && evs.some((e) => e.workflowTaskCompletedEventAttributes && Number(e.eventId) > last)
      );
    });

    // 2.–3. A dies; a query is sent while no worker can answer it.
    await workerA.kill();
    const answer = h.query(progressQuery).then(
      (progress) => ({ progress }),
      (err: unknown) => ({ error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) }),
    );

    // 4. Turn 1's work completes while no worker can take the new workflow task; turn 3 arrives.
    await sleep(QUERY_HEAD_START_MS);
    gated.open('turn 1');
    await waitFor('turn 1 to complete', async () => workCompletedId(await events(), 1) !== undefined);
    const update =
      delivery === 'update'
        ? h.startUpdate(sendMessageUpdate, { args: ['turn 3'], waitForStage: WorkflowUpdateStage.ACCEPTED })
        : h.signal(messageSignal, 'turn 3').then(() => undefined);
    takeover = await Worker.create({
      connection,
      taskQueue,
      workflowBundle: { codePath: options.bundlePath },
      ...(options.takeoverCache !== undefined ? { maxCachedWorkflows: options.takeoverCache } : {}),
    });
    takeoverRun = takeover.run();

    // 5. The query is answered by B (or fails there).
    const queried = await answer;
    const queryAnswer = 'progress' in queried ? queried.progress : undefined;

    // 6. B takes the workflow task with turn 3; let every turn finish.
    const updateHandle = await update;
    gated.open('turn 2');
    gated.open('turn 3');
    await waitFor('three turns to finish', async () => workCompletedId(await events(), 3) !== undefined, 60_000);
    if (updateHandle) await updateHandle.result();
    await waitFor('the last workflow task', async () => {
      const evs = await events();
      const last = workCompletedId(evs, 3) ?? Number.MAX_SAFE_INTEGER;
      return evs.some((e) => e.workflowTaskCompletedEventAttributes && Number(e.eventId) > last);
    });
    const history = await h.fetchHistory();
    return {
      workflowId,
      history,
      queryRanAhead: ranAhead(history, queryAnswer),
      ...(queryAnswer ? { queryAnswer } : {}),
      ...('error' in queried ? { queryError: queried.error } : {}),
    };
  } finally {
    await handle?.terminate('reproduction done').catch(() => undefined);
    await workerA.kill();
    takeover?.shutdown();
    await takeoverRun;
    activityWorker.shutdown();
    await activityRun;
    await connection.close();
  }
}
