/**
 * Words and sentences of the harder transcript family (bench/quality/hard.ts). Unlike
 * vocab.ts, where needles come from words filler never uses, here every transcript is about
 * one small project whose nouns and module names fill the whole session: file reads, test
 * output, logs, chatter and long user messages use them all the time. A needle is an exact
 * phrase, path, test name or number made of those common words; only the whole string is
 * unique to its planting (hard.ts checks this on every transcript).
 */
import type { Rng } from './rng';
import { joinWords, type Lang } from './vocab';

/** The project a transcript works on: its nouns, modules, paths and tests. */
export interface Project {
  theme: string;
  lang: 'python' | 'typescript' | 'go';
  nouns: string[];
  /** Module names as code spells them (`refund_sync`, `refund-sync`). */
  modules: string[];
  /** Module names as prose spells them (`refund sync`). */
  spoken: string[];
  paths: string[];
  /** Test names filler output may use (passing runs); needles take the others. */
  fillerTests: string[];
  /** Exception classes, one per module; they appear in passing logs and in failures. */
  errorClasses: string[];
}

const THEMES: Record<string, string[]> = {
  billing: ['invoice', 'payment', 'refund', 'order', 'customer', 'account'],
  shipping: ['parcel', 'shipment', 'label', 'carrier', 'route', 'depot'],
  scheduling: ['shift', 'booking', 'calendar', 'slot', 'reminder', 'staff'],
};
const SUFFIXES = ['sync', 'client', 'worker', 'store', 'job', 'service'];
/** Second words of files written (never a module suffix, so a written file is never a module file). */
const FILE_WORDS = ['retry', 'batch', 'cache', 'limits', 'format', 'dedup', 'export', 'cursor', 'mapper', 'checks'];
export const SCENARIOS = [
  'handles timeout',
  'skips duplicates',
  'rounds totals',
  'keeps order',
  'retries once',
  'rejects empty',
  'merges pages',
  'uses cutoff',
  'sends once',
  'closes cursor',
  'reports errors',
  'locks row',
  'parses dates',
  'writes batch',
  'resumes after crash',
  'ignores cancelled',
];
export const TEAMS = ['reporting', 'finance', 'platform', 'support', 'data', 'mobile', 'security'];
const THINGS = ['retry state', 'dedup keys', 'cursor', 'rate limit', 'lock', 'cache', 'batch size'];
const STORES = ['Redis', 'Postgres', 'the outbox table', 'memory', 'a local file', 'a config flag'];
const REASONS = ['loses it on restart', 'is not there in staging', 'is too slow under load', 'makes the tests flaky'];
const EXT = { python: 'py', typescript: 'ts', go: 'go' } as const;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Spells words as a module, file or test name in the project's language. */
export function spell(p: Pick<Project, 'lang'>, words: string[], kind: 'module' | 'test' | 'class'): string {
  if (kind === 'class') return joinWords(words, 'pascal');
  if (kind === 'test')
    return p.lang === 'python'
      ? `test_${joinWords(words, 'snake')}`
      : p.lang === 'go'
        ? `Test${joinWords(words, 'pascal')}`
        : words.join(' ');
  return p.lang === 'typescript' ? joinWords(words, 'kebab') : joinWords(words, 'snake');
}

/** Draws a project: a theme, five modules, their paths, and the tests filler may mention. */
export function makeProject(rng: Rng): Project {
  const theme = rng.pick(Object.keys(THEMES));
  const lang = rng.pick(['python', 'typescript', 'go'] as const);
  const nouns = THEMES[theme] as string[];
  const pairs = rng.sample(
    nouns.flatMap((n) => SUFFIXES.map((s) => [n, s])),
    5,
  );
  const p: Project = {
    theme,
    lang,
    nouns,
    modules: [],
    spoken: [],
    paths: [],
    fillerTests: [],
    errorClasses: [],
  };
  for (const ws of pairs) {
    p.modules.push(spell(p, ws, 'module'));
    p.spoken.push(ws.join(' '));
    p.paths.push(`src/${theme}/${spell(p, ws, 'module')}.${EXT[lang]}`);
    p.errorClasses.push(`${joinWords(ws, 'pascal')}Error`);
  }
  // Half the noun × scenario tests are filler's; the other half is left for failures.
  for (const n of nouns)
    for (const s of rng.sample(SCENARIOS, SCENARIOS.length / 2))
      p.fillerTests.push(spell(p, [n, ...s.split(' ')], 'test'));
  return p;
}

