/**
 * `/context`: where the model's window goes, as Claude Code shows it — system prompt, tool
 * schemas, summaries, messages, tool results, digests, reserved output and free space —
 * computed from the status (window, budget, tokens), the view (each entry's visibility and
 * tokens) and the fixed-overhead split recorded in the history (src/cli/chat/session-facts.ts).
 */
import pc from 'picocolors';
import type { CountFixedOverheadResult } from '../../activities/types';
import { formatTokens } from '../../context/budget';
import type { ViewEntry } from '../../context/types';
import type { SessionStatus } from '../../workflows/types';

/** One part of the window. */
export interface ContextPart {
  label: string;
  tokens: number;
}

/** The window split into parts that add up to the context window. */
export function contextParts(
  status: SessionStatus,
  view: readonly ViewEntry[],
  fixed: CountFixedOverheadResult | undefined,
): ContextPart[] {
  const byVisibility = (...kinds: ViewEntry['visibility'][]) =>
    view.filter((e) => kinds.includes(e.visibility)).reduce((n, e) => n + e.content.tokens, 0);
  const fixedNow = status.usedTokens - status.historyTokens;
  const system = fixed?.system?.tokens ?? 0;
  const tools = fixed ? fixed.toolsTokens + fixed.primingTokens : Math.max(0, fixedNow - system);
  // What the provider counted beyond our own count (kept as a safety margin), if anything.
  const margin = Math.max(0, fixedNow - system - tools);
  const promptBudget = status.historyBudget + fixedNow;
  const parts: ContextPart[] = [
    { label: 'system prompt', tokens: system },
    { label: 'tool schemas', tokens: tools },
  ];
  if (margin) parts.push({ label: 'provider margin', tokens: margin });
  parts.push(
    { label: 'summaries', tokens: byVisibility('summary') },
    { label: 'messages', tokens: byVisibility('message') },
    { label: 'tool results', tokens: byVisibility('tool_result') },
    { label: 'digests', tokens: byVisibility('tool_result_archived', 'tool_summary') },
    { label: 'reserved output', tokens: Math.max(0, status.contextWindow - promptBudget) },
    { label: 'free', tokens: Math.max(0, status.historyBudget - status.historyTokens) },
  );
  return parts;
}

const GLYPHS = ['▓', '▒', '░', '█', '▆', '▄', '▂', '·', ' '];
const COLORS = [pc.magenta, pc.blue, pc.red, pc.yellow, pc.green, pc.cyan, pc.gray, pc.dim, (s: string) => s];

/** The breakdown as lines: a bar of the window, then one line per part with tokens and percent. */
export function contextLines(status: SessionStatus, parts: readonly ContextPart[], softThreshold: number): string[] {
  const window = Math.max(1, status.contextWindow);
  const width = 50;
  let bar = '';
  parts.forEach((p, i) => {
    const n = Math.round((p.tokens / window) * width);
    bar += (COLORS[i] ?? String)((GLYPHS[i] ?? '·').repeat(n));
  });
  const lines = [`${pc.bold('Context')}  ${status.model}, ${formatTokens(status.contextWindow)} window`, `[${bar}]`];
  parts.forEach((p, i) => {
    const pct = ((p.tokens / window) * 100).toFixed(1).padStart(5);
    const glyph = (COLORS[i] ?? String)(GLYPHS[i] === ' ' ? '□' : (GLYPHS[i] ?? '·'));
    lines.push(`  ${glyph} ${p.label.padEnd(16)} ${formatTokens(p.tokens).padStart(6)}  ${pct}%`);
  });
  const soft = Math.floor(status.historyBudget * softThreshold);
  lines.push(
    pc.dim(
      `  compaction at ${Math.round(softThreshold * 100)}% of the history budget (${formatTokens(soft)}); ` +
        `history now ${formatTokens(status.historyTokens)}`,
    ),
  );
  return lines;
}
