/**
 * How the far family states each kind of fact and mentions it again: the plant (a user
 * sentence, a rules file, a pasted document, an edit, a failing run, an output, a todo list,
 * a commit) and a few later beats of its short episode (a re-read, a rerun, a restatement in
 * other words). Every needle holds a minted token that nothing outside its episode mentions.
 */
import type { Builder } from './far-core';
import type { Ctx, FarHarness, Lang } from './far-kit';
import { codeFile, longDoc, mdTable, numbered, word } from './far-noise';
import type { FactKind } from './types';

/** One later step of an episode, `gap` messages at least after the previous one. */
export interface Beat {
  gap: number;
  run: (b: Builder, c: Ctx) => void;
}

/** A fact as the generator plants it. */
export interface FactPlan {
  kind: FactKind;
  /** The minted token (lowercase form is what must stay inside the episode). */
  key: string;
  needle: string;
  /** How it is planted (the middle part of the style). */
  how: string;
  /** For user-stated facts: the sentence the user's message carries. */
  say?: string;
  /** For the others: the step that plants it. */
  plant?: Beat;
  mentions: Beat[];
}

/** The channels each kind can be planted through; `user-*` ones need a user turn. */
export const CHANNELS: Record<FactKind, string[]> = {
  goal: ['user-ask', 'user-ticket', 'tool-task'],
  constraint: ['user-rule', 'user-implicit', 'user-list', 'user-spec', 'tool-rules', 'user-aside', 'tool-comment'],
  decision: ['agent-say', 'agent-comment', 'agent-commit', 'agent-table', 'user-override'],
  file: ['tool-edit', 'tool-create', 'tool-heredoc', 'tool-patch'],
  error: ['tool-midlog', 'tool-trace', 'tool-json'],
  value: ['tool-output', 'tool-row', 'user-says', 'tool-json'],
  pending: ['agent-say', 'agent-todo', 'agent-checklist', 'user-later'],
};

const RULE_LEAD: Record<Lang, string[]> = {
  en: ['One rule: ', 'Important: ', 'Please keep in mind — ', 'Hard requirement: ', 'fyi ', '', 'And ', 'Also, '],
  es: ['Una regla: ', 'Importante: ', 'Ojo: ', 'Requisito: ', '', 'Y otra cosa: '],
  de: ['Eine Regel: ', 'Wichtig: ', 'Bitte beachten: ', 'Harte Vorgabe: ', '', 'Ach ja: '],
};

const ASIDE: Record<Lang, [string, string][]> = {
  en: [
    ['Sorry, was in a meeting. Looks fine so far. Btw ', ' — the last time someone forgot, we had a very long Friday.'],
    ['hmm ok. unrelated but before I forget: ', '. anyway carry on'],
    ['Quick note while you work (', ') — no reply needed.'],
  ],
  es: [
    ['Perdón, estaba en una reunión. Por cierto, ', '. Sigue.'],
    ['vale. antes de que se me olvide: ', ', ¿ok?'],
  ],
  de: [
    ['Sorry, war im Meeting. Übrigens: ', ' – das hatten wir letztes Jahr schon mal falsch.'],
    ['ok. Bevor ich es vergesse: ', '. Weiter so.'],
  ],
};

const OVERRIDE: Record<Lang, string[]> = {
  en: [
    'actually, {n} instead',
    'no wait — {n}. that is what the team agreed on',
    'hmm, rather not. {n}',
    "let's not do that; {n}",
  ],
  es: ['mejor no. {n}, por favor', 'no, espera: {n}'],
  de: ['nee, lieber so: {n}', 'Moment, bitte anders: {n}'],
};

const LATER: Record<Lang, string[]> = {
  en: [
    'I have to drop off. TODO for tomorrow: {n}',
    "ok that's it for today. still open: {n}",
    'leave it there. next time: {n}',
  ],
  es: ['Me tengo que ir. Pendiente para mañana: {n}', 'lo dejamos aquí; falta: {n}'],
  de: ['Ich muss los. TODO für morgen: {n}', 'Für heute reicht es. Offen bleibt: {n}'],
};

const SAYS: Record<Lang, string[]> = {
  en: ['you will need this later: {n}', 'the one you want is {n}', 'use {n} for that', '{n} (from the other team)'],
  es: ['lo vas a necesitar: {n}', 'el bueno es {n}'],
  de: ['das brauchst du später: {n}', 'nimm {n} dafür'],
};

const fill = (t: string, n: string) => t.replace('{n}', n);

/** A later mention: now and then the needle verbatim, mostly other words around the token. */
function echo(c: Ctx, verbatim: string[], other: string[], gap: number): Beat {
  return restate(c.rng.chance(0.35) ? c.rng.pick(verbatim) : c.rng.pick(other), gap);
}

