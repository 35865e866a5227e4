/**
 * Text that is not what it seems to the summarizer, recognised by its structure: output pasted
 * into a user message (a fenced block, a run of log lines: timestamps, log levels, progress
 * bars, build steps, stack frames, shell prompts) is tool output, not the request's parts; edits
 * written in an assistant's text (Aider's search/replace blocks under the file's path, unified
 * diffs, `*** Update File:` patches) write files; and a prose document the agent reads
 * (AGENTS.md, CONTRIBUTING.md, a README, docs, a policy) states rules worth keeping.
 */
import { failureEvidence } from '../../context/evidence';
import { addedLines, labelledComments, markersIn, settingChange, type LabelledComment } from './arguments';
import { patchPaths } from './calls';
import { isPath } from './paths';
import { statementsIn, statesGoal, type SentenceKinds, type Statement } from './statements';
import { isSpace } from './text';

/** A user message's text split into what the user wrote and what they pasted (joined by lines). */
export interface Split {
  prose: string;
  pasted: string;
}

/** A line that only output prints: a timestamp, log level, build step, progress bar, stack frame, prompt. */
const LOG_LINE =
  /^\s*(?:\[?\d{4}-\d\d-\d\d[T ]\d|\[?\d\d:\d\d:\d\d|#\d+ (?:\[|\d+\.\d+ |DONE|CACHED|ERROR)|Step \d+\/\d+|\[(?:INFO|WARN(?:ING)?|ERROR|DEBUG|TRACE|FATAL|NOTICE)\]|(?:INFO|WARN(?:ING)?|ERROR|DEBUG|TRACE|FATAL|CRITICAL)\b[:\s]|at \S+ \(.*:\d+(?::\d+)?\)|at [\w$.<>]+\(|File ".*", line \d+|\$ \S|npm (?:ERR|WARN)|[\w.-]+\.\w+:\d+(?::\d+)?:? |(?:={3,}|-{3,}|\*{3,}|_{3,})(?:\s|$)|\s*\^+\s*$)|[━█░▓▒■]{3,}|\[=+>?\s*\]|\d+(?:\.\d+)?\s*\/\s*\d+(?:\.\d+)?\s*[kKMG]i?B\b|\d{1,3}%\s*\||\.\.\.\s*(?:\[|\(|done\b|ok\b|$)/;

/** A line framed like output (box drawing, a gutter) or opening with a failure's word. */
const OUTPUT_START =
  /^\s*(?:[\u2500-\u257f]|(?:[\u2502|]\s*)?(?:Error|ERROR|error|Warning|warning|FAILED|FAIL|fatal|panic|Traceback|Exception)\b[:[!(]?\s)/;
/** A fenced block of at most this many lines, without log lines, is a snippet the user wrote. */
const SNIPPET_LINES = 8;
/** A line's gutter in framed output (`│ Error: …`). */
const GUTTER = /^\s*[\u2500-\u257f]\s?/;
/** Words of a failure, for pasted output in which no failure shape is recognised. */
const FAILURE_WORD = /\b(?:error|fail(?:ed|ure)?|exception|fatal|panic|denied|refused|not found|cannot|unable)\b/i;

/**
 * The failure lines of pasted output (src/context/evidence.ts; believed as failing, since the
 * user pasted it), or else its first lines that name a failure.
 */
export function pastedEvidence(pasted: string): string[] {
  const text =
    pasted.includes('\u2502') || pasted.includes('\u2577')
      ? pasted
          .split('\n')
          .map((l) => l.replace(GUTTER, ''))
          .join('\n')
      : pasted;
  const evidence = failureEvidence(text, {});
  if (evidence.length) return evidence;
  const out: string[] = [];
  for (const line of text.split('\n')) if (FAILURE_WORD.test(line) && line.trim() && out.push(line.trim()) >= 4) break;
  return out;
}

/** The share of letters among a line's non-space characters below which it is output, not prose. */
const PROSE_LETTERS = 0.55;

/**
 * Splits a user message into prose and pasted output: fenced blocks, and runs of lines shaped
 * like output (two or more, or one that {@link LOG_LINE} matches) are pasted; list items,
 * headings and sentences stay. Linear in the text; a message of one or two lines is prose.
 */
export function splitPasted(content: string): Split {
  if (content.indexOf('\n') < 0) return { prose: content, pasted: '' };
  const lines = content.split('\n');
  const pasted = new Uint8Array(lines.length);
  let fence = -1;
  let run: number[] = [];
  let strong = false;
  const endRun = () => {
    if (run.length >= 3 || (strong && run.length >= 1)) for (const i of run) pasted[i] = 1;
    run = [];
    strong = false;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string;
    let lead = 0;
    while (lead < line.length && isSpace(line.charCodeAt(lead))) lead += 1;
    if (line.startsWith('```', lead) || line.startsWith('~~~', lead)) {
      endRun();
      if (fence < 0) fence = i;
      else {
        // a short snippet (a config, a command to run) is the user's; a longer block or one with log lines is output
        let output = i - fence - 1 > SNIPPET_LINES;
        for (let j = fence + 1; j < i && !output; j += 1) output = LOG_LINE.test(lines[j] as string);
        if (output) for (let j = fence; j <= i; j += 1) pasted[j] = 1;
        fence = -1;
      }
      continue;
    }
    if (fence >= 0) continue;
    if (lead === line.length) continue; // a blank line neither ends nor extends a run
    if (line.length - lead < 6 && run.length) {
      run.push(i); // a short line inside output (`│`, `^^^`, `}`) belongs to it
      continue;
    }
    const log = LOG_LINE.test(line) || OUTPUT_START.test(line);
    if (log || outputShaped(line, lead)) {
      run.push(i);
      strong ||= log;
    } else endRun();
  }
  endRun();
  if (fence >= 0) for (let j = fence; j < lines.length; j += 1) pasted[j] = 1; // an unclosed fence runs to the end
  let any = false;
  for (let i = 0; i < lines.length; i += 1) any ||= pasted[i] === 1;
  if (!any) return { prose: content, pasted: '' };
  const prose: string[] = [];
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) (pasted[i] ? out : prose).push(lines[i] as string);
  return { prose: prose.join('\n'), pasted: out.join('\n') };
}

/** A line of few letters (numbers, symbols, hashes, tables of values) or deeply indented code. */
function outputShaped(line: string, lead: number): boolean {
  const c = line.charCodeAt(lead);
  // list items and headings are the user's
  if (c === 0x2d || c === 0x2a || c === 0x2b || c === 0x23 || c === 0x3e || c === 0x2022) return false;
  let letters = 0;
  let other = 0;
  for (let i = lead; i < line.length && i < lead + 200; i += 1) {
    const ch = line.charCodeAt(i);
    if ((ch >= 0x61 && ch <= 0x7a) || (ch >= 0x41 && ch <= 0x5a) || ch > 0x7f) letters += 1;
    else if (!isSpace(ch)) other += 1;
  }
  if (letters + other < 6) return false;
  return letters / (letters + other) < PROSE_LETTERS || (lead >= 4 && letters + other > 0 && !/[.!?:]$/.test(line));
}

/** Files an assistant's text writes (search/replace blocks, diffs, patches) and the pending markers it adds. */
export function textEdits(content: string): {
  paths: string[];
  markers: string[];
  said: LabelledComment[];
  /** What blocks change when they set a value (`path: port: 5433`). */
  changes: string[];
} {
  const search = content.includes('<<<<<<< SEARCH');
  const patch = content.includes('\n+++ ') || content.includes('*** Update File:') || content.includes('*** Add File:');
  if (!search && !patch) return { paths: [], markers: [], said: [], changes: [] };
  const paths: string[] = [];
  const added: string[] = [];
  const lines = content.split('\n');
  const changes: string[] = [];
  if (search) {
    let replace = false;
    let path = '';
    let before: string[] = [];
    let after: string[] = [];
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i] as string;
      if (line.startsWith('<<<<<<< SEARCH')) {
        // the path is alone on the line before the block's fence (or before the marker itself)
        let j = i - 1;
        if (j >= 0 && /^\s*(?:```|~~~)/.test(lines[j] as string)) j -= 1;
        const named = (lines[j] ?? '').trim().replace(/^[`*]+|[`*:]+$/g, '');
        path = named && !/\s/.test(named) && (isPath(named) || named.includes('.')) ? named : '';
        if (path) paths.push(path);
        before = [];
        after = [];
      } else if (line.startsWith('=======')) replace = true;
      else if (line.startsWith('>>>>>>> REPLACE')) {
        replace = false;
        // what a block of a larger text sets: its one or two changed setting lines
        const set = settingChange(after, before);
        if (set.length) changes.push(`${path ? `${path}: ` : ''}${set.join(' | ')}`);
      } else if (replace) {
        added.push(line);
        after.push(line);
      } else before.push(line);
    }
  }
  if (patch) {
    paths.push(...patchPaths(content).filter((p) => !/\s/.test(p)));
    added.push(...addedLines(content));
  }
  const markers: string[] = [];
  markersIn(added, markers);
  const said: LabelledComment[] = [];
  labelledComments(added, said);
  return { paths: [...new Set(paths)], markers, said, changes };
}

/** Documents whose lines state rules: Markdown and text files, and upper-case names (AGENTS, README, CONTRIBUTING). */
const DOCUMENT =
  /(?:^|\/)(?:[A-Z][A-Z0-9_-]{2,}(?:\.[a-z]+)?|[^/\s]+\.(?:md|mdx|markdown|rst|txt|adoc)|[^/\s]*(?:polic(?:y|ies)|rules|guidelines)[^/\s]*)$/i;
/** Output a file viewer numbers: `   12\t…`, `  12→…`, `12: …`, `12 | …`. */
const NUMBERED = /^\s*\d+(?:\t|→|: | \| ?)/;

/** The prose of a document read (its line numbers dropped), or undefined when `path` is not a prose document (unless `prose`: the output was found to be prose). */
export function readDocument(path: string, output: string, prose = false): string | undefined {
  if (!prose && (!DOCUMENT.test(path) || /\.(?:json|ya?ml|toml|lock|log|csv)$/i.test(path))) return undefined;
  const text = output.length > 20000 ? output.slice(0, 20000) : output;
  const lines = text.split('\n');
  // a viewer may print a header line first (`Here's the result of running \`cat -n\` on …:`)
  const numbered = lines.length > 2 && NUMBERED.test(lines[1] as string) && NUMBERED.test(lines[2] as string);
  return numbered ? lines.map((l) => l.replace(NUMBERED, '')).join('\n') : text;
}

/** The title field of an issue or ticket as trackers' command-line tools print it (`title:\tExport times out`), maybe after a harness's stream label (`Stdout: `). */
export const TITLE_FIELD = /^(?:[A-Z][a-z]+:[ \t]+)?(?:title|summary|subject)[ \t]*:[ \t]*(\S.{6,200})$/im;
/** Characters at the start of an output searched for a title field. */
export const TITLE_SCAN_CHARS = 600;
/** Characters of an output looked at to tell prose from code, logs and data. */
const PROSE_SAMPLE_CHARS = 4000;
/** Share of an output's sampled characters that must be in lines reading as prose for it to be a document. */
const PROSE_SHARE = 0.5;

/**
 * Whether an output reads as prose — an issue, a review, a rules file, whatever its name — rather
 * than code, a log or data: most of the characters of its first lines are in lines of four or
 * more words made mostly of letters (a harness's footer of paths and prompts weighs little).
 */
export function isProse(output: string): boolean {
  const sample = output.length > PROSE_SAMPLE_CHARS ? output.slice(0, PROSE_SAMPLE_CHARS) : output;
  let lines = 0;
  let total = 0;
  let prose = 0;
  for (const raw of sample.split('\n')) {
    const line = raw.replace(/^\s*(?:\d+[:|\t→]\s?)?(?:[-*+]\s+)?/, '').trim();
    if (!line) continue;
    lines += 1;
    total += line.length;
    let letters = 0;
    let spaces = 0;
    for (let i = 0; i < line.length; i += 1) {
      const c = line.charCodeAt(i) | 0x20;
      if (c >= 0x61 && c <= 0x7a) letters += 1;
      else if (c === 0x20) spaces += 1;
    }
    if (spaces >= 3 && letters + spaces >= line.length * 0.85) prose += line.length;
  }
  return lines >= 3 && prose >= total * PROSE_SHARE;
}

/** Most lines, and characters per line, an output's digest keeps of what a summary would take from it. */
const NOTED_MAX_LINES = 4;
const NOTED_MAX_CHARS = 240;

/**
 * What a summary would take from an output that shows no failure — an issue's title, the goals
 * and rules of a prose document (an issue, a review, AGENTS.md, under any name) — at most
 * {@link NOTED_MAX_LINES} short lines, for the digest that replaces the output once it is
 * archived (the summarizer reads them back: ./collect.ts). `title: …` for a title.
 */
export function notedLines(output: string): string[] {
  const out: string[] = [];
  const title = TITLE_FIELD.exec(output.slice(0, TITLE_SCAN_CHARS));
  if (title) out.push(`title: ${clipNoted((title[1] as string).trim())}`);
  if (!isProse(output)) return out;
  for (const s of documentStatements(readDocument('', output, true) ?? '', NOTED_MAX_LINES * 6)) {
    if (out.length >= NOTED_MAX_LINES) break;
    out.push(clipNoted(s.text));
  }
  return out;
}

/**
 * The statements of a prose document a summary takes, in order: its constraints and the goals it
 * states (`Could you …?`, `The goal: …`), among its first `scan` statements.
 */
export function documentStatements(doc: string, scan: number, kinds?: SentenceKinds): Statement[] {
  const out: Statement[] = [];
  for (const s of statementsIn(doc, scan, false, kinds))
    if (s.kind === 'constraint' || (s.kind === 'plan' && statesGoal(s.text))) out.push(s);
  return out;
}

function clipNoted(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= NOTED_MAX_CHARS ? line : `${line.slice(0, NOTED_MAX_CHARS - 1)}…`;
}
