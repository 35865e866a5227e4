import { describe, expect, it } from 'vitest';
import { RankQueue } from '../../../src/activities/rank-queue';
import { lcg as rng } from '../../support/random';

describe('RankQueue', () => {
  it('serves the lowest rank, then the leftmost position, whatever order pairs arrive in', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const next = rng(seed);
      const queue = new RankQueue();
      const pending: Array<[number, number]> = [];
      const ranks = 1 + Math.floor(next() * 12);
      for (let step = 0; step < 400; step++) {
        if (next() < 0.55) {
          // mostly ascending positions (as merges produce them), sometimes below the last one
          const rank = Math.floor(next() * ranks);
          const position = next() < 0.7 ? step : Math.floor(next() * 400);
          queue.add(rank, position);
          pending.push([rank, position]);
          continue;
        }
        pending.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        const expected = pending.shift();
        expect(queue.next()).toBe(expected !== undefined);
        if (expected) expect([queue.rank, queue.position]).toEqual(expected);
      }
      pending.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      for (const expected of pending) {
        expect(queue.next()).toBe(true);
        expect([queue.rank, queue.position]).toEqual(expected);
      }
      expect(queue.next()).toBe(false);
    }
  });

  it('drains a million ascending positions of a few ranks promptly', () => {
    const queue = new RankQueue();
    const n = 1_000_000;
    const started = performance.now();
    for (let i = 0; i < n; i++) queue.add(i % 3, i);
    let served = 0;
    let outOfOrder = 0;
    let [lastRank, lastPosition] = [-1, -1];
    while (queue.next()) {
      if (queue.rank < lastRank || (queue.rank === lastRank && queue.position <= lastPosition)) outOfOrder++;
      [lastRank, lastPosition] = [queue.rank, queue.position];
      served++;
    }
    expect([served, outOfOrder]).toEqual([n, 0]);
    // generous: a stall, not a speed, is what this catches (bench/tokens.bench.ts measures)
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
