/**
 * o200k_base's pre-tokens found by hand on ASCII text (src/activities/bpe-pretokens.ts) against
 * the encoding's own expression: at every position of random text, the same end — or -1, only
 * where a character beyond ASCII decides.
 */
import { describe, expect, it } from 'vitest';
import { O200K_PATTERN, o200kPieceEnd } from '../../../src/activities/bpe-pretokens';
import { lcg as rng } from '../../support/random';

const sticky = new RegExp(O200K_PATTERN, 'uy');
function expressionEnd(text: string, at: number): number {
  sticky.lastIndex = at;
  return sticky.test(text) ? sticky.lastIndex : -1;
}

/** Pieces that meet at the pattern's edges: cases, contractions, digits, spaces, breaks, punctuation, a few beyond ASCII. */
const PIECES = [
  ...'aZmQ09 \t\n\r\v\f\'"/.,;:!?-_()[]{}<>#@`~|\\*&^%$+=\x00\x1f\x7f',
  "'s",
  "'S",
  "'t",
  "'re",
  "'Re",
  "'ve",
  "'VE",
  "'m",
  "'ll",
  "'lL",
  "'d",
  "'x",
  "'",
  'the',
  'The',
  'THE',
  'HTTPServer',
  'camelCase',
  'x1',
  '123',
  '1234567',
  ' 42',
  '  ',
  '   ',
  ' \n',
  '\n\n',
  '\r\n',
  ' \n ',
  '\t\t',
  ' !',
  ' //',
  '!/\n/',
  '...',
  '->',
  'é',
  'É',
  '日本',
  '😀',
  '\u00a0',
  '\u2028',
  '\u0301',
  '٣',
  '→',
];

describe('o200k_base pre-tokens found without the expression', () => {
  it('end where the expression ends, at every position of random text', () => {
    const next = rng(0x5e9);
    let decided = 0;
    for (let k = 0; k < 20_000; k += 1) {
      const length = Math.floor(next() * 12);
      let text = '';
      for (let i = 0; i < length; i += 1) text += PIECES[Math.floor(next() * PIECES.length)];
      for (let at = 0; at < text.length; at += 1) {
        const end = o200kPieceEnd(text, at);
        if (end < 0) {
          // undecided only where the text goes beyond ASCII
          expect(
            [...text.slice(at)].some((c) => c.charCodeAt(0) > 0x7f),
            JSON.stringify([text, at]),
          ).toBe(true);
          continue;
        }
        decided += 1;
        expect(end, JSON.stringify([text, at])).toBe(expressionEnd(text, at));
      }
    }
    expect(decided).toBeGreaterThan(100_000);
  });
});
