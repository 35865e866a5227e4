/**
 * Encrypted payloads end to end, on the real Temporal server: a session whose worker and
 * client hold the keys runs a turn with a tool call; the raw history read back without the
 * codec holds none of the conversation and not the API key, and neither does the content
 * store on disk; the codec server lets the Temporal CLI read it; replay without the key
 * fails with a message naming the key.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import type { Payload } from '@temporalio/common';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineTool } from '../../src/activities/tools/registry';
import type { UserModelSpec } from '../../src/activities/models';
import { PROJECT_ROOT } from '../../src/cli/dev-server';
import { listSessions, type SessionRow } from '../../src/cli/sessions-command';
import * as sessions from '../../src/client';
import { startCodecServer } from '../../src/encryption/codec-server';
import { DurableContextEncryptionPlugin } from '../../src/encryption/encryption-plugin';
import { Keyring } from '../../src/encryption/keyring';
import { AesGcmPayloadCodec, ENCRYPTED_ENCODING } from '../../src/encryption/payload-codec';
import { DurableContextPlugin } from '../../src/plugin';
import { FilesystemStore } from '../../src/store/filesystem-store';
import { MemoryStore } from '../../src/store/memory-store';
import { startFakeOpenAI, type FakeOpenAI } from '../../src/testing/fake-openai';
import type { TurnResult } from '../../src/workflows/types';
import { TEST_MODEL } from '../support/session';
import { installQuietRuntime, temporalAddress, uniqueId, withWorker, workflowBundle } from '../support/temporal';

const run = promisify(execFile);

/** Strings that must never appear in the server's history or on disk. */
const SECRETS = {
  user: 'my locker code is PINEAPPLE-4711',
  system: 'You guard the SYSTEM-SECRET-8842.',
  tool: 'vault contents: BANANA-1234',
  reply: 'Your code is safe: MANGO-9931.',
  // A provider's 400 that quotes the request: a failure message, outside every payload.
  rejected: 'please forget PAPAYA-5521',
  apiKey: `sk-test-${randomBytes(12).toString('hex')}`,
};

const vaultTool = defineTool<{ shelf: string }>({
  name: 'open_vault',
  description: 'Read a vault shelf.',
  parameters: { type: 'object', properties: { shelf: { type: 'string' } }, required: ['shelf'] },
  idempotent: true,
  async execute() {
    return SECRETS.tool;
  },
});