/** A fact about to be planted: the text that states it and the exact needle. */
export interface HardPhrase {
  text: string;
  needle: string;
  style: string;
  /** What later chatter may call it, in common words (never the needle). */
  subject: string;
}

/** Claims exact strings so that no needle is minted twice in one transcript. */
export class Mint {
  private readonly used = new Set<string>();
  /** Draws with `make` until it yields an unclaimed needle (the phrase is then claimed). */
  draw<T extends { needle: string }>(make: () => T): T {
    for (let i = 0; i < 500; i++) {
      const x = make();
      if (!this.used.has(x.needle) && ![...this.used].some((u) => u.includes(x.needle) || x.needle.includes(u))) {
        this.used.add(x.needle);
        return x;
      }
    }
    throw new Error('Mint: vocabulary exhausted');
  }
}

/** The goal, said in the middle of the first request. */
export function goal(rng: Rng, p: Project, mint: Mint): HardPhrase {
  return mint.draw(() => {
    const n = rng.pick(p.nouns);
    const i = rng.int(0, p.modules.length - 1);
    const needle = rng.pick([
      `stop sending duplicate ${n}s when ${p.spoken[i]} times out`,
      `write the ${n} rows in one transaction`,
      `pick up ${n}s that failed on the first try`,
      `finish the nightly ${n} run before the ${rng.pick(TEAMS)} team starts`,
    ]);
    const text = rng.pick([
      `What I actually need is to ${needle}.`,
      `So the real ask: ${needle}.`,
      `The thing to do here is ${needle}, everything else can wait.`,
    ]);
    return { text, needle, style: 'goal/mid-message', subject: `the ${n} change` };
  });
}

/** A constraint in plain words (no "must", "never", "don't", "rule"). */
export function constraint(rng: Rng, p: Project, mint: Mint, where: string): HardPhrase {
  return mint.draw(() => {
    const n = rng.pick(p.nouns);
    const i = rng.int(0, p.modules.length - 1);
    const m = p.spoken[i] as string;
    const team = rng.pick(TEAMS);
    const forms: [string, string, string][] = [
      [
        'shared-table',
        `${n} table is shared with the ${team} team`,
        `The ${n} table is shared with the ${team} team, so its columns stay as they are.`,
      ],
      [
        'owned-config',
        `${m} config belongs to the ${team} team`,
        `The ${m} config belongs to the ${team} team; changes there go through them.`,
      ],
      [
        'export-layout',
        `${n} exports are read by ${team} every morning`,
        `Our ${n} exports are read by ${team} every morning, so the file layout stays the same.`,
      ],
      [
        'old-runtime',
        `${m} runs on the old ${team} boxes`,
        `Note that ${m} runs on the old ${team} boxes, which have the previous runtime, so newer language features are out.`,
      ],
      [
        'api-shape',
        `${n} API is used by the ${team} app`,
        `The ${n} API is used by the ${team} app too; its response shape stays as it is.`,
      ],
      [
        'release-train',
        `${m} deploys go out with the ${team} release`,
        `Also, ${m} deploys go out with the ${team} release, not on their own.`,
      ],
    ];
    const [style, needle, text] = rng.pick(forms);
    return { text, needle, style: `constraint/${where}/${style}`, subject: `the ${n} side` };
  });
}

/** A decision: where or how something is kept. */
export interface Choice {
  subject: string;
  store: string;
}

/** A decision on a subject no earlier decision of the transcript had (`taken` grows). */
export function decision(rng: Rng, p: Project, mint: Mint, taken: Set<string>): HardPhrase & Choice {
  const d = mint.draw(() => {
    let subject = `${rng.pick(p.nouns)} ${rng.pick(THINGS)}`;
    while (taken.has(subject)) subject = `${rng.pick(p.nouns)} ${rng.pick(THINGS)}`;
    const store = rng.pick(STORES);
    const needle = `${rng.pick(['keep', 'put', 'store'])} the ${subject} in ${store}`;
    const [style, text] = rng.pick([
      ['lets', `Let's ${needle}.`],
      ['ill', `I'll ${needle}; it is the simplest thing that works.`],
      ['label', `Decision: ${needle}.`],
      ['weighed', `Weighed the options for the ${subject}; going to ${needle}.`],
    ] as const);
    return { text, needle, style: `decision/${style}`, subject, store };
  });
  taken.add(d.subject);
  return d;
}

