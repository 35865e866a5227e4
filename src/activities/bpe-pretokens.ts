/**
 * o200k_base's pre-tokenizer, matched by hand on ASCII text. {@link BytePairEncoder} finds each
 * pre-token with the encoding's regular expression (sticky, `u` flag); a call of the
 * expression per pre-token was most of the time of counting ordinary text (~60 ns a
 * pre-token of a few characters, bench/compaction.bench.ts: the extractive summary's fit).
 * {@link o200kPieceEnd} returns exactly the end of the match the expression finds at a
 * position, reading a class per character from a table, as long as every character it has to
 * look at is ASCII; otherwise it returns -1 and the caller runs the expression (Unicode
 * letters, digits, marks and spaces are not decided here). Checked against the expression on
 * random text in test/unit/activities/bpe-pretokens.test.ts.
 *
 * The pattern, alternatives tried in order (`P` = `[^\r\n\p{L}\p{N}]`, `U` = upper-case
 * letters, `L` = lower-case letters, `C` = the contractions `'s 't 're 've 'm 'll 'd` in
 * either case):
 * 1. `P? U* L+ C?`   2. `P? U+ L* C?`   3. `\p{N}{1,3}`   4. ` ?[^\s\p{L}\p{N}]+[\r\n/]*`
 * 5. `\s*[\r\n]+`   6. `\s+(?!\S)`   7. `\s+`
 */

/** The expression {@link o200kPieceEnd} stands for (js-tiktoken's `pat_str` of o200k_base). */
export const O200K_PATTERN =
  "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

/** Character classes: a character beyond ASCII, whose class this module does not decide. */
const BEYOND = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
/** `\r` and `\n`. */
const NEWLINE = 4;
/** The other white space of `\s` in ASCII: tab, vertical tab, form feed, space. */
const SPACE = 5;
/** Neither a letter, a digit nor white space: punctuation, symbols, control characters. */
const OTHER = 6;

const CLASSES = new Uint8Array(128).fill(OTHER);
for (let c = 0x41; c <= 0x5a; c += 1) CLASSES[c] = UPPER;
for (let c = 0x61; c <= 0x7a; c += 1) CLASSES[c] = LOWER;
for (let c = 0x30; c <= 0x39; c += 1) CLASSES[c] = DIGIT;
CLASSES[0x0a] = NEWLINE;
CLASSES[0x0d] = NEWLINE;
for (const c of [0x09, 0x0b, 0x0c, 0x20]) CLASSES[c] = SPACE;

function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? (CLASSES[c] as number) : BEYOND;
}

/**
 * The end of the run of characters of class `k` from `from` on; -1 when a character beyond
 * ASCII ends it (it might belong to the class).
 */
function runEnd(text: string, from: number, k: number): number {
  for (let i = from; i < text.length; i += 1) {
    const c = classAt(text, i);
    if (c !== k) return c === BEYOND ? -1 : i;
  }
  return text.length;
}

/**
 * `at` past an English contraction (`'s`, `'t`, `'re`, `'ve`, `'m`, `'ll`, `'d`, either case)
 * there, if one starts there. (No character is read past the end: a read out of bounds
 * discards the compiled code of the encoder's loop, which inlines this.)
 */
function contractionEnd(text: string, at: number): number {
  const n = text.length;
  if (at + 1 >= n || text.charCodeAt(at) !== 0x27) return at;
  const a = text.charCodeAt(at + 1) | 0x20; // lower-cased
  if (a === 0x73 || a === 0x74 || a === 0x6d || a === 0x64) return at + 2; // s t m d
  if (at + 2 >= n) return at;
  const b = text.charCodeAt(at + 2) | 0x20;
  if ((a === 0x72 || a === 0x76) && b === 0x65) return at + 3; // re ve
  if (a === 0x6c && b === 0x6c) return at + 3; // ll
  return at;
}

/**
 * The end of the pre-token of o200k_base that starts at `at` (< `text.length`): what the
 * sticky expression {@link O200K_PATTERN} matches there, or -1 when that depends on a
 * character beyond ASCII.
 */
export function o200kPieceEnd(text: string, at: number): number {
  const n = text.length;
  const first = classAt(text, at);
  if (first === BEYOND) return -1;
  // 1 and 2: an optional P (then the letters must follow it: without it, they would have to
  // start at `at`, which holds no letter), upper-case letters, lower-case letters
  const letters = first === SPACE || first === OTHER ? at + 1 : at;
  const upper = runEnd(text, letters, UPPER);
  if (upper < 0) return -1;
  const lower = runEnd(text, upper, LOWER);
  if (lower < 0) return -1;
  if (lower > upper || upper > letters) return contractionEnd(text, lower);
  // 3: up to three digits
  if (first === DIGIT) {
    let end = at + 1;
    for (; end < at + 3 && end < n; end += 1) {
      const c = classAt(text, end);
      if (c === BEYOND) return -1;
      if (c !== DIGIT) break;
    }
    return end;
  }
  // 4: an optional space, punctuation, then line breaks and slashes
  let punct = first === OTHER ? at : -1;
  if (punct < 0 && text.charCodeAt(at) === 0x20 && at + 1 < n) {
    const next = classAt(text, at + 1);
    if (next === BEYOND) return -1;
    if (next === OTHER) punct = at + 1;
  }
  if (punct >= 0) {
    let end = runEnd(text, punct, OTHER);
    if (end < 0) return -1;
    for (; end < n; end += 1) {
      const c = text.charCodeAt(end);
      if (c !== 0x0d && c !== 0x0a && c !== 0x2f) break;
    }
    return end;
  }
  // 5 to 7: white space (`first` is SPACE or NEWLINE here)
  let end = at;
  let lastNewline = -1;
  for (; end < n; end += 1) {
    const c = classAt(text, end);
    if (c === NEWLINE) lastNewline = end;
    else if (c !== SPACE) {
      if (c === BEYOND) return -1;
      break;
    }
  }
  // 5: through its last line break; 6: all of it at the end of the text, else all but its
  // last character (which stands before a non-space), if that leaves one; 7: all of it
  if (lastNewline >= 0) return lastNewline + 1;
  return end === n || end - at < 2 ? end : end - 1;
}