describe('encrypted payloads and content', () => {
  const keyring = new Keyring([{ id: 'k1', key: randomBytes(32) }]);
  const models: UserModelSpec[] = [
    { name: TEST_MODEL, contextWindow: 16_000, maxOutputTokens: 256, encoding: 'o200k_base' },
  ];
  const sessionId = uniqueId('encrypted');
  let fake: FakeOpenAI;
  let storeDir: string;
  let connection: Connection;
  let history: temporal.api.history.v1.IHistory;
  let reply: string | undefined;
  let rejected: TurnResult | undefined;

  beforeAll(async () => {
    installQuietRuntime();
    fake = await startFakeOpenAI({ contextWindow: 16_000 });
    storeDir = mkdtempSync(path.join(os.tmpdir(), 'dc-enc-store-'));
    connection = await Connection.connect({ address: temporalAddress() });
    const client = new Client({ connection, plugins: [new DurableContextEncryptionPlugin({ keyring })] });
    const taskQueue = uniqueId('encrypted');
    const plugin = new DurableContextPlugin({
      store: new FilesystemStore(storeDir, { keyring }),
      keyring,
      tools: [vaultTool],
      models: { baseURL: fake.url, apiKey: SECRETS.apiKey, models },
    });
    fake.script({ toolCalls: [{ name: 'open_vault', arguments: { shelf: 'top' } }] }, { text: SECRETS.reply });
    reply = await withWorker({ taskQueue, plugins: [plugin] }, async () => {
      await sessions.startSession(client, {
        sessionId,
        taskQueue,
        config: { model: TEST_MODEL, systemPrompt: SECRETS.system, tools: ['open_vault'] },
      });
      const turn = await sessions.sendMessage(client, sessionId, SECRETS.user);
      fake.injectFault({ kind: 'status', status: 400, message: `Invalid content: '${SECRETS.rejected}'` });
      rejected = await sessions.sendMessage(client, sessionId, SECRETS.rejected);
      await sessions.end(client, sessionId);
      await client.workflow.getHandle(sessionId).result();
      return turn.reply;
    });
    // The raw history, as the server stores it: a client without the codec.
    history = await new Client({ connection }).workflow.getHandle(sessionId).fetchHistory();
  });
  afterAll(async () => {
    await connection?.close();
    await fake?.close();
  });

  it('works for whoever holds the key: the turn ran and the provider saw the plaintext and the key', () => {
    expect(reply).toBe(SECRETS.reply);
    const chat = fake.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(JSON.stringify(chat.map((r) => r.body))).toContain('PINEAPPLE-4711');
    expect(JSON.stringify(chat.map((r) => r.body))).toContain('BANANA-1234');
  });

  it("returns a provider's rejection, which quotes the request, decrypted to the key holder", () => {
    expect(rejected?.error).toMatchObject({ type: 'ProviderRejected' });
    expect(rejected?.error?.message).toContain('PAPAYA-5521');
  });

  it('leaves no plaintext of the conversation and no API key in the raw history', async () => {
    const raw = Buffer.from(temporal.api.history.v1.History.encode(history).finish());
    const json = JSON.stringify(historyToJSON(history));
    for (const secret of Object.values(SECRETS)) {
      expect(raw.includes(Buffer.from(secret)), secret).toBe(false);
      expect(json.includes(secret), secret).toBe(false);
    }
    const payloads = collectPayloads(history);
    expect(payloads.length).toBeGreaterThan(10);
    for (const p of payloads) expect(Buffer.from(p.metadata?.encoding ?? []).toString()).toBe(ENCRYPTED_ENCODING);
    // The search is not vacuous: decrypted, the same payloads hold the conversation.
    const decrypted = await new AesGcmPayloadCodec(keyring).decode(payloads);
    const plain = decrypted.map((p) => Buffer.from(p.data ?? []).toString()).join('\n');
    expect(plain).toContain('PINEAPPLE-4711');
    expect(plain).toContain('SYSTEM-SECRET-8842');
  });

  it('leaves no plaintext in the content store on disk', () => {
    const files = listFiles(storeDir);
    expect(files.length).toBeGreaterThan(3);
    const disk = Buffer.concat(files.map((f) => readFileSync(f)));
    for (const secret of [SECRETS.user, SECRETS.system, SECRETS.tool, SECRETS.reply, 'PINEAPPLE', 'BANANA']) {
      expect(disk.includes(Buffer.from(secret)), secret).toBe(false);
    }
  });

  it('lists the session with its figures for a key holder, and without the key lists it with the reason', async () => {
    const target = { address: temporalAddress(), namespace: 'default' };
    const row = async (client: Client): Promise<SessionRow | undefined> => {
      // Visibility is eventually consistent: retry briefly until the ended session shows.
      for (let i = 0; ; i++) {
        const rows = await listSessions(client, target, { limit: 10_000 });
        const found = rows.find((r) => r.sessionId === sessionId);
        if ((found && found.status !== 'RUNNING') || i >= 40) return found;
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const withKey = await row(new Client({ connection, plugins: [new DurableContextEncryptionPlugin({ keyring })] }));
    expect(withKey).toMatchObject({ status: 'COMPLETED', model: TEST_MODEL, turns: 2 });
    expect(withKey?.memoError).toBeUndefined();
    const withoutKey = await row(
      new Client({ connection, plugins: [new DurableContextEncryptionPlugin({ keyring: undefined })] }),
    );
    expect(withoutKey).toMatchObject({ status: 'COMPLETED' });
    expect(withoutKey?.model).toBeUndefined();
    expect(withoutKey?.memoError).toMatch(/encrypted with key 'k1'/);
  });

  it('replays with the key, and without it fails with a message naming the key', async () => {
    const options = (withKey: boolean) => ({
      workflowBundle: workflowBundle(),
      plugins: [new DurableContextPlugin({ store: new MemoryStore(), ...(withKey ? { keyring } : {}) })],
    });
    await Worker.runReplayHistory(options(true), history, sessionId);
    const failure = await Worker.runReplayHistory(options(false), history, sessionId).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(String(failure?.message)).toMatch(
      /encrypted with key 'k1', but no keys are configured: add key 'k1' to DURABLE_CONTEXT_KEYS or DURABLE_CONTEXT_KEY_FILE/,
    );
  });

  it("lets the Temporal CLI show the history decrypted through the codec server's endpoint", async () => {
    const cli = (await run('bash', [path.join(PROJECT_ROOT, 'scripts', 'temporal-cli.sh')])).stdout.trim();
    const server = await startCodecServer({ codec: new AesGcmPayloadCodec(keyring), port: 0, corsOrigins: [] });
    try {
      const show = (codec: string[]) =>
        run(
          cli,
          ['workflow', 'show', '--workflow-id', sessionId, '--address', temporalAddress(), ...codec, '-o', 'json'],
          {
            maxBuffer: 64 * 1024 * 1024,
          },
        );
      // The CLI prints payload data as base64: compare the decoded data of every payload.
      const decoded = payloadTexts((await show(['--codec-endpoint', server.url])).stdout);
      expect(decoded).toContain('PINEAPPLE-4711');
      expect(decoded).toContain('MANGO-9931');
      const rawShown = payloadTexts((await show([])).stdout);
      expect(rawShown).not.toContain('PINEAPPLE-4711');
    } finally {
      await server.close();
    }
  });
});

/** Every payload of the history's events (inputs, results, update arguments, markers …). */
function collectPayloads(value: unknown, out: Payload[] = []): Payload[] {
  if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) return out;
  const record = value as Record<string, unknown>;
  if (record.metadata && typeof record.metadata === 'object' && 'data' in record) {
    out.push(record as Payload);
    return out;
  }
  // Search attributes must stay readable by the server's visibility store, and patch markers
  // are written by the SDK's core: they carry only figures (model name, counts) and patch
  // ids, never conversation, and the secret search above covers them too. The memo goes
  // through the codec like every other payload.
  for (const [key, child] of Object.entries(record)) {
    if (['searchAttributes', 'markerRecordedEventAttributes'].includes(key)) continue;
    collectPayloads(child, out);
  }
  return out;
}

/** The `data` of every payload in `temporal workflow show -o json` output, decoded from base64 and joined. */
function payloadTexts(json: string): string {
  const texts: string[] = [];
  JSON.parse(json, (key, value: unknown) => {
    if (key === 'data' && typeof value === 'string') texts.push(Buffer.from(value, 'base64').toString('utf8'));
    return value;
  });
  return texts.join('\n');
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? listFiles(file) : [file];
  });
}
