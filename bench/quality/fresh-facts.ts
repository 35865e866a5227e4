/**
 * Where and how the fresh family plants its facts. Each needle carries an invented word (Mint)
 * and is written the way the fact would really reach the context: goals in an opening request,
 * a pasted issue, a user story, a ticket's JSON; constraints as RFC-style MUST/NEVER, an aside
 * mid-paragraph, an item of a pasted policy, a review comment, a steering file, an EARS
 * requirement; decisions as "let's go with", an ADR, a group chat's consensus, a table, a commit
 * message, a line late in a long paragraph; values in a user's message, in env/YAML/JSON/table
 * output, in a command's arguments; errors as the identifying token of a failing run; files as
 * the path of an edit; pending work as the step still owed.
 */
import { alnum, hex, lines, pascal, upper, type Builder, type Call, type Step, type World } from './fresh-core';
import { WORDS, ecoDef } from './fresh-ecos';
import { chatter, rule, userAside } from './fresh-harness';
import type { FactKind } from './types';

export interface Ctx {
  b: Builder;
  w: World;
  filler: () => Step;
}

/** A fact written into a user message. */
export interface Part {
  kind: FactKind;
  text: string;
  needle: string;
  word: string;
  style: string;
}

const cap = pascal;

// ---------------------------------------------------------------- the things facts are about

const TASKS = [
  'Set up the',
  'Implement the',
  'Write unit tests for the',
  'Wire up the',
  'Add validation to the',
  'Document the',
];

/** A goal: the thing the session is for. */
function goalThing(w: World, word: string): { needle: string; says: string } {
  if (w.style === 'crm' && w.rng.chance(0.6)) {
    const co = `${cap(word)} ${w.rng.pick(['Freight', 'Logistics', 'Dental', 'Studios'])}`;
    return { needle: co, says: `getting ${co} their refund and a straight answer on the double charge` };
  }
  if (w.style === 'langgraph' && w.rng.chance(0.6))
    return {
      needle: `${cap(word)}DB`,
      says: `a sourced answer on whether ${cap(word)}DB can replace our Postgres read replicas`,
    };
  switch (w.rng.int(0, 5)) {
    case 0:
      return { needle: `${word}-sync`, says: `the \`${word}-sync\` migration` };
    case 1:
      return { needle: `${cap(word)} importer`, says: `the ${cap(word)} importer` };
    case 2:
      return { needle: `${word} cutover`, says: `the ${word} cutover` };
    case 3:
      return { needle: `${cap(word)}Bridge`, says: `${cap(word)}Bridge` };
    case 4:
      return { needle: `${upper(word)}-${w.rng.int(100, 9999)}`, says: '' };
    default:
      return { needle: `${word} dedupe`, says: `${word} dedupe` };
  }
}

/** Something a constraint forbids or protects. */
function constraintThing(w: World, word: string): { needle: string; dont: string; why: string } {
  const rng = w.rng;
  const all = [
    {
      needle: `${word}_ledger`,
      dont: `write to the \`${word}_ledger\` table`,
      why: 'finance reads it straight off the replica',
    },
    {
      needle: `release/${word}`,
      dont: `push to \`release/${word}\``,
      why: 'that branch is cut by the release train only',
    },
    { needle: `--${word}-force`, dont: `pass \`--${word}-force\``, why: 'it skips the integrity checks' },
    {
      needle: `:feature:${word}`,
      dont: `change anything in the \`:feature:${word}\` module`,
      why: 'another team owns it and it is frozen for the store review',
    },
    {
      needle: `payments-${word}`,
      dont: `deploy to the \`payments-${word}\` namespace`,
      why: 'that is PCI scope and needs a change ticket',
    },
    {
      needle: `${upper(word)}_LEGACY_MODE`,
      dont: `turn on \`${upper(word)}_LEGACY_MODE\``,
      why: 'it re-enables the old unsigned webhooks',
    },
    {
      needle: `/v1/${word}`,
      dont: `call or change \`/v1/${word}\``,
      why: 'three enterprise customers still depend on its exact shape',
    },
    {
      needle: `com.acme.${word}`,
      dont: `touch the \`com.acme.${word}\` bundle/app id`,
      why: 'changing it orphans every installed copy',
    },
  ];
  return rng.pick(all);
}

/** A choice a decision settles on. */
function decisionThing(w: World, word: string): { needle: string; over: string; what: string } {
  const rng = w.rng;
  const all = [
    { needle: `${word}-outbox`, over: 'dual writes', what: 'a transactional outbox' },
    { needle: `${cap(word)}Queue`, over: 'SQS', what: 'the in-process queue' },
    { needle: `lib${word}`, over: 'the vendored parser', what: 'the maintained library' },
    { needle: `${word}-v2 schema`, over: 'patching the v1 schema', what: 'a new schema version' },
    { needle: `${cap(word)}Strategy`, over: 'the flag-per-tenant approach', what: 'a strategy object' },
    { needle: `${word} shards`, over: 'one big table', what: 'sharding by tenant' },
  ];
  return rng.pick(all);
}

