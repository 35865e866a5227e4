/**
 * What users of the field family's agents say: goals, constraints and values of each domain,
 * each in three registers (a sentence for prose and tickets, a bullet, a terse lowercase
 * chat line), all naming one needle. field-facts-user.ts assembles them into messages.
 */
import { claim, word, type World } from './field-core';
import { hex, pascal } from './field-names';
import type { FactKind } from './types';

export interface Said {
  kind: FactKind;
  needle: string;
  /** A full sentence or two (prose, tickets). */
  prose: string;
  bullet: string;
  /** Lowercase chat. */
  terse: string;
  style: string;
}

type Maker = (w: World, cw: string) => Omit<Said, 'kind'>;

const GOALS: Record<World['domain'], Maker[]> = {
  code: [
    (w, cw) => ({
      needle: `/v2/${cw}/quotes`,
      style: 'endpoint',
      prose: `Partners are hammering \`POST /v2/${cw}/quotes\` and the pricing service falls over. We need per-API-key rate limiting on that endpoint: 429 with a Retry-After header once a key is over its quota.`,
      bullet: `Rate-limit \`POST /v2/${cw}/quotes\` per API key (429 + Retry-After)`,
      terse: `need per-key rate limiting on /v2/${cw}/quotes, 429 + retry-after when over`,
    }),
    (w, cw) => ({
      needle: `--${cw}-window`,
      style: 'cli-flag',
      prose: `Add a \`--${cw}-window\` option to the export command so ops can re-export a bounded time range instead of the whole history; it should accept durations like 6h or 3d.`,
      bullet: `New \`--${cw}-window\` flag on export (accepts 6h / 3d style durations)`,
      terse: `add a --${cw}-window flag to export so we can re-export just a range`,
    }),
    (w, cw) => ({
      needle: `reconcile${pascal(cw)}Batches`,
      style: 'function',
      prose: `\`reconcile${pascal(cw)}Batches\` double-counts refunds that arrive after the batch closes. Make it idempotent: re-running it over the same day must not change totals.`,
      bullet: `Make \`reconcile${pascal(cw)}Batches\` idempotent (late refunds double-counted today)`,
      terse: `reconcile${pascal(cw)}Batches double counts late refunds, make it idempotent pls`,
    }),
    (w, cw) => ({
      needle: `${cw}-nightly-export`,
      style: 'job',
      prose: `The \`${cw}-nightly-export\` job has been timing out since the table passed 40M rows. It needs to stream in pages instead of loading everything into memory.`,
      bullet: `Fix \`${cw}-nightly-export\` timeouts: stream pages instead of loading all rows`,
      terse: `${cw}-nightly-export keeps timing out, make it stream instead of loading everything`,
    }),
    (w, cw) => ({
      needle: `${cw}.retry_budget`,
      style: 'setting',
      prose: `We want retries on outbound webhook calls to be governed by a single setting, \`${cw}.retry_budget\`, instead of the hard-coded 5 attempts scattered around the client.`,
      bullet: `Replace hard-coded webhook retries with one setting, \`${cw}.retry_budget\``,
      terse: `webhook retries should come from one setting (${cw}.retry_budget), not the hardcoded 5s everywhere`,
    }),
  ],
  ops: [
    (w, cw) => ({
      needle: `${cw}-ingest`,
      style: 'consumer-lag',
      prose: `Consumer lag on \`${cw}-ingest\` has been climbing since the 09:40 deploy and is now past 2M messages. Get it draining again and find out what changed.`,
      bullet: `Get \`${cw}-ingest\` consumer lag draining again (climbing since the 09:40 deploy)`,
      terse: `${cw}-ingest lag is through the roof since the deploy, get it draining`,
    }),
    (w, cw) => ({
      needle: `${cw}-pool-c2`,
      style: 'node-pool',
      prose: `Upgrade the \`${cw}-pool-c2\` node pool to the new Kubernetes minor without taking the stateful workloads down: surge one node at a time and respect the PDBs.`,
      bullet: `Upgrade node pool \`${cw}-pool-c2\` one node at a time, respecting PDBs`,
      terse: `need ${cw}-pool-c2 upgraded, one node at a time, dont break the statefulsets`,
    }),
    (w, cw) => ({
      needle: `${cw}.api.acme.io`,
      style: 'certificate',
      prose: `The TLS certificate for \`${cw}.api.acme.io\` expires in four days and cert-manager has not renewed it. Figure out why and get it renewed.`,
      bullet: `Renew the TLS cert for \`${cw}.api.acme.io\` (expires in 4 days, cert-manager stuck)`,
      terse: `cert for ${cw}.api.acme.io expires in 4 days and cert-manager isnt renewing, look pls`,
    }),
    (w, cw) => ({
      needle: `acme-${cw}-exports`,
      style: 'bucket',
      prose: `Add a new bucket \`acme-${cw}-exports\` in Terraform for the partner exports: private, versioned, objects expire after 30 days.`,
      bullet: `Terraform a bucket \`acme-${cw}-exports\` (private, versioned, 30-day expiry)`,
      terse: `we need an acme-${cw}-exports bucket in tf, private + versioned, 30d expiry`,
    }),
  ],
  data: [
    (w, cw) => ({
      needle: `${cw}_q3`,
      style: 'cohort',
      prose: `Finance wants 90-day retention for the \`${cw}_q3\` signup cohort, split by acquisition channel, compared to the same cohort a year earlier.`,
      bullet: `90-day retention of the \`${cw}_q3\` cohort by channel, vs last year`,
      terse: `need 90d retention for the ${cw}_q3 cohort by channel vs last yr`,
    }),
    (w, cw) => ({
      needle: `weekly_${cw}_revenue`,
      style: 'table',
      prose: `Build a \`weekly_${cw}_revenue\` table the dashboard can read directly: one row per ISO week and plan, net of refunds.`,
      bullet: `Create \`weekly_${cw}_revenue\` (ISO week × plan, net of refunds)`,
      terse: `can you build weekly_${cw}_revenue, week x plan, net of refunds`,
    }),
    (w, cw) => ({
      needle: `${cw}_conversion`,
      style: 'metric',
      prose: `The \`${cw}_conversion\` metric on the growth dashboard dropped 18% week over week. Work out whether it's real or a tracking problem.`,
      bullet: `Explain the 18% WoW drop in \`${cw}_conversion\` (real or tracking?)`,
      terse: `${cw}_conversion dropped 18% wow, real or tracking bug?`,
    }),
  ],
  web: [
    (w, cw) => ({
      needle: `${cw.toUpperCase()}25`,
      style: 'voucher',
      prose: `Customers say the \`${cw.toUpperCase()}25\` voucher is accepted at checkout but the discount never shows in the order total. Reproduce it on staging and get a regression test in.`,
      bullet: `Reproduce: \`${cw.toUpperCase()}25\` voucher accepted but no discount in total; add a regression test`,
      terse: `${cw.toUpperCase()}25 voucher says applied but total doesnt change, repro on staging + add a test`,
    }),
    (w, cw) => ({
      needle: `/account/${cw}`,
      style: 'page',
      prose: `The new \`/account/${cw}\` settings page needs an end-to-end smoke test before Thursday's release: load, edit the display name, save, reload, value persists.`,
      bullet: `E2E smoke for \`/account/${cw}\`: edit, save, reload, persists`,
      terse: `need an e2e smoke for /account/${cw} before thurs — edit name, save, reload, still there`,
    }),
    (w, cw) => ({
      needle: `${pascal(cw)}Banner`,
      style: 'component',
      prose: `The \`${pascal(cw)}Banner\` shows on every page after it's dismissed. Find out why the dismissal isn't sticking and cover it with a test.`,
      bullet: `\`${pascal(cw)}Banner\` reappears after dismissal — find why, add a test`,
      terse: `${pascal(cw)}Banner keeps coming back after dismiss, find out why`,
    }),
  ],
};

