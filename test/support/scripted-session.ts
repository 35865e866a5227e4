/**
 * One scripted session "deployment": a fake OpenAI server answering from an
 * {@link AgentScript}, a content store and a markers directory of its own, a unique task
 * queue — served either by an in-process worker (the plugin) or by real worker processes
 * (src/worker.ts) that a test may kill and restart.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import type { UserModelSpec } from '../../src/activities/models';
import * as sessions from '../../src/client';
import { DurableContextPlugin } from '../../src/plugin';
import { FilesystemStore } from '../../src/store/filesystem-store';
import { CRASH_TOOLS_DIR_ENV, crashTools, RELEASE_ALL } from './crash-tools';
import { startFakeOpenAI, type FakeOpenAI } from '../../src/testing/fake-openai';
import { scriptedAgent, type AgentScript, type ScriptedAgentOptions } from './scripted-agent';
import { TEST_MODEL } from './session';
import { temporalAddress, uniqueId, withWorker } from './temporal';
import { startWorkerProcess, type WorkerProcess } from './worker-process';

/** The crash tools module, as a worker process loads it. */
export const CRASH_TOOLS_MODULE = path.join(__dirname, 'crash-tools.ts');

/** A scripted deployment (see the module comment). */
export interface ScriptedDeployment {
  fake: FakeOpenAI;
  storeDir: string;
  /** Where `slow_step` leaves its start markers and looks for its go-ahead. */
  markersDir: string;
  taskQueue: string;
  models: UserModelSpec[];
  /** Runs `fn` while an in-process worker with the plugin serves the task queue. */
  inProcess<T>(fn: () => Promise<T>): Promise<T>;
  /** Starts a real worker process on the task queue (killed or stopped by the caller). */
  startWorker(): Promise<WorkerProcess>;
  /** Lets every `slow_step` (running or future) finish at once. */
  releaseAll(): void;
  close(): Promise<void>;
}

/** Creates a deployment whose model has `contextWindow` tokens and answers from `script`. */
export async function scriptedDeployment(options: {
  contextWindow: number;
  script: AgentScript;
  agent?: ScriptedAgentOptions;
  prefix?: string;
}): Promise<ScriptedDeployment> {
  const fake = await startFakeOpenAI({
    contextWindow: options.contextWindow,
    defaultReply: scriptedAgent(options.script, options.agent),
  });
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'dc-store-'));
  const markersDir = mkdtempSync(path.join(os.tmpdir(), 'dc-markers-'));
  const taskQueue = uniqueId(options.prefix ?? 'scripted');
  const models: UserModelSpec[] = [
    { name: TEST_MODEL, contextWindow: options.contextWindow, maxOutputTokens: 256, encoding: 'o200k_base' },
  ];
  const plugin = () =>
    new DurableContextPlugin({
      store: new FilesystemStore(storeDir),
      tools: crashTools(markersDir),
      models: { baseURL: fake.url, apiKey: 'test', models },
    });
  return {
    fake,
    storeDir,
    markersDir,
    taskQueue,
    models,
    inProcess: (fn) => withWorker({ taskQueue, plugins: [plugin()] }, fn),
    startWorker: () =>
      startWorkerProcess({
        temporalAddress: temporalAddress(),
        taskQueue,
        storeDir,
        openaiBaseUrl: fake.url,
        models,
        toolsModule: CRASH_TOOLS_MODULE,
        env: { [CRASH_TOOLS_DIR_ENV]: markersDir },
      }),
    releaseAll: () => writeFileSync(path.join(markersDir, RELEASE_ALL), ''),
    close: () => fake.close(),
  };
}

/** The parts of a raw log item that must match between runs (refs are sha256 of the content). */
export interface RawLogEntry {
  seq: number;
  turn: number;
  role: string;
  kind: string;
  ref: string;
  toolCallId?: string;
  covers?: { from: number; to: number };
}

/** The session's raw log (all runs), reduced to {@link RawLogEntry}. */
export async function rawLog(client: Client, sessionId: string): Promise<RawLogEntry[]> {
  return (await sessions.log(client, sessionId)).map((i) => {
    const e: RawLogEntry = { seq: i.seq, turn: i.turn, role: i.role, kind: i.kind, ref: i.content.ref };
    if (i.toolCallId !== undefined) e.toolCallId = i.toolCallId;
    if (i.covers) e.covers = i.covers;
    return e;
  });
}

/** Polls `predicate` every 50 ms until it holds; throws `what` after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
