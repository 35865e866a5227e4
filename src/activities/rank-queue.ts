/**
 * The queue of pending pairs for merging a long pre-token (src/activities/bpe-merge.ts):
 * lowest rank first, leftmost position first within a rank — the order js-tiktoken's merge
 * finds them in by rescanning. One bucket of positions per rank, drained left to right,
 * and a small heap of the ranks that have pending positions.
 *
 * Why buckets rather than one heap of (rank, position): on hostile pieces (a run of one or
 * two characters, long whitespace) almost every pair has one of a handful of ranks, and
 * merges proceed left to right, so positions reach each bucket in ascending order and are
 * appended and taken in O(1); a heap over every pair would pay O(log n) twice per pair.
 * A position that arrives below a bucket's last one goes to that bucket's own small heap,
 * so the order stays exact whatever the input, at O(log n) for those positions only.
 */

/** Positions pending for one rank. */
class Bucket {
  /** Ascending positions, consumed from `head`. */
  private run = new Int32Array(16);
  private head = 0;
  private length = 0;
  /** Positions that arrived below the run's last one: a min-heap. */
  private readonly late: number[] = [];
  /** Whether the rank is in the queue's rank heap (it stays there, lazily, once empty). */
  queued = false;

  get empty(): boolean {
    return this.head === this.length && this.late.length === 0;
  }

  push(position: number): void {
    if (this.head === this.length) this.head = this.length = 0;
    if (this.length > 0 && position < this.run[this.length - 1]!) {
      heapPush(this.late, position);
      return;
    }
    if (this.length === this.run.length) {
      const grown = new Int32Array(this.run.length * 2);
      grown.set(this.run);
      this.run = grown;
    }
    this.run[this.length++] = position;
  }

  /** Removes and returns the lowest position (the bucket must not be empty). */
  shift(): number {
    if (this.late.length > 0 && (this.head === this.length || this.late[0]! < this.run[this.head]!)) {
      return heapPop(this.late);
    }
    return this.run[this.head++]!;
  }
}

/** Pending (rank, position) pairs, served lowest rank first and leftmost first within a rank. */
export class RankQueue {
  private readonly buckets = new Map<number, Bucket>();
  /** Min-heap of the ranks whose bucket is queued. */
  private readonly ranks: number[] = [];
  /** The bucket being drained: the lowest queued rank, until a lower one is added. */
  private current: Bucket | undefined;
  private currentRank = -1;
  /** Rank of the pair {@link next} moved to. */
  rank = -1;
  /** Position of the pair {@link next} moved to. */
  position = -1;

  add(rank: number, position: number): void {
    let bucket = this.buckets.get(rank);
    if (bucket === undefined) {
      bucket = new Bucket();
      this.buckets.set(rank, bucket);
    }
    bucket.push(position);
    if (!bucket.queued) {
      heapPush(this.ranks, rank);
      bucket.queued = true;
    }
    // every queued rank was ≥ the current one, so only this add can be lower: serve it first
    if (rank < this.currentRank) this.current = undefined;
  }

  /** Moves to the next pair (read {@link rank} and {@link position}); false when none is left. */
  next(): boolean {
    for (;;) {
      const current = this.current;
      if (current !== undefined && !current.empty) {
        this.rank = this.currentRank;
        this.position = current.shift();
        return true;
      }
      if (this.ranks.length === 0) return false;
      const rank = this.ranks[0]!;
      const bucket = this.buckets.get(rank)!;
      if (bucket.empty) {
        heapPop(this.ranks);
        bucket.queued = false;
        this.current = undefined;
        continue;
      }
      this.current = bucket;
      this.currentRank = rank;
    }
  }
}

function heapPush(heap: number[], value: number): void {
  let i = heap.length;
  heap.push(value);
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent]! <= value) break;
    heap[i] = heap[parent]!;
    i = parent;
  }
  heap[i] = value;
}

function heapPop(heap: number[]): number {
  const top = heap[0]!;
  const last = heap.pop()!;
  const size = heap.length;
  if (size === 0) return top;
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1]! < heap[child]!) child++;
    if (heap[child]! >= last) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = last;
  return top;
}
