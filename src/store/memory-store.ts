/**
 * An in-process content store: for a single worker that needs no durability across
 * restarts (demos, the CLI's dry runs). Same contract as the filesystem store, retention
 * included (src/store/retention.ts); every method runs without yielding between its reads
 * and writes, so a put and a prune never interleave.
 */
import { ContentMissingError } from '../context/errors';
import type { ContentRef } from '../context/types';
import { contentRef, decodeUtf8, type ContentOwner, type ContentStore, type PutOptions } from './content-store';
import { noPrune, type OwnerListing, type PruneRequest, type PruneResult, type RetentionStore } from './retention';

/** A {@link ContentStore} held in memory. Blobs are copied in and out so callers cannot mutate them. */
export class MemoryStore implements ContentStore, RetentionStore {
  private readonly blobs = new Map<ContentRef, Uint8Array>();
  /** owner → ref → when it was last put by that owner (ms). */
  private readonly owners = new Map<ContentOwner, Map<ContentRef, number>>();

  async put(content: Uint8Array | string, options: PutOptions = {}): Promise<ContentRef> {
    const ref = contentRef(content);
    if (options.owner !== undefined) {
      let refs = this.owners.get(options.owner);
      if (!refs) this.owners.set(options.owner, (refs = new Map()));
      refs.set(ref, Date.now());
    }
    if (!this.blobs.has(ref)) {
      this.blobs.set(ref, typeof content === 'string' ? new TextEncoder().encode(content) : content.slice());
    }
    return ref;
  }

  async get(ref: ContentRef): Promise<Uint8Array> {
    const blob = this.blobs.get(ref);
    if (!blob) throw new ContentMissingError(ref);
    return blob.slice();
  }

  /** Decoded from the blob itself: a string cannot change the blob, so no copy is made (loading a long session copied ~1.4 MB). */
  async getText(ref: ContentRef): Promise<string> {
    const blob = this.blobs.get(ref);
    if (!blob) throw new ContentMissingError(ref);
    return decodeUtf8(blob);
  }

  async has(ref: ContentRef): Promise<boolean> {
    return this.blobs.has(ref);
  }

  async listOwners(): Promise<OwnerListing> {
    const owners = [...this.owners].map(([owner, refs]) => ({
      owner,
      lastPutAt: new Date(Math.max(...refs.values())),
      refs: refs.size,
    }));
    return { owners, asOf: new Date() };
  }

  async pruneOwners(request: PruneRequest): Promise<PruneResult> {
    const result = noPrune();
    const asOf = request.asOf.getTime();
    const released = new Set<ContentRef>();
    for (const owner of new Set(request.owners)) {
      const refs = this.owners.get(owner);
      if (!refs) continue;
      result.owners++;
      for (const [ref, at] of refs) {
        if (at >= asOf) continue; // put again since the owner was found expired
        released.add(ref);
        if (!request.dryRun) refs.delete(ref);
      }
      if (!request.dryRun && refs.size === 0) this.owners.delete(owner);
    }
    const expired = new Set(request.owners);
    for (const ref of released) {
      // Still owned: by an owner not expired, or again since asOf (on a dry run nothing was released).
      const needed = [...this.owners].some(([owner, refs]) => {
        const at = refs.get(ref);
        return at !== undefined && (!expired.has(owner) || at >= asOf);
      });
      const blob = this.blobs.get(ref);
      if (needed || !blob) {
        if (blob) result.kept++;
        continue;
      }
      result.blobs++;
      result.bytes += blob.length;
      if (!request.dryRun) this.blobs.delete(ref);
    }
    return result;
  }

  /** Number of blobs held. */
  get size(): number {
    return this.blobs.size;
  }
}
