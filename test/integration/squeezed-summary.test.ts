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
import { docText } from '../support/doc-tools';
import { assertAllRequestsFitAndPaired, chatRequests, useSessionHarness } from '../support/session';
import { rulesIn, stateRules, summaryOf } from '../support/session-rules';
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

  const rules = (text: string) => rulesIn(WORDS, text);

  it('shows again, once there is room, the rules it held back beside a long pasted request', async () => {
    const sessionId = uniqueId('squeeze');
    const counts = await suite.h.run(async () => {
      await suite.start(sessionId, { compaction: { toolResultsKeepRecent: 1 } });
      // rules, each with a page of context, then more context: the history compacts, the rules are summarized
      await stateRules(suite, sessionId, WORDS, 12);
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
        beforeSqueeze: rules(summaryOf(requests[before - 1]!)),
        squeezed: Math.min(...requests.slice(before, -1).map((r) => rules(summaryOf(r)))),
        after: rules(summaryOf(requests.at(-1)!)),
      };
    }, []);

    assertAllRequestsFitAndPaired(suite.h, WINDOW);
    expect(counts.beforeSqueeze).toBeGreaterThanOrEqual(WORDS.length / 2);
    expect(counts.squeezed).toBeLessThan(counts.beforeSqueeze);
    expect(counts.after).toBeGreaterThanOrEqual(counts.beforeSqueeze);
  }, 300_000);
});
