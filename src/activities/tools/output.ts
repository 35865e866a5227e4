/**
 * Classifying and describing raw tool output: binary detection, first/last lines.
 */
import { clip } from '../../context/evidence';

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
