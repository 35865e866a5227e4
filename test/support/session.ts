/**
 * Harness for session tests: a fake OpenAI-compatible server, a temp content store, a
 * worker with the durable-context plugin on the run's Temporal server, and a client.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import type { AnyToolDefinition } from '../../src/activities/tools/registry';
import type { UserModelSpec } from '../../src/activities/models';
import { DurableContextPlugin } from '../../src/plugin';
import { FilesystemStore } from '../../src/store/filesystem-store';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai';
import { uniqueId, withWorker } from './temporal';

/** The model every session test uses: small window, so compaction happens within a few turns. */
export const TEST_MODEL = 'fake-model';

export interface SessionHarness {
  fake: FakeOpenAI;
  store: FilesystemStore;
  storeDir: string;
  taskQueue: string;
  models: UserModelSpec[];
  plugin(tools?: readonly AnyToolDefinition[]): DurableContextPlugin;
  /** Runs `fn` while a worker with the plugin polls the harness's task queue. */
  run<T>(fn: () => Promise<T>, tools?: readonly AnyToolDefinition[]): Promise<T>;
  close(): Promise<void>;
}

export async function sessionHarness(options: {
  contextWindow: number;
  maxOutputTokens?: number;
}): Promise<SessionHarness> {
  const fake = await startFakeOpenAI({ contextWindow: options.contextWindow });
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'dc-store-'));
  const store = new FilesystemStore(storeDir);
  const taskQueue = uniqueId('session');
  const models: UserModelSpec[] = [
    {
      name: TEST_MODEL,
      contextWindow: options.contextWindow,
      maxOutputTokens: options.maxOutputTokens ?? 256,
      encoding: 'o200k_base',
    },
  ];
  const plugin = (tools: readonly AnyToolDefinition[] = []) =>
    new DurableContextPlugin({ store, tools, models: { baseURL: fake.url, apiKey: 'test', models } });
  return {
    fake,
    store,
    storeDir,
    taskQueue,
    models,
    plugin,
    run: (fn, tools) => withWorker({ taskQueue, plugins: [plugin(tools)] }, fn),
    close: () => fake.close(),
  };
}

/** Closes the client's connection (for afterAll). */
export async function closeClient(client: Client | undefined): Promise<void> {
  await client?.connection.close();
}