/** A value: the exact host, setting, version, id or threshold the work depends on. */
function valueThing(w: World, word: string): { needle: string; key: string; says: string } {
  const rng = w.rng;
  const n = rng.int(2, 96);
  const all = [
    { needle: `${word}-pg-0${rng.int(1, 9)}.int.acme.net`, key: 'DATABASE_HOST', says: 'the database host' },
    { needle: `${upper(word)}_POOL_MAX=${n}`, key: `${upper(word)}_POOL_MAX`, says: 'the pool size' },
    {
      needle: `${rng.int(1, 9)}.${rng.int(0, 30)}.${rng.int(0, 20)}-${word}.${rng.int(1, 9)}`,
      key: 'SDK_VERSION',
      says: 'the SDK version',
    },
    { needle: `--${word}-shards=${n}`, key: 'EXTRA_ARGS', says: 'the shard flag' },
    {
      needle: `acct_${cap(word)}${alnum(rng, 4, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ')}`,
      key: 'ACCOUNT_ID',
      says: 'the account id',
    },
    { needle: `${word}-proxy:${rng.int(20000, 65000)}`, key: 'UPSTREAM', says: 'the upstream proxy' },
    { needle: `s3://acme-${word}-exports`, key: 'EXPORT_BUCKET', says: 'the export bucket' },
    { needle: `${word}_lag_seconds=${n}`, key: 'ALERT_RULE', says: 'the alert threshold' },
  ];
  return rng.pick(all);
}

/** Work still owed at the end. */
function pendingThing(w: World, word: string): { needle: string; todo: string } {
  const rng = w.rng;
  const all = [
    {
      needle: `${word}_backfill --resume`,
      todo: `rerun \`${word}_backfill --resume\` against prod once the fix is deployed`,
    },
    {
      needle: `${upper(word)}_SIGNING_KEY`,
      todo: `rotate \`${upper(word)}_SIGNING_KEY\` and update the secret in the vault`,
    },
    { needle: `v${rng.int(1, 9)}.${rng.int(0, 30)}.0-${word}`, todo: '' },
    { needle: `${word}-canary`, todo: `promote the \`${word}-canary\` deployment after it has soaked for a day` },
    {
      needle: `${cap(word)}Migration`,
      todo: `delete the \`${cap(word)}Migration\` shim once every tenant is on the new path`,
    },
    { needle: `#${word}-release`, todo: `post the rollout note in \`#${word}-release\`` },
  ];
  const t = rng.pick(all);
  return t.todo ? t : { needle: t.needle, todo: `tag \`${t.needle}\` and publish the release notes` };
}

// ---------------------------------------------------------------- facts in user messages

const GLUE = ['', '', 'Also: ', 'One more thing. ', 'fyi ', 'Oh, and ', 'Btw: ', 'Separately, '];

