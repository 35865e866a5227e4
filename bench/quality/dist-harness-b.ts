/**
 * Four more harnesses of the dist family: a BigQuery BI agent whose results are huge tables, an
 * iOS agent (xcodebuild, simctl, symbolicated crash logs) working for a Japanese-speaking user,
 * a Nomad/Consul operator, and an ML-eval/data-labeling agent whose harness renders OpenAI
 * Responses items (function_call / function_call_output) into chat text.
 */
import type { Rng } from './rng';
import {
  bar,
  chars,
  hex,
  lines,
  sizeOf,
  stamp,
  table,
  uuid,
  type DistCall,
  type DistHarness,
  type DistStep,
  type Planter,
} from './dist-kit';
import { mentions, saying } from './dist-facts';

const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// ---------------------------------------------------------------- bigquery

const REGIONS = ['EMEA', 'NA', 'LATAM', 'APAC'];
const PLANS = ['free', 'starter', 'team', 'business', 'enterprise'];

function bq(r: Rng, sql: string, out: string, error = false): DistCall {
  const stats = `Query complete (${r.int(1, 90)}.${r.int(1, 9)}s elapsed, ${r.int(1, 900)}.${r.int(1, 9)} ${r.pick(['MB', 'GB'])} processed)`;
  return {
    name: 'bq_query',
    args: { sql, project: 'acme-analytics', max_rows: 1000 },
    output: error ? out : `${stats}\n${out}`,
    status: error ? 'error' : 'ok',
  };
}

function weeklyRows(r: Rng, n: number): string[][] {
  return Array.from({ length: n }, (_, i) => [
    `2024-${String(1 + (Math.floor(i / 20) % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    r.pick(REGIONS),
    r.pick(PLANS),
    String(r.int(100, 90000)),
    (r.int(1000, 99999) / 100).toFixed(2),
    (r.int(1, 999) / 10000).toFixed(4),
  ]);
}

function queryNoise(r: Rng): DistStep {
  const n = sizeOf(r, 5, 60, 500);
  const sql = `SELECT week, region, plan, active_accounts, net_revenue_k, churn_rate\nFROM \`acme-analytics.finance_mart.fct_weekly_revenue\`\nWHERE week >= '2024-01-01'\nORDER BY week, region`;
  return {
    calls: [
      bq(r, sql, table(['week', 'region', 'plan', 'active_accounts', 'net_revenue_k', 'churn_rate'], weeklyRows(r, n))),
    ],
  };
}

function schemaNoise(r: Rng): DistStep {
  const t = r.pick(['fct_weekly_revenue', 'dim_accounts', 'fct_subscriptions', 'events_raw']);
  const fields = Array.from({ length: sizeOf(r, 4, 30, 120) }, (_, i) => ({
    name: `${r.pick(['account', 'plan', 'region', 'mrr', 'event', 'session'])}_${i}`,
    type: r.pick(['STRING', 'INT64', 'NUMERIC', 'TIMESTAMP', 'BOOL']),
    mode: 'NULLABLE',
  }));
  return {
    calls: [
      {
        name: 'bq_show_schema',
        args: { table: `acme-analytics.finance_mart.${t}` },
        output: JSON.stringify({ schema: { fields } }, null, 1),
      },
    ],
  };
}

function lookNoise(r: Rng): DistStep {
  const id = r.int(100, 999);
  const out = JSON.stringify(
    {
      id,
      title: r.pick(['Net revenue by region', 'Churn by plan', 'Active accounts']),
      query: {
        model: 'finance',
        view: 'weekly_revenue',
        fields: ['weekly_revenue.week', 'weekly_revenue.region', 'weekly_revenue.net_revenue'],
        filters: { 'weekly_revenue.week': '12 weeks' },
      },
      last_run_at: `${stamp(r.int(0, 9000))}Z`,
    },
    null,
    1,
  );
  return { calls: [{ name: 'looker_get_look', args: { look_id: id }, output: out }] };
}

function countNoise(r: Rng): DistStep {
  const sql = `SELECT region, COUNT(*) AS n FROM \`acme-analytics.finance_mart.dim_accounts\` GROUP BY 1`;
  return {
    calls: [
      bq(
        r,
        sql,
        table(
          ['region', 'n'],
          REGIONS.map((g) => [g, String(r.int(1000, 90000))]),
        ),
      ),
    ],
  };
}

const bqPlanters: Planter[] = [
  {
    kind: 'value',
    plant: (c) => {
      const key = c.mint('word');
      const rows = weeklyRows(c.r, sizeOf(c.r, 40, 200, 700)).map((row) => [
        ...row.slice(0, 2),
        `cmp_${chars(c.r, 'abcdef0123456789', 5)}`,
        ...row.slice(3),
      ]);
      const conv = String(c.r.int(10000, 30000));
      rows.splice(c.r.int(0, rows.length), 0, ['2024-05-13', 'EMEA', `cmp_${key}`, conv, '-412.77', '0.0913']);
      const out = table(['week', 'region', 'campaign', 'accounts', 'net_revenue_k', 'churn_rate'], rows);
      const line = out.split('\n').find((l) => l.includes(`cmp_${key}`)) ?? '';
      const needle = line.slice(line.indexOf(`cmp_${key}`), line.indexOf('-412.77') + 7);
      return {
        fact: { kind: 'value', how: 'tool-bigtable', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                bq(
                  c.r,
                  'SELECT week, region, campaign, accounts, net_revenue_k, churn_rate\nFROM `acme-analytics.marketing.fct_campaign_weekly`\nORDER BY week',
                  out,
                ),
              ],
            },
          },
          saying(
            c,
            `One row explains most of the EMEA dip: campaign cmp_${key} in the week of May 13, with negative net revenue (refunds).`,
          ),
          ...mentions(c, 'value', key, 0, 2),
        ],
      };
    },
  },
  {
    kind: 'error',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `acme-analytics:US.bqjob_r${key}_0000018f${hex(c.r, 6)}_1: Resources exceeded during query execution`;
      const out = `BigQuery error in query operation: Error processing job ${needle}: Your project exceeded quota for total bytes processed per user per day (limit 10 TB). For more information, see https://cloud.google.com/bigquery/docs/troubleshoot-quotas`;
      return {
        fact: { kind: 'error', how: 'tool-bqjob', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                bq(
                  c.r,
                  'SELECT * FROM `acme-analytics.events.events_raw` WHERE DATE(ts) BETWEEN "2024-01-01" AND "2024-06-01"',
                  out,
                  true,
                ),
              ],
            },
          },
          saying(
            c,
            `Job ${key} hit the daily bytes quota scanning events_raw. Switching to the partitioned daily rollup.`,
          ),
          ...mentions(c, 'error', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'constraint',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `revenue figures must come from finance_mart.fct_revenue_${key}, never from events_raw`;
      const thread = JSON.stringify(
        {
          channel: '#data-requests',
          messages: [
            { user: 'U04FIN', name: 'maria.k', text: 'Is anyone pulling numbers for the board deck?' },
            {
              user: 'U02DAT',
              name: 'tobias',
              text: `Yes. Finance signed off on one rule: ${needle}. Events double count refunds.`,
            },
            { user: 'U04FIN', name: 'maria.k', text: 'perfect, thanks' },
          ],
        },
        null,
        1,
      );
      return {
        fact: { kind: 'constraint', how: 'tool-slack', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                {
                  name: 'slack_fetch_thread',
                  args: { channel: 'C05DATAREQ', ts: '1718183401.002100' },
                  output: thread,
                },
              ],
            },
          },
          ...mentions(c, 'constraint', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'file',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `sql/adhoc/2024-06-12_${key}_churn_reconcile.sql`;
      const content = `-- reconcile board churn with finance\nSELECT region, SUM(churned_mrr) / SUM(start_mrr) AS churn\nFROM \`acme-analytics.finance_mart.fct_subscriptions\`\nWHERE month = '2024-05-01'\nGROUP BY 1;\n`;
      return {
        fact: { kind: 'file', how: 'agent-write', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              say: 'Saving the query so finance can rerun it.',
              calls: [
                {
                  name: 'write_file',
                  args: { path: needle, content },
                  output: `created ${needle} (${content.length} bytes)`,
                },
              ],
            },
          },
          ...mentions(c, 'file', key, 1, 2),
        ],
      };
    },
  },
];

