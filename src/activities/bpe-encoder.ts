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

/** Bytes of the piece buffer kept between calls; a longer piece gets a buffer of its own. */
const RETAINED_BUFFER_BYTES = 1 << 16;
/**
 * Longest pre-token (in UTF-16 units) whose count {@link BytePairEncoder.count} remembers:
 * most are words and short identifiers, and V8 copies substrings this short rather than
 * pointing into the text, so a remembered key does not keep the counted text alive.
 */
const CACHED_PIECE_CHARS = 12;
/** Remembered pre-token counts; the memo is emptied when it reaches this size. */
const CACHED_PIECES = 1 << 16;

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
  private readonly pattern: RegExp;
  private readonly byteRanks: Int32Array;
  private readonly maxTokenBytes: number;
  private readonly merger: PieceMerger;
  private readonly utf8 = new TextEncoder();
  private buffer = new Uint8Array(1024);
  /**
   * Token counts of short pre-tokens already counted. Text is counted again and again in
   * pieces that recur (words, identifiers, the extractive summary's rounds re-counting mostly
   * the same text: src/activities/summarizers/fit.ts): a lookup instead of the UTF-8 bytes,
   * the joined key and the merge. A pre-token's count depends on nothing else, so the counts
   * are unchanged.
   */
  private readonly pieceCounts = new Map<string, number>();

  constructor(
    private readonly ranks: RankTable,
    patStr: string,
    options: BytePairEncoderOptions = {},
  ) {
    this.pattern = new RegExp(patStr, 'ug');
    this.byteRanks = new Int32Array(256);
    for (let b = 0; b < 256; b++) {
      const rank = ranks.get(String(b));
      if (rank === undefined) throw new EncoderSelfCheckError(`the rank table has no token for byte ${b}`);
      this.byteRanks[b] = rank;
    }
    this.maxTokenBytes = longestKeyBytes(ranks);
    this.merger = new PieceMerger(ranks, this.byteRanks, options.scanMaxBytes ?? SCAN_MAX_BYTES);
  }

  /** Token ids of `text`. */
  encode(text: string): number[] {
    const out: number[] = [];
    this.run(text, out);
    return out;
  }

  /** Number of tokens of `text`, without building the array. */
  count(text: string): number {
    const pattern = this.pattern;
    const memo = this.pieceCounts;
    pattern.lastIndex = 0;
    let count = 0;
    try {
      for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
        const piece = match[0];
        if (piece === '') {
          pattern.lastIndex = match.index + ((text.codePointAt(match.index) ?? 0) > 0xffff ? 2 : 1);
          continue;
        }
        if (piece.length > CACHED_PIECE_CHARS) {
          count += this.pieceCount(piece, undefined);
          continue;
        }
        let n = memo.get(piece);
        if (n === undefined) {
          n = this.pieceCount(piece, undefined);
          if (memo.size >= CACHED_PIECES) memo.clear();
          memo.set(piece, n);
        }
        count += n;
      }
    } finally {
      if (this.buffer.length > RETAINED_BUFFER_BYTES) this.buffer = new Uint8Array(1024);
    }
    return count;
  }

  private run(text: string, out: number[] | undefined): number {
    const pattern = this.pattern;
    pattern.lastIndex = 0;
    let count = 0;
    try {
      for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
        const piece = match[0];
        if (piece === '') {
          // not possible with tiktoken's patterns; step over it as String.prototype.matchAll does
          pattern.lastIndex = match.index + ((text.codePointAt(match.index) ?? 0) > 0xffff ? 2 : 1);
          continue;
        }
        count += this.pieceCount(piece, out);
      }
    } finally {
      if (this.buffer.length > RETAINED_BUFFER_BYTES) this.buffer = new Uint8Array(1024);
    }
    return count;
  }

  /** Tokens of one pre-token, appended to `out` when given. */
  private pieceCount(piece: string, out: number[] | undefined): number {
    const bytes = this.utf8Bytes(piece);
    const whole =
      bytes.length === 1
        ? this.byteRanks[bytes[0]!]
        : bytes.length <= this.maxTokenBytes
          ? this.ranks.get(bytes.join(','))
          : undefined;
    if (whole === undefined) return this.merger.merge(bytes, out);
    out?.push(whole);
    return 1;
  }

  /** UTF-8 bytes of `piece` in the reused buffer (lone surrogates become U+FFFD, as TextEncoder does). */
  private utf8Bytes(piece: string): Uint8Array {
    const length = piece.length;
    if (this.buffer.length < length * 3) this.buffer = new Uint8Array(length * 3);
    const buffer = this.buffer;
    for (let i = 0; i < length; i++) {
      const c = piece.charCodeAt(i);
      if (c >= 0x80) return buffer.subarray(0, this.utf8.encodeInto(piece, buffer).written);
      buffer[i] = c;
    }
    return buffer.subarray(0, length);
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

/** Bytes of the longest token (keys are comma-separated bytes). */
function longestKeyBytes(ranks: RankTable): number {
  let longest = 1;
  for (const key of ranks.keys()) {
    if (key.length < 2 * longest) continue; // n bytes need at least 2n - 1 characters
    let bytes = 1;
    for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 44) bytes++;
    if (bytes > longest) longest = bytes;
  }
  return longest;
}