export function userPart(c: Ctx, kind: FactKind): Part {
  const { w } = c;
  const rng = w.rng;
  const word = w.mint.word();
  const part = (text: string, needle: string, style: string): Part => ({
    kind,
    text,
    needle,
    word,
    style: `${kind}/${style}`,
  });
  switch (kind) {
    case 'goal': {
      const g = goalThing(w, word);
      if (!g.says)
        return part(
          `Here's the ticket:\n\n> **${g.needle}: ${cap(rng.pick(WORDS))} ${rng.pick(['totals drift after partial refunds', 'export times out for large tenants', 'sync drops rows after a retry'])}**\n> ${cap(userAside(w))}.\n> Acceptance: the nightly run completes and the totals match finance's report.\n\nCan you pick it up?`,
          g.needle,
          'user-ticket',
        );
      return rng.pick([
        part(`I need ${g.says} done today — ${userAside(w)}.`, g.needle, 'user-ask'),
        part(
          `As the on-call engineer I want ${g.says} to survive a crash halfway, so that the nightly load doesn't start from zero.`,
          g.needle,
          'user-story',
        ),
        part(
          `ok so what we actually need is ${g.says} working for the EU tenants. everything else is secondary`,
          g.needle,
          'user-casual',
        ),
        part(`Goal: ${g.says}, green on CI, behind a flag.`, g.needle, 'user-terse'),
        part(
          `Context for this session: ${userAside(w)}, and ${userAside(w)}. The point of all of it is ${g.says}.`,
          g.needle,
          'user-late',
        ),
      ]);
    }
    case 'constraint': {
      const x = constraintThing(w, word);
      return rng.pick([
        part(`You MUST NOT ${x.dont}.`, x.needle, 'user-rfc'),
        part(`NEVER ${x.dont} — ${x.why}.`, x.needle, 'user-never'),
        part(
          `${cap(userAside(w))}, and btw please don't ${x.dont}, ${x.why}. anyway, ${userAside(w)}.`,
          x.needle,
          'user-aside',
        ),
        part(
          `From the team handbook, which applies here:\n- every PR needs one approval\n- no force-pushes to shared branches\n- nobody may ${x.dont} (${x.why})\n- keep CHANGELOG.md current`,
          x.needle,
          'user-policy',
        ),
        part(
          `Review comment from @mkowalski on the last PR, still applies:\n> **Blocking:** please do not ${x.dont}. ${cap(x.why)}.`,
          x.needle,
          'user-review',
        ),
        part(
          `If you think you need to ${x.dont}, stop and ask me first. The answer will probably be no.`,
          x.needle,
          'user-ask-first',
        ),
      ]);
    }
    case 'decision': {
      const d = decisionThing(w, word);
      return rng.pick([
        part(`let's go with ${d.needle} instead of ${d.over}.`, d.needle, 'user-letsgo'),
        part(
          `Talked to Priya about it: we're doing ${d.needle}, not ${d.over}. Don't relitigate it.`,
          d.needle,
          'user-settled',
        ),
        part(
          `| option | verdict |\n|---|---|\n| ${d.over} | no: too risky |\n| ${d.needle} | ✅ go |\n\nthat's the call.`,
          d.needle,
          'user-table',
        ),
        part(`After yesterday's meeting: ${d.what} it is — concretely ${d.needle}.`, d.needle, 'user-meeting'),
      ]);
    }
    case 'value': {
      const v = valueThing(w, word);
      return rng.pick([
        part(`${cap(v.says)} is ${v.needle}.`, v.needle, 'user-plain'),
        part(`use \`${v.needle}\` when you run it, that's what prod has`, v.needle, 'user-use'),
        part(
          `For reference, from the runbook:\n\`\`\`\n${v.key.padEnd(16)} ${v.needle}\nREGION           eu-west-1\nOWNER            team-${rng.pick(WORDS)}\n\`\`\``,
          v.needle,
          'user-pasted',
        ),
        part(`${cap(userAside(w))} (${v.says}: ${v.needle}).`, v.needle, 'user-parenthetical'),
      ]);
    }
    case 'pending': {
      const p = pendingThing(w, word);
      return rng.pick([
        part(`After this you still need to ${p.todo}.`, p.needle, 'user-after'),
        part(`don't forget to ${p.todo} before we close this out`, p.needle, 'user-dontforget'),
      ]);
    }
    default: {
      // files and errors reach the user rarely; a pasted stack line stands in
      const d = ecoDef(rng.pick(w.ecos));
      const path = `${d.dir}/${word}_handler.${d.ext}`;
      return kind === 'file'
        ? part(`I already started on ${path}, keep working in that file.`, path, 'user-file')
        : part(`CI says \`${cap(word)}Timeout\` on the nightly job, no idea why.`, `${cap(word)}Timeout`, 'user-error');
    }
  }
}

/** A user message holding `parts` (and ordinary text); the agent may acknowledge one of them. */
export function plantUser(c: Ctx, parts: Part[], opening?: string): void {
  const { b, w } = c;
  const rng = w.rng;
  const from = b.length;
  const body = parts.map((p, i) => (i === 0 ? p.text : `${rng.pick(GLUE)}${p.text}`));
  if (opening) body.unshift(opening);
  if (rng.chance(0.4)) body.push(`${cap(userAside(w))}.`);
  b.user(body.join(rng.chance(0.5) ? '\n\n' : ' '));
  const ack = parts.length && rng.chance(0.3) ? rng.pick(parts) : undefined;
  if (ack) b.step({ text: `Noted: \`${ack.needle}\`. ${chatter(w)}`, calls: c.filler().calls });
  for (const p of parts) b.fact(p.kind, p.needle, p.style, p.word, from);
}

// ---------------------------------------------------------------- facts the agent meets or states

type Planter = (c: Ctx) => void;

const record = (c: Ctx, kind: FactKind, needle: string, style: string, word: string, from: number) =>
  c.b.fact(kind, needle, `${kind}/${style}`, word, from);

