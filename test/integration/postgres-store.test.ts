/**
 * The PostgreSQL content store against a real PostgreSQL server (a private one started by
 * test/support/postgres.ts): the shared store contract, plus what only a database has —
 * the table created on first use, several stores racing to create it, a database that is
 * down, and a server restart under a live pool.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureType } from '../../src/context/errors';
import { contentRef, getText } from '../../src/store/content-store';
import { StoreUnavailableError } from '../../src/store/errors';
import { PostgresStore, type PostgresStoreOptions } from '../../src/store/postgres-store';
import { freePort, startTestPostgres, type TestPostgres } from '../support/postgres';
import { describeStoreContract } from '../support/store-contract';

let pg: TestPostgres;
let admin: Pool;

beforeAll(async () => {
  pg = await startTestPostgres();
  admin = new Pool({ connectionString: pg.url, max: 2 });
  admin.on('error', () => undefined); // idle connections die in the restart test
});
afterAll(async () => {
  await admin?.end();
  await pg?.close();
});

function tableName(): string {
  return `t_${randomUUID().replaceAll('-', '')}`;
}

describeStoreContract('PostgresStore', async () => {
  const table = tableName();
  const opened: PostgresStore[] = [];
  return {
    open: (options) => {
      const store = new PostgresStore({ url: pg.url, table, ...options });
      opened.push(store);
      return store;
    },
    raw: async (ref) => {
      const result = await admin.query<{ body: Buffer }>(`SELECT body FROM ${table} WHERE ref = $1`, [ref]);
      return result.rows[0]?.body;
    },
    overwrite: async (ref, bytes) => {
      await admin.query(`UPDATE ${table} SET body = $2 WHERE ref = $1`, [ref, Buffer.from(bytes)]);
    },
    cleanup: async () => {
      await Promise.all(opened.map((s) => s.close()));
      await admin.query(`DROP TABLE IF EXISTS ${table}`);
    },
  };
});

describe('PostgresStore on a real server', () => {
  const open = (options: Partial<PostgresStoreOptions> = {}) => new PostgresStore({ url: pg.url, ...options });

  it('creates its table on first use, once, even when several stores race to', async () => {
    const table = tableName();
    const exists = async () =>
      (await admin.query('SELECT 1 FROM information_schema.tables WHERE table_name = $1', [table])).rowCount;
    const stores = Array.from({ length: 4 }, () => open({ table }));
    expect(await exists()).toBe(0);
    const refs = await Promise.all(stores.map((s, i) => s.put(`racer ${i}`)));
    expect(await exists()).toBe(1);
    const { rows } = await admin.query<{ ref: string; bytes: string }>(`SELECT ref, bytes FROM ${table} ORDER BY ref`);
    expect(rows.map((r) => r.ref)).toEqual([...refs].sort());
    expect(rows.map((r) => Number(r.bytes))).toEqual(rows.map(() => 'racer 0'.length));
    await Promise.all(stores.map((s) => s.close()));
    await admin.query(`DROP TABLE ${table}`);
  });

  it('is the default table durable_context_content and stores the plaintext size', async () => {
    const store = open();
    const ref = await store.put('sized');
    const { rows } = await admin.query('SELECT bytes FROM durable_context_content WHERE ref = $1', [ref]);
    expect(Number(rows[0]?.bytes)).toBe(5);
    await store.close();
  });

  it('fails with StoreUnavailable (no password in the message) when the database is unreachable', async () => {
    const port = await freePort(); // nothing listens there
    const store = new PostgresStore({ url: `postgres://user:hunter2@127.0.0.1:${port}/db`, connectTimeoutMs: 2000 });
    for (const attempt of [store.put('x'), store.get(contentRef('x')), store.has(contentRef('x'))]) {
      const err = (await attempt.then(
        () => undefined,
        (e: unknown) => e,
      )) as StoreUnavailableError;
      expect(err).toBeInstanceOf(StoreUnavailableError);
      expect(err.type).toBe(FailureType.StoreUnavailable);
      expect(err.message).toContain(`127.0.0.1:${port}`);
      expect(err.message).toMatch(/ECONNREFUSED/);
      expect(err.message).not.toContain('hunter2');
    }
    await store.close();
  });

  it('fails with StoreUnavailable when the database does not exist', async () => {
    const url = new URL(pg.url);
    url.pathname = '/no_such_database';
    const store = new PostgresStore({ url: url.toString() });
    await expect(store.put('x')).rejects.toThrow(/unavailable: .*no_such_database/);
    await store.close();
  });

  it('rejects a table name that is not a plain identifier', () => {
    expect(() => open({ table: 'x; DROP TABLE y' })).toThrow(/Invalid configuration 'table'/);
  });

  it('survives a server restart: StoreUnavailable while it is down, then works again on the same pool', async () => {
    const table = tableName();
    const store = open({ table, connectTimeoutMs: 2000 });
    const ref = await store.put('before the restart');
    await pg.stopServer();
    try {
      await expect(store.get(ref)).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await pg.startServer();
    }
    expect(await getText(store, ref)).toBe('before the restart');
    expect(await getText(store, await store.put('after'))).toBe('after');
    await store.close();
    await admin.query(`DROP TABLE ${table}`);
  });
});
