/**
 * A PostgreSQL DBA agent on a production Patroni cluster (PostgreSQL 16, pgbouncer, pgBackRest,
 * Prometheus/Alertmanager), served by vLLM (call ids `chatcmpl-tool-…`): native tool calls, often
 * several at once — psql sessions, shell on the database hosts, PromQL. psql prints its aligned
 * tables, plans and `ERROR:`/`DETAIL:`/`CONTEXT:` lines. The user writes in Indonesian.
 */
import type { Rng } from './rng';
import {
  buried,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pad,
  type Planter,
  type StrayHarness,
  type StrayStep,
} from './stray-kit';

const HOSTS = ['pg-a', 'pg-b', 'pg-c'];
const TABLES = ['orders', 'order_items', 'payments', 'customers', 'inventory', 'shipments', 'carts', 'events'];

/** A psql aligned table with its `(n rows)` footer. */
function psqlTable(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]) => ' ' + r.map((c, i) => c.padEnd(w[i] as number)).join(' | ');
  return [
    fmt(head),
    w
      .map((x) => '-'.repeat(x + 2))
      .join('+')
      .slice(0),
    ...rows.map(fmt),
    `(${rows.length} row${rows.length === 1 ? '' : 's'})`,
  ].join('\n');
}

function activity(rng: Rng): string {
  return psqlTable(
    ['pid', 'usename', 'state', 'wait_event_type', 'wait_event', 'xact_age', 'query'],
    Array.from({ length: rng.int(3, 12) }, () => [
      String(rng.int(1000, 99999)),
      rng.pick(['app_rw', 'app_ro', 'etl', 'postgres']),
      rng.pick(['active', 'idle', 'idle in transaction']),
      rng.pick(['', 'Lock', 'IO', 'Client', 'LWLock']),
      rng.pick(['', 'transactionid', 'DataFileRead', 'ClientRead', 'WALWrite']),
      `00:00:${pad(rng.int(0, 59))}.${rng.int(100, 999)}`,
      rng.pick([
        'SELECT * FROM orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 20',
        'UPDATE inventory SET qty = qty - $1 WHERE sku = $2',
        'COMMIT',
        'INSERT INTO events (kind, payload) VALUES ($1, $2)',
      ]),
    ]),
  );
}

function topStatements(rng: Rng): string {
  return psqlTable(
    ['calls', 'total_ms', 'mean_ms', 'rows', 'query'],
    Array.from({ length: rng.int(5, 10) }, () => [
      String(rng.int(100, 90000)),
      `${rng.int(1000, 900000)}.${rng.int(10, 99)}`,
      `${rng.int(0, 900)}.${rng.int(10, 99)}`,
      String(rng.int(1, 90000)),
      rng.pick([
        'SELECT o.* FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.status = $1',
        'UPDATE carts SET updated_at = now() WHERE id = $1',
        'SELECT count(*) FROM events WHERE created_at > $1',
        'INSERT INTO payments (order_id, amount, provider) VALUES ($1, $2, $3)',
      ]),
    ]),
  );
}

function plan(rng: Rng): string {
  return `                                                          QUERY PLAN\n-------------------------------------------------------------------------------------------------------------------------------\n Limit  (cost=0.56..${rng.int(20, 90)}.12 rows=20 width=${rng.int(90, 200)}) (actual time=0.0${rng.int(10, 99)}..0.${rng.int(100, 999)} rows=20 loops=1)\n   Buffers: shared hit=${rng.int(10, 300)}\n   ->  Index Scan Backward using orders_customer_created_idx on orders  (cost=0.56..${rng.int(1000, 9000)}.33 rows=${rng.int(50, 900)} width=${rng.int(90, 200)}) (actual time=0.0${rng.int(10, 99)}..0.${rng.int(100, 999)} rows=20 loops=1)\n         Index Cond: (customer_id = ${rng.int(1000, 99999)})\n         Buffers: shared hit=${rng.int(10, 300)}\n Planning Time: 0.${rng.int(100, 999)} ms\n Execution Time: 0.${rng.int(100, 999)} ms\n(8 rows)`;
}

