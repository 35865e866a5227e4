/**
 * The far transcript family: a held-out family written apart from the others and from the
 * summarizers. It imitates harnesses none of the other families do — mini-swe-agent's bash
 * blocks, a CI-triage bot reading Actions/GitLab logs, a dbt/Airflow/Spark data engineer, an
 * Android Gradle build agent, a local model speaking Hermes `<tool_call>` tags on a C++/CMake
 * project, a contract-drafting agent with tracked changes, a spreadsheet agent for a
 * Spanish-speaking finance user, an e-mail/ticket triage agent and a Laravel agent for a
 * German-speaking developer — and plants each fact in a short episode of its own.
 */
import { Builder, FORMAT_NAG, Mint, RESULT_PREFIX, type Act } from './far-core';
import { CHANNELS, planFact, type Beat, type FactPlan } from './far-facts';
import { FAR_HARNESSES_A } from './far-harness-a';
import { FAR_HARNESSES_B } from './far-harness-b';
import { FAR_STYLES, type Ctx, type FarHarness, type FarStyle } from './far-kit';
import { codeFile, pathList, WORDS, word } from './far-noise';
import { factSpans, messageText, pairingFaults } from './render';
import { Rng } from './rng';
import { type FactKind, type PlantedFact, type Transcript } from './types';
import type { ChatMessage } from '../../src/context/types';

export { FAR_STYLES, type FarStyle } from './far-kit';

/** Every far harness, by style. */
export const FAR_HARNESSES: Record<FarStyle, FarHarness> = { ...FAR_HARNESSES_A, ...FAR_HARNESSES_B };

/** Session shapes. */
export const FAR_SHAPES = ['autonomous', 'interactive', 'mixed'] as const;

/** One session shape. */
export type FarShape = (typeof FAR_SHAPES)[number];

/** What to generate. */
export interface FarOptions {
  seed: number;
  /** Approximate message count (the transcript has at least this many, a few more at most). */
  messages: number;
  shape: FarShape;
  style: FarStyle;
  /** End after an answer, with a probe (default), or mid-turn on a tool result. */
  probe?: boolean;
}

/** The span of messages holding a fact's token: its episode. */
export interface FarEpisode {
  key: string;
  needle: string;
  first: number;
  last: number;
}

const KEYS = new WeakMap<Transcript, string[]>();

/** The episodes of a far transcript's facts (in fact order), from where their tokens occur. */
export function farEpisodes(t: Transcript): FarEpisode[] {
  const keys = KEYS.get(t);
  if (!keys) throw new Error(`${t.id}: not a far transcript`);
  const texts = t.messages.map((m) => messageText(m).toLowerCase());
  return t.facts.map((f, i) => {
    const key = keys[i] as string;
    const at = texts.flatMap((s, k) => (s.includes(key.toLowerCase()) ? [k] : []));
    return { key, needle: f.needle, first: at[0] ?? -1, last: at.at(-1) ?? -1 };
  });
}

/** True when `m` is a tool observation (or a format nag) of a text-protocol harness: a user message that is no user turn. */
export function farIsResult(style: FarStyle, m: ChatMessage): boolean {
  const p = FAR_HARNESSES[style].protocol;
  if (m.role !== 'user' || p === 'native') return false;
  const text = m.content ?? '';
  return text.startsWith(RESULT_PREFIX[p]) || text.startsWith(FORMAT_NAG);
}

interface Live {
  plan: FactPlan;
  start: number;
  last: number;
  next: number;
}

interface Queued {
  plan: FactPlan;
  at: number;
}

const ANSWERS = [
  'Done. The {w} part works now; the rest is unchanged.',
  'Finished that step — nothing else changed.',
  'That is in place. Want me to go on with the {w} bit?',
  'OK, done. One thing I noticed: the {w} handling is a bit odd, but it is out of scope.',
  'Applied. Checks are green on my side.',
];
const THOUGHTS = [
  'Checking the {w} side next.',
  'Let me look at how {w} is wired.',
  'I need more context on {w}.',
  'Looking around before changing anything.',
  'Quick sanity check.',
  "Let's see what the {w} step produces.",
  'I decided to look at the {w} code first — nothing to change there yet.',
];

const fillW = (rng: Rng, s: string) => s.replace('{w}', word(rng));

