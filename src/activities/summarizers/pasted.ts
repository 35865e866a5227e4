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
import { patchPaths, WRITES } from './calls';
import { isPath } from './paths';
import {
  RULE_WORDS_ELSEWHERE,
  isFirmConstraint,
  labelKind,
  sentenceKind,
  sentences,
  statementsIn,
  statesGoal,
  type SentenceKinds,
  type Statement,
} from './statements';
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
  // (and a row of columns, as a disassembly, a listing or a report prints them: `122:\t29 65 21 \tpshufb …`)
  return (
    letters / (letters + other) < PROSE_LETTERS ||
    (lead >= 4 && letters + other > 0 && !/[.!?:]$/.test(line)) ||
    columnGaps(line, lead)
  );
}

/**
 * Whether a line has two gaps between columns: whitespace with a tab in it (prose has none), or
 * runs of two or more spaces not after a sentence's end (as {@link COLUMN_GAPS}). One pass over
 * the line, whatever it holds.
 */
function columnGaps(line: string, lead: number): boolean {
  let gaps = 0;
  let i = lead;
  while (i < line.length) {
    if (!isSpace(line.charCodeAt(i))) {
      i += 1;
      continue;
    }
    const before = line.charCodeAt(i - 1);
    let spaces = 0;
    let tab = false;
    while (i < line.length && isSpace(line.charCodeAt(i))) {
      if (line.charCodeAt(i) === 0x09) tab = true;
      spaces += 1;
      i += 1;
    }
    // (a gap before the line's end is none; `.`, `!`, `?`, `:`, `;` end a sentence, typed two spaces after)
    if (i < line.length && (tab || (spaces >= 2 && !SENTENCE_END.has(before)))) gaps += 1;
    if (gaps >= 2) return true;
  }
  return false;
}

/** Characters a sentence or a clause ends with. */
const SENTENCE_END = new Set([0x2e, 0x21, 0x3f, 0x3a, 0x3b]);

/**
 * A tool call an assistant writes as tags in its text (Cline, Roo): `<name>`, its `<path>`, and
 * the rest of the call up to its closing tag.
 */
const TAGGED_CALL = /<([a-z][a-z0-9_]{2,40})>\s*<path>([^<\n]{1,400})<\/path>([\s\S]{0,200000}?)<\/\1>/g;
/** The new text of a tagged call (`<content>`, `<diff>`, `<new_str>`…). */
const TAGGED_BODY =
  /<(?:content|diff|new_str|new_text|replace|text)>\n?([\s\S]*?)<\/(?:content|diff|new_str|new_text|replace|text)>/;

