/**
 * The content-store contract (src/store/content-store.ts), run against every store
 * implementation: the filesystem store in test/unit/store/filesystem-store.test.ts and the
 * PostgreSQL store in test/integration/postgres-store.test.ts. Also its encryption at rest:
 * same references, no plaintext on disk, key rotation, clear errors without the key.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ContentMissingError } from '../../src/context/errors';
import type { ContentRef } from '../../src/context/types';
import { DecryptionFailedError, Keyring } from '../../src/encryption/keyring';
import { contentRef, getText, type ContentStore } from '../../src/store/content-store';
import { ContentCorruptedError } from '../../src/store/errors';

/** One fresh, empty backing location (a directory, a table) that several stores can open. */
export interface StoreBacking {
  /** A store on this backing; stores opened on one backing see each other's blobs. */
  open(options?: { keyring?: Keyring }): ContentStore;
  /** The bytes stored for `ref` exactly as they are at rest, or undefined. */
  raw(ref: ContentRef): Promise<Uint8Array | undefined>;
  /** Replaces what is at rest for `ref` with `bytes` (damage done outside the store). */
  overwrite(ref: ContentRef, bytes: Uint8Array): Promise<void>;
  /** Closes what `open` opened and removes the backing. */
  cleanup(): Promise<void>;
}

/** A keyring of random keys with the given ids (the first encrypts). */
export function testKeyring(...ids: string[]): Keyring {
  return new Keyring(ids.map((id) => ({ id, key: randomBytes(32) })));
}

