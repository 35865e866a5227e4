/**
 * Failure modes 19 and 9 (docs/architecture.md): a worker that dies mid-step (SIGKILL of the real worker process,
 * src/worker.ts) loses nothing and corrupts nothing. Each scenario runs one script twice:
 * uninterrupted on an in-process worker, and on worker processes that are killed at a known
 * point and replaced by a fresh one. The raw logs (role, kind, content sha256, tool call id
 * per item) must be identical, and the fake provider must never have seen an unpaired or
 * over-window request.
 *
 * The scenarios run concurrently: after a kill, Temporal retries the lost activity only when
 * its heartbeat timeout expires (the session's `heartbeatTimeoutSeconds`, 5 s here against
 * a default of 30), so the file takes about as long as its slowest one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import * as sessions from '../../src/client';
import { WORKER_LOSS_RESCHEDULE_PATCH } from '../../src/workflows/activities';
import type { SessionConfig, TurnResult } from '../../src/workflows/types';
import { startsOf } from '../support/crash-tools';
import {
  isSummaryRequest,
  requestProblems,
  stepOf,
  turnMessage,
  type AgentScript,
  type ScriptedAgentOptions,
} from '../support/scripted-agent';
import { rawLog, scriptedDeployment, waitFor, type ScriptedDeployment } from '../support/scripted-session';
import { closeClient, TEST_MODEL } from '../support/session';
import { connectClient, uniqueId, workflowBundle } from '../support/temporal';
import type { WorkerProcess } from '../support/worker-process';

const SCENARIO_TIMEOUT_MS = 150_000;

const CONFIG: Partial<SessionConfig> & Pick<SessionConfig, 'model'> = {
  model: TEST_MODEL,
  systemPrompt: 'You are a crash-test agent.',
  tools: ['slow_step', 'emit'],
  summarizer: { kind: 'llm', model: TEST_MODEL },
  compaction: { softThreshold: 0.6, target: 0.3, keepRecentTokens: 400 },
  heartbeatTimeoutSeconds: 5,
};

const emit = (label: string, lines: number) => ({ name: 'emit', arguments: { label, lines } });
const slowStep = (label: string) => ({ name: 'slow_step', arguments: { label } });

/** What a scenario observed in one run. */
interface RunRecord {
  log: Awaited<ReturnType<typeof rawLog>>;
  ledger: Array<Record<string, unknown>>;
  replies: string[];
  summary: unknown;
}

/** Steps a scenario takes on a session; `crash` holds the kill points (absent in the uninterrupted run). */
type Driver = (io: {
  sessionId: string;
  send(turn: number): Promise<TurnResult>;
  crash?: CrashControls;
}) => Promise<string[]>;

interface CrashControls {
  d: ScriptedDeployment;
  /** SIGKILLs the current worker process, runs `meanwhile`, and starts a fresh one. */
  killAndRestart(meanwhile?: () => void): Promise<void>;
}

