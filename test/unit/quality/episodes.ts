/**
 * The check every transcript family's test makes of its planted facts: each needle first and
 * last occurs where the fact says, in a short episode; the words that make it unique occur only
 * near that episode (`slack` messages either side), each in one fact; the probe holds none.
 */
import { expect } from 'vitest';
import { factSpans, messageText } from '../../../bench/quality/render';
import type { Transcript } from '../../../bench/quality/types';

export function checkEpisodes(t: Transcript, wordsIn: (needle: string) => string[], slack = 0): void {
  const spans = factSpans(
    t.messages,
    t.facts.map((f) => f.needle),
  );
  const lower = t.messages.map((m) => messageText(m).toLowerCase());
  t.facts.forEach((f, i) => {
    expect(spans[i], `${t.id} ${f.style} ${f.needle}`).toEqual({ first: f.firstIndex, last: f.lastIndex });
    expect(f.firstIndex).toBeGreaterThan(0);
    expect(f.lastIndex - f.firstIndex, `${t.id} ${f.needle}: a short episode`).toBeLessThanOrEqual(12);
    for (const w of wordsIn(f.needle))
      lower.forEach((text, k) => {
        if (text.includes(w))
          expect(
            k >= f.firstIndex - slack && k <= f.lastIndex + slack,
            `${t.id}: "${w}" at ${k}, outside ${f.style} (${f.firstIndex}–${f.lastIndex})`,
          ).toBe(true);
      });
  });
  const words = t.facts.flatMap((f) => wordsIn(f.needle));
  expect(new Set(words).size, `${t.id}: a word in two needles`).toBe(words.length);
  for (const f of t.facts) expect(t.probe ?? '').not.toContain(f.needle);
}
