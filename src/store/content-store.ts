/**
 * The content store: content-addressed blobs keyed by their sha256. Activities put what
 * they produce and pass the reference on; the workflow only ever holds references
 * (docs/architecture.md, "The claim check").
 */
import { createHash } from 'node:crypto';
import type { ContentRef } from '../context/types';
import { ContentCorruptedError } from './errors';

/**
 * A content-addressed blob store shared by all workers of a deployment.
 * Implementations must make `put` idempotent and atomic (a blob is either absent or
 * complete under its reference) and make `get` of an unknown reference throw
 * {@link ContentMissingError} — never return an empty body.
 */
export interface ContentStore {
  /** Stores `content` (UTF-8 for strings) and returns its reference. Storing twice is a no-op. */
  put(content: Uint8Array | string): Promise<ContentRef>;
  /** The bytes under `ref`; throws `ContentMissingError` naming `ref` when absent. */
  get(ref: ContentRef): Promise<Uint8Array>;
  /** True when `ref` is stored. */
  has(ref: ContentRef): Promise<boolean>;
  /** Releases what the store holds open (a database pool); optional, a no-op where absent. */
  close?(): Promise<void>;
}

const REF_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** The reference of `content`: `sha256:` + the hex digest of its bytes (UTF-8 for strings). */
export function contentRef(content: Uint8Array | string): ContentRef {
  return `sha256:${createHash('sha256').update(content).digest('hex')}`;
}

/** True when `value` is a well-formed {@link ContentRef}. */
export function isContentRef(value: unknown): value is ContentRef {
  return typeof value === 'string' && REF_PATTERN.test(value);
}

/**
 * `bytes` as read for `ref`, after checking that they hash to it: a store that keeps its
 * blobs outside the process (a disk, a database) never serves altered or cut content.
 */
export function verifiedContent(ref: ContentRef, bytes: Uint8Array, location: string): Uint8Array {
  const actual = contentRef(bytes);
  if (actual !== ref) throw new ContentCorruptedError(ref, location, actual);
  return bytes;
}

/** Reads a blob as UTF-8 text. */
export async function getText(store: ContentStore, ref: ContentRef): Promise<string> {
  return new TextDecoder().decode(await store.get(ref));
}

/** Reads a blob as JSON (e.g. a stored `ChatMessage`). */
export async function getJson<T>(store: ContentStore, ref: ContentRef): Promise<T> {
  return JSON.parse(await getText(store, ref)) as T;
}
