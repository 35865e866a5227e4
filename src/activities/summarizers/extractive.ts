/**
 * The extractive summarizer: deterministic, local, no network — the embedded default and
 * the fallback when an llm summary is rejected. It keeps what the agent needs to continue:
 * the user's requests and requirements, the statements of constraint, decision, plan and
 * next step (./statements.ts), the files touched (most recent first), commands with their
 * outcomes, and the lines that show failures (src/context/evidence.ts). An earlier summary
 * is merged item by item, never nested. Under the cap, each section's newest items win
 * (then its older ones, interleaved with the other sections), items matching the `focus`
 * first. Linear in its input; the text is counted exactly only a few times (./fit.ts).
 */
import { COMMAND_ARG_KEYS, FILE_ARG_KEYS } from '../../context/constants';
import { failureEvidence } from '../../context/evidence';
import type { ChatMessage } from '../../context/types';
import { clip } from '../messages';
import type { TokenCounter } from '../tokenizer';
import { fitItems, type Fitted } from './fit';
import { isPath, pathsIn } from './paths';
import { CONTENT_REF, earlierItems, SECTIONS, type Section } from './previous';
import { statementsIn, type StatementKind } from './statements';
import { SUMMARY_PREFIX } from './transcript';

/** Longest kept excerpt of one item. */
const ITEM_MAX_CHARS = 300;
/** Statements taken from one user message (all of them are requirements). */
const USER_MAX_STATEMENTS = 24;
/** Longest kept failure excerpt (several lines of one output). */
const ERROR_MAX_CHARS = 500;
/** How much each section matters when the cap forces a choice. */
const WEIGHT: Record<Section, number> = {
  requests: 3,
  constraints: 3,
  decisions: 2.5,
  plans: 2.5,
  files: 2,
  commands: 1.2,
  errors: 2.5,
  earlier: 1.5,
};
/** How fast older items of a section lose to newer ones (score = weight / (1 + DECAY × rank from newest)). */
const DECAY = 0.35;
/** Score factor of items that match the focus. */
const FOCUS_BOOST = 4;
const TITLES: Record<Section, string> = {
  requests: 'User requests',
  constraints: 'Constraints and requirements',
  decisions: 'Decisions and progress',
  plans: 'Plans and next steps',
  files: 'Files (most recent first)',
  commands: 'Commands and results',
  errors: 'Errors',
  earlier: 'Earlier summary',
};
const STATEMENT_SECTION: Record<StatementKind, Section> = {
  constraint: 'constraints',
  decision: 'decisions',
  note: 'decisions',
  plan: 'plans',
  next: 'plans',
};

/** Options of {@link extractiveSummary}. */
export interface ExtractiveOptions {
  /** Prefer what matches this text (a manual compaction's focus). */
  focus?: string;
  /** The state block the summary will carry: what it already says is not repeated. */
  stateBlock?: string;
}

interface Item {
  section: Section;
  text: string;
  /** Position in the input (message index; earlier summaries below 0): larger is newer. */
  at: number;
  /** Factor on the section's weight. */
  boost: number;
  score: number;
  count: number;
}

/** Summarizes `messages` (and the previous summary) into at most `maxTokens` tokens; returns the text and its exact count. */
export function extractiveSummary(
  messages: readonly ChatMessage[],
  previousSummary: string | undefined,
  counter: TokenCounter,
  maxTokens: number,
  options: ExtractiveOptions = {},
): Fitted {
  const items = collect(messages, previousSummary);
  const stateBlock = options.stateBlock ?? '';
  const inBlock = stateBlockFacts(stateBlock);
  const kept = dedupe(items).filter((i) => !inBlock(i));
  score(kept, focusTerms(options.focus));
  const title = `(extractive summary of ${messages.length} messages${options.focus ? `; focus: ${clip(oneLine(options.focus), 120)}` : ''})`;
  return fitItems(kept, (chosen) => render(title, chosen), counter, maxTokens);
}

