/**
 * Issue 11, item 2: several worker processes, one deployment. Two runnable workers
 * (src/worker.ts, as child processes: test/support/worker-process.ts) poll one task queue
 * and share one PostgreSQL content store (DURABLE_CONTEXT_STORE_URL, test/support/postgres.ts).
 * Concurrent sessions run turns with tool calls through both; worker A is SIGKILLed while it
 * runs an activity and replaced, then worker B likewise. Every session must complete every
 * turn with its log intact — each message once and in order, each tool call one result —
 * every referenced blob must read back from the database, every idempotent side effect
 * happen once, and no activity fail but with the kinds a kill causes (timeouts).
 *
 * Turns open in three phases (test/support/gated-driver.ts): before A's kill, between A's
 * replacement and B's kill, after B's replacement; each kill waits until the victim has an
 * activity running (the server's pending activities name the worker's identity,
 * test/support/worker-identity.ts), never on a sleep.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurableContextPlugin } from '../../src/plugin';
import { MemoryStore } from '../../src/store/memory-store';
import { PostgresStore } from '../../src/store/postgres-store';
import { startFakeOpenAI, type FakeOpenAI } from '../../src/testing/fake-openai';
import type { SessionConfig } from '../../src/workflows/types';
import { replayAll } from '../support/chaos-history';
import { sleep } from '../support/chaos-random';
import { CHAOS_MODEL, CHAOS_TOOLS_MODULE } from '../support/chaos-run';
import { chaosModel } from '../support/chaos-script';
import { CHAOS_EFFECTS_DIR_ENV, EFFECT_TOOL } from '../support/chaos-tools';
import { driveGated, type GatedOutcome } from '../support/gated-driver';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { requestProblems } from '../support/scripted-agent';
import { closeClient } from '../support/session';
import { checkSessions, noSessionProblems } from '../support/session-checks';
import { connectClient, installQuietRuntime, temporalAddress, uniqueId, workflowBundle } from '../support/temporal';
import { identitiesOf, runningActivities, runningOn, tasksByIdentity } from '../support/worker-identity';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';

const SESSIONS = 6;
const TURNS = 6;
/** The last turn of each phase: 1–2 before A's kill, 3–4 before B's, 5–6 after. */
const PHASE_ENDS = [2, 4, TURNS];
const WINDOW = 8_000;
const SEED = 'pg-workers';
/** Model latency: keeps activities in flight on both workers. */
const LATENCY_MS = 800;
const TEST_TIMEOUT_MS = 240_000;

/** Activities that run in the middle of a turn. */
const midTurn = (activity: string) => activity === 'callModel' || activity === 'executeTool';

const config = (s: number): Partial<SessionConfig> & Pick<SessionConfig, 'model'> => ({
  model: CHAOS_MODEL,
  systemPrompt: 'You are a test agent on two workers.',
  tools: [EFFECT_TOOL],
  summarizer: s % 2 === 0 ? { kind: 'llm', model: CHAOS_MODEL } : { kind: 'extractive' },
  compaction: { softThreshold: 0.6, target: 0.3, keepRecentTokens: 1_000 },
  // a killed worker's activities are retried once their heartbeat (or, for bookkeeping, their
  // start-to-close timeout, 20 s by default) expires: short, so the run does not wait per kill
  heartbeatTimeoutSeconds: 5,
  maxStepsPerTurn: 8,
});

