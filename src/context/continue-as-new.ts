/**
 * Shrinking the state before continue-as-new: items the view can no longer show (covered
 * by a summary) are dropped; withheld summaries are kept. They stay in earlier runs' histories and in the content store;
 * seq numbering, the ledger and the facts carry on unchanged.
 */
import { stateFacts } from './facts';
import type { ContextState } from './types';
import { buildPlacedView } from './view';

/** The state to carry across continue-as-new: same view, same nextSeq, ledger and facts. */
export function compactForContinueAsNew(state: ContextState): ContextState {
  const keep = new Set(buildPlacedView(state).map((p) => p.item.seq));
  // withheld summaries stay: the next summary of their history reads them
  for (const seq of state.withheld ?? []) keep.add(seq);
  const items = state.items.filter((i) => keep.has(i.seq));
  const archived = state.archived.filter((s) => keep.has(s));
  const carried: ContextState = {
    items,
    nextSeq: state.nextSeq,
    ledger: state.ledger,
    archived,
    facts: stateFacts(state),
  };
  if (state.withheld?.length) carried.withheld = state.withheld;
  return carried;
}
