/**
 * Retention of the PostgreSQL store against a real server (test/support/postgres.ts): the
 * shared contract, and both orders of a running session's put racing a prune, made
 * deterministic by holding one side's transaction open until the other is seen waiting on
 * its lock (src/store/postgres-retention.ts explains the locking).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentMissingError } from '../../src/context/errors';
import { contentRef, getText } from '../../src/store/content-store';
import { putWithOwnerSql, tablesOf } from '../../src/store/postgres-retention';
import { PostgresStore } from '../../src/store/postgres-store';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { describeRetentionContract, tick } from '../support/retention-contract';

let pg: TestPostgres;
let admin: Pool;

beforeAll(async () => {
  pg = await startTestPostgres();
  admin = new Pool({ connectionString: pg.url, max: 4 });
});
afterAll(async () => {
  await admin?.end();
  await pg?.close();
});

const tableName = () => `t_${randomUUID().replaceAll('-', '')}`;

async function drop(table: string): Promise<void> {
  const t = tablesOf(table);
  await admin.query(`DROP TABLE IF EXISTS ${t.owners}, ${t.blobs}`);
}

describeRetentionContract('PostgresStore', async () => {
  const table = tableName();
  const store = new PostgresStore({ url: pg.url, table });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await drop(table);
    },
  };
});

/** Waits until some backend waits on a lock (the other side of the race is blocked). */
async function someoneWaitsOnALock(): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await admin.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
    );
    if (Number(rows[0]?.n) > 0) return;
    await sleep(10);
  }
  throw new Error('nobody waited on a lock');
}

describe('PostgresStore retention races', () => {
  it('a put holding the blob lock first: the prune waits, then sees the new owner and keeps the blob', async () => {
    const table = tableName();
    const store = new PostgresStore({ url: pg.url, table });
    try {
      const shared = await store.put('shared', { owner: 'default/ended' });
      const alone = await store.put('alone', { owner: 'default/ended' });
      await tick();
      const { asOf } = await store.listOwners();
      // the running session's put, as the store runs it, inside a transaction held open
      const put = await admin.connect();
      try {
        await put.query('BEGIN');
        const body = Buffer.from('shared');
        await put.query(putWithOwnerSql(tablesOf(table)), [shared, body, body.length, 'default/running']);
        const pruning = store.pruneOwners({ owners: ['default/ended'], asOf });
        await someoneWaitsOnALock();
        await put.query('COMMIT');
        expect(await pruning).toEqual({ owners: 1, blobs: 1, bytes: 5, kept: 1 });
      } finally {
        put.release();
      }
      expect(await getText(store, shared)).toBe('shared');
      await expect(store.get(alone)).rejects.toBeInstanceOf(ContentMissingError);
    } finally {
      await store.close();
      await drop(table);
    }
  });

  it('a prune holding the blob lock first: the put waits, then stores the blob again with its owner', async () => {
    const table = tableName();
    const store = new PostgresStore({ url: pg.url, table });
    const other = new PostgresStore({ url: pg.url, table });
    try {
      const shared = await store.put('shared', { owner: 'default/ended' });
      await tick();
      const { asOf } = await store.listOwners();
      let putting: Promise<unknown> | undefined;
      const result = await store.pruneOwners(
        { owners: ['default/ended'], asOf },
        {
          afterLock: async () => {
            putting = other.put('shared', { owner: 'default/running' });
            await someoneWaitsOnALock();
          },
        },
      );
      expect(result).toEqual({ owners: 1, blobs: 1, bytes: 6, kept: 0 });
      expect(await putting).toBe(contentRef('shared'));
      expect(await getText(store, shared)).toBe('shared');
      expect((await store.listOwners()).owners.map((o) => o.owner)).toEqual(['default/running']);
    } finally {
      await Promise.all([store.close(), other.close()]);
      await drop(table);
    }
  });

  it('names the owners table after the blob table, within the 63-byte identifier limit', () => {
    expect(tablesOf('durable_context_content').owners).toBe('"durable_context_content_owners"');
    const long = tablesOf('x'.repeat(63));
    expect(long.ownersByRef.length - 2).toBeLessThanOrEqual(63);
    expect(long.owners).not.toBe(tablesOf(`${'x'.repeat(62)}y`).owners);
  });
});
