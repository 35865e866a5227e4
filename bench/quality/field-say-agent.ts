/**
 * What the field family's agents decide, leave for later, touch and look up, per domain:
 * decisions (with the reasoning and the line of code or config that carries them out),
 * pending steps, files, and values that appear in tool output. field-facts-agent.ts plants them.
 */
import { claim, word, type Eco, type World } from './field-core';
import { pascal } from './field-names';

export function commentPrefix(path: string): string {
  return /\.(py|rb|ex|exs|yaml|yml|tf|sh|toml)$/.test(path) ? '#' : /\.sql$/.test(path) ? '--' : '//';
}

/** A one-line assignment in the ecosystem's syntax. */
export function assign(eco: Eco, name: string, expr: string): string {
  switch (eco) {
    case 'python':
    case 'ruby':
      return `    ${name} = ${expr}`;
    case 'go':
      return `\t${name} := ${expr}`;
    case 'rust':
      return `    let ${name} = ${expr};`;
    case 'java':
    case 'dotnet':
      return `        var ${name} = ${expr};`;
    case 'php':
      return `        $${name} = ${expr};`;
    case 'swift':
      return `        let ${name} = ${expr}`;
    case 'elixir':
      return `    ${name} = ${expr}`;
    default:
      return `  const ${name} = ${expr};`;
  }
}

export interface Decision {
  needle: string;
  /** The assistant's sentence deciding it, with the reason. */
  prose: string;
  /** The decision as a plan line. */
  line: string;
  /** The file that carries it out and the line added there. */
  path: string;
  code: string;
  style: string;
}

type DMaker = (w: World, cw: string) => Decision;

