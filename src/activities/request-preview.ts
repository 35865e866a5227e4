/**
 * The preview of a user's message (what the state block shows as the session's goal and its
 * latest request, src/context/facts.ts): their words, led by the sentence that says what they
 * are after when a long message states it past what a preview shows. A request often opens with
 * context (`Hey — some context first. …`, a pasted issue's background) and asks in its third
 * paragraph (`What I actually need is …`): the opening alone would make the goal read as
 * background in every summary.
 */
import type { ChatMessage } from '../context/types';
import { previewOf, PREVIEW_MAX_CHARS } from './messages';
import { requestText } from './request-text';
import { statesGoal } from './summarizers/statements';
import { splitSentences } from './summarizers/text';

/** Characters of a request searched for the sentence that states its goal (the ask comes early). */
const ASK_SCAN_CHARS = 6_000;
/** Longest sentence taken as the ask (a longer one is a paragraph the splitter did not cut). */
const ASK_MAX_CHARS = 400;

/** {@link previewOf}, for a user's message: their words, the ask first when the opening would hide it. */
export function requestPreview(message: ChatMessage): string {
  const preview = previewOf(message);
  if (message.role !== 'user') return preview;
  const words = requestText(message.content ?? '');
  if (words.length <= PREVIEW_MAX_CHARS) return preview;
  const text = words.slice(0, ASK_SCAN_CHARS).replace(/\s+/g, ' ').trim();
  // the ask the opening already shows needs no moving
  const shown = PREVIEW_MAX_CHARS / 2;
  let at = 0;
  for (const sentence of splitSentences(text)) {
    at = text.indexOf(sentence, at);
    if (at < shown) continue;
    if (sentence.length <= ASK_MAX_CHARS && statesGoal(sentence))
      return previewOf({ role: 'user', content: `${sentence} … ${text}` });
  }
  return preview;
}
