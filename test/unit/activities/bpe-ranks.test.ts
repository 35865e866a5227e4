/**
 * The byte-keyed rank table (src/activities/bpe-ranks.ts) against js-tiktoken's `Map`, and the
 * merger's two paths (src/activities/bpe-merge.ts: compact arrays for short pieces, the rank
 * queue for long ones) against each other and the plain merge rule, on random pieces.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tiktoken } from 'js-tiktoken/lite' with { 'resolution-mode': 'import' };
import { BytePairEncoder } from '../../../src/activities/bpe-encoder';
import { PieceMerger } from '../../../src/activities/bpe-merge';
import { ByteRanks, NOT_A_TOKEN, RankTableFormatError } from '../../../src/activities/bpe-ranks';
import { lcg as rng } from '../../support/random';
import { referenceMerge } from '../../support/reference-bpe';

type Encoding = 'o200k_base' | 'cl100k_base';

interface Setup {
  map: Map<string, number>;
  table: ByteRanks;
  /** Token bytes, for building pieces out of real tokens. */
  tokens: Uint8Array[];
}

const setups = new Map<Encoding, Setup>();

beforeAll(async () => {
  const { Tiktoken } = await import('js-tiktoken/lite');
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    const bpe = (
      encoding === 'o200k_base'
        ? await import('js-tiktoken/ranks/o200k_base')
        : await import('js-tiktoken/ranks/cl100k_base')
    ).default;
    const map = (new Tiktoken(bpe) as Tiktoken & { rankMap: Map<string, number> }).rankMap;
    const tokens = [...map.keys()].map((key) => Uint8Array.from(key.split(',').map(Number)));
    setups.set(encoding, { map, table: new ByteRanks(map), tokens });
  }
}, 120_000);

/** A random piece: random bytes, base64-like letters, or real tokens back to back. */
function randomPiece(next: () => number, tokens: readonly Uint8Array[], maxLength: number): Uint8Array {
  const length = 2 + Math.floor(next() * (maxLength - 1));
  const out = new Uint8Array(length);
  const kind = Math.floor(next() * 3);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < length;) {
    if (kind === 0) out[i++] = Math.floor(next() * 256);
    else if (kind === 1) out[i++] = alphabet.charCodeAt(Math.floor(next() * alphabet.length));
    else {
      const token = tokens[Math.floor(next() * tokens.length)]!;
      for (let k = 0; k < token.length && i < length; k++) out[i++] = token[k]!;
    }
  }
  return out;
}

describe.each(['o200k_base', 'cl100k_base'] as const)('%s', (encoding) => {
  it('finds every token of the Map by its bytes, with its rank', () => {
    const { map, table, tokens } = setups.get(encoding)!;
    let i = 0;
    for (const rank of map.values()) {
      const bytes = tokens[i++]!;
      if (table.rank(bytes, 0, bytes.length) !== rank)
        expect([[...bytes], table.rank(bytes, 0, bytes.length)]).toEqual([[...bytes], rank]);
    }
    for (let b = 0; b < 256; b++) expect(table.byteRanks[b]).toBe(map.get(String(b)));
    for (let pair = 0; pair < 1 << 16; pair++) {
      const expected = map.get(`${pair >> 8},${pair & 255}`) ?? NOT_A_TOKEN;
      if (table.pairRanks[pair] !== expected) expect([pair, table.pairRanks[pair]]).toEqual([pair, expected]);
    }
  });

  it('agrees with the Map on any byte range, tokens or not', () => {
    const { map, table, tokens } = setups.get(encoding)!;
    const next = rng(7);
    for (let trial = 0; trial < 20_000; trial++) {
      const piece = randomPiece(next, tokens, 24);
      const start = Math.floor(next() * piece.length);
      const end = start + 1 + Math.floor(next() * (piece.length - start));
      const expected = map.get([...piece.subarray(start, end)].join(',')) ?? NOT_A_TOKEN;
      if (table.rank(piece, start, end) !== expected) {
        expect([[...piece.subarray(start, end)], table.rank(piece, start, end)]).toEqual([
          [...piece.subarray(start, end)],
          expected,
        ]);
      }
    }
  });

  it('merges random pieces alike on the short path and through the queue, as the plain rule does', () => {
    const { map, table, tokens } = setups.get(encoding)!;
    const short = new PieceMerger(table, Number.POSITIVE_INFINITY);
    const queue = new PieceMerger(table, 1);
    const next = rng(11);
    let compared = 0;
    for (let trial = 0; trial < 3_000; trial++) {
      const piece = randomPiece(next, tokens, trial % 10 === 0 ? 300 : 40);
      if (table.rank(piece, 0, piece.length) !== NOT_A_TOKEN) continue; // the caller's case, not the merger's
      const a: number[] = [];
      const b: number[] = [];
      expect(short.merge(piece, piece.length, a)).toBe(a.length);
      expect(queue.merge(piece, piece.length, b)).toBe(b.length);
      expect(a).toEqual(b);
      if (piece.length <= 40) expect(a).toEqual(referenceMerge(map, piece));
      compared++;
    }
    expect(compared).toBeGreaterThan(2_000);
  });
});

describe('ByteRanks', () => {
  it('refuses keys that are not comma-separated decimal bytes, with a typed error', () => {
    for (const key of ['', '1,', ',1', '256', '1,,2', 'a', '1 2', '0001'])
      expect(() => new ByteRanks(new Map([[key, 0]]))).toThrow(RankTableFormatError);
  });
});

describe('BytePairEncoder pre-tokens', () => {
  // a table of the 256 bytes only: the tokens are the UTF-8 bytes of each pre-token
  const bytesOnly = new Map(Array.from({ length: 256 }, (_, b) => [String(b), b] as const));

  it('encodes each pre-token as TextEncoder does, lone surrogates included', () => {
    const encoder = new BytePairEncoder(bytesOnly, '\\S+|\\s+');
    const next = rng(5);
    const alphabet = ['a', 'é', '中', '😀', '\ud800', '\udc00', ' ', '\n', '\u00a0', '\u{10ffff}', '\u07ff', '\u0800'];
    for (let trial = 0; trial < 500; trial++) {
      const text = Array.from(
        { length: 1 + Math.floor(next() * 30) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      const expected = [...text.matchAll(/\S+|\s+/gu)].flatMap((m) => [...new TextEncoder().encode(m[0])]);
      expect(encoder.encode(text)).toEqual(expected);
    }
  });

  it('skips text the pattern does not match, as matchAll does', () => {
    const encoder = new BytePairEncoder(bytesOnly, '[ab]+');
    const text = 'xxab_cba  b-';
    const expected = [...text.matchAll(/[ab]+/gu)].flatMap((m) => [...new TextEncoder().encode(m[0])]);
    expect(encoder.encode(text)).toEqual(expected);
    expect(encoder.count('xyz')).toBe(0);
  });
});
