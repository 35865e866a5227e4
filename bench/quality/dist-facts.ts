/**
 * The dist family's planters that every harness shares, phrased through the harness's own
 * texts and language: rules listed once by the user, a choice among options the agent laid
 * out, an ADR or changelog entry the agent writes, a handoff note, a PR checklist, work the
 * user parks, and a goal restated midway.
 */
import type { Beat, DistHarness, DistStep, Episode, PlantCtx, Planter } from './dist-kit';
import { langPack, mention } from './dist-lang';
import type { FactKind } from './types';

/** A step of `c`'s filler with a line of agent text in front. */
export function saying(c: PlantCtx, say: string): Beat {
  const s: DistStep = c.filler();
  return { t: 'step', step: { ...s, say } };
}

/** A few agent lines that refer back to `key` (never the whole needle). */
export function mentions(c: PlantCtx, kind: FactKind, key: string, min = 1, max = 3): Beat[] {
  return Array.from({ length: c.r.int(min, max) }, () => saying(c, mention(c.r, kind, key)));
}

/** Says `text` as an answer in a conversation, or as the text of a step inside an autonomous run. */
function tell(c: PlantCtx, text: string): Beat {
  return c.shape === 'autonomous' ? saying(c, text) : { t: 'answer', text };
}

function rulesPlanter(h: DistHarness): Planter {
  return {
    kind: 'constraint',
    user: true,
    plant: (c) => {
      const key = c.mint(h.phrases.token);
      const needle = c.fresh(h.phrases.constraint)(key);
      const pack = langPack(h.lang);
      const items = c.r.sample(pack.plainRules, c.r.int(2, 3));
      items.splice(c.r.int(0, items.length), 0, needle);
      // stated once and never repeated
      return {
        fact: { kind: 'constraint', how: 'user-rules', needle, key },
        beats: [{ t: 'user', text: pack.rules(items) }],
      };
    },
  };
}

function pickPlanter(h: DistHarness): Planter {
  return {
    kind: 'decision',
    user: true,
    plant: (c) => {
      const key = c.mint(h.phrases.token);
      const options = c.fresh(h.phrases.options)(key);
      const i = c.r.int(0, 2);
      const letter = 'ABC'[i] as string;
      const needle = options[i] as string;
      const list = options.map((o, k) => `${'ABC'[k]}) ${o}`).join('\n');
      const beats: Beat[] = [
        { t: 'answer', text: `I see three ways to go:\n\n${list}\n\nEach has trade-offs; which do you prefer?` },
        { t: 'user', text: langPack(h.lang).pick(letter) },
        saying(c, `Going with ${letter} (${key}). Starting there.`),
        ...mentions(c, 'decision', key, 0, 2),
      ];
      return { fact: { kind: 'decision', how: 'user-pick', needle, key }, beats };
    },
  };
}

function docDecision(h: DistHarness, how: 'agent-adr' | 'agent-changelog'): Planter {
  return {
    kind: 'decision',
    plant: (c) => {
      const key = c.mint(h.phrases.token);
      const options = c.fresh(h.phrases.options)(key);
      const i = c.r.int(0, 2);
      const needle = options[i] as string;
      const others = options.filter((_, k) => k !== i);
      const n = c.r.int(3, 41);
      const text =
        how === 'agent-adr'
          ? `# ${String(n).padStart(4, '0')}. ${needle.split(' ').slice(0, 5).join(' ')}\n\nStatus: Accepted\nDate: 2024-06-12\n\n## Context\n\nWe need a way forward that does not block the release. Considered:\n- ${others[0]}\n- ${others[1]}\n\n## Decision\n\nWe will ${needle}.\n\n## Consequences\n\nThe other two options stay documented above in case this one does not hold up.\n`
          : `## [Unreleased]\n\n### Changed\n- ${needle}\n\n### Fixed\n- Minor cleanups in the same area.\n`;
      const path = how === 'agent-adr' ? h.docs.adr(n) : h.docs.changelog;
      const beats: Beat[] = [
        {
          t: 'step',
          step: { say: 'Writing the decision down so it is not lost.', calls: [h.writeDoc(c.r, path, text)] },
        },
        ...mentions(c, 'decision', key, 1, 2),
      ];
      return { fact: { kind: 'decision', how, needle, key }, beats };
    },
  };
}

