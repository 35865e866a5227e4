/**
 * The last resort of provider-overflow recovery (issue 8, item 3: a typed error only when the
 * pinned content alone cannot fit): the provider's real window is smaller than configured, and a
 * request takes nearly all of it. The refusal compacts as far as the budget goes, the retry is
 * refused too (the request beside the history's summary is still too long), so the turn retries
 * once more with the history withheld — and is answered. Without it the turn ended
 * `ContextOverflow` (checked by hand).
 */
import { describe, expect, it } from 'vitest';
import * as sessions from '../../src/client';
import { tokenCounter } from '../../src/activities/tokenizer';
import { docText } from '../support/doc-tools';
import { chatRequests, useSessionHarness } from '../support/session';
import { rulesIn, stateRules, summaryOf } from '../support/session-rules';
import { uniqueId } from '../support/temporal';

const CONFIGURED = 16_000;
const REAL = 5_000;
const OUTPUT = 256;
const WORDS = ['zorbule', 'quinane', 'maraxule', 'feltane'];

describe('provider overflow recovery, last resort', () => {
  const suite = useSessionHarness({ contextWindow: CONFIGURED, maxOutputTokens: OUTPUT });

  /** A report whose user message takes exactly `tokens` tokens. */
  async function reportOf(tokens: number): Promise<string> {
    const counter = await tokenCounter('o200k_base');
    const size = (text: string) => counter.countMessage({ role: 'user', content: text });
    let text = docText('incident', 1);
    for (let lines = 2; size(docText('incident', lines)) <= tokens; lines += 1) text = docText('incident', lines);
    while (size(`${text} x`) <= tokens) text += ' x';
    return text;
  }

  it('retries with the pinned content alone when the compacted request is refused again, and is answered', async () => {
    const sessionId = uniqueId('overflow-pinned');
    const result = await suite.h.run(async () => {
      await suite.start(sessionId);
      await stateRules(suite, sessionId, WORDS, 2);
      const status = await sessions.status(suite.client, sessionId);
      const fixed = status.usedTokens - status.historyTokens;
      // the request fits the real window by a few tokens; beside any summary of the history it does not
      const report = await reportOf(REAL - OUTPUT - fixed - 8);
      suite.h.fake.setContextWindow(REAL);
      suite.h.fake.script({ text: 'Read the report.' });
      const before = chatRequests(suite.h).length;
      const big = await sessions.sendMessage(suite.client, sessionId, report);
      suite.h.fake.setContextWindow(undefined);
      const bigRequests = chatRequests(suite.h).slice(before);
      suite.h.fake.script({ text: 'Done.' });
      const after = await sessions.sendMessage(suite.client, sessionId, 'Sum up.');
      return {
        big,
        after,
        statuses: bigRequests.map((r) => r.status),
        answered: bigRequests
          .filter((r) => r.status === 200)
          .map((r) => r.body.messages.filter((m: { role: string }) => m.role !== 'system').length),
        ledger: await sessions.ledger(suite.client, sessionId),
        afterSummary: summaryOf(chatRequests(suite.h).at(-1)!),
      };
    }, []);

    expect(result.big.error).toBeUndefined();
    expect(result.big.reply).toBe('Read the report.');
    // refused, refused again after compacting, then answered with the report alone
    expect(result.statuses).toEqual([400, 400, 200]);
    expect(result.answered).toEqual([1]);
    expect(result.ledger.some((r) => r.reason === 'overflow' && r.withheld?.length)).toBe(true);
    // the withheld history shows again on the next turn, which has room for it (what the summary
    // written at its floor under the refusal could hold: the squeeze, not the withholding, drops rules)
    expect(result.after.error).toBeUndefined();
    expect(rulesIn(WORDS, result.afterSummary)).toBeGreaterThanOrEqual(1);
  }, 300_000);
});