function patroni(rng: Rng): string {
  const leader = rng.pick(HOSTS);
  return `+ Cluster: tokoku-prod (7281936402817390117) --+-----------+----+-----------+\n| Member | Host        | Role    | State     | TL | Lag in MB |\n+--------+-------------+---------+-----------+----+-----------+\n${HOSTS.map((h, i) => `| ${h}   | 10.30.1.${11 + i} | ${h === leader ? 'Leader ' : 'Replica'} | ${h === leader ? 'running  ' : 'streaming'} | 14 | ${h === leader ? '         ' : String(rng.int(0, 3)).padStart(9)} |`).join('\n')}\n+--------+-------------+---------+-----------+----+-----------+`;
}

function noise(rng: Rng): StrayStep {
  const say = rng.pick([
    undefined,
    undefined,
    'Cek aktivitas dulu.',
    'Saya lihat statistik query.',
    'Checking the cluster state.',
    'Lihat rencana eksekusinya.',
  ]);
  switch (rng.int(0, 8)) {
    case 0:
      return one(
        say,
        ok(
          'psql',
          {
            db: 'tokoku',
            sql: "SELECT pid, usename, state, wait_event_type, wait_event, now() - xact_start AS xact_age, left(query, 80) AS query FROM pg_stat_activity WHERE datname = 'tokoku' ORDER BY xact_age DESC NULLS LAST;",
          },
          activity(rng),
        ),
      );
    case 1:
      return one(
        say,
        ok(
          'psql',
          {
            db: 'tokoku',
            sql: 'SELECT calls, round(total_exec_time::numeric, 2) AS total_ms, round(mean_exec_time::numeric, 2) AS mean_ms, rows, left(query, 90) AS query FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 10;',
          },
          topStatements(rng),
        ),
      );
    case 2:
      return one(
        say,
        ok(
          'psql',
          {
            db: 'tokoku',
            sql: `EXPLAIN (ANALYZE, BUFFERS) SELECT * FROM orders WHERE customer_id = ${rng.int(1000, 99999)} ORDER BY created_at DESC LIMIT 20;`,
          },
          plan(rng),
        ),
      );
    case 3:
      return one(
        say,
        ok('shell', { host: rng.pick(HOSTS), command: 'patronictl -c /etc/patroni/patroni.yml list' }, patroni(rng)),
      );
    case 4:
      return many(say, [
        ok(
          'psql',
          {
            db: 'tokoku',
            sql: 'SELECT relname, pg_size_pretty(pg_total_relation_size(relid)) AS total, n_dead_tup, last_autovacuum FROM pg_stat_user_tables ORDER BY pg_total_relation_size(relid) DESC LIMIT 6;',
          },
          psqlTable(
            ['relname', 'total', 'n_dead_tup', 'last_autovacuum'],
            rng
              .sample(TABLES, 6)
              .map((t) => [
                t,
                `${rng.int(1, 400)} ${rng.pick(['GB', 'MB'])}`,
                String(rng.int(0, 90000)),
                `2024-05-14 0${rng.int(0, 9)}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}.${rng.int(100, 999)}+07`,
              ]),
          ),
        ),
        ok(
          'psql',
          { db: 'tokoku', sql: 'SELECT client_addr, state, replay_lag FROM pg_stat_replication;' },
          psqlTable(
            ['client_addr', 'state', 'replay_lag'],
            HOSTS.slice(1).map((_, i) => [
              `10.30.1.${12 + i}`,
              'streaming',
              `00:00:00.00${rng.int(1, 9)}${rng.int(100, 999)}`,
            ]),
          ),
        ),
      ]);
    case 5:
      return one(
        say,
        ok(
          'promql',
          {
            query:
              'histogram_quantile(0.95, sum by (le) (rate(http_request_duration_seconds_bucket{route="/checkout"}[5m])))',
            range: '1h',
          },
          `{"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[${lines(rng.int(4, 10), (i) => `[17156${pad(i, 2)}000,"0.${rng.int(100, 999)}"]`).replace(/\n/g, ',')}]}]}}`,
        ),
      );
    case 6:
      return one(
        say,
        ok(
          'shell',
          { host: rng.pick(HOSTS), command: 'df -h /var/lib/postgresql && free -g' },
          `Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme1n1    1.8T  ${rng.int(500, 1400)}G  ${rng.int(300, 900)}G  ${rng.int(30, 80)}% /var/lib/postgresql\n               total        used        free      shared  buff/cache   available\nMem:             251          ${rng.int(20, 90)}           ${rng.int(2, 20)}          64         ${rng.int(100, 200)}         ${rng.int(100, 200)}`,
        ),
      );
    case 7:
      return one(
        say,
        ok(
          'shell',
          { host: 'pgb-1', command: 'psql -p 6432 pgbouncer -c "SHOW POOLS;"' },
          psqlTable(
            ['database', 'user', 'cl_active', 'cl_waiting', 'sv_active', 'sv_idle', 'maxwait'],
            [
              [
                'tokoku',
                'app_rw',
                String(rng.int(20, 300)),
                String(rng.int(0, 40)),
                String(rng.int(10, 60)),
                String(rng.int(0, 20)),
                String(rng.int(0, 3)),
              ],
              ['tokoku', 'app_ro', String(rng.int(5, 90)), '0', String(rng.int(1, 20)), String(rng.int(0, 9)), '0'],
            ],
          ),
        ),
      );
    default:
      return one(
        say,
        ok(
          'psql',
          { db: 'tokoku', sql: `\\d ${rng.pick(TABLES)}` },
          `                          Table "public.orders"\n   Column    |           Type           | Collation | Nullable |              Default\n-------------+--------------------------+-----------+----------+------------------------------------\n id          | bigint                   |           | not null | nextval('orders_id_seq'::regclass)\n customer_id | bigint                   |           | not null |\n status      | text                     |           | not null | 'pending'::text\n total       | numeric(14,2)            |           | not null |\n created_at  | timestamp with time zone |           | not null | now()\nIndexes:\n    "orders_pkey" PRIMARY KEY, btree (id)\n    "orders_customer_created_idx" btree (customer_id, created_at)\nForeign-key constraints:\n    "orders_customer_id_fkey" FOREIGN KEY (customer_id) REFERENCES customers(id)`,
        ),
      );
  }
}

