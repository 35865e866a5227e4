/**
 * Small seeded generators for tests and benchmarks that need the same numbers on every run
 * (pinned hashes, generated sessions). Not for the chaos harness, which seeds from strings
 * (./chaos-random.ts), nor for the quality generator, which has its own (bench/quality/rng.ts).
 */

/** mulberry32: numbers in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A linear congruential generator (Numerical Recipes' constants): numbers in [0, 1), fast and crude. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}
