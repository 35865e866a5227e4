/**
 * Encoding with js-tiktoken's rank table and pre-tokenizer, in bounded work per byte.
 * js-tiktoken's `encode` splits text with the encoding's regex, looks each pre-token up as a
 * whole and byte-pair merges the rest with an algorithm quadratic in the pre-token's length,
 * so one long run without whitespace (a repeated letter, a long base64 line, CJK without
 * punctuation) kept a worker busy for minutes. This encoder follows the same three steps
 * with the same regex and the same table, and merges with {@link PieceMerger}, which applies
 * the same merge rule: the tokens are identical, not an estimate (checked against js-tiktoken
 * on every shape in test/unit/activities/bpe-encoder.test.ts, and on a sample at load).
 *
 * Special-token strings such as `<|endoftext|>` are plain text, as with
 * `encode(text, [], [])`: the only way this project encodes.
 */
import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite' with { 'resolution-mode': 'import' };
import { PieceMerger, SCAN_MAX_BYTES, type RankTable } from './bpe-merge';
import { ByteRanks, NOT_A_TOKEN } from './bpe-ranks';
import { O200K_PATTERN, o200kPieceEnd } from './bpe-pretokens';

/** Bytes of the piece buffer kept between calls; a longer piece gets a buffer of its own. */
const RETAINED_BUFFER_BYTES = 1 << 16;

/**
 * Text the encoder is compared with js-tiktoken on at load: every branch of the loop, and
 * pieces just longer than {@link SCAN_MAX_BYTES} for the queue (short: js-tiktoken is
 * quadratic on them).
 */
const SELF_CHECK_SAMPLE =
  'Hello, world! <|endoftext|> naïve café 日本語のテキスト 😀👍🏽 \r\n\t  x ' +
  '{"id":42,"tags":["a","b"]} aGVsbG8gd29ybGQ= ' +
  'a'.repeat(SCAN_MAX_BYTES + 40) +
  ' ' +
  'ab'.repeat(SCAN_MAX_BYTES / 2 + 20) +
  ' '.repeat(SCAN_MAX_BYTES + 40) +
  'z';

/** Thrown when the encoder and js-tiktoken disagree at load (e.g. after a js-tiktoken upgrade). */
export class EncoderSelfCheckError extends Error {
  override readonly name = 'EncoderSelfCheckError';
}

/** Options of {@link BytePairEncoder}, for tests. */
export interface BytePairEncoderOptions {
  /** Longest piece merged by scanning rather than through the rank queue. */
  scanMaxBytes?: number;
}

/** Encodes text into the tokens js-tiktoken's `encode(text, [], [])` returns, in bounded time. */
export class BytePairEncoder {
  /** The pre-tokenizer, sticky: it matches at `lastIndex` or not at all. */
  private readonly sticky: RegExp;
  /** The same, searching: where the next match starts when none starts at `lastIndex`. */
  private readonly search: RegExp;
  /** Where the pre-token at a position ends, found without the expression (or -1: run it); o200k_base only. */
  private readonly pieceEnd: ((text: string, at: number) => number) | undefined;
  private readonly table: ByteRanks;
  private readonly merger: PieceMerger;
  private buffer = new Uint8Array(1024);

  constructor(ranks: RankTable, patStr: string, options: BytePairEncoderOptions = {}) {
    this.sticky = new RegExp(patStr, 'uy');
    this.search = new RegExp(patStr, 'ug');
    this.pieceEnd = patStr === O200K_PATTERN ? o200kPieceEnd : undefined;
    this.table = new ByteRanks(ranks);
    for (let b = 0; b < 256; b++) {
      if (this.table.byteRanks[b] === NOT_A_TOKEN)
        throw new EncoderSelfCheckError(`the rank table has no token for byte ${b}`);
    }
    this.merger = new PieceMerger(this.table, options.scanMaxBytes ?? SCAN_MAX_BYTES);
  }

  /** Token ids of `text`. */
  encode(text: string): number[] {
    const out: number[] = [];
    this.run(text, out);
    return out;
  }

  /** Number of tokens of `text`, without building the array. */
  count(text: string): number {
    return this.run(text, undefined);
  }

