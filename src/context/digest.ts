/**
 * The digest that replaces an archived tool result in the view: which tool ran with which
 * key arguments, how it ended, how big its output was, its first and last lines, the lines
 * of the full output that show a failure (./evidence.ts), and the sha256 under which the
 * full output stays retrievable. Pure and deterministic, so the same result always digests
 * to the same bytes (and the same token count).
 */
import { clip as clipLine } from './evidence';
import type { ContentRef, ToolResultMeta } from './types';

/** Longest key-argument value shown in a digest; longer values are cut with an ellipsis. */
export const DIGEST_MAX_ARG_CHARS = 120;
/** Longest first/last line shown in a digest. */
export const DIGEST_MAX_LINE_CHARS = 160;
/**
 * Longest failure line shown in a digest: the recogniser (./evidence.ts) already bounds them,
 * a line naming a failing test at twice the others, and it is kept whole, never cut inside the name.
 */
export const DIGEST_MAX_EVIDENCE_LINE_CHARS = 400;

/** What a digest is computed from: the result's metadata and the call's key arguments. */
export interface ToolDigestInput {
  result: ToolResultMeta;
  /** Short string arguments of the call (path, pattern, command, ...). */
  keyArgs: Record<string, string>;
}

/**
 * Renders the digest text, e.g.
 * ```
 * [Archived tool result] read_file path="src/a.ts" → ok, 120 lines, 4.1 KB
 * first: import x from 'y';
 * last: export default x;
 * full output: sha256:…
 * ```
 * and for a failure, between first and last, the failure lines (the last line is not
 * repeated when it is one of them), then what a summary takes from the output (`noted:`: an
 * issue's title, a document's goals and rules):
 * ```
 * failure lines:
 *   error[E0308]: mismatched types
 *   --> src/config.rs:18:22
 * ```
 */
export function toolDigest({ result, keyArgs }: ToolDigestInput): string {
  const args = Object.keys(keyArgs)
    .sort()
    .map((k) => `${k}=${JSON.stringify(clip(keyArgs[k] ?? '', DIGEST_MAX_ARG_CHARS))}`)
    .join(' ');
  const status = result.exitCode === undefined ? result.status : `${result.status} (exit ${result.exitCode})`;
  const size = result.binary
    ? `binary, ${formatBytes(result.outputBytes)}`
    : `${result.outputLines} ${result.outputLines === 1 ? 'line' : 'lines'}, ${formatBytes(result.outputBytes)}`;
  const lines = [`[Archived tool result] ${result.toolName}${args ? ' ' + args : ''} → ${status}, ${size}`];
  const evidence = result.binary ? [] : (result.evidence ?? []).map((l) => clip(l, DIGEST_MAX_EVIDENCE_LINE_CHARS));
  const first = !result.binary && result.firstLine ? clip(result.firstLine, DIGEST_MAX_LINE_CHARS) : undefined;
  const last =
    !result.binary && result.lastLine && (result.lastLine !== result.firstLine || result.outputLines > 1)
      ? clip(result.lastLine, DIGEST_MAX_LINE_CHARS)
      : undefined;
  if (first !== undefined && first !== evidence[0]) lines.push(`first: ${first}`);
  if (evidence.length) lines.push('failure lines:', ...evidence.map((l) => `  ${l}`));
  const noted = result.binary ? [] : (result.noted ?? []).map((l) => clip(l, DIGEST_MAX_EVIDENCE_LINE_CHARS));
  if (noted.length) lines.push('noted:', ...noted.map((l) => `  ${l}`));
  if (last !== undefined && !evidence.includes(last)) lines.push(`last: ${last}`);
  lines.push(`full output: ${result.fullOutputRef satisfies ContentRef}`);
  return lines.join('\n');
}

/** Human-readable size with one decimal (B, KB, MB, GB; powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * Cuts a one-line string to `max` UTF-16 units, adding `…`: after a space when one is in the
 * last third (no name cut in two), else at `max` (never inside a surrogate pair).
 */
function clip(text: string, max: number): string {
  return clipLine(text.replace(/\s*\n\s*/g, ' '), max);
}
