/**
 * The runnable worker and the CLI configured by URL and keys only: DURABLE_CONTEXT_STORE_URL
 * points both at a real PostgreSQL (test/support/postgres.ts) and DURABLE_CONTEXT_KEYS turns
 * on encryption. The worker serves a session with its content in the database, encrypted;
 * `view --content` reads it back through the same variables.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/cli/dev-server';
import * as sessions from '../../src/client';
import { DurableContextEncryptionPlugin } from '../../src/encryption/encryption-plugin';
import { keyringFromEnv } from '../../src/encryption/keys-from-env';
import { startFakeOpenAI, type FakeOpenAI } from '../../src/testing/fake-openai';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { TEST_MODEL } from '../support/session';
import { temporalAddress, uniqueId } from '../support/temporal';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';

const KEYS = `k1:${randomBytes(32).toString('base64')}`;

describe('worker and CLI on the PostgreSQL store, by URL', () => {
  let pg: TestPostgres;
  let fake: FakeOpenAI;
  let connection: Connection;
  let worker: WorkerProcess | undefined;
  let storeUrl: string;

  beforeAll(async () => {
    pg = await startTestPostgres();
    // trust authentication ignores the password; it is there to check that nothing prints it
    const url = new URL(pg.url);
    url.password = 'pw-must-not-leak';
    storeUrl = url.toString();
    fake = await startFakeOpenAI({ contextWindow: 16_000 });
    connection = await Connection.connect({ address: temporalAddress() });
  });
  afterAll(async () => {
    await worker?.stop();
    await connection?.close();
    await fake?.close();
    await pg?.close();
  });

  it('serves a session with its content encrypted in the database, and view --content reads it', async () => {
    const taskQueue = uniqueId('pg-worker');
    const emptyDir = mkdtempSync(path.join(os.tmpdir(), 'dc-unused-store-'));
    worker = await startWorkerProcess({
      temporalAddress: temporalAddress(),
      taskQueue,
      storeDir: emptyDir,
      openaiBaseUrl: fake.url,
      models: [{ name: TEST_MODEL, contextWindow: 16_000, maxOutputTokens: 256, encoding: 'o200k_base' }],
      env: { DURABLE_CONTEXT_STORE_URL: storeUrl, DURABLE_CONTEXT_KEYS: KEYS },
    });
    expect(worker.output()).toMatch(/store postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/postgres \(encrypted/);
    expect(worker.output()).not.toContain('pw-must-not-leak');

    const keyring = keyringFromEnv({ DURABLE_CONTEXT_KEYS: KEYS });
    const client = new Client({ connection, plugins: [new DurableContextEncryptionPlugin({ keyring })] });
    const sessionId = uniqueId('pg-worker');
    fake.script({ text: 'stored in postgres: KIWI-5150' });
    await sessions.startSession(client, { sessionId, taskQueue, config: { model: TEST_MODEL } });
    const turn = await sessions.sendMessage(client, sessionId, 'remember GUAVA-2024');
    expect(turn.reply).toBe('stored in postgres: KIWI-5150');

    const admin = new Pool({ connectionString: pg.url });
    try {
      const { rows } = await admin.query<{ body: Buffer }>('SELECT body FROM durable_context_content');
      expect(rows.length).toBeGreaterThanOrEqual(2);
      const all = Buffer.concat(rows.map((r) => r.body));
      expect(all.includes(Buffer.from('GUAVA-2024'))).toBe(false);
      expect(all.includes(Buffer.from('KIWI-5150'))).toBe(false);
    } finally {
      await admin.end();
    }
    expect(readdirSync(emptyDir)).toEqual([]); // the URL wins over the directory

    const env = { DURABLE_CONTEXT_STORE_URL: storeUrl, DURABLE_CONTEXT_KEYS: KEYS };
    const view = await cli(['view', sessionId, '--content'], env);
    expect(view.code, view.output).toBe(0);
    expect(view.output).toContain('remember GUAVA-2024');
    expect(view.output).toContain('stored in postgres: KIWI-5150');
    // without the keys, the same command cannot decrypt and says which key it needs
    const noKeys = await cli(['view', sessionId, '--content'], { DURABLE_CONTEXT_STORE_URL: storeUrl });
    expect(noKeys.code, noKeys.output).toBe(1);
    expect(noKeys.output).toMatch(/encrypted with key 'k1', but no keys are configured/);
  }, 240_000);
});

/** Runs the CLI with `env` on top of a clean environment; resolves with its exit code and output. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const base: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
  for (const name of Object.keys(base))
    if (name.startsWith('DURABLE_CONTEXT_') || name.startsWith('VITEST')) delete base[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], {
      cwd: PROJECT_ROOT,
      env: { ...base, TEMPORAL_ADDRESS: temporalAddress(), ...env },
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => (output += b.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
