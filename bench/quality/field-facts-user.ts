/**
 * User messages of the field family: the opening request (a pasted ticket, a long message,
 * a bullet list, terse chat, or an alert payload with a note), later asks, mid-session
 * constraints and corrections, and plain messages that plant nothing. Facts come from
 * field-say-user.ts; the assistant's acknowledgement (when it gives one) is returned too.
 */
import { type World } from './field-core';
import { NOUNS, PEOPLE, SERVICES, VERBS, alnum, hex } from './field-names';
import { userSaid, type Said } from './field-say-user';

export interface UserPart {
  text: string;
  facts: Said[];
  /** What the assistant says when it starts (it may restate some needles). */
  ack?: string;
}

const BACKGROUND: Record<World['domain'], ((w: World) => string)[]> = {
  code: [
    (w) =>
      `Some context: this came out of last week's incident review. ${w.rng.pick(PEOPLE)} traced three customer tickets back to it, and support has a workaround but it's manual and they're tired of it.`,
    (w) =>
      `Background: the ${w.rng.pick(NOUNS)} module was written in a hurry two years ago and nobody has touched it since ${w.rng.pick(PEOPLE)} left, so expect some archaeology. There are tests, but they mostly cover the happy path.`,
    () =>
      `This has been on the backlog for a while; it's finally a priority because the partner integration launches at the end of the month and their traffic pattern is much burstier than ours.`,
  ],
  ops: [
    (w) =>
      `Timeline so far: the alert fired at ${w.clock.iso().slice(11, 16)} UTC, ${w.rng.pick(PEOPLE)} acked it and saw nothing obviously broken, then it re-fired twenty minutes later. Dashboards show the error rate creeping up on ${w.rng.pick(SERVICES)} as well, which may or may not be related.`,
    () =>
      `We had a similar page last month; the postmortem said it was a noisy neighbour on the node pool, but nobody is sure the fix (moving to dedicated nodes) actually landed everywhere.`,
  ],
  data: [
    (w) =>
      `Context: ${w.rng.pick(PEOPLE)} from finance is presenting this at Monday's business review, so it needs to be defensible — they'll be asked how it was computed.`,
    () =>
      `Note the events table had a backfill in the spring, so older partitions can look odd. The dbt models are the source of truth where they exist.`,
  ],
  web: [
    (w) =>
      `Support has ${w.rng.int(3, 30)} tickets about this since the last release. It doesn't reproduce for everyone: mostly Safari and mobile, but one report is from Chrome on Windows.`,
    () =>
      `The release train leaves Thursday; QA sign-off is the blocker, so a reliable automated check matters more than a perfect root-cause write-up.`,
  ],
};

function background(w: World): string {
  return w.rng.pick(BACKGROUND[w.domain])(w);
}

function ack(w: World, facts: readonly Said[]): string | undefined {
  const goal = facts.find((f) => f.kind === 'goal');
  const rule = facts.find((f) => f.kind === 'constraint');
  if (!goal || w.rng.chance(0.35))
    return rule && w.rng.chance(0.4)
      ? `Noted — \`${rule.needle}\` is a hard rule for this session. Looking around first.`
      : undefined;
  const g = `\`${goal.needle}\``;
  const by: Record<World['domain'], string[]> = {
    code: [
      `I'll start by finding where ${g} is handled, then work out the change.`,
      `Got it. First I want to understand how ${g} works today before changing anything.`,
      `Let me get oriented: I'll look for ${g} and the surrounding code.`,
    ],
    ops: [
      `On it. Gathering state for ${g} first — read-only until we agree on a mitigation.`,
      `Acknowledged. Looking at ${g}: pods, recent deploys, events.`,
    ],
    data: [
      `Sure. I'll check how ${g} is defined in the warehouse before computing anything.`,
      `Okay. First a look at the tables behind ${g} and their grain.`,
    ],
    web: [
      `I'll reproduce ${g} in the browser first, then look at the test side.`,
      `Got it — starting with a manual repro of ${g} on the test environment.`,
    ],
  };
  return w.rng.chance(0.25)
    ? `Okay — the task is about ${g}.${rule ? ` I'll keep clear of \`${rule.needle}\`.` : ''} Looking around first.`
    : w.rng.pick(by[w.domain]);
}