const CONSTRAINTS: Record<World['domain'], Maker[]> = {
  code: [
    (w, cw) => ({
      needle: `src/${cw}/legacy/`,
      style: 'no-touch-dir',
      prose: `Please don't modify anything under \`src/${cw}/legacy/\`: another team vendors it and diffs there break their merge.`,
      bullet: `Do not modify \`src/${cw}/legacy/\` (vendored by another team)`,
      terse: `dont touch src/${cw}/legacy/, other team vendors it`,
    }),
    (w, cw) => ({
      needle: `${pascal(cw)}Client.fetch`,
      style: 'public-api',
      prose: `The signature of \`${pascal(cw)}Client.fetch\` is public API for three downstream services, so it has to stay exactly as it is.`,
      bullet: `Keep \`${pascal(cw)}Client.fetch\` signature unchanged (public API)`,
      terse: `${pascal(cw)}Client.fetch signature cant change, 3 services call it`,
    }),
    (w, cw) => ({
      needle: `${cw.toUpperCase()}_OFFLINE=1`,
      style: 'test-env',
      prose: `Tests must never hit the network in CI; run them with \`${cw.toUpperCase()}_OFFLINE=1\`, which swaps in the recorded fixtures.`,
      bullet: `Tests run with \`${cw.toUpperCase()}_OFFLINE=1\` (no network in CI)`,
      terse: `run tests with ${cw.toUpperCase()}_OFFLINE=1, ci has no network`,
    }),
    (w, cw) => ({
      needle: `${cw}-sdk`,
      style: 'pinned-dep',
      prose: `Leave the \`${cw}-sdk\` dependency pinned where it is. The next major changes the auth flow and we're not ready for that.`,
      bullet: `No version bump of \`${cw}-sdk\` (next major changes auth)`,
      terse: `dont bump ${cw}-sdk, next major breaks auth`,
    }),
    (w, cw) => ({
      needle: `${cw}_migrations`,
      style: 'no-migrations',
      prose: `No new database migrations in this change. The \`${cw}_migrations\` table is frozen until the replica cutover is done.`,
      bullet: `No migrations (\`${cw}_migrations\` frozen until cutover)`,
      terse: `no migrations, ${cw}_migrations is frozen till the cutover`,
    }),
  ],
  ops: [
    (w, cw) => ({
      needle: `${cw}-db-0`,
      style: 'no-restart',
      prose: `Whatever you do, don't restart \`${cw}-db-0\`: it's the primary and failover is still manual.`,
      bullet: `Never restart \`${cw}-db-0\` (primary; failover is manual)`,
      terse: `do NOT restart ${cw}-db-0, its the primary`,
    }),
    (w, cw) => ({
      needle: `prod-${cw}`,
      style: 'change-freeze',
      prose: `There's a change freeze on \`prod-${cw}\` until the quarter closes: read-only there, anything mutating goes through me.`,
      bullet: `Change freeze on \`prod-${cw}\`: read-only, mutations via me`,
      terse: `prod-${cw} is frozen, read only, ask me before anything`,
    }),
    (w, cw) => ({
      needle: `${cw}-breakglass`,
      style: 'role',
      prose: `Use your normal role. The \`${cw}-breakglass\` role is only for when the primary role is locked out, and using it pages security.`,
      bullet: `Don't assume \`${cw}-breakglass\` (pages security)`,
      terse: `dont use ${cw}-breakglass, it pages security`,
    }),
    (_w, _cw) => ({
      needle: `02:00–04:00 UTC`,
      style: 'window',
      prose: `Any disruptive step has to happen in the maintenance window, 02:00–04:00 UTC. Prepare everything before then and leave the cutover itself for the window.`,
      bullet: `Disruptive steps only in the 02:00–04:00 UTC window`,
      terse: `anything disruptive only in the 02:00–04:00 UTC window`,
    }),
  ],
  data: [
    (w, cw) => ({
      needle: `@${cw}.test`,
      style: 'exclusion',
      prose: `Exclude internal and QA accounts: anything with an \`@${cw}.test\` email, plus the rows flagged is_internal.`,
      bullet: `Exclude \`@${cw}.test\` emails and is_internal rows`,
      terse: `exclude @${cw}.test emails + is_internal`,
    }),
    (w, cw) => ({
      needle: `${cw}-ro`,
      style: 'replica',
      prose: `Only query the read replica, \`${cw}-ro\`. The primary is already at its connection limit during business hours.`,
      bullet: `Query only the \`${cw}-ro\` replica (primary at connection limit)`,
      terse: `use ${cw}-ro only, primary is maxed out`,
    }),
    (w, cw) => ({
      needle: `scratch_${cw}`,
      style: 'schema',
      prose: `If you need intermediate tables, put them in \`scratch_${cw}\` and nowhere else; the analytics schema is managed by dbt.`,
      bullet: `Intermediate tables only in \`scratch_${cw}\``,
      terse: `temp tables go in scratch_${cw} only`,
    }),
    (w, cw) => ({
      needle: `fiscal_${cw}_calendar`,
      style: 'calendar',
      prose: `Use our fiscal weeks, not ISO weeks: join on \`fiscal_${cw}_calendar\` — finance reconciles against those.`,
      bullet: `Fiscal weeks via \`fiscal_${cw}_calendar\`, not ISO weeks`,
      terse: `fiscal weeks pls (fiscal_${cw}_calendar), not iso`,
    }),
  ],
  web: [
    (w, cw) => ({
      needle: `qa+${cw}@acme.test`,
      style: 'account',
      prose: `Log in only with the shared QA account \`qa+${cw}@acme.test\`; real customer accounts on staging are synced from prod.`,
      bullet: `Use only \`qa+${cw}@acme.test\` to log in`,
      terse: `only use qa+${cw}@acme.test, the others are real customers`,
    }),
    (_w, _cw) => ({
      needle: `4000 0025 0000 3155`,
      style: 'test-card',
      prose: `Never submit a real card. Use the 3DS test card 4000 0025 0000 3155 for anything that reaches payment.`,
      bullet: `Payments: test card 4000 0025 0000 3155 only`,
      terse: `test card 4000 0025 0000 3155 only, no real cards`,
    }),
    (w, cw) => ({
      needle: `data-testid="${cw}-`,
      style: 'locators',
      prose: `New locators should use our test ids (\`data-testid="${cw}-…"\` on the checkout components), not CSS classes: the classes are generated and change every build.`,
      bullet: `Locators: \`data-testid="${cw}-…"\` ids, no CSS classes`,
      terse: `use the data-testid="${cw}-… ids, css classes change every build`,
    }),
  ],
};