function big(rng: Rng): StrayStep {
  const out = lines(rng.int(300, 380), (i) => {
    const t = `2024-05-14 ${pad(9 + Math.floor(i / 240))}:${pad(Math.floor(i / 4) % 60)}:${pad((i * 7) % 60)}.${rng.int(100, 999)} WIB [${rng.int(1000, 99999)}]`;
    return rng.pick([
      `${t} app_rw@tokoku LOG:  duration: ${rng.int(500, 9000)}.${rng.int(100, 999)} ms  execute <unnamed>: SELECT o.* FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.status = $1 AND o.created_at > $2`,
      `${t} app_rw@tokoku DETAIL:  parameters: $1 = 'pending', $2 = '2024-05-1${rng.int(0, 4)} 00:00:00+07'`,
      `${t} LOG:  checkpoint complete: wrote ${rng.int(1000, 90000)} buffers (${rng.int(1, 9)}.${rng.int(0, 9)}%); 0 WAL file(s) added, 0 removed, ${rng.int(1, 40)} recycled; write=${rng.int(10, 200)}.${rng.int(100, 999)} s, sync=0.${rng.int(100, 999)} s, total=${rng.int(10, 200)}.${rng.int(100, 999)} s`,
      `${t} LOG:  automatic vacuum of table "tokoku.public.${rng.pick(TABLES)}": index scans: 1\n\tpages: 0 removed, ${rng.int(10000, 900000)} remain, ${rng.int(100, 9000)} scanned (${rng.int(0, 9)}.${rng.int(10, 99)}% of total)\n\ttuples: ${rng.int(100, 90000)} removed, ${rng.int(100000, 9000000)} remain, 0 are dead but not yet removable`,
    ]);
  });
  return one(
    rng.pick([undefined, 'Ambil log lambat dari primary, satu jam terakhir.']),
    ok(
      'shell',
      {
        host: 'pg-a',
        command: "grep -E 'duration|checkpoint|vacuum' /var/log/postgresql/postgresql-16-main.log | tail -n 400",
      },
      out,
    ),
  );
}

const P = (user: boolean, plant: Planter['plant']): Planter => ({ user, plant });