function collect(messages: readonly ChatMessage[], previousSummary: string | undefined): Item[] {
  const items: Item[] = [];
  const add = (section: Section, text: string, at: number, boost = 1) => {
    const t = oneLine(text, section === 'errors' ? ERROR_MAX_CHARS : ITEM_MAX_CHARS);
    if (t) items.push({ section, text: t, at, boost, score: 0, count: 1 });
  };
  const addEarlier = (text: string, at: number) => {
    // file names an older summarizer kept are checked again (it may have taken `turn.reply` for one)
    for (const e of earlierItems(text)) if (e.section !== 'files' || isPath(e.text)) add(e.section, e.text, at, 0.8);
  };
  if (previousSummary) addEarlier(previousSummary, -1);
  const calls = new Map<string, { name: string; args: Record<string, unknown>; label: string; item: Item }>();
  let firstRequest = true;
  messages.forEach((m, at) => {
    const content = m.content ?? '';
    if (m.role === 'user' && content.startsWith(SUMMARY_PREFIX)) {
      addEarlier(content, at - 0.5);
      return;
    }
    if (m.role === 'user') {
      add('requests', content, at, firstRequest ? 1.5 : 1);
      firstRequest = false;
      // the user's own constraints and decisions are requirements, whatever their phrasing;
      // those the kept request already shows in full are not repeated
      const request = oneLine(content);
      for (const s of statementsIn(content, USER_MAX_STATEMENTS)) {
        if (!request.includes(oneLine(s.text))) add('constraints', s.text, at);
      }
    }
    if (m.role === 'assistant') {
      for (const s of statementsIn(content)) add(STATEMENT_SECTION[s.kind], s.text, at, s.kind === 'next' ? 1.3 : 1);
      for (const call of m.tool_calls ?? []) {
        const args = parseArgs(call.function.arguments);
        const label = callLabel(call.function.name, args, call.function.arguments);
        add('commands', label, at);
        calls.set(call.id, { name: call.function.name, args, label, item: items[items.length - 1] as Item });
        for (const file of argFiles(args)) add('files', file, at, 1.3);
      }
    }
    if (m.role !== 'tool') for (const file of pathsIn(content)) add('files', file, at);
    else result(m, at, calls.get(m.tool_call_id ?? ''), add);
  });
  return items;
}

