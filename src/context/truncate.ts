/**
 * Head + tail truncation of tool output: keep the first and last lines, then
 * fit a character and a UTF-8 byte budget, with one marker line where content was cut.
 * Pure and deterministic: no Node built-ins (no Buffer), so workflows, activities and the
 * CLI all produce the same bytes for the same input.
 */
import type { ContentRef, ToolResultMeta } from './types';

/** Limits of a truncated output. Every field is optional; defaults are {@link DEFAULT_TRUNCATE_LIMITS}. */
export interface TruncateLimits {
  /** Lines kept from the start. */
  headLines?: number;
  /** Lines kept from the end. */
  tailLines?: number;
  /** Maximum code points of the result, marker included. */
  maxChars?: number;
  /** Maximum UTF-8 bytes of the result, marker included. */
  maxBytes?: number;
}

/** Defaults: 128 + 128 lines, 10 KiB. */
export const DEFAULT_TRUNCATE_LIMITS: Readonly<Required<TruncateLimits>> = {
  headLines: 128,
  tailLines: 128,
  maxChars: 10_240,
  maxBytes: 10_240,
};

/** The smallest char/byte limit accepted: below it the marker itself would not fit. */
export const MIN_TRUNCATE_BUDGET = 64;

/**
 * The first problem of a set of limits (from a plugin option or the environment), or undefined:
 * char and byte limits must be integers ≥ {@link MIN_TRUNCATE_BUDGET}, line limits integers ≥ 0.
 */
export function truncateLimitsProblem(
  limits: TruncateLimits,
): { field: keyof TruncateLimits; message: string } | undefined {
  const mins: Record<keyof TruncateLimits, number> = {
    headLines: 0,
    tailLines: 0,
    maxChars: MIN_TRUNCATE_BUDGET,
    maxBytes: MIN_TRUNCATE_BUDGET,
  };
  for (const field of Object.keys(mins) as (keyof TruncateLimits)[]) {
    const v = limits[field];
    if (v === undefined) continue;
    if (!Number.isSafeInteger(v) || v < mins[field]) {
      return { field, message: `must be an integer ≥ ${mins[field]}, got ${JSON.stringify(v)}` };
    }
  }
  return undefined;
}

/** What truncation kept and dropped, for logs, digests and the status of a tool result. */
export interface TruncateStats {
  totalLines: number;
  keptLines: number;
  omittedLines: number;
  totalChars: number;
  keptChars: number;
  totalBytes: number;
  keptBytes: number;
  /** The first limit that forced a cut, or `none` when the text was returned unchanged. */
  cutBy: 'none' | 'lines' | 'chars' | 'bytes';
}

/** Result of {@link truncateOutput}. */
export interface TruncateResult {
  /** The text the model sees: identical to the input when nothing was cut. */
  text: string;
  truncated: boolean;
  stats: TruncateStats;
}

/** The marker line that stands for the cut middle. */
export function omissionMarker(omitted: number, total: number): string {
  return `[... omitted ${omitted} of ${total} lines ...]`;
}

/** The line a cut output ends with (after its tail): the stored whole's size and reference. */
export function fullOutputLine(bytes: number, ref: string): string {
  return `[full output: ${bytes} bytes, ${ref}]`;
}

/** {@link fullOutputLine} ending a text, read back: the whole's size in bytes and its reference. */
const FULL_OUTPUT_LINE = /\n\[full output: (\d+) bytes, (sha256:[0-9a-f]{64})\]\s*$/;

/**
 * The stored whole a cut output points at in its last line ({@link fullOutputLine}): an output the
 * model sees only the head and tail of. Undefined for any other text.
 */
export function cutReference(text: string): { bytes: number; ref: string } | undefined {
  const m = FULL_OUTPUT_LINE.exec(text.length > 160 ? text.slice(-160) : text);
  return m ? { bytes: Number(m[1]), ref: m[2] as string } : undefined;
}

