/**
 * The chat's meter line and its turns-left estimate.
 *
 * The status query's `turnsLeft` divides what is left of the whole window by the mean turn
 * size, so it swung with every large tool result (51, then 7 a turn later) and said "~0 turns
 * left" at 54% although compaction frees room long before the window is full. Here the turn
 * size is an exponentially weighted moving average whose update is capped (one huge turn
 * moves it, but not all the way), and what is counted is the turns left until the next
 * compaction — the soft threshold, where the session compacts and goes on — shown only once
 * a few turns give something to estimate from.
 */
import pc from 'picocolors';
import { formatTokens } from '../../context/budget';
import type { SessionStatus } from '../../workflows/types';
import { usageOf } from '../output';
import { formatCost } from '../sessions-command';

/** Weight of the newest turn in the moving average. */
export const TURN_SIZE_ALPHA = 0.3;
/** A turn counts as at most this many times the current average (an outlier moves it, gently). */
export const TURN_SIZE_CAP = 3;
/** Turns seen before an estimate is shown: one or two turns say little about the next ones. */
export const MIN_TURNS_FOR_ESTIMATE = 3;
/** Above this, the estimate is shown as `N+`. */
const MAX_SHOWN_TURNS = 99;

/** The moving average of turn sizes (tokens a turn added to the log), or null without any. */
export function turnSizeAverage(sizes: readonly number[]): number | null {
  let avg: number | null = null;
  for (const size of sizes) {
    if (!(size >= 0)) continue;
    if (avg === null || avg === 0) avg = size;
    else avg += TURN_SIZE_ALPHA * (Math.min(size, avg * TURN_SIZE_CAP) - avg);
  }
  return avg;
}

/** What the meter needs besides the status. */
export interface MeterInput {
  /** Tokens each turn added, oldest first. */
  turnSizes: readonly number[];
  /** The policy's soft threshold (fraction of the history budget). */
  softThreshold: number;
}

/**
 * Turns that fit before the view reaches the soft threshold (and the session compacts), at
 * the average turn size; null when not meaningful yet (fewer than three turns, or an empty average).
 */
export function turnsToCompaction(status: SessionStatus, input: MeterInput): number | null {
  if (input.turnSizes.length < MIN_TURNS_FOR_ESTIMATE) return null;
  const avg = turnSizeAverage(input.turnSizes);
  if (avg === null || avg <= 0 || status.historyBudget <= 0) return null;
  const softLimit = Math.floor(status.historyBudget * input.softThreshold);
  return Math.max(0, Math.floor((softLimit - status.historyTokens) / avg));
}

/** `~6 turns to compaction`, `compaction next turn`, `99+ turns to compaction`; '' when unknown. */
export function turnsLabel(turns: number | null): string {
  if (turns === null) return '';
  if (turns === 0) return 'compaction next turn';
  if (turns > MAX_SHOWN_TURNS) return `${MAX_SHOWN_TURNS}+ turns to compaction`;
  return `~${turns} ${turns === 1 ? 'turn' : 'turns'} to compaction`;
}

/** `📊 5.2K/15K (34.2%) · ~6 turns to compaction · ⟳ 2 compactions · $0.0123` */
export function chatMeterLine(status: SessionStatus, input: MeterInput): string {
  const usage = usageOf(status);
  const parts = [`📊 ${formatTokens(usage.used)}/${formatTokens(usage.budget)} (${usage.percent}%)`];
  const turns = turnsLabel(turnsToCompaction(status, input));
  if (turns) parts.push(turns);
  parts.push(`⟳ ${status.compactions} ${status.compactions === 1 ? 'compaction' : 'compactions'}`);
  parts.push(formatCost(status.costUsd));
  return pc.dim(parts.join(' · '));
}