/** Number of facts for a transcript of `n` messages. */
function factCount(n: number): number {
  return Math.max(10, Math.min(40, Math.round(7 + n / 60)));
}

/** The kinds of `count` facts: a goal first, a pending last, every kind in between. */
function kindsFor(rng: Rng, count: number): FactKind[] {
  const middle: FactKind[] = ['constraint', 'decision', 'file', 'error', 'value', 'pending'];
  const pool: FactKind[] = [
    'constraint',
    'constraint',
    'decision',
    'decision',
    'file',
    'error',
    'value',
    'value',
    'pending',
  ];
  while (middle.length < count - 2) middle.push(rng.pick(pool));
  return ['goal', ...rng.sample(middle, middle.length), 'pending'];
}

/** Whether a channel needs a user turn. */
const isUser = (how: string) => how.startsWith('user-');

/** A channel for `kind` usable without a user turn. */
function agentChannel(rng: Rng, kind: FactKind): string {
  return rng.pick(CHANNELS[kind].filter((c) => !isUser(c)));
}

class Session {
  readonly b: Builder;
  readonly c: Ctx;
  readonly live: Live[] = [];
  readonly queue: Queued[] = [];
  readonly planted: FactPlan[] = [];
  steps = 0;

  constructor(
    readonly h: FarHarness,
    readonly o: FarOptions,
    readonly rng: Rng,
  ) {
    this.c = { rng, mint: new Mint(rng.fork(), WORDS) };
    this.b = new Builder(h, rng.fork());
  }

  /** A plan's episode begins now. */
  begin(plan: FactPlan, start: number): void {
    this.planted.push(plan);
    this.live.push({ plan, start, last: this.b.n - 1, next: 0 });
  }

  /** Runs `beat` and records it. */
  private beat(beat: Beat): void {
    beat.run(this.b, this.c);
  }

  /** One step of the agent: a due mention, a due plant, or routine work. */
  step(): void {
    this.steps++;
    const { b } = this;
    for (const l of this.live) {
      const m = l.plan.mentions[l.next];
      if (!m) continue;
      const age = b.n - l.start;
      if (age >= 30) {
        l.next = l.plan.mentions.length;
        continue;
      }
      if (b.n - l.last > m.gap || age >= 22) {
        this.beat(m);
        l.next++;
        l.last = b.n - 1;
        return;
      }
    }
    const due = this.queue.findIndex((q) => q.at <= b.n && q.plan.plant && !q.plan.say);
    if (due >= 0) {
      const [q] = this.queue.splice(due, 1);
      const plan = (q as Queued).plan;
      const start = b.n;
      this.beat(plan.plant as Beat);
      this.begin(plan, start);
      return;
    }
    this.noise();
  }

  /** Routine work: one action, sometimes a few in parallel, now and then a huge read or a malformed step. */
  noise(): void {
    const { b, rng, h, c } = this;
    if (h.protocol !== 'native' && rng.chance(0.015)) {
      b.misstep(fillW(rng, 'I think the {w} change is complete. Let me summarise what I did before submitting.'));
      return;
    }
    if (rng.chance(0.03)) {
      const path = rng.pick(
        pathList(rng, rng.pick(['src', 'lib', 'app', 'docs']), h.dialect === 'text' ? 'md' : h.dialect, 1),
      );
      b.act([h.read(c, path, codeFile(rng, h.dialect, rng.int(120, 650)))], 'Reading the whole file; it is long.');
      return;
    }
    const parallel = h.protocol !== 'mini' && rng.chance(0.2) ? rng.int(2, 4) : 1;
    const acts: Act[] = [];
    for (let i = 0; i < parallel; i++) acts.push(rng.pick(h.noise)(c));
    b.act(acts, fillW(rng, rng.pick(THOUGHTS)));
  }

  /** A user turn: chatter, or the due user-stated facts (and an override's proposal first). */
  userTurn(force = false): void {
    const { b, rng, h } = this;
    const due = this.queue.filter((q) => q.plan.say && (force || q.at <= b.n)).slice(0, force ? 99 : 2);
    if (due.length === 0) {
      b.say(fillW(rng, rng.pick(ANSWERS)));
      b.user(rng.pick(h.talk.chat));
      return;
    }
    const override = due.find((q) => q.plan.plant);
    if (override) this.beat(override.plan.plant as Beat);
    else b.say(fillW(rng, rng.pick(ANSWERS)));
    const start = b.n;
    b.user(due.map((q) => q.plan.say).join('\n\n'));
    for (const q of due) {
      this.queue.splice(this.queue.indexOf(q), 1);
      this.begin(q.plan, start);
    }
  }
}

