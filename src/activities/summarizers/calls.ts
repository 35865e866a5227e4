/**
 * Reading a tool call for the extractive summarizer: its arguments, a short label (name and
 * short string arguments), and the files it names — split into files it writes and files it
 * only reads. A call writes when it carries text besides its short arguments (the content of
 * a write, the new text of an edit, a patch) — that is the call's shape, whatever its argument
 * names — or when its name says it changes files (`edit`, `write`, `replace`, …). Paths inside a patch are read from its header lines (`*** Update File:`,
 * `+++ b/…`, `diff --git`), not from the changed lines.
 */
import { FILE_ARG_KEYS, isCommandKey } from '../../context/constants';
import { clip } from '../messages';
import { oneLine } from './collect';
import { commandOf } from './arguments';
import { isSourcePath } from './pasted';
import { isPath, pathsIn } from './paths';
import { scriptWrites, shellWrites } from './shell-writes';

/** A tool call as the summarizer reads it (arguments parsed once, on demand). */
export interface Call {
  name: string;
  raw: string;
  /** Parsed on first use (present from the start, undefined: one shape for all calls). */
  args: Record<string, unknown> | undefined;
  /** {@link label}, made on first use (a call's label serves its command item and its errors). */
  label: string | undefined;
  /** {@link callFiles}, read on first use (several readers ask). */
  files: CallFiles | undefined;
}

/** Arguments longer than this are not parsed whole: their short fields are read from their start. */
const MAX_PARSED_CHARS = 1 << 20;
const SHORT_FIELDS_SCAN_CHARS = 4096;
/** A string argument this long, or with a line break, is content rather than an identifying field. */
const CONTENT_CHARS = 200;
/** Tool names that say the call changes files (a second cue, for edits whose texts are short). */
export const WRITES = /edit|writ|patch|replac|creat|insert|append|save|modif|updat|renam|delet|remov|mov(?:e|ing)\b/i;
/** Modes of an editor tool that only read. */
const READ_MODE = /^(?:view|read|show|cat|open|list|ls|get|search|find|grep|stat|info)$/i;
/** Header lines of a patch or diff, which name the files it changes. */
/** First characters of {@link PATCH_HEADER}'s lines. */
const PATCH_HEADER_START = new Set(['*', '+', '-', 'd', 'I', 'r']);
const PATCH_HEADER =
  /^(?:\*\*\* (?:Update|Add|Delete|Move to)(?: File)?:|\+\+\+ |--- |diff --git |Index: |rename (?:from|to) )/;

export function argsOf(call: Call): Record<string, unknown> {
  if (call.args) return call.args;
  if (call.raw.length > MAX_PARSED_CHARS) return (call.args = shortFields(call.raw));
  try {
    const v: unknown = JSON.parse(call.raw || '{}');
    call.args = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    call.args = {};
  }
  return call.args;
}

/**
 * The short string fields of arguments too large to parse (a whole file written at once): those
 * in its first characters (the path, the command), and a stand-in for the content, so the call
 * still reads as one that writes.
 */
function shortFields(raw: string): Record<string, unknown> {
  const head = raw.slice(0, SHORT_FIELDS_SCAN_CHARS);
  const out: Record<string, unknown> = {};
  for (const m of head.matchAll(/"(\w{1,40})"\s*:\s*"((?:[^"\\]|\\.){0,300})"/g)) {
    try {
      out[m[1] as string] = JSON.parse(`"${m[2] as string}"`) as string;
    } catch {
      // an escape cut in the middle: not a field worth keeping
    }
  }
  out['…'] = '\n'.repeat(CONTENT_CHARS); // the content left unparsed
  return out;
}

/** Longest command shown in a call's label (its values: env assignments, hosts, a commit's ticket). */
const COMMAND_MAX_CHARS = 400;

/**
 * `run_command: npm test (args="--watch=false")`: a command call as the command it runs (an
 * argument vector joined, a shell's `-c` script unwrapped), clipped at a word boundary; any
 * other call as its name and short string arguments.
 */
export function label(call: Call): string {
  return (call.label ??= labelOf(call));
}

