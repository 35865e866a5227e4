/**
 * Retention of the filesystem store (src/store/filesystem-store.ts). Each owner has a list
 * `<dir>/owners/<hash>.refs`, named by the sha256 of the owner (workflow ids can be long and
 * hold any character), with one line per put: `<ref> <ms> <owner as JSON>`. Every line names
 * its owner, so a list is readable whatever happened to it before (a list a prune deleted
 * is simply started again by the next put).
 *
 * A prune is a mark and sweep: every owner's list is read; a ref released by an expired
 * owner (a line older than `asOf`) that no other list names is swept. Sweeping moves the
 * blob aside, checks its modification time and moves it back if a put touched it since
 * `asOf - grace`, else deletes it. A put appends its line before it touches the blob, and a
 * touch of a blob moved aside fails, so the put writes it anew: either way a put that the
 * prune's reading missed leaves the blob stored.
 *
 * A prune that dies between its steps leaves files aside: a blob (whose aside name ends with
 * its own) or an owner list (`<list>.del-…`). The next prune first puts back what was left
 * aside longer than {@link STALE_ASIDE_MS} ago — a blob whose name is free again, every line of
 * a list — so a crash never loses a blob a put kept or an ownership recorded since; what was
 * put back is decided again with fresh lists. Temporary files of puts that died are removed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFile, lstat, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ContentRef } from '../context/types';
import { isContentRef, type ContentOwner } from './content-store';
import { DEFAULT_PRUNE_GRACE_MS, noPrune, type PruneRequest, type PruneResult } from './retention';

/** Directory of the owner lists, next to the two-hex-digit shards of the blobs. */
export const OWNERS_DIR = 'owners';
/** Prefix of a blob moved aside by a prune; never a valid blob name. */
const ASIDE_PREFIX = '.del-';
/** Prefix of a put's temporary file (src/store/filesystem-store.ts); never a valid blob name. */
export const TEMP_PREFIX = '.tmp-';
/**
 * Age (since it was moved) after which a file left aside belongs to a prune that died: a
 * live prune keeps a file aside for the milliseconds between two system calls.
 */
export const STALE_ASIDE_MS = 60_000;
const SHARD = /^[0-9a-f]{2}$/;
const BLOB_NAME = /^[0-9a-f]{64}$/;

/** The list of one owner. */
export function ownerListPath(dir: string, owner: ContentOwner): string {
  return join(dir, OWNERS_DIR, `${createHash('sha256').update(owner).digest('hex')}.refs`);
}

/** One line of an owner's list. */
export function ownerLine(owner: ContentOwner, ref: ContentRef, at: number): string {
  return `${ref} ${at} ${JSON.stringify(owner)}\n`;
}

/** One owner's list as read. */
export interface OwnerList {
  owner: ContentOwner;
  refsFile: string;
  lastPutAt: Date;
  lines: { ref: ContentRef; at: number }[];
}

/** Every owner's list (one with no whole line yet is skipped: it names no blob). */
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
    try {
      const [text, info] = await Promise.all([readFile(refsFile, 'utf8'), stat(refsFile)]);
      const { owner, lines } = parseLines(text);
      if (owner !== undefined) lists.push({ owner, refsFile, lastPutAt: info.mtime, lines });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return lists;
}

/** `<ref> <ms> <owner>` lines and their owner; a torn line (a crash mid-append) is skipped. */
function parseLines(text: string): { owner?: ContentOwner; lines: { ref: ContentRef; at: number }[] } {
  const lines: { ref: ContentRef; at: number }[] = [];
  let owner: ContentOwner | undefined;
  for (const line of text.split('\n')) {
    const match = /^(\S+) (\d+) (".*")$/.exec(line);
    if (!match || !isContentRef(match[1])) continue;
    try {
      owner ??= JSON.parse(match[3] as string) as ContentOwner;
    } catch {
      continue;
    }
    lines.push({ ref: match[1], at: Number(match[2]) });
  }
  return owner === undefined ? { lines } : { owner, lines };
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
  if (!request.dryRun) await recoverAside(store.dir, Date.now() - STALE_ASIDE_MS);
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
  if (!request.dryRun) for (const list of done) await removeList(list.refsFile, asOf);
  return result;
}

