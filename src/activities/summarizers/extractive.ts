/**
 * The extractive summarizer: deterministic, local, no network — the embedded default and
 * the fallback when an llm summary is rejected. It keeps what the agent needs to continue:
 * user requests, the assistant's statements of decision, file paths, commands with their
 * results, and errors; newest items win when the cap forces a choice.
 */
import type { ChatMessage } from '../../context/types';
import { clip } from '../messages';
import type { TokenCounter } from '../tokenizer';
import { stripSummaryPrefix } from './transcript';

/** Longest kept excerpt of one item. */
const ITEM_MAX_CHARS = 300;
/** Items kept per section before the token cap applies. */
const SECTION_MAX_ITEMS = 40;
/** A file path: at least one `/` or a dotted extension, no spaces. */
const PATH_PATTERN =
  /(?:^|[\s'"`(=:])((?:\.{0,2}\/)?(?:[\w@.-]+\/)*[\w@-]+\.[A-Za-z0-9]{1,8}|(?:\.{0,2}\/)?(?:[\w@.-]+\/)+[\w@.-]+)(?=$|[\s'"`),:;])/g;
/** Lines that report a failure. */
const ERROR_PATTERN = /\b(error|exception|failed|failure|fatal|traceback|panic|cannot|not found|denied)\b/i;
/** Sentences in which the assistant commits to something. */
const DECISION_PATTERN =
  /\b(decid\w*|will|plan\w*|chose|choos\w*|going to|next|done|fixed|implemented|created|updated|changed)\b/i;

interface Sections {
  requests: string[];
  decisions: string[];
  files: string[];
  commands: string[];
  errors: string[];
}

/** Summarizes `messages` (and the previous summary) into at most `maxTokens` tokens. */
export function extractiveSummary(
  messages: readonly ChatMessage[],
  previousSummary: string | undefined,
  counter: TokenCounter,
  maxTokens: number,
): string {
  const s: Sections = { requests: [], decisions: [], files: [], commands: [], errors: [] };
  const files = new Set<string>();
  const callNames = new Map<string, string>();
  for (const m of messages) {
    const content = m.content ?? '';
    for (const path of pathsIn(content)) files.add(path);
    if (m.role === 'user') s.requests.push(oneLine(stripSummaryPrefix(content)));
    if (m.role === 'assistant') {
      const decision = content.split(/(?<=[.!?])\s+|\n+/).filter((x) => DECISION_PATTERN.test(x));
      if (decision.length) s.decisions.push(oneLine(decision.slice(0, 3).join(' ')));
      for (const call of m.tool_calls ?? []) {
        callNames.set(call.id, call.function.name);
        for (const path of pathsIn(call.function.arguments)) files.add(path);
        s.commands.push(`${call.function.name} ${oneLine(call.function.arguments)}`);
      }
    }
    if (m.role === 'tool') {
      const lines = content
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const name = callNames.get(m.tool_call_id ?? '') ?? 'tool';
      const last = lines[lines.length - 1] ?? '(no output)';
      s.commands.push(`  ↳ ${name}: ${lines.length} lines; last: ${oneLine(last)}`);
      for (const line of lines.filter((l) => ERROR_PATTERN.test(l)).slice(0, 3))
        s.errors.push(`${name}: ${oneLine(line)}`);
    }
  }
  s.files = [...files].sort();
  for (const key of Object.keys(s) as (keyof Sections)[]) s[key] = s[key].slice(-SECTION_MAX_ITEMS);

  // the earlier summary may take a third of the cap: new facts must not be crowded out by old ones
  let previous = previousSummary ? stripSummaryPrefix(previousSummary).trim() : '';
  if (previous) previous = clipToTokens(previous, counter, Math.floor(maxTokens / 3));
  let text = render(s, previous, messages.length);
  // Drop the oldest item of the largest section until the cap holds (each section keeps its
  // newest item as long as possible); bounded by the number of items.
  const keys = Object.keys(s) as (keyof Sections)[];
  while (counter.countText(text) > maxTokens) {
    const largest = keys.reduce((a, b) => (s[a].length >= s[b].length ? a : b));
    if (s[largest].length > 1) s[largest].shift();
    else if (previous) previous = '';
    else if (s[largest].length === 1) s[largest].shift();
    else return clipToTokens(text, counter, maxTokens);
    text = render(s, previous, messages.length);
  }
  return text;
}

function render(s: Sections, previous: string, count: number): string {
  const parts = [`(extractive summary of ${count} messages)`];
  if (previous) parts.push(`## Earlier summary\n${previous}`);
  const section = (title: string, items: string[]) => {
    if (items.length) parts.push(`## ${title}\n${items.map((i) => (i.startsWith('  ↳') ? i : `- ${i}`)).join('\n')}`);
  };
  section('User requests', s.requests);
  section('Decisions and progress', s.decisions);
  section('Files', s.files);
  section('Commands and results', s.commands);
  section('Errors', s.errors);
  return parts.join('\n\n');
}

function pathsIn(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(PATH_PATTERN)) {
    const path = match[1];
    if (path && !/^\d+(\.\d+)+$/.test(path) && !path.includes('://') && path.length <= 200) out.push(path);
  }
  return out;
}

function oneLine(text: string): string {
  return clip(text.replace(/\s+/g, ' ').trim(), ITEM_MAX_CHARS);
}

function clipToTokens(text: string, counter: TokenCounter, maxTokens: number): string {
  const tokens = counter.encode(text);
  let cut = counter.decode(tokens.slice(0, Math.max(0, maxTokens)));
  while (cut && counter.countText(cut) > maxTokens) cut = cut.slice(0, -1);
  return cut;
}