/** The comment marker of a dialect. */
function comment(dialect: FarHarness['dialect']): string {
  return dialect === 'py' ? '#' : dialect === 'sql' ? '--' : dialect === 'text' ? '[Note:' : '//';
}

/** Plans one fact of `kind` through `how`, with token `k` (already minted). */
export function planFact(h: FarHarness, c: Ctx, kind: FactKind, how: string, k: string, variant: number): FactPlan {
  const { rng } = c;
  const lang = h.lang;
  const base = { kind, key: k, how };
  switch (kind) {
    case 'goal': {
      const needle = rng.pick(h.lex.goal)(k);
      return {
        ...base,
        needle,
        say: needle,
        mentions: [
          echo(
            c,
            [`Recap before I continue — the task: “${needle}”. Checking what is left.`],
            [`Recap: still on the ${k} task; checking what is left.`, `Back to the ${k} work.`],
            2,
          ),
        ],
      };
    }
    case 'constraint':
      return constraint(h, c, how, k, lang);
    case 'decision':
      return decision(h, c, how, k, lang);
    case 'file':
      return file(h, c, how, k);
    case 'error': {
      const f = h.fail(c, k, variant);
      return {
        ...base,
        needle: f.needle,
        plant: { gap: 0, run: (b) => b.act([f.act], rng.pick(RUN_THOUGHTS)) },
        mentions: [
          echo(
            c,
            [`That fails with \`${f.needle}\`. Let me see where it comes from before changing anything.`],
            [
              `So the ${k} part is what breaks. Let me see where it comes from first.`,
              `Failure around ${k}; reading that code path.`,
            ],
            1,
          ),
          {
            gap: rng.int(2, 8),
            run: (b) => b.act([f.act], 'Rerunning to confirm it is deterministic, not a flake.'),
          },
          { gap: rng.int(3, 9), run: (b, cc) => b.act([h.pass(cc)], 'Applied the fix; running it again.') },
        ],
      };
    }
    case 'value': {
      if (how === 'user-says') {
        const needle = valueWord(k, rng.int(0, 2));
        return {
          ...base,
          needle,
          say: fill(rng.pick(SAYS[lang]), needle),
          mentions: [useBeat(h, needle, rng.int(3, 12))],
        };
      }
      const v = h.value(c, k, variant);
      return {
        ...base,
        needle: v.needle,
        plant: { gap: 0, run: (b) => b.act([v.act], rng.pick(LOOK_THOUGHTS)) },
        mentions: [
          echo(
            c,
            [`Noting ${v.needle} — I'll need it below.`, `So the one to use is ${v.needle}.`],
            [`Found the ${k} entry; I'll need it below.`, `That ${k} value is the one.`],
            2,
          ),
          useBeat(h, v.needle, rng.int(4, 14)),
        ],
      };
    }
    case 'pending':
      return pending(h, c, how, k, lang);
  }
}

/** A value a user states: a host, a bucket or a ticket id with the token. */
function valueWord(k: string, v: number): string {
  return v === 0
    ? `${k}.internal.example.net:8443`
    : v === 1
      ? `s3://${k}-exports/2024/05/`
      : `ticket ${k.toUpperCase()}-${k.length * 137}`;
}

function useBeat(h: FarHarness, needle: string, gap: number): Beat {
  return { gap, run: (b, c) => b.act([h.use(c, needle)], 'Using the value from earlier.') };
}

function restate(text: string, gap = 0): Beat {
  return { gap: gap || 2, run: (b) => b.say(text) };
}

const RUN_THOUGHTS = [
  'Running it to see the current state.',
  'Let me run this and see what breaks.',
  'Kicking off the run.',
  'Checking whether this passes now.',
];
const LOOK_THOUGHTS = [
  'Looking this up.',
  'Let me check what it reports.',
  'Reading the current values.',
  'Querying it.',
];

