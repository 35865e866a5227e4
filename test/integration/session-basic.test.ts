import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { builtinTools } from '../../src/activities/tools/builtin';
import * as sessions from '../../src/client';
import { checkToolPairing } from '../../src/context/pairing';
import { closeClient, sessionHarness, TEST_MODEL, type SessionHarness } from '../support/session';
import { connectClient, uniqueId } from '../support/temporal';

describe('agentSession basics', () => {
  let client: Client;
  let h: SessionHarness;
  let root: string;
  beforeAll(async () => {
    client = await connectClient();
    h = await sessionHarness({ contextWindow: 16_000 });
    root = mkdtempSync(path.join(os.tmpdir(), 'dc-root-'));
    writeFileSync(path.join(root, 'notes.txt'), 'line one\nline two\n');
  });
  afterAll(async () => {
    await h?.close();
    await closeClient(client);
  });

  it('answers a message with a tool call round trip, and status/view/log/ledger answer', async () => {
    const sessionId = uniqueId('basic');
    h.fake.script(
      { toolCalls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }] },
      { text: 'The file has two lines.' },
    );
    const tools = builtinTools({ root });
    const result = await h.run(async () => {
      await sessions.startSession(client, {
        sessionId,
        taskQueue: h.taskQueue,
        config: { model: TEST_MODEL, systemPrompt: 'You are a test agent.', tools: ['read_file'] },
      });
      const turn = await sessions.sendMessage(client, sessionId, 'How many lines in notes.txt?');
      const status = await sessions.status(client, sessionId);
      const view = await sessions.view(client, sessionId);
      const log = await sessions.log(client, sessionId);
      await sessions.end(client, sessionId);
      const summary = await client.workflow.getHandle(sessionId).result();
      return { turn, status, view, log, summary };
    }, tools);

    expect(result.turn.error).toBeUndefined();
    expect(result.turn.reply).toBe('The file has two lines.');
    expect(result.turn.steps).toBe(2);
    expect(result.log.map((i) => i.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(result.view.total).toBe(4);
    expect(result.status.turn).toBe(1);
    expect(result.summary).toMatchObject({ turns: 1, items: 4, runs: 1 });
    const chat = h.fake.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chat).toHaveLength(2);
    for (const r of chat) expect(checkToolPairing(r.body.messages)).toEqual([]);
    // Our exact count equals what the provider counted for the second request.
    expect(result.status.lastUsage?.promptTokens).toBe(chat[1]?.promptTokens);
    expect(result.status.usedTokens).toBeGreaterThan(0);
  });
});
