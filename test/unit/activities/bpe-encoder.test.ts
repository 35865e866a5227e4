/**
 * The bounded encoder against js-tiktoken itself: identical token ids (hence counts that are
 * exact, never below the true count) on every shape that makes BPE work hard, at sizes
 * js-tiktoken's quadratic merge can still do, both ways the merger can merge.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite' with { 'resolution-mode': 'import' };
import {
  BytePairEncoder,
  EncoderSelfCheckError,
  encoderFor,
  rankTableFromBpe,
} from '../../../src/activities/bpe-encoder';
import { SCAN_MAX_BYTES } from '../../../src/activities/bpe-merge';
import { lcg as rng } from '../../support/random';
import { referenceEncode } from '../../support/reference-bpe';

type Encoding = 'o200k_base' | 'cl100k_base';

interface Setup {
  tiktoken: Tiktoken;
  bpe: TiktokenBPE;
  /** Default threshold, all by scanning, all through the queue: every one must equal js-tiktoken. */
  encoders: Record<'default' | 'scan' | 'queue', BytePairEncoder>;
}

const setups = new Map<Encoding, Setup>();

async function load(encoding: Encoding): Promise<Setup> {
  const { Tiktoken } = await import('js-tiktoken/lite');
  const bpe = (
    encoding === 'o200k_base'
      ? await import('js-tiktoken/ranks/o200k_base')
      : await import('js-tiktoken/ranks/cl100k_base')
  ).default;
  const tiktoken = new Tiktoken(bpe);
  return {
    tiktoken,
    bpe,
    encoders: {
      default: encoderFor(tiktoken, bpe),
      scan: encoderFor(tiktoken, bpe, { scanMaxBytes: Number.POSITIVE_INFINITY }),
      queue: encoderFor(tiktoken, bpe, { scanMaxBytes: 1 }),
    },
  };
}

beforeAll(async () => {
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) setups.set(encoding, await load(encoding));
}, 120_000);

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function randomString(next: () => number, alphabet: readonly string[], length: number): string {
  return Array.from({ length }, () => pick(next, alphabet)).join('');
}

const chars = (s: string) => [...s];
const BASE64 = chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
const HEX = chars('0123456789abcdef');
const CJK = chars(
  '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明',
);
const EMOJI = ['😀', '👍🏽', '👨‍👩‍👧', '🇯🇵', '❤️', '🚀', '🤖', '✨'];
/** Fragments whose joins produce every branch of both pre-tokenizers. */
const FRAGMENTS = [
  'the',
  ' the',
  'The',
  ' THE',
  'ing',
  "'s",
  "'LL",
  ' naïve',
  'café',
  '日本語',
  '한국어',
  'Ünïcödé',
  '123',
  '4567',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  ' \n ',
  '!',
  '?!',
  '...',
  '//',
  '/\n',
  '{"a":1}',
  '<|endoftext|>',
  '<|im_start|>',
  '😀',
  '👍🏽',
  '\u0301',
  '\ud800',
  'aaaa',
  'abab',
  '====',
  '----',
  '\u00a0',
  '\u3000',
  'x',
];

/** name → text: the shapes of issue 9 at sizes js-tiktoken can still encode in a test. */
function shapes(): Array<[string, string]> {
  const next = rng(9);
  const out: Array<[string, string]> = [];
  // js-tiktoken's merge is quadratic in a piece's BYTES: runs stop near 600 bytes, one near 1,500
  const utf8Length = (t: string) => new TextEncoder().encode(t).length;
  const lengths = [2, 3, 7, 8, 9, 16, 17, 31, 64, 127, 128, 129, 130, 257, 600];
  for (const c of ['a', 'A', 'z', ' ', '\n', '\t', '!', '=', '0', '/', 'é', '中', '😀', '\u0301']) {
    for (const n of lengths)
      if (utf8Length(c) * n <= 600) out.push([`run of ${JSON.stringify(c)} × ${n}`, c.repeat(n)]);
  }
  for (const pair of ['ab', 'aA', 'a ', ' \n', '!\n', '/\n', 'a\n', '中a', '😀!', '01', 'xy', '= ', 'é中']) {
    for (const n of [5, 64, 65, 150]) out.push([`${JSON.stringify(pair)} × ${n}`, pair.repeat(n)]);
  }
  out.push(['1,500 × "a"', 'a'.repeat(1_500)]);
  for (let i = 0; i < 6; i++) {
    out.push([`base64 #${i}`, randomString(next, BASE64, 200 + Math.floor(next() * 1_500))]);
    out.push([`hex #${i}`, randomString(next, HEX, 200 + Math.floor(next() * 1_500))]);
    out.push([`CJK without spaces #${i}`, randomString(next, CJK, 100 + Math.floor(next() * 500))]);
    out.push([`emoji #${i}`, randomString(next, EMOJI, 50 + Math.floor(next() * 200))]);
    out.push([
      `lowercase without spaces #${i}`,
      randomString(next, chars('abcdefghijklmnopqrstuvwxyz'), 150 + i * 150),
    ]);
    out.push([`mixed #${i}`, randomString(next, FRAGMENTS, 100 + Math.floor(next() * 400))]);
  }
  const records = Array.from({ length: 40 }, (_, i) => ({
    id: i,
    name: `item${Math.floor(next() * 1e6)}`,
    tags: ['alpha', 'béta', '中文'],
    score: next(),
    ok: next() > 0.5,
    path: `/src/lib/file${i}.ts`,
  }));
  out.push(['minified JSON', JSON.stringify(records)]);
  out.push(['pretty JSON', JSON.stringify(records, null, 2)]);
  out.push(['English', 'The quick brown fox jumps over the lazy dog. '.repeat(40)]);
  return out;
}

