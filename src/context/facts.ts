/**
 * The deterministic state block: facts computed from the raw log (goal, latest request,
 * files touched, commands and exit status, errors with the lines that show them, pending
 * calls). Maintained incrementally on append, so the facts survive after their items leave
 * the state. Rendered within fixed bounds, newest entries first to be kept.
 */
import {
  COMMAND_ARG_KEYS,
  FILE_ARG_KEYS,
  MAX_FACT_CHARS,
  MAX_FACT_COMMANDS,
  MAX_FACT_ERRORS,
  MAX_FACT_FILES,
  STATE_BLOCK_HEADER,
} from './constants';
import { utf8ByteLength } from './truncate';
import type { CommandFact, ContextState, ErrorFact, LogItem, SessionFacts, ToolResultMeta } from './types';

/** Failure lines kept per error fact (the first, which is its message, included). */
export const FACT_EVIDENCE_LINES = 4;
/** Characters of the rendered sections: the newest entries are kept, older ones dropped. */
export const STATE_BLOCK_FILES_CHARS = 1_500;
export const STATE_BLOCK_COMMANDS_CHARS = 2_000;
export const STATE_BLOCK_ERRORS_CHARS = 2_400;

/** Facts of an empty log. */
export function emptyFacts(): SessionFacts {
  return { files: [], commands: [], errors: [], pendingCalls: [] };
}

/** The facts after appending `item`. Pure: `facts` is not modified. Summary items add nothing. */
export function updateFacts(facts: SessionFacts, item: LogItem): SessionFacts {
  if (item.kind === 'summary' || item.kind === 'tool_summary') return facts;
  if (item.role === 'user' && item.textOutput) {
    // a tool's output a harness sent as text: no request; its call's file and command, its failure an error fact
    const output = item.textOutput;
    const args = output.keyArgs ?? {};
    const file = firstArg(args, FILE_ARG_KEYS);
    const command = firstArg(args, COMMAND_ARG_KEYS);
    const files = file === undefined ? facts.files : touch(facts.files, file);
    return { ...facts, files, ...resultFacts(facts, item.seq, output.toolName, command, output) };
  }
  if (item.role === 'user') {
    const request = clip(item.preview);
    return { ...facts, goal: facts.goal ?? request, latestRequest: request };
  }
  if (item.role === 'assistant' && item.toolCalls?.length) {
    let files = facts.files;
    const pendingCalls = [...facts.pendingCalls];
    for (const call of item.toolCalls) {
      pendingCalls.push({ seq: item.seq, id: call.id, name: call.name, keyArgs: call.keyArgs });
      const file = firstArg(call.keyArgs, FILE_ARG_KEYS);
      if (file !== undefined) files = touch(files, file);
    }
    return { ...facts, files, pendingCalls };
  }
  if (item.role === 'tool' && item.toolCallId !== undefined) {
    const call = facts.pendingCalls.find((c) => c.id === item.toolCallId);
    const pendingCalls = facts.pendingCalls.filter((c) => c.id !== item.toolCallId);
    const result = item.toolResult;
    const tool = result?.toolName ?? call?.name ?? 'tool';
    const command = call && firstArg(call.keyArgs, COMMAND_ARG_KEYS);
    return result === undefined
      ? { ...facts, pendingCalls }
      : { ...facts, pendingCalls, ...resultFacts(facts, item.seq, tool, command, result) };
  }
  return facts;
}

/** What a result tells the facts — a tool result's, or an output's sent as text (`LogItem.textOutput`). */
type ResultMeta = Pick<ToolResultMeta, 'status' | 'exitCode' | 'evidence'> &
  Partial<Pick<ToolResultMeta, 'firstLine' | 'lastLine'>>;

/** The commands and errors after a result of `tool` (`command`: what its call ran, when it named a command). */
function resultFacts(
  facts: SessionFacts,
  seq: number,
  tool: string,
  command: string | undefined,
  result: ResultMeta,
): Pick<SessionFacts, 'commands' | 'errors'> {
  let { commands, errors } = facts;
  if (command !== undefined) {
    const fact: CommandFact = { seq, tool, command: clip(command), status: result.status };
    if (result.exitCode !== undefined) fact.exitCode = result.exitCode;
    commands = [...commands, fact].slice(-MAX_FACT_COMMANDS);
  }
  const error = errorFact(seq, tool, result, command, facts.verbatim ? clipLine : clip);
  if (error) errors = [...errors, error].slice(-MAX_FACT_ERRORS);
  return { commands, errors };
}

