/**
 * Failure modes (docs/architecture.md) about the provider: 9 (a failing summarizer never destroys
 * history), 17 (429 storms), 24 (cut-off responses are never committed).
 */
import { describe, expect, it } from 'vitest';
import * as sessions from '../../src/client';
import { docText, fetchDocTool } from '../support/doc-tools';
import { TEST_MODEL, assertAllRequestsFitAndPaired, chatRequests, useSessionHarness } from '../support/session';
import { uniqueId } from '../support/temporal';

const WINDOW = 16_000;

describe('failure modes: the provider', () => {
  const suite = useSessionHarness({ contextWindow: WINDOW, maxOutputTokens: 256 }, { tools: ['fetch_doc'] });

  it('#9 a summarizer failing with 500s falls back to extractive; the raw log is untouched', async () => {
    const sessionId = uniqueId('fm9');
    const { before, after, result, ledger } = await suite.h.run(async () => {
      await suite.start(sessionId, { summarizer: { kind: 'llm', model: TEST_MODEL } });
      for (let t = 1; t <= 4; t++) {
        suite.h.fake.script({ text: `answer ${t}: ${docText(`a${t}`, 4)}` });
        await sessions.sendMessage(suite.client, sessionId, `question ${t}: ${docText(`q${t}`, 4)}`);
      }
      const before = await sessions.log(suite.client, sessionId);
      // Every attempt of the llm summarizer meets a 500 (the activity retries, then gives up).
      suite.h.fake.injectFault({ kind: 'status', status: 500, message: 'summarizer backend down' }, 10);
      const result = await sessions.compact(suite.client, sessionId);
      suite.h.fake.reset();
      return {
        before,
        after: await sessions.log(suite.client, sessionId),
        result,
        ledger: await sessions.ledger(suite.client, sessionId),
      };
    }, [fetchDocTool]);
    expect(result.records).toHaveLength(1);
    const record = result.records[0]!;
    expect(record.outcome).toBe('fallback');
    expect(record.summarizer).toBe('extractive');
    expect(record.rejection).toMatch(/500|unavailable|failed/i);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore);
    expect(ledger).toEqual(result.records);
    // The raw log is the old log plus exactly one summary item: nothing rewritten, nothing dropped.
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((i) => i.kind)).toEqual(['summary']);
  });

  it('#17 a 429 storm with Retry-After is waited out as the provider asks, without compaction', async () => {
    const sessionId = uniqueId('fm17');
    const { turn, ledger, elapsedMs } = await suite.h.run(async () => {
      await suite.start(sessionId);
      suite.h.fake.injectFault(
        { kind: 'status', status: 429, code: 'rate_limit_exceeded', headers: { 'retry-after-ms': '500' } },
        5,
      );
      suite.h.fake.script({ text: 'finally' });
      const t0 = Date.now();
      const turn = await sessions.sendMessage(suite.client, sessionId, 'hello');
      return { turn, ledger: await sessions.ledger(suite.client, sessionId), elapsedMs: Date.now() - t0 };
    }, [fetchDocTool]);
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('finally');
    const chat = chatRequests(suite.h);
    expect(chat.map((r) => r.status)).toEqual([429, 429, 429, 429, 429, 200]);
    expect(ledger).toEqual([]);
    // Five waits of 500 ms as asked; Temporal's default backoff alone would take 1+2+4+8+16 = 31 s.
    expect(elapsedMs).toBeGreaterThanOrEqual(2_500);
    expect(elapsedMs).toBeLessThan(20_000);
  });

  it('#24 a cut-off or dropped response is never committed; the step retries cleanly', async () => {
    const sessionId = uniqueId('fm24');
    const { first, second, log } = await suite.h.run(async () => {
      await suite.start(sessionId);
      // Turn 1: a body cut mid-transfer (its reply is lost with it), then a dropped connection.
      suite.h.fake.injectFault({ kind: 'truncate' });
      suite.h.fake.injectFault({ kind: 'drop' });
      suite.h.fake.script(
        { text: 'LOST IN TRANSIT' },
        { toolCalls: [{ id: 'call_ok', name: 'fetch_doc', arguments: { topic: 'whole', lines: 3 } }] },
        { text: 'complete answer' },
      );
      const first = await sessions.sendMessage(suite.client, sessionId, 'read the doc');
      // Turn 2: a reply cut at max_tokens in the middle of a tool call's arguments.
      suite.h.fake.script(
        {
          toolCalls: [{ id: 'call_cut', name: 'fetch_doc', arguments: { topic: 'cut', lines: 3 } }],
          finishReason: 'length',
        },
        { toolCalls: [{ id: 'call_ok2', name: 'fetch_doc', arguments: { topic: 'again', lines: 3 } }] },
        { text: 'second answer' },
      );
      const second = await sessions.sendMessage(suite.client, sessionId, 'read it again');
      return { first, second, log: await sessions.log(suite.client, sessionId) };
    }, [fetchDocTool]);
    expect(first.error).toBeUndefined();
    expect(first.reply).toBe('complete answer');
    expect(second.reply).toBe('second answer');
    expect([first.steps, second.steps]).toEqual([2, 2]);
    expect(log.map((i) => i.role)).toEqual([
      ...['user', 'assistant', 'tool', 'assistant'],
      ...['user', 'assistant', 'tool', 'assistant'],
    ]);
    expect(log.flatMap((i) => i.toolCalls?.map((c) => c.id) ?? [])).toEqual(['call_ok', 'call_ok2']);
    expect(log.some((i) => i.preview.includes('LOST IN TRANSIT'))).toBe(false);
    expect(chatRequests(suite.h).map((r) => r.fault ?? r.status)).toEqual([
      'truncate',
      'drop',
      200,
      200,
      200,
      200,
      200,
    ]);
    assertAllRequestsFitAndPaired(suite.h, WINDOW);
  });

  it('a provider overflow the budget did not predict compacts harder and retries once; then fails typed', async () => {
    const sessionId = uniqueId('overflow');
    const { turns, ledger, stillTooLong, lastTurnStatuses } = await suite.h.run(async () => {
      await suite.start(sessionId, { compaction: { enabled: true, softThreshold: 0.95, target: 0.9 } });
      // The provider's real window is far smaller than the registry says (a misconfigured
      // local model): our budget sees no need to compact, the provider refuses.
      suite.h.fake.setContextWindow(3_000);
      const turns = [];
      for (let t = 1; t <= 8; t++) {
        suite.h.fake.script({ text: `ok ${t}` });
        turns.push(await sessions.sendMessage(suite.client, sessionId, `note ${t}: ${docText(`n${t}`, 6)}`));
      }
      // A window no compaction can reach: one retry, then a typed turn failure; the session lives on.
      suite.h.fake.setContextWindow(300);
      const before = chatRequests(suite.h).length;
      const stillTooLong = await sessions.sendMessage(suite.client, sessionId, 'one more');
      const lastTurnStatuses = chatRequests(suite.h)
        .slice(before)
        .map((r) => r.status);
      suite.h.fake.setContextWindow(undefined);
      return { turns, ledger: await sessions.ledger(suite.client, sessionId), stillTooLong, lastTurnStatuses };
    }, [fetchDocTool]);
    expect(turns.map((t) => t.error)).toEqual(Array(8).fill(undefined));
    expect(ledger.some((r) => r.reason === 'overflow')).toBe(true);
    expect(chatRequests(suite.h).filter((r) => r.status === 400).length).toBeGreaterThanOrEqual(1);
    // The request, one harder-compacted retry, and no more.
    expect(lastTurnStatuses).toEqual([400, 400]);
    expect(stillTooLong.error?.type).toBe('ContextOverflow');
  });
});
