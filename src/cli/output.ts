/**
 * Terminal output of the CLI: the per-turn meter line, per-turn details, the ledger table
 * and the totals of `start`, and the status, log and view of the operating commands.
 * Colors come from picocolors, which turns itself off for NO_COLOR, non-TTY output and dumb
 * terminals; the tables from cli-table3.
 */
import Table from 'cli-table3';
import pc from 'picocolors';
import { formatTokens, formatUsage, type UsageReport } from '../context/budget';
import { formatBytes } from '../context/digest';
import type { CompactionRecord, LogItem, ToolCallMeta, ViewEntry } from '../context/types';
import type { SessionStatus, TurnResult } from '../workflows/types';

/** Printed at the start and the end of the offline demo. */
export const SCRIPTED_LABEL = 'SCRIPTED DEMO — no language model is called';

/**
 * The usage report behind a status: the workflow computed it with the engine's
 * `usageReport`, and status carries its figures (the prompt budget is the history budget
 * plus the fixed overhead, `usedTokens − historyTokens`).
 */
export function usageOf(status: SessionStatus): UsageReport {
  return {
    used: status.usedTokens,
    budget: status.historyBudget + status.usedTokens - status.historyTokens,
    percent: status.percent,
    averageTurnTokens: null,
    turnsLeft: status.turnsLeft,
  };
}

/**
 * `turn 12/60  📊 9.4K/15K (62.1%) ~4 turns to compaction  3 steps  ⟳ compacted`. `turns`
 * replaces the status's own turns-left figure (src/cli/chat/meter.ts explains why).
 */
export function meterLine(result: TurnResult, status: SessionStatus, total?: number, turns?: string): string {
  const width = String(total ?? result.turn).length;
  const turn = `turn ${String(result.turn).padStart(width)}${total ? `/${total}` : ''}`;
  const usage =
    turns === undefined
      ? formatUsage(usageOf(status))
      : `${formatUsage({ ...usageOf(status), turnsLeft: null })}${turns ? ` ${turns}` : ''}`;
  const parts = [pc.bold(turn), usage, pc.dim(`${result.steps} ${plural(result.steps, 'step')}`)];
  if (result.compactions > 0) {
    parts.push(pc.yellow(`⟳ compacted${result.compactions > 1 ? ` ×${result.compactions}` : ''}`));
  }
  if (result.error) parts.push(pc.red(`✗ ${result.error.type}`));
  return parts.join('  ');
}

/**
 * Lines under a meter line: the tools called, truncated results, and the reply (cut to
 * `replyWidth` columns; whole when it is `Infinity`) or the turn's error.
 */
export function turnDetails(result: TurnResult, items: readonly LogItem[], replyWidth = 160): string[] {
  const calls = new Map<string, string>();
  for (const item of items) {
    for (const c of item.toolCalls ?? []) calls.set(c.id, toolCallLabel(c));
  }
  const lines: string[] = [];
  if (calls.size) lines.push(pc.dim(`  ⚙ ${[...calls.values()].join(' · ')}`));
  for (const item of items) {
    const r = item.toolResult;
    if (!r?.truncated) continue;
    const what = (item.toolCallId && calls.get(item.toolCallId)) ?? r.toolName;
    lines.push(
      pc.magenta(
        `  ✂ truncated: ${what} — ${r.outputLines} lines, ${formatBytes(r.outputBytes)}; ` +
          `the model saw head + tail, the full output is kept as ${r.fullOutputRef.slice(0, 15)}…`,
      ),
    );
  }
  if (result.error) lines.push(pc.red(`  ✗ ${result.error.type}: ${result.error.message}`));
  else if (Number.isFinite(replyWidth)) lines.push(`  ↳ ${clipLine(result.reply, replyWidth)}`);
  else lines.push(`${pc.green('assistant ›')} ${result.reply}`);
  return lines;
}

/** `read_file src/index.ts`: a tool call by name and key arguments. */
export function toolCallLabel(call: ToolCallMeta): string {
  return `${call.name} ${Object.values(call.keyArgs).join(' ')}`.trim();
}

/** The compaction ledger as a table. */
export function ledgerTable(ledger: readonly CompactionRecord[]): string {
  const table = new Table({
    head: ['id', 'turn', 'strategy', 'reason', 'range', 'tokens before → after', 'summarizer', 'outcome'].map((h) =>
      pc.bold(h),
    ),
    style: { head: [], border: [], compact: true },
  });
  for (const r of ledger) {
    const range = r.range
      ? `seq ${r.range.from}–${r.range.to}${r.withheld?.length ? ' (withheld)' : ''}`
      : r.archivedSeqs
        ? `${r.archivedSeqs.length} tool ${plural(r.archivedSeqs.length, 'result')}`
        : r.withheld
          ? `${r.withheld.length} ${r.withheld.length === 1 ? 'summary' : 'summaries'}`
          : '—';
    table.push([
      String(r.id),
      String(r.turn),
      r.strategy,
      r.reason,
      range,
      `${formatTokens(r.tokensBefore)} → ${formatTokens(r.tokensAfter)}`,
      r.summarizer ?? '—',
      r.outcome === 'applied' ? r.outcome : pc.yellow(`${r.outcome}${r.rejection ? `: ${r.rejection}` : ''}`),
    ]);
  }
  return table.toString();
}