/** An error: a failing run whose identifying token is the needle; sometimes the agent names it next. */
const plantError: Planter = (c) => {
  const { b, w } = c;
  const rng = w.rng;
  const word = w.mint.word();
  const from = b.length;
  let needle: string;
  let label: string;
  let call: Call;
  if (w.style === 'crm' && rng.chance(0.4)) {
    needle = `${upper(word)}_DAILY`;
    label = 'hubspot-api';
    call = {
      name: 'hubspot_get_contact',
      args: { email: `${rng.pick(WORDS)}.${rng.pick(WORDS)}@example.com` },
      out: JSON.stringify({
        status: 'error',
        message: 'You have reached your daily limit.',
        errorType: 'RATE_LIMIT',
        correlationId: `${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}`,
        policyName: needle,
        groupsErrorCode: 'DAILY_LIMIT',
      }),
      status: 'error',
    };
  } else if (w.style === 'crm') {
    needle = `${word}_window_closed`;
    label = 'stripe-api';
    call = {
      name: 'stripe_create_refund',
      args: { charge: `ch_${alnum(rng, 24)}`, amount: rng.int(500, 90000), reason: 'requested_by_customer' },
      out: JSON.stringify(
        {
          error: {
            type: 'invalid_request_error',
            code: needle,
            message: 'This charge can no longer be refunded through the API.',
            request_log_url: `https://dashboard.stripe.com/logs/req_${alnum(rng, 14)}`,
            doc_url: 'https://stripe.com/docs/error-codes',
          },
        },
        null,
        2,
      ),
      status: 'error',
    };
  } else if (w.style === 'secfix' && rng.chance(0.4)) {
    needle = `acme.rules.${word}-tainted-path`;
    label = 'semgrep-rule';
    call = {
      name: 'semgrep_scan',
      args: { config: ['p/ci', '.semgrep/acme.yml'], paths: ['.'], error: true },
      out: `┌─────────────────┐\n│ ${rng.int(2, 9)} Code Findings │\n└─────────────────┘\n${lines(rng.logInt(1, 12), () => `\n    ${rng.pick(w.files)}\n   ❯❱ javascript.lang.security.audit.${rng.pick(WORDS)}-check\n          ${chatter(w)}`)}\n\n    ${rng.pick(w.files)}\n   ❯❯❱ ${needle}\n          User input flows into a filesystem path without normalisation.\n\n           ${rng.int(10, 300)}┆ const file = path.join(root, req.query.name)\n${lines(rng.logInt(1, 8), () => `\n    ${rng.pick(w.files)}\n   ❯❱ generic.secrets.gitleaks.${rng.pick(WORDS)}-token`)}\n\nRan ${rng.int(300, 900)} rules on ${rng.int(100, 3000)} files: ${rng.int(2, 20)} findings.\nExit code 1 (blocking findings)`,
      exitCode: 1,
    };
  } else if (w.style === 'langgraph' && rng.chance(0.4)) {
    needle = `${cap(word)}SchemaError`;
    label = 'python-repl';
    call = {
      name: 'python_repl',
      args: { query: `import ${rng.pick(WORDS)}_client as c\nrows = c.fetch_all(since="2024-01-01")\nlen(rows)` },
      out: JSON.stringify({
        output: `Traceback (most recent call last):\n  File "<stdin>", line 2, in <module>\n  File "/usr/lib/python3.12/site-packages/client/api.py", line ${rng.int(20, 900)}, in fetch_all\n    raise ${needle}(f"unexpected field {name!r}")\n${needle}: unexpected field 'region_code'`,
      }),
      status: 'error',
    };
  } else {
    const f = ecoDef(rng.pick(w.ecos)).fail(rng, w, word);
    needle = f.needle;
    label = f.label;
    call = c.b.h.run(w, f.cmd, f.out, f.exit);
  }
  const text = rng.chance(0.6) ? chatter(w) : undefined;
  b.step({ ...(text ? { text } : {}), calls: [call] });
  if (rng.chance(0.45))
    b.step({
      text: rng.pick([
        `\`${needle}\` — that is the real failure; the rest is noise.`,
        `So it fails on ${needle}. Looking at why.`,
        `The run died with ${needle}.`,
      ]),
      calls: c.filler().calls,
    });
  record(c, 'error', needle, label, word, from);
};

/** A file the agent creates or edits (the path is the needle); sometimes checked right after. */
const plantFile: Planter = (c) => {
  const { b, w } = c;
  const rng = w.rng;
  const word = w.mint.word();
  const from = b.length;
  const eco = rng.pick(w.ecos);
  const d = ecoDef(eco);
  let path: string;
  let style: string;
  if (w.style === 'kiro' && rng.chance(0.4)) {
    path = `.kiro/specs/${word}-export/design.md`;
    style = 'spec-doc';
  } else if (w.style === 'crm') {
    path = rng.chance(0.6) ? `kb/drafts/${word}-refund-faq.md` : `macros/${word}_escalation.md`;
    style = 'kb-draft';
  } else if (w.style === 'langgraph' && rng.chance(0.5)) {
    path = `notes/${word}-sources.md`;
    style = 'notes';
  } else {
    const snakey = ['ruby', 'python', 'r', 'julia', 'zig', 'elixir', 'terraform', 'ansible'].includes(eco);
    path = `${d.dir}/${snakey ? `${word}_${rng.pick(['client', 'worker', 'policy'])}` : `${cap(word)}${rng.pick(['Client', 'Worker', 'Policy'])}`}.${d.ext}`;
    style = eco;
  }
  const created = rng.chance(0.5);
  const body = path.endsWith('.md')
    ? `# ${cap(rng.pick(WORDS))}\n\n${lines(rng.logInt(2, 30), () => `- ${chatter(w)}`)}`
    : d.code(rng, rng.pick(WORDS));
  b.step({ ...(rng.chance(0.5) ? { text: chatter(w) } : {}), calls: [b.h.edit(w, path, body, created)] });
  if (rng.chance(0.35)) b.step({ calls: [b.h.read(w, path, body)] });
  record(c, 'file', path, `${created ? 'created' : 'edited'}-${style}`, word, from);
};

