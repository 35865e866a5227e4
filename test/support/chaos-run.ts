/**
 * One chaos run, shared by the stress test (test/integration/stress.test.ts) and `npm run
 * chaos` (bench/chaos/run.ts): concurrent sessions driven through the public client API
 * (test/support/chaos-driver.ts) against real worker processes that are SIGKILLed and
 * restarted (test/support/chaos-fleet.ts), a fake provider with random faults
 * (test/support/chaos-provider.ts), and optionally a restart of the Temporal server. Then
 * every session is checked: histories (test/support/chaos-history.ts), logs and side
 * effects (test/support/chaos-log.ts). Returns the report; never throws for a violation.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import type { ReplayWorkerOptions } from '@temporalio/worker';
import type { SessionConfig } from '../../src/workflows/types';
import { checkRun } from './chaos-check';
import { driveSession, type SessionOutcome } from './chaos-driver';
import { startFleet } from './chaos-fleet';
import { startChaosProvider, type FaultOptions } from './chaos-provider';
import { seeded, sleep } from './chaos-random';
import type { ChaosReport } from './chaos-report';
import { chaosModel, type CallWeights } from './chaos-script';
import { CHAOS_EFFECTS_DIR_ENV, EFFECT_TOOL } from './chaos-tools';
import { PREBUILT_BUNDLE_ENV, PREBUILT_WORKER_ENTRY } from './prebuilt-worker';
import { startWorkerProcess } from './worker-process';

/** The chaos tools module, as worker processes load it. */
export const CHAOS_TOOLS_MODULE = path.join(__dirname, 'chaos-tools.ts');
/** The model of chaos sessions. */
export const CHAOS_MODEL = 'fake-model';

/** What a run does. */
export interface ChaosOptions {
  /** The Temporal frontend; `restart` stops and starts the server on the same address and database. */
  temporal: { address: string; restart?: () => Promise<void> };
  /** When to restart the server, in ms after the start (needs `temporal.restart`). */
  restartServerAfterMs?: number;
  sessions: number;
  turns: number;
  seed: string;
  /** Directory for the content store, the effects and the workers' output. */
  runDir: string;
  contextWindow: number;
  faults: FaultOptions;
  callWeights?: CallWeights;
  workers: number;
  /** Life of a worker process before its SIGKILL, in ms; never killed when absent. */
  workerLifeMs?: [number, number];
  /** Kill a worker only while another one is live. */
  rollingKills?: boolean;
  /**
   * A workflow bundle file: workers are test/support/prebuilt-worker.ts loading it (fast
   * restarts). Without it they are src/worker.ts, which bundles the workflow code at every start.
   */
  workflowBundlePath?: string;
  /** Kills stop this long after the start (or once every session is done). */
  chaosMs: number;
  /**
   * Each session's last message waits until this many workers were killed (or the run's
   * deadline), so a run that would otherwise end before the kills it is checked for still has them.
   */
  minKills?: number;
  /** Drivers give up this long after the start. */
  runTimeoutMs: number;
  continueAsNewAfterEvents?: number;
  /** How histories are replayed: a workflow bundle and/or the plugin. */
  replay: ReplayWorkerOptions;
  log: (line: string) => void;
}

function sessionConfig(o: ChaosOptions, s: number): Partial<SessionConfig> & Pick<SessionConfig, 'model'> {
  return {
    model: CHAOS_MODEL,
    systemPrompt: 'You are a chaos-test agent.',
    tools: [EFFECT_TOOL],
    summarizer: s % 3 === 0 ? { kind: 'llm', model: CHAOS_MODEL } : { kind: 'extractive' },
    compaction: { softThreshold: 0.6, target: 0.3, keepRecentTokens: 1_000 },
    heartbeatTimeoutSeconds: 8,
    maxStepsPerTurn: 8,
    ...(o.continueAsNewAfterEvents ? { continueAsNewAfterEvents: o.continueAsNewAfterEvents } : {}),
  };
}

