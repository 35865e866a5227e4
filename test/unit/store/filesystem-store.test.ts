import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentMissingError } from '../../../src/context/errors';
import { contentRef, FilesystemStore, getText, MemoryStore } from '../../../src/store';
import { describeStoreContract } from '../../support/store-contract';

describeStoreContract('FilesystemStore', async () => {
  const root = await mkdtemp(join(tmpdir(), 'dc-store-'));
  return {
    open: (options) => new FilesystemStore(root, options),
    raw: (ref) => readFile(new FilesystemStore(root).pathOf(ref)).catch(() => undefined),
    overwrite: (ref, bytes) => writeFile(new FilesystemStore(root).pathOf(ref), bytes),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dc-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('FilesystemStore', () => {
  it('is idempotent on disk: the same content twice is one file in its shard', async () => {
    const store = new FilesystemStore(dir);
    const a = await store.put('same');
    const b = await store.put('same');
    expect(a).toBe(b);
    const shard = a.slice(7, 9);
    expect(await readdir(join(dir, shard))).toEqual([a.slice(7)]);
  });

  it('never exposes a partial blob: a leftover temp file (crash mid-write) is not content', async () => {
    const store = new FilesystemStore(dir);
    const content = 'complete content';
    const ref = contentRef(content);
    const hex = ref.slice(7);
    // what a crash between write and rename leaves behind
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(dir, hex.slice(0, 2)), { recursive: true });
    await writeFile(join(dir, hex.slice(0, 2), `.tmp-deadbeef`), content.slice(0, 5));
    expect(await store.has(ref)).toBe(false);
    await expect(store.get(ref)).rejects.toBeInstanceOf(ContentMissingError);
    await store.put(content);
    expect(await getText(store, ref)).toBe(content);
  });

  it('concurrent puts of the same content leave no temporary files', async () => {
    const store = new FilesystemStore(dir);
    const big = 'z'.repeat(1_000_000);
    const refs = await Promise.all(Array.from({ length: 8 }, () => store.put(big)));
    expect(new Set(refs).size).toBe(1);
    expect((await store.get(refs[0]!)).length).toBe(1_000_000);
    const files = await readdir(join(dir, refs[0]!.slice(7, 9)));
    expect(files.filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });
});

describe('MemoryStore', () => {
  it('has the same contract', async () => {
    const store = new MemoryStore();
    const ref = await store.put('x');
    expect(await store.put('x')).toBe(ref);
    expect(store.size).toBe(1);
    await expect(store.get(contentRef('y'))).rejects.toBeInstanceOf(ContentMissingError);
  });

  it('hands out copies; reads text from the blob itself, as get would decode it', async () => {
    const store = new MemoryStore();
    const ref = await store.put('héllo 😀');
    const bytes = await store.get(ref);
    bytes.fill(0);
    expect(await getText(store, ref)).toBe('héllo 😀');
    expect(await store.getText(ref)).toBe(new TextDecoder().decode(await store.get(ref)));
    const invalid = await store.put(new Uint8Array([0x61, 0xff, 0x62]));
    expect(await store.getText(invalid)).toBe('a\ufffdb');
    await expect(store.getText(contentRef('y'))).rejects.toBeInstanceOf(ContentMissingError);
  });
});
