/**
 * Harness for session tests: a fake OpenAI-compatible server, a temp content store, a
 * worker with the durable-context plugin on the run's Temporal server, and a client.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Client } from '@temporalio/client';
import * as sessions from '../../src/client';
import type { SessionConfig } from '../../src/workflows/types';
import type { AnyToolDefinition } from '../../src/activities/tools/registry';
import type { UserModelSpec } from '../../src/activities/models';
import { checkToolPairing } from '../../src/context/pairing';
import { DurableContextPlugin } from '../../src/plugin';
import { FilesystemStore } from '../../src/store/filesystem-store';
import { startFakeOpenAI, type FakeOpenAI } from '../../src/testing/fake-openai';
import { connectClient, uniqueId, withWorker } from './temporal';

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
    new DurableContextPlugin({
      store,
      tools,
      models: { baseURL: fake.url, apiKey: 'test', models },
      // The test server registers them (src/cli/dev-server.ts).
      searchAttributes: true,
    });
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

/** The chat-completions requests the fake server received. */
export function chatRequests(h: SessionHarness) {
  return h.fake.requests.filter((r) => r.path === '/v1/chat/completions');
}

/**
 * Asserts that every chat request the provider answered fitted `window` and had every tool
 * call paired with its result (the fake server would have answered 400 otherwise).
 */
export function assertAllRequestsFitAndPaired(h: SessionHarness, window: number): void {
  const requests = chatRequests(h);
  if (requests.length === 0) throw new Error('the provider received no chat requests');
  for (const r of requests) {
    if (r.fault) continue;
    const issues = checkToolPairing(r.body.messages);
    if (issues.length) throw new Error(`unpaired request reached the provider: ${JSON.stringify(issues)}`);
    if (r.status !== 200) throw new Error(`provider answered ${r.status} to a request`);
    const total = (r.promptTokens ?? Infinity) + (r.body.max_tokens ?? r.body.max_completion_tokens ?? 0);
    if (total > window) throw new Error(`a request of ${total} tokens reached a ${window}-token window`);
  }
}

/** What {@link useSessionHarness} gives a describe block. */
export interface SessionSuite {
  readonly client: Client;
  readonly h: SessionHarness;
  /** Starts a session on the harness's task queue with the suite's defaults, overridden by `config`. */
  start(sessionId: string, config?: Partial<SessionConfig>): Promise<void>;
}

/**
 * Registers the hooks of a describe block of session tests: one client and one harness for
 * its tests, the fake server reset before each test, both closed afterwards.
 */
export function useSessionHarness(
  options: { contextWindow: number; maxOutputTokens?: number },
  defaults: Partial<SessionConfig> = {},
): SessionSuite {
  let client: Client | undefined;
  let h: SessionHarness | undefined;
  beforeAll(async () => {
    client = await connectClient();
    h = await sessionHarness(options);
  });
  beforeEach(() => h?.fake.reset());
  afterAll(async () => {
    await h?.close();
    await closeClient(client);
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useSessionHarness: used outside a test');
    return value;
  };
  return {
    get client() {
      return ready(client);
    },
    get h() {
      return ready(h);
    },
    async start(sessionId, config = {}) {
      await sessions.startSession(ready(client), {
        sessionId,
        taskQueue: ready(h).taskQueue,
        config: { model: TEST_MODEL, ...defaults, ...config },
      });
    },
  };
}