describe.concurrent('a real worker process killed mid-step (SIGKILL) and restarted', () => {
  let client: Client;
  const deployments: ScriptedDeployment[] = [];
  const workers = new Set<WorkerProcess>();
  beforeAll(async () => {
    client = await connectClient();
  });
  afterAll(async () => {
    await Promise.all([...workers].map((w) => w.kill()));
    await Promise.all(deployments.map((d) => d.close()));
    await closeClient(client);
  });

  async function deploy(script: AgentScript, contextWindow: number, agent?: ScriptedAgentOptions) {
    const d = await scriptedDeployment({ contextWindow, script, prefix: 'crash', ...(agent ? { agent } : {}) });
    deployments.push(d);
    return d;
  }

  async function record(
    d: ScriptedDeployment,
    sessionId: string,
    drive: Driver,
    crash?: CrashControls,
    config: typeof CONFIG = CONFIG,
  ) {
    await sessions.startSession(client, { sessionId, taskQueue: d.taskQueue, config });
    const send = (turn: number) => sessions.sendMessage(client, sessionId, turnMessage(turn));
    const replies = await drive({ sessionId, send, ...(crash ? { crash } : {}) });
    const log = await rawLog(client, sessionId);
    const ledger = (await sessions.ledger(client, sessionId)).map(
      ({ strategy, reason, range, summarySeq, summarizer, outcome }) => ({
        strategy,
        reason,
        range,
        summarySeq,
        summarizer,
        outcome,
      }),
    );
    await sessions.end(client, sessionId);
    const summary = await client.workflow.getHandle(sessionId).result();
    const run: RunRecord = { log, ledger, replies, summary };
    return run;
  }

  /**
   * Runs `drive` uninterrupted (in-process worker) and with crashes (worker processes), and
   * checks both runs produced the same raw log, ledger and replies.
   */
  async function compareRuns(
    script: AgentScript,
    contextWindow: number,
    drive: Driver,
    crashAgent: ScriptedAgentOptions = {},
    config: typeof CONFIG = CONFIG,
  ): Promise<{ crashed: ScriptedDeployment; expected: RunRecord; actual: RunRecord }> {
    const base = await deploy(script, contextWindow);
    base.releaseAll();
    const expected = await base.inProcess(() => record(base, uniqueId('crash-baseline'), drive, undefined, config));
    expect(requestProblems(base.fake, contextWindow)).toEqual([]);

    const d = await deploy(script, contextWindow, crashAgent);
    let worker = await d.startWorker();
    workers.add(worker);
    const crash: CrashControls = {
      d,
      async killAndRestart(meanwhile) {
        await worker.kill();
        workers.delete(worker);
        meanwhile?.();
        worker = await d.startWorker();
        workers.add(worker);
      },
    };
    try {
      const actual = await record(d, uniqueId('crash'), drive, crash, config);
      expect(actual.log).toEqual(expected.log);
      expect(actual.ledger).toEqual(expected.ledger);
      expect(actual.replies).toEqual(expected.replies);
      expect(actual.summary).toEqual(expected.summary);
      expect(requestProblems(d.fake, contextWindow)).toEqual([]);
      return { crashed: d, expected, actual };
    } finally {
      await worker.kill();
      workers.delete(worker);
    }
  }

  /**
   * The request in flight died with the worker (never answered) and the retries were answered.
   * Usually one retry; on a loaded machine a retry can itself miss its 5 s heartbeat and run
   * once more — whatever the attempts, the compared logs show the result was applied once.
   */
  const expectDiedThenAnswered = (statuses: Array<number | undefined>) => {
    expect(statuses[0]).toBeUndefined();
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(statuses.slice(1).every((s) => s === 200)).toBe(true);
  };

  const reply = (r: TurnResult) => {
    expect(r.error).toBeUndefined();
    return r.reply;
  };

  it(
    'killed while a tool activity runs: the retried tool result lands once and the log equals an uninterrupted run',
    async () => {
      const script: AgentScript = {
        1: [{ toolCalls: [emit('a1', 5), slowStep('s1')] }, { text: 'turn 1 done' }],
        2: [{ toolCalls: [emit('a2', 3)] }, { text: 'turn 2 done' }],
      };
      const { crashed, expected } = await compareRuns(script, 6_000, async ({ send, crash }) => {
        const first = send(1);
        if (crash) {
          await waitFor(() => startsOf(crash.d.markersDir, 's1') === 1, 'slow_step to start');
          await crash.killAndRestart(() => crash.d.releaseAll());
        }
        return [reply(await first), reply(await send(2))];
      });
      // the tool really ran again after the kill (once in the killed worker, then retried; on a
      // heavily loaded machine a retry can itself miss its 5 s heartbeat and run once more) —
      // and whatever the attempts, its result landed once: the logs above are equal
      expect(startsOf(crashed.markersDir, 's1')).toBeGreaterThanOrEqual(2);
      expect(expected.log.filter((i) => i.role === 'tool')).toHaveLength(3);
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    'killed while a threshold summarization runs: the summary is applied once, after the retry, and the log equals an uninterrupted run',
    async () => {
      let summaryDelayMs = 120_000;
      const script: AgentScript = {
        1: [{ toolCalls: [emit('b1', 60)] }, { text: 'turn 1 done' }],
        2: [{ toolCalls: [emit('b2', 60)] }, { text: 'turn 2 done' }],
        3: [{ text: 'turn 3 done' }],
      };
      const { crashed, expected } = await compareRuns(
        script,
        4_000,
        async ({ send, crash }) => {
          const replies = [reply(await send(1))];
          const second = send(2);
          if (crash) {
            await waitFor(() => crash.d.fake.requests.some(isSummaryRequest), 'the summarization request');
            await crash.killAndRestart(() => (summaryDelayMs = 0));
          }
          replies.push(reply(await second), reply(await send(3)));
          return replies;
        },
        { summaryDelayMs: () => summaryDelayMs },
      );
      expect(expected.ledger).toContainEqual(
        expect.objectContaining({ reason: 'threshold', summarizer: `llm:${TEST_MODEL}`, outcome: 'applied' }),
      );
      // one summarization request died with the worker, the retry's was answered
      expectDiedThenAnswered(crashed.fake.requests.filter(isSummaryRequest).map((r) => r.status));
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    'killed while a manual compaction (the compact update) summarizes: the update completes and the log equals an uninterrupted run',
    async () => {
      let summaryDelayMs = 120_000;
      const script: AgentScript = {
        1: [{ toolCalls: [emit('d1', 20)] }, { text: 'turn 1 done' }],
        2: [{ toolCalls: [emit('d2', 20)] }, { text: 'turn 2 done' }],
        3: [{ text: 'turn 3 done' }],
      };
      const { crashed, expected } = await compareRuns(
        script,
        8_000,
        async ({ sessionId, send, crash }) => {
          const replies = [reply(await send(1)), reply(await send(2))];
          const compaction = sessions.compact(client, sessionId, 'keep the step labels');
          if (crash) {
            await waitFor(() => crash.d.fake.requests.some(isSummaryRequest), 'the summarization request');
            await crash.killAndRestart(() => (summaryDelayMs = 0));
          }
          const result = await compaction;
          expect(result.records).toHaveLength(1);
          expect(result.tokensAfter).toBeLessThan(result.tokensBefore);
          replies.push(reply(await send(3)));
          return replies;
        },
        { summaryDelayMs: () => summaryDelayMs },
      );
      expect(expected.ledger).toContainEqual(
        expect.objectContaining({ reason: 'manual', summarizer: `llm:${TEST_MODEL}`, outcome: 'applied' }),
      );
      expectDiedThenAnswered(crashed.fake.requests.filter(isSummaryRequest).map((r) => r.status));
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    'killed between turns and between steps (model call in flight after a tool batch): the log equals an uninterrupted run',
    async () => {
      let stepDelayMs = 120_000;
      const script: AgentScript = {
        1: [{ toolCalls: [emit('c1', 5)] }, { text: 'turn 1 done' }],
        2: [{ toolCalls: [emit('c2', 4), emit('c3', 4)] }, { text: 'turn 2 done' }],
        3: [{ text: 'turn 3 done' }],
      };
      const { crashed } = await compareRuns(
        script,
        6_000,
        async ({ send, crash }) => {
          const replies = [reply(await send(1))];
          // idle between turns: the new worker must rebuild the session by replaying its history
          if (crash) await crash.killAndRestart();
          const second = send(2);
          if (crash) {
            const inFlight = () => crash.d.fake.requests.some((r) => stepOf(r)?.turn === 2 && stepOf(r)?.step === 1);
            await waitFor(inFlight, 'the model call after the tool batch');
            await crash.killAndRestart(() => (stepDelayMs = 0));
          }
          replies.push(reply(await second), reply(await send(3)));
          return replies;
        },
        { stepDelayMs: (turn, step) => (turn === 2 && step === 1 ? stepDelayMs : 0) },
      );
      const afterBatch = crashed.fake.requests.filter((r) => stepOf(r)?.turn === 2 && stepOf(r)?.step === 1);
      expectDiedThenAnswered(afterBatch.map((r) => r.status));
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    "killed on every attempt its retry policy allows, and once more: the tool is scheduled again (the attempts are for the tool's errors) and the log equals an uninterrupted run",
    async () => {
      const script: AgentScript = {
        1: [{ toolCalls: [slowStep('e1')] }, { text: 'turn 1 done' }],
        2: [{ text: 'turn 2 done' }],
      };
      // two attempts per schedule: kills 1 and 2 spend the first schedule, kill 3 the first
      // attempt of the second; before this the step failed after kill 2 (a ToolFailed result)
      const config = {
        ...CONFIG,
        activities: { tools: { retry: { maximumAttempts: 2, initialIntervalMs: 200 }, workerLossReschedules: 2 } },
      };
      let scheduled = 0;
      const { crashed } = await compareRuns(
        script,
        6_000,
        async ({ sessionId, send, crash }) => {
          const first = send(1);
          if (crash) {
            for (let kill = 1; kill <= 3; kill++) {
              await waitFor(() => startsOf(crash.d.markersDir, 'e1') === kill, `attempt ${kill} of slow_step`);
              await crash.killAndRestart(kill === 3 ? () => crash.d.releaseAll() : undefined);
            }
          }
          const replies = [reply(await first), reply(await send(2))];
          if (crash) {
            const history = await client.workflow.getHandle(sessionId).fetchHistory();
            const events = history.events ?? [];
            scheduled = events.filter(
              (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'executeTool',
            ).length;
            expect(events.filter((e) => e.activityTaskTimedOutEventAttributes)).toHaveLength(1);
            const patches = events.flatMap((e) => {
              const marker = e.markerRecordedEventAttributes;
              if (marker?.markerName !== 'core_patch') return [];
              return Object.values(marker.details ?? {}).flatMap((p) =>
                (p.payloads ?? []).map((x) => Buffer.from(x.data ?? new Uint8Array()).toString('utf8')),
              );
            });
            expect(patches.some((p) => p.includes(WORKER_LOSS_RESCHEDULE_PATCH))).toBe(true);
            // the new path replays: the same history against this code reaches the same commands
            await Worker.runReplayHistory({ workflowBundle: workflowBundle() }, history, sessionId);
          }
          return replies;
        },
        {},
        config,
      );
      expect(startsOf(crashed.markersDir, 'e1')).toBe(4);
      expect(scheduled).toBe(2);
    },
    SCENARIO_TIMEOUT_MS,
  );
});
