/**
 * Token budgeting. The model's context window and its maximum output are separate figures
 * (never defaulted one to the other): the prompt may use `contextWindow - reservedOutput`,
 * of which the fixed overhead (system prompt, tool schemas, reply priming) is taken first;
 * the rest is the history budget the view must fit in.
 */
import { ContextOverflowError, InvalidConfigError } from './errors';
import type { CompactionPolicy } from './policy';
import type { ContextState } from './types';

/** What the caller knows about the model and the fixed part of the request. */
export interface BudgetInput {
  /** The model's context window (prompt + output), in tokens. */
  contextWindow: number;
  /** The `max_tokens` the request asks for. */
  maxOutputTokens: number;
  /** Tokens kept free for the reply; defaults to `maxOutputTokens`. */
  reservedOutputTokens?: number;
  /** Exact tokens of the system prompt, tool schemas and reply priming. */
  fixedTokens: number;
}

/** The budget of the history (the view), in tokens. */
export interface ContextBudget {
  contextWindow: number;
  reservedOutputTokens: number;
  fixedTokens: number;
  /** `contextWindow - reservedOutputTokens - fixedTokens`. */
  historyBudget: number;
  /** Compact when the view reaches this (softThreshold × historyBudget). */
  softLimit: number;
  /** Aim for this after compaction (target × historyBudget). */
  targetTokens: number;
  /** A view above this is never sent (equals historyBudget). */
  hardLimit: number;
}

/**
 * Computes the history budget.
 * @throws InvalidConfigError naming the field when a figure is missing, not a positive
 * integer, or leaves no room for history.
 */
export function computeBudget(input: BudgetInput, policy: CompactionPolicy): ContextBudget {
  positive('contextWindow', input.contextWindow);
  positive('maxOutputTokens', input.maxOutputTokens);
  const reservedOutputTokens = input.reservedOutputTokens ?? input.maxOutputTokens;
  nonNegative('reservedOutputTokens', reservedOutputTokens);
  nonNegative('fixedTokens', input.fixedTokens);
  if (input.maxOutputTokens >= input.contextWindow) {
    throw new InvalidConfigError(
      'maxOutputTokens',
      `${input.maxOutputTokens} is not below contextWindow ${input.contextWindow} (is the context window set to the output limit?)`,
    );
  }
  const historyBudget = input.contextWindow - reservedOutputTokens - input.fixedTokens;
  if (historyBudget <= 0) {
    throw new InvalidConfigError(
      'contextWindow',
      `${input.contextWindow} leaves no room for history after ${reservedOutputTokens} reserved for output and ${input.fixedTokens} of fixed overhead`,
    );
  }
  return {
    contextWindow: input.contextWindow,
    reservedOutputTokens,
    fixedTokens: input.fixedTokens,
    historyBudget,
    softLimit: Math.floor(historyBudget * policy.softThreshold),
    targetTokens: Math.floor(historyBudget * policy.target),
    hardLimit: historyBudget,
  };
}

/**
 * Guards a model call: a request that cannot fit is never sent.
 * @throws ContextOverflowError when the history exceeds the hard limit.
 */
export function assertFits(historyTokens: number, budget: ContextBudget): void {
  if (historyTokens > budget.hardLimit) {
    throw new ContextOverflowError(
      historyTokens + budget.fixedTokens,
      budget.contextWindow - budget.reservedOutputTokens,
    );
  }
}

/** Usage of the context, as shown in the REPL (`📊 45K/1M (4.5%) ~450 turns left`). */
export interface UsageReport {
  /** Prompt tokens a request would use now: fixed overhead + view. */
  used: number;
  /** Prompt tokens a request may use: contextWindow − reservedOutputTokens. */
  budget: number;
  /** `used / budget × 100`, one decimal. */
  percent: number;
  /** Average tokens a turn adds to the log, or null before the first turn. */
  averageTurnTokens: number | null;
  /** Turns that still fit at the average turn size, or null when unknown. */
  turnsLeft: number | null;
}

/** Average tokens per user turn over the items in state (summaries and the system prompt excluded). */
export function averageTurnTokens(state: ContextState): number | null {
  const perTurn = new Map<number, number>();
  for (const item of state.items) {
    if (item.turn < 1 || item.kind === 'summary') continue;
    perTurn.set(item.turn, (perTurn.get(item.turn) ?? 0) + item.content.tokens);
  }
  if (perTurn.size === 0) return null;
  let sum = 0;
  for (const t of perTurn.values()) sum += t;
  return sum / perTurn.size;
}

/** The usage report for a view of `historyTokens`, at `averageTurn` tokens per turn. */
export function usageReport(historyTokens: number, budget: ContextBudget, averageTurn: number | null): UsageReport {
  const used = budget.fixedTokens + historyTokens;
  const total = budget.contextWindow - budget.reservedOutputTokens;
  const percent = Math.round((used / total) * 1000) / 10;
  const turnsLeft =
    averageTurn !== null && averageTurn > 0 ? Math.max(0, Math.floor((total - used) / averageTurn)) : null;
  return { used, budget: total, percent, averageTurnTokens: averageTurn, turnsLeft };
}

/** One line for a REPL or status: `📊 45K/1M (4.5%) ~450 turns left`. */
export function formatUsage(report: UsageReport): string {
  const left = report.turnsLeft === null ? '' : ` ~${report.turnsLeft} turns left`;
  return `📊 ${formatTokens(report.used)}/${formatTokens(report.budget)} (${report.percent}%)${left}`;
}

/** Compact token figure: 950, 4.5K, 45K, 1M, 1.5M. */
export function formatTokens(n: number): string {
  const fmt = (v: number, unit: string): string => `${v < 10 ? Math.round(v * 10) / 10 : Math.round(v)}${unit}`;
  if (n < 1000) return String(n);
  if (n < 999_500) return fmt(n / 1000, 'K');
  return fmt(n / 1_000_000, 'M');
}

function positive(field: string, v: number): void {
  if (!Number.isSafeInteger(v) || v <= 0) {
    throw new InvalidConfigError(field, `must be a positive integer, got ${JSON.stringify(v)}`);
  }
}

function nonNegative(field: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 0) {
    throw new InvalidConfigError(field, `must be an integer ≥ 0, got ${JSON.stringify(v)}`);
  }
}
