/**
 * The figures of a session report: context tokens at every model call against the window,
 * the prompt budget and the soft threshold; the compactions with what they did; the
 * cumulative cost (or tokens, when the model's prices are unknown); optionally a simulated
 * policy's tokens (src/cli/history/simulate.ts). Plain JSON, embedded in the page.
 */
import { formatTokens } from '../../context/budget';
import type { RecordedSession } from '../history/read-history';
import type { Simulation } from '../history/simulate';

/** One compaction, placed at the model call it preceded. */
export interface ReportCompaction {
  /** Index of the call in {@link ReportData.labels}. */
  at: number;
  turn: number;
  kind: string;
  trigger: string;
  summarizer: string;
  replaced: number;
  summaryTokens?: number;
  tokensBefore?: number;
  tokensAfter: number;
  focus?: string;
  /** Hover lines. */
  details: string[];
}

/** Everything the page draws. */
export interface ReportData {
  sessionId: string;
  model: string;
  generated: string;
  contextWindow: number;
  promptBudget: number;
  softLimit: number;
  /** `T3·2`: turn 3, model call 2. */
  labels: string[];
  tokens: number[];
  simulated?: { label: string; tokens: number[]; compactions: number };
  compactions: ReportCompaction[];
  cumulative: { unit: 'usd' | 'tokens'; values: number[] };
  turns: number;
  runs: number;
}

/** Builds the report's data from a recorded session and its simulation (run with or without overrides). */
export function reportData(rec: RecordedSession, sim: Simulation, simulated?: string): ReportData {
  const labels = sim.points.map((p) => `T${p.turn}·${p.step}`);
  const tokens = sim.points.map((p) => p.actual);
  const inPrice = rec.model?.inputPricePerMTok;
  const outPrice = rec.model?.outputPricePerMTok;
  const priced = inPrice !== undefined && outPrice !== undefined;
  let sum = 0;
  const values = rec.calls.map((c) => {
    const u = c.usage ?? { promptTokens: 0, completionTokens: 0 };
    sum += priced
      ? (u.promptTokens * inPrice + u.completionTokens * outPrice) / 1e6
      : u.promptTokens + u.completionTokens;
    return priced ? Math.round(sum * 1e6) / 1e6 : sum;
  });
  const compactions = sim.actualCompactions.map((c): ReportCompaction => {
    const at = Math.min(c.beforeCall, labels.length - 1);
    const before = c.beforeCall > 0 ? tokens[c.beforeCall - 1] : undefined;
    const after = tokens[at] ?? 0;
    const what =
      c.kind === 'summary'
        ? `summary of ${c.replaced} messages → ${c.summaryTokens ?? '?'} tokens`
        : `${c.replaced} tool results archived to digests`;
    const details = [
      `${c.kind === 'summary' ? 'range summary' : 'tool archive'} (${c.trigger}), turn ${c.turn}`,
      what,
      `${before !== undefined ? `${formatTokens(before)} → ` : ''}${formatTokens(after)} prompt tokens at the next call`,
    ];
    if (c.summarizer) details.push(`summarizer ${c.summarizer}`);
    if (c.focus) details.push(`focus "${c.focus}"`);
    const out: ReportCompaction = {
      at,
      turn: c.turn,
      kind: c.kind,
      trigger: c.trigger,
      summarizer: c.summarizer ?? '—',
      replaced: c.replaced,
      tokensAfter: after,
      details,
    };
    if (c.summaryTokens !== undefined) out.summaryTokens = c.summaryTokens;
    if (before !== undefined) out.tokensBefore = before;
    if (c.focus !== undefined) out.focus = c.focus;
    return out;
  });
  const data: ReportData = {
    sessionId: rec.workflowId,
    model: sim.model,
    generated: new Date().toISOString(),
    contextWindow: sim.contextWindow,
    promptBudget: sim.promptBudget,
    softLimit: sim.softLimit.actual,
    labels,
    tokens,
    compactions,
    cumulative: { unit: priced ? 'usd' : 'tokens', values },
    turns: rec.calls.at(-1)?.turn ?? 0,
    runs: rec.runs,
  };
  if (simulated) {
    data.simulated = {
      label: simulated,
      tokens: sim.points.map((p) => p.simulated),
      compactions: sim.simulatedLedger.length,
    };
  }
  return data;
}
