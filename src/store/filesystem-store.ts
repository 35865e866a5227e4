/**
 * The embedded default content store: one file per blob under a directory, sharded by the
 * first two hex digits of the digest. Writes go to a unique temporary file that is renamed
 * into place, so a crash mid-write never leaves a partial blob under its final name.
 *
 * Retention (src/store/retention.ts): a put with an owner first appends `<ref> <ms>` to the
 * owner's list under `owners/`, then touches the blob (or writes it), so a prune that has
 * not seen the line sees a fresh modification time and keeps the blob
 * (src/store/filesystem-retention.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ContentMissingError } from '../context/errors';
import type { ContentRef } from '../context/types';
import type { Keyring } from '../encryption/keyring';
import { openBlob, sealBlob } from './blob-cipher';
import {
  contentRef,
  isContentRef,
  verifiedContent,
  type ContentOwner,
  type ContentStore,
  type PutOptions,
} from './content-store';
import {
  ownerLine,
  ownerListPath,
  pruneFilesystem,
  readOwners,
  recoverBlob,
  STALE_ASIDE_MS,
  TEMP_PREFIX,
} from './filesystem-retention';
import type { OwnerListing, PruneRequest, PruneResult, RetentionStore } from './retention';

/**
 * A get that finds no blob looks once more after this pause: a prune moves a blob aside
 * for the instant it takes to check that no put touched it, and moves it back if one did.
 */
const MISSING_RECHECK_MS = 50;

/** Options of {@link FilesystemStore}. */
export interface FilesystemStoreOptions {
  /** Encrypts blobs at rest with the keyring's first key (src/store/blob-cipher.ts); any of its keys decrypts. */
  keyring?: Keyring;
}

/** A {@link ContentStore} on the local filesystem (or any shared mount). */
export class FilesystemStore implements ContentStore, RetentionStore {
  private readonly keyring: Keyring | undefined;
  /** Owner-list directories this process has created. */
  private ownersDirMade = false;

  constructor(
    /** Root directory; created on first write. */
    readonly dir: string,
    options: FilesystemStoreOptions = {},
  ) {
    this.keyring = options.keyring;
  }

  /** Where `ref` lives on disk. */
  pathOf(ref: ContentRef): string {
    if (!isContentRef(ref)) throw new ContentMissingError(ref);
    const hex = ref.slice('sha256:'.length);
    return join(this.dir, hex.slice(0, 2), hex);
  }

  async put(content: Uint8Array | string, options: PutOptions = {}): Promise<ContentRef> {
    const ref = contentRef(content);
    const path = this.pathOf(ref);
    if (options.owner !== undefined) await this.recordOwner(options.owner, ref);
    if (await touch(path)) return ref; // content-addressed: same name, same bytes
    const shard = join(path, '..');
    await mkdir(shard, { recursive: true });
    const temp = join(shard, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    try {
      // flush before rename so that the final name never points at unwritten data
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      await writeFile(temp, sealBlob(this.keyring, ref, bytes), { flush: true });
      await rename(temp, path);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return ref;
  }

  async get(ref: ContentRef): Promise<Uint8Array> {
    const path = this.pathOf(ref);
    for (let attempt = 0; ; attempt++) {
      let stored: Uint8Array;
      try {
        stored = await readFile(path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        if (attempt === 0) {
          await sleep(MISSING_RECHECK_MS);
          continue;
        }
        // a blob that a prune which died left aside goes back now, not at the next prune
        if (attempt === 1 && (await recoverBlob(path, Date.now() - STALE_ASIDE_MS))) continue;
        throw new ContentMissingError(ref);
      }
      return verifiedContent(ref, openBlob(this.keyring, ref, stored), this.dir);
    }
  }

  async has(ref: ContentRef): Promise<boolean> {
    return isContentRef(ref) && exists(this.pathOf(ref));
  }

  async listOwners(): Promise<OwnerListing> {
    const asOf = new Date();
    const owners = await readOwners(this.dir);
    return {
      asOf,
      owners: owners.map((o) => ({
        owner: o.owner,
        lastPutAt: o.lastPutAt,
        refs: new Set(o.lines.map((l) => l.ref)).size,
      })),
    };
  }

  pruneOwners(request: PruneRequest): Promise<PruneResult> {
    return pruneFilesystem(this, request);
  }

  /**
   * Appends `ref` to the owner's list, then checks that the file written is still the list:
   * a prune deleting the list moves it aside and re-reads it once (src/store/filesystem-retention.ts),
   * so a line written after that re-read is written again to the list.
   */
  private async recordOwner(owner: ContentOwner, ref: ContentRef): Promise<void> {
    const file = ownerListPath(this.dir, owner);
    if (!this.ownersDirMade) {
      await mkdir(join(file, '..'), { recursive: true });
      this.ownersDirMade = true;
    }
    const line = ownerLine(owner, ref, Date.now());
    for (;;) {
      const handle = await open(file, 'a');
      try {
        await handle.write(line);
        await handle.sync();
        const [written, current] = await Promise.all([handle.stat(), stat(file).catch(() => undefined)]);
        if (current?.ino === written.ino && current.dev === written.dev) return;
      } finally {
        await handle.close();
      }
    }
  }
}

/** Sets the file's times to now; false when it does not exist. */
async function touch(path: string): Promise<boolean> {
  const now = new Date();
  try {
    await utimes(path, now, now);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    // Not ours to touch (another user's file on a shared mount): it exists, keep it as it is.
    return exists(path);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