/** A value met in tool output (env, YAML, JSON, a table) or passed in a command's arguments. */
const plantValue: Planter = (c) => {
  const { b, w } = c;
  const rng = w.rng;
  const word = w.mint.word();
  const from = b.length;
  const v = valueThing(w, word);
  const kv = (n: number) =>
    Array.from(
      { length: n },
      () =>
        [
          `${upper(rng.pick(WORDS))}_${rng.pick(['URL', 'TIMEOUT_MS', 'ENABLED', 'REGION', 'LEVEL', 'TTL'])}`,
          rng.pick([
            'true',
            'false',
            'info',
            'eu-west-1',
            String(rng.int(1, 60000)),
            `https://${rng.pick(WORDS)}.acme.internal`,
          ]),
        ] as const,
    );
  const splice = <T>(xs: T[], x: T) => {
    xs.splice(rng.int(0, xs.length), 0, x);
    return xs;
  };
  const valueOnly = v.needle.includes('=') ? (v.needle.split('=')[1] ?? v.needle) : v.needle;
  const mode = w.style === 'crm' ? rng.pick([5, 6, 6]) : rng.int(0, 4);
  let style: string;
  let call: Call;
  if (mode === 6) {
    style = 'out-record';
    const props = Object.fromEntries(
      splice(
        kv(rng.logInt(5, 40)).map(([k, x]) => [k.toLowerCase(), x] as const),
        [v.key.toLowerCase(), v.needle] as const,
      ),
    );
    call = {
      name: 'hubspot_get_contact',
      args: { email: `${rng.pick(WORDS)}@example.com` },
      out: JSON.stringify({ id: String(rng.int(1e5, 9e5)), properties: props, archived: false }),
    };
  } else if (mode === 5) {
    style = 'in-args';
    call = {
      name: 'zendesk_search',
      args: { query: `type:ticket "${v.needle}"` },
      out: JSON.stringify({
        results: Array.from({ length: rng.int(1, 5) }, () => ({
          id: rng.int(100000, 999999),
          subject: `${cap(rng.pick(WORDS))} question`,
          status: 'open',
        })),
        count: rng.int(1, 5),
      }),
    };
  } else if (mode === 0) {
    style = 'out-env';
    const env = splice(
      kv(rng.logInt(8, 80)).map(([k, x]) => `${k}=${x}`),
      v.needle.includes('=') ? v.needle : `${v.key}=${v.needle}`,
    );
    call = b.h.run(w, rng.pick(['env | sort', 'printenv', `docker exec ${w.project}-app env`]), env.join('\n'), 0);
  } else if (mode === 1) {
    style = 'out-yaml';
    const yaml = splice(
      kv(rng.logInt(6, 60)).map(([k, x]) => `  ${k.toLowerCase()}: ${x}`),
      `  ${v.key.toLowerCase()}: ${v.needle.includes('=') ? v.needle : v.needle}`,
    );
    call = b.h.read(
      w,
      rng.pick(['deploy/values.prod.yaml', 'config/settings.yml', 'group_vars/all.yml']),
      `# managed by platform team\n${rng.pick(WORDS)}:\n${yaml.join('\n')}\n`,
    );
  } else if (mode === 2) {
    style = 'out-json';
    const obj = Object.fromEntries(
      splice(kv(rng.logInt(5, 50)) as (readonly [string, string])[], [v.key, v.needle] as const),
    );
    call = b.h.run(w, `kubectl get configmap ${w.project}-config -o json | jq .data`, JSON.stringify(obj, null, 2), 0);
  } else if (mode === 3) {
    style = 'out-table';
    const rows = splice(
      Array.from(
        { length: rng.logInt(3, 40) },
        () =>
          `${`${rng.pick(WORDS)}-${rng.pick(WORDS)}`.padEnd(28)}${rng.pick(['ClusterIP', 'LoadBalancer']).padEnd(14)}10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(0, 255)}`.padEnd(
            58,
          ) + `${rng.int(80, 9999)}/TCP`,
      ),
      `${v.key.toLowerCase().replace(/_/g, '-').padEnd(28)}${'ExternalName'.padEnd(14)}${v.needle}`.padEnd(58) +
        '443/TCP',
    );
    call = b.h.run(
      w,
      'kubectl get svc -o wide',
      `NAME${' '.repeat(24)}TYPE${' '.repeat(10)}CLUSTER-IP / EXTERNAL${' '.repeat(10)}PORT(S)\n${rows.join('\n')}`,
      0,
    );
  } else {
    style = 'in-args';
    const cmd = rng.pick([
      `helm upgrade --install ${w.project} ./chart --set config.${v.key.toLowerCase()}=${valueOnly}`,
      `./scripts/run-job.sh --env prod ${v.needle.startsWith('--') ? v.needle : `--${v.key.toLowerCase().replace(/_/g, '-')}=${v.needle}`}`,
      `ansible-playbook -i inventory/prod site.yml -e ${v.key.toLowerCase()}=${v.needle}`,
    ]);
    call = b.h.run(w, cmd, ecoDef(rng.pick(w.ecos)).ok(rng, w).out, 0);
  }
  b.step({ ...(rng.chance(0.4) ? { text: chatter(w) } : {}), calls: [call] });
  if (style !== 'in-args' && rng.chance(0.3))
    b.step({ text: `${cap(v.says)} here is ${v.needle}; I'll use that.`, calls: c.filler().calls });
  record(c, 'value', v.needle, style, word, from);
};

