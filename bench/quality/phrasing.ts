/**
 * How facts are said. Each template plants one needle (minted by vocab.ts `Names`) in a
 * sentence, and the same kind of fact comes in many forms: plain sentences, lists, headings,
 * tables, imperatives, casual asides, negations — not a handful of verbs a recogniser could
 * key on. (Filler chatter, in filler.ts, reuses the same cue words without needles.)
 */
import type { Rng } from './rng';
import { genericIdent, type Names } from './vocab';

/** A sentence (or block) that states one fact. */
export interface Phrase {
  text: string;
  needle: string;
  style: string;
}

const THINGS = [
  'retry loop',
  'cache layer',
  'parser',
  'batch writer',
  'lock',
  'serializer',
  'queue consumer',
  'rate limiter',
  'id generator',
  'pagination',
];
const REASONS = [
  'it keeps the writes idempotent',
  'the benchmark shows half the allocations',
  'it is already a dependency',
  'the old path cannot handle partial failures',
  'it avoids the global lock',
  'it is what the other services use',
];

const thing = (rng: Rng) => rng.pick(THINGS);

/** A goal sentence for the first user message. */
export function goal(rng: Rng, names: Names): Phrase {
  const x = names.ident(rng.pick(['kebab', 'snake', 'pascal'] as const));
  const forms: [string, () => string][] = [
    [
      'plain',
      () =>
        `I need you to make the ${x} ${rng.pick(['worker', 'service', 'module', 'endpoint'])} ${rng.pick(['idempotent', 'retry safely', 'page its results', 'emit metrics'])}.`,
    ],
    [
      'heading',
      () =>
        `## Task\n${rng.pick(['Refactor', 'Harden', 'Speed up', 'Fix'])} \`${x}\` so that ${rng.pick(['duplicate deliveries are ignored', 'the nightly job stops timing out', 'partial failures roll back cleanly'])}.`,
    ],
    [
      'casual',
      () =>
        `hey — ${x} ${rng.pick(['keeps falling over in CI', 'double-charges on retries', 'is way too slow since last week'])}. can you track it down and fix it?`,
    ],
    ['label', () => `Goal: ${rng.pick(['migrate', 'rewrite', 'stabilise'])} ${x}.`],
    [
      'ticket',
      () =>
        `Ticket: "${rng.pick(['Port', 'Split', 'Clean up'])} ${x}". Acceptance: all tests green and no behaviour change for existing callers.`,
    ],
    [
      'migration',
      () =>
        `We're moving ${x} off the ${genericIdent(rng).replace('_', ' ')} code path. Please do the migration end to end.`,
    ],
  ];
  const [style, make] = rng.pick(forms);
  return { text: make(), needle: x, style: `goal/${style}` };
}

/** A constraint, as the user (`user`) or the assistant (`note`) would state it. */
export function constraint(rng: Rng, names: Names, speaker: 'user' | 'assistant'): Phrase {
  const fn = () => names.ident('camel', true);
  const forms: [string, () => Phrase][] = [
    [
      'signature',
      () => {
        const n = fn();
        return { needle: n, text: `Don't change the public signature of \`${n}\`.`, style: '' };
      },
    ],
    [
      'must-never',
      () => {
        const n = names.ident('snake');
        return { needle: n, text: `We must never write to the ${n} table directly.`, style: '' };
      },
    ],
    [
      'pinned',
      () => {
        const n = names.ident('kebab');
        return {
          needle: n,
          text: `Keep ${n} pinned at its current version; newer releases break the build.`,
          style: '',
        };
      },
    ],
    [
      'hands-off',
      () => {
        const n = names.ident('snake');
        return { needle: `${n}/`, text: `Leave everything under \`${n}/\` alone — another team owns it.`, style: '' };
      },
    ],
    [
      'flag',
      () => {
        const n = names.ident('upper');
        return { needle: n, text: `Hard rule: ${n} stays off in production.`, style: '' };
      },
    ],
    [
      'branch',
      () => {
        const n = names.ident('kebab');
        return { needle: n, text: `Under no circumstances push to the ${n} branch.`, style: '' };
      },
    ],
    [
      'compat',
      () => {
        const n = `/v2/${names.ident('kebab')}`;
        return { needle: n, text: `Whatever you do, ${n} has to stay backwards compatible.`, style: '' };
      },
    ],
    [
      'latency',
      () => {
        const n = fn();
        return { needle: n, text: `${n} is on the hot path: it may not allocate or block.`, style: '' };
      },
    ],
    [
      'avoid',
      () => {
        const n = fn();
        return { needle: n, text: `Avoid ${n}() — it takes a global lock.`, style: '' };
      },
    ],
    [
      'append-only',
      () => {
        const n = names.ident('snake');
        return {
          needle: n,
          text: `${speaker === 'user' ? 'FYI' : 'Note to self'}: ${n} is append-only, so no UPDATE or DELETE against it.`,
          style: '',
        };
      },
    ],
  ];
  const [style, make] = rng.pick(forms);
  const p = make();
  return { ...p, style: `constraint/${speaker}/${style}` };
}

/** Wraps several constraint sentences as a list or under a heading, or leaves them as prose. */
export function constraintBlock(rng: Rng, sentences: readonly string[]): string {
  if (sentences.length === 0) return '';
  const form = rng.int(0, 3);
  if (form === 0) return sentences.join(' ');
  if (form === 1) return `Constraints:\n${sentences.map((s) => `- ${s}`).join('\n')}`;
  if (form === 2) return `**Rules for this change**\n${sentences.map((s, i) => `${i + 1}. ${s}`).join('\n')}`;
  return `A few things to keep in mind:\n${sentences.map((s) => `* ${s.charAt(0).toLowerCase()}${s.slice(1)}`).join('\n')}`;
}