describe.each(['o200k_base', 'cl100k_base'] as const)('%s: the same tokens as js-tiktoken', (encoding) => {
  it.each(shapes())('%s', (_name, text) => {
    const { tiktoken, encoders } = setups.get(encoding)!;
    const expected = tiktoken.encode(text, [], []);
    for (const encoder of Object.values(encoders)) {
      expect(encoder.encode(text)).toEqual(expected);
      expect(encoder.count(text)).toBe(expected.length);
    }
  });
});

describe('any rank table, including merges that are not in rank order', () => {
  // In o200k_base and cl100k_base a merge never created a pair ranked below the one just
  // merged (no case among ~100,000 pieces of random tokens), so the queue's "a lower rank
  // arrives, serve it first" path needs a table where it happens: a, b, c, shuffled ranks.
  it('matches the plain merge rule through both merge paths', () => {
    const next = rng(42);
    for (let table = 0; table < 20; table++) {
      const ranks = new Map<string, number>();
      for (let b = 0; b < 256; b++) ranks.set(String(b), b);
      const extra = new Set<string>();
      while (extra.size < 40) extra.add(randomString(next, ['a', 'b', 'c'], 2 + Math.floor(next() * 5)));
      const shuffled = [...extra].map((t) => [t, next()] as const).sort((x, y) => x[1] - y[1]);
      shuffled.forEach(([t], i) => ranks.set([...new TextEncoder().encode(t)].join(','), 256 + i));
      const scan = new BytePairEncoder(ranks, '\\S+|\\s+', { scanMaxBytes: Number.POSITIVE_INFINITY });
      const queue = new BytePairEncoder(ranks, '\\S+|\\s+', { scanMaxBytes: 1 });
      for (let i = 0; i < 40; i++) {
        const text = randomString(next, ['a', 'b', 'c'], 2 + Math.floor(next() * 300));
        const expected = referenceEncode(ranks, new TextEncoder().encode(text));
        expect(scan.encode(text)).toEqual(expected);
        expect(queue.encode(text)).toEqual(expected);
      }
    }
  });
});

describe('load', () => {
  it('the default encoder merges some pieces through the queue', () => {
    // the shapes above include pieces on both sides of the threshold
    expect(shapes().some(([, t]) => t.length > SCAN_MAX_BYTES && !/\s/.test(t))).toBe(true);
  });

  it('rebuilds the same rank table from the rank file when js-tiktoken does not expose one', () => {
    const { tiktoken, bpe } = setups.get('o200k_base')!;
    const rebuilt = rankTableFromBpe(bpe);
    const internal = (tiktoken as unknown as { rankMap: Map<string, number> }).rankMap;
    expect(rebuilt.size).toBe(internal.size);
    for (const [key, rank] of internal)
      if (rebuilt.get(key) !== rank) expect([key, rebuilt.get(key)]).toEqual([key, rank]);
    const encoder = encoderFor({ encode: tiktoken.encode.bind(tiktoken) } as unknown as Tiktoken, bpe);
    const text = shapes()
      .filter(([name]) => /JSON|English|base64|× 257/.test(name))
      .map(([, t]) => t)
      .join('\n');
    expect(encoder.encode(text)).toEqual(tiktoken.encode(text, [], []));
  });

  it('refuses a rank table that disagrees with js-tiktoken, with a typed error', () => {
    const { tiktoken, bpe } = setups.get('o200k_base')!;
    const internal = (tiktoken as unknown as { rankMap: Map<string, number> }).rankMap;
    const withoutAa = new Map(internal);
    withoutAa.delete('97,97');
    const broken = { rankMap: withoutAa, encode: tiktoken.encode.bind(tiktoken) } as unknown as Tiktoken;
    expect(() => encoderFor(broken, bpe)).toThrow(EncoderSelfCheckError);
    const noByte = new Map(internal);
    noByte.delete('255');
    expect(() => new BytePairEncoder(noByte, bpe.pat_str)).toThrow(EncoderSelfCheckError);
  });
});