/** {@link label}, made once per call. */
function labelOf(call: Call): string {
  const args = argsOf(call);
  const command = commandOf(args);
  // the first short string arguments (lists of strings joined), the command's own keys left out
  const keys = Object.keys(args);
  const most = command === undefined ? 4 : 2;
  let shown = '';
  let count = 0;
  for (let i = 0; i < keys.length && count < most; i += 1) {
    const k = keys[i] as string;
    if (command !== undefined && isCommandKey(k)) continue;
    let v = args[k];
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) v = v.join(' ');
    if (typeof v !== 'string' || v.length > CONTENT_CHARS || v.includes('\n')) continue;
    shown += `${count ? ' ' : ''}${k}=${JSON.stringify(clip(v, 120))}`;
    count += 1;
  }
  if (command !== undefined) {
    const rest = count ? ` (${shown})` : '';
    return `${call.name}: ${clipAtSpace(oneLine(command, COMMAND_MAX_CHARS + 200), COMMAND_MAX_CHARS)}${rest}`;
  }
  if (count) return `${call.name} ${shown}`;
  // no short argument: the name alone when the arguments are prose or lists (read as statements)
  return keys.length && call.raw.length > 120 ? call.name : `${call.name} ${clip(oneLine(call.raw), 120)}`;
}

