import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import * as sessions from '../../src/client';
import { checkToolPairing } from '../../src/context/pairing';
import type { ScriptedReply } from '../../src/testing/fake-openai';
import { fetchDocTool } from '../support/doc-tools';
import { closeClient, sessionHarness, TEST_MODEL, type SessionHarness } from '../support/session';
import { connectClient, uniqueId } from '../support/temporal';

const TURNS = 60;
const WINDOW = 8_000;

/** Turn i: one tool call (every 5th turn a parallel batch of 3), then an answer. */
function scriptFor(turn: number): ScriptedReply[] {
  const calls =
    turn % 5 === 0
      ? ['alpha', 'beta', 'gamma'].map((t) => ({ name: 'fetch_doc', arguments: { topic: `${t}${turn}`, lines: 8 } }))
      : [{ name: 'fetch_doc', arguments: { topic: `topic${turn}`, lines: 12 } }];
  return [{ toolCalls: calls }, { text: `Turn ${turn} done: read ${calls.length} doc(s).` }];
}

describe('a 60-turn session that crosses the threshold several times', () => {
  let client: Client;
  let h: SessionHarness;
  beforeAll(async () => {
    client = await connectClient();
    h = await sessionHarness({ contextWindow: WINDOW, maxOutputTokens: 256 });
  });
  afterAll(async () => {
    await h?.close();
    await closeClient(client);
  });

  it('keeps every request inside the window and paired, explains each compaction, and loses nothing', async () => {
    const sessionId = uniqueId('long');
    for (let t = 1; t <= TURNS; t++) h.fake.script(...scriptFor(t));
    const { turns, ledger, log } = await h.run(async () => {
      await sessions.startSession(client, {
        sessionId,
        taskQueue: h.taskQueue,
        config: { model: TEST_MODEL, systemPrompt: 'You are a careful coding agent.', tools: ['fetch_doc'] },
      });
      const turns = [];
      for (let t = 1; t <= TURNS; t++)
        turns.push(await sessions.sendMessage(client, sessionId, `Step ${t}: read the docs.`));
      const ledger = await sessions.ledger(client, sessionId);
      const log = await sessions.log(client, sessionId);
      return { turns, ledger, log };
    }, [fetchDocTool]);

    // Every turn answered, in order.
    expect(turns.map((t) => t.error)).toEqual(Array(TURNS).fill(undefined));
    expect(turns.map((t) => t.reply)).toEqual(turns.map((_, i) => expect.stringContaining(`Turn ${i + 1} done`)));

    // Every request fitted the window (the fake answers 400 context_length_exceeded otherwise) and was paired.
    const chat = h.fake.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(chat).toHaveLength(TURNS * 2);
    for (const r of chat) {
      expect(r.status).toBe(200);
      expect(checkToolPairing(r.body.messages)).toEqual([]);
      expect((r.promptTokens ?? Infinity) + r.body.max_tokens).toBeLessThanOrEqual(WINDOW);
    }

    // Several compactions, each explained and each shrinking the view.
    const summaries = ledger.filter((r) => r.summarySeq !== undefined);
    expect(summaries.length).toBeGreaterThanOrEqual(3);
    for (const r of ledger) {
      expect(r.tokensAfter).toBeLessThan(r.tokensBefore);
      expect(['threshold', 'overflow', 'manual', 'tool-age', 'invocation-count']).toContain(r.reason);
      if (r.summarySeq !== undefined) {
        expect(r.range).toBeDefined();
        expect(r.summarizer).toBe('extractive');
      }
    }
    expect(ledger.map((r) => r.id)).toEqual(ledger.map((_, i) => i + 1));

    // The raw log holds every item: contiguous seqs, every user message, every content retrievable.
    expect(log.map((i) => i.seq)).toEqual(log.map((_, i) => i));
    const users = log.filter((i) => i.role === 'user' && i.kind === 'message');
    expect(users.map((u) => u.preview)).toEqual(turns.map((_, i) => `Step ${i + 1}: read the docs.`));
    expect(log.filter((i) => i.kind === 'tool_result')).toHaveLength(TURNS + (TURNS / 5) * 2);
    expect(log.filter((i) => i.kind === 'summary')).toHaveLength(summaries.length);
    for (const item of log) expect(await h.store.has(item.content.ref)).toBe(true);
  });
});
