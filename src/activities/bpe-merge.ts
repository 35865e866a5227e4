/**
 * Byte-pair merging of one pre-token with the rule of js-tiktoken's encoder — repeatedly
 * merge the adjacent pair whose concatenation has the lowest rank, the leftmost on ties,
 * until no adjacent pair is a token — in bounded work per byte. js-tiktoken rescans every
 * pair and rebuilds its string key after each merge, which is quadratic in the length of a
 * pre-token (a 10,000-byte run of one letter took 17.5 s, blocking its worker). Here the
 * same merges are found in the same order, so the result is the same tokens:
 * - short pieces (most words): a scan of the live pairs for the lowest rank after each
 *   merge, whose rank lookups are cached, cheap at this size and free of allocation;
 * - long pieces: a {@link RankQueue} (src/activities/rank-queue.ts), O(n log n) at worst and
 *   a few array operations per byte on runs of one or two characters.
 * Equality with js-tiktoken: test/unit/activities/bpe-encoder.test.ts; times:
 * bench/tokens.bench.ts.
 */
import { RankQueue } from './rank-queue';

/** Rank of a byte string, keyed as js-tiktoken keys it: the bytes in decimal, comma-separated. */
export type RankTable = ReadonlyMap<string, number>;

/** Pieces up to this many bytes are merged by scanning; longer ones through the rank queue. */
export const SCAN_MAX_BYTES = 128;
/** Scratch arrays up to this many positions are kept between calls; larger ones are freed. */
const RETAINED_POSITIONS = 1 << 16;
/** Slots of the (left token, right token) → merged rank cache: 3 × 256 KiB. */
const CACHE_BITS = 16;
const NO_MERGE = -1;

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
  private readonly cacheLeft = new Int32Array(1 << CACHE_BITS).fill(-1);
  private readonly cacheRight = new Int32Array(1 << CACHE_BITS);
  private readonly cacheRank = new Int32Array(1 << CACHE_BITS);

  /**
   * @param ranks - the encoding's rank table.
   * @param byteRanks - the token of each single byte (256 entries).
   * @param scanMaxBytes - longest piece merged by scanning (tests move it to exercise both ways).
   */
  constructor(
    private readonly ranks: RankTable,
    private readonly byteRanks: Int32Array,
    private readonly scanMaxBytes = SCAN_MAX_BYTES,
  ) {}

  /**
   * Tokens of `bytes` (one pre-token of at least two bytes that is not itself a token),
   * appended to `out` when given; returns how many there are.
   */
  merge(bytes: Uint8Array, out: number[] | undefined): number {
    const n = bytes.length;
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
    if (n <= this.scanMaxBytes) this.mergeByScan(bytes, parts);
    else this.mergeByQueue(bytes, parts);
    let count = 0;
    for (let i = 0; i < n; i = next[i]!) {
      out?.push(token[i]!);
      count++;
    }
    return count;
  }

  /** After each merge, scans the live pairs for the lowest rank (the leftmost on ties). */
  private mergeByScan(bytes: Uint8Array, parts: Parts): void {
    const n = bytes.length;
    const { next, pair } = parts;
    for (let i = 0; i < n - 1; i++) pair[i] = this.pairRank(bytes, parts, i, i + 1);
    pair[n - 1] = NO_MERGE;
    for (;;) {
      let best = -1;
      let bestRank = 0x7fffffff;
      for (let i = 0; i < n; i = next[i]!) {
        const r = pair[i]!;
        if (r !== NO_MERGE && r < bestRank) {
          bestRank = r;
          best = i;
        }
      }
      if (best < 0) return;
      this.join(bytes, parts, best, bestRank);
    }
  }

  /** Takes pairs from a {@link RankQueue}: lowest rank first, leftmost first within a rank. */
  private mergeByQueue(bytes: Uint8Array, parts: Parts): void {
    const n = bytes.length;
    const { token, pair } = parts;
    const queue = new RankQueue();
    for (let i = 0; i < n - 1; i++) {
      const r = this.pairRank(bytes, parts, i, i + 1);
      pair[i] = r;
      if (r !== NO_MERGE) queue.add(r, i);
    }
    pair[n - 1] = NO_MERGE;
    this.onPair = (rank, position) => queue.add(rank, position);
    try {
      while (queue.next()) {
        const i = queue.position;
        // stale: the part was absorbed, or its pair changed since it was queued (a pair only
        // grows, and ranks and byte strings are one to one, so a position never gets a rank twice)
        if (token[i]! < 0 || pair[i] !== queue.rank) continue;
        this.join(bytes, parts, i, queue.rank);
      }
    } finally {
      this.onPair = undefined;
    }
  }

  /** Called with each new mergeable pair while merging through the queue. */
  private onPair: ((rank: number, position: number) => void) | undefined;

  /** Merges the part at `i` with the next one into token `rank`, then rates the two new pairs. */
  private join(bytes: Uint8Array, parts: Parts, i: number, rank: number): void {
    const n = bytes.length;
    const { token, next, prev, pair } = parts;
    const j = next[i]!;
    const k = next[j]!;
    token[i] = rank;
    token[j] = -1;
    pair[j] = NO_MERGE;
    next[i] = k;
    if (k < n) prev[k] = i;
    const right = k < n ? this.pairRank(bytes, parts, i, k) : NO_MERGE;
    pair[i] = right;
    if (right !== NO_MERGE) this.onPair?.(right, i);
    const p = prev[i]!;
    if (p >= 0) {
      const left = this.pairRank(bytes, parts, p, i);
      pair[p] = left;
      if (left !== NO_MERGE) this.onPair?.(left, p);
    }
  }

  /** Rank of the part at `i` followed by the part at `j`, or NO_MERGE; cached by their tokens. */
  private pairRank(bytes: Uint8Array, parts: Parts, i: number, j: number): number {
    const l = parts.token[i]!;
    const r = parts.token[j]!;
    const slot = (Math.imul(l, 0x9e3779b1) ^ Math.imul(r, 0x85ebca6b)) >>> (32 - CACHE_BITS);
    if (this.cacheLeft[slot] === l && this.cacheRight[slot] === r) return this.cacheRank[slot]!;
    const rank = this.ranks.get(bytes.subarray(i, parts.next[j]!).join(',')) ?? NO_MERGE;
    this.cacheLeft[slot] = l;
    this.cacheRight[slot] = r;
    this.cacheRank[slot] = rank;
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
