/**
 * Sessions that state rules, each with a page of context, so that the history compacts: shared
 * by the integration tests of what summaries keep under pressure (squeezed-summary, withheld-history).
 */
import * as sessions from '../../src/client';
import { SUMMARY_PREFIX } from '../../src/activities/summarizers/transcript';
import { docText } from './doc-tools';
import type { SessionSuite } from './session';

/** The summary a chat request carried (the history's), or '' when none. */
export function summaryOf(r: { body: { messages: { role: string; content: string | null }[] } }): string {
  return r.body.messages.find((m) => m.role === 'user' && (m.content ?? '').startsWith(SUMMARY_PREFIX))?.content ?? '';
}

/** How many of the rules of `words` (one invented word each) `text` states. */
export function rulesIn(words: readonly string[], text: string): number {
  return words.filter((w) => text.includes(`${w} limit`)).length;
}

/**
 * Sends one message per word, each stating its rule with a page of context, then `extra` more
 * pages: every message gets a scripted reply of a page.
 */
export async function stateRules(
  suite: SessionSuite,
  sessionId: string,
  words: readonly string[],
  extra: number,
): Promise<void> {
  for (let i = 0; i < words.length + extra; i += 1) {
    const w = words[i];
    suite.h.fake.script({ text: `Noted. ${docText(`reply${i}`, 6)}` });
    const rule = w
      ? `Rule ${i + 1}: the ${w} limit must stay at ${(i + 3) * 7} requests per second, whatever the load test says.\n`
      : '';
    await sessions.sendMessage(suite.client, sessionId, `${rule}Context: ${docText(`page${i}`, 6)}`);
  }
}
