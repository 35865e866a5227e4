/**
 * The turn-by-turn timeline of `inspect`, built from the raw log and the compaction ledger
 * (both merged across continue-as-new runs): per turn what was added and its tokens, the
 * tool calls, truncated results, and every compaction that ran in the turn — when, why,
 * what it replaced, tokens before → after, summarizer and outcome. Pure: data in, lines out.
 */
import pc from 'picocolors';
import { formatTokens } from '../context/budget';
import { formatBytes } from '../context/digest';
import type { CompactionReason, CompactionRecord, LogItem, SeqRange } from '../context/types';
import { clipLine, count, itemPreview, toolCallLabel } from './output';

/** Archived tool results listed by name per compaction before the rest are counted. */
const ARCHIVED_LISTED = 6;

/** Why each kind of compaction runs, in words. */
const REASONS: Record<CompactionReason, string> = {
  threshold: 'the view crossed the soft threshold',
  overflow: 'the provider answered context length exceeded',
  manual: 'compact was asked for',
  'tool-age': 'tool results aged out',
  'invocation-count': 'the sliding window reached its invocation count',
};

/** The timeline's lines, oldest turn first. */
export function timelineLines(log: readonly LogItem[], ledger: readonly CompactionRecord[], width = 100): string[] {
  const bySeq = new Map(log.map((i) => [i.seq, i]));
  const turns = [...new Set([...log.map((i) => i.turn), ...ledger.map((r) => r.turn)])].sort((a, b) => a - b);
  const lines: string[] = [];
  for (const turn of turns) {
    const items = log.filter((i) => i.turn === turn);
    const records = ledger.filter((r) => r.turn === turn);
    lines.push(...turnBlock(turn, items, records, ledger, bySeq, width), '');
  }
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function turnBlock(
  turn: number,
  items: readonly LogItem[],
  records: readonly CompactionRecord[],
  ledger: readonly CompactionRecord[],
  bySeq: ReadonlyMap<number, LogItem>,
  width: number,
): string[] {
  const added = items.filter((i) => i.kind !== 'summary');
  const tokens = added.reduce((n, i) => n + i.content.tokens, 0);
  const byRole = new Map<string, number>();
  for (const i of added) byRole.set(i.role, (byRole.get(i.role) ?? 0) + i.content.tokens);
  const roles = [...byRole].map(([role, n]) => `${role} ${formatTokens(n)}`).join(', ');
  const seqs = added.length ? `seq ${added[0]?.seq}–${added.at(-1)?.seq}` : 'no new items';
  const lines = [
    `${pc.bold(`turn ${turn}`)}  +${count(added.length, 'item')}, ${formatTokens(tokens)} tokens` +
      `${roles ? ` (${roles})` : ''}  ${pc.dim(seqs)}` +
      (records.length ? `  ${pc.yellow(`⟳ ${count(records.length, 'compaction')}`)}` : ''),
  ];
  const calls = new Map<string, string>();
  for (const item of added) {
    for (const c of item.toolCalls ?? []) calls.set(c.id, toolCallLabel(c));
    if (item.role === 'user') lines.push(pc.cyan(`  › ${clipLine(item.preview, width)}`));
    else if (item.role === 'system') lines.push(pc.dim(`  system: ${clipLine(item.preview, width)}`));
    else if (item.toolCalls?.length) {
      lines.push(pc.dim(`  ⚙ ${clipLine(item.toolCalls.map(toolCallLabel).join(' · '), width)}`));
    } else if (item.role === 'tool' && item.toolResult) {
      const r = item.toolResult;
      const what = (item.toolCallId && calls.get(item.toolCallId)) ?? r.toolName;
      if (r.truncated) {
        lines.push(
          pc.magenta(
            `  ✂ seq ${item.seq} ${what}: ${r.outputLines} lines, ${formatBytes(r.outputBytes)} truncated to ` +
              `${formatTokens(item.content.tokens)} tokens (full output ${r.fullOutputRef.slice(0, 15)}…)`,
          ),
        );
      } else if (r.status === 'error') {
        lines.push(pc.red(`  ✗ seq ${item.seq} ${what}: ${clipLine(r.lastLine || r.firstLine, width)}`));
      }
    } else if (item.role === 'assistant') {
      lines.push(`  ↳ ${clipLine(item.preview, width)}`);
    }
  }
  for (const r of records) lines.push(...compactionLines(r, items, ledger, bySeq, width));
  return lines;
}

function compactionLines(
  r: CompactionRecord,
  turnItems: readonly LogItem[],
  ledger: readonly CompactionRecord[],
  bySeq: ReadonlyMap<number, LogItem>,
  width: number,
): string[] {
  const what = r.range
    ? `seq ${r.range.from}–${r.range.to}${r.summarySeq === undefined ? '' : ` → summary seq ${r.summarySeq}`}` +
      (r.withheld?.length ? ' (withheld: no room beside the pinned content)' : '')
    : r.withheld
      ? `summary seq ${r.withheld.join(', ')} withheld (no room beside the pinned content)`
      : `${count(r.archivedSeqs?.length ?? 0, 'tool result')} → digests`;
  const outcome =
    r.outcome === 'applied' ? pc.green('applied') : pc.yellow(`fallback (rejected: ${r.rejection ?? 'unknown'})`);
  const when = whenInTurn(r, turnItems);
  const lines = [
    pc.yellow(`  ⟳ #${r.id} ${r.strategy}`) +
      ` (${r.reason}: ${REASONS[r.reason]}${r.focus ? `, focus "${clipLine(r.focus, 60)}"` : ''})${when ? `, ${when}` : ''}`,
    `      ${what}: ${formatTokens(r.tokensBefore)} → ${formatTokens(r.tokensAfter)} tokens in the view` +
      `${r.summarizer ? `, summarizer ${r.summarizer}` : ''}, ${outcome}`,
  ];
  if (r.range) lines.push(pc.dim(`      ${droppedText(r, r.range, ledger, bySeq)}`));
  if (r.archivedSeqs?.length) {
    const listed = r.archivedSeqs.slice(0, ARCHIVED_LISTED).map((seq) => archivedLabel(seq, bySeq));
    const more = r.archivedSeqs.length - listed.length;
    lines.push(
      pc.dim(clipLine(`      archived: ${listed.join(' · ')}${more > 0 ? ` · +${more} more` : ''}`, width + 40)),
    );
  }
  return lines;
}

/**
 * What a summary took out of the view: the items of its range that no earlier summary
 * already stood for, and the earlier summaries it rolled up (their ranges lie inside its own).
 */
function droppedText(
  r: CompactionRecord,
  range: SeqRange,
  ledger: readonly CompactionRecord[],
  bySeq: ReadonlyMap<number, LogItem>,
): string {
  const earlier = ledger.filter((o) => o.id < r.id && o.range);
  const inside = (seq: number, o: SeqRange) => seq >= o.from && seq <= o.to;
  const fresh = [...bySeq.values()].filter(
    (i) => i.kind !== 'summary' && inside(i.seq, range) && !earlier.some((o) => o.range && inside(i.seq, o.range)),
  );
  const rolled = earlier
    .filter((o) => o.range && o.summarySeq !== undefined && o.range.from >= range.from && o.range.to <= range.to)
    .map((o) => o.summarySeq);
  const turns = fresh.map((i) => i.turn);
  const [first, last] = [Math.min(...turns), Math.max(...turns)];
  const parts = [
    fresh.length
      ? `${count(fresh.length, 'item')} of ${first === last ? `turn ${first}` : `turns ${first}–${last}`} ` +
        `(${formatTokens(fresh.reduce((n, i) => n + i.content.tokens, 0))} tokens in the log)`
      : 'no new items',
  ];
  if (rolled.length)
    parts.push(`the earlier ${rolled.length === 1 ? 'summary' : 'summaries'} seq ${rolled.join(', ')}, rolled in`);
  const summary = r.summarySeq === undefined ? undefined : bySeq.get(r.summarySeq);
  const size = summary ? `; the summary is ${formatTokens(summary.content.tokens)} tokens` : '';
  return `dropped from the view: ${parts.join(' and ')}${size}`;
}

/** `seq 7 fetch_doc a1 (412 → 38)`: an archived tool result, its tokens and its digest's. */
function archivedLabel(seq: number, bySeq: ReadonlyMap<number, LogItem>): string {
  const item = bySeq.get(seq);
  if (!item) return `seq ${seq}`;
  const call = findCall(item, bySeq);
  const name = call ?? item.toolResult?.toolName ?? itemPreview(item);
  const digest = item.digest ? ` → ${formatTokens(item.digest.tokens)}` : '';
  return `seq ${seq} ${clipLine(name, 40)} (${formatTokens(item.content.tokens)}${digest})`;
}

function findCall(result: LogItem, bySeq: ReadonlyMap<number, LogItem>): string | undefined {
  for (let seq = result.seq - 1; seq >= 0; seq--) {
    const call = bySeq.get(seq)?.toolCalls?.find((c) => c.id === result.toolCallId);
    if (call) return toolCallLabel(call);
    if (result.seq - seq > 200) return undefined;
  }
  return undefined;
}

/**
 * When in its turn a compaction ran: before which model call, from the seq its summary got.
 * A tool-archive pass appends nothing, so its moment is not known from the log.
 */
function whenInTurn(r: CompactionRecord, turnItems: readonly LogItem[]): string | undefined {
  if (r.summarySeq === undefined) return undefined;
  const at = r.summarySeq;
  const calls = turnItems.filter((i) => i.role === 'assistant');
  const before = calls.filter((i) => i.seq < at).length;
  return before === calls.length ? 'after the last model call of the turn' : `before model call ${before + 1}`;
}
