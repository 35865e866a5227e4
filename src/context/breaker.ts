/**
 * The circuit breaker's count (see `decideCompaction`): it stops a turn from summarizing again
 * and again without the view ever fitting, without limiting how often a long turn compacts.
 */
import type { CompactionRecord, ContextState } from './types';

/**
 * Summarizing compactions in a row, latest first, in `turn`, that left the view above `limit`
 * (what the circuit breaker counts). A record that left the view within the limit ends the run.
 */
export function fruitlessCompactions(state: ContextState, turn: number, limit: number): number {
  let n = 0;
  for (let i = state.ledger.length - 1; i >= 0; i -= 1) {
    const r = state.ledger[i] as CompactionRecord;
    if (r.turn !== turn || r.tokensAfter <= limit) break;
    if (r.summarySeq !== undefined) n += 1;
  }
  return n;
}

/** Summarizing compactions recorded in `turn`: the `v1` circuit breaker's count. */
export function summariesInTurn(state: ContextState, turn: number): number {
  return state.ledger.filter((r) => r.turn === turn && r.summarySeq !== undefined).length;
}
