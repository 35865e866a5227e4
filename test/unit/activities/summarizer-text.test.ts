/**
 * The summarizer's character-level helpers (src/activities/summarizers/text.ts) return
 * exactly what the regular expressions they replaced return: checked on chosen cases and on
 * seeded random strings over an alphabet of the characters they treat specially.
 */
import { describe, expect, it } from 'vitest';
import { clip } from '../../../src/activities/messages';
import { isOneLine, isSpace, splitClauses, splitSentences, squeeze } from '../../../src/activities/summarizers/text';
import { mulberry32 as rng } from '../../support/random';

const ALPHABET = [
  ...'aZ09.!?;:"\'`(-|#*_ ',
  ' ',
  ' ',
  '\t',
  '\n',
  '\r',
  '\v',
  '\f',
  '\u00a0',
  '\u2003',
  '\u2028',
  '\u3000',
  '\ufeff',
  '\u200b', // not a space
  'é',
  '\ud83d\ude00',
];
function randomStrings(seed: number, count: number, maxLength: number): string[] {
  const r = rng(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(r() * maxLength) }, () => ALPHABET[Math.floor(r() * ALPHABET.length)]).join(''),
  );
}
const CASES = [
  '',
  ' ',
  'a',
  'One. Two',
  'Done.  Next step. "Quoted" (aside) `code` lower. end',
  'Why? Because! Yes.',
  '  padded line. And more.  ',
  'x.\u00a0Y',
  'ends with space ',
  'tab\there',
  'two  spaces',
  'e.g. version 1.2. Then',
  ...randomStrings(7, 3000, 40),
];

describe('summarizer text helpers', () => {
  it('isSpace is the \\s of regular expressions', () => {
    const wrong: string[] = [];
    for (let c = 0; c <= 0xffff; c += 1)
      if (isSpace(c) !== /\s/.test(String.fromCharCode(c))) wrong.push(`U+${c.toString(16)}`);
    expect(wrong).toEqual([]);
  });

  it('isOneLine finds what /\\s\\s|[\\n\\r\\t\\f\\v]|^\\s|\\s$/ finds', () => {
    for (const s of CASES) expect(isOneLine(s), JSON.stringify(s)).toBe(!/\s\s|[\n\r\t\f\v]|^\s|\s$/.test(s));
  });

  it('squeeze is clip(text.replace(/\\s+/g, " ").trim(), max)', () => {
    for (const s of CASES)
      for (const max of [1, 2, 5, 12, 300])
        expect(squeeze(s, max), JSON.stringify([s, max])).toBe(clip(s.replace(/\s+/g, ' ').trim(), max));
  });

  it('splitSentences splits where /(?<=[.!?])\\s+(?=[A-Z"\'`(])/ matches, trimmed, without empty parts', () => {
    for (const s of CASES)
      expect(splitSentences(s), JSON.stringify(s)).toEqual(
        s
          .split(/(?<=[.!?])\s+(?=[A-Z"'`(])/)
          .map((x) => x.trim())
          .filter(Boolean),
      );
  });

  it('splitClauses splits where /(?<=[.!?;])\\s+(?=\\S)/ matches, trimmed, without empty parts', () => {
    for (const s of CASES)
      expect(splitClauses(s), JSON.stringify(s)).toEqual(
        s
          .split(/(?<=[.!?;])\s+(?=\S)/)
          .map((x) => x.trim())
          .filter(Boolean),
      );
  });
});