/** Plans the facts: kinds, channels, where each starts; those stated in the first request go to `open`. */
function planAll(s: Session, n: number): { goal: FactPlan; open: FactPlan[]; last: FactKind } {
  const { rng, h, c, o } = s;
  const kinds = kindsFor(rng, factCount(n));
  const goalHow = rng.pick(CHANNELS.goal);
  const goal = planFact(h, c, 'goal', goalHow, c.mint.word(), 0);
  const open: FactPlan[] = [];
  const middle = kinds.slice(1, -1);
  middle.forEach((kind, i) => {
    const at = Math.floor(n * 0.88 * Math.pow((i + rng.next()) / middle.length, 1.25));
    let how = rng.pick(CHANNELS[kind]);
    const early = at < n * 0.08 && open.length < 4;
    if (isUser(how) && o.shape === 'autonomous' && !early) how = agentChannel(rng, kind);
    const key = c.mint.word();
    const plan = planFact(h, c, kind, how, key, rng.int(0, 2));
    if (plan.say && early && !plan.plant) open.push(plan);
    else s.queue.push({ plan, at: Math.max(3, at) });
  });
  return { goal, open, last: 'pending' };
}

/** The first request: the goal (or a pointer to the task), with the facts stated alongside it. */
function opening(s: Session, goal: FactPlan, open: FactPlan[]): void {
  const { b, h, rng } = s;
  const pointer = {
    en: 'Pick up the task below',
    es: 'Encárgate de la tarea de abajo',
    de: 'Bitte kümmere dich um die Aufgabe unten',
  }[h.lang];
  const extras = open.map((p) => p.say as string);
  b.user(h.talk.open(goal.how === 'tool-task' ? pointer : (goal.say as string), extras));
  for (const p of open) s.begin(p, 1);
  if (goal.how === 'tool-task') {
    const start = b.n;
    b.act([h.task(s.c, `${goal.needle}\n\n${codeFile(rng, 'text', rng.int(2, 6))}`)], 'Reading the task first.');
    s.begin(goal, start);
  } else s.begin(goal, 1);
  goal.mentions[0] = { gap: rng.int(8, 20), run: (goal.mentions[0] as Beat).run };
}

/** Ends the transcript: the last pending step stated, then an answer (probe follows) or a running action. */
function closing(s: Session, k: string): void {
  const { b, h, rng, c, o } = s;
  const plan = planFact(h, c, 'pending', o.probe === false && h.todo ? 'agent-todo' : 'agent-say', k, 0);
  const start = b.n;
  if (o.probe === false) {
    const act = plan.how === 'agent-todo' && plan.plant ? undefined : h.pass(c);
    if (act) b.act([act], `Before I ${plan.needle}, one more check of the current state.`);
    else (plan.plant as Beat).run(b, c);
  } else b.say(`${fillW(rng, rng.pick(ANSWERS))}\n\nAfter this I still need to ${plan.needle}.`);
  plan.mentions = [];
  s.begin(plan, start);
}

/** Runs a shape's turns until about `n` messages. */
function drive(s: Session, n: number): void {
  const { b, rng, o, h } = s;
  const end = n - 1;
  let turnSteps = 0;
  let limit = o.shape === 'autonomous' ? rng.int(60, 260) : o.shape === 'mixed' ? rng.int(15, 60) : rng.int(1, 5);
  let long = o.shape !== 'interactive';
  while (b.n < end) {
    if (turnSteps >= limit) {
      turnSteps = 0;
      if (o.shape === 'autonomous') {
        b.say(fillW(rng, 'Status: the {w} part is done and checked. Continuing with the rest unless you object.'));
        b.user(rng.pick(h.talk.nudge));
        limit = rng.int(60, 260);
      } else {
        s.userTurn();
        long = o.shape === 'mixed' && !long ? rng.chance(0.5) : false;
        limit = long ? rng.int(15, 60) : rng.int(1, 5);
      }
      continue;
    }
    s.step();
    turnSteps++;
  }
  const leftover = s.queue.filter((q) => q.plan.say);
  if (leftover.length) s.userTurn(true);
  for (const q of s.queue.splice(0)) {
    const start = b.n;
    (q.plan.plant as Beat).run(b, s.c);
    s.begin(q.plan, start);
  }
}