/**
 * The error a tool result shows, if any: when it failed (error status, non-zero exit), or when
 * a command that exited 0 printed a count of failures (a masked failure). Its message is the
 * first failure line of the full output, not its last line, which is usually a summary or an
 * exit status; the output's first/last line stands in when no failure line was recognised.
 */
function errorFact(
  seq: number,
  tool: string,
  result: ResultMeta,
  command: string | undefined,
  clipError: (text: string) => string,
): ErrorFact | undefined {
  const failed = result.status === 'error' || (result.exitCode ?? 0) !== 0;
  const lines = result.evidence ?? [];
  if (!failed && !(result.exitCode === 0 && lines.length > 0)) return undefined;
  // the first lines (the cause) and the last (the final count), when there are more
  const kept =
    lines.length <= FACT_EVIDENCE_LINES ? lines : [...lines.slice(0, FACT_EVIDENCE_LINES - 1), ...lines.slice(-1)];
  const [first, ...rest] = kept.map(clipError);
  const fact: ErrorFact = {
    seq,
    tool,
    message: first ?? clipError(result.lastLine || result.firstLine || `${tool} failed`),
  };
  if (rest.length) fact.evidence = rest;
  if (command !== undefined) fact.command = clip(command);
  return fact;
}

/** Facts recomputed from a list of items (for states without `facts`, and for tests). */
export function factsFromItems(items: readonly LogItem[]): SessionFacts {
  return items.reduce(updateFacts, emptyFacts());
}

/** The state's facts: the incrementally kept ones, or (older states) derived from its items. */
export function stateFacts(state: ContextState): SessionFacts {
  return state.facts ?? factsFromItems(state.items);
}

/**
 * Renders the facts as the state block that opens every summary. Deterministic: the same
 * facts (and bound) always give the same text (and so the same tokens). Within `maxBytes` when
 * given: commands, then errors' failure lines, errors and files, then the latest request are
 * left out until it fits, the goal cut last (for a window too small to hold the whole block
 * beside the pinned content: src/context/plan.ts).
 */
export function renderStateBlock(facts: SessionFacts, maxBytes = Infinity): string {
  const full = renderWith(facts, FULL_BLOCK);
  if (maxBytes === Infinity || utf8ByteLength(full) <= maxBytes) return full;
  // a window too small for the whole block beside the pinned content: its least needed parts go first
  for (const parts of SMALLER_BLOCKS) {
    const text = renderWith(facts, parts);
    if (utf8ByteLength(text) <= maxBytes) return text;
  }
  const goal = `${STATE_BLOCK_HEADER}\nGoal: `;
  const room = Math.max(0, maxBytes - utf8ByteLength(goal) - 3);
  const text = facts.goal ?? '(none yet)';
  // (bytes: at most one per UTF-16 unit below 0x80; cutting by units keeps under the bound when shortened by thirds)
  return `${goal}${text.length * 3 <= room ? text : `${text.slice(0, Math.floor(room / 3))}…`}`;
}

/** Which parts of the state block a rendering shows. */
interface BlockParts {
  latest: boolean;
  files: boolean;
  commands: boolean;
  /** Errors with their failure lines, their first lines only, or none. */
  errors: 'full' | 'heads' | 'none';
  pending: boolean;
}
const FULL_BLOCK: BlockParts = { latest: true, files: true, commands: true, errors: 'full', pending: true };
/** Ever smaller renderings, for a window too small for the whole block (src/context/plan.ts). */
const SMALLER_BLOCKS: BlockParts[] = [
  { ...FULL_BLOCK, commands: false },
  { ...FULL_BLOCK, commands: false, errors: 'heads' },
  { ...FULL_BLOCK, commands: false, errors: 'heads', files: false },
  { latest: true, files: false, commands: false, errors: 'none', pending: true },
  { latest: false, files: false, commands: false, errors: 'none', pending: false },
];

