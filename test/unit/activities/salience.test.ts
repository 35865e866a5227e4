/**
 * The rarity table's own hash table of terms (src/activities/summarizers/salience.ts): two
 * spellings of a term share one entry exactly when their lower-cased texts are equal, whether
 * the term is ASCII (found from its place in the text) or not (lower-cased by `toLowerCase`),
 * through the table's growth.
 */
import { describe, expect, it } from 'vitest';
import { Rarity } from '../../../src/activities/summarizers/salience';
import { mulberry32 as rng } from '../../support/random';

describe('Rarity terms', () => {
  it('one entry per lower-cased term, ASCII or not, across the table’s growth', () => {
    const r = rng(5);
    const letters = [...'abcXYZ09_', 'é', 'É', 'ß', '\u212a' /* Kelvin sign: lower-cases to k */, 'k', 'K', 'İ'];
    const rarity = new Rarity();
    // each word is counted once: its entry's count is how often its lower-cased form came before, plus one
    const seen = new Map<string, number>();
    for (let k = 0; k < 30_000; k += 1) {
      const word = Array.from(
        { length: 2 + Math.floor(r() * 5) },
        () => letters[Math.floor(r() * letters.length)],
      ).join('');
      const terms = rarity.termsOf(`(${word})`);
      expect(terms.to - terms.from, word).toBe(1);
      rarity.add(terms);
      const key = word.toLowerCase();
      seen.set(key, (seen.get(key) ?? 0) + 1);
      expect(rarity.rarestCount(terms), word).toBe(seen.get(key));
    }
    expect(seen.size).toBeGreaterThan(5_000); // the table grew several times
    // every entry is still found after the growth (counted once more, it is one more)
    for (const [key, count] of seen) {
      const terms = rarity.termsOf(key);
      rarity.add(terms);
      expect(rarity.rarestCount(terms), key).toBe(count + 1);
    }
  });

  it('a text’s terms once each', () => {
    const rarity = new Rarity();
    const terms = rarity.termsOf('Run the tests; then RUN fooBar and foobar again. the end.');
    expect(terms.to - terms.from).toBe(8); // run the tests then foobar and again end
    rarity.add(terms);
    for (const w of ['run', 'THE', 'Tests', 'then', 'foobar', 'and', 'again', 'end'])
      expect(rarity.rarestCount(rarity.termsOf(w)), w).toBe(1);
    expect(rarity.rarestCount(rarity.termsOf('elsewhere'))).toBe(1); // unknown: as if in one document
  });
});
