/** The runnable worker (src/worker.ts): env configuration errors and a clean stop on SIGTERM. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import * as sessions from '../../src/client';
import { PROJECT_ROOT } from '../../src/cli/dev-server';
import { startFakeOpenAI, type FakeOpenAI } from '../../src/testing';
import { TEST_MODEL } from '../support/session';
import { connectClient, temporalAddress, uniqueId } from '../support/temporal';
import { writeModelsFile } from '../support/worker-process';

describe('the worker process', () => {
  let client: Client;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    client = await connectClient();
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake?.close();
    await client?.connection.close();
  });

  it('refuses a bad configuration with a clear message and exit code 1', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DURABLE_CONTEXT_TOOLS_ROOT: '/no/such/dir' };
    for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
    const run = spawnSync('npx', ['--no-install', 'tsx', 'src/worker.ts'], {
      cwd: PROJECT_ROOT,
      env,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "Invalid configuration 'DURABLE_CONTEXT_TOOLS_ROOT': '/no/such/dir' is not a directory",
    );
  });

  it('serves a session, then stops cleanly on SIGTERM', async () => {
    const taskQueue = uniqueId('worker-proc');
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      TEMPORAL_ADDRESS: temporalAddress(),
      DURABLE_CONTEXT_TASK_QUEUE: taskQueue,
      DURABLE_CONTEXT_STORE_DIR: mkdtempSync(path.join(os.tmpdir(), 'dc-store-')),
      DURABLE_CONTEXT_MODELS_FILE: writeModelsFile([
        { name: TEST_MODEL, contextWindow: 16_000, maxOutputTokens: 256, encoding: 'o200k_base' },
      ]),
      DURABLE_CONTEXT_LOG_LEVEL: 'WARN',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'test',
    };
    for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
    // node itself (not npx/tsx wrappers), so the signal reaches the worker exactly once, as from a supervisor
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], { cwd: PROJECT_ROOT, env });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 60_000;
      while (!output.includes(`task queue '${taskQueue}'`)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`worker not ready:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const sessionId = uniqueId('worker-proc');
      fake.script({ text: 'served by the worker process' });
      await sessions.startSession(client, { sessionId, taskQueue, config: { model: TEST_MODEL } });
      const turn = await sessions.sendMessage(client, sessionId, 'hello');
      expect(turn.reply).toBe('served by the worker process');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('durable-context worker: stopped');
  });
});