function renderWith(facts: SessionFacts, parts: BlockParts): string {
  const lines = [STATE_BLOCK_HEADER];
  lines.push(`Goal: ${facts.goal ?? '(none yet)'}`);
  if (parts.latest && facts.latestRequest !== undefined && facts.latestRequest !== facts.goal) {
    lines.push(`Latest request: ${facts.latestRequest}`);
  }
  if (parts.files && facts.files.length) {
    const files = newestWithin(facts.files, STATE_BLOCK_FILES_CHARS, (f) => f.length + 2);
    const dropped = facts.files.length - files.length;
    lines.push(`Files touched: ${files.join(', ')}${dropped ? `; ${dropped} earlier not shown` : ''}`);
  }
  if (parts.commands && facts.commands.length) {
    lines.push('Commands:');
    const commands = facts.commands.map((c) => {
      const status = c.exitCode === undefined ? c.status : `exit ${c.exitCode}`;
      return `- ${c.command} → ${status}`;
    });
    lines.push(...newestWithin(commands, STATE_BLOCK_COMMANDS_CHARS, (l) => l.length + 1));
  }
  if (parts.errors !== 'none' && facts.errors.length) {
    lines.push('Errors seen:');
    lines.push(...renderErrors(facts.errors, parts.errors === 'heads'));
  }
  if (parts.pending && facts.pendingCalls.length) {
    lines.push('Pending tool calls:');
    for (const p of facts.pendingCalls) lines.push(`- ${p.id} ${p.name}(${formatArgs(p.keyArgs)})`);
  }
  return lines.join('\n');
}

/**
 * The errors, oldest first, within {@link STATE_BLOCK_ERRORS_CHARS}: the same failure seen again
 * shows once with its count; the newest errors keep their failure lines, older ones keep
 * their first line only, and the oldest are dropped when even that does not fit.
 */
function renderErrors(errors: readonly ErrorFact[], headsOnly = false): string[] {
  const groups = new Map<string, { error: ErrorFact; count: number }>();
  for (const e of errors) {
    const key = `${e.tool}\u0000${e.command ?? ''}\u0000${e.message}\u0000${(e.evidence ?? []).join('\u0000')}`;
    const group = groups.get(key);
    groups.delete(key); // re-inserted last: the map stays ordered by latest occurrence
    groups.set(key, { error: e, count: (group?.count ?? 0) + 1 });
  }
  const newestFirst = [...groups.values()].reverse();
  const rendered: string[][] = [];
  let budget = STATE_BLOCK_ERRORS_CHARS;
  for (const { error, count } of newestFirst) {
    const head = `- ${error.tool}${error.command ? ` \`${error.command}\`` : ''}: ${error.message}${count > 1 ? ` (×${count})` : ''}`;
    const full = headsOnly ? [head] : [head, ...(error.evidence ?? []).map((l) => `  ${l}`)];
    const size = (ls: string[]) => ls.reduce((n, l) => n + l.length + 1, 0);
    if (size(full) <= budget) rendered.push(full);
    else if (head.length + 1 <= budget) rendered.push([head]);
    else break;
    budget -= size(rendered[rendered.length - 1] as string[]);
  }
  const dropped = newestFirst.length - rendered.length;
  const out = rendered.reverse().flat();
  return dropped > 0 ? [`- (${dropped} earlier ${dropped === 1 ? 'error' : 'errors'} not shown)`, ...out] : out;
}

/** The newest entries of `list` (kept in order) whose sizes add up to at most `chars`; at least the newest one. */
function newestWithin<T>(list: readonly T[], chars: number, size: (x: T) => number): T[] {
  let used = 0;
  let from = list.length;
  while (from > 0) {
    const next = size(list[from - 1] as T);
    if (from < list.length && used + next > chars) break;
    used += next;
    from -= 1;
  }
  return list.slice(from);
}

function firstArg(args: Record<string, string>, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = args[k];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return undefined;
}

/** Moves (or adds) a file to the most-recent end, keeping the list bounded. */
function touch(files: readonly string[], file: string): string[] {
  const name = clip(file);
  return [...files.filter((f) => f !== name), name].slice(-MAX_FACT_FILES);
}

function formatArgs(args: Record<string, string>): string {
  return Object.keys(args)
    .sort()
    .map((k) => `${k}=${JSON.stringify(clip(args[k] ?? ''))}`)
    .join(', ');
}

function clip(text: string): string {
  return cut(text.replace(/\s+/g, ' ').trim());
}

/** {@link clip} keeping the spacing within a line: an identifier in an error line stays as printed. */
function clipLine(text: string): string {
  return cut(text.replace(/\s*[\r\n]\s*/g, ' ').trim());
}

function cut(text: string): string {
  return text.length <= MAX_FACT_CHARS ? text : text.slice(0, MAX_FACT_CHARS - 1) + '…';
}

/** The state with its facts keeping error lines verbatim from now on ({@link SessionFacts.verbatim}). */
export function withVerbatimFacts(state: ContextState): ContextState {
  return { ...state, facts: { ...stateFacts(state), verbatim: true } };
}
