/**
 * Issue 8, item 1, through the real workflow: one user message followed by 300 tool steps
 * with 2 KB results in a 16k window. The turn compacts from within (earlier steps archived
 * and summarized, the request and the latest step kept), so it completes, and the fake
 * server — which answers 400 to an unpaired or over-window request — saw every request
 * paired and within the window.
 */
import { describe, expect, it } from 'vitest';
import * as sessions from '../../src/client';
import { docText, fetchDocTool } from '../support/doc-tools';
import { assertAllRequestsFitAndPaired, chatRequests, useSessionHarness } from '../support/session';
import { uniqueId } from '../support/temporal';

const WINDOW = 16_000;
const STEPS = 300;
const REQUEST = 'Read the 300 docs one at a time, then say you are done.';

describe('a long autonomous turn', () => {
  const suite = useSessionHarness({ contextWindow: WINDOW, maxOutputTokens: 512 }, { tools: ['fetch_doc'] });

  it(`one request, then ${STEPS} tool steps with 2 KB results in a 16k window: completes, paired, within the window`, async () => {
    const sessionId = uniqueId('long-turn');
    expect(docText('t1', 32).length).toBeGreaterThan(2_000); // each result is about 2 KB
    for (let i = 1; i <= STEPS; i += 1) {
      suite.h.fake.script({
        text: `Step ${i}: reading the next doc.`,
        toolCalls: [{ id: `call_${i}`, name: 'fetch_doc', arguments: { topic: `t${i}`, lines: 32 } }],
      });
    }
    suite.h.fake.script({ text: `All ${STEPS} docs read.` });
    const { turn, ledger, status } = await suite.h.run(async () => {
      await suite.start(sessionId, { maxStepsPerTurn: STEPS + 10, systemPrompt: 'You are a careful coding agent.' });
      const turn = await sessions.sendMessage(suite.client, sessionId, REQUEST);
      return {
        turn,
        ledger: await sessions.ledger(suite.client, sessionId),
        status: await sessions.status(suite.client, sessionId),
      };
    }, [fetchDocTool]);

    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe(`All ${STEPS} docs read.`);
    expect(turn.steps).toBe(STEPS + 1);
    const requests = chatRequests(suite.h);
    expect(requests).toHaveLength(STEPS + 1);
    assertAllRequestsFitAndPaired(suite.h, WINDOW);

    // Every request carried the user's request verbatim, and the step the model had just made with its result.
    requests.forEach((r, i) => {
      const messages = r.body.messages as { role: string; content: string | null; tool_call_id?: string }[];
      expect(messages.filter((m) => m.role === 'user' && m.content === REQUEST)).toHaveLength(1);
      if (i > 0) expect(messages.at(-1)?.tool_call_id).toBe(`call_${i}`);
    });

    // The turn compacted itself many times, inside the turn, and never ran into the circuit breaker.
    const summaries = ledger.filter((rec) => rec.summarySeq !== undefined);
    expect(summaries.length).toBeGreaterThan(5);
    for (const rec of ledger) {
      expect(rec.turn).toBe(1);
      expect(rec.tokensAfter).toBeLessThan(rec.tokensBefore);
    }
    expect(status.historyTokens).toBeLessThanOrEqual(status.historyBudget);
  }, 600_000);
});