/** Reverses `old`: names its subject and old store in common words, never its needle. */
export function reversal(rng: Rng, mint: Mint, old: Choice, speaker: 'user' | 'assistant'): HardPhrase & Choice {
  return mint.draw(() => {
    const store = rng.pick(STORES.filter((s) => s !== old.store));
    const needle = `${rng.pick(['keep', 'put', 'store'])} the ${old.subject} in ${store}`;
    const text =
      speaker === 'assistant'
        ? `Change of plan for the ${old.subject}: ${old.store} ${rng.pick(REASONS)}, so from now on we ${needle} instead.`
        : `Actually, about the ${old.subject}: ${old.store} won't work for us. Please ${needle}.`;
    return { text, needle, style: `decision/reversed-by-${speaker}`, subject: old.subject, store };
  });
}

/** A step still owed. */
export function pending(rng: Rng, p: Project, mint: Mint): HardPhrase {
  return mint.draw(() => {
    const n = rng.pick(p.nouns);
    const needle = `${rng.pick(['backfill', 're-run', 'clean up', 'document', 'migrate', 're-check'])} the ${n} ${rng.pick(['report', 'export', 'fixtures', 'dashboard', 'alerts', 'sample data'])}`;
    const other = rng.pick(p.spoken);
    const [style, text] = rng.pick([
      ['still', `After this I still have to ${needle}.`],
      ['todo', `TODO: ${needle}.`],
      ['checklist', `Remaining:\n- [x] tests for ${other}\n- [ ] ${needle}\n- [x] ${other} review comments`],
      ['later', `Left for later: ${needle}.`],
    ] as const);
    return { text, needle, style: `pending/${style}`, subject: `the ${n} follow-up` };
  });
}