/** A decision the agent (or its group chat) takes, written in one of many forms. */
const plantDecision: Planter = (c) => {
  const { b, w } = c;
  const rng = w.rng;
  const word = w.mint.word();
  const from = b.length;
  const d = decisionThing(w, word);
  const mode =
    w.style === 'autogen' && rng.chance(0.5)
      ? 'groupchat'
      : w.style === 'crm'
        ? rng.pick(['note', 'table', 'buried', 'plain'])
        : rng.pick(['adr', 'table', 'buried', 'commit', 'plain', 'design']);
  if (mode === 'groupchat') {
    const [planner, coder, reviewer] = [w.agents[0], w.agents[1], w.agents[2]];
    b.say(`Two options for this: ${d.over}, or ${d.what}. ${chatter(w)}`, planner);
    b.say(`${d.over} is less code today. ${chatter(w)}`, coder);
    b.say(`Against ${d.over}: it fails exactly in the crash case we care about. I would block it.`, reviewer);
    b.step(
      { text: `Consensus: ${d.needle}. ${coder} implements, ${reviewer} reviews.`, calls: c.filler().calls },
      planner,
    );
  } else if (mode === 'adr') {
    const n = String(rng.int(3, 60)).padStart(4, '0');
    b.step({
      calls: [
        b.h.edit(
          w,
          `docs/adr/${n}-${rng.pick(WORDS)}-${rng.pick(['storage', 'delivery', 'retries', 'parsing'])}.md`,
          `# ${n}. ${cap(d.what)}\n\nDate: 2025-03-14\n\n## Status\n\nAccepted\n\n## Context\n\n${lines(rng.logInt(2, 12), () => chatter(w))}\n\n## Decision\n\nWe will use ${d.needle} rather than ${d.over}.\n\n## Consequences\n\n${lines(rng.int(2, 5), () => `- ${chatter(w)}`)}\n`,
          true,
        ),
      ],
    });
  } else if (mode === 'table') {
    b.step(
      {
        text: `Options:\n\n| option | failure handling | ops cost | verdict |\n|---|---|---|---|\n| ${d.over} | loses writes on crash | low | rejected |\n| ${d.needle} | replays | medium | **chosen** |\n| do nothing | — | none | rejected |`,
        calls: c.filler().calls,
      },
      w.agents[0],
    );
  } else if (mode === 'buried') {
    const before = Array.from({ length: rng.int(4, 9) }, () => chatter(w)).join(' ');
    b.step({
      text: `${before} Given all that I'm going with ${d.needle} for this, and ${chatter(w).toLowerCase()} ${chatter(w)}`,
      calls: c.filler().calls,
    });
  } else if (mode === 'commit') {
    b.step({
      calls: [
        b.h.run(
          w,
          `git commit -am "Use ${d.needle} instead of ${d.over}\n\n${chatter(w)}"`,
          `[${rng.pick(['main', 'fix/settle', 'feat/export'])} ${hex(rng, 7)}] Use ${d.needle} instead of ${d.over}\n ${rng.int(1, 9)} files changed, ${rng.int(5, 300)} insertions(+), ${rng.int(0, 200)} deletions(-)`,
          0,
        ),
      ],
    });
  } else if (mode === 'note') {
    const id = rng.int(100000, 999999);
    b.step({
      calls: [
        {
          name: 'zendesk_add_comment',
          args: {
            ticket_id: id,
            public: false,
            body: `Internal: after checking with billing ops we handle these via ${d.needle} (not ${d.over}). ${chatter(w)}`,
          },
          out: JSON.stringify({ audit: { id: rng.int(1e10, 9e10), ticket_id: id } }),
        },
      ],
    });
  } else if (mode === 'design') {
    b.step({
      calls: [
        b.h.edit(w, 'docs/design.md', `### Decision: ${d.needle}\n\n${d.what} over ${d.over}. ${chatter(w)}`, false),
      ],
    });
  } else {
    b.step({ text: `Decision: ${d.needle}. ${chatter(w)}`, calls: c.filler().calls });
  }
  record(c, 'decision', d.needle, mode, word, from);
};