/** Totals of a session, as `label: value` lines. */
export interface SessionTotals {
  turns: number;
  items: number;
  ledger: readonly CompactionRecord[];
  truncated: number;
  toolCalls: number;
  modelCalls: number;
  runs: number;
  seconds: number;
}

/** The totals block printed after the ledger. */
export function totalsLines(t: SessionTotals): string[] {
  const byStrategy = new Map<string, number>();
  for (const r of t.ledger) byStrategy.set(r.strategy, (byStrategy.get(r.strategy) ?? 0) + 1);
  const breakdown = [...byStrategy].map(([s, n]) => `${n} ${s}`).join(', ');
  return [
    `turns:                  ${t.turns} (${count(t.modelCalls, 'model call')}, ${count(t.toolCalls, 'tool call')}, ${t.seconds.toFixed(1)} s)`,
    `items in the raw log:   ${t.items} (append-only; nothing was deleted)`,
    `compactions:            ${t.ledger.length}${breakdown ? ` (${breakdown})` : ''}`,
    `truncated tool results: ${t.truncated}`,
    `workflow runs:          ${t.runs} (continue-as-new chain)`,
  ];
}

/** A loud banner line, e.g. for {@link SCRIPTED_LABEL}. */
export function banner(text: string): string {
  const bar = '═'.repeat(text.length + 4);
  return [pc.yellow(bar), pc.yellow(pc.bold(`  ${text}  `)), pc.yellow(bar)].join('\n');
}

/** `word` or `words`. */
export function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

/** `1 step`, `3 steps`. */
export function count(n: number, word: string): string {
  return `${n} ${plural(n, word)}`;
}

/** `s` on one line (whitespace collapsed), cut to `max` columns with an ellipsis. */
export function clipLine(s: string, max: number): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}

/** The meter line of a status, without a turn: `📊 9.4K/15K (62.1%) ~4 turns left`. */
export function usageLine(status: SessionStatus): string {
  return formatUsage(usageOf(status));
}

/** The fields of a status, as `label: value` lines under its usage line. */
export function statusLines(sessionId: string, status: SessionStatus): string[] {
  const state = status.ended ? 'ending' : status.busy ? 'running a turn' : 'idle';
  const last = status.lastTurn;
  const lines = [
    `${pc.bold(sessionId)}  ${usageLine(status)}`,
    `model:            ${status.model} (${formatTokens(status.contextWindow)} window)`,
    `history:          ${status.historyTokens} of ${status.historyBudget} tokens (prompt: ${status.usedTokens} with the fixed overhead)`,
    `turn:             ${status.turn} (${state}${status.queued ? `, ${status.queued} queued` : ''})`,
    `compactions:      ${status.compactions}`,
    `items:            ${status.items} in the raw log`,
    `runs:             ${status.previousRuns.length + 1} (continue-as-new chain)`,
  ];
  if (last) {
    const outcome = last.error
      ? pc.red(`✗ ${last.error.type}: ${last.error.message}`)
      : `${count(last.steps, 'step')}, ${count(last.compactions, 'compaction')}`;
    lines.push(`last turn:        ${last.turn}: ${outcome}`);
  }
  if (status.lastUsage) {
    lines.push(
      `last model call:  ${status.lastUsage.promptTokens} prompt + ${status.lastUsage.completionTokens} completion tokens (provider)`,
    );
  }
  if (status.rejectedSignals) lines.push(pc.yellow(`rejected signals: ${status.rejectedSignals}`));
  return lines;
}

/** The raw log as a table: seq, turn, role, kind, tokens, preview. */
export function logTable(items: readonly LogItem[], previewWidth = 80): string {
  const table = new Table({
    head: ['seq', 'turn', 'role', 'kind', 'tokens', 'preview'].map((h) => pc.bold(h)),
    style: { head: [], border: [], compact: true },
  });
  for (const item of items) {
    table.push([
      String(item.seq),
      String(item.turn),
      item.role,
      item.kind,
      String(item.content.tokens),
      clipLine(itemPreview(item), previewWidth),
    ]);
  }
  return table.toString();
}

/** What an item says, in short: its preview, or the calls of an assistant item without text. */
export function itemPreview(item: LogItem): string {
  const calls = (item.toolCalls ?? []).map(toolCallLabel);
  if (item.covers) return `[summary of seq ${item.covers.from}–${item.covers.to}] ${item.preview}`;
  if (!item.preview.trim() && calls.length) return `⚙ ${calls.join(' · ')}`;
  if (item.toolResult?.truncated) return `✂ ${item.preview}`;
  return item.preview;
}

/** The view as a table: position, seq, role, visibility, tokens, and the item's preview when known. */
export function viewTable(
  entries: readonly ViewEntry[],
  items: ReadonlyMap<number, LogItem>,
  previewWidth = 70,
): string {
  const table = new Table({
    head: ['#', 'seq', 'role', 'visibility', 'tokens', 'preview'].map((h) => pc.bold(h)),
    style: { head: [], border: [], compact: true },
  });
  entries.forEach((e, i) => {
    const item = items.get(e.seq);
    const visibility =
      e.visibility === 'message' || e.visibility === 'tool_result' ? e.visibility : pc.yellow(e.visibility);
    table.push([
      String(i),
      String(e.seq),
      e.role,
      visibility,
      String(e.content.tokens),
      item ? clipLine(itemPreview(item), previewWidth) : '',
    ]);
  });
  return table.toString();
}
