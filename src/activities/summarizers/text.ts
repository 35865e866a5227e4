/**
 * Character-level helpers of the extractive summarizer, each a single pass over character
 * codes that returns exactly what the regular expression it replaces would: the summarizer
 * reads every message of a long session, and chains of `replace`, `split` and `test` over
 * each of them (and the strings they allocate) were most of its time. (Except
 * {@link isOneLine}: one `test`, which allocates nothing, is faster than the loop was.)
 */
import { clip } from '../messages';

/** Whether the UTF-16 code `c` is a white space of regular expressions' `\s` (and of `trim`). */
export function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * What {@link isOneLine} rules out: `/\s\s|[\n\r\t\f\v]|^\s|\s$/`, written so that every
 * alternative starts with a character class (a line break, tab, form feed or vertical tab is
 * `[\t-\r]`; two spaces in a row and a space at the end are a space followed by one or by the end).
 */
const NOT_ONE_LINE = /[\t-\r]|^\s|\s(?:\s|$)/;

/**
 * Whether `text` is already on one line: no space at either end, no two spaces in a row, and
 * no line break, tab, form feed or vertical tab (what `/\s\s|[\n\r\t\f\v]|^\s|\s$/` finds). An
 * expression, not a loop over character codes: the native search is ~2.5 times as fast on the
 * summarizer's statements (most texts it is asked about are one line, so all is read).
 */
export function isOneLine(text: string): boolean {
  return !NOT_ONE_LINE.test(text);
}

/**
 * `clip(text.replace(/\s+/g, ' ').trim(), max)`, reading no further than the clip needs: a
 * long text (a pasted specification) is cut after `max` characters of its one-line form.
 */
export function squeeze(text: string, max: number): string {
  const n = text.length;
  let i = 0;
  while (i < n && isSpace(text.charCodeAt(i))) i += 1;
  // text[from, i) is already in one-line form: copied as one piece, not word by word
  let out = '';
  let from = i;
  while (i < n && out.length + (i - from) <= max) {
    if (!isSpace(text.charCodeAt(i))) {
      i += 1;
      continue;
    }
    let j = i + 1;
    while (j < n && isSpace(text.charCodeAt(j))) j += 1;
    if (j === n) break; // trailing spaces are dropped
    if (j > i + 1 || text.charCodeAt(i) !== 0x20) {
      out += `${text.slice(from, i)} `;
      from = j;
    }
    i = j;
  }
  return clip(out + text.slice(from, i), max);
}

/**
 * The parts of a line split where `/(?<=[.!?])\s+(?=[A-Z"'`(])/` matches (after `.`, `!` or `?`,
 * the spaces before a capital, quote, backtick or parenthesis), each trimmed, empty ones left out.
 */
export function splitSentences(line: string): string[] {
  return splitAfterStops(line, false);
}

/**
 * The parts of a line split where `/(?<=[.!?;])\s+(?=\S)/` matches (after `.`, `!`, `?` or `;`,
 * the spaces before anything), each trimmed, empty ones left out.
 */
export function splitClauses(line: string): string[] {
  return splitAfterStops(line, true);
}

/** {@link splitSentences}, or with `clauses` {@link splitClauses}. */
function splitAfterStops(line: string, clauses: boolean): string[] {
  const out: string[] = [];
  const n = line.length;
  let from = 0;
  // the next `.`, `!`, `?` (and `;`) from a position on, each found by indexOf and kept until passed
  let dot = -1;
  let bang = -1;
  let question = -1;
  let semicolon = clauses ? -1 : n;
  let i = 1;
  while (i < n) {
    if (dot < i - 1) dot = nextOf(line, '.', i - 1);
    if (bang < i - 1) bang = nextOf(line, '!', i - 1);
    if (question < i - 1) question = nextOf(line, '?', i - 1);
    if (semicolon < i - 1) semicolon = nextOf(line, ';', i - 1);
    const stop = Math.min(dot, bang, question, semicolon);
    if (stop >= n - 1) break; // none, or one that ends the line
    i = stop + 1;
    if (!isSpace(line.charCodeAt(i))) {
      i += 1;
      continue;
    }
    let j = i + 1;
    while (j < n && isSpace(line.charCodeAt(j))) j += 1;
    if (j < n && (clauses || sentenceStart(line.charCodeAt(j)))) {
      pushTrimmed(out, line, from, i);
      from = j;
    }
    i = j;
  }
  pushTrimmed(out, line, from, n);
  return out;
}

/** Where `c` next occurs in `line` from `from` on, or the line's length. */
function nextOf(line: string, c: string, from: number): number {
  const at = line.indexOf(c, from);
  return at < 0 ? line.length : at;
}

/** `A`–`Z`, `"`, `'`, a backtick or `(`. */
function sentenceStart(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || c === 0x22 || c === 0x27 || c === 0x60 || c === 0x28;
}

function pushTrimmed(out: string[], line: string, start: number, end: number): void {
  while (start < end && isSpace(line.charCodeAt(start))) start += 1;
  while (end > start && isSpace(line.charCodeAt(end - 1))) end -= 1;
  if (end > start) out.push(line.slice(start, end));
}

/** A line-number gutter a file view prints before each line: `   12│`, `    12→`, `12\t`, `12 | `, `12: `, `12 `. */
const GUTTER = /^[ \t]*(\d{1,6})(?:│|→|\t|: | ?\| |\|| )/;
/** Lines of a text looked at to tell whether it is a numbered file view. */
const GUTTER_SCAN_LINES = 200;

/**
 * A file view without its line numbers (`   4│ + Rules for contributors:` → ` + Rules for contributors:`),
 * so what the file says is read as written: most lines numbered, the numbers in order. Any other
 * text as it is.
 */
export function withoutGutter(text: string): string {
  // (a cheap look first: a view's numbers open one of its first lines)
  if (!/^[ \t]*\d{1,6}[│→\t:| ]/m.test(text.length > 2_000 ? text.slice(0, 2_000) : text)) return text;
  const lines = text.split('\n');
  let lineCount = 0;
  let numbered = 0;
  let ordered = 0;
  let last = -1;
  for (let i = 0; i < lines.length && i < GUTTER_SCAN_LINES; i += 1) {
    const line = lines[i] as string;
    if (!line.trim()) continue;
    lineCount += 1;
    const m = GUTTER.exec(line);
    if (!m) continue;
    numbered += 1;
    const n = Number(m[1]);
    if (last < 0 || n === last + 1) ordered += 1;
    last = n;
  }
  if (numbered < 3 || numbered < lineCount * 0.6 || ordered < numbered * 0.8) return text;
  return lines.map((line) => line.replace(GUTTER, '')).join('\n');
}