/**
 * Truncates `text` to its head and tail: first by lines, then by code points, then by
 * UTF-8 bytes. Never splits a code point; returns the input unchanged below all limits.
 *
 * `middle`: lines from the cut part worth showing anyway (those that show a failure), put after
 * the marker and counted in the limits; left out when it would take more than half of them.
 */
export function truncateOutput(text: string, limits: TruncateLimits = {}, middle?: string): TruncateResult {
  const lim = { ...DEFAULT_TRUNCATE_LIMITS, ...limits };
  if (lim.maxChars < MIN_TRUNCATE_BUDGET || lim.maxBytes < MIN_TRUNCATE_BUDGET) {
    throw new RangeError(`truncateOutput: maxChars and maxBytes must be at least ${MIN_TRUNCATE_BUDGET}`);
  }
  if (lim.headLines < 0 || lim.tailLines < 0) throw new RangeError('truncateOutput: line limits must be ≥ 0');

  const totalLines = countLines(text);
  const total = measure(text, 0, text.length);
  const byLines = totalLines > lim.headLines + lim.tailLines;
  if (!byLines && total.chars <= lim.maxChars && total.bytes <= lim.maxBytes) {
    return {
      text,
      truncated: false,
      stats: {
        totalLines,
        keptLines: totalLines,
        omittedLines: 0,
        totalChars: total.chars,
        keptChars: total.chars,
        totalBytes: total.bytes,
        keptBytes: total.bytes,
        cutBy: 'none',
      },
    };
  }

  // Regions of the original text still candidates for the head and the tail.
  let headEnd = text.length;
  let tailStart = text.length;
  if (byLines) {
    headEnd = lim.headLines === 0 ? 0 : nthNewlineEnd(text, lim.headLines);
    tailStart = startOfLine(text, totalLines - lim.tailLines);
  }

  // Reserve room for the widest marker this text can produce, plus its two newlines.
  const reserve = omissionMarker(totalLines, totalLines).length + 2;
  const kept = middle ? measure(middle, 0, middle.length) : { chars: 0, bytes: 0 };
  const shown =
    kept.chars > 0 && 2 * (kept.chars + 1) <= lim.maxChars - reserve && 2 * (kept.bytes + 1) <= lim.maxBytes - reserve;
  const charBudget = lim.maxChars - reserve - (shown ? kept.chars + 1 : 0);
  const byteBudget = lim.maxBytes - reserve - (shown ? kept.bytes + 1 : 0);
  const cutBy: TruncateStats['cutBy'] = byLines ? 'lines' : total.chars > lim.maxChars ? 'chars' : 'bytes';

  const head0 = measure(text, 0, headEnd);
  const tail0 = measure(text, tailStart, text.length);
  if (!byLines || head0.chars + tail0.chars > charBudget || head0.bytes + tail0.bytes > byteBudget) {
    if (!byLines) tailStart = 0; // no line cut: head and tail both come from the whole text
    const head = takePrefix(text, 0, headEnd, Math.floor(charBudget / 2), Math.floor(byteBudget / 2));
    headEnd = head.end;
    const tail = takeSuffix(
      text,
      Math.max(tailStart, headEnd),
      text.length,
      charBudget - head.chars,
      byteBudget - head.bytes,
    );
    tailStart = tail.start;
  }

  const headText = text.slice(0, headEnd);
  const tailText = text.slice(tailStart);
  const keptLines = completeLinesInHead(headText) + completeLinesInTail(text, tailStart);
  const marker = omissionMarker(totalLines - keptLines, totalLines);
  const out =
    headText +
    (headText === '' || headText.endsWith('\n') ? '' : '\n') +
    marker +
    '\n' +
    (shown ? `${middle}\n` : '') +
    tailText;
  const keptText = measure(headText + tailText, 0, headText.length + tailText.length);
  return {
    text: out,
    truncated: true,
    stats: {
      totalLines,
      keptLines,
      omittedLines: totalLines - keptLines,
      totalChars: total.chars,
      keptChars: keptText.chars,
      totalBytes: total.bytes,
      keptBytes: keptText.bytes,
      cutBy,
    },
  };
}