const VALUES: Record<World['domain'], Maker[]> = {
  code: [
    (w, cw) => ({
      needle: `pg-${cw}.staging.internal:6432`,
      style: 'db-host',
      prose: `The staging database is behind PgBouncer at \`pg-${cw}.staging.internal:6432\` if you need to check real data.`,
      bullet: `Staging DB: \`pg-${cw}.staging.internal:6432\``,
      terse: `staging db is pg-${cw}.staging.internal:6432 if u need it`,
    }),
    (w, cw) => ({
      needle: `${cw}_fast_path`,
      style: 'flag',
      prose: `Put the new behaviour behind the feature flag \`${cw}_fast_path\` — it already exists in LaunchDarkly, defaulting to off.`,
      bullet: `Feature flag: \`${cw}_fast_path\` (exists, default off)`,
      terse: `flag is ${cw}_fast_path, already in LD, off by default`,
    }),
    (w, cw) => ({
      needle: `X-${pascal(cw)}-Version: 2024-06-01`,
      style: 'header',
      prose: `Upstream needs the header \`X-${pascal(cw)}-Version: 2024-06-01\` on every call or it falls back to the old schema.`,
      bullet: `Send \`X-${pascal(cw)}-Version: 2024-06-01\` on every upstream call`,
      terse: `every upstream call needs X-${pascal(cw)}-Version: 2024-06-01`,
    }),
  ],
  ops: [
    (w, cw) => ({
      needle: `${cw}-ops.slack.acme.io`,
      style: 'webhook-host',
      prose: `Status updates should go through \`${cw}-ops.slack.acme.io\`; the old relay is being decommissioned.`,
      bullet: `Status relay: \`${cw}-ops.slack.acme.io\``,
      terse: `post updates via ${cw}-ops.slack.acme.io, old relay is going away`,
    }),
    (w, _cw) => ({
      needle: `CHG-${hex(w.rng, 6).toUpperCase()}`,
      style: 'change-ticket',
      prose: `The approved change request is CHG-{{N}} — reference it in anything you post or apply.`,
      bullet: `Change request: CHG-{{N}}`,
      terse: `change ticket is CHG-{{N}}, reference it`,
    }),
  ],
  data: [
    (w, cw) => ({
      needle: `${cw.toUpperCase()}_XL_WH`,
      style: 'warehouse',
      prose: `For the heavy queries switch to the \`${cw.toUpperCase()}_XL_WH\` warehouse; the default one times out after 10 minutes.`,
      bullet: `Heavy queries: \`${cw.toUpperCase()}_XL_WH\` warehouse`,
      terse: `use ${cw.toUpperCase()}_XL_WH for the big queries, default times out`,
    }),
    (w, _cw) => ({
      needle: `2023-11-${String(w.rng.int(10, 28))}`,
      style: 'cutoff-date',
      prose: `Tracking changed on 2023-11-{{N}} — anything before that date double-fires signup events, so start the window there.`,
      bullet: `Start the window at 2023-11-{{N}} (signups double-fired before)`,
      terse: `start from 2023-11-{{N}}, signup events were double firing before that`,
    }),
  ],
  web: [
    (w, cw) => ({
      needle: `https://${cw}.staging.acme-shop.dev`,
      style: 'env-url',
      prose: `The build with the fix is deployed at https://${cw}.staging.acme-shop.dev — test against that, not the main staging.`,
      bullet: `Test env: https://${cw}.staging.acme-shop.dev`,
      terse: `fix is on https://${cw}.staging.acme-shop.dev, use that one`,
    }),
  ],
};

