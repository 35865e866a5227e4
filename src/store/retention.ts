/**
 * Retention support of a content store: who owns which blob, and the removal of blobs whose
 * every owner has expired. Optional: a {@link ContentStore} without these methods still
 * works for sessions, it only cannot be pruned (`durable-context retention` says so). The
 * filesystem, PostgreSQL and memory stores implement it; which sessions have expired is
 * decided elsewhere, from Temporal (src/retention/prune.ts).
 *
 * Guarantees every implementation keeps:
 * - a blob is removed only when each of its owners is among the expired ones given to
 *   {@link RetentionStore.pruneOwners}; a blob put without an owner after the fact does not
 *   keep it, but a blob that has never had an owner (stored before ownership was recorded)
 *   is never removed;
 * - a put with an owner that is not expired, racing with a prune, leaves the blob stored
 *   (PostgreSQL: row locks; filesystem: the blob is touched on put and a recently touched
 *   blob is kept; memory: no interleaving);
 * - ownership a session recorded at or after `asOf` is not released, so a session that
 *   started again under an expired id keeps what it stores from then on.
 */
import type { ContentStore, ContentOwner } from './content-store';

/** One owner of blobs in the store. */
export interface OwnerRecord {
  owner: ContentOwner;
  /** The last time it recorded ownership of a blob (the store's clock). */
  lastPutAt: Date;
  /** How many blobs it owns. */
  refs: number;
}

/** Every owner, read at one instant. */
export interface OwnerListing {
  owners: OwnerRecord[];
  /** The instant of the listing (the store's clock): pass it on as {@link PruneRequest.asOf}. */
  asOf: Date;
}

/** What to prune. */
export interface PruneRequest {
  /** Owners whose sessions have expired: their ownership is released. */
  owners: readonly ContentOwner[];
  /**
   * When those owners were found expired (the listing's `asOf`): ownership recorded at or
   * after it is kept, so an id that came back to life keeps its new content.
   */
  asOf: Date;
  /** Count what would go, remove nothing. */
  dryRun?: boolean;
  /**
   * Filesystem store: a blob touched later than `asOf - graceMs` is kept, which absorbs the
   * clock skew among machines sharing the directory. Default 60 s.
   */
  graceMs?: number;
}

/** What a prune removed (or, on a dry run, would remove). */
export interface PruneResult {
  /** Owners released. */
  owners: number;
  /** Blobs removed. */
  blobs: number;
  /** Bytes they held (plaintext sizes where the store records them, else stored sizes). */
  bytes: number;
  /** Blobs released by an expired owner but kept: another owner needs them, or one touched them. */
  kept: number;
}

/** A content store that records owners and can prune. */
export interface RetentionStore extends ContentStore {
  /** Every owner recorded, with the listing's instant. */
  listOwners(): Promise<OwnerListing>;
  /** Releases the expired owners and removes the blobs no other owner needs. */
  pruneOwners(request: PruneRequest): Promise<PruneResult>;
}

/** True when `store` records owners and can prune. */
export function supportsRetention(store: ContentStore): store is RetentionStore {
  const s = store as Partial<RetentionStore>;
  return typeof s.listOwners === 'function' && typeof s.pruneOwners === 'function';
}

/** Default of {@link PruneRequest.graceMs}. */
export const DEFAULT_PRUNE_GRACE_MS = 60_000;

/** An empty result. */
export function noPrune(): PruneResult {
  return { owners: 0, blobs: 0, bytes: 0, kept: 0 };
}
