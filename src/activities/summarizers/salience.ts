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
 * and versions use inside (`@ . / : # % + ~ = -`), that punctuation trimmed from the end
 * (it ends a sentence rather than a term). Read in one pass over the character codes: a
 * regular expression per term and per check made this the summarizer's largest cost after
 * collecting (bench/compaction.bench.ts).
 */
const OUTSIDE = 0;
const WORD = 1;
/** The punctuation a term may hold inside: `@ . / : # % + ~ = -`. */
const INNER = 2;
/** The class of each ASCII code: a table, not a chain of comparisons (fewer branches per character). */
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c += 1) {
  const word = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
  ASCII_CLASS[c] = word ? WORD : '@./:#%+~=-'.includes(String.fromCharCode(c)) ? INNER : OUTSIDE;
}
/** {@link WORD}, {@link INNER} or {@link OUTSIDE}: what `c` is to a term. */
function classOf(c: number): number {
  return c < 128 ? (ASCII_CLASS[c] as number) : c >= 0xc0 ? WORD : OUTSIDE;
}
/** What {@link Rarity} knows of one term. */
interface TermStats {
  /** Documents it occurs in (0: found in a text, never counted — as if unknown). */
  df: number;
  /**
   * Seen shaped like an identifier at least once (in a counted document): with inner structure
   * that marks an identifier rather than a word — a digit, `_`, `-`, `.`, `/`, `@`, `:`, or a
   * lower-case ASCII letter followed by an upper-case one.
   */
  shaped: boolean;
  /**
   * Its rarity ({@link Rarity.termRarity}) when computed at `rarityAt` documents, else NaN. (A
   * fraction from the start: a field that first holds a small integer and later a fraction
   * changes the hidden class of every such object, and the code compiled for them is thrown
   * away — a recompilation in each new worker process's first summaries.)
   */
  rarity: number;
  rarityAt: number;
  /** The last {@link Rarity.termsOf} call that found it, and its place in that call's terms. */
  seen: number;
  slot: number;
  /** Its place in the table. */
  index: number;
}

/**
 * The distinct terms of one text, in order of first occurrence: a range of the entries of the
 * {@link Rarity} table that read them (so that counting and scoring them looks nothing up, and
 * a text's terms need no arrays of their own).
 */
export interface Terms {
  readonly from: number;
  readonly to: number;
}

/** FNV-1a over 32 bits, one step: the hash of a term's lower-cased character codes. */
function hashStep(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}
const HASH_START = 0x811c9dc5 | 0;

/**
 * The rarity table's terms by their lower-cased text, in open addressing over a hash of their
 * character codes. A term of ASCII characters (almost every term) is found from its place in
 * the text, lower-cased as it is compared, so finding a known term builds no string (building
 * one per occurrence was the summarizer's largest source of garbage); a term with other
 * characters is lower-cased by `toLowerCase` first, whose rules beyond ASCII are not simple.
 */
class TermTable {
  /**
   * Per slot, two numbers: the key's hash, then its entry index + 1 (0: empty slot), side by
   * side so that a probe reads one place. Kept at most half full.
   */
  private slots = new Int32Array(2 * 4096);
  private readonly keys = emptyArrayOfObjects<string>();
  readonly entries = emptyArrayOfObjects<TermStats>();

  /**
   * The entry of `text[start, end)` lower-cased, all of whose characters are ASCII; `h` is the
   * hash of its lower-cased codes (found by the caller's scan of the text, not read again).
   */
  findAscii(text: string, start: number, end: number, h: number): TermStats {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const e = slots[2 * slot + 1] as number;
      if (e === 0) return this.insert(slot, h, text.slice(start, end).toLowerCase());
      if (slots[2 * slot] === h && sameLowerCase(this.keys[e - 1] as string, text, start, end)) {
        return this.entries[e - 1] as TermStats;
      }
    }
  }

  /** The entry of `key`, already lower-cased. */
  find(key: string): TermStats {
    let h = HASH_START;
    for (let i = 0; i < key.length; i += 1) h = hashStep(h, key.charCodeAt(i));
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const e = slots[2 * slot + 1] as number;
      if (e === 0) return this.insert(slot, h, key);
      if (slots[2 * slot] === h && this.keys[e - 1] === key) return this.entries[e - 1] as TermStats;
    }
  }

  private insert(slot: number, hash: number, key: string): TermStats {
    const s: TermStats = {
      df: 0,
      shaped: false,
      rarity: NaN,
      rarityAt: -1,
      seen: 0,
      slot: 0,
      index: this.entries.length,
    };
    this.entries.push(s);
    this.keys.push(key);
    this.slots[2 * slot] = hash;
    this.slots[2 * slot + 1] = this.entries.length;
    if (this.entries.length * 4 > this.slots.length) this.grow();
    return s;
  }

  private grow(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = (slots.length >> 1) - 1;
    for (let o = 0; o < old.length; o += 2) {
      if (old[o + 1] === 0) continue;
      let slot = (old[o] as number) & mask;
      while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      slots[2 * slot] = old[o] as number;
      slots[2 * slot + 1] = old[o + 1] as number;
    }
    this.slots = slots;
  }
}

/**
 * An empty array whose hidden class is already that of an array of objects. An empty literal
 * starts as an array of small integers and changes class on its first push: each summary's new
 * table did, and the compiled code that pushes (inlined in termsOf) was thrown away twice in a
 * new worker process before it allowed for both.
 */
function emptyArrayOfObjects<T>(): T[] {
  const array: unknown[] = [emptyArrayOfObjects];
  array.pop();
  return array as T[];
}

