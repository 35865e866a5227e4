/**
 * Retention of the filesystem store (src/store/filesystem-store.ts). Each owner has two
 * files under `<dir>/owners/`, named by the sha256 of the owner (workflow ids can be long
 * and hold any character): `<hash>.owner`, its name, and `<hash>.refs`, one `<ref> <ms>`
 * line per put.
 *
 * A prune is a mark and sweep: every owner's list is read; a ref released by an expired
 * owner (a line older than `asOf`) that no other list names is swept. Sweeping moves the
 * blob aside, checks its modification time and moves it back if a put touched it since
 * `asOf - grace`, else deletes it. A put appends its line before it touches the blob, and a
 * touch of a blob moved aside fails, so the put writes it anew: either way a put that the
 * prune's reading missed leaves the blob stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentRef } from '../context/types';
import { isContentRef, type ContentOwner } from './content-store';
import { DEFAULT_PRUNE_GRACE_MS, noPrune, type PruneRequest, type PruneResult } from './retention';

/** Directory of the owner lists, next to the two-hex-digit shards of the blobs. */
export const OWNERS_DIR = 'owners';
/** Prefix of a blob moved aside by a prune; never a valid blob name. */
const ASIDE_PREFIX = '.del-';

/** The files of one owner. */
export function ownerFiles(dir: string, owner: ContentOwner): { name: string; refs: string } {
  const hash = createHash('sha256').update(owner).digest('hex');
  const base = join(dir, OWNERS_DIR, hash);
  return { name: `${base}.owner`, refs: `${base}.refs` };
}

/** One owner's list as read. */
export interface OwnerList {
  owner: ContentOwner;
  refsFile: string;
  nameFile: string;
  lastPutAt: Date;
  lines: { ref: ContentRef; at: number }[];
}

/** Every owner's list (a list whose name file is unreadable is skipped: its blobs stay). */
export async function readOwners(dir: string): Promise<OwnerList[]> {
  let names: string[];
  try {
    names = await readdir(join(dir, OWNERS_DIR));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const lists: OwnerList[] = [];
  for (const file of names.filter((n) => n.endsWith('.refs'))) {
    const refsFile = join(dir, OWNERS_DIR, file);
    const nameFile = refsFile.replace(/\.refs$/, '.owner');
    try {
      const [owner, text, info] = await Promise.all([
        readFile(nameFile, 'utf8'),
        readFile(refsFile, 'utf8'),
        stat(refsFile),
      ]);
      lists.push({ owner, refsFile, nameFile, lastPutAt: info.mtime, lines: parseLines(text) });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return lists;
}

/** `<ref> <ms>` lines; a torn last line (a crash mid-append) is skipped. */
function parseLines(text: string): { ref: ContentRef; at: number }[] {
  const lines: { ref: ContentRef; at: number }[] = [];
  for (const line of text.split('\n')) {
    const [ref, at] = line.split(' ');
    const ms = Number(at);
    if (isContentRef(ref) && at !== undefined && Number.isFinite(ms)) lines.push({ ref, at: ms });
  }
  return lines;
}

/** Points where a test can act between the steps of a prune (to show the races are handled). */
export interface PruneHooks {
  /** After every list was read, before anything is swept. */
  afterRead?: () => Promise<void>;
  /** After a blob was moved aside, before its time is checked. */
  afterAside?: (ref: ContentRef) => Promise<void>;
}

/** The store as the prune needs it. */
interface Blobs {
  readonly dir: string;
  pathOf(ref: ContentRef): string;
}

/** Prunes the filesystem store: see the module comment. */
export async function pruneFilesystem(
  store: Blobs,
  request: PruneRequest,
  hooks: PruneHooks = {},
): Promise<PruneResult> {
  const result = noPrune();
  const asOf = request.asOf.getTime();
  const freshSince = asOf - (request.graceMs ?? DEFAULT_PRUNE_GRACE_MS);
  const expired = new Set(request.owners);
  const released = new Set<ContentRef>();
  const live = new Set<ContentRef>();
  const done: OwnerList[] = [];
  for (const list of await readOwners(store.dir)) {
    if (!expired.has(list.owner)) {
      for (const line of list.lines) live.add(line.ref);
      continue;
    }
    result.owners++;
    let again = false;
    for (const line of list.lines) {
      if (line.at < asOf) {
        released.add(line.ref);
      } else {
        again = true;
        live.add(line.ref);
      }
    }
    // A list with lines since asOf (the id is in use again) stays as it is, old lines included.
    if (!again) done.push(list);
  }
  await hooks.afterRead?.();
  for (const ref of released) {
    if (live.has(ref)) {
      result.kept++;
      continue;
    }
    const swept = await sweep(store.pathOf(ref), freshSince, request.dryRun === true, () => hooks.afterAside?.(ref));
    if (swept === 'kept') {
      result.kept++;
    } else if (swept !== 'absent') {
      result.blobs++;
      result.bytes += swept;
    }
  }
  if (!request.dryRun) {
    for (const list of done)
      await Promise.all([rm(list.refsFile, { force: true }), rm(list.nameFile, { force: true })]);
  }
  return result;
}

/** Removes the blob unless it was touched since `freshSince`: its size, `kept`, or `absent`. */
async function sweep(
  path: string,
  freshSince: number,
  dryRun: boolean,
  afterAside: () => Promise<void> | undefined,
): Promise<number | 'kept' | 'absent'> {
  const before = await stat(path).catch(() => undefined);
  if (!before) return 'absent';
  if (before.mtimeMs >= freshSince) return 'kept';
  if (dryRun) return before.size;
  const aside = join(path, '..', `${ASIDE_PREFIX}${randomBytes(8).toString('hex')}`);
  try {
    await rename(path, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw err;
  }
  await afterAside();
  // A put that touched the blob before it was moved aside shows here; one after it wrote it anew.
  const info = await stat(aside);
  if (info.mtimeMs >= freshSince) {
    await rename(aside, path);
    return 'kept';
  }
  await unlink(aside);
  return info.size;
}
