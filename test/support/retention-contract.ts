/**
 * The retention contract (src/store/retention.ts), run against every store that records
 * owners: memory and filesystem in test/unit/store/retention.test.ts, PostgreSQL in
 * test/integration/postgres-retention.test.ts. Which sessions expired is given here; the
 * store only has to keep what any other owner still needs.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ContentMissingError } from '../../src/context/errors';
import { contentRef, getText } from '../../src/store/content-store';
import type { PruneRequest, RetentionStore } from '../../src/store/retention';

/** A fresh, empty store (and how to drop it). */
export interface RetentionBacking {
  store: RetentionStore;
  cleanup(): Promise<void>;
}

/** Lets the clocks move on, so what was put so far is strictly older than the next listing. */
export const tick = () => sleep(20);

/** A prune of `owners` as of a fresh listing, with no grace for recently touched files. */
export async function pruneNow(store: RetentionStore, owners: string[], extra: Partial<PruneRequest> = {}) {
  await tick();
  const { asOf } = await store.listOwners();
  return store.pruneOwners({ owners, asOf, graceMs: 0, ...extra });
}

export function describeRetentionContract(name: string, backing: () => Promise<RetentionBacking>): void {
  const withBacking = (fn: (store: RetentionStore) => Promise<void>) => async () => {
    const b = await backing();
    try {
      await fn(b.store);
    } finally {
      await b.cleanup();
    }
  };

  describe(`${name}: retention contract`, () => {
    it(
      'lists each owner with its number of blobs and latest put, as of an instant after them',
      withBacking(async (store) => {
        await store.put('a1', { owner: 'default/a' });
        await store.put('a1', { owner: 'default/a' });
        await store.put('a2', { owner: 'default/a' });
        await store.put('a2', { owner: 'default/b' });
        await store.put('nobody');
        await tick();
        const listing = await store.listOwners();
        const owners = Object.fromEntries(listing.owners.map((o) => [o.owner, o]));
        expect(Object.keys(owners).sort()).toEqual(['default/a', 'default/b']);
        expect(owners['default/a']?.refs).toBe(2);
        expect(owners['default/b']?.refs).toBe(1);
        expect(owners['default/a']!.lastPutAt.getTime()).toBeLessThan(listing.asOf.getTime());
      }),
    );

    it(
      'removes only the blobs every owner of which expired; shared and unowned blobs stay',
      withBacking(async (store) => {
        const mine = await store.put('only the ended session', { owner: 'default/ended' });
        const shared = await store.put('the same system prompt', { owner: 'default/ended' });
        await store.put('the same system prompt', { owner: 'default/running' });
        const theirs = await store.put('only the running session', { owner: 'default/running' });
        const legacy = await store.put('stored before owners were recorded');
        const result = await pruneNow(store, ['default/ended']);
        expect(result).toEqual({ owners: 1, blobs: 1, bytes: 'only the ended session'.length, kept: 1 });
        await expect(store.get(mine)).rejects.toBeInstanceOf(ContentMissingError);
        expect(await getText(store, shared)).toBe('the same system prompt');
        expect(await getText(store, theirs)).toBe('only the running session');
        expect(await getText(store, legacy)).toBe('stored before owners were recorded');
        expect((await store.listOwners()).owners.map((o) => o.owner)).toEqual(['default/running']);
        // once the other owner expires too, the shared blob goes; the unowned one never does
        const second = await pruneNow(store, ['default/running', 'default/ended']);
        expect(second).toMatchObject({ owners: 1, blobs: 2, kept: 0 });
        await expect(store.get(shared)).rejects.toBeInstanceOf(ContentMissingError);
        expect(await getText(store, legacy)).toBe('stored before owners were recorded');
        expect((await store.listOwners()).owners).toEqual([]);
      }),
    );

    it(
      'a dry run counts what a prune removes and removes nothing',
      withBacking(async (store) => {
        const a = await store.put('aaaa', { owner: 'default/x' });
        await store.put('bbbbbb', { owner: 'default/x' });
        await store.put('bbbbbb', { owner: 'default/y' });
        const dry = await pruneNow(store, ['default/x'], { dryRun: true });
        expect(dry).toEqual({ owners: 1, blobs: 1, bytes: 4, kept: 1 });
        expect(await getText(store, a)).toBe('aaaa');
        expect((await store.listOwners()).owners).toHaveLength(2);
        expect(await pruneNow(store, ['default/x'])).toEqual(dry);
      }),
    );

    it(
      'keeps what an expired id stored again at or after the listing (a session started anew under it)',
      withBacking(async (store) => {
        const old = await store.put('first life', { owner: 'default/reused' });
        const both = await store.put('both lives', { owner: 'default/reused' });
        await tick();
        const { asOf } = await store.listOwners();
        await tick();
        const fresh = await store.put('second life', { owner: 'default/reused' });
        await store.put('both lives', { owner: 'default/reused' });
        await store.pruneOwners({ owners: ['default/reused'], asOf, graceMs: 0 });
        await expect(store.get(old)).rejects.toBeInstanceOf(ContentMissingError);
        expect(await getText(store, fresh)).toBe('second life');
        expect(await getText(store, both)).toBe('both lives');
      }),
    );

    it(
      'ignores owners it never saw, and a blob removed by a prune can be stored again',
      withBacking(async (store) => {
        expect(await pruneNow(store, ['default/never'])).toEqual({ owners: 0, blobs: 0, bytes: 0, kept: 0 });
        const ref = await store.put('again', { owner: 'default/gone' });
        await pruneNow(store, ['default/gone']);
        expect(await store.has(ref)).toBe(false);
        expect(await store.put('again', { owner: 'default/new' })).toBe(contentRef('again'));
        expect(await getText(store, ref)).toBe('again');
      }),
    );
  });
}
