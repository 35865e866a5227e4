/**
 * What a summary squeezed by a large latest step could not show comes back once there is room
 * (docs/compaction.md, "What a squeezed summary holds back"), through the real workflow: rules
 * stated early are summarized; a request that pastes a long report — pinned verbatim — leaves the
 * history's summary only the room beside it, so it is rewritten small; on the next turn, with room
 * again, the summary shows the rules once more, read back from what the squeezed one held back.
 * (Without the reserve, the next summary showed 14 of the 21 rules the one before the squeeze did.)
 */
import { describe, expect, it } from 'vitest';
import * as sessions from '../../src/client';
import { SUMMARY_PREFIX } from '../../src/activities/summarizers/transcript';
import { docText } from '../support/doc-tools';
import { assertAllRequestsFitAndPaired, chatRequests, useSessionHarness } from '../support/session';
import { uniqueId } from '../support/temporal';

const WINDOW = 6_000;
/** Invented words, each said in one rule only. */
const WORDS = [
  'zorb',
  'quin',
  'marax',
  'felt',
  'gobr',
  'tazz',
  'vorm',
  'plix',
  'dross',
  'kelv',
  'snarg',
  'wibb',
].flatMap((w) => [`${w}ule`, `${w}ane`]);

describe('a squeezed summary', () => {
  const suite = useSessionHarness({ contextWindow: WINDOW, maxOutputTokens: 256 });

  /** The summary a chat request carried (the history's), or '' when none. */
  const summaryOf = (r: { body: { messages: { role: string; content: string | null }[] } }) =>
    r.body.messages.find((m) => m.role === 'user' && (m.content ?? '').startsWith(SUMMARY_PREFIX))?.content ?? '';
  const rulesIn = (text: string) => WORDS.filter((w) => text.includes(`${w} limit`)).length;

  it('shows again, once there is room, the rules it held back beside a long pasted request', async () => {
    const sessionId = uniqueId('squeeze');
    const counts = await suite.h.run(async () => {
      await suite.start(sessionId, { compaction: { toolResultsKeepRecent: 1 } });
      // rules, each with a page of context, then more context: the history compacts, the rules are summarized
      for (let i = 0; i < WORDS.length + 12; i += 1) {
        const w = WORDS[i];
        suite.h.fake.script({ text: `Noted. ${docText(`reply${i}`, 6)}` });
        const rule = w
          ? `Rule ${i + 1}: the ${w} limit must stay at ${(i + 3) * 7} requests per second, whatever the load test says.\n`
          : '';
        await sessions.sendMessage(suite.client, sessionId, `${rule}Context: ${docText(`page${i}`, 6)}`);
      }
      const before = chatRequests(suite.h).length;
      // a request that pastes a long report: pinned verbatim, it leaves the history little room
      suite.h.fake.script({ text: 'Read the report.' });
      const big = await sessions.sendMessage(
        suite.client,
        sessionId,
        `Here is the incident report, read it before anything else:\n${docText('incident', 270)}`,
      );
      expect(big.error).toBeUndefined();
      suite.h.fake.script({ text: 'Done.' });
      const after = await sessions.sendMessage(suite.client, sessionId, 'Sum up.');
      expect(after.error).toBeUndefined();
      const requests = chatRequests(suite.h);
      return {
        beforeSqueeze: rulesIn(summaryOf(requests[before - 1]!)),
        squeezed: Math.min(...requests.slice(before, -1).map((r) => rulesIn(summaryOf(r)))),
        after: rulesIn(summaryOf(requests.at(-1)!)),
      };
    }, []);

    assertAllRequestsFitAndPaired(suite.h, WINDOW);
    expect(counts.beforeSqueeze).toBeGreaterThanOrEqual(WORDS.length / 2);
    expect(counts.squeezed).toBeLessThan(counts.beforeSqueeze);
    expect(counts.after).toBeGreaterThanOrEqual(counts.beforeSqueeze);
  }, 300_000);
});
