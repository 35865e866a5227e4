/**
 * Byte-pair merging of one pre-token with the rule of js-tiktoken's encoder — repeatedly
 * merge the adjacent pair whose concatenation has the lowest rank, the leftmost on ties,
 * until no adjacent pair is a token — in bounded work per byte. js-tiktoken rescans every
 * pair and rebuilds its string key after each merge, which is quadratic in the length of a
 * pre-token (a 10,000-byte run of one letter took 17.5 s, blocking its worker). Here the
 * same merges are found in the same order, so the result is the same tokens:
 * - short pieces (most words, every base64 pre-token): the plain rule on small typed arrays —
 *   find the lowest pair, merge it, close the gap — O(n²) but with n ≤ {@link SCAN_MAX_BYTES}
 *   cheaper than any queue, and free of allocation;
 * - long pieces: a {@link RankQueue} (src/activities/rank-queue.ts), O(n log n) at worst and
 *   a few array operations per byte on runs of one or two characters.
 * Equality with js-tiktoken: test/unit/activities/bpe-encoder.test.ts; of both paths on
 * random pieces: test/unit/activities/bpe-ranks.test.ts; times:
 * bench/tokens.bench.ts.
 */
import { NOT_A_TOKEN, type ByteRanks } from './bpe-ranks';
import { RankQueue } from './rank-queue';

/** Rank of a byte string, keyed as js-tiktoken keys it: the bytes in decimal, comma-separated. */
export type RankTable = ReadonlyMap<string, number>;

/** Pieces up to this many bytes are merged by scanning; longer ones through the rank queue. */
export const SCAN_MAX_BYTES = 128;
/** Scratch arrays up to this many positions are kept between calls; larger ones are freed. */
const RETAINED_POSITIONS = 1 << 16;
/** Slots of the (left token, right token) → merged rank cache: 2^16 × 12 bytes. */
const CACHE_BITS = 16;
const NO_MERGE = NOT_A_TOKEN;

/** The state of a piece during merging: parts as a doubly linked list over byte positions. */
interface Parts {
  /** Token of the part starting at a position (-1 once absorbed by the part on its left). */
  token: Int32Array;
  /** Start of the next part (the piece length after the last one). */
  next: Int32Array;
  /** Start of the previous part (-1 before the first). */
  prev: Int32Array;
  /** Rank of the part merged with its next part, or NO_MERGE. */
  pair: Int32Array;
}

/** Merges pre-tokens into tokens; one per encoder (not reentrant: it reuses scratch arrays). */
export class PieceMerger {
  private retained: Parts = allocate(256);
  /** Scratch of the short path: where each part starts, its token, the rank of it and the next. */
  private short: Parts = allocate(SCAN_MAX_BYTES + 1);
  private readonly byteRanks: Int32Array;
  /**
   * Per slot: left token, right token, rank of the two joined; for the queue path, whose runs
   * meet the same pairs of long tokens again and again (a hit costs less than hashing their
   * bytes: without it a 100 KiB run of spaces took 1.7× as long). The short path skips it:
   * its pairs are a few bytes to hash, and on base64 the cache mostly missed.
   */
  private readonly cache = new Int32Array(3 << CACHE_BITS).fill(-1);

  /**
   * @param ranks - the encoding's rank table, keyed by bytes.
   * @param scanMaxBytes - longest piece merged by scanning (tests move it to exercise both ways).
   */
  constructor(
    private readonly ranks: ByteRanks,
    private readonly scanMaxBytes = SCAN_MAX_BYTES,
  ) {
    this.byteRanks = ranks.byteRanks;
  }

  /**
   * Tokens of `bytes[0, n)` (one pre-token of at least two bytes that is not itself a
   * token), appended to `out` when given; returns how many there are.
   */
  merge(bytes: Uint8Array, n: number, out: number[] | undefined): number {
    if (n <= this.scanMaxBytes) return this.mergeShort(bytes, n, out);
    let parts = this.retained;
    if (n > parts.token.length) {
      parts = allocate(Math.max(n, parts.token.length * 2));
      if (parts.token.length <= RETAINED_POSITIONS) this.retained = parts;
    }
    const { token, next, prev } = parts;
    for (let i = 0; i < n; i++) {
      token[i] = this.byteRanks[bytes[i]!]!;
      next[i] = i + 1;
      prev[i] = i - 1;
    }
    this.mergeByQueue(bytes, n, parts);
    let count = 0;
    for (let i = 0; i < n; i = next[i]!) {
      out?.push(token[i]!);
      count++;
    }
    return count;
  }

