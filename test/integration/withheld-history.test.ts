/**
 * A request that fits the window but leaves less room than a summary beside it is answered, not
 * refused (docs/compaction.md, "The guarantee"), through the real workflow: rules stated early are
 * summarized; a pasted report sized to leave a few tokens of the history budget pins the window;
 * the history is withheld from that request (kept in the log as a summary) and the call is sent;
 * on the next turn, with room again, the history's summary shows the rules once more.
 * (Without withholding the turn of the report ended with ContextOverflow — checked by hand.)
 */
import { describe, expect, it } from 'vitest';
import * as sessions from '../../src/client';
import { tokenCounter } from '../../src/activities/tokenizer';
import { docText } from '../support/doc-tools';
import { assertAllRequestsFitAndPaired, chatRequests, useSessionHarness } from '../support/session';
import { rulesIn, stateRules, summaryOf } from '../support/session-rules';
import { uniqueId } from '../support/temporal';

const WINDOW = 6_000;
/** Invented words, each said in one rule only. */
const WORDS = ['zorbule', 'quinane', 'maraxule', 'feltane', 'gobrule', 'tazzane', 'vormule', 'plixane'];
/** Tokens of the history budget the report leaves: less than any summary (its frame alone is more). */
const SLACK = 8;

describe('a request that leaves no room for a summary', () => {
  const suite = useSessionHarness({ contextWindow: WINDOW, maxOutputTokens: 256 });

  const rules = (text: string) => rulesIn(WORDS, text);

  /** A report whose user message takes exactly `tokens` tokens. */
  async function reportOf(tokens: number): Promise<string> {
    const counter = await tokenCounter('o200k_base');
    const size = (text: string) => counter.countMessage({ role: 'user', content: text });
    let lines = 1;
    while (size(docText('incident', lines * 2)) < tokens) lines *= 2;
    let text = docText('incident', lines);
    while (size(`${text}\nincident`) <= tokens) text += '\nincident';
    while (size(`${text} x`) <= tokens) text += ' x';
    expect(size(text)).toBe(tokens);
    return text;
  }

  it('is answered with the history withheld, and the history shows again once there is room', async () => {
    const sessionId = uniqueId('withheld');
    const result = await suite.h.run(async () => {
      await suite.start(sessionId, { compaction: { toolResultsKeepRecent: 1 } });
      await stateRules(suite, sessionId, WORDS, 20);
      const before = chatRequests(suite.h).length;
      const { historyBudget } = await sessions.status(suite.client, sessionId);
      suite.h.fake.script({ text: 'Read the report.' });
      const report = await reportOf(historyBudget - SLACK);
      const big = await sessions.sendMessage(suite.client, sessionId, report);
      const withheld = (await sessions.ledger(suite.client, sessionId)).filter((r) => r.withheld?.length);
      suite.h.fake.script({ text: 'Done.' });
      const after = await sessions.sendMessage(suite.client, sessionId, 'Sum up.');
      const requests = chatRequests(suite.h);
      return {
        big,
        after,
        withheld,
        beforeReport: rules(summaryOf(requests[before - 1]!)),
        report: requests
          .slice(before, -1)
          .map((r) => r.body.messages.filter((m: { role: string }) => m.role !== 'system').length),
        reportSummaries: requests.slice(before, -1).map((r) => summaryOf(r)),
        afterReport: rules(summaryOf(requests.at(-1)!)),
      };
    }, []);

    expect(result.big.error).toBeUndefined();
    expect(result.after.error).toBeUndefined();
    assertAllRequestsFitAndPaired(suite.h, WINDOW);
    // the report's call was sent with the report alone (and any system prompt): the history was withheld
    expect(result.withheld.length).toBeGreaterThan(0);
    expect(result.report).toEqual([1]);
    expect(result.reportSummaries).toEqual(['']);
    // and the next summary read it: the rules are back
    expect(result.beforeReport).toBeGreaterThanOrEqual(WORDS.length / 2);
    expect(result.afterReport).toBeGreaterThanOrEqual(result.beforeReport);
  }, 300_000);
});
