/**
 * Byte-pair merging as js-tiktoken does it, written plainly (quadratic, for tests only): the
 * oracle the project's encoder (src/activities/bpe-*.ts) is checked against. Ranks are keyed
 * by the comma-joined byte values of a token.
 */

/** Merges the lowest-ranked adjacent pair, the leftmost on ties, while one is a token. */
export function referenceMerge(ranks: ReadonlyMap<string, number>, bytes: ArrayLike<number>): number[] {
  let parts = Array.from(bytes, (b) => [b]);
  for (;;) {
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (let i = 0; i + 1 < parts.length; i++) {
      const rank = ranks.get([...parts[i]!, ...parts[i + 1]!].join(','));
      if (rank !== undefined && rank < bestRank) [best, bestRank] = [i, rank];
    }
    if (best < 0) return parts.map((p) => ranks.get(p.join(','))!);
    parts = [...parts.slice(0, best), [...parts[best]!, ...parts[best + 1]!], ...parts.slice(best + 2)];
  }
}

/** js-tiktoken's rule for one pre-token: the whole piece when it is a token, else {@link referenceMerge}. */
export function referenceEncode(ranks: ReadonlyMap<string, number>, bytes: ArrayLike<number>): number[] {
  const whole = ranks.get(Array.from(bytes).join(','));
  return whole !== undefined ? [whole] : referenceMerge(ranks, bytes);
}