  /**
   * The merge rule as written, on compact arrays: part k covers `bytes[start[k], start[k + 1])`
   * and `pair[k]` is the rank of part k joined with part k + 1; each round takes the lowest
   * (strictly lower, so the leftmost on ties), merges, shifts the parts after it down by one
   * and rates the two pairs that changed.
   */
  private mergeShort(bytes: Uint8Array, n: number, out: number[] | undefined): number {
    const byteRanks = this.byteRanks;
    if (n === 2) {
      // the only pair is the whole piece, which the caller found is not a token
      out?.push(byteRanks[bytes[0]!]!, byteRanks[bytes[1]!]!);
      return 2;
    }
    if (n >= this.short.token.length) this.short = allocate(n + 1);
    const { next: start, token, pair } = this.short;
    for (let k = 0; k < n; k++) {
      start[k] = k;
      token[k] = byteRanks[bytes[k]!]!;
    }
    start[n] = n;
    const ranks = this.ranks;
    const pairRanks = ranks.pairRanks;
    for (let k = 0; k < n - 1; k++) pair[k] = pairRanks[(bytes[k]! << 8) | bytes[k + 1]!]!;
    let parts = n;
    for (;;) {
      let best = -1;
      let bestRank = 0x7fffffff;
      for (let k = 0; k < parts - 1; k++) {
        const r = pair[k]!;
        if (r !== NO_MERGE && r < bestRank) {
          bestRank = r;
          best = k;
        }
      }
      if (best < 0) break;
      token[best] = bestRank;
      parts--;
      for (let k = best + 1; k < parts; k++) {
        start[k] = start[k + 1]!;
        token[k] = token[k + 1]!;
        pair[k] = pair[k + 1]!;
      }
      start[parts] = n;
      pair[best] = best + 1 < parts ? ranks.rank(bytes, start[best]!, start[best + 2]!) : NO_MERGE;
      if (best > 0) pair[best - 1] = ranks.rank(bytes, start[best - 1]!, start[best + 1]!);
    }
    if (out !== undefined) for (let k = 0; k < parts; k++) out.push(token[k]!);
    return parts;
  }

  /** Takes pairs from a {@link RankQueue}: lowest rank first, leftmost first within a rank. */
  private mergeByQueue(bytes: Uint8Array, n: number, parts: Parts): void {
    const { token, pair } = parts;
    const queue = new RankQueue();
    for (let i = 0; i < n - 1; i++) {
      const r = this.pairRank(bytes, parts, i, i + 1);
      pair[i] = r;
      if (r !== NO_MERGE) queue.add(r, i);
    }
    pair[n - 1] = NO_MERGE;
    while (queue.next()) {
      const i = queue.position;
      // stale: the part was absorbed, or its pair changed since it was queued (a pair only
      // grows, and ranks and byte strings are one to one, so a position never gets a rank twice)
      if (token[i]! < 0 || pair[i] !== queue.rank) continue;
      this.join(bytes, n, parts, i, queue);
    }
  }

  /** Merges the part at `i` with the next one into the queue's current rank, then queues the two new pairs. */
  private join(bytes: Uint8Array, n: number, parts: Parts, i: number, queue: RankQueue): void {
    const { token, next, prev, pair } = parts;
    const j = next[i]!;
    const k = next[j]!;
    token[i] = queue.rank;
    token[j] = -1;
    pair[j] = NO_MERGE;
    next[i] = k;
    if (k < n) prev[k] = i;
    const right = k < n ? this.pairRank(bytes, parts, i, k) : NO_MERGE;
    pair[i] = right;
    if (right !== NO_MERGE) queue.add(right, i);
    const p = prev[i]!;
    if (p >= 0) {
      const left = this.pairRank(bytes, parts, p, i);
      pair[p] = left;
      if (left !== NO_MERGE) queue.add(left, p);
    }
  }

  /** Rank of the part at `i` followed by the part at `j`, or NO_MERGE. */
  private pairRank(bytes: Uint8Array, parts: Parts, i: number, j: number): number {
    return this.rankOf(parts.token[i]!, parts.token[j]!, bytes, i, parts.next[j]!);
  }

  /** Rank of token `l` then token `r`, which are `bytes[from, to)`, or NO_MERGE; cached. */
  private rankOf(l: number, r: number, bytes: Uint8Array, from: number, to: number): number {
    if (to - from === 2) return this.ranks.pairRanks[(bytes[from]! << 8) | bytes[from + 1]!]!;
    const cache = this.cache;
    const slot = 3 * ((Math.imul(l, 0x9e3779b1) ^ Math.imul(r, 0x85ebca6b)) >>> (32 - CACHE_BITS));
    if (cache[slot] === l && cache[slot + 1] === r) return cache[slot + 2]!;
    const rank = this.ranks.rank(bytes, from, to);
    cache[slot] = l;
    cache[slot + 1] = r;
    cache[slot + 2] = rank;
    return rank;
  }
}

function allocate(size: number): Parts {
  return {
    token: new Int32Array(size),
    next: new Int32Array(size),
    prev: new Int32Array(size),
    pair: new Int32Array(size),
  };
}
