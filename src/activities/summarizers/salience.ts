/**
 * How specific a piece of text is to this session: the rarity of its terms, counted over the
 * candidate items of the summary themselves (an inverse document frequency, each occurrence of
 * a repeated item counting as a document). A sentence that names an identifier, a path, a
 * URL, a number or a word that occurs in few places carries a fact; boilerplate that recurs
 * ("Done with that part", "Let me check the tests") carries little, whatever its verbs. No
 * list of words or phrasings: the session is its own reference.
 */

/** Terms: runs of word characters with the punctuation identifiers, paths, URLs and versions use inside. */
const TERM = /[\p{L}\p{N}_][\p{L}\p{N}_@./:#%+~=-]*/gu;
/** Trailing punctuation that ends a sentence rather than a term. */
const TRAILING = /[.:#%+~=@/-]+$/;
/** Inner structure that marks an identifier rather than a word: digits, `_`, `-`, `.`, `/`, `@`, `:`, or an inner capital. */
const SHAPED = /[\d_./@:-]|\p{Ll}\p{Lu}/u;

/** The terms of `text`, lower-cased, each once. */
export function termsOf(text: string): Set<string> {
  const out = new Set<string>();
  TERM.lastIndex = 0;
  for (let m = TERM.exec(text); m; m = TERM.exec(text)) {
    const t = m[0].replace(TRAILING, '');
    if (t.length >= 2) out.add(t.toLowerCase());
  }
  return out;
}

/** Document frequencies over a set of texts, and the salience of a text against them. */
export class Rarity {
  private readonly df = new Map<string, number>();
  private docs = 0;
  /** Shaped (identifier-like) spellings seen, by lower-cased term. */
  private readonly shaped = new Set<string>();

  /** Counts `text` as `times` documents. */
  add(text: string, times = 1): void {
    this.docs += times;
    TERM.lastIndex = 0;
    const seen = new Set<string>();
    for (let m = TERM.exec(text); m; m = TERM.exec(text)) {
      const raw = m[0].replace(TRAILING, '');
      if (raw.length < 2) continue;
      const t = raw.toLowerCase();
      if (seen.has(t)) continue;
      seen.add(t);
      this.df.set(t, (this.df.get(t) ?? 0) + times);
      if (SHAPED.test(raw)) this.shaped.add(t);
    }
  }

  /** Rarity of one term in [0, 1]: 1 for a term of one document, near 0 for one in every document. */
  termRarity(term: string): number {
    const df = this.df.get(term) ?? 1;
    const n = Math.max(2, this.docs);
    const r = Math.log(n / df) / Math.log(n);
    return Math.max(0, Math.min(1, r)) * (this.shaped.has(term) ? 1 : 0.75);
  }

  /** In how many documents the rarest term of `text` occurs (Infinity when it has none). */
  rarestCount(text: string): number {
    let min = Infinity;
    for (const t of termsOf(text)) min = Math.min(min, this.df.get(t) ?? 1);
    return min;
  }

  /**
   * Salience of `text` in [0, 1]: its rarest term, plus a little for the next two (a line that
   * names several specific things outranks one that names one).
   */
  salience(text: string): number {
    let a = 0;
    let b = 0;
    let c = 0;
    for (const t of termsOf(text)) {
      const r = this.termRarity(t);
      if (r > a) [a, b, c] = [r, a, b];
      else if (r > b) [b, c] = [r, b];
      else if (r > c) c = r;
    }
    return Math.min(1, 0.8 * a + 0.12 * b + 0.08 * c);
  }
}
