/**
 * How specific a piece of text is to this session: the rarity of its terms, counted over the
 * candidate items of the summary themselves (an inverse document frequency, each occurrence of
 * a repeated item counting as a document). A sentence that names an identifier, a path, a
 * URL, a number or a word that occurs in few places carries a fact; boilerplate that recurs
 * ("Done with that part", "Let me check the tests") carries little, whatever its verbs. No
 * list of words or phrasings: the session is its own reference.
 */

/**
 * Terms: runs of word characters (any character from U+00C0 on counts as a letter, which
 * keeps the scan fast without Unicode classes) with the punctuation identifiers, paths, URLs
 * and versions use inside.
 */
const TERM = /[A-Za-z0-9_\u00C0-\uFFFF][A-Za-z0-9_\u00C0-\uFFFF@./:#%+~=-]*/g;
/** Trailing punctuation that ends a sentence rather than a term. */
const TRAILING = /[.:#%+~=@/-]+$/;
/** Inner structure that marks an identifier rather than a word: digits, `_`, `-`, `.`, `/`, `@`, `:`, or an inner capital. */
const SHAPED = /[\d_./@:-]|[a-z][A-Z]/;

/** The terms of a text, lower-cased, each once, with whether it is shaped like an identifier. */
export type Terms = Map<string, boolean>;

/** The terms of `text`. */
export function termsOf(text: string): Terms {
  const out: Terms = new Map();
  TERM.lastIndex = 0;
  for (let m = TERM.exec(text); m; m = TERM.exec(text)) {
    const raw = m[0].replace(TRAILING, '');
    if (raw.length < 2) continue;
    const t = raw.toLowerCase();
    if (!out.get(t)) out.set(t, SHAPED.test(raw));
  }
  return out;
}

/** Document frequencies over a set of texts, and the salience of a text against them. */
export class Rarity {
  private readonly df = new Map<string, number>();
  private docs = 0;
  /** Terms seen shaped like identifiers at least once. */
  private readonly shaped = new Set<string>();

  /** Counts a text's terms as `times` documents. */
  add(terms: Terms, times = 1): void {
    this.docs += times;
    for (const [t, shaped] of terms) {
      this.df.set(t, (this.df.get(t) ?? 0) + times);
      if (shaped) this.shaped.add(t);
    }
  }

  /** Rarity of one term in [0, 1]: 1 for a term of one document, near 0 for one in every document. */
  termRarity(term: string): number {
    const df = this.df.get(term) ?? 1;
    const n = Math.max(2, this.docs);
    const r = Math.log(n / df) / Math.log(n);
    return Math.max(0, Math.min(1, r)) * (this.shaped.has(term) ? 1 : 0.75);
  }

  /** In how many documents the rarest of `terms` occurs (Infinity when there are none). */
  rarestCount(terms: Terms): number {
    let min = Infinity;
    for (const t of terms.keys()) min = Math.min(min, this.df.get(t) ?? 1);
    return min;
  }

  /**
   * Salience of a text's terms in [0, 1]: its rarest term, plus a little for the next two (a
   * line that names several specific things outranks one that names one).
   */
  salience(terms: Terms): number {
    let a = 0;
    let b = 0;
    let c = 0;
    for (const t of terms.keys()) {
      const r = this.termRarity(t);
      if (r > a) [c, b, a] = [b, a, r];
      else if (r > b) [c, b] = [b, r];
      else if (r > c) c = r;
    }
    return Math.min(1, 0.8 * a + 0.12 * b + 0.08 * c);
  }
}