/** A decision the assistant (or, approving, the user) states. */
export function decision(rng: Rng, names: Names): Phrase {
  const x = names.ident(rng.pick(['camel', 'snake', 'pascal', 'kebab'] as const));
  const y = genericIdent(rng, 'camel');
  const t = thing(rng);
  const forms: [string, () => string][] = [
    ['lets-go', () => `Let's go with \`${x}\` — ${rng.pick(REASONS)}.`],
    ['label', () => `Decision: use ${x} instead of ${y}.`],
    ['switch', () => `I'm switching the ${t} to ${x}.`],
    [
      'approach',
      () => `## Approach\n1. Replace the ${t} with \`${x}\`\n2. Keep ${y} as a thin wrapper\n3. Re-run the suite`,
    ],
    ['option', () => `Option B (${x}) fits better here, so that's what I'm implementing.`],
    ['wins', () => `After comparing both, ${x} wins: ${rng.pick(REASONS)}.`],
    ['settled', () => `Settled on ${x} for the ${t}.`],
    ['route', () => `We keep the ${t}, but every call now goes through ${x}.`],
    ['arrow', () => `Chosen approach → ${x} (rejected: ${y}).`],
    [
      'table',
      () =>
        `| option | verdict |\n| --- | --- |\n| ${y} | rejected, ${rng.pick(['too slow', 'not thread-safe', 'leaks handles'])} |\n| ${x} | chosen |`,
    ],
    ['because', () => `Because ${rng.pick(REASONS)}, the ${t} becomes \`${x}\` from here on.`],
  ];
  const [style, make] = rng.pick(forms);
  return { text: make(), needle: x, style: `decision/${style}` };
}

/** A user approving a choice (a decision stated by the user). */
export function userDecision(rng: Rng, names: Names): Phrase {
  const x = names.ident(rng.pick(['camel', 'kebab'] as const));
  const text = rng.pick([
    `ok, use ${x} for that.`,
    `Yes — go with ${x}, not the hand-rolled version.`,
    `I'd prefer ${x}. Do that.`,
  ]);
  return { text, needle: x, style: 'decision/user' };
}

/** A step the assistant still owes (stated mid-run, not done later in the transcript). */
export function pending(rng: Rng, names: Names): Phrase {
  const x = names.ident(rng.pick(['snake', 'kebab', 'camel'] as const), rng.chance(0.5));
  const forms: [string, () => string][] = [
    ['still-to-do', () => `Still to do after this: run the ${x} migration.`],
    ['todo', () => `TODO (later): regenerate \`${x}\` once the tests are green.`],
    [
      'checklist',
      () => `Remaining:\n- [x] ${genericIdent(rng).replace('_', ' ')} fixed\n- [ ] update ${x}\n- [x] tests added`,
    ],
    ['next-up', () => `Next up, once this passes: re-run ${x} against staging.`],
    ['come-back', () => `I'll come back to ${x} after the ${thing(rng)} is sorted.`],
    ['left', () => `Left for later — ${x} still needs a backfill.`],
    ['follow-up', () => `Follow-up: \`${x}\` has to be re-deployed; not done yet.`],
    ['owe', () => `Once CI is green I still owe a change to ${x}.`],
    ['plan', () => `Plan for the rest:\n1. finish the ${thing(rng)}\n2. bump ${x}\n3. write the changelog entry`],
  ];
  const [style, make] = rng.pick(forms);
  return { text: make(), needle: x, style: `pending/${style}` };
}

/** A value the user gives (a URL, an id, a name) that the agent must use later. */
export function userValue(rng: Rng, names: Names): Phrase {
  const forms: [string, () => [string, string]][] = [
    [
      'url',
      () => {
        const n = `${names.ident('kebab')}.staging.internal:${rng.int(8000, 9999)}`;
        return [n, `The staging base URL is https://${n}/api`];
      },
    ],
    [
      'account',
      () => {
        const n = String(names.number(1_000_000_000, 9_999_999_999));
        return [n, `Use account id ${n} for the test charges.`];
      },
    ],
    [
      'ticket',
      () => {
        const n = names.token('ticket');
        return [n, `Reference ${n} in the commit message.`];
      },
    ],
    [
      'flag',
      () => {
        const n = names.ident('snake');
        return [n, `the feature flag is called \`${n}\`, btw`];
      },
    ],
    [
      'vault',
      () => {
        const n = `secret/${names.ident('kebab')}/api`;
        return [n, `Credentials live in vault at ${n}.`];
      },
    ],
    [
      'channel',
      () => {
        const n = `#${names.ident('kebab')}`;
        return [n, `Post the summary in ${n} when you're done.`];
      },
    ],
    [
      'rate',
      () => {
        const n = `${names.number(1100, 9900)} req/s`;
        return [n, `Peak load is ${n}; size the pool for that.`];
      },
    ],
    [
      'db',
      () => {
        const n = `${names.ident('snake')}:5432`;
        return [n, `fyi the db is at postgres://${n}/app`];
      },
    ],
  ];
  const [style, make] = rng.pick(forms);
  const [needle, text] = make();
  return { text, needle, style: `value/${style}` };
}