function constraint(h: FarHarness, c: Ctx, how: string, k: string, lang: Lang): FactPlan {
  const { rng } = c;
  const base = { kind: 'constraint' as const, key: k, how };
  const needle = how === 'user-implicit' ? rng.pick(h.lex.implicit)(k) : rng.pick(h.lex.constraint)(k);
  const back = echo(
    c,
    [
      `Keeping to the rule (${needle}), so I'm leaving that part alone.`,
      `Skipping the quicker route because ${needle}.`,
    ],
    [
      `Careful with ${k} here — there was a rule about it.`,
      `Not going near ${k} beyond what's allowed.`,
      `(${k}: keeping to what was said earlier.)`,
    ],
    rng.int(3, 14),
  );
  if (how === 'tool-rules') {
    const body = rulesFile(h, c, needle);
    return {
      ...base,
      needle,
      plant: {
        gap: 0,
        run: (b) => b.act([h.read(c, h.rulesPath, body)], `Reading ${h.rulesPath} before touching anything.`),
      },
      mentions: [back],
    };
  }
  if (how === 'tool-comment') {
    const path = rng.pick(h.lex.file)(`${word(rng)}${rng.int(2, 9)}`);
    const mark = comment(h.dialect);
    const body = codeFile(
      rng,
      h.dialect,
      rng.int(30, 90),
      [`${mark} NOTE: ${needle}${mark === '[Note:' ? ']' : ''}`],
      0.2 + rng.next() * 0.6,
    );
    return {
      ...base,
      needle,
      plant: { gap: 0, run: (b) => b.act([h.read(c, path, numbered(body))], 'Reading the existing code first.') },
      mentions: [back],
    };
  }
  if (how === 'user-spec') {
    const doc = longDoc(
      rng,
      `${word(rng).toUpperCase()} ${rng.pick(['requirements', 'working agreement', 'runbook', 'policy'])}`,
      needle.endsWith('.') ? needle : `${needle}.`,
      h.dialect === 'text' ? 'contract' : 'spec',
    );
    const lead = {
      en: 'Here is the doc, read it all first:',
      es: 'Aquí va el documento, léelo entero primero:',
      de: 'Hier das Dokument, bitte erst komplett lesen:',
    }[lang];
    return { ...base, needle, say: `${lead}\n\n---\n${doc}\n---`, mentions: [back] };
  }
  if (how === 'user-list') {
    const others = {
      en: ['keep the diff small', 'ask before deleting anything'],
      es: ['cambios pequeños', 'pregunta antes de borrar'],
      de: ['kleine Diffs', 'vor dem Löschen fragen'],
    }[lang];
    const items = rng.sample([...others, needle], 3);
    return { ...base, needle, say: items.map((i) => `- ${i}`).join('\n'), mentions: [back] };
  }
  if (how === 'user-aside') {
    const [pre, post] = rng.pick(ASIDE[lang]);
    return { ...base, needle, say: `${pre}${needle}${post}`, mentions: [back] };
  }
  return {
    ...base,
    needle,
    say: `${rng.pick(RULE_LEAD[lang])}${needle}${rng.chance(0.5) ? '.' : ''}`,
    mentions: [back],
  };
}

/** A rules file (AGENTS.md, CONVENTIONS.md, .clinerules…) with `needle` among routine rules. */
function rulesFile(h: FarHarness, c: Ctx, needle: string): string {
  const { rng } = c;
  const routine = [
    'Run the formatter before committing.',
    'Prefer small, reviewable changes.',
    `Never commit secrets; the ${word(rng)} token lives in the vault.`,
    'Tests live next to the code they test.',
    'Use the existing logger; do not print.',
    `Only the release manager tags versions.`,
    'Write commit messages in the imperative mood.',
    `The ${word(rng)} directory is generated — do not edit it by hand.`,
  ];
  const lines = rng.sample(routine, rng.int(4, 8)).map((r) => `- ${r}`);
  lines.splice(rng.int(1, lines.length), 0, `- ${needle}`);
  return [
    `# ${h.rulesPath}`,
    '',
    '## Working rules',
    '',
    ...lines,
    '',
    '## Layout',
    '',
    codeFile(rng, 'text', rng.int(3, 8)),
  ].join('\n');
}