/** `text` cut to at most `max` characters after a whole word (or mid-word when it has no space late enough). */
function clipAtSpace(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, space > max * 0.6 ? space : max - 1)}…`;
}

/** The files a call names: those it writes and those it only reads or runs on. */
export interface CallFiles {
  written: readonly string[];
  read: readonly string[];
  /**
   * Whether the files written are those of a command line (`sed -i`, `cat > f <<EOF`, {@link
   * shellWrites}): the call is still a command, whose outcome matters; its other paths are read.
   */
  byCommand?: boolean;
}

/** No files (shared: the lists of {@link CallFiles} are only read). */
const NONE: readonly string[] = [];

/**
 * The files a call names: those it writes (it carries content) and those it only reads or runs
 * on. (Indexed loops, not `for…of`: see ./collect.ts.)
 */
export function callFiles(call: Call): CallFiles {
  return (call.files ??= filesOf(call));
}

/**
 * Programs whose output is the text of the files they are given (or lines of it): a command that
 * runs one of these on a source file shows code, any other (`python seed.py`, `pytest tests/x.py`,
 * a REPL's query in a file's context) shows what the program printed.
 */
const PRINTS_FILES =
  /^(?:cat|bat|batcat|head|tail|sed|nl|less|more|tac|awk|cut|grep|egrep|rg|ag|ack|git|diff|colordiff|view|type|get-content|gc|select-string|findstr|xxd|od|hexdump|strings|wc|jq|yq|pygmentize|highlight)$/i;
/** What may come before a command line's program: a directory change or an export before `&&`/`;`, env assignments, wrappers. */
const COMMAND_PREFIX = /^(?:\s*(?:cd|pushd|export|set|source|\.)\s[^;&|]*(?:&&|;)\s*)+/;
const PROGRAM_WRAPPER = /^(?:sudo|time|env|nice|nohup|command|exec|stdbuf(?:\s+-\w+)*|timeout\s+\S+)$/;

/**
 * Whether a call's output is a source file's text read back (code, whose identifiers the Files
 * section and the edits carry): it reads a source file and runs no command, or one that prints files.
 */
export function readsSource(call: Call): boolean {
  if (!callFiles(call).read.some(isSourcePath)) return false;
  const args = argsOf(call);
  const command = commandOf(args);
  if (command === undefined || readMode(args)) return true;
  const words = command.replace(COMMAND_PREFIX, '').trimStart().split(/\s+/, 6);
  let k = 0;
  while (k < words.length - 1 && (/^\w+=/.test(words[k] as string) || PROGRAM_WRAPPER.test(words[k] as string))) k += 1;
  const program = (words[k] ?? '').replace(/^.*[/\\]/, '');
  return PRINTS_FILES.test(program);
}

/** Argument names that hold the directory a file argument's bare name is in. */
const DIRECTORY_KEYS = ['directory', 'dir', 'folder', 'directory_path', 'dir_path', 'folder_path'] as const;

/** The directory a call's arguments name for its file (without a trailing separator), if one. */
function directoryOf(args: Record<string, unknown>): string | undefined {
  for (let i = 0; i < DIRECTORY_KEYS.length; i += 1) {
    const v = args[DIRECTORY_KEYS[i] as string];
    if (typeof v !== 'string' || !v || v.length > 200 || v.includes('\n')) continue;
    const d = v.replace(/[/\\]+$/, '');
    return d && d !== '.' ? d : undefined;
  }
  return undefined;
}

/** Most files read from one list argument. */
const LISTED_FILES_MAX = 50;

function filesOf(call: Call): CallFiles {
  const args = argsOf(call);
  const named: string[] = [];
  const patched: string[] = [];
  // the files the code a call runs writes (`{"code": "open('out.csv', 'w')…"}`), when no argument names a file
  const scripted: string[] = [];
  let content = false;
  // (a file named apart from its directory, `{"directory": "vars", "filename": "deploy.groovy"}`: the path they make)
  const dir = directoryOf(args);
  for (let i = 0; i < FILE_ARG_KEYS.length; i += 1) {
    const v = args[FILE_ARG_KEYS[i] as string];
    if (typeof v === 'string' && v) named.push(dir !== undefined && !/[/\\]/.test(v) ? `${dir}/${v}` : v);
  }
  const byKey = named.length > 0;
  const command = commandOf(args);
  let commandWrites: string[] = [];
  if (command !== undefined) {
    pushAll(named, pathsIn(command));
    // (a one-word mode of an editor tool, `view`, `str_replace`, writes nothing here)
    if (command.length > 12 || command.includes(' ')) commandWrites = shellWrites(command);
  }
  const list = args['args'];
  if (Array.isArray(list)) pushAll(named, pathsIn(list.filter((a) => typeof a === 'string').join(' ')));
  const keys = Object.keys(args);
  // the files a list names (`"paths": ["a.ts", "b.ts"]`, `"files": [{"path": "a.d", "line_ranges": …}]`)
  for (let i = 0; i < keys.length; i += 1) {
    // (an argv, `"command": ["bash", "-lc", "sed -n '1,80p' src/a.fs"]`, was read as the command above)
    const v = keys[i] === 'args' || isCommandKey(keys[i] as string) ? undefined : args[keys[i] as string];
    if (!Array.isArray(v)) continue;
    for (let k = 0; k < v.length && k < LISTED_FILES_MAX; k += 1) {
      const item = v[k] as unknown;
      if (typeof item === 'string') {
        // one path an item, or the paths a longer one names (a command of a `"commands": [...]` list)
        if (!/\s/.test(item)) {
          if (isPath(item)) named.push(item);
        } else if (item.length < CONTENT_CHARS) pushAll(named, pathsIn(item));
      } else if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
        for (const key of FILE_ARG_KEYS) {
          const p = (item as Record<string, unknown>)[key];
          if (typeof p === 'string' && p) named.push(p);
        }
      }
    }
  }
  for (let i = 0; i < keys.length; i += 1) {
    const k = keys[i] as string;
    const v = args[k];
    if (typeof v !== 'string' || isCommandKey(k)) continue;
    if (v.length < CONTENT_CHARS && !v.includes('\n')) {
      // a path under a key of its own (`target`, `dest`, `notebook`): its shape says what it is
      if (!(FILE_ARG_KEYS as readonly string[]).includes(k) && isPath(v)) named.push(v);
      continue;
    }
    content = true;
    pushAll(patched, patchPaths(v));
    if (!byKey) pushAll(scripted, scriptWrites(v));
  }
  if (!content && commandWrites.length) {
    return { written: commandWrites, read: unique(named.filter((f) => !commandWrites.includes(f))), byCommand: true };
  }
  if (!byKey && !patched.length && scripted.length) {
    const written = unique(scripted);
    return { written, read: unique(named.filter((f) => !written.includes(f))), byCommand: true };
  }
  // an editor tool's read mode (`str_replace_editor {command: "view"}`) carries no content and says it reads
  if (!content && (!WRITES.test(call.name) || readMode(args))) return { written: NONE, read: unique(named) };
  // a call with content writes the files it names by key; a patch names its own
  const written: string[] = [];
  for (let i = 0; i < named.length; i += 1) if (!(named[i] as string).includes(' ')) written.push(named[i] as string);
  pushAll(written, patched);
  return { written: unique(written), read: NONE };
}

function pushAll(into: string[], items: readonly string[]): void {
  for (let i = 0; i < items.length; i += 1) into.push(items[i] as string);
}

/** Whether a call's one-word mode argument (`command`, `action`, `mode`) says it only reads. */
function readMode(args: Record<string, unknown>): boolean {
  for (const k of ['command', 'action', 'mode', 'operation']) {
    const v = args[k];
    if (typeof v === 'string' && READ_MODE.test(v)) return true;
  }
  return false;
}

/** `names` without repetitions, each where it first occurs (most calls name one file or none). */
function unique(names: string[]): string[] {
  return names.length < 2 ? names : [...new Set(names)];
}

/** Paths on the header lines of a patch or diff. */
export function patchPaths(text: string): string[] {
  const out: string[] = [];
  // line by line without splitting: a written file's content is long, and few lines start like a header
  for (let from = 0; from <= text.length;) {
    const eol = text.indexOf('\n', from);
    const end = eol < 0 ? text.length : eol;
    if (PATCH_HEADER_START.has(text.charAt(from))) {
      const line = text.slice(from, end);
      if (PATCH_HEADER.test(line)) {
        const paths = pathsIn(line);
        for (let i = 0; i < paths.length; i += 1) {
          const path = (paths[i] as string).replace(/^[ab]\//, '');
          if (path !== '/dev/null') out.push(path);
        }
      }
    }
    from = end + 1;
  }
  return out;
}