function ticket(w: World, facts: readonly Said[]): string {
  const goal = facts.find((f) => f.kind === 'goal') as Said;
  const rest = facts.filter((f) => f !== goal);
  const key = w.rng.pick([
    `${w.name.slice(0, 4).toUpperCase()}-${w.rng.int(100, 4999)}`,
    `ENG-${w.rng.int(100, 9999)}`,
    `#${w.rng.int(1000, 20000)}`,
  ]);
  const more: Record<World['domain'], string[]> = {
    code: ['Tests cover the new behaviour', 'No regressions in the existing suite', 'CHANGELOG entry'],
    ops: ['Mitigation posted in the incident channel', 'No customer-facing downtime', 'Runbook updated'],
    data: [
      "Numbers reconcile with finance's dashboard",
      'Definitions written down in the notebook',
      'Query saved to the repo',
    ],
    web: ['Automated check in the regression suite', 'Repro steps recorded on the ticket', 'Screenshots attached'],
  };
  const crit = [goal.bullet, ...w.rng.sample(more[w.domain], 2)];
  const lead = w.rng.pick([
    'can you pick this up? ticket below',
    'Here is the ticket:',
    'pasting the issue:',
    'Next up, this one from the board:',
  ]);
  return [
    lead,
    '',
    `**${key}: ${goal.bullet.replace(/`/g, '').slice(0, 80)}**`,
    `Reporter: ${w.rng.pick(PEOPLE)} · Priority: P${w.rng.int(1, 3)} · Labels: ${w.rng.sample(['backend', 'infra', 'customer-facing', 'tech-debt', 'q3'], 2).join(', ')}`,
    '',
    '**Description**',
    goal.prose,
    '',
    background(w),
    '',
    '**Acceptance criteria**',
    ...crit.map((c) => `- [ ] ${c}`),
    ...(rest.length ? ['', '**Notes**', ...rest.map((f) => `- ${f.bullet}`)] : []),
  ].join('\n');
}

function alert(w: World, facts: readonly Said[]): string {
  const goal = facts.find((f) => f.kind === 'goal') as Said;
  const rest = facts.filter((f) => f !== goal);
  const payload = {
    incident: {
      id: `Q${alnum(w.rng, 13).toUpperCase()}`,
      number: w.rng.int(10000, 99999),
      status: 'triggered',
      urgency: 'high',
      service: { summary: w.rng.pick(SERVICES) },
    },
    alert: {
      labels: {
        alertname: goal.style.includes('certificate') ? 'CertificateExpiringSoon' : 'KafkaConsumerLagHigh',
        severity: goal.style.includes('certificate') ? 'warning' : 'page',
        cluster: w.scope,
      },
      annotations: {
        runbook_url: `https://runbooks.internal/${w.rng.pick(NOUNS)}`,
        dashboard: `https://grafana.internal/d/${alnum(w.rng, 9)}`,
      },
      startsAt: w.clock.iso(),
      generatorURL: `https://prometheus.internal/graph?g0.expr=${hex(w.rng, 12)}`,
    },
  };
  return [
    'PagerDuty → Beacon: incident triggered',
    '```json',
    JSON.stringify(payload, null, 2),
    '```',
    '',
    `${w.rng.pick(PEOPLE).toLowerCase()}: ${goal.terse}`,
    ...rest.map((f) => `${w.rng.pick(PEOPLE).toLowerCase()}: ${f.terse}`),
  ].join('\n');
}

