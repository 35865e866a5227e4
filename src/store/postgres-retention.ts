/**
 * Retention of the PostgreSQL store (src/store/postgres-store.ts): the owners table, the
 * put that records an owner, and the prune.
 *
 * The race between a put and a prune is settled by the blob's row lock. A put with an owner
 * is one statement: it locks the blob's row (inserting it, or `ON CONFLICT DO UPDATE … WHERE
 * false`, which locks the existing row without writing it) and then upserts the owner row.
 * A prune locks the released blobs' rows (in ref order, so prunes never deadlock each
 * other), then deletes the expired owners' rows and, in a new statement — a new snapshot
 * under READ COMMITTED — the blobs no owner row names. So either the put committed before
 * the prune got the lock, and the prune sees its owner row and keeps the blob; or the put
 * waits for the prune to commit, finds the row gone, and inserts the blob again.
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { ContentRef } from '../context/types';
import { noPrune, type PruneRequest, type PruneResult } from './retention';

/** Expired owners released per transaction. */
const OWNER_BATCH = 50;

/** The tables of one store: blobs and owners, quoted. */
export interface Tables {
  blobs: string;
  owners: string;
  /** Index of the owners by ref, quoted. */
  ownersByRef: string;
}

/**
 * The owners table and its index next to blob table `table`: `<table>_owners` and
 * `<table>_owners_ref`, or names made from a hash when those would pass PostgreSQL's
 * 63-byte limit (which would silently truncate them).
 */
export function tablesOf(table: string): Tables {
  const short =
    table.length <= 48
      ? table
      : `${table.slice(0, 31)}_${createHash('sha256').update(table).digest('hex').slice(0, 16)}`;
  return { blobs: `"${table}"`, owners: `"${short}_owners"`, ownersByRef: `"${short}_owners_ref"` };
}

