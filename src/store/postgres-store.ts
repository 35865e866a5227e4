/**
 * A content store in PostgreSQL, shared by every worker of a deployment: one row per blob,
 * keyed by its reference. Inserts are idempotent (`ON CONFLICT DO NOTHING`), the table is
 * created on first use, connections come from a pool, and the reads a single activity makes
 * at once (a model call loads every message of its view) are merged into one query.
 * Failures to reach the database become {@link StoreUnavailableError}; an unknown reference
 * is a `ContentMissingError`.
 */
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { ContentMissingError, DurableContextError, InvalidConfigError } from '../context/errors';
import type { ContentRef } from '../context/types';
import type { Keyring } from '../encryption/keyring';
import { openBlob, sealBlob } from './blob-cipher';
import { contentRef, isContentRef, verifiedContent, type ContentStore, type PutOptions } from './content-store';
import { StoreUnavailableError } from './errors';
import {
  createOwnersSql,
  listOwnersIn,
  pruneIn,
  putWithOwnerSql,
  tablesOf,
  type PostgresPruneHooks,
  type Tables,
} from './postgres-retention';
import type { OwnerListing, PruneRequest, PruneResult, RetentionStore } from './retention';

/** Default table name. */
export const DEFAULT_TABLE = 'durable_context_content';
/** Default pool size per process. */
export const DEFAULT_POOL_SIZE = 10;
/** References per merged read query. */
const READ_BATCH = 500;

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Options of {@link PostgresStore}. */
export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database?sslmode=…` (what `pg` accepts). */
  url: string;
  /**
   * Table of the blobs, created on first use; default `durable_context_content`. The owners
   * of blobs (retention, src/store/postgres-retention.ts) go to `<table>_owners`.
   */
  table?: string;
  /** Connections per process; default 10. */
  poolSize?: number;
  /** How long to wait for a connection before failing with StoreUnavailable; default 10 s. */
  connectTimeoutMs?: number;
  /** Encrypts blobs at rest with the keyring's first key (src/store/blob-cipher.ts); any of its keys decrypts. */
  keyring?: Keyring;
}

interface PendingRead {
  ref: ContentRef;
  resolve: (bytes: Uint8Array) => void;
  reject: (err: unknown) => void;
}

/** A {@link ContentStore} in a PostgreSQL table. Call `close()` when done to end the pool. */
export class PostgresStore implements ContentStore, RetentionStore {
  /** The URL without its password, for messages. */
  readonly location: string;
  private readonly pool: Pool;
  private readonly table: string;
  private readonly tables: Tables;
  private readonly keyring: Keyring | undefined;
  private ready: Promise<void> | undefined;
  private pending: PendingRead[] = [];

  constructor(options: PostgresStoreOptions) {
    this.location = redactUrl(options.url);
    const table = options.table ?? DEFAULT_TABLE;
    if (!TABLE_NAME.test(table)) {
      throw new InvalidConfigError('table', `'${table}' is not a plain lower-case SQL identifier`);
    }
    this.table = `"${table}"`;
    this.tables = tablesOf(table);
    this.keyring = options.keyring;
    const config: PoolConfig = {
      connectionString: options.url,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
      idleTimeoutMillis: 30_000,
      application_name: 'durable-context',
    };
    this.pool = new Pool(config);
    // An idle connection the server drops (restart, failover) is reported here; without a
    // listener it would crash the process. The next query simply opens a new connection.
    this.pool.on('error', () => undefined);
  }

  async put(content: Uint8Array | string, options: PutOptions = {}): Promise<ContentRef> {
    const ref = contentRef(content);
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const body = sealBlob(this.keyring, ref, bytes);
    const params = [ref, Buffer.from(body.buffer, body.byteOffset, body.byteLength), bytes.length];
    if (options.owner !== undefined) {
      await this.query(putWithOwnerSql(this.tables), [...params, options.owner]);
    } else {
      await this.query(
        `INSERT INTO ${this.table} (ref, body, bytes) VALUES ($1, $2, $3) ON CONFLICT (ref) DO NOTHING`,
        params,
      );
    }
    return ref;
  }

  get(ref: ContentRef): Promise<Uint8Array> {
    if (!isContentRef(ref)) return Promise.reject(new ContentMissingError(ref));
    return new Promise((resolve, reject) => {
      this.pending.push({ ref, resolve, reject });
      // Every get() called in this tick (e.g. Promise.all over a view) joins one query.
      if (this.pending.length === 1) queueMicrotask(() => void this.flushReads());
    });
  }

  async has(ref: ContentRef): Promise<boolean> {
    if (!isContentRef(ref)) return false;
    const result = await this.query(`SELECT 1 FROM ${this.table} WHERE ref = $1`, [ref]);
    return (result.rowCount ?? 0) > 0;
  }

  async listOwners(): Promise<OwnerListing> {
    return this.withConnection((client) => listOwnersIn(client, this.tables));
  }

  /** Releases expired owners and removes the blobs nobody else owns; `hooks` are for tests. */
  async pruneOwners(request: PruneRequest, hooks?: PostgresPruneHooks): Promise<PruneResult> {
    return this.withConnection((client) => pruneIn(client, this.tables, request, hooks));
  }

  /** Ends the pool; the store is unusable afterwards. */
  async close(): Promise<void> {
    await this.pool.end();
  }

  private async flushReads(): Promise<void> {
    const reads = this.pending;
    this.pending = [];
    const refs = [...new Set(reads.map((r) => r.ref))];
    const found = new Map<string, Buffer>();
    try {
      for (let i = 0; i < refs.length; i += READ_BATCH) {
        const result = await this.query<{ ref: string; body: Buffer }>(
          `SELECT ref, body FROM ${this.table} WHERE ref = ANY($1::text[])`,
          [refs.slice(i, i + READ_BATCH)],
        );
        for (const row of result.rows) found.set(row.ref, row.body);
      }
    } catch (err) {
      for (const r of reads) r.reject(err);
      return;
    }
    for (const r of reads) {
      const body = found.get(r.ref);
      if (!body) {
        r.reject(new ContentMissingError(r.ref));
        continue;
      }
      try {
        const bytes = openBlob(this.keyring, r.ref, new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
        r.resolve(verifiedContent(r.ref, bytes, this.location));
      } catch (err) {
        r.reject(err);
      }
    }
  }

  private async query<R extends object = object>(sql: string, params: unknown[]) {
    await this.ensureTable();
    try {
      return await this.pool.query<R>(sql, params);
    } catch (err) {
      throw this.unavailable(err);
    }
  }

  /** Runs `fn` on one connection of the pool (for transactions), failures as StoreUnavailable. */
  private async withConnection<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    await this.ensureTable();
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw this.unavailable(err);
    }
    try {
      return await fn(client);
    } catch (err) {
      throw this.unavailable(err);
    } finally {
      client.release();
    }
  }

  /** Creates the table once per process (and per failure: a failed attempt is retried next time). */
  private ensureTable(): Promise<void> {
    this.ready ??= this.createTable().catch((err: unknown) => {
      this.ready = undefined;
      throw this.unavailable(err);
    });
    return this.ready;
  }

  /**
   * `CREATE TABLE IF NOT EXISTS` is not safe against itself: two sessions creating the same
   * table at once can fail on the catalog's unique indexes (the table's row type, SQLSTATE
   * 23505 or 42710). A transaction-scoped advisory lock on the table's name serializes the
   * creators of every process; the later ones find the table and do nothing.
   */
  private async createTable(): Promise<void> {
    const sql =
      `CREATE TABLE IF NOT EXISTS ${this.table} (` +
      'ref text PRIMARY KEY, body bytea NOT NULL, bytes bigint NOT NULL, ' +
      'created_at timestamptz NOT NULL DEFAULT now())';
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`durable-context:${this.table}`]);
      // the blob table, then its owners table and index (retention, src/store/postgres-retention.ts)
      for (const statement of [sql, ...createOwnersSql(this.tables)]) await client.query(statement);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  private unavailable(err: unknown): Error {
    if (err instanceof DurableContextError) return err;
    const code = (err as { code?: unknown }).code;
    const reason = err instanceof Error ? err.message || err.name : String(err);
    return new StoreUnavailableError(this.location, reason, typeof code === 'string' ? code : undefined);
  }
}

/** `url` without its password (`postgres://user:***@host/db`), for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