export const STRAY_DBA: StrayHarness = {
  style: 'dba',
  protocol: 'native',
  system: `You are a senior PostgreSQL DBA assistant for Tokoku (e-commerce). Production is a 3-node Patroni cluster "tokoku-prod" (PostgreSQL 16.2) behind pgbouncer; backups with pgBackRest; metrics in Prometheus. Tools: psql (runs SQL as the dba role on the current leader unless host is given), shell (ssh to a database host), promql. Be careful: this is production. Prefer read-only diagnosis; anything that takes strong locks or rewrites tables needs the user's approval. Answer in the user's language.`,
  tools: ['psql', 'shell', 'promql', 'write_file'],
  callId: (rng) => `chatcmpl-tool-${hex(rng, 32)}`,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'Oke. Replikasinya aman?',
      'Sekarang p95 checkout berapa?',
      'Tolong cek lagi pg_stat_activity.',
      'Lanjut.',
      'Ada lock yang menggantung?',
      'Makasih. Autovacuum jalan normal?',
    ]),
  keepGoing: (rng) => rng.pick(['Lanjutkan.', 'Terus saja, saya pantau dari Grafana.', 'go on']),
  answer: (rng) =>
    rng.pick([
      'Cluster sehat: leader pg-a, dua replika streaming, lag < 1 MB. Tidak ada lock yang menggantung.',
      'p95 checkout sudah kembali normal. Saya tidak mengubah apa pun di produksi tanpa persetujuan.',
      'Sudah saya cek: autovacuum jalan normal, tidak ada transaksi idle yang lama.',
      'All checks done; nothing is blocking.',
    ]),
  probe: (rng) =>
    rng.pick(['Tolong ringkas: apa yang sudah dikerjakan dan apa yang masih tersisa?', 'Status terakhir bagaimana?']),
  planters: {
    goal: [
      P(true, ({ mint }) => {
        const n = mint('num');
        const needle = `DBA-${n}`;
        return {
          needle,
          how: 'user-ticket',
          beats: [
            {
              user: `Halo. Tiket ${needle}: sejak deploy kemarin sore p95 halaman checkout naik dari 300 ms ke 2,5 detik. Tolong cari query penyebabnya dan usulkan perbaikan. Jangan ubah apa pun di prod tanpa izin saya.`,
            },
            {
              step: many('Saya mulai dari pg_stat_statements dan aktivitas saat ini.', [
                ok(
                  'psql',
                  {
                    db: 'tokoku',
                    sql: 'SELECT calls, mean_exec_time, left(query, 90) FROM pg_stat_statements ORDER BY mean_exec_time DESC LIMIT 5;',
                  },
                  psqlTable(
                    ['calls', 'mean_exec_time', 'left'],
                    [
                      [
                        '8812',
                        '2210.53',
                        'SELECT o.* FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.status = $1',
                      ],
                    ],
                  ),
                ),
                ok(
                  'promql',
                  { query: 'rate(pg_stat_database_xact_commit{datname="tokoku"}[5m])', range: '30m' },
                  '{"status":"success","data":{"resultType":"matrix","result":[]}}',
                ),
              ]),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}-olap`;
        return {
          needle,
          how: 'user-ask',
          beats: [
            {
              user: `Tugas baru: siapkan logical replication dari database tokoku (tabel orders, order_items, payments) ke cluster analitik ${needle}. Publication di prod, subscription di sisi analitik.`,
            },
            {
              step: one(
                'Cek dulu wal_level dan slot yang ada.',
                ok(
                  'psql',
                  {
                    db: 'tokoku',
                    sql: "SELECT name, setting FROM pg_settings WHERE name IN ('wal_level', 'max_replication_slots', 'max_wal_senders');",
                  },
                  psqlTable(
                    ['name', 'setting'],
                    [
                      ['max_replication_slots', '10'],
                      ['max_wal_senders', '10'],
                      ['wal_level', 'logical'],
                    ],
                  ),
                ),
              ),
            },
          ],
        };
      }),
    ],
    constraint: [
      P(true, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `${k}_ledger`;
        return {
          needle,
          how: 'user-rule',
          beats: [
            {
              user: rng.pick([
                `Satu hal: jangan pernah jalankan VACUUM FULL atau CLUSTER di tabel ${needle}, itu mengunci tabel dan tim finance langsung teriak.`,
                `Catatan penting — tabel ${needle} tidak boleh di-rewrite (VACUUM FULL, ALTER TYPE, dll.), ukurannya 900 GB.`,
              ]),
            },
            {
              step: one(
                undefined,
                ok(
                  'psql',
                  { db: 'tokoku', sql: `SELECT pg_size_pretty(pg_total_relation_size('${needle}'));` },
                  psqlTable(['pg_size_pretty'], [[`${rng.int(700, 990)} GB`]]),
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `pgb-${k}.internal:6432`;
        return {
          needle,
          how: 'tool-runbook',
          beats: [
            {
              step: one(
                'Baca runbook dulu.',
                ok(
                  'shell',
                  { host: 'pg-a', command: 'cat /srv/runbooks/tokoku-db.md' },
                  `# tokoku-prod runbook\n\n## Access\nAd-hoc sessions connect ONLY through pgbouncer at ${needle} (session pool "dba"), never directly to 5432 — direct connections bypass the connection limit and page the on-call.\n\n## Changes\n- DDL only via the migrations repo, CREATE INDEX always CONCURRENTLY.\n- Maintenance window: Sunday 01:00-04:00 WIB.`,
                ),
              ),
            },
            {
              step: one(
                `Sesuai runbook, sesi ad-hoc lewat ${needle}.`,
                ok(
                  'shell',
                  {
                    host: 'pg-a',
                    command: `psql "host=${needle.split(':')[0]} port=6432 dbname=tokoku user=dba" -c "select 1"`,
                  },
                  ' ?column? \n----------\n        1\n(1 row)',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `pg-${k}`;
        return {
          needle,
          how: 'user-replica',
          beats: [
            {
              user: `Replika ${needle} dipakai tim analitik untuk laporan harian — jangan pernah failover atau switchover ke sana.`,
            },
            { answer: `Siap, ${needle} tidak akan saya jadikan target switchover.` },
          ],
        };
      }),
    ],
    decision: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}_pending_idx`;
        return {
          needle,
          how: 'agent-design',
          beats: [
            {
              step: one(
                `Query ini hanya membaca status = 'pending', yang < 1 % baris. Daripada indeks penuh di (status, created_at), saya pilih partial index \`${needle}\` ON orders (created_at) WHERE status = 'pending' — jauh lebih kecil dan tidak membebani INSERT.`,
                ok(
                  'write_file',
                  {
                    path: 'migrations/V57__orders_pending_idx.sql',
                    content: `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${needle}\n    ON orders (created_at)\n    WHERE status = 'pending';`,
                  },
                  'wrote migrations/V57__orders_pending_idx.sql',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}_template`;
        return {
          needle,
          how: 'user-choice',
          beats: [
            {
              user: `Oke, kita sepakat: tabel events dipartisi per bulan pakai pg_partman, dengan template table ${needle} untuk index dan grant.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'psql',
                  { db: 'tokoku', sql: "SELECT extname, extversion FROM pg_extension WHERE extname = 'pg_partman';" },
                  psqlTable(['extname', 'extversion'], [['pg_partman', '5.0.1']]),
                ),
              ),
            },
          ],
        };
      }),
    ],
    file: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `migrations/V58__${k}_publication.sql`;
        return {
          needle,
          how: 'agent-write',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'write_file',
                  {
                    path: needle,
                    content:
                      "CREATE PUBLICATION olap_pub FOR TABLE orders, order_items, payments\n    WITH (publish = 'insert, update, delete');",
                  },
                  `wrote ${needle}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  {
                    host: 'pg-a',
                    command: `cd /srv/migrations && flyway -configFiles=prod.conf validate 2>&1 | tail -n 2`,
                  },
                  'Successfully validated 58 migrations (execution time 00:00.041s)',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `/etc/patroni/${k}.yml`;
        return {
          needle,
          how: 'user-path',
          beats: [
            {
              user: `Konfigurasi Patroni yang dipakai sebenarnya ada di ${needle}, bukan patroni.yml — yang itu sisa lama.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  { host: 'pg-a', command: `grep -A4 "parameters:" ${needle}` },
                  '    parameters:\n      max_connections: 400\n      shared_buffers: 64GB\n      work_mem: 32MB\n      maintenance_work_mem: 2GB',
                ),
              ),
            },
          ],
        };
      }),
    ],
    error: [
      P(false, ({ mint, rng }) => {
        const n = mint('num');
        const needle = `Process ${n} waits for ShareLock on transaction`;
        const out = buried(
          rng,
          rng.int(10, 30),
          (i) =>
            `2024-05-14 10:${pad(i % 60)}:${pad((i * 13) % 60)}.${rng.int(100, 999)} WIB [${rng.int(1000, 99999)}] app_rw@tokoku LOG:  duration: ${rng.int(100, 900)}.${rng.int(100, 999)} ms  execute <unnamed>: UPDATE inventory SET qty = qty - $1 WHERE sku = $2`,
          `2024-05-14 10:41:07.${rng.int(100, 999)} WIB [${n}] app_rw@tokoku ERROR:  deadlock detected\n2024-05-14 10:41:07.${rng.int(100, 999)} WIB [${n}] app_rw@tokoku DETAIL:  ${needle} ${rng.int(10000000, 99999999)}; blocked by process ${rng.int(1000, 99999)}.\n\tProcess ${rng.int(1000, 99999)} waits for ShareLock on transaction ${rng.int(10000000, 99999999)}; blocked by process ${n}.\n2024-05-14 10:41:07.${rng.int(100, 999)} WIB [${n}] app_rw@tokoku HINT:  See server log for query details.\n2024-05-14 10:41:07.${rng.int(100, 999)} WIB [${n}] app_rw@tokoku CONTEXT:  while updating tuple (${rng.int(100, 9999)},${rng.int(1, 40)}) in relation "inventory"`,
          `2024-05-14 10:41:08.${rng.int(100, 999)} WIB [${rng.int(1000, 99999)}] LOG:  checkpoint starting: time`,
        );
        return {
          needle,
          how: 'tool-deadlock',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  {
                    host: 'pg-a',
                    command: "grep -B2 -A6 'deadlock detected' /var/log/postgresql/postgresql-16-main.log | tail -n 60",
                  },
                  out,
                ),
              ),
            },
            {
              step: one(
                `Deadlock: ${needle} … — dua transaksi meng-update inventory dengan urutan SKU berbeda.`,
                ok(
                  'psql',
                  { db: 'tokoku', sql: 'SELECT count(*) FROM pg_locks WHERE NOT granted;' },
                  psqlTable(['count'], [['0']]),
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `could not create unique index "${k}_email_uniq"`;
        return {
          needle,
          how: 'tool-psql',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'psql',
                  {
                    db: 'tokoku',
                    sql: `CREATE UNIQUE INDEX CONCURRENTLY ${k}_email_uniq ON customers (lower(email));`,
                  },
                  `ERROR:  ${needle}\nDETAIL:  Key (lower(email::text))=(rina.${rng.int(10, 99)}@gmail.com) is duplicated.`,
                ),
              ),
            },
            {
              step: one(
                'Ada duplikat email. Dan index INVALID yang tertinggal harus dibuang dulu.',
                ok(
                  'psql',
                  {
                    db: 'tokoku',
                    sql: `SELECT indexrelid::regclass, indisvalid FROM pg_index WHERE indexrelid = '${k}_email_uniq'::regclass;`,
                  },
                  psqlTable(['indexrelid', 'indisvalid'], [[`${k}_email_uniq`, 'f']]),
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `PL/pgSQL function ${k}_rollup() line ${rng.int(8, 40)} at SQL statement`;
        return {
          needle,
          how: 'tool-timeout',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'psql',
                  { db: 'tokoku', sql: `SET statement_timeout = '60s'; SELECT ${k}_rollup();` },
                  `SET\nERROR:  canceling statement due to statement timeout\nCONTEXT:  SQL statement "INSERT INTO daily_sales (day, sku, qty, revenue)\n        SELECT date_trunc('day', o.created_at), i.sku, sum(i.qty), sum(i.qty * i.price)\n          FROM orders o JOIN order_items i ON i.order_id = o.id\n         WHERE o.created_at >= current_date - 1\n         GROUP BY 1, 2"\n${needle}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'psql',
                  { db: 'tokoku', sql: `SELECT prosrc FROM pg_proc WHERE proname = '${k}_rollup';` },
                  '  prosrc\n----------\n BEGIN ... (38 lines)\n(1 row)',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `permission denied for table ${k}_audit`;
        return {
          needle,
          how: 'tool-pgdump',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'shell',
                  {
                    host: 'pg-c',
                    command: 'pg_dump -U backup_ro -Fc -f /backup/tokoku_schema.dump --schema-only tokoku',
                  },
                  `pg_dump: error: query failed: ERROR:  ${needle}\npg_dump: detail: Query was: LOCK TABLE public.${k}_audit IN ACCESS SHARE MODE`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'psql',
                  {
                    db: 'tokoku',
                    sql: `SELECT grantee, privilege_type FROM information_schema.role_table_grants WHERE table_name = '${k}_audit';`,
                  },
                  psqlTable(
                    ['grantee', 'privilege_type'],
                    [
                      ['audit_writer', 'INSERT'],
                      ['postgres', 'SELECT'],
                    ],
                  ),
                ),
              ),
            },
          ],
        };
      }),
    ],
    pending: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `REINDEX INDEX CONCURRENTLY ${k}_gin`;
        return {
          needle,
          how: 'agent-next',
          beats: [
            {
              step: one(
                `Index GIN di events.payload membengkak (bloat ~70 %). Langkah berikutnya: \`${needle};\` di jendela maintenance Minggu 01:00 WIB — belum saya jalankan. Ukuran sekarang:`,
                ok(
                  'psql',
                  { db: 'tokoku', sql: `SELECT pg_size_pretty(pg_relation_size('${k}_gin'));` },
                  psqlTable(['pg_size_pretty'], [['41 GB']]),
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `pg_upgrade ke 17 di ${k}`;
        return {
          needle,
          how: 'user-next',
          beats: [
            {
              user: `Mantap. Minggu depan kita coba ${needle} (mesin staging) dulu sebelum prod. Sekarang cukup cek ekstensi yang terpasang.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'psql',
                  { db: 'tokoku', sql: 'SELECT extname, extversion FROM pg_extension ORDER BY 1;' },
                  psqlTable(
                    ['extname', 'extversion'],
                    [
                      ['pg_partman', '5.0.1'],
                      ['pg_stat_statements', '1.10'],
                      ['pg_trgm', '1.6'],
                      ['plpgsql', '1.0'],
                    ],
                  ),
                ),
              ),
            },
          ],
        };
      }),
    ],
    value: [
      P(false, ({ mint, rng }) => {
        const n = mint('num');
        const sysid = `72${n}${String(rng.int(10000000000, 99999999999))}`;
        return {
          needle: sysid,
          how: 'tool-sysid',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  {
                    host: 'pg-b',
                    command:
                      'patronictl -c /etc/patroni/patroni.yml list && pg_controldata /var/lib/postgresql/16/main | head -n 3',
                  },
                  `+ Cluster: tokoku-prod (${sysid}) --+-----------+\n| Member | Host       | Role    | State     |\n+--------+------------+---------+-----------+\n| pg-a   | 10.30.1.11 | Leader  | running   |\n| pg-b   | 10.30.1.12 | Replica | streaming |\n+--------+------------+---------+-----------+\npg_control version number:            1300\nCatalog version number:               202307071\nDatabase system identifier:           ${sysid}`,
                ),
              ),
            },
            {
              step: one(
                'Catat system identifier di runbook.',
                ok(
                  'write_file',
                  {
                    path: 'runbooks/tokoku-prod.md',
                    content: `cluster: tokoku-prod\nsystem identifier: ${sysid}\nleader: pg-a`,
                  },
                  'wrote runbooks/tokoku-prod.md',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `dba_${k}`;
        return {
          needle,
          how: 'user-role',
          beats: [
            { user: `Untuk pekerjaan ini pakai role ${needle}, bukan postgres. Passwordnya sudah di ~/.pgpass.` },
            {
              step: one(
                undefined,
                ok(
                  'psql',
                  { db: 'tokoku', sql: `SET ROLE ${needle}; SELECT current_user;` },
                  `SET\n current_user\n--------------\n ${needle}\n(1 row)`,
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const h = mint('hex');
        const fp = h + hex(rng, 7);
        return {
          needle: fp,
          how: 'tool-alert',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  { host: 'pg-a', command: 'amtool alert query alertname=PostgresReplicationLag -o extended' },
                  `Labels                                                                Annotations                              Starts At                Ends At                  Generator URL                 State\nalertname="PostgresReplicationLag" instance="pg-c:9187" severity="warning"  summary="replica lag > 64MB"  2024-05-14 10:02:11 WIB  2024-05-14 11:02:11 WIB  http://prom-1:9090/graph?...  active\nFingerprint: ${fp}`,
                ),
              ),
            },
            {
              step: one(
                `Alert ${fp} berasal dari pg-c. Lihat lag-nya.`,
                ok(
                  'psql',
                  {
                    db: 'tokoku',
                    sql: 'SELECT application_name, pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)) FROM pg_stat_replication;',
                  },
                  psqlTable(
                    ['application_name', 'pg_size_pretty'],
                    [
                      ['pg-b', '0 bytes'],
                      ['pg-c', `${rng.int(60, 300)} MB`],
                    ],
                  ),
                ),
              ),
            },
          ],
        };
      }),
    ],
  },
};