describe('two worker processes on one task queue sharing the PostgreSQL store', () => {
  let pg: TestPostgres;
  let fake: FakeOpenAI;
  let client: Client;
  let store: PostgresStore;
  const workers = new Set<WorkerProcess>();

  beforeAll(async () => {
    pg = await startTestPostgres();
    store = new PostgresStore({ url: pg.url });
    const model = chaosModel({
      seed: SEED,
      // tools that succeed, return huge outputs (stored whole in the database), throw, or ask to be retried
      weights: { ok: 60, huge: 10, throw: 10, retry: 15, badJson: 0, badArgs: 5 },
    });
    fake = await startFakeOpenAI({
      contextWindow: WINDOW,
      defaultReply: (r) => ({ ...model.reply(r), delayMs: LATENCY_MS }),
    });
    client = await connectClient();
  });
  afterAll(async () => {
    await Promise.all([...workers].map((w) => w.kill()));
    await closeClient(client);
    await store?.close();
    await fake?.close();
    await pg?.close();
  });

  it(
    'runs sessions through both, survives killing each in turn, and leaves every log intact and its content retrievable',
    async () => {
      const t0 = Date.now();
      const elapsed = () => `${Math.round((Date.now() - t0) / 1000)} s`;
      const taskQueue = uniqueId('pg-workers');
      const unusedDir = mkdtempSync(path.join(os.tmpdir(), 'dc-unused-store-'));
      const effectsDir = mkdtempSync(path.join(os.tmpdir(), 'dc-effects-'));
      const sessionIds = Array.from({ length: SESSIONS }, () => uniqueId('pg-workers'));
      const start = async () => {
        const w = await startWorkerProcess({
          temporalAddress: temporalAddress(),
          taskQueue,
          storeDir: unusedDir,
          openaiBaseUrl: fake.url,
          models: [{ name: CHAOS_MODEL, contextWindow: WINDOW, maxOutputTokens: 256, encoding: 'o200k_base' }],
          toolsModule: CHAOS_TOOLS_MODULE,
          env: { DURABLE_CONTEXT_STORE_URL: pg.url, [CHAOS_EFFECTS_DIR_ENV]: effectsDir },
          readyTimeoutMs: 180_000,
        });
        workers.add(w);
        return { process: w, ids: identitiesOf(w) };
      };
      const kill = async (w: { process: WorkerProcess }) => {
        await w.process.kill();
        workers.delete(w.process);
      };
      /** Polls the sessions' running activities until `predicate` holds; returns them. */
      const until = async (predicate: (running: string[]) => boolean, what: string, timeoutMs = 120_000) => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const running = await runningActivities(client, sessionIds);
          if (predicate(running)) return running;
          if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
          await sleep(200);
        }
      };

      const [a, b] = await Promise.all([start(), start()]);
      expect(a.process.output()).toMatch(/store postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres/);
      console.log(`${elapsed()}: workers A and B ready`);

      const opened: Array<() => void> = [];
      const gates = PHASE_ENDS.map(() => new Promise<void>((resolve) => opened.push(resolve)));
      const open = (p: number) => opened[p]?.();
      const gate = (n: number) => gates[PHASE_ENDS.findIndex((end) => n <= end)] as Promise<void>;
      let turnsDone = 0;
      const drivers: Promise<GatedOutcome>[] = sessionIds.map((sessionId, i) =>
        driveGated({
          client,
          start: { sessionId, taskQueue, config: config(i + 1) },
          index: i + 1,
          turns: TURNS,
          seed: SEED,
          gate,
          onTurn: () => turnsDone++,
          deadline: t0 + TEST_TIMEOUT_MS - 60_000, // leaves time for the checks
        }),
      );
      open(0);

      // A dies in the middle of a turn (a model call or a tool running on it), once turns have
      // ended and B has shown it runs activities too
      let bRan = false;
      const onA = await until((running) => {
        bRan ||= runningOn(running, b.ids).length > 0;
        return bRan && turnsDone >= 2 && runningOn(running, a.ids).some(midTurn);
      }, 'a turn under way on worker A');
      await kill(a);
      console.log(
        `${elapsed()}: worker A killed running ${runningOn(onA, a.ids).join(', ')}; starting its replacement`,
      );
      const a2 = await start();
      console.log(`${elapsed()}: worker A' ready`);
      open(1);

      const onB = await until((running) => runningOn(running, b.ids).some(midTurn), 'a turn under way on worker B');
      await kill(b);
      console.log(
        `${elapsed()}: worker B killed running ${runningOn(onB, b.ids).join(', ')}; starting its replacement`,
      );
      const b2 = await start();
      console.log(`${elapsed()}: worker B' ready`);
      open(2);

      const outcomes = await Promise.all(drivers);
      console.log(`${elapsed()}: every session ended`);
      for (const o of outcomes) {
        expect(o.errors, o.sessionId).toEqual([]);
        expect([...o.results.keys()], o.sessionId).toEqual(Array.from({ length: TURNS }, (_, i) => i + 1));
        for (const [n, r] of o.results) {
          if (r === 'processed') continue;
          expect(r.error, `${o.sessionId} message ${n}`).toBeUndefined();
          expect(r.messageId).toBe(`${o.sessionId}:m${n}`);
        }
      }

      const { problems, figures, histories } = await checkSessions(client, store, sessionIds, TURNS, effectsDir);
      expect(problems).toEqual(noSessionProblems());
      expect(requestProblems(fake, WINDOW)).toEqual([]);
      installQuietRuntime();
      const replay = await replayAll(
        { workflowBundle: workflowBundle(), plugins: [new DurableContextPlugin({ store: new MemoryStore() })] },
        histories.map((history, i) => ({ sessionId: `history ${i + 1}`, runs: [{ runId: String(i), history }] })),
      );
      expect([...replay.failures.values()].flat()).toEqual([]);

      // every worker process served activities: the work really was spread, then carried on
      const byIdentity = tasksByIdentity(histories);
      const served = (ids: Set<string>) => [...ids].reduce((n, id) => n + (byIdentity.get(id)?.activities ?? 0), 0);
      const perWorker = { A: served(a.ids), B: served(b.ids), "A'": served(a2.ids), "B'": served(b2.ids) };
      console.log(
        `${elapsed()}: ${SESSIONS} sessions × ${TURNS} turns; activities by worker ${JSON.stringify(perWorker)}; ` +
          `${figures.logItems} log items, ${figures.toolCalls} tool calls, ${figures.blobsRead} blobs read back, ` +
          `${figures.runs} runs, ${figures.compactions} compactions; activity failures ${JSON.stringify(figures.activityFailures)}`,
      );
      for (const [name, count] of Object.entries(perWorker))
        expect(count, `activities run by ${name}`).toBeGreaterThan(0);
      expect(figures.toolCalls).toBeGreaterThan(SESSIONS);
      // the kills interrupted running activities: the server timed them out and another worker retried them
      const timeouts = Object.entries(figures.activityFailures).filter(([kind]) => kind.includes(':Timeout:'));
      expect(timeouts.length, JSON.stringify(figures.activityFailures)).toBeGreaterThan(0);
      expect(figures.blobsRead).toBeGreaterThanOrEqual(figures.contentRefs);
      // the content lives in the database, not in the directory the workers were also given
      expect(readdirSync(unusedDir)).toEqual([]);
      await Promise.all([kill(a2), kill(b2)]);
    },
    TEST_TIMEOUT_MS,
  );
});