const bigquery: DistHarness = {
  protocol: 'native',
  lang: 'en',
  system:
    "You are a BI analyst agent for Acme's data team. You query BigQuery (project acme-analytics) with bq_query, inspect tables with bq_show_schema, read Looker looks and Slack threads. Prefer finance_mart tables; cite the query behind every number.",
  tools: ['bq_query', 'bq_show_schema', 'looker_get_look', 'slack_fetch_thread', 'write_file'],
  callId: (r) => `call_${chars(r, B62, 24)}`,
  opening: (r, goal, rules) =>
    `Hey, for the board deck I need you to ${goal}.${rules ? ` Ground rule: ${rules}.` : ''} ${r.pick(['Deadline is Thursday.', 'Maria from finance is waiting on this.'])}`,
  asks: [
    'what about NA?',
    'split that by plan',
    'ok',
    'can you double-check the totals',
    'go on',
    'and week over week?',
  ],
  acks: ['Numbers are in; totals match the look within rounding.', 'Done, query saved.', 'Split added.', 'OK.'],
  noise: [queryNoise, schemaNoise, lookNoise, countNoise],
  phrases: {
    token: 'word',
    goal: [
      (k) => `explain why EMEA net revenue dropped in the ${k} reporting week`,
      (k) => `reconcile the Q2 churn on look ${k} with finance's figure`,
      (k) => `build the cohort retention table for the ${k} pricing change`,
    ],
    constraint: [
      (k) => `exclude test accounts flagged ${k} from every metric`,
      (k) => `use fiscal weeks (calendar ${k}), not ISO weeks`,
    ],
    options: [
      (k) => [
        `attribute revenue by last non-direct click within the ${k} window`,
        `attribute revenue by first touch for ${k}`,
        `split ${k} revenue linearly across touches`,
      ],
      (k) => [
        `report churn on MRR for ${k}`,
        `report churn on logos for ${k}`,
        `report both churn figures for ${k} side by side`,
      ],
    ],
    pending: [
      (k) => `send Maria the ${k} query so finance can rerun it`,
      (k) => `add the ${k} breakdown to the Looker dashboard`,
      (k) => `check the APAC numbers against ${k} once the backfill finishes`,
    ],
  },
  planters: bqPlanters,
  writeDoc: (r, path, content) => ({
    name: 'write_file',
    args: { path, content },
    output: `created ${path} (${content.length} bytes)`,
  }),
  docs: {
    adr: (n) => `decisions/${n}-metrics.md`,
    changelog: 'CHANGELOG.md',
    handoff: 'HANDOFF.md',
    pr: 'pr_description.md',
  },
};