/** A path of the domain with the codename in it (files planted as facts). */
export function cwPath(w: World, cw: string): string {
  const C = pascal(cw);
  const app = w.name.replace(/-/g, '_');
  const by: Record<World['domain'], string[]> = {
    code: {
      ts: [`src/${cw}/limiter.ts`, `src/routes/${cw}-quotes.ts`, `src/lib/${cw}-client.ts`],
      python: [`${app}/${cw}/window.py`, `${app}/jobs/${cw}_export.py`],
      go: [`internal/${cw}/window.go`, `internal/${cw}/client.go`],
      rust: [`src/${cw}/frame.rs`, `src/${cw}.rs`],
      java: [`src/main/java/com/acme/${app}/${cw}/${C}Service.java`],
      dotnet: [`src/${pascal(w.name)}.Core/${C}/${C}Handler.cs`],
      ruby: [`app/services/${cw}_importer.rb`, `lib/${app}/${cw}.rb`],
      php: [`app/Services/${C}Service.php`, `app/Http/Middleware/${C}Throttle.php`],
      swift: [`Sources/${pascal(w.name)}/${C}Store.swift`],
      elixir: [`lib/${app}/${cw}/retry.ex`, `lib/${app}_web/plugs/${cw}_throttle.ex`],
    }[w.eco],
    ops: [
      `modules/${cw}/main.tf`,
      `charts/${cw}-api/values-prod.yaml`,
      `clusters/prod/${cw}/kustomization.yaml`,
      `runbooks/${cw}.md`,
    ],
    data: [`models/marts/${cw}_orders.sql`, `notebooks/${cw}_retention.ipynb`, `queries/${cw}_cohorts.sql`],
    web: [`tests/e2e/${cw}.spec.ts`, `tests/fixtures/${cw}-cart.json`, `tests/pages/${C}Page.ts`],
  };
  const p = w.rng.pick(by[w.domain]);
  return w.windows ? p.replace(/\//g, '\\') : p;
}

const DECISIONS: Record<World['domain'], DMaker[]> = {
  code: [
    (w, cw) => ({
      needle: `${pascal(cw)}Limiter`,
      style: 'token-bucket',
      prose: `I'll implement this as a token bucket per API key in a new \`${pascal(cw)}Limiter\`, not a fixed window — partner traffic is bursty by design and a fixed window would 429 legitimate bursts at the boundary.`,
      line: `Token bucket per key (\`${pascal(cw)}Limiter\`), not fixed window`,
      path: '',
      code: assign(w.eco, 'limiter', `${pascal(cw)}Limiter(20, 1)`),
    }),
    (w, cw) => ({
      needle: `${cw}_cursor`,
      style: 'keyset',
      prose: `Going with keyset pagination on (created_at, id), exposed as an opaque \`${cw}_cursor\`, instead of OFFSET: OFFSET gets slower with every page and skips rows when new ones arrive mid-export.`,
      line: `Keyset pagination via opaque \`${cw}_cursor\` (no OFFSET)`,
      path: '',
      code: assign(w.eco, `${cw}_cursor`, 'encodeCursor(last.createdAt, last.id)'),
    }),
    (w, cw) => ({
      needle: `${cw}_idem_key`,
      style: 'idempotency',
      prose: `Decision: dedupe on an idempotency key, \`${cw}_idem_key\` (batch date + source id), with a unique index, so a re-run becomes an upsert instead of a second insert.`,
      line: `Idempotency key \`${cw}_idem_key\` + unique index; re-runs upsert`,
      path: '',
      code: assign(w.eco, `${cw}_idem_key`, 'idempotencyKey(batchDate, sourceId)'),
    }),
    (w, cw) => ({
      needle: `${cw}_legacy_mode`,
      style: 'compat-switch',
      prose: `I'm keeping the old code path reachable behind \`${cw}_legacy_mode\` for one release rather than deleting it, so we can flip back without a deploy if a partner breaks.`,
      line: `Old path stays behind \`${cw}_legacy_mode\` for one release`,
      path: '',
      code: assign(w.eco, 'legacy', `settings.${cw}_legacy_mode`),
    }),
  ],
  ops: [
    (w, cw) => ({
      needle: `${cw}-consumer-hpa`,
      style: 'scale-not-restart',
      prose: `Mitigation: I'd raise maxReplicas on \`${cw}-consumer-hpa\` to 12 instead of restarting the brokers — it's reversible and doesn't drop in-flight offsets.`,
      line: `Raise maxReplicas on \`${cw}-consumer-hpa\` to 12 (no broker restarts)`,
      path: '',
      code: `  maxReplicas: 12  # ${cw}-consumer-hpa`,
    }),
    (w, cw) => ({
      needle: `${cw}-tls-external`,
      style: 'external-secret',
      prose: `I'll move the certificate to an ExternalSecret, \`${cw}-tls-external\`, sourced from the vault path instead of the hand-made secret — the hand-made one is why renewal silently failed.`,
      line: `Cert via ExternalSecret \`${cw}-tls-external\` (drop the hand-made secret)`,
      path: '',
      code: `  name: ${cw}-tls-external`,
    }),
    (w, cw) => ({
      needle: `${cw}_surge_1`,
      style: 'surge',
      prose: `Plan for the upgrade: a dedicated surge config, \`${cw}_surge_1\` (maxSurge 1, maxUnavailable 0), so only one node is ever draining.`,
      line: `Upgrade with surge config \`${cw}_surge_1\` (maxSurge 1 / maxUnavailable 0)`,
      path: '',
      code: `  upgrade_settings = "${cw}_surge_1"`,
    }),
  ],
  data: [
    (w, cw) => ({
      needle: `${cw}_active_28d`,
      style: 'definition',
      prose: `I'll define "active" as at least one login or order in the trailing 28 days — computed once as \`${cw}_active_28d\` — because the product team's DAU counts background syncs as activity.`,
      line: `Active = login or order in trailing 28 days (\`${cw}_active_28d\`)`,
      path: '',
      code: `    ${cw}_active_28d as (select user_id from raw.events where event_name in ('login', 'order_paid') and occurred_at >= current_date - 28)`,
    }),
    (w, cw) => ({
      needle: `${cw}_p50`,
      style: 'median',
      prose: `Using the median, \`${cw}_p50\`, rather than the mean: a handful of enterprise invoices are 300× the typical order and drag the mean around week to week.`,
      line: `Report median (\`${cw}_p50\`), not mean`,
      path: '',
      code: `    percentile_cont(0.5) within group (order by amount_usd) as ${cw}_p50`,
    }),
    (w, cw) => ({
      needle: `${cw}_dedup_key`,
      style: 'dedupe',
      prose: `The events double-fire, so I'll dedupe on (user_id, event_name, occurred_at truncated to the second), kept as \`${cw}_dedup_key\`, before counting anything.`,
      line: `Dedupe events on \`${cw}_dedup_key\` before counting`,
      path: '',
      code: `    md5(user_id || event_name || date_trunc('second', occurred_at)) as ${cw}_dedup_key`,
    }),
  ],
  web: [
    (w, cw) => ({
      needle: `**/api/${cw}/**`,
      style: 'route-mock',
      prose: `To make the test deterministic I'll stub the pricing calls with \`page.route('**/api/${cw}/**')\` rather than depending on staging's pricing service, which is flaky.`,
      line: `Stub pricing with page.route('**/api/${cw}/**')`,
      path: '',
      code: `  await page.route('**/api/${cw}/**', (route) => route.fulfill({ json: pricingFixture }));`,
    }),
    (w, cw) => ({
      needle: `.auth/${cw}.json`,
      style: 'storage-state',
      prose: `I'll log in once in a setup project and reuse the session from \`.auth/${cw}.json\` via storageState — logging in per test triggers the rate limiter on staging.`,
      line: `Log in once; reuse storageState \`.auth/${cw}.json\``,
      path: '',
      code: `  use: { storageState: '.auth/${cw}.json' },`,
    }),
  ],
};

export interface Pending {
  needle: string;
  /** "next I'll …" phrasing. */
  next: string;
  /** A todo/checklist item. */
  item: string;
  style: string;
}

type PMaker = (w: World, cw: string) => Pending;

const PENDING: Record<World['domain'], PMaker[]> = {
  code: [
    (w, cw) => ({
      needle: `make ${cw}-fixtures`,
      style: 'regen-fixtures',
      next: `Once this compiles I still need to regenerate the recorded responses with \`make ${cw}-fixtures\`, otherwise the offline tests will drift.`,
      item: `Regenerate recordings: \`make ${cw}-fixtures\``,
    }),
    (w, cw) => ({
      needle: `${cw.toUpperCase()}_RUNBOOK.md`,
      style: 'docs',
      next: `After the code is in, I have to update \`${cw.toUpperCase()}_RUNBOOK.md\` — it still tells on-call to restart the worker.`,
      item: `Update \`${cw.toUpperCase()}_RUNBOOK.md\` (remove restart advice)`,
    }),
    (w, cw) => ({
      needle: `${cw}_debug_dump`,
      style: 'cleanup',
      next: `Note to self: remove the temporary \`${cw}_debug_dump\` logging before this goes up for review.`,
      item: `Remove temporary \`${cw}_debug_dump\` logging`,
    }),
    (w, cw) => ({
      needle: `bench/${cw}_load.js`,
      style: 'load-test',
      next: `Then I'll run the load script \`bench/${cw}_load.js\` against staging to check the limits hold under burst.`,
      item: `Load test with \`bench/${cw}_load.js\` on staging`,
    }),
  ],
  ops: [
    (w, cw) => ({
      needle: `${cw}-debug`,
      style: 'remove-sidecar',
      next: `When this is stable I need to remove the temporary \`${cw}-debug\` sidecar again — it has a privileged security context.`,
      item: `Remove temporary \`${cw}-debug\` sidecar`,
    }),
    (w, cw) => ({
      needle: `${cw}_lag_alarm`,
      style: 'apply-after-approval',
      next: `Still to do, after approval: apply the \`${cw}_lag_alarm\` threshold change (plan is ready, not applied).`,
      item: `Apply \`${cw}_lag_alarm\` change once approved (plan ready)`,
    }),
    (w, cw) => ({
      needle: `${cw}-consumer back to 4`,
      style: 'scale-back',
      next: `Once the lag is under 10k I'll scale ${cw}-consumer back to 4 replicas.`,
      item: `Scale ${cw}-consumer back to 4 when lag < 10k`,
    }),
    (w, cw) => ({
      needle: `postmortem-${cw}`,
      style: 'postmortem',
      next: `I'll open the postmortem doc (postmortem-${cw}) with this timeline once we're out of the woods.`,
      item: `Start postmortem-${cw} doc with the timeline`,
    }),
  ],
  data: [
    (w, cw) => ({
      needle: `${cw}_refresh`,
      style: 'schedule',
      next: `Remaining: schedule \`${cw}_refresh\` in Airflow so the table updates daily instead of by hand.`,
      item: `Schedule \`${cw}_refresh\` DAG (daily)`,
    }),
    (w, cw) => ({
      needle: `out/${cw}_by_channel.png`,
      style: 'send-chart',
      next: `Then I'll export the chart to \`out/${cw}_by_channel.png\` for the deck.`,
      item: `Export chart \`out/${cw}_by_channel.png\` for the deck`,
    }),
    (w, cw) => ({
      needle: `${cw} exclusion list`,
      style: 'rerun',
      next: `I'll re-run the whole thing with the ${cw} exclusion list once finance sends it.`,
      item: `Re-run with the ${cw} exclusion list (waiting on finance)`,
    }),
  ],
  web: [
    (w, cw) => ({
      needle: `test.fixme('${cw}`,
      style: 'unskip',
      next: `After the fix deploys I'll remove the \`test.fixme('${cw}…')\` marker so the spec runs again.`,
      item: `Remove \`test.fixme('${cw}…')\` after the deploy`,
    }),
    (w, cw) => ({
      needle: `${cw} tooltip`,
      style: 'file-bug',
      next: `I also need to file a separate bug for the ${cw} tooltip overlapping the total on narrow viewports.`,
      item: `File bug: ${cw} tooltip overlaps total on narrow screens`,
    }),
  ],
};

function pick<T extends { needle: string }>(
  w: World,
  makers: ((w: World, cw: string) => T)[],
  avoid: Set<string>,
  tag: string,
): T | undefined {
  for (const i of w.rng.sample(
    makers.map((_, i) => i),
    makers.length,
  )) {
    const key = `${tag}:${w.domain}:${i}`;
    if (avoid.has(key) && w.rng.chance(0.7)) continue;
    const made = (makers[i] as (w: World, cw: string) => T)(w, word(w));
    if (!claim(w, made.needle)) continue;
    avoid.add(key);
    return made;
  }
  return undefined;
}

export function decision(w: World, avoid: Set<string>): Decision | undefined {
  const d = pick(w, DECISIONS[w.domain], avoid, 'decision');
  if (!d) return undefined;
  return { ...d, path: w.rng.pick(w.files.filter((f) => /\.(\w+)$/.test(f) && !/\.(md|json|lock)$/.test(f))) };
}

export function pending(w: World, avoid: Set<string>): Pending | undefined {
  return pick(w, PENDING[w.domain], avoid, 'pending');
}
