/**
 * Reading a tool call for the extractive summarizer: its arguments, a short label (name and
 * short string arguments), and the files it names — split into files it writes and files it
 * only reads. A call writes when it carries text besides its short arguments (the content of
 * a write, the new text of an edit, a patch) — that is the call's shape, whatever its argument
 * names — or when its name says it changes files (`edit`, `write`, `replace`, …). Paths inside a patch are read from its header lines (`*** Update File:`,
 * `+++ b/…`, `diff --git`), not from the changed lines.
 */
import { COMMAND_ARG_KEYS, FILE_ARG_KEYS } from '../../context/constants';
import { clip } from '../messages';
import { oneLine } from './collect';
import { isPath, pathsIn } from './paths';

/** A tool call as the summarizer reads it (arguments parsed once, on demand). */
export interface Call {
  name: string;
  raw: string;
  /** Parsed on first use (present from the start, undefined: one shape for all calls). */
  args: Record<string, unknown> | undefined;
}

/** A string argument this long, or with a line break, is content rather than an identifying field. */
const CONTENT_CHARS = 200;
/** Tool names that say the call changes files (a second cue, for edits whose texts are short). */
const WRITES = /edit|writ|patch|replac|creat|insert|append|save|modif|updat|renam|delet|remov|mov(?:e|ing)\b/i;
/** Header lines of a patch or diff, which name the files it changes. */
/** First characters of {@link PATCH_HEADER}'s lines. */
const PATCH_HEADER_START = new Set(['*', '+', '-', 'd', 'I', 'r']);
const PATCH_HEADER =
  /^(?:\*\*\* (?:Update|Add|Delete|Move to)(?: File)?:|\+\+\+ |--- |diff --git |Index: |rename (?:from|to) )/;

export function argsOf(call: Call): Record<string, unknown> {
  if (call.args) return call.args;
  try {
    const v: unknown = JSON.parse(call.raw || '{}');
    call.args = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    call.args = {};
  }
  return call.args;
}

/** `run_command command="npm test" args="--watch=false"`: the call's short string arguments. */
export function label(call: Call): string {
  const shown = Object.entries(argsOf(call))
    .map(([k, v]) => [k, Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.join(' ') : v] as const)
    .filter(([, v]) => typeof v === 'string' && v.length <= CONTENT_CHARS && !v.includes('\n'))
    .slice(0, 4)
    .map(([k, v]) => `${k}=${JSON.stringify(clip(v as string, 120))}`);
  return shown.length ? `${call.name} ${shown.join(' ')}` : `${call.name} ${clip(oneLine(call.raw), 120)}`;
}

/** The files a call names: those it writes (it carries content) and those it only reads or runs on. */
export function callFiles(call: Call): { written: string[]; read: string[] } {
  const args = argsOf(call);
  const named: string[] = [];
  const patched: string[] = [];
  let content = false;
  for (const k of FILE_ARG_KEYS) if (typeof args[k] === 'string' && args[k]) named.push(args[k] as string);
  for (const k of COMMAND_ARG_KEYS) if (typeof args[k] === 'string') named.push(...pathsIn(args[k] as string));
  if (Array.isArray(args['args'])) named.push(...pathsIn(args['args'].filter((a) => typeof a === 'string').join(' ')));
  for (const k of Object.keys(args)) {
    const v = args[k];
    if (typeof v !== 'string' || (COMMAND_ARG_KEYS as readonly string[]).includes(k)) continue;
    if (v.length < CONTENT_CHARS && !v.includes('\n')) {
      // a path under a key of its own (`target`, `dest`, `notebook`): its shape says what it is
      if (!(FILE_ARG_KEYS as readonly string[]).includes(k) && isPath(v)) named.push(v);
      continue;
    }
    content = true;
    patched.push(...patchPaths(v));
  }
  if (!content && !WRITES.test(call.name)) return { written: [], read: unique(named) };
  // a call with content writes the files it names by key; a patch names its own
  const written = unique([...named.filter((f) => !f.includes(' ')), ...patched]);
  return { written, read: [] };
}

/** `names` without repetitions, each where it first occurs (most calls name one file or none). */
function unique(names: string[]): string[] {
  return names.length < 2 ? names : [...new Set(names)];
}

/** Paths on the header lines of a patch or diff. */
function patchPaths(text: string): string[] {
  const out: string[] = [];
  // line by line without splitting: a written file's content is long, and few lines start like a header
  for (let from = 0; from <= text.length;) {
    const eol = text.indexOf('\n', from);
    const end = eol < 0 ? text.length : eol;
    if (PATCH_HEADER_START.has(text.charAt(from))) {
      const line = text.slice(from, end);
      if (PATCH_HEADER.test(line))
        for (const p of pathsIn(line)) {
          const path = p.replace(/^[ab]\//, '');
          if (path !== '/dev/null') out.push(path);
        }
    }
    from = end + 1;
  }
  return out;
}