/**
 * Deletes a released list. It is moved aside first and read again: a line appended since it
 * was read (the id in use again) goes back to the list, so no ownership since `asOf` is lost.
 */
async function removeList(file: string, asOf: number): Promise<void> {
  const aside = `${file}${ASIDE_PREFIX}${randomBytes(8).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const text = await readFile(aside, 'utf8');
  const again = text.split('\n').filter((line) => Number(line.split(' ')[1]) >= asOf);
  if (again.length) await appendFile(file, again.map((line) => `${line}\n`).join(''), { flush: true });
  await rm(aside, { force: true });
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
  // the blob's own name ends the aside name, so a later prune can put back one left here
  const aside = join(path, '..', `${ASIDE_PREFIX}${randomBytes(8).toString('hex')}-${basename(path)}`);
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

/** Time of the entry's last move or write (ctime: a rename updates it, content age does not). */
async function movedAt(path: string): Promise<number | undefined> {
  try {
    return (await lstat(path)).ctimeMs;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Puts back what a prune that died left aside before `before` (ms): a blob goes back under
 * its name unless that name was written again (then the copy aside is dropped), an owner
 * list's lines are appended to the list again. Stale temporary files of puts are removed.
 */
export async function recoverAside(dir: string, before: number): Promise<void> {
  for (const shard of (await entries(dir)).filter((n) => SHARD.test(n))) {
    for (const name of await entries(join(dir, shard))) {
      const path = join(dir, shard, name);
      if (name.startsWith(TEMP_PREFIX)) {
        const at = await movedAt(path);
        if (at !== undefined && at < before) await rm(path, { force: true });
        continue;
      }
      if (!name.startsWith(ASIDE_PREFIX)) continue;
      const at = await movedAt(path);
      if (at === undefined || at >= before) continue;
      const blob = name.slice(name.lastIndexOf('-') + 1);
      // a name without the blob's was left by an older version, whose prune was deleting it anyway
      if (!BLOB_NAME.test(blob)) await rm(path, { force: true });
      else await putBack(path, join(dir, shard, blob));
    }
  }
  const owners = join(dir, OWNERS_DIR);
  for (const name of await entries(owners)) {
    const cut = name.indexOf(`.refs${ASIDE_PREFIX}`);
    if (cut < 0) continue;
    const path = join(owners, name);
    const at = await movedAt(path);
    if (at === undefined || at >= before) continue;
    const text = await readFile(path, 'utf8').catch(() => '');
    const lines = text.split('\n').filter(Boolean);
    if (lines.length) {
      const list = join(owners, name.slice(0, cut + '.refs'.length));
      await appendFile(list, lines.map((line) => `${line}\n`).join(''), { flush: true });
    }
    await rm(path, { force: true });
  }
}

/** Moves a blob left aside back under its name, or drops it when that name was written again. */
async function putBack(aside: string, target: string): Promise<void> {
  if (await movedAt(target)) await rm(aside, { force: true });
  else await rename(aside, target).catch(ignoreMissing);
}

/**
 * Puts back the blob at `path` if a prune that died left it aside before `before` (ms); true
 * when it is there now. For a read that found no blob: the session need not wait for the
 * next prune.
 */
export async function recoverBlob(path: string, before: number): Promise<boolean> {
  const shard = join(path, '..');
  const suffix = `-${basename(path)}`;
  for (const name of await entries(shard)) {
    if (!name.startsWith(ASIDE_PREFIX) || !name.endsWith(suffix)) continue;
    const at = await movedAt(join(shard, name));
    if (at !== undefined && at < before) await putBack(join(shard, name), path);
  }
  return (await movedAt(path)) !== undefined;
}

function ignoreMissing(err: unknown): void {
  if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
}
