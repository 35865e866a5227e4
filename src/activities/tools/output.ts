/**
 * Classifying and describing raw tool output: binary detection, first/last lines, and the text
 * the model sees of it (head + tail within a token allowance, the lines that show a failure kept).
 */
import { clip } from '../../context/evidence';
import {
  DEFAULT_TRUNCATE_LIMITS,
  MIN_TRUNCATE_BUDGET,
  truncateOutput,
  utf8ByteLength,
  type TruncateLimits,
} from '../../context/truncate';

/** Bytes inspected for binary detection (as git and grep do, the start of the output). */
export const BINARY_SNIFF_BYTES = 8_192;
/** Longest first/last line kept in a result's metadata. */
export const RESULT_LINE_MAX_CHARS = 200;

/** Raw output as bytes, plus its text when it is text. */
export interface ClassifiedOutput {
  bytes: Uint8Array;
  /** Undefined when the output is binary. */
  text: string | undefined;
}

/**
 * Decides whether output is text: a NUL byte in the first 8 KiB, or bytes that are not
 * valid UTF-8, mean binary (so the model gets a placeholder, not mojibake).
 */
export function classifyOutput(output: string | Uint8Array): ClassifiedOutput {
  if (typeof output === 'string') {
    const bytes = new TextEncoder().encode(output);
    return { bytes, text: output.slice(0, BINARY_SNIFF_BYTES).includes('\u0000') ? undefined : output };
  }
  if (output.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { bytes: output, text: undefined };
  try {
    return { bytes: output, text: new TextDecoder('utf-8', { fatal: true }).decode(output) };
  } catch {
    return { bytes: output, text: undefined };
  }
}

/** First and last non-empty lines of `text`, each clipped to about {@link RESULT_LINE_MAX_CHARS} (never inside a quoted name). */
export function edgeLines(text: string): { firstLine: string; lastLine: string } {
  const first = /^[^\S\n]*(\S[^\n]*)/m.exec(text)?.[1] ?? '';
  let last = '';
  let end = text.length;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end).trim();
    if (line) {
      last = line;
      break;
    }
    end = start - 1;
  }
  return { firstLine: clip(first.trim(), RESULT_LINE_MAX_CHARS), lastLine: clip(last, RESULT_LINE_MAX_CHARS) };
}

/** What {@link fitOutput} needs besides the text. */
export interface FitOptions {
  /** The fixed limits (a ceiling); default: 128 + 128 lines, 10 KiB. */
  limits?: TruncateLimits;
  /** The most tokens the message may take in the view, as `count` counts it; none: the fixed limits only. */
  maxTokens?: number;
  /** Tokens of the message that carries a candidate text. */
  count: (text: string) => number;
  /** The line that points at the stored whole (`[full output: … bytes, <ref>]`), appended when cut. */
  reference: string;
  /**
   * Lines of the output that show a failure (the full output's, not the kept part's): those
   * the cut leaves out are shown after the omission marker, so that the model sees why a
   * command failed even when the line that says so is in the middle.
   */
  evidence?: readonly string[];
}

/** The heading of the lines of the cut part that {@link fitOutput} keeps. */
export const KEPT_FROM_CUT = '[lines of the omitted part that show the failure:]';

/** Rounds of {@link fitOutput}: each scales the byte budget by the measured overshoot. */
const FIT_ROUNDS = 6;
/** A first guess of UTF-8 bytes per token, refined by counting. */
const BYTES_PER_TOKEN_GUESS = 4;

/**
 * The text the model sees of an output: head + tail within the fixed limits and, when given,
 * within `maxTokens` as counted in the view (the reference to the whole included). Shrinks the
 * byte budget by the measured overshoot until the count fits or the budget reaches its minimum.
 */
export function fitOutput(text: string, options: FitOptions): { text: string; truncated: boolean } {
  const limits = { ...DEFAULT_TRUNCATE_LIMITS, ...options.limits };
  const evidence = options.evidence ?? [];
  const view = (): { text: string; truncated: boolean } => {
    let cut = truncateOutput(text, limits);
    if (!cut.truncated) return { text, truncated: false };
    // the evidence the head and tail leave out, after the marker (twice at most: the lines shown
    // there shorten head and tail, which may leave out more of it)
    let missing: string[] = [];
    for (let pass = 0; pass < 2; pass += 1) {
      const more = evidence.filter((line) => !missing.includes(line) && !cut.text.includes(unclipped(line)));
      if (!more.length) break;
      missing = [...missing, ...more];
      cut = truncateOutput(text, limits, [KEPT_FROM_CUT, ...missing].join('\n'));
    }
    return { text: `${cut.text}\n${options.reference}`, truncated: true };
  };
  const max = options.maxTokens;
  if (max === undefined) return view();
  limits.maxBytes = Math.max(MIN_TRUNCATE_BUDGET, Math.min(limits.maxBytes, max * BYTES_PER_TOKEN_GUESS));
  limits.maxChars = Math.max(MIN_TRUNCATE_BUDGET, Math.min(limits.maxChars, max * BYTES_PER_TOKEN_GUESS));
  let out = view();
  for (let round = 0; round < FIT_ROUNDS; round += 1) {
    const tokens = options.count(out.text);
    if (tokens <= max || limits.maxBytes <= MIN_TRUNCATE_BUDGET) break;
    const scale = (max / tokens) * 0.95;
    limits.maxBytes = Math.max(
      MIN_TRUNCATE_BUDGET,
      Math.floor(Math.min(limits.maxBytes, utf8ByteLength(out.text)) * scale),
    );
    limits.maxChars = Math.max(MIN_TRUNCATE_BUDGET, Math.floor(Math.min(limits.maxChars, out.text.length) * scale));
    out = view();
  }
  return out;
}

/** An evidence line as it is in the output: without the ellipsis a clip ends it with. */
function unclipped(line: string): string {
  return line.endsWith('…') ? line.slice(0, -1) : line;
}
