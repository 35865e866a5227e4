/**
 * The deterministic state block: facts computed from the raw log (goal, latest request,
 * files touched, commands and exit status, errors, pending calls). Maintained
 * incrementally on append, so the facts survive after their items leave the state.
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
import type { ContextState, LogItem, SessionFacts } from './types';

/** Facts of an empty log. */
export function emptyFacts(): SessionFacts {
  return { files: [], commands: [], errors: [], pendingCalls: [] };
}

/** The facts after appending `item`. Pure: `facts` is not modified. Summary items add nothing. */
export function updateFacts(facts: SessionFacts, item: LogItem): SessionFacts {
  if (item.kind === 'summary' || item.kind === 'tool_summary') return facts;
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
    const failed = result !== undefined && (result.status === 'error' || (result.exitCode ?? 0) !== 0);
    let { commands, errors } = facts;
    const command = call && firstArg(call.keyArgs, COMMAND_ARG_KEYS);
    if (command !== undefined && result !== undefined) {
      const fact = { seq: item.seq, tool, command: clip(command), status: result.status, exitCode: result.exitCode };
      if (fact.exitCode === undefined) delete fact.exitCode;
      commands = [...commands, fact].slice(-MAX_FACT_COMMANDS);
    }
    if (failed) {
      const message = clip(result.lastLine || result.firstLine || `${tool} failed`);
      errors = [...errors, { seq: item.seq, tool, message }].slice(-MAX_FACT_ERRORS);
    }
    return { ...facts, pendingCalls, commands, errors };
  }
  return facts;
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
 * facts always give the same text (and so the same tokens).
 */
export function renderStateBlock(facts: SessionFacts): string {
  const lines = [STATE_BLOCK_HEADER];
  lines.push(`Goal: ${facts.goal ?? '(none yet)'}`);
  if (facts.latestRequest !== undefined && facts.latestRequest !== facts.goal) {
    lines.push(`Latest request: ${facts.latestRequest}`);
  }
  if (facts.files.length) lines.push(`Files touched: ${facts.files.join(', ')}`);
  if (facts.commands.length) {
    lines.push('Commands:');
    for (const c of facts.commands) {
      const status = c.exitCode === undefined ? c.status : `exit ${c.exitCode}`;
      lines.push(`- ${c.command} → ${status}`);
    }
  }
  if (facts.errors.length) {
    lines.push('Errors seen:');
    for (const e of facts.errors) lines.push(`- ${e.tool}: ${e.message}`);
  }
  if (facts.pendingCalls.length) {
    lines.push('Pending tool calls:');
    for (const p of facts.pendingCalls) lines.push(`- ${p.id} ${p.name}(${formatArgs(p.keyArgs)})`);
  }
  return lines.join('\n');
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
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= MAX_FACT_CHARS ? oneLine : oneLine.slice(0, MAX_FACT_CHARS - 1) + '…';
}
