/**
 * Issue 8, item 3: the provider's real window is smaller than the configured one. A provider
 * overflow in a long turn compacts harder — archives the turn's earlier tool results first,
 * then summarizes — and retries, instead of failing with `SummaryRejected` (the history before
 * the request is too small to summarize) or `ContextOverflow`. And item 6: a manual compaction
 * with nothing to do is a result, not a `SummaryRejected` error.
 */
import { describe, expect, it } from 'vitest';
import * as sessions from '../../src/client';
import { checkToolPairing } from '../../src/context/pairing';
import { fetchDocTool } from '../support/doc-tools';
import { chatRequests, useSessionHarness } from '../support/session';
import { uniqueId } from '../support/temporal';

const CONFIGURED = 16_000;
const REAL = 5_000;

describe('provider overflow recovery', () => {
  const suite = useSessionHarness({ contextWindow: CONFIGURED, maxOutputTokens: 256 }, { tools: ['fetch_doc'] });

  it('a long turn past the real window archives its earlier results, summarizes, retries, and completes', async () => {
    const sessionId = uniqueId('overflow-turn');
    suite.h.fake.script({ text: 'hello' });
    const steps = 12;
    for (let i = 1; i <= steps; i += 1) {
      suite.h.fake.script({
        toolCalls: [{ id: `call_${i}`, name: 'fetch_doc', arguments: { topic: `doc${i}`, lines: 32 } }],
      });
    }
    suite.h.fake.script({ text: 'read them all' });
    const { first, second, ledger } = await suite.h.run(async () => {
      await suite.start(sessionId);
      const first = await sessions.sendMessage(suite.client, sessionId, 'hi');
      suite.h.fake.setContextWindow(REAL);
      const second = await sessions.sendMessage(suite.client, sessionId, `Read the ${steps} docs.`);
      suite.h.fake.setContextWindow(undefined);
      return { first, second, ledger: await sessions.ledger(suite.client, sessionId) };
    }, [fetchDocTool]);

    expect(first.error).toBeUndefined();
    expect(second.error).toBeUndefined();
    expect(second.reply).toBe('read them all');
    const requests = chatRequests(suite.h);
    const refused = requests.filter((r) => r.status === 400);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of requests) {
      expect(checkToolPairing(r.body.messages)).toEqual([]);
      expect([200, 400]).toContain(r.status);
      if (r.status === 200) expect((r.promptTokens ?? Infinity) + r.body.max_tokens).toBeLessThanOrEqual(REAL);
    }
    // Each refusal was followed by a harder compaction: archiving first, then a summary of the turn's steps.
    const overflow = ledger.filter((rec) => rec.reason === 'overflow');
    expect(overflow[0]?.strategy).toBe('tool-archive');
    expect(overflow.some((rec) => rec.strategy === 'range-summary')).toBe(true);
    expect(overflow.every((rec) => rec.tokensAfter < rec.tokensBefore)).toBe(true);
  }, 300_000);

  it('a manual compaction of a small session has nothing to do: no error, no record', async () => {
    const sessionId = uniqueId('nothing');
    suite.h.fake.script({ text: 'hello there' }, { text: 'fine, thanks' }, { text: 'bye' });
    const { result, ledger } = await suite.h.run(async () => {
      await suite.start(sessionId);
      for (const text of ['hi', 'how are you?', 'see you']) await sessions.sendMessage(suite.client, sessionId, text);
      const result = await sessions.compact(suite.client, sessionId);
      return { result, ledger: await sessions.ledger(suite.client, sessionId) };
    }, [fetchDocTool]);
    expect(result.records).toEqual([]);
    expect(result.tokensAfter).toBe(result.tokensBefore);
    expect(ledger).toEqual([]);
  });
});
