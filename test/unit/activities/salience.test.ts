/**
 * The rarity table's own hash table of terms (src/activities/summarizers/salience.ts): two
 * spellings of a term share one entry exactly when their lower-cased texts are equal, whether
 * the term is ASCII (found from its place in the text) or not (lower-cased by `toLowerCase`),
 * through the table's growth.
 */
import { describe, expect, it } from 'vitest';
import { Rarity } from '../../../src/activities/summarizers/salience';

/** mulberry32. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('Rarity terms', () => {
  it('one entry per lower-cased term, ASCII or not, across the table’s growth', () => {
    const r = rng(5);
    const letters = [...'abcXYZ09_', 'é', 'É', 'ß', '\u212a' /* Kelvin sign: lower-cases to k */, 'k', 'K', 'İ'];
    const rarity = new Rarity();
    const byKey = new Map<string, unknown>();
    const entries = new Set<unknown>();
    for (let k = 0; k < 30_000; k += 1) {
      const word = Array.from(
        { length: 2 + Math.floor(r() * 5) },
        () => letters[Math.floor(r() * letters.length)],
      ).join('');
      const found = rarity.termsOf(`(${word})`).stats;
      expect(found.length, word).toBe(1);
      const key = word.toLowerCase();
      const known = byKey.get(key);
      if (known) expect(found[0], word).toBe(known);
      else {
        expect(entries.has(found[0]), word).toBe(false);
        byKey.set(key, found[0]);
        entries.add(found[0]);
      }
    }
    expect(byKey.size).toBeGreaterThan(5_000); // the table grew several times
    // every entry is still found after the growth
    for (const [key, entry] of byKey) expect(rarity.termsOf(`(${key})`).stats[0], key).toBe(entry);
  });

  it('a text’s terms once each, in order, with whether each is shaped like an identifier anywhere', () => {
    const rarity = new Rarity();
    const terms = rarity.termsOf('Run the tests; then RUN fooBar and foobar again. the end.');
    const words = ['run', 'the', 'tests', 'then', 'foobar', 'and', 'again', 'end'].map(
      (w) => rarity.termsOf(w).stats[0],
    );
    expect(terms.stats.length).toBe(words.length);
    expect(terms.stats.every((s, i) => s === words[i])).toBe(true);
    expect(terms.stats.map((s, i) => [words.indexOf(s), terms.shaped[i]])).toEqual([
      [0, false],
      [1, false],
      [2, false],
      [3, false],
      [4, true], // `fooBar` is shaped, `foobar` is not: the term is
      [5, false],
      [6, false],
      [7, false],
    ]);
  });
});
