/**
 * Seeded randomness for the chaos harness (test/support/chaos-run.ts): every choice — a
 * message's plan, a fault, a kill delay — comes from a seed, so a failing run can be rerun
 * with the same choices (the timing of processes still varies).
 */
import { createHash } from 'node:crypto';

/** A source of numbers in [0, 1). */
export type Random = () => number;

/** A seeded generator (mulberry32) for `seed`, any string or number. */
export function seeded(seed: string | number): Random {
  let state = createHash('sha256').update(String(seed)).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max]. */
export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A key of `weights` drawn with probability proportional to its weight. */
export function weighted<K extends string>(random: Random, weights: Readonly<Record<K, number>>): K {
  const entries = Object.entries(weights) as [K, number][];
  const total = entries.reduce((sum, [, w]) => sum + Math.max(0, w), 0);
  let x = random() * total;
  for (const [key, w] of entries) {
    x -= Math.max(0, w);
    if (x < 0) return key;
  }
  const last = entries.at(-1);
  if (!last) throw new Error('weighted: no choices');
  return last[0];
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