/** A value the user gives: a date, a time, a duration, an amount, a count, an id, a percentage. */
export function value(rng: Rng, p: Project, mint: Mint): HardPhrase {
  return mint.draw(() => {
    const n = rng.pick(p.nouns);
    const m = rng.pick(p.spoken);
    const pad = (x: number) => String(x).padStart(2, '0');
    const forms: [string, () => [string, string]][] = [
      [
        'date',
        () => {
          const v = `2026-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
          return [v, `The ${n} cutoff date is ${v}; anything older stays as it is.`];
        },
      ],
      [
        'time',
        () => {
          const v = `${pad(rng.int(0, 23))}:${pad(rng.int(0, 11) * 5)} UTC`;
          return [v, `the ${n} export starts at ${v}, so the job has to be done by then`];
        },
      ],
      [
        'duration',
        () => {
          const v = `${rng.int(1000, 9999)} ms`;
          return [v, `${cap(m)} gives up after ${v} at the moment.`];
        },
      ],
      [
        'amount',
        () => {
          const v = `${rng.int(1, 9)},${String(rng.int(0, 999)).padStart(3, '0')}.${pad(rng.int(0, 99))} EUR`;
          return [v, `${cap(n)}s above ${v} go to manual review.`];
        },
      ],
      [
        'count',
        () => {
          const v = `${rng.int(101, 999)} rows per batch`;
          return [v, `Keep it to ${v} for ${m}.`];
        },
      ],
      [
        'id',
        () => {
          const v = String(rng.int(10_000_000, 99_999_999));
          return [v, `The test ${n} account is ${v}.`];
        },
      ],
      [
        'percent',
        () => {
          const v = `${rng.int(1, 9)}.${rng.int(1, 9)}%`;
          return [v, `alert when ${n} errors go over ${v}`];
        },
      ],
    ];
    const [style, make] = rng.pick(forms);
    const [needle, text] = make();
    return { text, needle, style: `value/${style}`, subject: `the ${n} numbers` };
  });
}

/** A sentence of background in the project's words (no needle). */
export function background(rng: Rng, p: Project): string {
  const m = () => rng.pick(p.spoken);
  const n = () => rng.pick(p.nouns);
  return rng.pick([
    `Some background: ${m()} was written two years ago and most of the ${n()} code around it was copied from ${m()}.`,
    `The ${n()} flow goes ${m()} → ${m()} → ${m()}, and each step logs what it did.`,
    `Last month ${m()} fell behind and the ${rng.pick(TEAMS)} team had to re-send ${n()}s by hand.`,
    `Tests for ${m()} are slow because they start a database; the ${n()} ones are the worst.`,
    `${cap(m())} and ${m()} both read the ${n()} table, which is why changes there tend to break things.`,
    `Nobody has touched ${rng.pick(p.paths)} in a while, but it is where the ${n()} numbers come from.`,
    `The ${n()} dashboard has been red on and off since the ${m()} change.`,
    `I think the ${n()} part is fine; the problem is more likely in ${m()}.`,
    `When a ${n()} is retried, ${m()} writes it again, and ${m()} picks it up twice.`,
    `We talked about this with the ${rng.pick(TEAMS)} team and they are fine with any fix that keeps ${m()} working.`,
  ]);
}

/** A log excerpt a user might paste: the project's error classes in passing (no needle). */
export function pastedLog(rng: Rng, p: Project): string {
  return Array.from({ length: rng.int(4, 12) }, () => {
    const i = rng.int(0, p.modules.length - 1);
    return `2025-11-${String(rng.int(1, 28)).padStart(2, '0')}T${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(10, 59))}:${String(rng.int(10, 59))}Z ${rng.pick(['INFO', 'WARN'])} ${p.modules[i]}: ${rng.pick([`${p.errorClasses[i]} on ${rng.pick(p.nouns)} ${rng.int(1000, 99999)}, retrying`, `processed ${rng.int(1, 500)} ${rng.pick(p.nouns)}s`, `slow ${rng.pick(p.nouns)} query (${rng.int(200, 900)}ms)`])}`;
  }).join('\n');
}

/** Assistant chatter in the project's words, sometimes naming a fact's subject (never a needle). */
export function chatter(rng: Rng, p: Project, subjects: readonly string[]): string {
  if (subjects.length && rng.chance(0.4)) {
    const s = rng.pick(subjects);
    return rng.pick([
      `Back to ${s.startsWith('the ') ? s : `the ${s}`}.`,
      `Still on ${s.startsWith('the ') ? s : `the ${s}`}; checking the callers.`,
      `This touches ${s.startsWith('the ') ? s : `the ${s}`} again, so re-reading it.`,
    ]);
  }
  return rng.pick([
    `Looking at ${rng.pick(p.spoken)} again.`,
    `${cap(rng.pick(p.spoken))} calls ${rng.pick(p.spoken)} for each ${rng.pick(p.nouns)}.`,
    `The ${rng.pick(p.nouns)} path goes through ${rng.pick(p.paths)}.`,
    `Running the ${rng.pick(p.nouns)} tests again.`,
    `${rng.pick(p.errorClasses)} shows up in the logs but only as a retry, not a failure.`,
    `Checking how ${rng.pick(p.spoken)} handles a missing ${rng.pick(p.nouns)}.`,
  ]);
}

/** Source of one of the project's modules: generic code with the project's names threaded through. */
export function projectLines(rng: Rng, p: Project, n: number): string[] {
  return Array.from({ length: n }, () => {
    const i = rng.int(0, p.modules.length - 1);
    const noun = rng.pick(p.nouns);
    const c = p.lang === 'python' ? '#' : '//';
    return rng.pick([
      `    ${c} ${noun}s are retried by ${p.spoken[i]}`,
      `    raise ${p.errorClasses[i]}("${noun} not found")`,
      `    ${noun}_count = ${p.modules[i]?.replace(/-/g, '_')}.count_${noun}s(batch)`,
      `    log.info("${p.spoken[i]}: ${noun} done")`,
    ]);
  });
}

/** The file extension of the project's language. */
export const extOf = (p: Pick<Project, 'lang'>): string => EXT[p.lang];

/** A file written during the session: the theme's folder, a noun and a second word. */
export function writtenPath(rng: Rng, p: Project, mint: Mint): { needle: string; noun: string } {
  return mint.draw(() => {
    const noun = rng.pick(p.nouns);
    return { needle: `src/${p.theme}/${spell(p, [noun, rng.pick(FILE_WORDS)], 'module')}.${extOf(p)}`, noun };
  });
}

/** The language as vocab.ts names it (for reusing filler.ts). */
export const langOf = (p: Project): Lang => p.lang;
