/**
 * What a tool call's arguments say besides files and commands, read by their structure (not
 * by a harness's tool or argument names): prose-valued arguments (a `think` tool's thought, a
 * plan, a reason, a description, a commit message: several words of natural language, not
 * code, paths or JSON) are the assistant's statements; a list of items that each carry a
 * status (a todo list: `TodoWrite`, `update_plan`) is a plan, its pending and running items the
 * steps still owed; and the text a call writes (a file's content, an edit's new text, a patch's
 * added lines) may carry pending markers the agent leaves in the code (`TODO(next): …`, `FIXME`,
 * `- [ ] …`) and, for a small edit, values worth keeping (a schedule, a port). A command given
 * as an argument vector (`["bash", "-lc", "PORT=1 make"]`) is read as the command it runs.
 */
import { COMMAND_ARG_KEYS, isCommandKey } from '../../context/constants';
import { isPath } from './paths';
import { labelKind, type StatementKind } from './statements';

/** A prose argument longer than this is read up to here (a thought is a few paragraphs). */
const PROSE_MAX_CHARS = 4000;
/** Arguments (strings or list items) read per call. */
const MAX_VALUES = 24;
/** How deep nested objects and lists are read. */
const MAX_DEPTH = 3;
/** Written text scanned for pending markers, per argument. */
const WRITTEN_SCAN_CHARS = 20000;
/** Pending markers taken from one call. */
const MAX_MARKERS = 8;
/** A written text up to this size (its added lines) is small enough to show as the edit's detail. */
const SMALL_EDIT_CHARS = 240;
const SMALL_EDIT_LINES = 6;

/** Statuses of a list item that is still owed. */
const OPEN_STATUS =
  /^(?:pending|in[ _-]?progress|todo|to[ _-]?do|not[ _-]?started|open|active|doing|running|started|next|queued|planned|blocked)$/i;
/** Statuses of a list item that is done. */
const DONE_STATUS = /^(?:completed?|done|finished|closed|resolved|succeeded|success|ok)$/i;
/** Keys of a list item that hold its status. */
const STATUS_KEYS = ['status', 'state', 'done', 'completed', 'checked'];
/** Argument names whose text is the replaced (old) text of an edit, not written text. */
const OLD_TEXT = /^(?:old|search|find|original|before|from)(?:_?(?:str|string|text|content|code))?$/i;
/** A pending marker in written text: `TODO(next): …`, `FIXME: …`, `XXX …`, an unchecked box. */
const MARKER = /\b(TODO|FIXME|XXX|HACK)\b(\([^)]{0,40}\))?:?\s*(\S.*)$|^\s*(?:[-*+]|\d{1,3}[.)])\s+\[ \]\s+(\S.*)$/;

/** One thing an argument says, with the kind of statement it is. */
export interface ArgumentFact {
  kind: 'prose' | 'next' | 'done';
  text: string;
}

/** The command a call runs: a command string, or an argument vector read as the command line it runs. */
export function commandOf(args: Record<string, unknown>): string | undefined {
  for (const k of COMMAND_ARG_KEYS) {
    const v = args[k];
    if (typeof v === 'string') return v;
    if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string')) return argvCommand(v as string[]);
  }
  // (code given to a runtime that is a shell: Agent Zero's `{"runtime": "terminal", "code": "make test"}`)
  if (typeof args.code === 'string' && typeof args.runtime === 'string' && SHELL_RUNTIME.test(args.runtime))
    return args.code;
  return undefined;
}

/** A code runner's runtime that is a shell. */
const SHELL_RUNTIME = /^(?:terminal|shell|bash|sh|zsh|powershell|pwsh|cmd)$/i;