/** UTF-8 byte length of a string, without Buffer or TextEncoder allocation. */
export function utf8ByteLength(text: string): number {
  return measure(text, 0, text.length).bytes;
}

/** Lines of a text: a trailing newline ends the last line rather than starting an empty one. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n : n + 1;
}

interface Measure {
  chars: number;
  bytes: number;
}

/** Code points and UTF-8 bytes of `text[from, to)` (lone surrogates count as U+FFFD: 3 bytes). */
function measure(text: string, from: number, to: number): Measure {
  let chars = 0;
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    chars++;
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (isHighSurrogate(c) && i + 1 < to && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return { chars, bytes };
}

/** The longest prefix of `text[from, to)` within both budgets, ending on a code point boundary. */
function takePrefix(text: string, from: number, to: number, maxChars: number, maxBytes: number) {
  let chars = 0;
  let bytes = 0;
  let i = from;
  while (i < to) {
    const width = codePointWidth(text, i, to);
    if (chars + 1 > maxChars || bytes + width.bytes > maxBytes) break;
    chars++;
    bytes += width.bytes;
    i += width.units;
  }
  return { end: i, chars, bytes };
}

/** The longest suffix of `text[from, to)` within both budgets, starting on a code point boundary. */
function takeSuffix(text: string, from: number, to: number, maxChars: number, maxBytes: number) {
  let chars = 0;
  let bytes = 0;
  let i = to;
  while (i > from) {
    const c = text.charCodeAt(i - 1);
    const pair = isLowSurrogate(c) && i - 2 >= from && isHighSurrogate(text.charCodeAt(i - 2));
    const units = pair ? 2 : 1;
    const w = pair ? 4 : c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    if (chars + 1 > maxChars || bytes + w > maxBytes) break;
    chars++;
    bytes += w;
    i -= units;
  }
  return { start: i, chars, bytes };
}

function codePointWidth(text: string, i: number, to: number): { units: number; bytes: number } {
  const c = text.charCodeAt(i);
  if (c < 0x80) return { units: 1, bytes: 1 };
  if (c < 0x800) return { units: 1, bytes: 2 };
  if (isHighSurrogate(c) && i + 1 < to && isLowSurrogate(text.charCodeAt(i + 1))) return { units: 2, bytes: 4 };
  return { units: 1, bytes: 3 };
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Index just after the n-th newline (n ≥ 1). */
function nthNewlineEnd(text: string, n: number): number {
  let i = -1;
  for (let k = 0; k < n; k++) {
    i = text.indexOf('\n', i + 1);
    if (i === -1) return text.length;
  }
  return i + 1;
}

/** Index of the start of 0-based line `line`. */
function startOfLine(text: string, line: number): number {
  return line === 0 ? 0 : nthNewlineEnd(text, line);
}

/** Complete lines in a head excerpt: each newline closes one. */
function completeLinesInHead(head: string): number {
  let n = 0;
  for (let i = head.indexOf('\n'); i !== -1; i = head.indexOf('\n', i + 1)) n++;
  return n;
}

/** Complete lines in the tail excerpt starting at `start`: a line cut at its start does not count. */
function completeLinesInTail(text: string, start: number): number {
  if (start >= text.length) return 0;
  const lines = countLines(text.slice(start));
  const atLineStart = start === 0 || text.charCodeAt(start - 1) === 10;
  return atLineStart ? lines : lines - 1;
}

/**
 * The result metadata of a tool call that could not be run (its activity failed for good):
 * the one-line `text` the model is given is the whole output. Shared by the workflow, which
 * records it, and the history reader, which rebuilds it.
 */
export function failedToolResultMeta(
  toolName: string,
  text: string,
  stored: { ref: ContentRef; bytes: number },
): ToolResultMeta {
  return {
    toolName,
    status: 'error',
    outputBytes: stored.bytes,
    outputLines: 1,
    truncated: false,
    fullOutputRef: stored.ref,
    binary: false,
    firstLine: text.slice(0, 200),
    lastLine: text.slice(0, 200),
  };
}