/** Files an assistant's text writes (search/replace blocks, diffs, patches, tagged tool calls) and the pending markers it adds. */
export function textEdits(content: string): {
  paths: string[];
  markers: string[];
  said: LabelledComment[];
  /** What blocks change when they set a value (`path: port: 5433`). */
  changes: string[];
} {
  const search = content.includes('<<<<<<< SEARCH');
  const patch = content.includes('\n+++ ') || content.includes('*** Update File:') || content.includes('*** Add File:');
  const tagged = content.includes('</path>');
  const whole = !search && (content.includes('\n```') || content.includes('\n~~~'));
  if (!search && !patch && !tagged && !whole) return { paths: [], markers: [], said: [], changes: [] };
  const paths: string[] = [];
  const added: string[] = [];
  // a tool call written as tags in the text (`<write_to_file><path>…</path><content>…`): a tool
  // whose name says it changes files writes its path, and its new text is what it adds
  if (tagged)
    for (const m of content.matchAll(TAGGED_CALL)) {
      if (!WRITES.test(m[1] as string)) continue;
      const path = (m[2] as string).trim();
      if (path && !/\s/.test(path)) paths.push(path);
      const body = TAGGED_BODY.exec(m[3] as string);
      if (body) added.push(...(body[1] as string).split('\n'));
    }
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
  // a whole file written out under its path: the path alone on its line, the fence on the next
  // (aider's whole-file edits; any assistant that writes a file out in full)
  if (whole)
    for (let i = 1; i < lines.length; i += 1) {
      if (!/^(?:```|~~~)[\w+#.-]*\s*$/.test(lines[i] as string)) continue;
      const named = (lines[i - 1] as string).trim().replace(/^[`*]+|[`*:]+$/g, '');
      if (named && !/\s/.test(named) && named.includes('.') && isPath(named)) paths.push(named);
    }
  const markers: string[] = [];
  markersIn(added, markers);
  const said: LabelledComment[] = [];
  labelledComments(added, said);
  return { paths: [...new Set(paths)], markers, said, changes };
}

/** Documents whose lines state rules: Markdown and text files, and upper-case names (AGENTS, README, CONTRIBUTING). */
const DOCUMENT =
  /(?:^|\/)(?:[^/\s]+\.(?:md|mdx|markdown|rst|txt|adoc)|[^/\s]*(?:polic(?:y|ies)|rules|guidelines)[^/\s]*)$/i;
/**
 * A file named in capitals (`README`, `CONTRIBUTING`, `AGENTS.md`, `LICENSE`): matched apart from
 * {@link DOCUMENT}, without its case-insensitive flag, which made every `name.ext` (`src/cache.ts`) a document.
 */
const CAPITALS_NAME = /(?:^|\/)[A-Z][A-Z0-9_-]{2,}(?:\.[a-z]+)?$/;
/**
 * A line number a file viewer prints: `   12\t…`, `  12→…`, `12: …`, `12:…` (SWE-agent's
 * `open`), `12 | …`, `00012| …`.
 */
const NUMBERED = /^\s*\d{1,6}(?:\t|→|:(?!\d)\s?| ?\| ?)/;
/** A harness's labelled line around an output (`Command: …`, `Directory: (root)`, `Exit code: 0`, `Stdout: …`). */
const LABELLED = /^([A-Z][A-Za-z]*(?: [A-Za-z]+){0,2}):(?:[ \t]+(.*))?$/;
/** Lines at each end of an output searched for a harness's labels and fences. */
const WRAPPER_LINES = 4;
/** The language of a fence around code (a fence around prose that names none, or a file, is a harness's). */
const CODE_FENCE =
  /^(?:bash|sh|shell|zsh|console|terminal|ps1|powershell|bat|js|jsx|ts|tsx|javascript|typescript|py|python|rb|ruby|go|rs|rust|java|kt|kotlin|swift|scala|cs|csharp|c|cpp|c\+\+|h|php|pl|perl|lua|r|sql|json|jsonc|ya?ml|toml|ini|xml|html|css|scss|diff|patch|dockerfile|makefile|hcl|tf|graphql|proto)\b/i;
/** Non-blank lines a fenced block needs to be a wrapped document rather than a snippet. */
const WRAPPED_MIN_LINES = 3;
/** Lines whose numbering tells that a viewer numbered the output. */
const NUMBERING_SAMPLE = 12;

/**
 * The text of a document as a harness showed it, unwrapped: the labelled lines around it
 * (`Command: gh pr view 12`, `Stdout: …`, `Exit Code: 0` — the label dropped, what follows kept),
 * a code fence around all of it (the only fence, opening in its first lines and closing on its
 * last: a harness fencing the output, not a code block inside the document),
 * and the line numbers a viewer printed (when most of its first lines have one). Rules that an
 * agent read through `cat -n`, an editor tool or a shell wrapper are then lines of a document,
 * not of a code block.
 */
export function documentBody(output: string): string {
  const lines = output.split('\n');
  let first = 0;
  let last = lines.length - 1;
  const blank = (k: number) => !(lines[k] as string).trim();
  // the harness's labels at both ends (at most a few lines each): a label goes, what follows it stays
  for (let n = 0; first <= last && n < WRAPPER_LINES * 2; n += 1) {
    if (blank(first)) {
      first += 1;
      continue;
    }
    const m = LABELLED.exec(lines[first] as string);
    if (!m) break;
    lines[first] = m[2] ?? '';
    if (!lines[first]) first += 1;
    else if (n >= WRAPPER_LINES || !LABELLED.test(lines[first + 1] ?? '')) break;
    else first += 1;
  }
  for (let n = 0; last >= first && n < WRAPPER_LINES * 2; n += 1) {
    if (blank(last)) last -= 1;
    else {
      const m = LABELLED.exec(lines[last] as string);
      if (!m || (m[2] ?? '').length > 40) break;
      last -= 1;
    }
  }
  const body = lines.slice(first, last + 1);
  let numbered = 0;
  let sampled = 0;
  for (let k = 0; k < body.length && sampled < NUMBERING_SAMPLE; k += 1) {
    const line = body[k] as string;
    if (!line.trim()) continue;
    sampled += 1;
    if (NUMBERED.test(line)) numbered += 1;
  }
  // (a viewer may print a header line or two first: `Here's the result of running \`cat -n\` on …:`)
  if (sampled >= 2 && numbered * 3 >= sampled * 2)
    for (let k = 0; k < body.length; k += 1) body[k] = (body[k] as string).replace(NUMBERED, '');
  // a fence around prose is a harness's wrapper (a fence around code stays: a block of the document)
  let open = -1;
  for (let k = 0; k < body.length; k += 1) {
    const line = (body[k] as string).trimStart();
    if (!line.startsWith('```')) continue;
    if (open < 0) {
      open = k;
      continue;
    }
    const info = (body[open] as string).trim().slice(3).trim();
    let filled = 0;
    for (let i = open + 1; i < k && filled < WRAPPED_MIN_LINES; i += 1) if ((body[i] as string).trim()) filled += 1;
    if (!CODE_FENCE.test(info) && filled >= WRAPPED_MIN_LINES && proseShare(body, open + 1, k) >= PROSE_SHARE) {
      body[open] = '';
      body[k] = '';
    }
    open = -1;
  }
  return body.join('\n');
}

/** Whether `path` names a prose document (Markdown or text, an upper-case name like `AGENTS.md`, a policy or rules file). */
export function isDocumentPath(path: string): boolean {
  return (DOCUMENT.test(path) || CAPITALS_NAME.test(path)) && !/\.(?:json|ya?ml|toml|lock|log|csv)$/i.test(path);
}

/** The prose of a document read (unwrapped: {@link documentBody}), or undefined when `path` is not a prose document (unless `prose`: the output was found to be prose). */
export function readDocument(path: string, output: string, prose = false): string | undefined {
  if (!prose && !isDocumentPath(path)) return undefined;
  return documentBody(output.length > 20000 ? output.slice(0, 20000) : output);
}

/** The title field of an issue or ticket as trackers' command-line tools print it (`title:\tExport times out`), maybe after a harness's stream label (`Stdout: `). */
export const TITLE_FIELD = /^(?:[A-Z][a-z]+:[ \t]+)?(?:title|summary|subject)[ \t]*:[ \t]*(\S.{6,200})$/im;
/** Characters at the start of an output searched for a title field. */
export const TITLE_SCAN_CHARS = 600;

/** A header field of a ticket, an issue or a message (`labels:\tbug`, `Reporter: Ana`, `Asunto: Cierre Q2`). */
const HEADER_FIELD = /^[A-Za-z][\w -]{0,30}:[ \t]+\S/;
/** A header field that names what the item is about (a tracker's or a mail's, in a few languages). */
const ABOUT_FIELD = /^(?:title|summary|subject|asunto|betreff|objet|oggetto|matter|issue|ticket|task|story)[ \t]*:/i;
/** A label alone on its line that opens a ticket's body (`Description:`, `Instructions from business:`). */
const BODY_LABEL =
  /^(?:description|details|body|instructions?(?: from [\w ]{1,30})?|request|ask|task|what to do|beschreibung|descripción|descripcion)[ \t]*:$/i;
/** Lines at the start of an output read for a ticket's header. */
const HEADER_SCAN_LINES = 14;

/**
 * The first line of a ticket's, an issue's or a message's body, when the output is one: header
 * fields one of which names what it is about (`title:`, `Subject:`, `Matter:`), or a body label
 * (`Description:`), then the body after a blank line, a `--` or the label. That line says what
 * is asked when the title does not (`title: Crash report` … `get the app building against SDK
 * 34`). Undefined for anything else (a commit's indented message, a JSON body, code).
 */
export function ticketBody(content: string): string | undefined {
  const lines = content.slice(0, TITLE_SCAN_CHARS * 3).split('\n', HEADER_SCAN_LINES + 1);
  let about = false;
  let opened = false;
  for (let k = 0; k < Math.min(lines.length, HEADER_SCAN_LINES); k += 1) {
    const line = (lines[k] as string).replace(/\r$/, '');
    const t = line.trim();
    if (opened && t) {
      // (the body's first line: a sentence, not indented, not another field or a fence)
      const words = t.split(/\s+/).length;
      return line === t && words >= 3 && t.length <= 240 && /^[\p{L}]/u.test(t) && !HEADER_FIELD.test(t)
        ? t
        : undefined;
    }
    if (BODY_LABEL.test(t)) opened = true;
    else if (!t || t === '--' || t === '---') opened = about;
    else if (HEADER_FIELD.test(t)) about ||= ABOUT_FIELD.test(t);
  }
  return undefined;
}

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
  const lines = documentBody(output.length > PROSE_SAMPLE_CHARS ? output.slice(0, PROSE_SAMPLE_CHARS) : output).split(
    '\n',
  );
  let count = 0;
  for (let k = 0; k < lines.length && count < 3; k += 1) if (proseLine(lines[k] as string)) count += 1;
  return (
    count >= 3 &&
    proseShare(lines, 0, lines.length) >= PROSE_SHARE &&
    !isLog(lines) &&
    !isCode(lines) &&
    !isReport(lines)
  );
}

/** A location a checker prints with each finding: `salt/ssh/init.sls:44`, `src/a.ts:12:5: …`. */
const LOCATION_LINE = /^\s*[\w./\\-]+\.\w{1,12}:\d+(?::\d+)?(?::|\s*$)/;
/** Share of the non-blank lines that must be or open with a location for a text to be a report. */
const REPORT_SHARE = 0.25;

/**
 * Whether `lines` are a linter's or a checker's report — findings, each with the location it was
 * found at (`[206] File modes should always be encapsulated in quotation marks` over
 * `salt/ssh/init.sls:73`): its sentences say what the checker found, not rules for the agent.
 */
function isReport(lines: readonly string[]): boolean {
  return nonBlankShare(lines, (line) => LOCATION_LINE.test(line) || FINDING_LINE.test(line)) >= REPORT_SHARE;
}

/**
 * A diagnostic with its severity and location anywhere in the line (`Reflection warning,
 * src/a/b.clj:187:23 - call to … can't be resolved`, `Foo.cs(12,5): warning CS0168: …`): what a
 * compiler or a checker found, however it words it, not a rule.
 */
const FINDING_LINE =
  /\b(?:warn(?:ing)?|error|note|info|hint|deprecat\w*|lint)\b.*?[\w./\\-]+\.\w{1,12}[:(]\d+(?:[:,]\d+)?|[\w./\\-]+\.\w{1,12}[:(]\d+(?:[:,]\d+)?\)?:?.*?\b(?:warn(?:ing)?|error|note|info|hint|deprecat\w*)\b/i;

/** Share of the non-blank lines of `lines` that `test` holds for (0 when all are blank). */
function nonBlankShare(lines: readonly string[], test: (line: string) => boolean): number {
  let total = 0;
  let held = 0;
  for (let k = 0; k < lines.length; k += 1) {
    const line = lines[k] as string;
    if (!line.trim()) continue;
    total += 1;
    if (test(line)) held += 1;
  }
  return total ? held / total : 0;
}

/**
 * A line of source code by its opening: a definition, an import, a control keyword with its
 * bracket, a decorator, a closing brace (maybe after a viewer's line number). Its comments and
 * docstrings read like sentences, but what they say is the code's, not rules for the agent.
 */
const CODE_LINE =
  /^\s*(?:\d{1,6}[:|\t→-]\s?)?(?:(?:def|class|import|return|raise|elif|except|function|const|let|var|export|public|private|protected|static|package|func|fn|impl|struct|enum|use)\b[^.!?]*$|from \S+ import |#include|#define|@[A-Za-z][\w.]*(?:\(|$)|(?:if|for|while|switch) ?\(|[})\]];?,?\s*$)/;

/** What a line of code has and a sentence that opens with one of its keywords (`public endpoints never …`) has not. */
const CODE_PUNCTUATION = /[;{}=<>()]/;
/** A viewer's line number before a line (`12\t`, `12 `), as a document's statement keeps it. */
const LEADING_NUMBER = /^\d{1,6}\s+/;

/** Share of the non-blank lines outside fences that must open like code for a text to be code. */
const CODE_SHARE = 0.15;

/** Whether enough of `lines` (outside fenced blocks) open like source code ({@link CODE_LINE}). */
function isCode(lines: readonly string[]): boolean {
  let total = 0;
  let code = 0;
  let fenced = false;
  for (let k = 0; k < lines.length; k += 1) {
    const line = lines[k] as string;
    const t = line.trimStart();
    if (t.startsWith('```') || t.startsWith('~~~')) {
      fenced = !fenced;
      continue;
    }
    if (fenced || !t) continue;
    total += 1;
    if (CODE_LINE.test(line)) code += 1;
  }
  return total > 0 && code >= total * CODE_SHARE;
}

/**
 * Extensions of source files: what they say in comments and docstrings is the code's, so a source
 * file read is no document whatever its share of prose (a module that opens on a long docstring).
 */
const SOURCE_FILE =
  /\.(?:py|pyi|js|jsx|mjs|cjs|ts|tsx|mts|cts|rb|go|rs|java|kt|kts|swift|scala|cs|fs|c|cc|cpp|cxx|h|hh|hpp|m|mm|php|pl|pm|lua|r|sql|sh|bash|zsh|ps1|dart|ex|exs|erl|hs|ml|clj|groovy|gradle|vue|svelte|sol|tf|proto|zig|nim|jl)$/i;

/**
 * Code of more ecosystems (`source/app.d`, `src/rules.rkt`, `src/main.lisp`). Not any unknown
 * extension: a job script or a build config (`jobs/run.sbatch`, `steam/app_build.vdf`) run by a
 * command is no code shown, and its command's output keeps its values.
 */
const MORE_SOURCE_FILE =
  /\.(?:d|di|rkt|scm|ss|lisp|lsp|cl|el|cr|gleam|elm|lean|adb|ads|pas|pp|lpr|dpr|f|f90|f95|f03|for|v|sv|vhd|vhdl|bicep|fsx|fsi|cob|cbl|cpy|hrl|cljs|cljc|purs|idr|agda|raku|rakumod|nims|mli|ino|cu|cuh|glsl|hlsl|wgsl|metal|asm|s|gd|abap|apex|cls|vb|vbs|ps1|psm1|tcl|awk|sed|hx|odin|mojo|vala|pony|nix)$/i;

/** Whether `path` names a source file ({@link SOURCE_FILE}, {@link MORE_SOURCE_FILE}). */
export function isSourcePath(path: string): boolean {
  return SOURCE_FILE.test(path) || MORE_SOURCE_FILE.test(path);
}

/** Extensions of files that may hold prose: a document's, or none. */
const PROSE_FILE = /\.(?:md|mdx|markdown|rst|txt|text|adoc|asciidoc|org|tex|html?|pdf|docx?|rtf|eml|wiki)$/i;

/**
 * Whether `path` names a file that is no document whatever it says: one with an extension that is
 * no prose file's (`source/app.d`, `pillar/postgres.sls`, `app_build.vdf`) — its view is read for
 * the rules its comments mark, not as a document.
 */
export function isNoDocumentPath(path: string): boolean {
  return /\.[A-Za-z][A-Za-z0-9]{0,7}$/.test(path) && !PROSE_FILE.test(path);
}

/**
 * A comment the code's authors marked for whoever changes it (`// NOTE: don't touch third_party/x`,
 * `# WARNING: this job publishes to prod`, `/* IMPORTANT: … *\/`, `-- Invariant: …`, TLA+'s `\* REVIEW: …`,
 * the `%` of TeX, Erlang, Prolog and MATLAB, the `(* … *)` of Pascal, OCaml and IEC Structured Text), maybe
 * after a viewer's line number: the marker, then what it says.
 */
const MARKED_COMMENT =
  /^\s*(?:\d{1,6}(?:[:|\t→]|\s{2,})\s*)?(?:\/\/+|#+|\/\*+|\(\*+|\*|--|;+|<!--|\\\*|%+)\s*([A-Z][A-Za-z ]{1,24}?(?: \d{1,4}(?:\.\d{1,4}){0,3})?)(?:\([^)\n]{1,30}\))?\s*[:!]\s+(\S.{7,})$/;
/**
 * A marker in capitals (`SAFETY`, `SECURITY`, `INVARIANT`), of up to three words, maybe with the
 * number of the section it quotes (`DELIVERY SPEC`, `SAP 9.2`, `HARD LIMIT`): a rule when what follows
 * forbids, requires or bounds (`no steeper than 45 deg`); not a task's.
 */
const CAPITAL_MARKER =
  /^(?!(?:TODO|FIXME|XXX|TBD|HACK|BUG|DONE)(?:\s|$))[A-Z]{3,16}(?: [A-Z]{2,16}){0,2}(?: \d{1,4}(?:\.\d{1,4}){0,3})?$/;
/**
 * A comment that opens by shouting a prohibition or an obligation (`# DO NOT raise max_connections
 * above 200: …`, `// NEVER call this from the UI thread`): a rule, marker and all.
 */
const SHOUTED_COMMENT =
  /^\s*(?:\d{1,6}(?:[:|\t→]|\s{2,})\s*)?(?:\/\/+|#+|\/\*+|\(\*+|\*|--|;+|<!--)\s*((?:DO NOT|DON'T|NEVER|MUST(?: NOT)?|ALWAYS)\s+\S.{7,})$/;
/**
 * A comment that tells whoever edits the code what to keep or not to do, and why after a colon
 * (`// Keep priority 99 on woocommerce_package_rates: PluginX hooks at 100`, `%% keep the init clause
 * first: ordering matters for hot upgrades`, ABAP's `" do not change the order: NAV validates it`):
 * a rule, marker aside. Without a reason of a few words it is the code's (`// keep track of the count`,
 * `# Do not edit: generated`).
 */
const REASONED_COMMENT =
  /^\s*(?:\d{1,6}(?:[:|\t→]|\s{2,})\s*)?(?:\/\/+|#+|\/\*+|\(\*+|\*|--|;+|%+|<!--|")\s*(?:[A-Z]{2,12}(?:\([^)\n]{1,30}\))?:\s*)?((?:keep|leave|preserve|do not|don't|must not|never(?!\s+\w+(?:s|ed)\b))\s[^:;\n]{3,120}?(?::|;|\s[—–])\s+\S+\s+\S.{3,})$/i;
/** Whether an output may hold a {@link REASONED_COMMENT} (one search, before any line is tried). */
const REASONED_ANYWHERE =
  /(?:\/\/|#|--|\*|;|%|")\s*(?:[A-Z]{2,12}(?:\([^)\n]{1,30}\))?:\s*)?(?:keep|leave|preserve|do not|don't|must not|never)\s/i;
/** Whether an output holds a {@link SHOUTED_COMMENT} at all (one search, before any line is tried). */
const SHOUTED_ANYWHERE = /(?:\/\/|#|--|\*|;)\s*(?:DO NOT|DON'T|NEVER|MUST|ALWAYS)\s/;
/** Markers that warn whatever follows (upper case, as conventions write them). */
const WARNING_MARKER = /^(?:IMPORTANT|WARNING|WARN|CAUTION|DANGER|ATTENTION|DO NOT [A-Z ]+)$/;
/** Markers of a remark, a rule only when what follows forbids or requires. */
const NOTE_MARKER = /^(?:NOTE|NB|N\.B|Note|Important|Warning|Caution)$/;
/**
 * Words that forbid or require in the languages teams write comments in besides English (a
 * German `niemals …`, a Spanish `nunca …`, a French `ne … jamais`, an Italian `mai …`).
 */
/**
 * What a marked comment forbids by naming it (`no --use_fast_math in release builds`, `no vias in the
 * pads of Q1`, `…; nothing polls faster than once a minute`): `no`, `nothing` or `none` opening a clause.
 */
const MARKED_PROHIBITION =
  /(?:^|[;:,]\s*|\b(?:and|but)\s+)(?:no\s+(?!(?:idea|one|longer|matter|doubt|need|changes?|problems?|issues?)\b)|(?:nothing|none)\s+(?!(?:to|else|here|yet|happens|is|was|of)\b))\S/i;
/**
 * What a marked comment says of every one of a kind (`every public method states X unless …`, `each job …`;
 * not `all`, which opens reports as often: `NOTE: all tests pass on CI`).
 */
const MARKED_EVERY = /^(?:every|each)\s+\S/i;
/** A bound a marked comment sets on a number (`stays at 1 s or longer`, `at most 3 retries`, `stays at 4 messages`). */
const MARKED_BOUND =
  /\bat (?:least|most) \d|\b(?:stays?|remains?|kept|keeps?) (?:at|under|below|above|within) \d|\d[\d.,]*\s*(?:[a-zµ%]+\s+)?or (?:more|less|fewer|longer|shorter|higher|lower|above|below|earlier|later)\b/i;
const FIRM_WORDS = new Set(
  (
    'only nie niemals nicht kein keine keinen darf dürfen muss müssen nur nunca jamás jamas debe deben ' +
    'prohibido sólo solo jamais doit doivent interdit seulement mai deve devono vietato nao não'
  ).split(' '),
);
/**
 * A comment its authors headed with a word of their own in lower case, a name for what it states
 * (`// units: rainfall is in mm per 3 h, as the met office reports it`, `-- bags: a bag is 50 kg of
 * milled rice`): what they wrote down for whoever works on the code, kept with the rules when it is a
 * sentence ({@link NAMED_COMMENT_MIN_WORDS} words or more). A tool's directive or a doc comment's tag
 * is no name ({@link TOOL_MARKER}).
 */
const NAMED_COMMENT =
  /^\s*(?:\d{1,6}(?:[:|\t→]|\s{2,})\s*)?(?:\/\/+|#+|\/\*+|\(\*+|\*|--|;+|%+)[ \t]*([a-z][a-z_-]{2,23})[ \t]*:[ \t]+(\S.{15,})$/;
/** Words of a {@link NAMED_COMMENT}'s sentence, at least (`owner: mill office, Xaythany` is a field). */
const NAMED_COMMENT_MIN_WORDS = 5;
/** The lower-case heads of tools' directives, doc comments' tags and files' headers: none names a note. */
const TOOL_MARKER =
  /^(?:type|noqa|pylint|mypy|pyright|flake8|ruff|eslint|tslint|prettier|jshint|biome|nolint|lint|fmt|rustfmt|clippy|coding|vim|vi|emacs|mode|param|params|arg|args|argument|arguments|returns?|raises?|throws?|yields?|see|example|examples|deprecated|since|author|authors|copyright|license|spdx|todo|fixme|xxx|hack|bug|note|notes|nb|usage|input|output|file|filename|version|date|created|modified|updated|summary|description|desc|ignore|istanbul|c8|cspell|language|lang|title|tags?|name|id|url|link|refs?|issue|ticket|owner|maintainer|contact|email|http|https|step|phase|stage|test|tests|given|when|then|and|but|scenario|feature|background|host|port|user|password|path|key|value|default)$/;

/** Characters of an output scanned for marked comments, and rules taken from one output. */
const MARKED_SCAN_CHARS = 64 * 1024;
const MARKED_MAX_RULES = 3;

/** A viewer's line number before a comment (`    16\t// NOTE: …`, `42: # …`). */
const VIEWER_NUMBER = /^\s*\d{1,6}(?:[:|\t→]|\s{2,})\s*(?=\/\/|#|\/\*|\(\*|\*|--|;|%|<!--|")/;

/**
 * A comment line as its authors wrote it — its leader kept (`%% keep …`, `// NOTE: …`: the rule is
 * quoted from the code, and found there again by a search), a viewer's line number and a closing
 * `*\/`, `*)` or `-->` dropped.
 */
function commentText(line: string): string {
  return line
    .replace(VIEWER_NUMBER, '')
    .replace(/\s*(?:\*\/|\*\)|-->)\s*$/, '')
    .trim();
}

/**
 * The rules a file's authors wrote in marked comments ({@link MARKED_COMMENT}) of code or
 * configuration read (at most {@link MARKED_MAX_RULES}): a warning marker's whatever it says, a
 * shouted `DO NOT …`/`NEVER …` ({@link SHOUTED_COMMENT}), a note's or a label's when it forbids or requires (`// NOTE: never use exceptions in the audio
 * path`, `# Constraint: C++17 only`), and a note its authors named in lower case ({@link NAMED_COMMENT}:
 * `// units: rainfall is in mm per 3 h`). Unmarked comments are the code's (`// never called on the
 * main thread`: a fact about it, not a rule for the agent).
 */
export function markedRules(output: string): string[] {
  const text = output.length > MARKED_SCAN_CHARS ? output.slice(0, MARKED_SCAN_CHARS) : output;
  const out: string[] = [];
  const shouted = SHOUTED_ANYWHERE.test(text);
  const reasoned = REASONED_ANYWHERE.test(text);
  let from = 0;
  // (the comment lines under a comment that heads rules, `# Team rules:`, `// House rules:`, and their leader)
  let listed = 0;
  let leader: string | undefined;
  while (out.length < MARKED_MAX_RULES + listed && from < text.length) {
    let end = text.indexOf('\n', from);
    if (end < 0) end = text.length;
    const line = text.slice(from, end);
    from = end + 1;
    if (leader !== undefined) {
      const item = line.trimStart();
      // (a block comment's heading, ` * Rules:`, may list its items in line comments: `/// - x`)
      const under = item.startsWith(leader) || LISTED_COMMENT_ITEM.test(item);
      // (a block comment's closing `+/` or `*/` is no item)
      if (under && /[\p{L}\p{N}]/u.test(item.slice(leader.length)) && listed < LISTED_UNDER_HEADING) {
        out.push(item.trimEnd());
        listed += 1;
        continue;
      }
      leader = undefined;
    }
    if (line.trimEnd().endsWith(':') && COMMENT_RULES_HEADING.test(line)) {
      leader = /^\s*(#+|\/\/+|--|;+|%+|\*|\+)/.exec(line)?.[1];
      continue;
    }
    const loud = (shouted ? SHOUTED_COMMENT.exec(line) : null) ?? (reasoned ? REASONED_COMMENT.exec(line) : null);
    if (loud) {
      out.push(commentText(line));
      continue;
    }
    // (most lines hold no `: ` or `! ` after a word: no expression runs on them)
    if (line.indexOf(': ') < 0 && line.indexOf('! ') < 0) continue;
    const m = MARKED_COMMENT.exec(line);
    if (!m) {
      const named = NAMED_COMMENT.exec(line);
      if (
        named &&
        !TOOL_MARKER.test(named[1] as string) &&
        (named[2] as string).trim().split(/\s+/).length >= NAMED_COMMENT_MIN_WORDS
      )
        out.push(commentText(line));
      continue;
    }
    const marker = m[1] as string;
    const body = (m[2] as string).replace(/\s*(?:\*\/|\*\)|-->)\s*$/, '').trim();
    const rule =
      WARNING_MARKER.test(marker) ||
      ((NOTE_MARKER.test(marker) || CAPITAL_MARKER.test(marker) || labelKind(marker) === 'constraint') && firm(body));
    if (rule) out.push(commentText(line));
  }
  return out;
}

/**
 * A YAML key that heads a list of rules (`rules:`, `constraints:`, `freeze:`, `out_of_scope:`,
 * `do_not:`), maybe a list item itself: the sentences listed under it are rules, whatever the
 * file is called (an engagement's scope, a change policy, a team's conventions).
 */
const RULES_KEY =
  /^(\s*)(?:-\s+)?["']?(?:[\w-]*[_-])?(?:rules|policy|policies|constraints|restrictions|guidelines|guardrails|requirements|freeze|forbidden|prohibited|never|do_not|dont|out_of_scope)["']?\s*:\s*$/i;
/** A YAML list item: its text, unquoted. */
const LIST_ITEM_VALUE = /^(\s*)-\s+["']?(.*?)["']?\s*$/;
/** Rules taken from the lists of one output, and characters of it read (a configuration is short). */
const LISTED_MAX_RULES = 6;
const LISTED_SCAN_CHARS = 16 * 1024;

/**
 * The sentences listed under a key that names rules ({@link RULES_KEY}) in YAML read (at most
 * {@link LISTED_MAX_RULES}): `rules:` / `- no denial of service or load testing`. A list of
 * paths, hosts or ids under such a key states no rule (`out_of_scope: - 198.51.100.0/25`).
 */
export function listedRules(output: string): string[] {
  const text = output.length > LISTED_SCAN_CHARS ? output.slice(0, LISTED_SCAN_CHARS) : output;
  // (no YAML list item at all, as in most outputs: no expression runs)
  if (text.indexOf('\n- ') < 0 && text.indexOf('\n  - ') < 0 && text.indexOf('\n    - ') < 0) return [];
  const lines = text.split('\n');
  const out: string[] = [];
  for (let k = 0; k < lines.length && out.length < LISTED_MAX_RULES; k += 1) {
    const key = RULES_KEY.exec(lines[k] as string);
    if (!key) continue;
    const indent = (key[1] as string).length;
    let j = k + 1;
    for (; j < lines.length && out.length < LISTED_MAX_RULES; j += 1) {
      const line = lines[j] as string;
      if (!line.trim()) continue;
      const item = LIST_ITEM_VALUE.exec(line);
      if (!item || (item[1] as string).length < indent) break;
      const value = item[2] as string;
      if (isSentence(value) && !/^[\w.-]+\s*:\s/.test(value)) out.push(value);
    }
    // (the lines of its list are read once: a list of keys, `- rules:` after `- rules:`, stays linear)
    k = j - 1;
  }
  return out;
}

/** Fields of a message in a chat or thread export (Slack, Teams, a ticket's comments): what a person wrote. */
const MESSAGE_FIELDS = new Set(['text', 'message', 'body', 'comment', 'content']);
/** Longest JSON output parsed for the rules its messages state. */
const MESSAGES_MAX_CHARS = 256 * 1024;

/**
 * The rules people state in the messages of a JSON export read by a tool (a Slack thread, a
 * ticket's comments: `"text": "Reminder: every job must be charged to account lab-7"`): the
 * sentences of {@link MESSAGE_FIELDS} values that forbid or require (at most {@link MARKED_MAX_RULES}).
 * Other fields (a schema's `description`, an API's values) state no rule for the agent.
 */
export function messageRules(output: string): string[] {
  const head = output.charCodeAt(0);
  if ((head !== 0x7b && head !== 0x5b) || output.length > MESSAGES_MAX_CHARS) return [];
  let v: unknown;
  try {
    v = JSON.parse(output);
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (x: unknown, depth: number): void => {
    if (out.length >= MARKED_MAX_RULES || depth > 6 || typeof x !== 'object' || x === null) return;
    if (Array.isArray(x)) {
      for (const y of x) walk(y, depth + 1);
      return;
    }
    for (const [k, y] of Object.entries(x)) {
      if (typeof y === 'string' && MESSAGE_FIELDS.has(k.toLowerCase())) {
        // (a field with no firm word has no firm sentence: most of a linter's or an API's messages are
        // not split and classified at all)
        const text = y.replace(/\s+/g, ' ').trim();
        if (!isFirmConstraint(text)) continue;
        for (const sentence of sentences(text)) {
          if (out.length < MARKED_MAX_RULES && isFirmConstraint(sentence) && sentenceKind(sentence) === 'constraint')
            out.push(sentence);
        }
      } else walk(y, depth + 1);
    }
  };
  walk(v, 0);
  return out;
}

/** Whether a note forbids or requires (in English, or by a word of {@link FIRM_WORDS}). */
function firm(body: string): boolean {
  if (isFirmConstraint(body) || MARKED_PROHIBITION.test(body) || MARKED_BOUND.test(body) || MARKED_EVERY.test(body))
    return true;
  const words = body.toLowerCase().split(/[^a-zà-ÿ]+/);
  for (let k = 0; k < words.length; k += 1) if (FIRM_WORDS.has(words[k] as string)) return true;
  return false;
}

/**
 * Openings of a log's line {@link LOG_LINE} does not know: a level in lower case (sbt's `[info]`),
 * glog's `W1126 `. The words of a log (sbt's `[info] - should settle refunds`, a server's `INFO
 * starting the pool`) read like sentences, but they are a program's output, not rules or goals.
 */
const LOG_OPENING = /^\s*(?:\[(?:info|warn(?:ing)?|error|debug|trace|success|notice|fatal|verbose)\]|[IWEF]\d{4} )/i;

/** Whether at least half the non-blank lines open like a log's ({@link LOG_LINE}, {@link LOG_OPENING}). */
function isLog(lines: readonly string[]): boolean {
  // (all blank: a log, as before — nothing in it is a document's)
  return !lines.some((l) => l.trim()) || nonBlankShare(lines, (l) => LOG_LINE.test(l) || LOG_OPENING.test(l)) >= 0.5;
}

/** A line without its list marker (and a number a viewer put before it), trimmed: '' when blank. */
function proseLine(raw: string): string {
  return raw.replace(/^\s*(?:\d+[:|\t→]\s?)?(?:[-*+]\s+)?/, '').trim();
}

/** Share of the characters of `lines[from, to)` that are in lines of four or more words made mostly of letters. */
function proseShare(lines: readonly string[], from: number, to: number): number {
  let total = 0;
  let prose = 0;
  for (let k = from; k < to; k += 1) {
    const line = proseLine(lines[k] as string);
    if (!line) continue;
    total += line.length;
    let letters = 0;
    let spaces = 0;
    for (let i = 0; i < line.length; i += 1) {
      const c = line.charCodeAt(i) | 0x20;
      if (c >= 0x61 && c <= 0x7a) letters += 1;
      else if (c === 0x20) spaces += 1;
    }
    if (spaces >= 3 && letters + spaces >= line.length * 0.85 && !COLUMN_GAPS.test(line)) prose += line.length;
  }
  return total ? prose / total : 0;
}

/**
 * Two gaps of aligned columns in one line — runs of two or more spaces, or tabs, not after a
 * sentence's end (`14.7    uncapped indemnity  cap below 1x fees   medium`): a table's row, as a data
 * frame, a report or `column -t` prints it, whose words are cells, not a sentence.
 */
const COLUMN_GAPS = /\S(?<![.!?:;])(?: {2,}|\t+)\S.*?\S(?<![.!?:;])(?: {2,}|\t+)\S/;

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
 * states (`Could you …?`, `The goal: …`), among its first `scan` statements; with `settled`, also
 * what it records as decided and still to do (an ADR's `## Decision`, a checklist's open boxes,
 * meeting notes' `DECIDED:`).
 */
export function documentStatements(
  doc: string,
  scan: number,
  kinds?: SentenceKinds,
  rules = false,
  settled = false,
): Statement[] {
  const out: Statement[] = [];
  for (const s of statementsIn(doc, scan, false, kinds, true)) {
    // (a line of code in a document — a snippet, a file of code under a document's name — is the
    // code's: `private readonly List<Amount> _ledger = new();` forbids nothing)
    if (CODE_PUNCTUATION.test(s.text) && CODE_LINE.test(s.text.replace(LEADING_NUMBER, ''))) continue;
    if (s.kind === 'constraint' || (s.kind === 'plan' && statesGoal(s.text))) out.push(s);
    else if (settled && (s.kind === 'decision' || s.kind === 'next')) out.push(s);
    // in a rules file every item is a rule, however it is phrased (`New behaviour ships behind a flag`)
    else if (rules) out.push({ kind: 'constraint', text: s.text });
  }
  return out;
}

/** The words that name a document of rules, in a file's name or a title: a policy, rules, guidelines, conventions, standards. */
const RULES_WORDS = 'polic(?:y|ies)|rules|guidelines|conventions|standards';

/**
 * The names of the files agents and teams keep their rules in: AGENTS.md, CLAUDE.md, GEMINI.md,
 * CONTRIBUTING.md, `.cursorrules`, `.clinerules`, `.goosehints`, `copilot-instructions.md`, and
 * any policy, rules, guidelines or conventions document.
 */
const RULES_FILE = new RegExp(
  `(?:^|[/.])(?:agents?|claude|gemini|crush|warp|contributing|cursorrules|clinerules|windsurfrules|goosehints|copilot-instructions|[\\w-]+\\.instructions|[\\w-]*(?:${RULES_WORDS}))(?:\\.(?:md|mdx|markdown|txt|rst))?$`,
  'i',
);

/** A comment that heads a list of rules in the comments below it: `# Pravidlá tímu (kontroluje ich aj review):`, `// House rules:`. */
/** A comment line that is a list item (`/// - x`, `# * x`, `-- 1. x`). */
const LISTED_COMMENT_ITEM = /^(?:#+|\/\/+|--|;+|%+|\*|\+)\s*(?:[-*+]|\d{1,3}[.)])\s+\S/;
const COMMENT_RULES_HEADING = new RegExp(
  `^\\s*(?:#+|//+|--|;+|%+|\\*|\\+)\\s*[^\\n]{0,50}(?<![\\p{L}\\p{N}_])(?:${RULES_WORDS}|${RULE_WORDS_ELSEWHERE}|rule)(?![\\p{L}\\p{N}_])[^\\n]{0,60}:\\s*$`,
  'iu',
);
/** Comment lines taken from under one such heading. */
const LISTED_UNDER_HEADING = 6;
/** A document's title that says it holds rules (`Development guidelines – package ZNAV`, `# Coding conventions`, `# Regras do projeto`, `# 项目规则`). */
const RULES_TITLE = new RegExp(
  `^#{0,3}\\s*[^\\n]{0,60}(?:(?<![\\p{L}\\p{N}_])(?:${RULES_WORDS}|${RULE_WORDS_ELSEWHERE}|do's and don'ts)(?![\\p{L}\\p{N}_])|規則|规则|ルール|규칙)[^\\n]{0,60}$`,
  'iu',
);

/**
 * The body of a document whose title (its first line, maybe a heading) says it holds rules: every
 * item in it is one, as in a rules file ({@link isRulesFile}), whatever it was read by. Undefined
 * for any other document.
 */
export function titledRules(doc: string): string | undefined {
  const start = doc.trimStart();
  const end = start.indexOf('\n');
  if (end < 0 || !RULES_TITLE.test(start.slice(0, end).trimEnd())) return undefined;
  return start.slice(end + 1);
}

/** Whether `path` names a rules file ({@link RULES_FILE}). */
export function isRulesFile(path: string): boolean {
  return RULES_FILE.test(path);
}

/** Characters of a policy file read for its rules. */
const DATA_RULES_SCAN_CHARS = 32_000;
/** A policy kept as data: `.agent/policy.yaml`, `rules.json`, `guidelines.toml`. */
const DATA_RULES_FILE = new RegExp(`(?:^|[/.])[\\w-]*(?:${RULES_WORDS})\\.(?:ya?ml|json|toml)$`, 'i');
/** A YAML, JSON or TOML line `key: value` (maybe a list item, maybe quoted): the value and where the key starts. */
const DATA_ENTRY = /^(\s*)(?:-\s+)?"?[\w-]+"?\s*[:=]\s*(.*?)\s*,?$/;
/** A YAML block scalar's indicator: the value is on the more indented lines below. */
const BLOCK_SCALAR = /^[>|][+-]?$/;

/**
 * The rules of a policy kept as data (a rules file in YAML, JSON or TOML, {@link DATA_RULES_FILE}):
 * the values of its entries that are sentences (`text: "ask before deleting anything"`, a
 * `>-` block), in order, at most `max`; ids, versions and flags are not. Empty for any other file.
 */
export function dataRules(path: string, output: string, max: number): string[] {
  if (!DATA_RULES_FILE.test(path)) return [];
  const out: string[] = [];
  const head = output.trimStart();
  if ((head.startsWith('{') || head.startsWith('[')) && output.length <= DATA_RULES_SCAN_CHARS) {
    try {
      jsonSentences(JSON.parse(output), out, max, 0);
      return out;
    } catch {
      // not JSON: read as YAML or TOML lines
    }
  }
  const lines = output.slice(0, DATA_RULES_SCAN_CHARS).split('\n');
  for (let k = 0; k < lines.length && out.length < max; k += 1) {
    const entry = DATA_ENTRY.exec(lines[k] as string);
    if (!entry) continue;
    let value = (entry[2] as string).replace(/^["']|["']$/g, '');
    if (BLOCK_SCALAR.test(value)) {
      const indent = (entry[1] as string).length;
      const block: string[] = [];
      while (k + 1 < lines.length) {
        const next = lines[k + 1] as string;
        const body = next.trimStart();
        if (body && next.length - body.length <= indent) break;
        if (body) block.push(body.trimEnd());
        k += 1;
      }
      value = block.join(' ');
    }
    if (isSentence(value)) out.push(value);
  }
  return out;
}

/** A value that is a sentence: three words or more, with letters. */
function isSentence(value: string): boolean {
  return value.split(/\s+/).length >= 3 && /[a-z]{2}/i.test(value);
}

/** The sentences among the string values of parsed JSON, in order, at most `max` (nesting read 6 deep). */
function jsonSentences(v: unknown, out: string[], max: number, depth: number): void {
  if (out.length >= max || depth > 6) return;
  if (typeof v === 'string') {
    if (isSentence(v)) out.push(v.trim());
  } else if (Array.isArray(v)) {
    for (const x of v) jsonSentences(x, out, max, depth + 1);
  } else if (typeof v === 'object' && v !== null) {
    for (const x of Object.values(v)) jsonSentences(x, out, max, depth + 1);
  }
}

function clipNoted(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= NOTED_MAX_CHARS ? line : `${line.slice(0, NOTED_MAX_CHARS - 1)}…`;
}

/**
 * Files that configure how strict the checks on the code are: linters, type checkers, compilers'
 * and build tools' settings (`pyproject.toml`, `.golangci.yml`, `eslint.config.js`, `tsconfig.json`,
 * `build.gradle.kts`, `Cargo.toml`, `.rubocop.yml` …).
 */
const CHECKS_CONFIG_FILE =
  /(?:^|[/\\])(?:pyproject\.toml|setup\.cfg|tox\.ini|mypy\.ini|\.flake8|\.pylintrc|pylintrc|ruff\.toml|\.ruff\.toml|\.?golangci[\w.-]*\.ya?ml|\.?golangci\.toml|\.?eslintrc[\w.-]*|eslint\.config\.[cm]?[jt]s|\.?prettierrc[\w.-]*|biome\.jsonc?|tsconfig[\w.-]*\.json|jsconfig\.json|package\.json|deno\.jsonc?|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|gradle\.properties|pom\.xml|Cargo\.toml|clippy\.toml|\.clippy\.toml|deny\.toml|rustfmt\.toml|\.editorconfig|\.rubocop[\w.-]*\.ya?ml|phpstan[\w.-]*\.neon(?:\.dist)?|psalm\.xml|detekt[\w.-]*\.ya?ml|checkstyle[\w.-]*\.xml|\.swiftlint\.ya?ml|Directory\.Build\.props|[\w.-]+\.csproj|\.stylelintrc[\w.-]*|\.pre-commit-config\.ya?ml|\.?credo\.exs|\.scalafmt\.conf|\.scalafix\.conf|analysis_options\.yaml|\.hlint\.yaml|stack\.yaml|dune-project|\.clang-tidy|\.clang-format)$/i;
/** Whether `path` names a checks' configuration ({@link CHECKS_CONFIG_FILE}). */
export function isChecksConfigPath(path: string): boolean {
  return CHECKS_CONFIG_FILE.test(path);
}

/** A key that makes a check stricter when set: strict modes, what is disallowed, denied, required, warnings made errors. */
const ENFORCING_KEY =
  /strict|disallow|forbid|deny|requir|enforc|werror|warnings?[_-]?as[_-]?errors?|fail[_-]?(?:on|under|level)|treat[_-]?warnings|(?:^|[^A-Za-z])ban|restrict|(?:^|[^A-Za-z])no[A-Z]/i;
/** A value that makes a finding an error or denies it (`'error'`, `["error", …]`, `= "deny"`, `.error("Check")`, `-Werror`). */
const ENFORCING_VALUE = /(?:^|[\s"'(,[=:])["']?(?:error|deny|forbid(?:den)?)["']?\s*(?:[),\]}]|$)|\berror\(|-Werror\b/i;
/** A value that turns a check off or only warns: no constraint. */
const RELAXING =
  /^["']?(?:false|off|0|warn(?:ing)?|ignore|none|allow(?:ed)?|disabled?|no)["']?\s*[,;]?\s*(?:(?:#|\/\/).*)?$|^\[\s*["'](?:warn|off|warning)["']/i;
/** A key whose list names what is denied (`deny:`, `deny = [`, `banned-modules:`, `forbidden_imports:`). */
const DENY_KEY =
  /^["']?[\w.-]*(?:deny|denied|forbid\w*|disallow\w*|ban(?:ned)?|block(?:ed|list)|denylist|prohibit\w*)[\w-]*["']?$/i;
/** Where a setting's key ends: at its `=`, `:` or the call's parenthesis. */
const KEY_END = /\s*[=:(]\s*/;
/** Settings taken from one configuration read, and the longest line read as one. */
const CONFIG_MAX_RULES = 4;
const CONFIG_LINE_MAX_CHARS = 200;

/**
 * The settings of a checks' configuration read ({@link CHECKS_CONFIG_FILE}) that make a check stricter
 * (`disallow_any_generics = true`, `'no-restricted-imports': ['error', …]`, `options.errorprone.error("X")`,
 * `"noImplicitAny": true`): what the code the agent writes must pass. Trimmed, as written; at most
 * {@link CONFIG_MAX_RULES}. Not a setting turned off or left at a warning, nor a comment.
 */
export function configRules(output: string): string[] {
  const text = output.length > LISTED_SCAN_CHARS ? output.slice(0, LISTED_SCAN_CHARS) : output;
  const out: string[] = [];
  // (the items of a list that denies — YAML's `deny:` then `- pkg: …`, TOML's `deny = [` then `{ name = … },` — until it ends)
  let denied: { indent: number; toml: boolean } | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (denied) {
      const indent = raw.length - raw.trimStart().length;
      const ends = denied.toml ? line.startsWith(']') : line !== '' && indent <= denied.indent;
      if (!ends) {
        if (line && line.length <= CONFIG_LINE_MAX_CHARS && !/^(?:#|\/\/)/.test(line)) out.push(line);
        if (out.length >= CONFIG_MAX_RULES) break;
        continue;
      }
      denied = undefined;
    }
    if (!line || line.length > CONFIG_LINE_MAX_CHARS || /^(?:#|\/\/|\/\*|\*|;|<!--)/.test(line)) continue;
    const end = KEY_END.exec(line);
    if (!end) continue;
    const key = line.slice(0, end.index);
    const value = line.slice(end.index + end[0].length);
    if (DENY_KEY.test(key) && (value === '' || (value === '[' && end[0].includes('=')))) {
      denied = { indent: raw.length - raw.trimStart().length, toml: value === '[' };
      continue;
    }
    if (!value || RELAXING.test(value)) continue;
    if (!ENFORCING_KEY.test(key) && !ENFORCING_VALUE.test(line)) continue;
    out.push(line);
    if (out.length >= CONFIG_MAX_RULES) break;
  }
  return out;
}
