import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { Worker } from '@temporalio/worker';
import { defineTool } from '../../src/activities/tools/registry';
import { builtinTools } from '../../src/activities/tools/builtin';
import * as sessions from '../../src/client';
import { compactUpdate, configureUpdate, sendMessageUpdate, userMessageSignal } from '../../src/workflows/definitions';
import { checkToolPairing } from '../../src/context/pairing';
import { closeClient, sessionHarness, TEST_MODEL, type SessionHarness } from '../support/session';
import { connectClient, installQuietRuntime, uniqueId } from '../support/temporal';

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

  it('puts AGENTS.md into the system message, and the plugin serves Client and runReplayHistory', async () => {
    const sessionId = uniqueId('plugin');
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'dc-agents-'));
    writeFileSync(path.join(workDir, 'package.json'), '{}');
    writeFileSync(path.join(workDir, 'AGENTS.md'), 'Always answer in haiku.');
    h.fake.script({ text: 'Autumn moonlight' });
    const plugin = h.plugin();
    const pluginClient = new Client({ connection: client.connection, plugins: [plugin] });
    const history = await h.run(async () => {
      await sessions.startSession(pluginClient, {
        sessionId,
        taskQueue: h.taskQueue,
        config: { model: TEST_MODEL, systemPrompt: 'Base prompt.', instructions: { workDir } },
      });
      expect((await sessions.sendMessage(pluginClient, sessionId, 'hi')).reply).toBe('Autumn moonlight');
      await sessions.end(pluginClient, sessionId);
      await pluginClient.workflow.getHandle(sessionId).result();
      return pluginClient.workflow.getHandle(sessionId).fetchHistory();
    });
    const system = h.fake.requests.at(-1)?.body.messages[0];
    expect(system.role).toBe('system');
    expect(system.content).toContain('Base prompt.');
    expect(system.content).toContain('Always answer in haiku.');
    installQuietRuntime();
    // The plugin alone is enough to replay: it brings the workflows (bundled from source here).
    await expect(Worker.runReplayHistory({ plugins: [plugin] }, history, sessionId)).resolves.toBeUndefined();
  });

  it('configure reloads AGENTS.md and recounts the fixed overhead', async () => {
    const sessionId = uniqueId('reload');
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'dc-agents-'));
    writeFileSync(path.join(workDir, 'package.json'), '{}');
    writeFileSync(path.join(workDir, 'AGENTS.md'), 'Rule one.');
    h.fake.script({ text: 'first' }, { text: 'second' });
    const out = await h.run(async () => {
      await sessions.startSession(client, {
        sessionId,
        taskQueue: h.taskQueue,
        config: { model: TEST_MODEL, instructions: { workDir } },
      });
      await sessions.sendMessage(client, sessionId, 'one');
      const before = await sessions.status(client, sessionId);
      writeFileSync(path.join(workDir, 'AGENTS.md'), `Rule one.\n${'Rule two is long. '.repeat(40)}`);
      const config = await sessions.configure(client, sessionId, { instructions: { workDir } });
      const after = await sessions.status(client, sessionId);
      await sessions.sendMessage(client, sessionId, 'two');
      return { before, after, config };
    });
    expect(out.config.instructions).toEqual({ workDir });
    // The fixed overhead grew by the new rules; the next request carries them.
    expect(out.after.historyBudget).toBeLessThan(out.before.historyBudget - 100);
    const system = h.fake.requests.at(-1)?.body.messages[0];
    expect(system.content).toContain('Rule two is long.');
  });

  it('refuses bad input at every handler with a clear error, and changes nothing', async () => {
    const sessionId = uniqueId('bad-input');
    h.fake.script({ text: 'fine' });
    const outcome = await h.run(async () => {
      await sessions.startSession(client, { sessionId, taskQueue: h.taskQueue, config: { model: TEST_MODEL } });
      await sessions.sendMessage(client, sessionId, 'a valid message');
      const before = await sessions.log(client, sessionId);
      const handle = client.workflow.getHandle(sessionId);
      const refusal = async (p: Promise<unknown>) => {
        try {
          await p;
          return 'accepted';
        } catch (err) {
          // Server-side refusals arrive as the update's cause; client-side ones are thrown directly.
          const e = err as { type?: string; message?: string; cause?: { type?: string; message?: string } };
          const failure = e.cause ?? e;
          return `${failure.type}: ${failure.message}`;
        }
      };
      const refusals = {
        empty: await refusal(handle.executeUpdate(sendMessageUpdate, { args: [{ text: '   ' }] })),
        shape: await refusal(handle.executeUpdate(sendMessageUpdate, { args: [{ txt: 'x' } as never] })),
        huge: await refusal(handle.executeUpdate(sendMessageUpdate, { args: [{ text: 'x'.repeat(300 * 1024) }] })),
        config: await refusal(handle.executeUpdate(configureUpdate, { args: [{ compaction: { softThreshold: 2 } }] })),
        model: await refusal(handle.executeUpdate(configureUpdate, { args: [{ model: 'no-such-model' }] })),
        focus: await refusal(handle.executeUpdate(compactUpdate, { args: [{ focus: 'f'.repeat(3000) }] })),
      };
      await handle.signal(userMessageSignal, { text: '' });
      // The client helpers check before sending anything.
      const clientSide = await refusal(sessions.signalMessage(client, sessionId, ''));
      const status = await sessions.status(client, sessionId);
      const after = await sessions.log(client, sessionId);
      const history = await handle.fetchHistory();
      return { refusals, clientSide, status, before, after, history };
    });
    expect(outcome.refusals.empty).toMatch(/^InvalidInput: .*must not be empty/);
    expect(outcome.refusals.shape).toMatch(/^InvalidInput: .*string 'text'/);
    expect(outcome.refusals.huge).toMatch(/^InvalidInput: .*at most 262144 bytes/);
    expect(outcome.refusals.config).toMatch(/^InvalidConfig: .*softThreshold/);
    expect(outcome.refusals.focus).toMatch(/^InvalidInput: .*focus/);
    expect(outcome.refusals.model).toMatch(/^InvalidConfig: .*no-such-model/);
    expect(outcome.status.model).toBe(TEST_MODEL);
    expect(outcome.clientSide).toMatch(/^InvalidInput: .*must not be empty/);
    expect(outcome.status.rejectedSignals).toBe(1);
    expect(outcome.after).toEqual(outcome.before);
    // Validator refusals never reach history. Two updates were accepted: the valid message, and
    // the configure whose model only the worker's registry could refuse (it failed, and changed nothing).
    const accepted = outcome.history.events?.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes) ?? [];
    expect(accepted.map((e) => e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name)).toEqual(
      ['sendMessage', 'configure'],
    );
  });

  it('gives a tool call whose activity failed for good a failure result, so the turn and pairing go on', async () => {
    const sessionId = uniqueId('tool-failed');
    const broken = defineTool({
      name: 'broken',
      description: 'Always fails in a way retrying cannot fix.',
      parameters: { type: 'object', properties: {} },
      async execute() {
        throw ApplicationFailure.nonRetryable('disk is gone', 'DiskGone');
      },
    });
    h.fake.script({ toolCalls: [{ id: 'call_b', name: 'broken', arguments: {} }] }, { text: 'could not read it' });
    const { turn, log } = await h.run(async () => {
      await sessions.startSession(client, {
        sessionId,
        taskQueue: h.taskQueue,
        config: { model: TEST_MODEL, tools: ['broken'] },
      });
      const turn = await sessions.sendMessage(client, sessionId, 'use the broken tool');
      return { turn, log: await sessions.log(client, sessionId) };
    }, [broken]);
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('could not read it');
    const result = log.find((i) => i.toolCallId === 'call_b');
    expect(result?.toolResult?.status).toBe('error');
    expect(result?.preview).toContain('disk is gone');
    for (const r of h.fake.requests) expect(checkToolPairing(r.body.messages)).toEqual([]);
  });
});