function handoffPlanter(h: DistHarness): Planter {
  return {
    kind: 'pending',
    plant: (c) => {
      const key = c.mint(h.phrases.token);
      const needle = c.fresh(h.phrases.pending)(key);
      const text = `Status so far: the main path works and the checks I ran pass.\n\nStill open (not started):\n- ${needle}\n- tidy the log output\n\nI will keep going on the main task meanwhile.`;
      return {
        fact: { kind: 'pending', how: 'agent-handoff', needle, key },
        beats: [tell(c, text), ...mentions(c, 'pending', key, 1, 2)],
      };
    },
  };
}

function checklistPlanter(h: DistHarness): Planter {
  return {
    kind: 'pending',
    plant: (c) => {
      const key = c.mint(h.phrases.token);
      const needle = c.fresh(h.phrases.pending)(key);
      const body = `## Summary\n\nWork in progress; see commits.\n\n## Checklist\n\n- [x] reproduce the problem\n- [x] first fix with a test\n- [ ] ${needle}\n- [ ] ask for review\n`;
      const beats: Beat[] = [
        { t: 'step', step: { say: 'Drafting the PR description.', calls: [h.writeDoc(c.r, h.docs.pr, body)] } },
        ...mentions(c, 'pending', key, 0, 2),
      ];
      return { fact: { kind: 'pending', how: 'agent-checklist', needle, key }, beats };
    },
  };
}

function parkedPlanter(h: DistHarness): Planter {
  return {
    kind: 'pending',
    user: true,
    plant: (c) => {
      const key = c.mint(h.phrases.token);
      const needle = c.fresh(h.phrases.pending)(key);
      const beats: Beat[] = [
        { t: 'user', text: langPack(h.lang).parked(needle) },
        saying(c, `Noted, ${key} is parked. Continuing with the rest.`),
        ...mentions(c, 'pending', key, 0, 1),
      ];
      return { fact: { kind: 'pending', how: 'user-parked', needle, key }, beats };
    },
  };
}

/** The goal restated by the user midway (the needle is the new goal). */
export function restatePlanter(h: DistHarness): Planter {
  return {
    kind: 'goal',
    user: true,
    plant: (c) => {
      const key = c.mint(h.phrases.token);
      const needle = c.fresh(h.phrases.goal)(key);
      const beats: Beat[] = [
        { t: 'user', text: langPack(h.lang).restate(needle) },
        saying(c, `Understood: re-centring on ${key}. Checking what of the current work still applies.`),
        ...mentions(c, 'goal', key, 1, 2),
      ];
      return { fact: { kind: 'goal', how: 'user-restated', needle, key }, beats };
    },
  };
}

/** The generic planters of a harness. */
export function genericPlanters(h: DistHarness): Planter[] {
  return [
    rulesPlanter(h),
    pickPlanter(h),
    docDecision(h, 'agent-adr'),
    docDecision(h, 'agent-changelog'),
    handoffPlanter(h),
    checklistPlanter(h),
    parkedPlanter(h),
  ];
}

/** The closing episode: a pending item in the last messages (an answer, or a step whose result ends the transcript). */
export function closingPending(h: DistHarness, c: PlantCtx, answer: boolean): Episode {
  const key = c.mint(h.phrases.token);
  const needle = c.fresh(h.phrases.pending)(key);
  if (answer)
    return {
      fact: { kind: 'pending', how: 'agent-handoff', needle, key },
      beats: [
        {
          t: 'answer',
          text: `Here's where things stand.\n\nDone:\n- the main change, with tests passing locally\n\nNext up (not started yet):\n1. ${needle}\n2. re-run the full suite once that lands\n\nTell me if you want me to pick up item 1 now.`,
        },
      ],
    };
  const body = `# Handoff\n\n- [x] main change\n- [ ] ${needle}\n- [ ] full re-run\n`;
  return {
    fact: { kind: 'pending', how: 'agent-checklist', needle, key },
    beats: [
      {
        t: 'step',
        step: { say: 'Writing a handoff file before continuing.', calls: [h.writeDoc(c.r, h.docs.handoff, body)] },
      },
    ],
  };
}