/** The statements that create the owners table and its index, if absent. */
export function createOwnersSql(t: Tables): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${t.owners} (` +
      'owner text NOT NULL, ref text NOT NULL, put_at timestamptz NOT NULL DEFAULT now(), ' +
      'PRIMARY KEY (owner, ref))',
    `CREATE INDEX IF NOT EXISTS ${t.ownersByRef} ON ${t.owners} (ref)`,
  ];
}

/**
 * The put with an owner: `$1` ref, `$2` body, `$3` plaintext size, `$4` owner. Reading the
 * CTE makes it run first, so the blob's row is locked before the owner row is written.
 */
export function putWithOwnerSql(t: Tables): string {
  return (
    `WITH blob AS (INSERT INTO ${t.blobs} (ref, body, bytes) VALUES ($1, $2, $3) ` +
    'ON CONFLICT (ref) DO UPDATE SET bytes = EXCLUDED.bytes WHERE false RETURNING 1) ' +
    `INSERT INTO ${t.owners} (owner, ref) SELECT $4, $1 FROM (SELECT count(*) FROM blob) AS locked ` +
    'ON CONFLICT (owner, ref) DO UPDATE SET put_at = now()'
  );
}

/** Every owner with its latest put and its number of blobs, and the database's clock. */
export async function listOwnersIn(client: PoolClient, t: Tables) {
  const clock = await client.query<{ now: Date }>('SELECT now() AS now');
  const rows = await client.query<{ owner: string; last: Date; refs: string }>(
    `SELECT owner, max(put_at) AS last, count(*) AS refs FROM ${t.owners} GROUP BY owner`,
  );
  return {
    asOf: clock.rows[0]?.now ?? new Date(),
    owners: rows.rows.map((r) => ({ owner: r.owner, lastPutAt: r.last, refs: Number(r.refs) })),
  };
}

/** Points where a test can act inside a prune's transaction (to show the race is handled). */
export interface PostgresPruneHooks {
  /** After the released blobs' rows are locked, before anything is deleted. */
  afterLock?: (refs: readonly ContentRef[]) => Promise<void>;
}

/** Prunes in batches of owners, one transaction each. */
export async function pruneIn(
  client: PoolClient,
  t: Tables,
  request: PruneRequest,
  hooks: PostgresPruneHooks = {},
): Promise<PruneResult> {
  const owners = [...new Set(request.owners)];
  const total = noPrune();
  for (let i = 0; i < owners.length; i += OWNER_BATCH) {
    const batch = owners.slice(i, i + OWNER_BATCH);
    const part = request.dryRun
      ? await countIn(client, t, batch, request.asOf)
      : await releaseIn(client, t, batch, request.asOf, hooks);
    total.owners += part.owners;
    total.blobs += part.blobs;
    total.bytes += part.bytes;
    total.kept += part.kept;
  }
  return total;
}

async function releaseIn(
  client: PoolClient,
  t: Tables,
  owners: string[],
  asOf: Date,
  hooks: PostgresPruneHooks,
): Promise<PruneResult> {
  await client.query('BEGIN');
  try {
    const released = await client.query<{ ref: ContentRef }>(
      `SELECT DISTINCT ref FROM ${t.owners} WHERE owner = ANY($1) AND put_at < $2`,
      [owners, asOf],
    );
    const refs = released.rows.map((r) => r.ref);
    const ownerCount = await client.query<{ n: string }>(
      `SELECT count(DISTINCT owner) AS n FROM ${t.owners} WHERE owner = ANY($1) AND put_at < $2`,
      [owners, asOf],
    );
    const locked = await client.query<{ ref: string }>(
      `SELECT ref FROM ${t.blobs} WHERE ref = ANY($1) ORDER BY ref FOR UPDATE`,
      [refs],
    );
    await hooks.afterLock?.(refs);
    await client.query(`DELETE FROM ${t.owners} WHERE owner = ANY($1) AND put_at < $2 AND ref = ANY($3)`, [
      owners,
      asOf,
      refs,
    ]);
    const removed = await client.query<{ bytes: string }>(
      `DELETE FROM ${t.blobs} b WHERE b.ref = ANY($1) ` +
        `AND NOT EXISTS (SELECT 1 FROM ${t.owners} o WHERE o.ref = b.ref) RETURNING b.bytes`,
      [locked.rows.map((r) => r.ref)],
    );
    await client.query('COMMIT');
    return {
      owners: Number(ownerCount.rows[0]?.n ?? 0),
      blobs: removed.rowCount ?? 0,
      bytes: removed.rows.reduce((n, r) => n + Number(r.bytes), 0),
      kept: (locked.rowCount ?? 0) - (removed.rowCount ?? 0),
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** What {@link releaseIn} would remove, without locking or deleting anything. */
async function countIn(client: PoolClient, t: Tables, owners: string[], asOf: Date): Promise<PruneResult> {
  const result = await client.query<{ owners: string; released: string; blobs: string; bytes: string }>(
    `WITH mine AS (SELECT owner, ref FROM ${t.owners} WHERE owner = ANY($1) AND put_at < $2), ` +
      `released AS (SELECT b.ref, b.bytes FROM ${t.blobs} b WHERE b.ref IN (SELECT ref FROM mine)), ` +
      `orphaned AS (SELECT r.bytes FROM released r WHERE NOT EXISTS (SELECT 1 FROM ${t.owners} o ` +
      'WHERE o.ref = r.ref AND NOT (o.owner = ANY($1) AND o.put_at < $2))) ' +
      'SELECT (SELECT count(DISTINCT owner) FROM mine) AS owners, (SELECT count(*) FROM released) AS released, ' +
      '(SELECT count(*) FROM orphaned) AS blobs, (SELECT coalesce(sum(bytes), 0) FROM orphaned) AS bytes',
    [owners, asOf],
  );
  const row = result.rows[0];
  const blobs = Number(row?.blobs ?? 0);
  return {
    owners: Number(row?.owners ?? 0),
    blobs,
    bytes: Number(row?.bytes ?? 0),
    kept: Number(row?.released ?? 0) - blobs,
  };
}