function decision(h: FarHarness, c: Ctx, how: string, k: string, lang: Lang): FactPlan {
  const { rng } = c;
  const base = { kind: 'decision' as const, key: k, how };
  const needle = rng.pick(h.lex.decision)(k);
  const back = echo(
    c,
    [`As decided: ${needle}.`, `(That is why we ${needle}.)`],
    [`Continuing with the ${k} approach we settled on.`, `Same call as before on ${k}.`],
    rng.int(4, 16),
  );
  if (how === 'user-override') {
    const first = rng.pick(h.lex.rejected);
    return {
      ...base,
      needle,
      plant: {
        gap: 0,
        run: (b) => b.say(`My plan for the next part: ${first}. Shout if you'd rather do it differently.`),
      },
      say: fill(rng.pick(OVERRIDE[lang]), needle),
      mentions: [
        echo(c, [`Understood — dropping my plan; we ${needle}.`], [`Understood, switching to your ${k} variant.`], 1),
      ],
    };
  }
  if (how === 'agent-comment') {
    const path = rng.pick(h.lex.file)(`${word(rng)}_${word(rng)}`.replace(/_/g, rng.pick(['_', '-'])));
    const mark = comment(h.dialect);
    const body = codeFile(
      rng,
      h.dialect,
      rng.int(12, 40),
      [`${mark} Design note: we ${needle}${mark === '[Note:' ? ']' : ''}`],
      rng.next(),
    );
    return {
      ...base,
      needle,
      plant: {
        gap: 0,
        run: (b) => b.act([h.write(c, path, body, 0)], 'Writing it down where the next reader will see it.'),
      },
      mentions: [back],
    };
  }
  if (how === 'agent-commit') {
    return {
      ...base,
      needle,
      plant: {
        gap: 0,
        run: (b) =>
          b.act(
            [h.commit(c, `${word(rng)}: ${needle}\n\nThe alternative was slower to review and harder to roll back.`)],
            'Recording this.',
          ),
      },
      mentions: [back],
    };
  }
  if (how === 'agent-table') {
    const table = mdTable(
      ['option', 'cost', 'risk', 'pick'],
      rng.sample(
        [
          [h.lex.rejected[0] ?? 'keep as is', 'low', 'high', ''],
          [needle, 'medium', 'low', '**yes**'],
          [h.lex.rejected[1] ?? 'rewrite', 'high', 'medium', ''],
        ],
        3,
      ),
    );
    return {
      ...base,
      needle,
      plant: { gap: 0, run: (b) => b.say(`Options I see:\n\n${table}\n\nGoing with the one marked.`) },
      mentions: [back],
    };
  }
  const say = rng.pick([
    `Decision: ${needle}.`,
    `OK — I'll ${needle}; the other route costs more than it saves.`,
    `Plan change: we ${needle}.`,
    `Let's ${needle}. Fewer moving parts.`,
  ]);
  return { ...base, needle, plant: { gap: 0, run: (b) => b.say(say) }, mentions: [back] };
}

function file(h: FarHarness, c: Ctx, how: string, k: string): FactPlan {
  const { rng } = c;
  const needle = rng.pick(h.lex.file)(k);
  const style = ['tool-edit', 'tool-create', 'tool-heredoc', 'tool-patch'].indexOf(how);
  const body = codeFile(rng, h.dialect, rng.int(8, 60));
  return {
    kind: 'file',
    key: k,
    how,
    needle,
    plant: {
      gap: 0,
      run: (b) => b.act([h.write(c, needle, body, Math.max(0, style))], `Making the change in ${needle}.`),
    },
    mentions: [
      {
        gap: rng.int(2, 9),
        run: (b, cc) => b.act([h.read(cc, needle, numbered(body).slice(0, 4000))], 'Re-reading what I wrote.'),
      },
      { gap: rng.int(3, 12), run: (b, cc) => b.act([h.commit(cc, `update ${needle}`)], 'Saving this step.') },
    ],
  };
}

function pending(h: FarHarness, c: Ctx, how: string, k: string, lang: Lang): FactPlan {
  const { rng } = c;
  const base = { kind: 'pending' as const, key: k, how };
  const needle = rng.pick(h.lex.pending)(k);
  const back = echo(
    c,
    [`Still open: ${needle}.`],
    [`(The ${k} item is still open.)`, `Haven't forgotten the ${k} follow-up.`],
    rng.int(5, 18),
  );
  if (how === 'user-later')
    return {
      ...base,
      needle,
      say: fill(rng.pick(LATER[lang]), needle),
      mentions: [echo(c, [`Noted for next time: ${needle}.`], [`Noted — ${k} next time.`], 1)],
    };
  if (how === 'agent-todo' && h.todo) {
    const items = [
      { text: `read the ${word(rng)} code`, done: true },
      { text: `reproduce the ${word(rng)} issue`, done: true },
      { text: needle, done: false },
    ];
    const todo = h.todo;
    return {
      ...base,
      needle,
      plant: { gap: 0, run: (b) => b.act([todo(c, items)], 'Updating the task list.') },
      mentions: [back],
    };
  }
  if (how === 'agent-checklist' || how === 'agent-todo') {
    const list = `Progress:\n- [x] ${word(rng)} ${word(rng)} reviewed\n- [x] first ${word(rng)} change in\n- [ ] ${needle}\n- [ ] final check`;
    return { ...base, how: 'agent-checklist', needle, plant: { gap: 0, run: (b) => b.say(list) }, mentions: [back] };
  }
  const say = rng.pick([
    `After this I still need to ${needle}.`,
    `Next up: ${needle}.`,
    `Not done yet — ${needle} is still owed.`,
    `Remaining: ${needle}.`,
  ]);
  return { ...base, needle, plant: { gap: 0, run: (b) => b.say(say) }, mentions: [back] };
}
