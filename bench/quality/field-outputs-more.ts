/**
 * Values found only in tool output, for the analytics and browser agents (field-outputs.ts):
 * a SQL result row, a load-audit batch, a computed metric, an order number in a page
 * snapshot, an API host in a network log — each with the step that relies on it.
 */
import { claim, type Act, type World } from './field-core';
import { resultTable } from './field-data';
import { playwright } from './field-harness-more';
import { alnum, hex, pascal } from './field-names';
import type { Found } from './field-outputs';
import { networkLines, snapshot } from './field-web';
import type { Rng } from './rng';

export function dataFound(rng: Rng, w: World, cw: string): Found | undefined {
  const form = rng.int(0, 2);
  const sql = (query: string, out: string): Act => ({ t: 'sql', query, db: w.scope, out, ok: true });
  if (form === 0) {
    const ref = `acct_${alnum(rng, 10)}`;
    if (!claim(w, ref)) return undefined;
    const rows = Array.from({ length: rng.int(5, 20) }, () => [
      `acct_${alnum(rng, 10)}`,
      String(rng.int(2, 40)),
      (rng.int(1000, 900000) / 100).toFixed(2),
    ]);
    rows.unshift([ref, String(rng.int(300, 900)), (rng.int(5_000_000, 20_000_000) / 100).toFixed(2)]);
    return {
      needle: ref,
      label: 'sql-row',
      quiet: {
        text: 'One account dominates. Pulling its raw refund rows.',
        acts: [
          sql(
            `select * from analytics.fct_refunds\nwhere account_ref = (\n  select account_ref from analytics.fct_refunds where refunded_at >= '2024-04-01'\n  group by 1 order by sum(amount_usd) desc limit 1\n)\norder by refunded_at limit 50`,
            resultTable(
              w,
              ['refund_id', 'refunded_at', 'amount_usd', 'reason'],
              Array.from({ length: rng.int(5, 30) }, () => [
                `re_${alnum(rng, 14)}`,
                `2024-0${rng.int(4, 6)}-${rng.int(10, 28)}`,
                (rng.int(1000, 90000) / 100).toFixed(2),
                rng.pick(['duplicate', 'requested_by_customer', 'fraudulent']),
              ]),
              rng,
            ),
          ),
        ],
      },
      see: {
        text: 'Who is driving the refunds?',
        acts: [
          sql(
            `select account_ref, count(*) as refunds, sum(amount_usd) as refunded_usd\nfrom analytics.fct_refunds\nwhere refunded_at >= '2024-04-01'\ngroup by 1\norder by refunded_usd desc\nlimit 20`,
            resultTable(w, ['account_ref', 'refunds', 'refunded_usd'], rows, rng),
          ),
        ],
      },
      use: {
        text: `One account dominates. Pulling the raw refund rows for \`${ref}\`.`,
        acts: [
          sql(
            `select * from analytics.fct_refunds where account_ref = '${ref}' order by refunded_at limit 50`,
            resultTable(
              w,
              ['refund_id', 'refunded_at', 'amount_usd', 'reason'],
              Array.from({ length: rng.int(5, 30) }, () => [
                `re_${alnum(rng, 14)}`,
                `2024-0${rng.int(4, 6)}-${rng.int(10, 28)}`,
                (rng.int(1000, 90000) / 100).toFixed(2),
                rng.pick(['duplicate', 'requested_by_customer', 'fraudulent']),
              ]),
              rng,
            ),
          ),
        ],
      },
    };
  }
  if (form === 1) {
    const batch = `batch_${hex(rng, 12)}`;
    if (!claim(w, batch)) return undefined;
    return {
      needle: batch,
      label: 'sql-load-batch',
      quiet: {
        text: 'The latest load has a tiny row count compared to the others — that explains the dip. Checking which partitions it touched.',
        acts: [
          sql(
            `select partition_date, count(*) from raw.events\nwhere load_batch = (select batch_id from raw.load_audit where source = '${cw}_feed' order by loaded_at desc limit 1)\ngroup by 1 order by 1`,
            resultTable(
              w,
              ['partition_date', 'count'],
              [[`2024-0${rng.int(1, 9)}-1${rng.int(0, 9)}`, String(rng.int(10, 400))]],
              rng,
            ),
          ),
        ],
      },
      see: {
        acts: [
          sql(
            `select batch_id, loaded_at, row_count from raw.load_audit where source = '${cw}_feed' order by loaded_at desc limit 5`,
            resultTable(
              w,
              ['batch_id', 'loaded_at', 'row_count'],
              [
                [
                  batch,
                  `${w.clock.iso().slice(0, 10)} 03:1${rng.int(0, 9)}:0${rng.int(0, 9)}`,
                  String(rng.int(100, 900)),
                ],
                ...Array.from({ length: 4 }, () => [
                  `batch_${hex(rng, 12)}`,
                  `2024-0${rng.int(1, 9)}-1${rng.int(0, 9)} 03:1${rng.int(0, 9)}:00`,
                  String(rng.int(80_000, 400_000)),
                ]),
              ],
              rng,
            ),
          ),
        ],
      },
      use: {
        text: `The latest load (${batch}) has a tiny row count compared to the others — that explains the dip. Checking which partitions it touched.`,
        acts: [
          sql(
            `select partition_date, count(*) from raw.events where load_batch = '${batch}' group by 1 order by 1`,
            resultTable(
              w,
              ['partition_date', 'count'],
              Array.from({ length: rng.int(1, 4) }, () => [
                `2024-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
                String(rng.int(10, 400)),
              ]),
              rng,
            ),
          ),
        ],
      },
    };
  }
  const pct = `${rng.int(20, 70)}.${rng.int(10, 99)}%`;
  if (!claim(w, pct)) return undefined;
  const rows = ['web', 'ios', 'android', 'partner'].map((ch) => [
    ch,
    String(rng.int(800, 9000)),
    `${rng.int(20, 70)}.${rng.int(10, 99)}%`,
  ]);
  rows.push(['all', String(rng.int(9000, 30000)), pct]);
  return {
    needle: pct,
    label: 'sql-metric',
    quiet: {
      text: "The overall figure is the 'all' row. Before reporting it I'll check it against last year's cohort with the same definition.",
      acts: [
        sql(
          `select count(*) from analytics.dim_customers where signup_at between '2023-07-01' and '2023-09-30'`,
          resultTable(w, ['count'], [[String(rng.int(9000, 30000))]], rng),
        ),
      ],
    },
    see: {
      acts: [
        sql(
          `select coalesce(channel, 'all') as channel, count(*) as cohort_size,\n       round(100.0 * avg(case when retained_90d then 1 else 0 end), 2) || '%' as retention_pct\nfrom ${pascal(cw).toLowerCase()}_cohort\ngroup by rollup(channel)`,
          resultTable(w, ['channel', 'cohort_size', 'retention_pct'], rows, rng),
        ),
      ],
    },
    use: {
      text: `Overall 90-day retention comes out at ${pct}. Before reporting it I'll check it against last year's cohort with the same definition.`,
      acts: [
        sql(
          `select count(*) from analytics.dim_customers where signup_at between '2023-07-01' and '2023-09-30'`,
          resultTable(w, ['count'], [[String(rng.int(9000, 30000))]], rng),
        ),
      ],
    },
  };
}

export function webFound(rng: Rng, w: World, cw: string): Found | undefined {
  const form = rng.int(0, 1);
  if (form === 0) {
    const order = `ORD-${alnum(rng, 8).toUpperCase()}`;
    if (!claim(w, order)) return undefined;
    const snap = snapshot(rng, '/checkout/confirmation', [
      '- heading "Thank you for your order" [level=2] [ref=?]',
      `- paragraph [ref=?]: Order number ${order}`,
      `- paragraph [ref=?]: A confirmation email is on its way to the ${cw} QA inbox.`,
    ]);
    return {
      needle: order,
      label: 'snapshot',
      quiet: {
        text: "The order went through. Checking it shows up in the account's order history.",
        acts: [
          {
            t: 'web',
            op: 'navigate',
            url: `${w.scope}/account/orders`,
            out: playwright(`await page.goto('${w.scope}/account/orders');`, {
              url: `${w.scope}/account/orders`,
              title: 'Your orders — Acme Home',
              snapshot: snapshot(rng, '/account/orders').text,
            }),
          },
        ],
      },
      see: {
        text: 'Placing the order with the test card.',
        acts: [
          {
            t: 'web',
            op: 'click',
            element: 'Place order button',
            ref: `e${rng.int(30, 90)}`,
            out: playwright(`await page.getByRole('button', { name: 'Place order' }).click();`, {
              url: `${w.scope}/checkout/confirmation`,
              title: 'Order confirmed — Acme Home',
              snapshot: snap.text,
            }),
          },
        ],
      },
      use: {
        text: `Order ${order} went through. Checking how it looks in the account's order history.`,
        acts: [
          {
            t: 'web',
            op: 'navigate',
            url: `${w.scope}/account/orders/${order}`,
            out: playwright(`await page.goto('${w.scope}/account/orders/${order}');`, {
              url: `${w.scope}/account/orders/${order}`,
              title: 'Order details — Acme Home',
              snapshot: snapshot(rng, '/account/orders').text,
            }),
          },
        ],
      },
    };
  }
  const api = `https://api-${cw}.staging.acme-shop.dev/v3`;
  if (!claim(w, api)) return undefined;
  return {
    needle: api,
    label: 'network-log',
    quiet: {
      text: 'The cart talks to a separate API host. Calling the voucher endpoint on it directly to see the raw response.',
      acts: [
        {
          t: 'sh',
          cmd: `curl -s -X POST "$API_BASE/vouchers/validate" -H 'content-type: application/json' -d '{"code":"TEST10"}'`,
          out: JSON.stringify({ valid: true, discount: { type: 'percent', value: 10 } }),
        },
      ],
    },
    see: {
      acts: [
        {
          t: 'web',
          op: 'network',
          out: networkLines(rng, w.scope, rng.int(5, 40), [
            `[GET] ${api}/cart/summary => [200] OK`,
            `[POST] ${api}/vouchers/validate => [200] OK`,
          ]),
        },
      ],
    },
    use: {
      text: `The cart talks to a separate API host (${api}). Calling the voucher endpoint directly to see the raw response.`,
      acts: [
        {
          t: 'sh',
          cmd: `curl -s -X POST ${api}/vouchers/validate -H 'content-type: application/json' -d '{"code":"TEST10"}'`,
          out: JSON.stringify({ valid: true, discount: { type: 'percent', value: 10 }, applies_to: 'subtotal' }),
        },
      ],
    },
  };
}
