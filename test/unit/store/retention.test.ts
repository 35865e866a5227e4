/**
 * Retention of the memory and filesystem stores: the shared contract
 * (test/support/retention-contract.ts), and the filesystem's answer to a put racing a
 * prune, driven step by step through the prune's hooks (src/store/filesystem-retention.ts).
 */
import { mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentMissingError } from '../../../src/context/errors';
import { contentRef, FilesystemStore, getText, MemoryStore } from '../../../src/store';
import { OWNERS_DIR, pruneFilesystem, recoverAside } from '../../../src/store/filesystem-retention';
import { describeRetentionContract, pruneNow, tick } from '../../support/retention-contract';

describeRetentionContract('MemoryStore', async () => ({ store: new MemoryStore(), cleanup: async () => undefined }));

describeRetentionContract('FilesystemStore', async () => {
  const root = await mkdtemp(join(tmpdir(), 'dc-retention-'));
  return { store: new FilesystemStore(root), cleanup: () => rm(root, { recursive: true, force: true }) };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dc-retention-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('FilesystemStore retention', () => {
  it('keeps a blob a running session put after the prune read the owner lists', async () => {
    const store = new FilesystemStore(dir);
    const shared = await store.put('shared', { owner: 'default/ended' });
    const alone = await store.put('alone', { owner: 'default/ended' });
    await tick();
    const { asOf } = await store.listOwners();
    const result = await pruneFilesystem(
      store,
      { owners: ['default/ended'], asOf, graceMs: 0 },
      // the running session's put lands after the lists were read: the prune cannot see its line
      { afterRead: async () => void (await store.put('shared', { owner: 'default/running' })) },
    );
    expect(result).toEqual({ owners: 1, blobs: 1, bytes: 'alone'.length, kept: 1 });
    expect(await getText(store, shared)).toBe('shared');
    await expect(store.get(alone)).rejects.toBeInstanceOf(ContentMissingError);
    expect((await store.listOwners()).owners.map((o) => o.owner)).toEqual(['default/running']);
  });

  it('an expired id storing again while its list is being deleted keeps that ownership', async () => {
    const store = new FilesystemStore(dir);
    await store.put('first life', { owner: 'default/reused' });
    await tick();
    const { asOf } = await store.listOwners();
    await tick();
    const result = await pruneFilesystem(
      store,
      { owners: ['default/reused'], asOf, graceMs: 0 },
      // the id starts a new session after the lists were read: its line must survive the list's deletion
      { afterRead: async () => void (await store.put('second life', { owner: 'default/reused' })) },
    );
    expect(result).toMatchObject({ owners: 1, blobs: 1 });
    const [owner] = (await store.listOwners()).owners;
    expect(owner).toMatchObject({ owner: 'default/reused', refs: 1 });
    expect(await getText(store, contentRef('second life'))).toBe('second life');
    expect((await readdir(join(dir, OWNERS_DIR))).length).toBe(1); // nothing left aside
  });

  it('a put while the blob is moved aside writes it again; nothing is left aside', async () => {
    const store = new FilesystemStore(dir);
    const shared = await store.put('shared', { owner: 'default/ended' });
    await tick();
    const { asOf } = await store.listOwners();
    let during: boolean | undefined;
    await pruneFilesystem(
      store,
      { owners: ['default/ended'], asOf, graceMs: 0 },
      {
        afterAside: async () => {
          during = await store.has(shared);
          await store.put('shared', { owner: 'default/running' });
        },
      },
    );
    expect(during).toBe(false); // the prune had it moved aside when the put came
    expect(await getText(store, shared)).toBe('shared');
    const shard = await readdir(join(dir, shared.slice(7, 9)));
    expect(shard).toEqual([shared.slice(7)]);
  });

  it('keeps a blob touched within the grace period (clock skew among machines sharing the directory)', async () => {
    const store = new FilesystemStore(dir);
    const ref = await store.put('recent', { owner: 'default/ended' });
    expect(await pruneNow(store, ['default/ended'], { graceMs: 60_000 })).toMatchObject({ blobs: 0, kept: 1 });
    expect(await getText(store, ref)).toBe('recent');
  });

  it('keeps owner names out of file names: long and odd workflow ids work', async () => {
    const store = new FilesystemStore(dir);
    const owner = `default/${'ü/../'.repeat(300)}`;
    await store.put('odd', { owner });
    const files = await readdir(join(dir, OWNERS_DIR));
    expect(files).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.refs$/)]);
    expect((await store.listOwners()).owners.map((o) => o.owner)).toEqual([owner]);
    expect(await pruneNow(store, [owner])).toMatchObject({ owners: 1, blobs: 1 });
  });

  it('reads a torn last line of an owner list (a crash mid-append) as absent', async () => {
    const store = new FilesystemStore(dir);
    await store.put('kept whole', { owner: 'default/a' });
    const [refs] = (await readdir(join(dir, OWNERS_DIR))).filter((f) => f.endsWith('.refs'));
    const { appendFile } = await import('node:fs/promises');
    await appendFile(join(dir, OWNERS_DIR, refs!), `${'sha256:' + 'a'.repeat(64)} 17`);
    expect((await store.listOwners()).owners[0]?.refs).toBe(1);
  });

  describe('a prune that died between its steps', () => {
    const died = new Error('the prune process died here');
    const later = () => Date.now() + 1; // as a later prune sees files left aside long enough ago
    /** Puts `content` for an ended session and runs a prune that dies with its blob moved aside. */
    async function pruneDiesAside(store: FilesystemStore, content: string) {
      const ref = await store.put(content, { owner: 'default/ended' });
      await tick();
      const { asOf } = await store.listOwners();
      const prune = pruneFilesystem(
        store,
        { owners: ['default/ended'], asOf, graceMs: 0 },
        { afterAside: () => Promise.reject(died) },
      );
      await expect(prune).rejects.toBe(died);
      await expect(store.has(ref)).resolves.toBe(false);
      return ref;
    }

    it('left a blob aside: the next prune puts it back, and a live prune does not take it', async () => {
      const store = new FilesystemStore(dir);
      const ref = await pruneDiesAside(store, 'kept by a running session');
      // a prune starting now sees the file aside as another's in progress and leaves it
      await recoverAside(dir, Date.now() - 60_000);
      await expect(store.has(ref)).resolves.toBe(false);
      await recoverAside(dir, later());
      expect(await getText(store, ref)).toBe('kept by a running session');
      expect(await readdir(join(dir, ref.slice(7, 9)))).toEqual([ref.slice(7)]);
    });

    it('left a blob aside long ago: a read puts it back at once', async () => {
      const store = new FilesystemStore(dir);
      const ref = await pruneDiesAside(store, 'read before the next prune');
      // just moved: could be a live prune's, so the read does not take it
      await expect(store.get(ref)).rejects.toBeInstanceOf(ContentMissingError);
      vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
      try {
        expect(await getText(store, ref)).toBe('read before the next prune');
      } finally {
        vi.useRealTimers();
      }
    });

    it('left a blob aside that a put wrote again since: the copy aside is dropped', async () => {
      const store = new FilesystemStore(dir);
      const ref = await pruneDiesAside(store, 'written twice');
      await store.put('written twice', { owner: 'default/running' });
      await recoverAside(dir, later());
      expect(await getText(store, ref)).toBe('written twice');
      expect(await readdir(join(dir, ref.slice(7, 9)))).toEqual([ref.slice(7)]);
    });

    it('left an owner list aside: its lines go back, so its ownership still protects its blobs', async () => {
      const store = new FilesystemStore(dir);
      const ref = await store.put('owned', { owner: 'default/running' });
      const [list] = (await readdir(join(dir, OWNERS_DIR))).filter((f) => f.endsWith('.refs'));
      await rename(join(dir, OWNERS_DIR, list!), join(dir, OWNERS_DIR, `${list!}.del-0123456789abcdef`));
      expect((await store.listOwners()).owners).toEqual([]);
      await recoverAside(dir, later());
      expect((await store.listOwners()).owners).toEqual([
        expect.objectContaining({ owner: 'default/running', refs: 1 }),
      ]);
      expect(await readdir(join(dir, OWNERS_DIR))).toEqual([list]);
      expect(await getText(store, ref)).toBe('owned');
    });

    it("removes a dead put's temporary file", async () => {
      const store = new FilesystemStore(dir);
      const ref = await store.put('whole', { owner: 'default/a' });
      const shard = join(dir, ref.slice(7, 9));
      await writeFile(join(shard, '.tmp-0123456789abcdef'), 'half a blo');
      await recoverAside(dir, later());
      expect(await readdir(shard)).toEqual([ref.slice(7)]);
    });
  });
});
