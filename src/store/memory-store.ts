/**
 * An in-process content store: for a single worker that needs no durability across
 * restarts (demos, the CLI's dry runs). Same contract as the filesystem store.
 */
import { ContentMissingError } from '../context/errors';
import type { ContentRef } from '../context/types';
import { contentRef, type ContentStore } from './content-store';

/** A {@link ContentStore} held in memory. Blobs are copied in and out so callers cannot mutate them. */
export class MemoryStore implements ContentStore {
  private readonly blobs = new Map<ContentRef, Uint8Array>();

  async put(content: Uint8Array | string): Promise<ContentRef> {
    const ref = contentRef(content);
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

  async has(ref: ContentRef): Promise<boolean> {
    return this.blobs.has(ref);
  }

  /** Number of blobs held. */
  get size(): number {
    return this.blobs.size;
  }
}
