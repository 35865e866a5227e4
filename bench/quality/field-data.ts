/**
 * Ordinary analytics work for the field family: warehouse schemas, SQL with result tables in
 * the client's own format (psql, DuckDB, SnowSQL, BigQuery), pandas reprs and notebook cells.
 * No codename (field-names.ts) appears here.
 */
import { next, type Act, type World } from './field-core';
import { boxTable, columns, psqlTable } from './field-names';
import type { Rng } from './rng';

export type Flavor = 'postgres' | 'duckdb' | 'snowflake' | 'bigquery';
export const flavor = (w: World) => (w.scope.split(':')[0] ?? 'postgres') as Flavor;

interface Col {
  name: string;
  type: string;
  gen: (rng: Rng, i: number) => string;
}

const day = (rng: Rng) => `2024-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;

export const TABLES: Record<string, Col[]> = {
  'analytics.fct_orders': [
    { name: 'order_id', type: 'bigint', gen: (r) => String(r.int(1_000_000, 9_999_999)) },
    { name: 'customer_id', type: 'bigint', gen: (r) => String(r.int(10_000, 999_999)) },
    {
      name: 'ordered_at',
      type: 'timestamp',
      gen: (r) => `${day(r)} ${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:00`,
    },
    { name: 'amount_usd', type: 'numeric(12,2)', gen: (r) => (r.logInt(300, 90_000) / 100).toFixed(2) },
    { name: 'status', type: 'varchar', gen: (r) => r.pick(['paid', 'paid', 'paid', 'refunded', 'cancelled']) },
    { name: 'channel', type: 'varchar', gen: (r) => r.pick(['web', 'ios', 'android', 'partner']) },
  ],
  'analytics.dim_customers': [
    { name: 'customer_id', type: 'bigint', gen: (r) => String(r.int(10_000, 999_999)) },
    { name: 'signup_at', type: 'date', gen: day },
    { name: 'country', type: 'char(2)', gen: (r) => r.pick(['US', 'DE', 'GB', 'FR', 'BR', 'IN', 'JP', 'CA']) },
    { name: 'plan', type: 'varchar', gen: (r) => r.pick(['free', 'basic', 'pro', 'team', 'enterprise']) },
    { name: 'is_internal', type: 'boolean', gen: (r) => (r.chance(0.03) ? 'true' : 'false') },
  ],
  'analytics.fct_subscriptions': [
    { name: 'subscription_id', type: 'varchar', gen: (r) => `sub_${r.int(100000, 999999)}` },
    { name: 'customer_id', type: 'bigint', gen: (r) => String(r.int(10_000, 999_999)) },
    { name: 'started_on', type: 'date', gen: day },
    { name: 'ended_on', type: 'date', gen: (r) => (r.chance(0.6) ? 'NULL' : day(r)) },
    { name: 'mrr_usd', type: 'numeric(10,2)', gen: (r) => r.pick(['9.00', '29.00', '49.00', '99.00', '249.00']) },
  ],
  'raw.events': [
    { name: 'event_id', type: 'varchar', gen: (r) => `ev_${r.int(10_000_000, 99_999_999)}` },
    { name: 'user_id', type: 'bigint', gen: (r) => String(r.int(10_000, 999_999)) },
    {
      name: 'event_name',
      type: 'varchar',
      gen: (r) => r.pick(['page_view', 'add_to_cart', 'checkout_started', 'signup', 'login', 'search']),
    },
    {
      name: 'occurred_at',
      type: 'timestamp',
      gen: (r) =>
        `${day(r)} ${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}`,
    },
    { name: 'platform', type: 'varchar', gen: (r) => r.pick(['web', 'ios', 'android']) },
  ],
  'analytics.daily_active_users': [
    { name: 'day', type: 'date', gen: day },
    { name: 'platform', type: 'varchar', gen: (r) => r.pick(['web', 'ios', 'android']) },
    { name: 'dau', type: 'integer', gen: (r) => String(r.int(2_000, 180_000)) },
  ],
};

const TABLE_NAMES = Object.keys(TABLES);

/** A result table in the warehouse client's format. */
export function resultTable(w: World, head: readonly string[], rows: readonly (readonly string[])[], rng: Rng): string {
  switch (flavor(w)) {
    case 'duckdb':
      return (
        boxTable(
          head,
          head.map(() => 'varchar'),
          rows,
        ) + `\n  ${rows.length} rows    ${head.length} columns`
      );
    case 'snowflake': {
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
      const bar = '+' + widths.map((x) => '-'.repeat(x + 2)).join('+') + '+';
      const line = (r: readonly string[]) => '| ' + r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ') + ' |';
      return [
        bar,
        line(head.map((h) => h.toUpperCase())),
        '|' + widths.map((x) => '-'.repeat(x + 2)).join('+') + '|',
        ...rows.map(line),
        bar,
        `${rows.length} Row(s) produced. Time Elapsed: ${(rng.logInt(80, 40_000) / 1000).toFixed(3)}s`,
      ].join('\n');
    }
    case 'bigquery':
      return [
        `| ${head.join(' | ')} |`,
        `|${head.map(() => '---').join('|')}|`,
        ...rows.map((r) => `| ${r.join(' | ')} |`),
        '',
        `${rows.length} rows · ${(rng.logInt(10, 90_000) / 100).toFixed(2)} GB processed · job ${w.name}:EU.bquxjob_${rng.int(10000000, 99999999).toString(16)}_${rng.int(100, 999)}`,
      ].join('\n');
    default:
      return psqlTable(head, rows);
  }
}

export function sampleRows(rng: Rng, table: string, n: number): { head: string[]; rows: string[][] } {
  const cols = TABLES[table] ?? [];
  return { head: cols.map((c) => c.name), rows: Array.from({ length: n }, (_, i) => cols.map((c) => c.gen(rng, i))) };
}

export function describeTable(w: World, table: string, rng: Rng): string {
  const cols = TABLES[table] ?? [];
  return resultTable(
    w,
    ['column_name', 'data_type', 'is_nullable'],
    cols.map((c) => [c.name, c.type, rng.chance(0.3) ? 'YES' : 'NO']),
    rng,
  );
}

/** A pandas DataFrame repr. */
export function frameRepr(head: readonly string[], rows: readonly (readonly string[])[], total?: number): string {
  const body = columns([['', ...head], ...rows.map((r, i) => [String(i), ...r])], 2);
  return total && total > rows.length ? `${body}\n\n[${total} rows x ${head.length} columns]` : body;
}

function aggregateQuery(rng: Rng): { sql: string; head: string[]; keys: number; rows: (rng: Rng) => string[] } {
  return rng.pick([
    {
      sql: `select date_trunc('week', ordered_at) as week, channel, count(*) as orders, sum(amount_usd) as revenue\nfrom analytics.fct_orders\nwhere status = 'paid' and ordered_at >= '2024-01-01'\ngroup by 1, 2\norder by 1, 2`,
      head: ['week', 'channel', 'orders', 'revenue'],
      keys: 2,
      rows: (r: Rng) => [
        `${day(r)} 00:00:00`,
        r.pick(['web', 'ios', 'android', 'partner']),
        String(r.int(200, 40_000)),
        (r.int(10_000, 9_000_000) / 100).toFixed(2),
      ],
    },
    {
      sql: `select plan, country, count(*) as customers\nfrom analytics.dim_customers\nwhere not is_internal\ngroup by 1, 2\norder by customers desc\nlimit 25`,
      head: ['plan', 'country', 'customers'],
      keys: 2,
      rows: (r: Rng) => [
        r.pick(['free', 'basic', 'pro', 'team', 'enterprise']),
        r.pick(['US', 'DE', 'GB', 'FR', 'BR', 'IN']),
        String(r.int(100, 90_000)),
      ],
    },
    {
      sql: `select day, platform, dau\nfrom analytics.daily_active_users\nwhere day between '2024-04-01' and '2024-06-30'\norder by day`,
      head: ['day', 'platform', 'dau'],
      keys: 2,
      rows: (r: Rng) => [day(r), r.pick(['web', 'ios', 'android']), String(r.int(2_000, 180_000))],
    },
    {
      sql: `select event_name, count(distinct user_id) as users, count(*) as events\nfrom raw.events\nwhere occurred_at >= current_date - interval '7 days'\ngroup by 1\norder by events desc`,
      head: ['event_name', 'users', 'events'],
      keys: 1,
      rows: (r: Rng) => [
        r.pick(['page_view', 'add_to_cart', 'checkout_started', 'signup', 'login', 'search']),
        String(r.int(1_000, 300_000)),
        String(r.int(5_000, 9_000_000)),
      ],
    },
  ]);
}

/** One step of ordinary analysis: a query, a schema look, or a notebook cell. */
export function dataFiller(rng: Rng, w: World): { text?: string; acts: Act[] } {
  const say = (...o: string[]) => (rng.chance(0.6) ? rng.pick(o) : undefined);
  const viaCells = w.style === 'smolagents' || rng.chance(0.35);
  const kind = rng.weighted<string>([
    ['agg', 6],
    ['sample', 4],
    ['describe', 2],
    ['tables', 1],
    ['pandas', 5],
    ['plot', 2],
    ['count', 3],
  ]);
  const table = rng.pick(TABLE_NAMES);
  const sql = (query: string, out: string): Act =>
    viaCells
      ? { t: 'cell', code: `df = run_sql("""${query}""")\ndf`, out: out, ok: true, n: next(w, 'cell') }
      : { t: 'sql', query, db: w.scope, out, ok: true };
  switch (kind) {
    case 'agg': {
      const q = aggregateQuery(rng);
      const seen = new Set<string>();
      const rows = Array.from({ length: rng.logInt(3, 160) }, () => q.rows(rng)).filter((r) => {
        const key = r.slice(0, q.keys).join('|');
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const out = viaCells ? frameRepr(q.head, rows.slice(0, 60), rows.length) : resultTable(w, q.head, rows, rng);
      return {
        text: say(
          'Aggregating first to see the shape of it.',
          'Weekly totals by channel:',
          'Let me get the breakdown.',
        ),
        acts: [sql(q.sql, out)],
      };
    }
    case 'sample': {
      const s = sampleRows(rng, table, rng.logInt(5, 60));
      const q = `select * from ${table} order by random() limit ${s.rows.length}`;
      return {
        text: say(`Sampling \`${table}\` to see real values.`),
        acts: [sql(q, viaCells ? frameRepr(s.head, s.rows) : resultTable(w, s.head, s.rows, rng))],
      };
    }
    case 'describe':
      return {
        acts: [
          viaCells
            ? {
                t: 'cell',
                code: `describe_table("${table}")`,
                out: describeTable(w, table, rng),
                ok: true,
                n: next(w, 'cell'),
              }
            : { t: 'tool', name: 'describe_table', args: { table }, out: describeTable(w, table, rng) },
        ],
      };
    case 'tables':
      return {
        acts: [
          {
            t: 'tool',
            name: 'list_tables',
            args: { schema: rng.pick(['analytics', 'raw']) },
            out: TABLE_NAMES.concat([
              'analytics.dim_products',
              'analytics.fct_refunds',
              'raw.sessions',
              'raw.payments_ledger',
              'analytics.fct_sessions',
            ]).join('\n'),
          },
        ],
      };
    case 'count': {
      const n = rng.int(10_000, 90_000_000);
      return {
        acts: [
          sql(`select count(*) from ${table}`, viaCells ? String(n) : resultTable(w, ['count'], [[String(n)]], rng)),
        ],
      };
    }
    case 'plot': {
      const name = `${rng.pick(['orders', 'dau', 'signups', 'revenue'])}_${rng.pick(['by_week', 'by_channel', 'trend'])}.png`;
      return {
        text: say('Plotting it.'),
        acts: [
          {
            t: 'cell',
            code: `fig, ax = plt.subplots(figsize=(10, 4))\ndf.plot(x="${rng.pick(['week', 'day'])}", y="${rng.pick(['orders', 'dau', 'revenue'])}", ax=ax)\nfig.savefig("out/${name}", dpi=120, bbox_inches="tight")`,
            out: `<Figure size 1000x400 with 1 Axes>\nSaved out/${name}`,
            ok: true,
            n: next(w, 'cell'),
          },
        ],
      };
    }
    default: {
      const col = rng.pick(['amount_usd', 'dau', 'orders', 'revenue', 'mrr_usd']);
      const stat = ['count', 'mean', 'std', 'min', '25%', '50%', '75%', 'max'];
      const f = () => (rng.next() * 10 ** rng.int(1, 5)).toFixed(6);
      const code = rng.pick([
        `df["${col}"].describe()`,
        `df.groupby("${rng.pick(['channel', 'plan', 'platform'])}")["${col}"].agg(["count", "mean", "median"])`,
        `df.isna().sum()`,
      ]);
      const out = code.endsWith('describe()')
        ? `${stat.map((s) => `${s.padEnd(8)}${f().padStart(18)}`).join('\n')}\nName: ${col}, dtype: float64`
        : code.includes('isna')
          ? `${(TABLES[table] ?? []).map((c) => `${c.name.padEnd(16)}${rng.chance(0.7) ? 0 : rng.int(1, 900)}`).join('\n')}\ndtype: int64`
          : columns(
              [
                ['', 'count', 'mean', 'median'],
                ...['web', 'ios', 'android', 'partner'].map((k) => [k, String(rng.int(100, 90000)), f(), f()]),
              ],
              2,
            );
      return {
        text: say('Quick look at the distribution.', 'Checking nulls and spread before going further.'),
        acts: [{ t: 'cell', code, out, ok: true, n: next(w, 'cell') }],
      };
    }
  }
}