/** Runs the chaos described by `o` and checks every session afterwards. */
export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const started = Date.now();
  const tag = seeded(`${o.seed}:${started}`)().toString(36).slice(2, 8);
  const storeDir = path.join(o.runDir, 'store');
  const effectsDir = path.join(o.runDir, 'effects');
  mkdirSync(storeDir, { recursive: true });
  mkdirSync(effectsDir, { recursive: true });
  const taskQueue = `chaos-${tag}`;
  const model = chaosModel({ seed: o.seed, ...(o.callWeights ? { weights: o.callWeights } : {}) });
  const provider = await startChaosProvider({ model, contextWindow: o.contextWindow, seed: o.seed, faults: o.faults });
  const models = [
    { name: CHAOS_MODEL, contextWindow: o.contextWindow, maxOutputTokens: 256, encoding: 'o200k_base' as const },
  ];
  const fleet = startFleet({
    size: o.workers,
    random: seeded(`${o.seed}:fleet`),
    logFile: path.join(o.runDir, 'workers.log'),
    log: o.log,
    ...(o.workerLifeMs ? { lifeMs: o.workerLifeMs } : {}),
    rolling: o.rollingKills ?? false,
    start: () =>
      startWorkerProcess({
        temporalAddress: o.temporal.address,
        taskQueue,
        storeDir,
        openaiBaseUrl: provider.fake.url,
        models,
        toolsModule: CHAOS_TOOLS_MODULE,
        env: {
          [CHAOS_EFFECTS_DIR_ENV]: effectsDir,
          ...(o.workflowBundlePath ? { [PREBUILT_BUNDLE_ENV]: o.workflowBundlePath } : {}),
        },
        ...(o.workflowBundlePath ? { entry: PREBUILT_WORKER_ENTRY } : {}),
        readyTimeoutMs: 180_000,
      }),
  });
  const client = new Client({ connection: await Connection.connect({ address: o.temporal.address }) });
  const auditor = setInterval(() => void provider.audit(), 5_000);
  let serverRestarts = 0;
  let restarting: Promise<void> | undefined;
  const restartTimer =
    o.temporal.restart && o.restartServerAfterMs !== undefined
      ? setTimeout(() => {
          o.log('restarting the Temporal server');
          restarting = (o.temporal.restart as () => Promise<void>)().then(() => {
            serverRestarts++;
            o.log('the Temporal server is back');
          });
        }, o.restartServerAfterMs)
      : undefined;
  const calmTimer = setTimeout(() => void fleet.calm().catch(() => undefined), o.chaosMs);
  const progress = setInterval(() => {
    const f = fleet.figures;
    o.log(
      `… ${Math.round((Date.now() - started) / 1000)} s: ${provider.fake.requests.length} requests, ${f.kills} kills`,
    );
  }, 15_000);

  const sessionIds = Array.from({ length: o.sessions }, (_, s) => `chaos-${tag}-s${s + 1}`);
  let outcomes: SessionOutcome[];
  try {
    outcomes = await Promise.all(
      sessionIds.map((sessionId, i) => {
        const index = i + 1;
        return driveSession({
          client,
          sessionId,
          index,
          turns: o.turns,
          start: { sessionId, taskQueue, config: sessionConfig(o, index) },
          seed: o.seed,
          model,
          random: seeded(`${o.seed}:driver:${index}`),
          deadline: started + o.runTimeoutMs,
          updateShare: 0.5,
          resendDuringShare: 0.25,
          resendAfterShare: 0.15,
          waitShare: 0.5,
          controlAfter: Math.ceil(o.turns / 2),
          ...(o.minKills
            ? { beforeLast: () => killsReached(fleet.figures, o.minKills ?? 0, started + o.runTimeoutMs) }
            : {}),
        });
      }),
    );
  } finally {
    clearTimeout(restartTimer);
    clearTimeout(calmTimer);
    clearInterval(progress);
  }
  await restarting?.catch((err: unknown) => o.log(`server restart failed: ${String(err)}`));
  o.log(`drivers done after ${Math.round((Date.now() - started) / 1000)} s; checking`);
  try {
    await fleet.calm();
    return await checkRun(o, {
      client,
      outcomes,
      fleet,
      provider,
      storeDir,
      effectsDir,
      serverRestarts,
      started,
      model,
    });
  } finally {
    clearInterval(auditor);
    await fleet.shutdown();
    await provider.close();
    await client.connection.close();
  }
}

/** Resolves once `figures.kills` reached `n`, or at `deadline` (the run's own checks then report the shortfall). */
async function killsReached(figures: { readonly kills: number }, n: number, deadline: number): Promise<void> {
  while (figures.kills < n && Date.now() < deadline) await sleep(200);
}
