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
  /**
   * Stores `content` (UTF-8 for strings) and returns its reference. Storing twice is a no-op.
   * `options.owner` names the session that needs the blob: stores that support retention
   * (src/store/retention.ts) record it; other stores may ignore it.
   */
  put(content: Uint8Array | string, options?: PutOptions): Promise<ContentRef>;
  /** The bytes under `ref`; throws `ContentMissingError` naming `ref` when absent. */
  get(ref: ContentRef): Promise<Uint8Array>;
  /**
   * The bytes under `ref` decoded as UTF-8: exactly what decoding `get`'s bytes gives, same
   * errors. Optional: a store that can decode the blob where it holds it, without handing out
   * (and so copying) the bytes, offers it; {@link getText} falls back to `get`.
   */
  getText?(ref: ContentRef): Promise<string>;
  /** True when `ref` is stored. */
  has(ref: ContentRef): Promise<boolean>;
  /** Releases what the store holds open (a database pool); optional, a no-op where absent. */
  close?(): Promise<void>;
}

/**
 * Who needs a blob: a session, as `<namespace>/<workflowId>` ({@link sessionOwner}). A blob
 * can have many owners (the same system prompt in many sessions).
 */
export type ContentOwner = string;

/** Options of {@link ContentStore.put}. */
export interface PutOptions {
  /** The session that stores the blob; the activities pass their workflow's (src/activities/owned-store.ts). */
  owner?: ContentOwner;
}

/** The owner of a session's content: `<namespace>/<workflowId>` (a namespace never holds a `/`). */
export function sessionOwner(namespace: string, workflowId: string): ContentOwner {
  return `${namespace}/${workflowId}`;
}

/** The namespace and workflow id of an owner made by {@link sessionOwner}, or undefined. */
export function parseOwner(owner: ContentOwner): { namespace: string; workflowId: string } | undefined {
  const slash = owner.indexOf('/');
  if (slash <= 0 || slash === owner.length - 1) return undefined;
  return { namespace: owner.slice(0, slash), workflowId: owner.slice(slash + 1) };
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

/** UTF-8 decoding without streaming holds no state between calls: one decoder serves every read. */
const utf8 = new TextDecoder();

/** `bytes` as UTF-8 text (malformed sequences as U+FFFD). */
export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/** Reads a blob as UTF-8 text. */
export async function getText(store: ContentStore, ref: ContentRef): Promise<string> {
  return store.getText ? store.getText(ref) : utf8.decode(await store.get(ref));
}

/** Reads a blob as JSON (e.g. a stored `ChatMessage`). */
export async function getJson<T>(store: ContentStore, ref: ContentRef): Promise<T> {
  return JSON.parse(await getText(store, ref)) as T;
}