function build(o: FarOptions, attempt: number): { t: Transcript; keys: string[] } {
  const rng = new Rng(o.seed * 2654435761 + attempt * 7919 + FAR_STYLES.indexOf(o.style) * 104729);
  const h = FAR_HARNESSES[o.style];
  const s = new Session(h, o, rng);
  s.b.system(h.system(rng));
  const { goal, open } = planAll(s, o.messages);
  opening(s, goal, open);
  drive(s, o.messages);
  closing(s, s.c.mint.word());
  const probe = o.probe === false ? undefined : rng.pick(h.talk.probe);
  const needles = s.planted.map((p) => p.needle);
  const spans = factSpans(s.b.messages, needles);
  const facts: PlantedFact[] = s.planted.map((p, i) => ({
    kind: p.kind,
    needle: p.needle,
    firstIndex: spans[i]?.first ?? -1,
    lastIndex: spans[i]?.last ?? -1,
    style: `${p.kind}/${p.how}/${o.style}`,
  }));
  const order = facts
    .map((_, i) => i)
    .sort((x, y) => (facts[x] as PlantedFact).firstIndex - (facts[y] as PlantedFact).firstIndex);
  const t: Transcript = {
    id: `far-${o.style}-${o.shape}-${o.seed}`,
    seed: o.seed,
    shape: o.shape,
    messages: s.b.messages,
    outputs: s.b.outputs,
    facts: order.map((i) => facts[i] as PlantedFact),
    tools: [...s.b.tools].sort(),
    ...(probe ? { probe } : {}),
  };
  return { t, keys: order.map((i) => (s.planted[i] as FactPlan).key) };
}

/** Why a generated transcript breaks the family's rules, or undefined when it keeps them. */
function problem(t: Transcript, keys: string[]): string | undefined {
  const faults = pairingFaults(t.messages);
  if (faults.length) return `pairing: ${JSON.stringify(faults[0])}`;
  const spans = factSpans(
    t.messages,
    t.facts.map((f) => f.needle),
  );
  const texts = t.messages.map((m) => messageText(m).toLowerCase());
  const probe = (t.probe ?? '').toLowerCase();
  for (const [i, f] of t.facts.entries()) {
    const span = spans[i] as { first: number; last: number };
    const key = (keys[i] as string).toLowerCase();
    if (span.first < 1 || span.first !== f.firstIndex || span.last !== f.lastIndex) return `span of ${f.needle}`;
    if (!f.needle.toLowerCase().includes(key)) return `needle ${f.needle} lacks ${key}`;
    const at = texts.flatMap((s, k) => (s.includes(key) ? [k] : []));
    if ((at.at(-1) as number) - (at[0] as number) >= 40) return `token ${key} spread over ${at.join(',')}`;
    if (probe.includes(key)) return `probe holds ${key}`;
    if (t.facts.some((g) => g !== f && g.needle.includes(f.needle))) return `needle ${f.needle} inside another`;
  }
  return undefined;
}

/** Generates one far transcript; throws when it cannot keep the family's rules. */
export function generateFarTranscript(o: FarOptions): Transcript {
  let why = '';
  for (let attempt = 0; attempt < 6; attempt++) {
    const { t, keys } = build(o, attempt);
    const p = problem(t, keys);
    if (!p) {
      KEYS.set(t, keys);
      return t;
    }
    why = p;
  }
  throw new Error(`far ${o.style}/${o.shape}/${o.seed}: ${why}`);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function farSuite(count: number, seed: number, quick: boolean): Transcript[] {
  const max = quick ? 400 : 2000;
  return Array.from({ length: count }, (_, i) => {
    const size = count === 1 ? 100 : Math.round(100 * Math.pow(max / 100, i / (count - 1)));
    return generateFarTranscript({
      seed: seed * 1000 + i,
      messages: size,
      shape: FAR_SHAPES[i % FAR_SHAPES.length] as FarShape,
      style: FAR_STYLES[(i + seed) % FAR_STYLES.length] as FarStyle,
      probe: (i + seed) % 2 === 0,
    });
  });
}
