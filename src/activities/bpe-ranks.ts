/**
 * The rank table keyed by bytes: the rank of `bytes[start, end)` without building a string.
 * js-tiktoken keys its table by the bytes in decimal, comma-separated (`'97,98'`), so every
 * lookup through it builds that string first; on text with many short pre-tokens that are
 * not tokens as a whole (base64: ~0.45 pre-tokens and ~0.7 tokens a byte) those strings were
 * most of the encoder's time (bench/RESULTS.md, "Token counting: hostile shapes"). This is
 * an open-addressing hash table over typed arrays, built once per encoding from the same
 * `Map` (src/activities/bpe-encoder.ts), so both hold exactly the same byte strings.
 *
 * Memory (o200k_base, ~200k tokens): 7.4 MiB — the token bytes back to back (1.3 MiB), where
 * each token starts and its rank (8 bytes a token), 2^19 slots of (hash, entry) (4 MiB), the
 * negative filter and the direct table of the two-byte tokens (256 KiB each); cl100k_base
 * 3.9 MiB. Built in ~100 ms and ~45 ms of CPU (bench/RESULTS.md).
 */
import type { RankTable } from './bpe-merge';

/** Bits of the negative filter: 2^21 bits, about one in ten set with o200k_base's ~200k tokens. */
const FILTER_BITS = 21;

/** Returned by {@link ByteRanks.rank} for a byte string that is not a token. */
export const NOT_A_TOKEN = -1;

/** Thrown when a rank table cannot be read as bytes (a key that is not decimal bytes). */
export class RankTableFormatError extends Error {
  override readonly name = 'RankTableFormatError';
}

/** Ranks of byte strings, looked up by a byte range. */
export class ByteRanks {
  /** Bytes of the longest token: longer ranges are not looked up. */
  readonly maxTokenBytes: number;
  /** The token of each single byte (-1 when the table has none). */
  readonly byteRanks = new Int32Array(256).fill(NOT_A_TOKEN);
  /**
   * The token of each two-byte string, indexed by `first << 8 | second` (256 KiB): the most
   * frequent lookups (every first round of a merge, base64's many two-byte pre-tokens) read
   * one small array instead of probing the large one.
   */
  readonly pairRanks = new Int32Array(1 << 16).fill(NOT_A_TOKEN);
  /**
   * One bit per 2^21 values of a second hash of the key, set for every token (256 KiB): a
   * clear bit proves a byte string is not a token without reading the 4 MiB of slots. Most
   * lookups while merging text with few long tokens (base64, random letters) are such misses.
   */
  private readonly filter = new Int32Array(1 << (FILTER_BITS - 5));
  /** Per slot: the key's hash, then 1 + its entry (0: empty). */
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** Every token's bytes, back to back; entry e is `pool[starts[e], starts[e + 1])`. */
  private readonly pool: Uint8Array;
  private readonly starts: Int32Array;
  private readonly ranks: Int32Array;

  /** Reads every key of `table` (comma-separated decimal bytes) into typed arrays. */
  constructor(table: RankTable) {
    const size = table.size;
    let bound = 0;
    for (const key of table.keys()) bound += (key.length + 1) >> 1; // n bytes take ≥ 2n - 1 characters
    const pool = new Uint8Array(bound);
    this.starts = new Int32Array(size + 1);
    this.ranks = new Int32Array(size);
    let capacity = 1024;
    while (capacity < size * 2) capacity *= 2; // load ≤ 1/2: short probes, on misses too
    this.mask = capacity - 1;
    this.slots = new Int32Array(capacity * 2);
    let used = 0;
    let entry = 0;
    let longest = 1;
    table.forEach((rank, key) => {
      const start = used;
      used = parseKey(key, pool, used);
      const length = used - start;
      if (length > longest) longest = length;
      if (length === 1) this.byteRanks[pool[start]!] = rank;
      else if (length === 2) this.pairRanks[(pool[start]! << 8) | pool[start + 1]!] = rank;
      this.starts[entry] = start;
      this.ranks[entry] = rank;
      this.insert(hashBytes(pool, start, used), entry);
      entry++;
    });
    this.starts[size] = used;
    this.pool = used === bound ? pool : pool.slice(0, used);
    this.maxTokenBytes = longest;
  }

  /** Rank of `bytes[start, end)`, or {@link NOT_A_TOKEN}. */
  rank(bytes: Uint8Array, start: number, end: number): number {
    const length = end - start;
    if (length === 2) return this.pairRanks[(bytes[start]! << 8) | bytes[start + 1]!]!;
    if (length > this.maxTokenBytes) return NOT_A_TOKEN;
    const hash = hashBytes(bytes, start, end);
    const bit = Math.imul(hash, 0x9e3779b1) >>> (32 - FILTER_BITS);
    if ((this.filter[bit >>> 5]! & (1 << (bit & 31))) === 0) return NOT_A_TOKEN;
    const { slots, mask, pool, starts } = this;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[2 * slot + 1]! - 1;
      if (entry < 0) return NOT_A_TOKEN;
      if (slots[2 * slot] !== hash) continue;
      const from = starts[entry]!;
      if (starts[entry + 1]! - from !== length) continue;
      let i = 0;
      while (i < length && pool[from + i] === bytes[start + i]) i++;
      if (i === length) return this.ranks[entry]!;
    }
  }

  private insert(hash: number, entry: number): void {
    const bit = Math.imul(hash, 0x9e3779b1) >>> (32 - FILTER_BITS);
    this.filter[bit >>> 5]! |= 1 << (bit & 31);
    const { slots, mask } = this;
    let slot = hash & mask;
    while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
    slots[2 * slot] = hash;
    slots[2 * slot + 1] = entry + 1;
  }
}

/** Writes the bytes of a key (`'97,98'`) at `pool[at]`; returns the position after them. */
function parseKey(key: string, pool: Uint8Array, at: number): number {
  let value = 0;
  let digits = 0;
  for (let i = 0; i <= key.length; i++) {
    const c = i < key.length ? key.charCodeAt(i) : 44;
    if (c === 44) {
      if (digits === 0 || value > 255) throw new RankTableFormatError(`rank table key ${JSON.stringify(key)}`);
      pool[at++] = value;
      value = digits = 0;
    } else if (c >= 48 && c <= 57 && digits < 3) {
      value = value * 10 + (c - 48);
      digits++;
    } else throw new RankTableFormatError(`rank table key ${JSON.stringify(key)}`);
  }
  return at;
}

/** FNV-1a over the bytes, then a final mix so the low bits (the slot) depend on every byte. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h | 0;
}
