/**
 * A retention pass: list the store's owners, judge each against Temporal (src/retention/
 * verdicts.ts), release the expired ones and remove the blobs nobody else needs. Shared by
 * the `retention` command (src/cli/retention-command.ts) and the `pruneContent` activity of
 * the scheduled retention workflow (src/retention/activity.ts).
 */
import { InvalidConfigError } from '../context/errors';
import type { ContentStore } from '../store/content-store';
import { DEFAULT_PRUNE_GRACE_MS, supportsRetention, type PruneResult } from '../store/retention';
import { isExpired, judgeOwners, type DescribeSession, type SessionVerdict, type Verdict } from './verdicts';

/** What a retention pass needs. */
export interface RetentionPass {
  store: ContentStore;
  /** The namespace whose sessions are judged; owners of other namespaces are left alone. */
  namespace: string;
  describe: DescribeSession;
  /** Content of sessions that ended longer ago than this goes. */
  olderThanMs: number;
  dryRun?: boolean;
  /** The clock (tests). */
  now?: () => Date;
  /** Called as the pass progresses (the activity heartbeats). */
  onProgress?: (step: string) => void;
}

/** What a pass found and did. */
export interface RetentionReport {
  olderThanMs: number;
  /** Sessions that ended before this are expired. */
  cutoff: string;
  dryRun: boolean;
  /** Every owner in the store, with its verdict. */
  sessions: SessionVerdict[];
  /** Owners by verdict. */
  counts: Record<Verdict, number>;
  /** What the store removed (or would, on a dry run). */
  pruned: PruneResult;
}

/**
 * Runs one pass.
 * @throws InvalidConfigError when the store records no owners (a user's store without retention support).
 */
export async function runRetention(pass: RetentionPass): Promise<RetentionReport> {
  const { store } = pass;
  if (!supportsRetention(store)) {
    throw new InvalidConfigError(
      'store',
      'this content store records no owners of its content (listOwners/pruneOwners, src/store/retention.ts), so it cannot be pruned',
    );
  }
  const now = (pass.now ?? (() => new Date()))();
  const cutoff = new Date(now.getTime() - pass.olderThanMs);
  pass.onProgress?.('listing owners');
  const listing = await store.listOwners();
  let judged = 0;
  const sessions = await judgeOwners(listing.owners, pass.namespace, cutoff, pass.describe, () =>
    pass.onProgress?.(`judged ${++judged} of ${listing.owners.length}`),
  );
  const counts = { ended: 0, gone: 0, running: 0, recent: 0, active: 0, foreign: 0 };
  for (const s of sessions) counts[s.verdict]++;
  pass.onProgress?.('pruning');
  const pruned = await store.pruneOwners({
    owners: sessions.filter((s) => isExpired(s.verdict)).map((s) => s.owner),
    asOf: listing.asOf,
    dryRun: pass.dryRun === true,
    // The grace absorbs clock skew of machines sharing a directory; never longer than the age itself.
    graceMs: Math.min(DEFAULT_PRUNE_GRACE_MS, pass.olderThanMs),
  });
  return {
    olderThanMs: pass.olderThanMs,
    cutoff: cutoff.toISOString(),
    dryRun: pass.dryRun === true,
    sessions,
    counts,
    pruned,
  };
}