/** Defines the contract's tests for the store that `backing()` makes. */
export function describeStoreContract(name: string, backing: () => Promise<StoreBacking>): void {
  const withBacking = (fn: (b: StoreBacking) => Promise<void>) => async () => {
    const b = await backing();
    try {
      await fn(b);
    } finally {
      await b.cleanup();
    }
  };

  describe(`${name}: content-store contract`, () => {
    it(
      'stores content under the sha256 of its bytes and reads it back byte for byte',
      withBacking(async (b) => {
        const store = b.open();
        const bytes = new Uint8Array([0, 1, 2, 255, 254]);
        const ref = await store.put(bytes);
        expect(ref).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
        expect([...(await store.get(ref))]).toEqual([...bytes]);
        const textRef = await store.put('héllo <|endoftext|>');
        expect(textRef).toBe(contentRef('héllo <|endoftext|>'));
        expect(await getText(store, textRef)).toBe('héllo <|endoftext|>');
        expect(await store.has(textRef)).toBe(true);
      }),
    );

    it(
      'is idempotent: the same content twice, or from two stores, is one blob',
      withBacking(async (b) => {
        const [one, two] = [b.open(), b.open()];
        const first = await one.put('same');
        const stored = await b.raw(first);
        expect(await one.put('same')).toBe(first);
        expect(await two.put('same')).toBe(first);
        expect(await b.raw(first)).toEqual(stored);
        expect(await getText(two, first)).toBe('same');
      }),
    );

    it(
      'throws ContentMissing naming the reference for an unknown or malformed one, never an empty body',
      withBacking(async (b) => {
        const store = b.open();
        const ref = contentRef('never stored');
        await expect(store.get(ref)).rejects.toBeInstanceOf(ContentMissingError);
        await expect(store.get(ref)).rejects.toThrow(ref);
        expect(await store.has(ref)).toBe(false);
        const bad = 'sha256:../../etc/passwd' as ContentRef;
        await expect(store.get(bad)).rejects.toBeInstanceOf(ContentMissingError);
        expect(await store.has(bad)).toBe(false);
      }),
    );

    it(
      'reads many blobs at once in order; a missing one fails alone',
      withBacking(async (b) => {
        const store = b.open();
        const texts = Array.from({ length: 300 }, (_, i) => `message ${i} ${'x'.repeat(i)}`);
        const refs = await Promise.all(texts.map((t) => store.put(t)));
        expect(await Promise.all(refs.map((r) => getText(store, r)))).toEqual(texts);
        const missing = contentRef('absent');
        const results = await Promise.allSettled([store.get(refs[0]!), store.get(missing), store.get(refs[1]!)]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ContentMissingError);
      }),
    );

    it(
      'concurrent puts of the same large content all succeed with one complete blob',
      withBacking(async (b) => {
        const store = b.open();
        const big = 'z'.repeat(1_000_000);
        const refs = await Promise.all(Array.from({ length: 8 }, () => b.open().put(big)));
        expect(new Set(refs).size).toBe(1);
        expect((await store.get(refs[0]!)).length).toBe(1_000_000);
      }),
    );

    it(
      'never serves content altered or cut at rest: a typed ContentCorrupted naming the reference',
      withBacking(async (b) => {
        const store = b.open();
        const [cut, altered, intact] = await Promise.all(
          ['a tool output of some length', 'the user said PINEAPPLE', 'left alone'].map((t) => store.put(t)),
        );
        await b.overwrite(cut!, new TextEncoder().encode('a tool output'));
        await b.overwrite(altered!, new TextEncoder().encode('the user said BANANA'));
        const results = await Promise.allSettled([store.get(cut!), store.get(altered!), store.get(intact!)]);
        expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
        for (const [i, ref] of [cut!, altered!].entries()) {
          const reason = (results[i] as PromiseRejectedResult).reason as ContentCorruptedError;
          expect(reason).toBeInstanceOf(ContentCorruptedError);
          expect(reason.type).toBe('ContentCorrupted');
          expect(reason.message).toContain(ref);
        }
      }),
    );
  });

  describe(`${name}: encryption at rest`, () => {
    const secret = 'the launch code is PINEAPPLE-4711';

    it(
      'keeps the plaintext reference, and stores no plaintext',
      withBacking(async (b) => {
        const store = b.open({ keyring: testKeyring('k1') });
        const ref = await store.put(secret);
        expect(ref).toBe(contentRef(secret));
        expect(await getText(store, ref)).toBe(secret);
        const raw = Buffer.from((await b.raw(ref)) ?? new Uint8Array());
        expect(raw.length).toBeGreaterThan(secret.length);
        expect(raw.includes(Buffer.from('PINEAPPLE'))).toBe(false);
        expect(raw.includes(Buffer.from('k1'))).toBe(true); // the key id, so any key holder can pick the key
      }),
    );

    it(
      'rotates: blobs under the old key stay readable, new ones use the new key',
      withBacking(async (b) => {
        const k1 = { id: 'k1', key: randomBytes(32) };
        const k2 = { id: 'k2', key: randomBytes(32) };
        const old = new Keyring([k1]);
        const oldRef = await b.open({ keyring: old }).put('written under k1');
        const rotated = new Keyring([k2, k1]);
        const store = b.open({ keyring: rotated });
        expect(await getText(store, oldRef)).toBe('written under k1');
        const newRef = await store.put('written under k2');
        expect(Buffer.from((await b.raw(newRef)) ?? []).includes(Buffer.from('k2'))).toBe(true);
        // the old key alone cannot read the new blob, and says which key it needs
        await expect(b.open({ keyring: old }).get(newRef)).rejects.toThrow(/key 'k2'.*'k1'/);
      }),
    );

    it(
      'fails with DecryptionFailed naming the key when the keys are absent or wrong',
      withBacking(async (b) => {
        const ref = await b.open({ keyring: testKeyring('k1') }).put(secret);
        const noKeys = b.open().get(ref);
        await expect(noKeys).rejects.toBeInstanceOf(DecryptionFailedError);
        await expect(b.open().get(ref)).rejects.toThrow(/key 'k1'.*no keys are configured.*DURABLE_CONTEXT_KEYS/);
        // same id, different key material: authentication fails
        await expect(b.open({ keyring: testKeyring('k1') }).get(ref)).rejects.toThrow(/failed authentication/);
      }),
    );

    it(
      'reads blobs stored before encryption was turned on',
      withBacking(async (b) => {
        const ref = await b.open().put('plain, from before');
        expect(await getText(b.open({ keyring: testKeyring('k1') }), ref)).toBe('plain, from before');
      }),
    );
  });
}
