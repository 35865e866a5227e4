/**
 * Sessions show in Temporal's visibility: a memo with model, turns, compactions, tokens and
 * cost, and search attributes a query can filter on (the test server registers them).
 */
import { describe, expect, it } from 'vitest';
import * as sessions from '../../src/client';
import type { SessionMemo } from '../../src/workflows/visibility';
import { TEST_MODEL, useSessionHarness } from '../support/session';
import { uniqueId } from '../support/temporal';

describe('visibility', () => {
  const suite = useSessionHarness({ contextWindow: 8_000 });

  it('sets a memo and search attributes that a list query finds', async () => {
    const sessionId = uniqueId('visible');
    suite.h.fake.script({ text: 'one' }, { text: 'two' });
    const out = await suite.h.run(async () => {
      await suite.start(sessionId, {});
      await sessions.sendMessage(suite.client, sessionId, 'first');
      await sessions.sendMessage(suite.client, sessionId, 'second');
      const status = await sessions.status(suite.client, sessionId);
      const description = await suite.client.workflow.getHandle(sessionId).describe();
      // Visibility is eventually consistent: poll the list query briefly.
      let found: string[] = [];
      for (let i = 0; i < 50 && found.length === 0; i++) {
        const query = `WorkflowId = '${sessionId}' AND DurableContextModel = '${TEST_MODEL}' AND DurableContextTurns >= 2`;
        found = [];
        for await (const w of suite.client.workflow.list({ query })) found.push(w.workflowId);
        if (!found.length) await new Promise((r) => setTimeout(r, 200));
      }
      return { status, memo: description.memo?.durableContext as SessionMemo | undefined, found };
    });
    expect(out.memo).toMatchObject({ model: TEST_MODEL, turns: 2, compactions: 0, ended: false });
    expect(out.memo?.historyTokens).toBe(out.status.historyTokens);
    expect(Number.isNaN(Date.parse(out.memo?.lastActivity ?? ''))).toBe(false);
    expect(out.found).toEqual([sessionId]);
    expect(out.status.usage[TEST_MODEL]).toMatchObject({ calls: 2 });
    expect(out.status.usage[TEST_MODEL]!.promptTokens).toBeGreaterThan(0);
  });
});