// ---------------------------------------------------------------- ios (Japanese-speaking user)

const SWIFT = [
  'CartStore',
  'CheckoutViewModel',
  'CouponSheet',
  'ProductListView',
  'OrderHistoryView',
  'APIClient',
  'ImageCache',
];

function xb(r: Rng, action: string, out: string, exit = 0): DistCall {
  return {
    name: 'xcodebuild',
    args: { scheme: 'Shop', destination: 'platform=iOS Simulator,name=iPhone 15 Pro', action },
    output: out,
    status: exit ? 'error' : 'ok',
    exitCode: exit,
  };
}

function buildNoise(r: Rng): DistStep {
  const out = `Command line invocation:\n    /Applications/Xcode-15.4.app/Contents/Developer/usr/bin/xcodebuild -scheme Shop build\n\n${lines(
    sizeOf(r, 5, 60, 400),
    () => {
      const f = r.pick(SWIFT);
      return `SwiftCompile normal arm64 /Users/ci/shop-ios/ShopKit/Sources/${f}.swift (in target 'ShopKit' from project 'Shop')\n    cd /Users/ci/shop-ios\n    builtin-swiftTaskExecution -- /Applications/Xcode-15.4.app/.../swift-frontend -frontend -c -primary-file ${f}.swift -module-name ShopKit -o ${f}.o`;
    },
  )}\n\n** BUILD SUCCEEDED **`;
  return { calls: [xb(r, 'build', out)] };
}

function testNoise(r: Rng): DistStep {
  const n = sizeOf(r, 5, 40, 250);
  const out = `${lines(n, () => {
    const t = `-[ShopKitTests.${r.pick(SWIFT)}Tests test${r.pick(['Merge', 'Apply', 'Decode', 'Empty', 'Retry'])}${r.int(1, 9)}]`;
    return `Test Case '${t}' started.\nTest Case '${t}' passed (${(r.int(1, 900) / 1000).toFixed(3)} seconds).`;
  })}\n\nTest Suite 'All tests' passed at 2024-06-12 09:${r.int(10, 59)}:${r.int(10, 59)}.${r.int(100, 999)}.\n\t Executed ${n} tests, with 0 failures (0 unexpected) in ${r.int(2, 90)}.${r.int(100, 999)} seconds\n** TEST SUCCEEDED **`;
  return { calls: [xb(r, 'test', out)] };
}

function simNoise(r: Rng): DistStep {
  const devices = Array.from(
    { length: sizeOf(r, 3, 12, 40) },
    () =>
      `    ${r.pick(['iPhone 15', 'iPhone 15 Pro', 'iPhone SE (3rd generation)', 'iPad Air (5th generation)'])} (${uuid(r).toUpperCase()}) (Shutdown)`,
  );
  return {
    calls: [
      {
        name: 'simctl',
        args: { args: ['list', 'devices', 'available'] },
        output: `== Devices ==\n-- iOS 17.5 --\n${devices.join('\n')}`,
      },
    ],
  };
}

function swiftReadNoise(r: Rng): DistStep {
  const f = r.pick(SWIFT);
  const body = lines(
    sizeOf(r, 10, 80, 300),
    (i) =>
      `${String(i + 1).padStart(4)}\t${r.pick(['    func merge(_ other: Cart) {', '        guard let id = other.id else { return }', '    }', '', '    @Published private(set) var items: [LineItem] = []', '        items.removeAll { $0.sku == sku }', 'final class CartStore: ObservableObject {'])}`,
  );
  return { calls: [{ name: 'read_file', args: { path: `ShopKit/Sources/${f}.swift` }, output: body }] };
}

function crashLog(r: Rng, frame: string): string {
  const other = (i: number) =>
    `${String(i).padEnd(4)}${r.pick(['libswiftCore.dylib', 'SwiftUI', 'UIKitCore', 'libdispatch.dylib'])}\t0x${hex(r, 9)} ${r.pick(['_assertionFailure(_:_:file:line:flags:)', 'closure #1 in View.body.getter', '_dispatch_call_block_and_release', '-[UIApplication _run]'])} + ${r.int(40, 900)}`;
  return `Incident Identifier: ${uuid(r).toUpperCase()}\nHardware Model:      iPhone15,3\nProcess:             Shop [${r.int(1000, 9999)}]\nVersion:             4.12.0 (${r.int(1000, 2000)})\nOS Version:          iPhone OS 17.5 (21F79)\n\nException Type:  EXC_BREAKPOINT (SIGTRAP)\nTermination Reason: SIGNAL 5 Trace/BPT trap: 5\n\nThread 0 Crashed::  Dispatch queue: com.apple.main-thread\n${other(0)}\n${other(1)}\n${other(2)}\n${frame}\n${lines(r.int(4, 40), (i) => other(i + 4))}\n\nBinary Images:\n${lines(r.int(5, 60), () => `0x${hex(r, 9)} - 0x${hex(r, 9)} ${r.pick(['Shop', 'ShopKit', 'SwiftUI', 'libswiftCore.dylib'])} arm64  <${hex(r, 32)}>`)}`;
}