function fill(s: Omit<Said, 'kind'>): Omit<Said, 'kind'> {
  // Templates whose needle is computed put a placeholder in the text.
  const tail = s.needle.replace(/^CHG-/, '').replace(/^2023-11-/, '');
  const sub = (t: string) => t.replace(/\{\{N\}\}/g, tail);
  return { ...s, prose: sub(s.prose), bullet: sub(s.bullet), terse: sub(s.terse) };
}

const POOLS: Record<'goal' | 'constraint' | 'value', Record<World['domain'], Maker[]>> = {
  goal: GOALS,
  constraint: CONSTRAINTS,
  value: VALUES,
};

/** A goal, constraint or value the user states, with a fresh needle (undefined when none is left). */
export function userSaid(w: World, kind: 'goal' | 'constraint' | 'value', avoid: Set<string>): Said | undefined {
  const makers = POOLS[kind][w.domain];
  for (const i of w.rng.sample(
    makers.map((_, i) => i),
    makers.length,
  )) {
    const key = `${kind}:${w.domain}:${i}`;
    if (avoid.has(key)) continue;
    const cw = word(w);
    const s = fill((makers[i] as Maker)(w, cw));
    if (!claim(w, s.needle)) continue;
    avoid.add(key);
    return { kind, ...s, style: `${kind}/user-${s.style}` };
  }
  return undefined;
}