  /**
   * The pre-tokens are js-tiktoken's (the matches of the pattern, in order): on ASCII text
   * found by {@link pieceEnd} where there is one, else with `test` on a sticky copy, which
   * builds neither a match array nor a substring; a position where no match starts (none with
   * tiktoken's patterns, which match any character) is skipped to the next match, as
   * `matchAll` does.
   */
  private run(text: string, out: number[] | undefined): number {
    const { sticky, table, pieceEnd } = this;
    let count = 0;
    let at = 0;
    try {
      while (at < text.length) {
        let start = at;
        let end = pieceEnd ? pieceEnd(text, at) : -1;
        if (end < 0) {
          sticky.lastIndex = at;
          end = sticky.test(text) ? sticky.lastIndex : -1;
        }
        if (end < 0) {
          this.search.lastIndex = at;
          const match = this.search.exec(text);
          if (match === null) break;
          start = match.index;
          end = start + match[0].length;
        }
        if (end === start) {
          // not possible with tiktoken's patterns; step over it as String.prototype.matchAll does
          at = start + ((text.codePointAt(start) ?? 0) > 0xffff ? 2 : 1);
          continue;
        }
        at = end;
        const n = this.utf8Bytes(text, start, end);
        const bytes = this.buffer;
        const whole = n === 1 ? table.byteRanks[bytes[0]!]! : table.rank(bytes, 0, n);
        if (whole !== NOT_A_TOKEN) {
          out?.push(whole);
          count++;
        } else count += this.merger.merge(bytes, n, out);
      }
    } finally {
      if (this.buffer.length > RETAINED_BUFFER_BYTES) this.buffer = new Uint8Array(1024);
    }
    return count;
  }

  /**
   * Writes the UTF-8 bytes of `text[start, end)` into the reused buffer and returns their
   * number; a lone surrogate (in the piece) becomes U+FFFD, as TextEncoder makes it.
   */
  private utf8Bytes(text: string, start: number, end: number): number {
    if (this.buffer.length < (end - start) * 3) this.buffer = new Uint8Array((end - start) * 3);
    const buffer = this.buffer;
    let n = 0;
    for (let i = start; i < end; i++) {
      let c = text.charCodeAt(i);
      if (c < 0x80) {
        buffer[n++] = c;
        continue;
      }
      if (c < 0x800) {
        buffer[n++] = 0xc0 | (c >> 6);
        buffer[n++] = 0x80 | (c & 0x3f);
        continue;
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        const low = i + 1 < end ? text.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
          i++;
          buffer[n++] = 0xf0 | (c >> 18);
          buffer[n++] = 0x80 | ((c >> 12) & 0x3f);
          buffer[n++] = 0x80 | ((c >> 6) & 0x3f);
          buffer[n++] = 0x80 | (c & 0x3f);
          continue;
        }
        c = 0xfffd;
      }
      buffer[n++] = 0xe0 | (c >> 12);
      buffer[n++] = 0x80 | ((c >> 6) & 0x3f);
      buffer[n++] = 0x80 | (c & 0x3f);
    }
    return n;
  }
}

/**
 * The encoder over js-tiktoken's own rank table, checked against js-tiktoken on a sample.
 * The table is js-tiktoken's internal `rankMap` when it is there (sharing it saves a second
 * copy of ~200k entries); otherwise it is rebuilt from `bpe` the way js-tiktoken builds it.
 */
export function encoderFor(tiktoken: Tiktoken, bpe: TiktokenBPE, options?: BytePairEncoderOptions): BytePairEncoder {
  const internal = (tiktoken as unknown as { rankMap?: unknown }).rankMap;
  const ranks = isRankTable(internal) ? internal : rankTableFromBpe(bpe);
  const encoder = new BytePairEncoder(ranks, bpe.pat_str, options);
  const expected = tiktoken.encode(SELF_CHECK_SAMPLE, [], []);
  const actual = encoder.encode(SELF_CHECK_SAMPLE);
  if (actual.length !== expected.length || actual.some((t, i) => t !== expected[i])) {
    throw new EncoderSelfCheckError(
      `the bounded encoder disagrees with js-tiktoken (${actual.length} vs ${expected.length} tokens on the self-check sample)`,
    );
  }
  return encoder;
}

/** Rebuilds the rank table from a rank file: lines of `name offset token…`, tokens in base64. */
export function rankTableFromBpe(bpe: TiktokenBPE): RankTable {
  const ranks = new Map<string, number>();
  for (const line of bpe.bpe_ranks.split('\n')) {
    if (!line) continue;
    const [, offset, ...tokens] = line.split(' ');
    const base = Number.parseInt(offset ?? '', 10);
    tokens.forEach((token, i) => ranks.set(Array.from(Buffer.from(token, 'base64')).join(','), base + i));
  }
  return ranks;
}

function isRankTable(value: unknown): value is RankTable {
  return value instanceof Map && value.size > 256 && typeof value.get('0') === 'number';
}