const iosPlanters: Planter[] = [
  {
    kind: 'error',
    plant: (c) => {
      const key = c.mint('hex');
      const line = c.r.int(120, 480);
      const needle = `ShopKit\t0x1${key} CartStore.merge(_:) + 1184 (CartStore.swift:${line})`;
      return {
        fact: { kind: 'error', how: 'tool-crashlog', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                {
                  name: 'shell',
                  args: {
                    cmd: 'xcrun crashlog symbolicate ~/Downloads/Shop-2024-06-12-094112.ips --dsym build/Shop.app.dSYM',
                  },
                  output: crashLog(c.r, `3   ${needle}`),
                },
              ],
            },
          },
          saying(c, `Frame 3 at 0x1${key} is CartStore.merge, a force-unwrap on line ${line}. Opening it.`),
          ...mentions(c, 'error', key, 1, 2),
        ],
      };
    },
  },
  {
    kind: 'value',
    plant: (c) => {
      const key = c.mint('hex');
      const udid = `${key.toUpperCase()}-${hex(c.r, 4).toUpperCase()}-4${hex(c.r, 3).toUpperCase()}-A${hex(c.r, 3).toUpperCase()}-${hex(c.r, 12).toUpperCase()}`;
      const needle = `iPhone 15 Pro Max (${udid}) (Booted)`;
      const out = (simNoise(c.r).calls[0] as DistCall).output.replace(
        '-- iOS 17.5 --\n',
        `-- iOS 17.5 --\n    ${needle}\n`,
      );
      return {
        fact: { kind: 'value', how: 'tool-simctl', needle, key },
        beats: [
          {
            t: 'step',
            step: { calls: [{ name: 'simctl', args: { args: ['list', 'devices', 'available'] }, output: out }] },
          },
          saying(c, `Using the booted simulator ${key}… for the UI test runs.`),
          {
            t: 'step',
            step: { calls: [{ name: 'simctl', args: { args: ['install', udid, 'build/Shop.app'] }, output: '' }] },
          },
          ...mentions(c, 'value', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'file',
    plant: (c) => {
      const key = c.mint('upper');
      const needle = `ShopKitTests/CartMergeRegression${key}Tests.swift`;
      return {
        fact: { kind: 'file', how: 'agent-edit', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                {
                  name: 'edit_file',
                  args: {
                    path: needle,
                    old: '',
                    new: `import XCTest\n@testable import ShopKit\n\nfinal class CartMergeRegression${key}Tests: XCTestCase {\n    func testMergeWithNilIdDoesNotCrash() {\n        let store = CartStore()\n        store.merge(Cart(id: nil, items: []))\n        XCTAssertTrue(store.items.isEmpty)\n    }\n}\n`,
                  },
                  output: 'File created.',
                },
              ],
            },
          },
          ...mentions(c, 'file', key, 1, 2),
        ],
      };
    },
  },
  {
    kind: 'constraint',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `/ShopKit/Sources/Payments/ @shop-ios/payments-${key}`;
      const out = `# Each line is a file pattern followed by one or more owners.\n*                         @shop-ios/core\n/Shop/Resources/          @shop-ios/design\n${needle}   # no changes without their approval (PCI scope)\n/fastlane/                @shop-ios/release\n`;
      return {
        fact: { kind: 'constraint', how: 'tool-codeowners', needle, key },
        beats: [
          { t: 'step', step: { calls: [{ name: 'read_file', args: { path: '.github/CODEOWNERS' }, output: out }] } },
          saying(c, `Payments is owned by payments-${key}, so I will route around it instead of touching that folder.`),
        ],
      };
    },
  },
];