/** An ASCII code lower-cased. */
function lower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** Whether `key` is `text[start, end)` (ASCII) lower-cased. */
function sameLowerCase(key: string, text: string, start: number, end: number): boolean {
  if (key.length !== end - start) return false;
  for (let i = start; i < end; i += 1) if (key.charCodeAt(i - start) !== lower(text.charCodeAt(i))) return false;
  return true;
}

/** Document frequencies over a set of texts, and the salience of a text against them. */
export class Rarity {
  private readonly table = new TermTable();
  /**
   * The terms of every text read, text after text (their places in the table), and whether each
   * is shaped in its text: numbers in typed arrays, which grow without boxing and which the
   * garbage collector does not scan.
   */
  private found = new Int32Array(1024);
  private foundShaped = new Uint8Array(1024);
  private foundCount = 0;
  private docs = 0;
  private calls = 0;
  /** `Math.log(max(2, docs))`, for the document count it was computed at (NaN before: see {@link TermStats.rarity}). */
  private logN = NaN;
  private logAt = -1;

  /**
   * The terms of `text`, lower-cased, each once (not counted: see {@link add}). Each character
   * is read once: the scan that finds a term's end also hashes it and tells whether it is
   * shaped (see {@link TermStats.shaped}), as of its last word character (the punctuation after
   * it is not the term's).
   */
  termsOf(text: string): Terms {
    const call = ++this.calls;
    const from = this.foundCount;
    const table = this.table;
    const n = text.length;
    let i = 0;
    while (i < n) {
      let c = text.charCodeAt(i);
      if (classOf(c) !== WORD) {
        i += 1;
        continue;
      }
      const start = i;
      let end = i + 1; // after the last word character
      let ascii = c < 0xc0; // (word characters are ASCII or from U+00C0 on)
      // the hash of the lower-cased codes and `shaped` so far, and as of `end`
      let h = hashStep(HASH_START, lower(c));
      let hashAtEnd = h;
      let isShaped = (c >= 48 && c <= 58) || c === 95;
      let shapedAtEnd = isShaped;
      let prevLower = c >= 97 && c <= 122;
      for (i += 1; i < n; i += 1) {
        c = text.charCodeAt(i);
        const k = classOf(c);
        if (k === OUTSIDE) break;
        const word = k === WORD;
        h = hashStep(h, lower(c));
        if (!isShaped) {
          isShaped =
            (c >= 48 && c <= 58) ||
            c === 95 ||
            c === 45 ||
            c === 46 ||
            c === 47 ||
            c === 64 ||
            (prevLower && c >= 65 && c <= 90);
        }
        prevLower = c >= 97 && c <= 122;
        if (word) {
          end = i + 1;
          hashAtEnd = h;
          shapedAtEnd = isShaped;
          if (c >= 0xc0) ascii = false;
        }
      }
      if (end - start < 2) continue;
      const s = ascii ? table.findAscii(text, start, end, hashAtEnd) : table.find(text.slice(start, end).toLowerCase());
      if (s.seen !== call) {
        s.seen = call;
        s.slot = this.foundCount;
        this.push(s.index, shapedAtEnd);
      } else if (shapedAtEnd && !this.foundShaped[s.slot]) this.foundShaped[s.slot] = 1;
    }
    return { from, to: this.foundCount };
  }

  private push(index: number, isShaped: boolean): void {
    if (this.foundCount === this.found.length) {
      const found = new Int32Array(this.found.length * 2);
      found.set(this.found);
      this.found = found;
      const shapedIn = new Uint8Array(this.found.length);
      shapedIn.set(this.foundShaped);
      this.foundShaped = shapedIn;
    }
    this.found[this.foundCount] = index;
    this.foundShaped[this.foundCount] = isShaped ? 1 : 0;
    this.foundCount += 1;
  }

  /** The entry of the `k`th term found. */
  private entry(k: number): TermStats {
    return this.table.entries[this.found[k] as number] as TermStats;
  }

  /** Counts a text's terms as `times` documents. */
  add(terms: Terms, times = 1): void {
    this.docs += times;
    for (let k = terms.from; k < terms.to; k += 1) {
      const s = this.entry(k);
      s.df += times;
      s.rarityAt = -1;
      if (this.foundShaped[k]) s.shaped = true;
    }
  }

  /** Rarity of one term in [0, 1]: 1 for a term of one document, near 0 for one in every document. */
  private termRarity(s: TermStats): number {
    // each term's is computed once: the salience of every item and failure line asks for it
    if (s.rarityAt === this.docs) return s.rarity;
    const df = s.df || 1;
    const n = Math.max(2, this.docs);
    if (this.logAt !== n) {
      this.logN = Math.log(n);
      this.logAt = n;
    }
    const r = Math.log(n / df) / this.logN;
    s.rarity = Math.max(0, Math.min(1, r)) * (s.df && s.shaped ? 1 : 0.75);
    s.rarityAt = this.docs;
    return s.rarity;
  }

  /** In how many documents the rarest of `terms` occurs (Infinity when there are none). */
  rarestCount(terms: Terms): number {
    let min = Infinity;
    for (let k = terms.from; k < terms.to; k += 1) min = Math.min(min, this.entry(k).df || 1);
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
    for (let k = terms.from; k < terms.to; k += 1) {
      const r = this.termRarity(this.entry(k));
      if (r > a) {
        c = b;
        b = a;
        a = r;
      } else if (r > b) {
        c = b;
        b = r;
      } else if (r > c) c = r;
    }
    return Math.min(1, 0.8 * a + 0.12 * b + 0.08 * c);
  }
}