/** Records a tool result: its outcome on the call's item, its failure lines as an error. */
function result(
  m: ChatMessage,
  at: number,
  call: { name: string; args: Record<string, unknown>; label: string; item: Item } | undefined,
  add: (section: Section, text: string, at: number, boost?: number) => void,
): void {
  const raw = m.content ?? '';
  const content = raw.includes('sha256:') ? raw.replace(CONTENT_REF, '') : raw;
  const label = call?.label ?? 'tool';
  let outcome: string;
  let evidence: string[];
  if (content.startsWith('[Archived tool result]')) {
    // a digest: its header says how it ended, its failure lines were taken from the full output
    const eol = content.indexOf('\n');
    const header = eol < 0 ? content : content.slice(0, eol);
    outcome = header.slice(header.lastIndexOf('→ ') + 2);
    const block = /\nfailure lines:\n((?: {2}.*\n?)+)/.exec(content);
    evidence = block
      ? (block[1] as string)
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
      : [];
  } else {
    const isCommand = call !== undefined && COMMAND_ARG_KEYS.some((k) => typeof call.args[k] === 'string');
    evidence = failureEvidence(content, isCommand ? {} : { failed: false });
    const { count, last } = lineStats(content);
    const shown = last.replace(/^[\s=_\-#*~]{4,}|[\s=_\-#*~]{4,}$/g, '').trim();
    outcome = `${count} ${count === 1 ? 'line' : 'lines'}${shown ? `, last: ${clip(shown, 120)}` : ''}`;
  }
  if (call) call.item.text = oneLine(`${call.label} → ${outcome}`, ITEM_MAX_CHARS);
  if (!evidence.length) return;
  // the first failure lines (the cause) and the last (usually the final count) first; the rest after
  const head = evidence.length <= 4 ? evidence : [...evidence.slice(0, 3), ...evidence.slice(-1)];
  add('errors', `${label}: ${head.join(' | ')}`, at);
  if (evidence.length > 4) add('errors', `${label} (more): ${evidence.slice(3, -1).join(' | ')}`, at, 0.6);
}

/** Non-empty lines of `text` and the last of them, without splitting it into an array. */
function lineStats(text: string): { count: number; last: string } {
  let count = 0;
  let lastStart = 0;
  let lastEnd = 0;
  let blank = true;
  let start = 0;
  for (let i = 0; i <= text.length; i += 1) {
    const c = i === text.length ? 10 : text.charCodeAt(i);
    if (c === 10) {
      if (!blank) {
        count += 1;
        lastStart = start;
        lastEnd = i;
      }
      blank = true;
      start = i + 1;
    } else if (c > 32) blank = false;
  }
  return { count, last: text.slice(lastStart, lastEnd) };
}

/** Merges equal items of a section into the newest one, with a count; the order (by position) is kept. */
function dedupe(items: Item[]): Item[] {
  const byKey = new Map<string, Item>();
  for (const item of items) {
    const key = `${item.section}\u0000${item.text}`;
    const seen = byKey.get(key);
    if (seen) {
      byKey.delete(key);
      item.count += seen.count;
      item.boost = Math.max(item.boost, seen.boost);
    }
    byKey.set(key, item);
  }
  return [...byKey.values()]; // collected in input order, each now where its newest copy was
}

/** Whether an item repeats the state block: a file it lists, or the first failure line of an error it shows. */
function stateBlockFacts(stateBlock: string): (item: Item) => boolean {
  if (!stateBlock) return () => false;
  const files = new Set(/^Files touched: (.*?)(?:; \d+ earlier not shown)?$/m.exec(stateBlock)?.[1]?.split(', ') ?? []);
  return (item) => {
    if (item.section === 'files') return files.has(item.text);
    if (item.section !== 'errors') return false;
    const first = item.text.slice(item.text.indexOf(': ') + 2).split(' | ')[0];
    return first !== undefined && first.length > 0 && stateBlock.includes(first);
  };
}

/**
 * Each section's newest item scores its full weight, older ones less, so the sections
 * interleave; items that match the focus are ranked among themselves and weigh more, so
 * they come before the rest.
 */
function score(items: Item[], focus: string[]): void {
  const rank = new Map<string, number>();
  for (let k = items.length - 1; k >= 0; k -= 1) {
    const item = items[k] as Item;
    const focused = focus.length > 0 && focus.some((t) => item.text.toLowerCase().includes(t));
    const key = `${item.section}${focused ? '+' : ''}`;
    const r = rank.get(key) ?? 0;
    rank.set(key, r + 1);
    item.score = ((WEIGHT[item.section] * item.boost) / (1 + DECAY * r)) * (focused ? FOCUS_BOOST : 1);
  }
}

function render(title: string, chosen: Item[]): string {
  const parts = [title];
  for (const section of SECTIONS) {
    const list = chosen.filter((i) => i.section === section);
    if (!list.length) continue;
    const text = (i: Item) => (i.count > 1 && section !== 'files' ? `${i.text} (×${i.count})` : i.text);
    const body =
      section === 'files'
        ? list
            .sort((a, b) => b.at - a.at)
            .map(text)
            .join(', ')
        : list.map((i) => `- ${text(i)}`).join('\n');
    parts.push(`## ${TITLES[section]}\n${body}`);
  }
  return parts.join('\n\n');
}

/** Lower-case words of the focus text worth matching (3+ letters, not function words). */
function focusTerms(focus: string | undefined): string[] {
  if (!focus) return [];
  const stop = new Set(['the', 'and', 'for', 'with', 'that', 'this', 'from', 'about', 'what', 'into', 'keep', 'focus']);
  const words = focus.toLowerCase().match(/[\w./@-]{3,}/g) ?? [];
  return [...new Set(words.filter((w) => !stop.has(w)))];
}

function parseArgs(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** `run_command command="npm test" args="--watch=false"`: the call's short string arguments. */
function callLabel(name: string, args: Record<string, unknown>, raw: string): string {
  const shown = Object.entries(args)
    .map(([k, v]) => [k, Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.join(' ') : v] as const)
    .filter(([, v]) => typeof v === 'string' && v.length <= 200 && !v.includes('\n'))
    .slice(0, 4)
    .map(([k, v]) => `${k}=${JSON.stringify(clip(v as string, 120))}`);
  return shown.length ? `${name} ${shown.join(' ')}` : `${name} ${clip(oneLine(raw), 120)}`;
}

function argFiles(args: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k of FILE_ARG_KEYS) if (typeof args[k] === 'string' && args[k]) out.push(args[k] as string);
  for (const k of COMMAND_ARG_KEYS) if (typeof args[k] === 'string') out.push(...pathsIn(args[k] as string));
  if (Array.isArray(args['args'])) out.push(...pathsIn(args['args'].filter((a) => typeof a === 'string').join(' ')));
  return out;
}

function oneLine(text: string, max = ITEM_MAX_CHARS): string {
  if (text.length <= max && !NOT_ONE_LINE.test(text)) return text;
  return clip(text.replace(CONTENT_REF, '').replace(/\s+/g, ' ').trim(), max);
}
const NOT_ONE_LINE = /\s\s|[\n\r\t\f\v]|sha256:|^\s|\s$/;