const ios: DistHarness = {
  protocol: 'native',
  lang: 'ja',
  system:
    "You are an iOS engineering agent for the Shop app (Swift 5.10, SwiftUI, Xcode 15.4). Use xcodebuild and simctl tools, shell for everything else, read_file/edit_file for code. Answer in the user's language when they write to you.",
  tools: ['xcodebuild', 'simctl', 'shell', 'read_file', 'edit_file'],
  callId: (r) => `toolu_01${chars(r, B62, 22)}`,
  opening: (r, goal, rules) =>
    `こんにちは。${goal} をお願いします。${rules ? `注意点：${rules}。` : ''}${r.pick(['リリースは金曜です。', 'クラッシュ率が上がっています。'])}`,
  asks: [
    'どうですか？',
    'テストをもう一回回してください',
    'OK',
    '続けてください',
    'シミュレータで確認できますか？',
    '次は？',
  ],
  acks: ['ビルドは通りました。', 'Tests pass on the simulator.', '完了しました。', 'No crash on that path now.'],
  noise: [buildNoise, testNoise, simNoise, swiftReadNoise],
  phrases: {
    token: 'word',
    goal: [
      (k) => `バージョン4.12の ${k} クラッシュを直す`,
      (k) => `fix the cart-merge crash reported in TestFlight build ${k}`,
      (k) => `クーポン画面 ${k} の表示崩れを直してUIテストを追加する`,
    ],
    constraint: [
      (k) => `iOS 16 のサポートは切らないこと（${k}）`,
      (k) => `no third-party SDKs in ShopKit, legal ticket ${k}`,
    ],
    options: [
      (k) => [
        `make Cart.id non-optional and migrate stored carts (${k})`,
        `guard against nil ids in CartStore.merge for ${k}`,
        `drop the merge on login for ${k}`,
      ],
      (k) => [
        `ship the ${k} fix as a 4.12.1 hotfix`,
        `hold the ${k} fix for 4.13`,
        `put the ${k} fix behind a remote flag`,
      ],
    ],
    pending: [
      (k) => `dSYM を Crashlytics に再アップロードする（${k}）`,
      (k) => `add a UI test for the coupon sheet ${k}`,
      (k) => `write release notes for the ${k} hotfix`,
    ],
  },
  planters: iosPlanters,
  writeDoc: (r, path, content) => ({
    name: 'edit_file',
    args: { path, old: '', new: content },
    output: 'File created.',
  }),
  docs: {
    adr: (n) => `Docs/ADR/${String(n).padStart(3, '0')}.md`,
    changelog: 'CHANGELOG.md',
    handoff: 'Docs/handoff.md',
    pr: '.github/pull_request_body.md',
  },
};

// ---------------------------------------------------------------- nomad / consul

const JOBS = ['payments-api', 'ledger-worker', 'gateway', 'notifier', 'search-indexer'];

function sh(r: Rng, cmd: string, out: string, exit = 0): DistCall {
  return { name: 'sh', args: { cmd }, output: out, status: exit ? 'error' : 'ok', exitCode: exit };
}

function jobStatusNoise(r: Rng): DistStep {
  const job = r.pick(JOBS);
  const allocs = Array.from({ length: sizeOf(r, 2, 20, 120) }, () => [
    hex(r, 8),
    hex(r, 8),
    'web',
    String(r.int(10, 40)),
    'run',
    r.pick(['running', 'running', 'complete', 'failed']),
    `${r.int(1, 59)}m ago`,
    `${r.int(1, 59)}m ago`,
  ]);
  const out = `ID            = ${job}\nName          = ${job}\nType          = service\nPriority      = 50\nDatacenters   = dc1,dc2\nStatus        = running\n\nAllocations\n${table(['ID', 'Node ID', 'Task Group', 'Version', 'Desired', 'Status', 'Created', 'Modified'], allocs, false)}`;
  return { calls: [sh(r, `nomad job status ${job}`, out)] };
}

function planNoise(r: Rng): DistStep {
  const job = r.pick(JOBS);
  const out = `+/- Job: "${job}"\n+/- Task Group: "web" (1 create/destroy update, ${r.int(1, 9)} ignore)\n  +/- Task: "app" (forces create/destroy update)\n    +/- Config {\n      +/- image: "registry.internal/${job}:${r.int(100, 300)}" => "registry.internal/${job}:${r.int(301, 400)}"\n        }\n\nScheduler dry-run:\n- All tasks successfully allocated.\n\nJob Modify Index: ${r.int(10000, 99999)}\nTo submit the job with version verification run:\n\nnomad job run -check-index ${r.int(10000, 99999)} jobs/${job}.nomad.hcl`;
  return { calls: [sh(r, `nomad job plan jobs/${job}.nomad.hcl`, out, 1)] };
}

function membersNoise(r: Rng): DistStep {
  const rows = Array.from({ length: sizeOf(r, 3, 25, 150) }, (_, i) => [
    `${r.pick(['srv', 'cli'])}-${i}`,
    `10.8.${r.int(0, 9)}.${r.int(2, 250)}:8301`,
    r.pick(['alive', 'alive', 'alive', 'failed', 'left']),
    r.pick(['server', 'client']),
    '1.18.2',
    '2/3/3',
    r.pick(['dc1', 'dc2']),
    '<default>',
  ]);
  return {
    calls: [
      sh(
        r,
        'consul members',
        table(['Node', 'Address', 'Status', 'Type', 'Build', 'Protocol', 'DC', 'Partition'], rows, false),
      ),
    ],
  };
}

function allocLogsNoise(r: Rng): DistStep {
  const out = lines(
    sizeOf(r, 5, 40, 300),
    (i) =>
      `{"level":"${r.pick(['info', 'info', 'warn'])}","ts":"${stamp(i)}Z","msg":"${r.pick(['request served', 'pool stats', 'retrying upstream', 'health check ok'])}","route":"/v1/${r.pick(['charges', 'refunds', 'payouts'])}","dur_ms":${r.int(1, 900)}}`,
  );
  return { calls: [sh(r, `nomad alloc logs -job ${r.pick(JOBS)} -tail -n 300`, out)] };
}