/** A constraint the agent reads in a document (policy, steering file, review thread, requirements). */
const plantReadConstraint: Planter = (c) => {
  const { b, w } = c;
  const rng = w.rng;
  const word = w.mint.word();
  const from = b.length;
  const x = constraintThing(w, word);
  const mode = w.style === 'crm' ? 0 : w.style === 'kiro' ? rng.int(0, 3) : rng.pick([0, 1, 3]);
  let call: Call;
  let style: string;
  if (mode === 0) {
    style = 'doc-policy';
    const path =
      w.style === 'kiro'
        ? '.kiro/steering/tech.md'
        : w.style === 'crm'
          ? 'kb/internal/refund-policy.md'
          : rng.pick(['CONTRIBUTING.md', 'SECURITY.md', 'docs/runbook.md']);
    call = b.h.read(
      w,
      path,
      `# ${rng.pick(['Rules', 'Policy', 'Guidelines'])}\n\n${lines(rng.logInt(3, 14), () => `- ${rule(w)}`)}\n- Do not ${x.dont}: ${x.why}.\n${lines(rng.logInt(1, 10), () => `- ${rule(w)}`)}\n`,
    );
  } else if (mode === 1) {
    style = 'review-json';
    call = b.h.run(
      w,
      `gh api repos/acme/${w.project}/pulls/${rng.int(100, 4000)}/comments`,
      JSON.stringify(
        [
          ...Array.from({ length: rng.int(1, 6) }, () => ({
            user: { login: rng.pick(['dlee', 'sgarcia', 'bot-ci']) },
            path: rng.pick(w.files),
            body: chatter(w),
          })),
          {
            user: { login: 'mkowalski' },
            path: rng.pick(w.files),
            line: rng.int(1, 300),
            body: `Please never ${x.dont} in this codebase — ${x.why}. Requesting changes until that's gone.`,
          },
          ...Array.from({ length: rng.int(0, 4) }, () => ({
            user: { login: rng.pick(['dlee', 'sgarcia']) },
            path: rng.pick(w.files),
            body: chatter(w),
          })),
        ],
        null,
        1,
      ),
      0,
    );
  } else if (mode === 2) {
    style = 'ears';
    call = b.h.read(
      w,
      `.kiro/specs/${rng.pick(WORDS)}-flow/requirements.md`,
      `# Requirements\n\n## Requirement 1\n\n**User Story:** As an operator, I want the nightly ${rng.pick(WORDS)} job to be restartable, so that a crash does not lose a day of data.\n\n#### Acceptance Criteria\n\n1. WHEN a batch is retried THEN the system SHALL reuse its idempotency key\n2. IF a tenant is suspended THEN the system SHALL skip it and log a warning\n3. The system SHALL NOT ${x.dont} under any circumstances.\n4. WHEN the job finishes THEN the system SHALL emit a summary metric\n`,
    );
  } else {
    style = 'config-comment';
    call = b.h.read(
      w,
      rng.pick(['deploy/values.prod.yaml', 'config/app.yml', 'group_vars/all.yml']),
      `${lines(rng.logInt(3, 30), () => `${rng.pick(WORDS)}_${rng.pick(['ttl', 'limit', 'url'])}: ${rng.int(1, 9000)}`)}\n# DO NOT ${x.dont.toUpperCase()} — ${x.why}. (platform team)\n${lines(rng.logInt(2, 20), () => `${rng.pick(WORDS)}_${rng.pick(['ttl', 'limit', 'url'])}: ${rng.int(1, 9000)}`)}\n`,
    );
  }
  b.step({ ...(rng.chance(0.4) ? { text: chatter(w) } : {}), calls: [call] });
  if (rng.chance(0.35))
    b.step({ text: `Noting the rule about \`${x.needle}\`; I'll stay away from it.`, calls: c.filler().calls });
  record(c, 'constraint', x.needle, style, word, from);
};