/** The opening request: a goal and `extra` constraints/values, in one of several forms. */
export function openingPart(w: World, extra: ('constraint' | 'value')[], avoid: Set<string>): UserPart {
  const goal = userSaid(w, 'goal', avoid) as Said;
  const facts: Said[] = [goal];
  for (const k of extra) {
    const s = userSaid(w, k, avoid);
    if (s) facts.push(s);
  }
  const form =
    /consumer-lag|certificate/.test(goal.style) && w.rng.chance(0.7)
      ? 'alert'
      : w.rng.pick(['ticket', 'long', 'bullets', 'terse'] as const);
  let text: string;
  switch (form) {
    case 'alert':
      text = alert(w, facts);
      break;
    case 'ticket':
      text = ticket(w, facts);
      break;
    case 'long':
      text = [
        w.rng.pick(['Hi!', 'Morning.', 'Hey,', '']),
        facts[0]?.prose ?? '',
        '',
        background(w),
        '',
        ...facts.slice(1).map((f) => f.prose),
        '',
        w.rng.pick([
          'Let me know if anything is unclear before you start.',
          'Take your time and ask if you get stuck.',
          'Thanks!',
        ]),
      ]
        .join('\n')
        .trim();
      break;
    case 'bullets':
      text = [
        w.rng.pick(['Task for this session:', "Here's what I need:", 'Todo:']),
        '',
        ...facts.map((f) => `- ${f.bullet}`),
        '',
        background(w),
      ].join('\n');
      break;
    default:
      text = facts.map((f) => f.terse).join(w.rng.pick(['. ', '\n', '. also ']));
  }
  const a = ack(w, facts);
  return { text, facts: facts.map((f) => ({ ...f, style: `${f.style}/${form}` })), ...(a ? { ack: a } : {}) };
}

/** A later user message planting one fact of `kind` (undefined when none is left). */
export function laterPart(w: World, kind: 'goal' | 'constraint' | 'value', avoid: Set<string>): UserPart | undefined {
  const s = userSaid(w, kind, avoid);
  if (!s) return undefined;
  const r = w.rng;
  const form = r.pick(['prose', 'terse', 'terse', 'correction'] as const);
  let text: string;
  if (kind === 'goal') {
    text =
      form === 'prose'
        ? `${r.pick(['Good, that part is done.', 'Thanks, merged.', 'Nice.'])} Next thing: ${s.prose}`
        : `${r.pick(['ok next:', 'cool. next one —', 'thx. now'])} ${s.terse}`;
  } else if (form === 'correction') {
    text =
      kind === 'value'
        ? `${r.pick(['wait, correction:', 'sorry, the README is stale —', 'scratch what the docs say:'])} ${s.terse}`
        : `${r.pick(['actually, I should have said earlier:', 'oh, one thing I forgot —', 'correction to the plan:'])} ${s.terse}`;
  } else if (form === 'prose') {
    text = `${r.pick(['One more thing before you go on.', 'Quick note while you work on this:', 'Before I forget:'])} ${s.prose}`;
  } else {
    text = `${r.pick(['btw', 'fyi', 'also', 'oh and'])} ${s.terse}`;
  }
  const acked = r.chance(0.5)
    ? `${r.pick(['Understood', 'Got it', 'Noted'])} — ${kind === 'constraint' ? `I'll respect \`${s.needle}\`.` : kind === 'value' ? `using \`${s.needle}\`.` : `moving on to \`${s.needle}\`.`}`
    : undefined;
  return { text, facts: [{ ...s, style: `${s.style}/later-${form}` }], ...(acked ? { ack: acked } : {}) };
}

const PLAIN: Record<World['domain'], string[]> = {
  code: [
    'ok, keep going',
    'looks good. run the full suite too?',
    'what is the status?',
    'can you also check there are no lint warnings',
    'hmm, why that approach?',
    'fine by me, continue',
    'sure',
    'go ahead',
    'did the tests pass?',
    'can you show me the diff so far',
    'try again, it was flaky on CI too',
  ],
  ops: [
    'any update?',
    'ok',
    'go',
    'what do the logs say',
    'hold on, let me check with the team. keep investigating read-only',
    'ok continue',
    'is it still firing?',
    'check the other az too',
  ],
  data: [
    'makes sense, continue',
    'can you break that down by platform as well',
    'what does the null count look like',
    'ok',
    'looks off, double check the join',
    'nice, keep going',
  ],
  web: [
    'ok',
    'keep going',
    'does it repro on mobile viewport too?',
    'what does the console say',
    'good, continue',
    'try it logged out as well',
  ],
};

/** A user message that plants nothing. */
export function plainUser(w: World): string {
  return w.rng.pick(PLAIN[w.domain]).replace('VERB', w.rng.pick(VERBS));
}
