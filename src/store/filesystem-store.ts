/**
 * The embedded default content store: one file per blob under a directory, sharded by the
 * first two hex digits of the digest. Writes go to a unique temporary file that is renamed
 * into place, so a crash mid-write never leaves a partial blob under its final name.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ContentMissingError } from '../context/errors';
import type { ContentRef } from '../context/types';
import type { Keyring } from '../encryption/keyring';
import { openBlob, sealBlob } from './blob-cipher';
import { contentRef, isContentRef, verifiedContent, type ContentStore } from './content-store';

/** Prefix of in-flight temporary files; never a valid blob name, safe to delete when stale. */
const TEMP_PREFIX = '.tmp-';

/** Options of {@link FilesystemStore}. */
export interface FilesystemStoreOptions {
  /** Encrypts blobs at rest with the keyring's first key (src/store/blob-cipher.ts); any of its keys decrypts. */
  keyring?: Keyring;
}

/** A {@link ContentStore} on the local filesystem (or any shared mount). */
export class FilesystemStore implements ContentStore {
  private readonly keyring: Keyring | undefined;

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

  async put(content: Uint8Array | string): Promise<ContentRef> {
    const ref = contentRef(content);
    const path = this.pathOf(ref);
    if (await exists(path)) return ref; // content-addressed: same name, same bytes
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
    try {
      return verifiedContent(ref, openBlob(this.keyring, ref, await readFile(this.pathOf(ref))), this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ContentMissingError(ref);
      throw err;
    }
  }

  async has(ref: ContentRef): Promise<boolean> {
    return isContentRef(ref) && exists(this.pathOf(ref));
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