function readHclNoise(r: Rng): DistStep {
  const job = r.pick(JOBS);
  const out = `job "${job}" {\n  datacenters = ["dc1", "dc2"]\n  type        = "service"\n\n  group "web" {\n    count = ${r.int(2, 12)}\n    update {\n      max_parallel = 1\n      canary       = 1\n      auto_revert  = true\n    }\n    task "app" {\n      driver = "docker"\n      config { image = "registry.internal/${job}:${r.int(100, 400)}" }\n      resources { cpu = ${r.int(2, 20)}00  memory = ${r.int(2, 16)}00 }\n    }\n  }\n}\n`;
  return { calls: [{ name: 'read', args: { path: `jobs/${job}.nomad.hcl` }, output: out }] };
}

const nomadPlanters: Planter[] = [
  {
    kind: 'error',
    plant: (c) => {
      const key = c.mint('hex');
      const needle = `alloc ${key}: Driver Failure: failed to pull image registry.internal/payments-api:412: manifest unknown`;
      const out = `ID                  = ${key}-${hex(c.r, 4)}-${hex(c.r, 4)}-${hex(c.r, 4)}-${hex(c.r, 12)}\nName                = payments-api.web[0]\nClient Status       = failed\n\nRecent Events:\nTime                       Type            Description\n2024-06-12T09:41:07Z       Killing         Sent interrupt. Waiting 5s before force killing\n2024-06-12T09:41:02Z       Driver Failure  ${needle.replace(`alloc ${key}: Driver Failure: `, '')}\n2024-06-12T09:40:58Z       Driver          Downloading image\n\nalloc status summary: ${needle}\n`;
      return {
        fact: { kind: 'error', how: 'tool-allocstatus', needle, key },
        beats: [
          { t: 'step', step: { calls: [sh(c.r, `nomad alloc status ${key}`, out, 0)] } },
          saying(c, `Allocation ${key} never started: the 412 tag is not in the registry. Checking what CI pushed.`),
          ...mentions(c, 'error', key, 1, 2),
        ],
      };
    },
  },
  {
    kind: 'value',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `Value            pool-${key}:max_conns=${c.r.int(41, 97)}`;
      const out = `CreateIndex      ${c.r.int(10000, 99999)}\nFlags            0\nKey              config/payments-api/db_pool\nLockIndex        0\nModifyIndex      ${c.r.int(10000, 99999)}\nSession          -\n${needle}`;
      return {
        fact: { kind: 'value', how: 'tool-consulkv', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                {
                  name: 'consul_kv',
                  args: { op: 'get', key: 'config/payments-api/db_pool', detailed: true },
                  output: out,
                },
              ],
            },
          },
          saying(c, `Pool ${key} is what the template renders into the task env; matching the new job to it.`),
          ...mentions(c, 'value', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'file',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `jobs/payments-api-canary-${key}.nomad.hcl`;
      const content = `job "payments-api-canary" {\n  datacenters = ["dc1"]\n  group "web" {\n    count = 1\n  }\n}\n`;
      return {
        fact: { kind: 'file', how: 'agent-write', needle, key },
        beats: [
          {
            t: 'step',
            step: { calls: [{ name: 'write', args: { path: needle, content }, output: `wrote ${needle}` }] },
          },
          { t: 'step', step: { calls: [sh(c.r, `nomad job validate ${needle}`, 'Job validation successful')] } },
          ...mentions(c, 'file', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'constraint',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `no job updates in datacenter dc2-${key} between Friday 16:00 and Monday 08:00`;
      const out = `# change-policy.yaml (owned by SRE)\nversion: 3\nfreeze:\n  - ${needle}\n  - quarter-end freeze applies to payments-* in all datacenters\napprovals:\n  payments-*: [sre-oncall]\n`;
      return {
        fact: { kind: 'constraint', how: 'tool-policy', needle, key },
        beats: [
          { t: 'step', step: { calls: [{ name: 'read', args: { path: 'policy/change-policy.yaml' }, output: out }] } },
          ...mentions(c, 'constraint', key, 0, 1),
        ],
      };
    },
  },
];

const nomad: DistHarness = {
  protocol: 'native',
  lang: 'en',
  system:
    'You are an operations agent for a HashiCorp Nomad/Consul/Vault platform (Nomad 1.7, Consul 1.18). Use `sh` for the CLIs, `read`/`write` for job files, `consul_kv` for KV. Plan before you run; never `nomad job stop -purge`.',
  tools: ['sh', 'read', 'write', 'consul_kv'],
  callId: (r) => `call_${uuid(r).replace(/-/g, '').slice(0, 24)}`,
  opening: (r, goal, rules) =>
    `We need to ${goal}.${rules ? ` Constraint from SRE: ${rules}.` : ''} Job files are in ./jobs. ${r.pick(['On-call is aware.', 'Ping me before anything hits dc2.'])}`,
  asks: ['status?', 'plan it again', 'ok', 'what do the allocs say', 'go ahead', 'check consul too'],
  acks: ['Plan is clean; nothing applied yet.', 'Allocations healthy.', 'Done.', 'Still converging, give it a minute.'],
  noise: [jobStatusNoise, planNoise, membersNoise, allocLogsNoise, readHclNoise],
  phrases: {
    token: 'word',
    goal: [
      (k) => `roll payments-api onto the new ${k} node pool without downtime`,
      (k) => `find out why ledger-worker allocations keep failing in rack ${k}`,
      (k) => `move gateway off Consul templates onto Nomad variables (${k})`,
    ],
    constraint: [
      (k) => `keep at least 3 healthy payments-api allocs in pool ${k} at all times`,
      (k) => `do not touch the Vault policies for ${k}, security owns them`,
    ],
    options: [
      (k) => [
        `pin the canary to node pool ${k}`,
        `spread the canary across ${k} and the old pool`,
        `blue/green the ${k} rollout with a second job`,
      ],
      (k) => [`raise max_conns in the ${k} pool`, `add two allocs to the ${k} group`, `put pgbouncer in front of ${k}`],
    ],
    pending: [
      (k) => `drain and decommission the old ${k} nodes`,
      (k) => `remove the ${k} Consul template once variables are live`,
      (k) => `update the runbook for the ${k} rollout`,
    ],
  },
  planters: nomadPlanters,
  writeDoc: (r, path, content) => ({ name: 'write', args: { path, content }, output: `wrote ${path}` }),
  docs: {
    adr: (n) => `docs/adr/${String(n).padStart(4, '0')}.md`,
    changelog: 'CHANGELOG.md',
    handoff: 'HANDOFF.md',
    pr: 'PR.md',
  },
};

// ---------------------------------------------------------------- evals (Responses items rendered as chat)

const LABELS = ['positive', 'negative', 'neutral', 'mixed'];

function jsonlNoise(r: Rng): DistStep {
  const n = sizeOf(r, 3, 25, 200);
  const out = lines(n, (i) =>
    JSON.stringify({
      id: `ex-${hex(r, 6)}`,
      text: r
        .pick([
          'The delivery was late but support fixed it quickly.',
          'Terrible, never again.',
          'It works. That is all.',
          'Loved the packaging, hated the app.',
        ])
        .repeat(r.int(1, 6)),
      label: r.pick(LABELS),
      annotator: `a${r.int(1, 12)}`,
      idx: i,
    }),
  );
  return {
    calls: [
      { name: 'read_jsonl', args: { path: `data/${r.pick(['train', 'dev', 'relabel'])}.jsonl`, n }, output: out },
    ],
  };
}

function evalRunNoise(r: Rng): DistStep {
  const total = r.pick([200, 500, 1000]);
  const ticks = lines(
    sizeOf(r, 2, 10, 60),
    (i) =>
      `\r${Math.min(100, i * 7)}%|${bar(Math.min(100, i * 7), 10)}| ${Math.min(total, Math.round((i * 7 * total) / 100))}/${total} [00:${String(i % 60).padStart(2, '0')}<00:41, ${r.int(8, 14)}.${r.int(1, 9)}it/s]`,
  );
  const out = `${ticks}\n{'accuracy': 0.${r.int(700, 899)}, 'macro_f1': 0.${r.int(650, 880)}, 'n': ${total}}`;
  return {
    calls: [
      {
        name: 'python',
        args: { code: `from evalkit import run\nrun('configs/judge.yaml', split='dev', limit=${total})` },
        output: out,
      },
    ],
  };
}

function pandasNoise(r: Rng): DistStep {
  const out = `label\n${LABELS.map((l) => `${l.padEnd(12)}${r.int(50, 9000)}`).join('\n')}\nName: count, dtype: int64\n\n${table(
    ['', 'positive', 'negative', 'neutral', 'mixed'],
    LABELS.map((l) => [l, ...LABELS.map(() => String(r.int(0, 400)))]),
    false,
  )}`;
  return {
    calls: [
      {
        name: 'python',
        args: {
          code: "df = pd.read_json('data/dev.jsonl', lines=True)\nprint(df.label.value_counts())\nprint(pd.crosstab(df.label, df.pred))",
        },
        output: out,
      },
    ],
  };
}

function agreementNoise(r: Rng): DistStep {
  const rows = Array.from({ length: sizeOf(r, 3, 12, 40) }, (_, i) => [
    `a${i + 1}`,
    String(r.int(100, 3000)),
    `0.${r.int(40, 95)}`,
  ]);
  return {
    calls: [
      {
        name: 'python',
        args: { code: 'print(agreement_table(df))' },
        output: table(['annotator', 'items', 'kappa_vs_gold'], rows, false),
      },
    ],
  };
}

const evalPlanters: Planter[] = [
  {
    kind: 'error',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `JSONDecodeError: Unterminated string starting at: line 1 column 2049 (char 2048) in shard-${key}.jsonl`;
      const out = `Traceback (most recent call last):\n  File "/work/evalkit/io.py", line 41, in read_shards\n    rows.extend(json.loads(l) for l in fh)\n  File "/usr/lib/python3.11/json/__init__.py", line 346, in loads\n    return _default_decoder.decode(s)\njson.decoder.${needle}`;
      return {
        fact: { kind: 'error', how: 'tool-traceback', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [
                { name: 'python', args: { code: "rows = read_shards('data/relabel/')" }, output: out, status: 'error' },
              ],
            },
          },
          saying(c, `shard-${key} has a truncated line at 2048 characters, probably the exporter's buffer.`),
          ...mentions(c, 'error', key, 0, 2),
        ],
      };
    },
  },
  {
    kind: 'value',
    plant: (c) => {
      const key = c.mint('word');
      const f1 = `0.${c.r.int(7000, 9400)}`;
      const rows = Array.from({ length: sizeOf(c.r, 5, 30, 120) }, () => [
        `run-${chars(c.r, 'abcdef0123456789', 6)}`,
        c.r.pick(['judge-v1', 'judge-v2', 'baseline']),
        `0.${c.r.int(6000, 8999)}`,
        String(c.r.pick([200, 500, 1000])),
      ]);
      rows.splice(c.r.int(0, rows.length), 0, [`run-${key}`, 'judge-v3', f1, '1000']);
      const out = table(['run', 'judge', 'macro_f1', 'n'], rows, false);
      const line = out.split('\n').find((l) => l.includes(`run-${key}`)) ?? '';
      const needle = line.slice(line.indexOf(`run-${key}`), line.indexOf(f1) + f1.length);
      return {
        fact: { kind: 'value', how: 'tool-runs', needle, key },
        beats: [
          {
            t: 'step',
            step: { calls: [{ name: 'python', args: { code: 'print(runs_table(limit=200))' }, output: out }] },
          },
          saying(c, `run-${key} (judge-v3) is the best so far at ${f1}; using it as the reference.`),
          ...mentions(c, 'value', key, 0, 1),
        ],
      };
    },
  },
  {
    kind: 'file',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `configs/judge_${key}.yaml`;
      const content = `model: judge-v3\ntemperature: 0\nrubric: rubrics/sentiment_v4.md\nlabels: [positive, negative, neutral, mixed]\n`;
      return {
        fact: { kind: 'file', how: 'agent-write', needle, key },
        beats: [
          {
            t: 'step',
            step: {
              calls: [{ name: 'write_file', args: { path: needle, content }, output: `wrote ${content.length} bytes` }],
            },
          },
          ...mentions(c, 'file', key, 1, 2),
        ],
      };
    },
  },
  {
    kind: 'constraint',
    plant: (c) => {
      const key = c.mint('word');
      const needle = `never use split test-${key} for prompt or rubric tuning`;
      const card = `---\nlicense: cc-by-nc-4.0\ntask_categories: [text-classification]\nconfigs:\n  - config_name: default\n    data_files: [train.jsonl, dev.jsonl]\nusage_rules:\n  - ${needle}\n  - annotator ids are pseudonymous; do not join them with HR data\n---\n# Support sentiment v4\n`;
      return {
        fact: { kind: 'constraint', how: 'tool-datacard', needle, key },
        beats: [
          {
            t: 'step',
            step: { calls: [{ name: 'read_jsonl', args: { path: 'data/README.md', raw: true }, output: card }] },
          },
          ...mentions(c, 'constraint', key, 0, 1),
        ],
      };
    },
  },
];

