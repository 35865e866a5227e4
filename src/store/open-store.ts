/**
 * The content store a process is configured with: DURABLE_CONTEXT_STORE_URL when set
 * (`postgres://…` for the PostgreSQL store shared by all workers, `file:///dir` for a
 * directory), else the filesystem store in DURABLE_CONTEXT_STORE_DIR. The embedded default
 * stays the filesystem store.
 */
import { fileURLToPath } from 'node:url';
import { InvalidConfigError } from '../context/errors';
import type { Keyring } from '../encryption/keyring';
import type { ContentStore } from './content-store';
import { FilesystemStore } from './filesystem-store';
import { PostgresStore, redactUrl } from './postgres-store';

/** The variable that selects the store by URL. */
export const STORE_URL_VAR = 'DURABLE_CONTEXT_STORE_URL';

/** Where the content lives and how it is protected. */
export interface StoreConfig {
  /** `postgres://…`, `postgresql://…` or `file:///dir`; wins over `dir`. */
  url?: string;
  /** Directory of the filesystem store, used when there is no URL. */
  dir: string;
  /** Encrypts blobs at rest when set. */
  keyring?: Keyring;
}

/** Checks a store URL's scheme and shape; returns it unchanged. */
export function parseStoreUrl(value: string, variable = STORE_URL_VAR): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidConfigError(variable, `'${redactUrl(value)}' is not a URL (expected postgres://… or file:///…)`);
  }
  if (url.protocol === 'postgres:' || url.protocol === 'postgresql:') {
    if (!url.hostname && !url.searchParams.get('host')) {
      throw new InvalidConfigError(variable, `'${redactUrl(value)}' names no host`);
    }
    return value;
  }
  if (url.protocol === 'file:') return value;
  throw new InvalidConfigError(
    variable,
    `unsupported scheme '${url.protocol}' (expected postgres:, postgresql: or file:)`,
  );
}

/** Opens the configured store. Close it with `store.close?.()` when the process is done. */
export function openStore(config: StoreConfig): ContentStore {
  const keyring = config.keyring ? { keyring: config.keyring } : {};
  if (config.url && parseStoreUrl(config.url).startsWith('file:')) {
    return new FilesystemStore(fileURLToPath(config.url), keyring);
  }
  if (config.url) return new PostgresStore({ url: config.url, ...keyring });
  return new FilesystemStore(config.dir, keyring);
}

/** The store for messages and logs: URL without password, or the directory; `, encrypted` when it is. */
export function describeStore(config: StoreConfig): string {
  const where = config.url && !config.url.startsWith('file:') ? redactUrl(config.url) : (config.url ?? config.dir);
  return `${where}${config.keyring ? ` (encrypted, key '${config.keyring.primaryId}')` : ''}`;
}