/** A goal the agent reads in a record (a ticket, an issue). */
const plantReadGoal: Planter = (c) => {
  const { b, w } = c;
  const rng = w.rng;
  const word = w.mint.word();
  const from = b.length;
  const g = goalThing(w, word);
  const id = rng.int(100000, 999999);
  const says = g.says || g.needle;
  const desc = `${cap(userAside(w))}.\n\nWhat we need: ${says}. ${cap(userAside(w))}.`;
  const made: Call =
    w.style === 'crm'
      ? {
          name: 'zendesk_get_ticket',
          args: { ticket_id: id },
          out: JSON.stringify(
            {
              ticket: {
                id,
                subject: `Escalation: ${says}`,
                description: desc,
                status: 'open',
                priority: 'urgent',
                tags: ['escalated'],
              },
            },
            null,
            2,
          ),
        }
      : b.h.run(
          w,
          `gh issue view ${rng.int(100, 9000)} --comments`,
          `title:\t${cap(rng.pick(WORDS))} follow-up\nstate:\tOPEN\nauthor:\t${rng.pick(['dlee', 'sgarcia', 'mkowalski'])}\nlabels:\tpriority/high\n--\n${desc}\n--\n${lines(rng.int(0, 5), () => `comment: ${chatter(w)}`)}`,
          0,
        );
  b.step({ calls: [made] });
  b.step({ text: `So the actual goal is ${says}. ${chatter(w)}`, calls: c.filler().calls });
  record(c, 'goal', g.needle, w.style === 'crm' ? 'ticket-json' : 'issue', word, from);
};

/** Pending work the agent writes down (tasks.md, a TODO, a plan) in the middle of its work. */
export const plantPendingMid: Planter = (c) => {
  const { b, w } = c;
  const rng = w.rng;
  const word = w.mint.word();
  const from = b.length;
  const p = pendingThing(w, word);
  const mode =
    w.style === 'kiro'
      ? 'tasks'
      : w.style === 'autogen'
        ? 'planner'
        : w.style === 'crm'
          ? 'plan'
          : rng.pick(['todo', 'plan']);
  if (mode === 'tasks')
    b.step({
      calls: [
        b.h.edit(
          w,
          `.kiro/specs/${rng.pick(WORDS)}-flow/tasks.md`,
          `# Implementation Plan\n\n${lines(rng.int(3, 8), (i) => `- [x] ${i + 1}. ${rng.pick(TASKS)} ${rng.pick(WORDS)} ${rng.pick(['model', 'service', 'endpoint', 'job'])}\n  - _Requirements: ${rng.int(1, 4)}.${rng.int(1, 5)}_`)}\n- [ ] 9. ${cap(p.todo)}\n  - _Requirements: 1.2, 3.1_\n`,
          false,
        ),
      ],
    });
  else if (mode === 'planner')
    b.say(`Plan status: steps 1–${rng.int(2, 6)} done. Remaining: ${p.todo}; nothing else is blocked.`, w.agents[0]);
  else if (mode === 'todo') b.step({ calls: [b.h.edit(w, rng.pick(w.files), `// TODO(next): ${p.todo}`, false)] });
  else
    b.step({
      text: `Plan from here:\n1. ${chatter(w)}\n2. ${cap(p.todo)}.\n3. ${chatter(w)}`,
      calls: c.filler().calls,
    });
  record(c, 'pending', p.needle, `mid-${mode}`, word, from);
};

/** The closing message of a turn or of the session, with the next step still owed. */
export function plantPendingClose(c: Ctx, withTools: boolean): void {
  const { b, w } = c;
  const rng = w.rng;
  const word = w.mint.word();
  const from = b.length;
  const p = pendingThing(w, word);
  const text = rng.pick([
    `${chatter(w)}\n\nNext step: ${p.todo}.`,
    `Status: ${chatter(w)}\n\nStill owed:\n- ${p.todo}`,
    `| item | state |\n|---|---|\n| build | green |\n| ${p.needle} | not started |\n\n${chatter(w)}`,
    `${chatter(w)} What's left is to ${p.todo}; I'll do that next.`,
  ]);
  if (withTools) b.step({ text, calls: c.filler().calls }, w.agents[0]);
  else b.say(text, w.agents[0]);
  record(c, 'pending', p.needle, withTools ? 'close-midturn' : 'close', word, from);
}

/** A turn-closing reply that states a decision (the user then reacts). */
export function plantDecisionClose(c: Ctx): void {
  const { b, w } = c;
  const word = w.mint.word();
  const from = b.length;
  const d = decisionThing(w, word);
  b.say(`${chatter(w)}\n\nI went with ${d.needle} over ${d.over}: ${chatter(w).toLowerCase()}`, w.agents[0]);
  record(c, 'decision', d.needle, 'close', word, from);
}

/** The mid-turn planters, by kind (the user-side ones are `userPart`). */
export const AGENT_PLANTERS: Record<FactKind, Planter> = {
  goal: plantReadGoal,
  constraint: plantReadConstraint,
  decision: plantDecision,
  file: plantFile,
  error: plantError,
  pending: plantPendingMid,
  value: plantValue,
};