const evals: DistHarness = {
  protocol: 'responses',
  lang: 'en',
  system:
    'You are an evaluation engineer agent. Call tools by emitting function_call items; their results come back as function_call_output items. Tools: python (stateful kernel with pandas and evalkit), read_jsonl, write_file. Keep eval splits clean.',
  tools: ['python', 'read_jsonl', 'write_file'],
  callId: (r) => `call_${chars(r, B62, 24)}`,
  opening: (r, goal, rules) =>
    `Task: ${goal}.${rules ? ` Rule: ${rules}.` : ''} Data is under data/, evalkit is installed. ${r.pick(['Report numbers with n.', 'Keep a log of runs.'])}`,
  asks: [
    'numbers?',
    'rerun on dev',
    'ok',
    'what does the confusion matrix say',
    'continue',
    'check annotator agreement',
  ],
  acks: ['Run finished; numbers above.', 'Agreement is fine except two annotators.', 'Done.', 'OK.'],
  noise: [jsonlNoise, evalRunNoise, pandasNoise, agreementNoise],
  phrases: {
    token: 'word',
    goal: [
      (k) => `relabel the ${k} batch and measure judge agreement against gold`,
      (k) => `find out why macro-F1 on slice ${k} dropped after the rubric change`,
      (k) => `pick a judge model for the ${k} sentiment eval`,
    ],
    constraint: [
      (k) => `temperature 0 for every judge call in eval ${k}`,
      (k) => `keep annotator a7 out of gold set ${k}`,
    ],
    options: [
      (k) => [`merge mixed into neutral for ${k}`, `keep mixed as its own label in ${k}`, `drop mixed items from ${k}`],
      (k) => [
        `use judge-v3 as the ${k} reference`,
        `ensemble judge-v2 and v3 for ${k}`,
        `keep human gold only for ${k}`,
      ],
    ],
    pending: [
      (k) => `re-export shard ${k} from the labeling tool`,
      (k) => `ask the labeling vendor about annotator drift in ${k}`,
      (k) => `write up the ${k} results for the eval review`,
    ],
  },
  planters: evalPlanters,
  writeDoc: (r, path, content) => ({
    name: 'write_file',
    args: { path, content },
    output: `wrote ${content.length} bytes`,
  }),
  docs: { adr: (n) => `docs/decisions/${n}.md`, changelog: 'CHANGELOG.md', handoff: 'HANDOFF.md', pr: 'PR_BODY.md' },
};

/** The other four harnesses. */
export const DIST_HARNESSES_B = { bigquery, ios, nomad, evals } as const;