/** `["bash", "-lc", "make test"]` → `make test`; other vectors joined, quoting arguments with spaces. */
function argvCommand(argv: string[]): string {
  if (
    argv.length === 3 &&
    /(?:^|\/)(?:ba|z|da|k|fi)?sh$|(?:^|\/)pwsh$|(?:^|\/)powershell(?:\.exe)?$/.test(argv[0] as string)
  ) {
    if (/^-\w*c$|^-Command$/i.test(argv[1] as string)) return argv[2] as string;
  }
  return argv.map((a) => (a === '' || /[\s"'$]/.test(a) ? JSON.stringify(a) : a)).join(' ');
}

/**
 * Whether a string argument is natural language: several words, mostly letters, not a path,
 * not JSON, not code (few brackets, braces, semicolons or operators).
 */
export function isProse(v: string): boolean {
  const s = v.length > 600 ? v.slice(0, 600) : v;
  const t = s.trim();
  if (t.length < 16) return false;
  const c0 = t.charCodeAt(0);
  if (c0 === 0x7b || c0 === 0x5b || c0 === 0x3c) return false; // `{`, `[`, `<`: JSON, markup
  let letters = 0;
  let code = 0;
  let spaces = 0;
  for (let i = 0; i < t.length; i += 1) {
    const c = t.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c > 0x7f) letters += 1;
    else if (c === 0x20) spaces += 1;
    else if (
      c === 0x7b ||
      c === 0x7d ||
      c === 0x3b ||
      c === 0x3d ||
      c === 0x3c ||
      c === 0x3e ||
      c === 0x24 ||
      c === 0x5c
    )
      code += 1; // { } ; = < > $ \
  }
  if (spaces < 3) return false; // fewer than four words
  if (!t.includes(' ') && isPath(t)) return false;
  if (isCommandLine(t)) return false;
  return letters / (t.length - spaces) >= 0.7 && code / t.length < 0.02 && !codeLines(t);
}

/** A flag (`-q`, `--comments`, `--env=prod`) or a shell operator (`|`, `&&`, `>`, `2>&1`) standing as a word. */
const SHELL_WORD = /(?:^|\s)(?:--?[A-Za-z][\w-]*(?:=\S*)?|\|\|?|&&|>>?|2>&1)(?=\s|$)/;

/**
 * Whether a one-line text is a command line rather than a sentence: it has a flag or a shell
 * operator as a word and does not end as a sentence does (`uv run pytest -q`, `gh issue view 7505
 * --comments`, `kubectl get cm app -o json | jq .data` in a code executor's arguments).
 */
function isCommandLine(t: string): boolean {
  return !t.includes('\n') && !/[.!?:;]["')\]]?$/.test(t) && SHELL_WORD.test(t);
}

/** A line of code: a statement's keyword, an assignment, a call ending the line. */
const CODE_LINE =
  /^\s*(?:(?:import|from|def|class|return|print|for|while|with|const|let|var|function|async|await|elif|else:|try:|except)\b|[\w.\]]+\s*[-+*/]?=\s*\S|[\w.]+\(.*\)\s*;?\s*$)/;

/** Whether most of the lines of a text of several lines are code (Python and the like have few braces). */
function codeLines(t: string): boolean {
  if (!t.includes('\n')) return false;
  const lines = t.split('\n').filter((l) => l.trim());
  let code = 0;
  for (const line of lines) if (CODE_LINE.test(line)) code += 1;
  return code * 2 >= lines.length;
}

/**
 * The statements and list items of a call's arguments. A call that writes files reads only its
 * short one-line prose (a description): its long texts are the content it writes.
 */
export function argumentFacts(args: Record<string, unknown>, writes: boolean): ArgumentFact[] {
  const into: Visit = { out: [], budget: MAX_VALUES, writes };
  for (const k of Object.keys(args)) visit(into, k, args[k], 0);
  return into.out;
}

/** What {@link visit} reads into: the facts found, the values it may still read, whether the call writes. */
interface Visit {
  out: ArgumentFact[];
  budget: number;
  writes: boolean;
}

/**
 * Reads one argument (and what it nests) into `into`. (A function of the module, not a closure
 * made on each call of {@link argumentFacts}: one per tool call of the session.)
 */
function visit(into: Visit, key: string, v: unknown, depth: number): void {
  const { out, writes } = into;
  if (into.budget <= 0) return;
  if (typeof v === 'string') {
    into.budget -= 1;
    if (isCommandKey(key) || OLD_TEXT.test(key)) return;
    if (writes && (v.length >= 200 || v.includes('\n'))) return;
    const text = v.length > PROSE_MAX_CHARS ? v.slice(0, PROSE_MAX_CHARS) : v;
    if (isProse(text)) out.push({ kind: 'prose', text });
    return;
  }
  if (depth >= MAX_DEPTH || v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) {
    for (const x of v) {
      if (into.budget <= 0) break;
      const todo = todoItem(x);
      if (todo) {
        into.budget -= 1;
        out.push(todo);
      } else if (typeof x === 'string' && !writes && isProse(x)) {
        into.budget -= 1;
        out.push({ kind: 'next', text: x.length > PROSE_MAX_CHARS ? x.slice(0, PROSE_MAX_CHARS) : x });
      } else if (x && typeof x === 'object') visit(into, key, x, depth + 1);
    }
    return;
  }
  for (const k of Object.keys(v)) visit(into, k, (v as Record<string, unknown>)[k], depth + 1);
}

/** A list item with a status and a text (`{content, status: "pending"}`, `{step, status}`). */
function todoItem(x: unknown): ArgumentFact | undefined {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return undefined;
  const o = x as Record<string, unknown>;
  let status: unknown;
  let statusKey = '';
  for (const k of STATUS_KEYS)
    if (k in o) {
      status = o[k];
      statusKey = k;
      break;
    }
  if (status === undefined) return undefined;
  // the item's text: its longest string that is not the status or an identifier
  let text = '';
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (k === statusKey || typeof v !== 'string' || /^(?:id|priority|activeForm)$/i.test(k)) continue;
    if (v.length > text.length) text = v;
  }
  if (!text.trim()) return undefined;
  const open = typeof status === 'boolean' ? !status : typeof status === 'string' && OPEN_STATUS.test(status.trim());
  const done = typeof status === 'boolean' ? status : typeof status === 'string' && DONE_STATUS.test(status.trim());
  if (!open && !done) return undefined; // cancelled, skipped: neither owed nor done
  return { kind: open ? 'next' : 'done', text: text.length > PROSE_MAX_CHARS ? text.slice(0, PROSE_MAX_CHARS) : text };
}

/** What a writing call's text adds: its pending markers, and the added lines of a small edit. */
export interface Written {
  markers: string[];
  /** The added lines of a small edit (none for a larger one). */
  small: string[];
  /** Labelled comments the written code carries (`// Design: …`, `# Constraint: …`), as statements. */
  said: LabelledComment[];
}

/** A comment in written code whose label names a kind of statement. */
export interface LabelledComment {
  kind: StatementKind;
  text: string;
}

/** A comment line with a label: `// Design: …`, `# Rationale: …`, `/* Invariant: …`, `-- Note: …`. */
const COMMENT_LABEL = /^\s*(?:\/\/+|#+|\/\*+|\*|--|;+)\s*([A-Z][A-Za-z -]{1,24}):\s+(\S.{7,})$/;
/** Labelled comments taken from one call. */
const MAX_COMMENTS = 6;

/** Labelled comments of `lines` whose label names a constraint, decision or plan (./statements.ts `labelKind`), appended to `into`. */
export function labelledComments(lines: readonly string[], into: LabelledComment[]): void {
  for (const line of lines) {
    if (into.length >= MAX_COMMENTS) return;
    if (!line.includes(':')) continue;
    const m = COMMENT_LABEL.exec(line);
    if (!m) continue;
    const label = m[1] as string;
    const kind = labelKind(label);
    if (kind !== 'constraint' && kind !== 'decision' && kind !== 'plan') continue;
    const body = (m[2] as string).replace(/\s*(?:\*\/|-->)\s*$/, '').trim();
    into.push({ kind, text: `${label}: ${body}` });
  }
}

/** The texts a call writes (not the old text of an edit), each scanned for what it adds. */
export function writtenFacts(args: Record<string, unknown>): Written {
  const markers: string[] = [];
  const said: LabelledComment[] = [];
  let smallLines: string[] = [];
  let texts = 0;
  let old: string | undefined;
  for (const k of Object.keys(args)) {
    const v = args[k];
    if (typeof v === 'string' && OLD_TEXT.test(k)) old = v;
  }
  for (const k of Object.keys(args)) {
    const v = args[k];
    if (typeof v !== 'string' || OLD_TEXT.test(k) || isCommandKey(k)) continue;
    if (v.length < 200 && !v.includes('\n') && isPath(v.trim())) continue;
    texts += 1;
    const text = v.length > WRITTEN_SCAN_CHARS ? v.slice(0, WRITTEN_SCAN_CHARS) : v;
    const small = texts === 1 && v.length <= SMALL_EDIT_CHARS * 4;
    // an edit of a larger text (its old text given) is read for the setting it changes
    const delta = texts === 1 && old !== undefined && old.length <= WRITTEN_SCAN_CHARS;
    // most written text has no marker: it is split into lines only when it has one, is small, or is such an edit
    if (!small && !delta && !hasMarker(text) && !mayHoldLabel(text)) continue;
    const added = addedLines(text);
    markersIn(added, markers);
    labelledComments(added, said);
    if (small) {
      const lines = added.map((l) => l.trim()).filter(Boolean);
      const size = lines.reduce((n, l) => n + l.length, 0);
      if (lines.length && lines.length <= SMALL_EDIT_LINES && size <= SMALL_EDIT_CHARS) smallLines = lines;
    }
    if (!smallLines.length && delta) smallLines = settingChange(added, (old as string).split('\n'));
  }
  return { markers, small: texts === 1 ? smallLines : [], said };
}

/**
 * The text a call writes, as added lines (a patch's `+` lines; a new text whole), its old text
 * and short arguments left out: what a prose document the agent writes (a design note, an
 * ADR, a plan, a spec) says, for its statements. At most {@link WRITTEN_SCAN_CHARS} per text.
 */
export function writtenText(args: Record<string, unknown>): string {
  let out = '';
  for (const k of Object.keys(args)) {
    const v = args[k];
    if (typeof v !== 'string' || OLD_TEXT.test(k) || isCommandKey(k)) continue;
    if (v.length < 200 && !v.includes('\n')) continue; // a path, a mode, a title: no content
    const text = v.length > WRITTEN_SCAN_CHARS ? v.slice(0, WRITTEN_SCAN_CHARS) : v;
    out += `${out ? '\n\n' : ''}${addedLines(text).join('\n')}`;
  }
  return out;
}

/**
 * The messages of a `git commit` in `command` (`-m "…"`, `-am '…'`, repeated `-m`): what the agent
 * says it did and chose, in its own words. Empty when it commits none.
 */
export function commitMessages(command: string): string[] {
  if (!/\bgit\b[^\n|;&]*\bcommit\b/.test(command)) return [];
  const out: string[] = [];
  for (const m of command.matchAll(/\s-(?:a?m|-message(?:=|\s))\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/g)) {
    const text = (m[1] ?? m[2] ?? '').replace(/\\(["\\$`])/g, '$1').trim();
    if (text) out.push(text);
  }
  return out;
}

/** A line that sets a value: `key: value`, `KEY=value`, `pkg==1.2.3`, `"port": 5433`. */
const SETTING = /^[\w"'.@/-]{1,60}\s*(?:[:=]|==|~=|>=)\s*\S/;

/**
 * The setting an edit of a larger text changes: its one or two changed lines (lines of the new
 * text the old one did not have) when each sets a value; none otherwise (a change of code is in
 * Files written).
 */
export function settingChange(added: readonly string[], before: readonly string[]): string[] {
  const had = new Set<string>();
  for (const l of before) had.add(l.trim());
  const out: string[] = [];
  for (const l of added) {
    const t = l.trim();
    if (!t || had.has(t)) continue;
    if (out.length >= SETTING_LINES || t.length > SMALL_EDIT_CHARS || !SETTING.test(t)) return [];
    out.push(t);
  }
  return out;
}
/** Most changed lines an edit may have to be read as a change of setting. */
const SETTING_LINES = 2;

/** Whether a text may hold a labelled comment ({@link COMMENT_LABEL}): a cheap test before its lines are split. */
const HAS_LABEL = /(?:\/\/|#|\/\*|--)\s*[A-Z][A-Za-z -]{1,24}:\s/;

/**
 * {@link HAS_LABEL}'s test, run only on a text that has one of the comment openings it starts
 * with: most written code has none, and a native search for each is several times faster than
 * the expression's scan of a whole file's content.
 */
function mayHoldLabel(text: string): boolean {
  const opens = text.includes('//') || text.includes('#') || text.includes('/*') || text.includes('--');
  return opens && HAS_LABEL.test(text);
}

/** Whether `text` may hold a pending marker (what {@link markersIn} looks for). */
function hasMarker(text: string): boolean {
  return (
    text.includes('TODO') ||
    text.includes('FIXME') ||
    text.includes('XXX') ||
    text.includes('HACK') ||
    text.includes('[ ]')
  );
}

/** Pending markers of `lines` appended to `into` (at most {@link MAX_MARKERS}). */
export function markersIn(lines: readonly string[], into: string[]): void {
  for (const line of lines) {
    if (into.length >= MAX_MARKERS) return;
    if (!hasMarker(line)) continue;
    const m = MARKER.exec(line);
    if (!m) continue;
    const body = (m[3] ?? m[4] ?? '').replace(/\s*(?:\*\/|-->|#\})\s*$/, '').trim();
    if (body.length < 4) continue;
    into.push(m[1] ? `${m[1]}${m[2] ?? ''}: ${body}` : `[ ] ${body}`);
  }
}

/**
 * The lines a text adds: a patch's or diff's `+` lines (not its `+++` headers) when it is one,
 * otherwise all of its lines.
 */
export function addedLines(text: string): string[] {
  const lines = text.split('\n');
  const patch =
    text.startsWith('*** Begin Patch') ||
    text.startsWith('diff --git') ||
    text.startsWith('--- ') ||
    text.startsWith('@@') ||
    lines.some((l) => l.startsWith('@@') || l.startsWith('*** Update File:') || l.startsWith('*** Add File:'));
  if (!patch) return lines;
  const out: string[] = [];
  for (const l of lines) if (l.startsWith('+') && !l.startsWith('+++')) out.push(l.slice(1));
  return out;
}
