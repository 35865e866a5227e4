/**
 * The seventh, held-out transcript family (`--novel`): sessions of nine harnesses none of the
 * other families imitate — a planner with shell, browser and editor; an IDE assistant that
 * pastes context into the user turn; a contract-review crew writing ReAct text; a notebook
 * agent; a database-migration agent; an embedded-firmware agent; a game build agent; a
 * Kubernetes deploy agent; an ML training agent in an interpreter loop — with failures of
 * about thirty ecosystems and facts stated by users, documents, tool output and the agent.
 *
 * Every needle holds an invented word or minted token that occurs only in the messages of the
 * steps that plant or mention it; the generator checks this and each fact's span before it
 * returns, and throws if a transcript breaks it.
 */
import type { ChatMessage } from '../../src/context/types';
import { type Call, type Harness, type Keyed, Session } from './novel-core';
import { fail } from './novel-ecos';
import { agentText, type Channel, echoText, type Seed, toolCall, userText } from './novel-facts';
import { crew, ide, migrator, notebook, planner } from './novel-harness-a';
import { deploy, firmware, gamedev, trainer } from './novel-harness-b';
import { numbered } from './novel-text';
import { Mint, sizeClass } from './novel-words';
import { factSpans, messageText } from './render';
import { Rng } from './rng';
import type { FactKind, PlantedFact, Transcript } from './types';

/** The harness styles of the family. */
export const NOVEL_STYLES = [
  'planner',
  'ide',
  'crew',
  'notebook',
  'migrator',
  'firmware',
  'gamedev',
  'deploy',
  'trainer',
] as const;

/** One harness style. */
export type NovelStyle = (typeof NOVEL_STYLES)[number];

/** Session shapes. */
export const NOVEL_SHAPES = ['autonomous', 'interactive', 'mixed'] as const;

/** One session shape. */
export type NovelShape = (typeof NOVEL_SHAPES)[number];

/** The harness of each style. */
export const NOVEL_HARNESSES: Record<NovelStyle, Harness> = {
  planner,
  ide,
  crew,
  notebook,
  migrator,
  firmware,
  gamedev,
  deploy,
  trainer,
};

/** What to generate. */
export interface NovelOptions {
  seed: number;
  /** Target message count (the result is within a few dozen above it). */
  messages: number;
  shape: NovelShape;
  /** Harness; picked from the seed when absent. */
  style?: NovelStyle;
  /** End with an answer and a user probe (true) or mid-turn on a tool result (false); from the seed when absent. */
  probe?: boolean;
}

/** A fact's episode: the token only it holds and the messages of the steps that plant or mention it. */
export interface NovelEpisode {
  needle: string;
  key: string;
  first: number;
  last: number;
}

const EPISODES = new WeakMap<Transcript, NovelEpisode[]>();

/** The episodes of a transcript made by {@link generateNovelTranscript}, in fact order. */
export function novelEpisodes(t: Transcript): NovelEpisode[] {
  const e = EPISODES.get(t);
  if (!e) throw new Error(`${t.id} is not a novel transcript`);
  return e;
}

/** Interactive turns of any harness that plant nothing. */
const ASKS = [
  'ok, continue',
  "what's next?",
  'looks good so far',
  'hmm, why did that take so long?',
  'can you show me what changed so far',
  'wait — what did the last command print?',
  'try that once more to be sure',
  'thanks, keep going',
  'anything risky in what you just did?',
  'how much longer do you think?',
  'are you sure that is the right place to change?',
  'go on',
  'sorry, was in a meeting. where are we?',
  "let's not overthink it, the simple version is fine",
];

/** Answers that close an interactive turn, for any harness. */
const REPLIES = [
  'Done.',
  'Yes — that step finished cleanly; nothing unexpected in the output.',
  'It took a while because the first run had a cold cache; the second was much faster.',
  'Nothing risky: read-only so far, and every change is in a separate commit.',
  'Roughly two or three more steps, then a final check.',
  'I re-ran it and got the same result.',
  'Right place, yes — the other callers go through the same function.',
];

const CHANNELS: Record<FactKind, readonly (readonly [Channel, number])[]> = {
  goal: [
    ['user', 6],
    ['tool', 3],
    ['agent', 1],
  ],
  constraint: [
    ['user', 5],
    ['tool', 4],
    ['agent', 1],
  ],
  decision: [
    ['user', 4],
    ['tool', 3],
    ['agent', 3],
  ],
  file: [
    ['user', 2],
    ['tool', 5],
    ['agent', 3],
  ],
  value: [
    ['user', 4],
    ['tool', 5],
    ['agent', 1],
  ],
  pending: [
    ['user', 3],
    ['tool', 3],
    ['agent', 4],
  ],
  error: [['tool', 1]],
};

function plan(h: Harness, rng: Rng, mint: Mint, target: number): { seeds: Seed[]; last: Seed } {
  const n = Math.min(42, Math.max(15, Math.round(12 + target / 50)));
  const kinds: FactKind[] = ['constraint', 'decision', 'file', 'error', 'value', 'pending'];
  while (kinds.length < n - 2)
    kinds.push(
      rng.weighted<FactKind>([
        ['goal', 0.6],
        ['constraint', 3],
        ['decision', 3],
        ['file', 4],
        ['error', 3],
        ['value', 4],
        ['pending', 1.5],
      ]),
    );
  const used = new Set<string>();
  // a template not used yet in this transcript, when there is one
  const fresh = (kind: string, options: string[]): string => {
    const free = options.map((_, i) => i).filter((i) => !used.has(`${kind}${i}`));
    const i = free.length ? rng.pick(free) : rng.int(0, options.length - 1);
    used.add(`${kind}${i}`);
    return options[i] as string;
  };
  const make = (kind: FactKind, at: number, channel?: Channel): Seed => {
    const w = mint.word();
    const s: Seed = {
      kind,
      channel: channel ?? rng.weighted(CHANNELS[kind]),
      needle: '',
      key: w,
      style: '',
      at,
      idx: [],
    };
    if (kind === 'error') {
      const f = fail(rng.pick(h.ecos), rng, w, mint);
      s.failure = f;
      s.needle = f.needle;
      s.key = f.key;
    } else if (kind === 'value') {
      const values = h.value(w, rng, mint);
      const chosen = fresh(
        'value',
        values.map((y) => y.needle),
      );
      const v = values.find((x) => x.needle === chosen) as Keyed;
      s.needle = v.needle;
      s.key = v.key || v.needle;
    } else if (kind === 'file') s.needle = fresh(kind, h.file(w, rng));
    else s.needle = fresh(kind, h[kind](w));
    return s;
  };
  const seeds = [make('goal', 0, 'user')];
  const ats = kinds.map(() => Math.round(target * (0.03 + 0.9 * rng.next()))).sort((a, b) => a - b);
  rng.sample(kinds, kinds.length).forEach((k, i) => seeds.push(make(k, ats[i] as number)));
  return { seeds, last: make('pending', Infinity, rng.chance(0.6) ? 'agent' : 'tool') };
}

/** Generates one transcript of the novel family. */
export function generateNovelTranscript(o: NovelOptions): Transcript {
  const rng = new Rng(o.seed * 7919 + 104729);
  const style = o.style ?? rng.pick(NOVEL_STYLES);
  const h = NOVEL_HARNESSES[style];
  const mint = new Mint(rng.fork());
  const s = new Session(h, rng.fork());
  const probe = o.probe ?? rng.chance(0.5);
  const target = Math.max(60, o.messages);
  const { seeds, last } = plan(h, rng, mint, target);
  const queue = seeds.slice();
  const limit = target;

  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  const filler = (): Call => rng.pick(h.fillers)(rng, sizeClass(rng));
  const fillerStep = () => {
    const k = !h.text && rng.chance(h.parallel) ? rng.int(2, 3) : 1;
    s.step(
      h.text || rng.chance(0.5) ? rng.pick(h.thoughts) : undefined,
      rng.sample(h.fillers, k).map((f) => f(rng, sizeClass(rng))),
    );
  };
  const echoes = (seed: Seed, n: number) => {
    for (let i = 0; i < n; i++) {
      const call =
        seed.kind === 'file'
          ? h.read(rng, seed.needle, numbered(rng, rng.pick(['c', 'python', 'csharp', 'sql']), rng.int(300, 2500)))
          : filler();
      seed.idx.push(...range(...s.step(echoText(seed, rng), [call])));
    }
  };
  const plant = (seed: Seed) => {
    if (seed.channel === 'tool') {
      const { thought, call } = toolCall(seed, h, rng);
      seed.idx.push(
        ...range(...s.step(thought ?? (h.text || rng.chance(0.5) ? rng.pick(h.thoughts) : undefined), [call])),
      );
    } else seed.idx.push(...range(...s.step(agentText(seed, h, rng), [filler()])));
    echoes(
      seed,
      seed.kind === 'error'
        ? rng.int(1, 2)
        : rng.weighted([
            [0, 4],
            [1, 4],
            [2, 2],
          ]),
    );
  };
  const userTurn = (first: boolean) => {
    const due = queue.filter((q) => q.channel === 'user' && q.at <= s.length + 12).slice(0, first ? 4 : 3);
    const parts = due.map((q) => userText(q, h, rng));
    if (first)
      parts.splice(
        1,
        0,
        rng.pick(['Context: the repo is checked out and the environment is set up.', 'You have the usual access.', '']),
      );
    else if (parts.length === 0)
      parts.push(
        rng.pick(
          o.shape === 'autonomous'
            ? [
                'Good progress. Keep going with the next part.',
                'Continue — same rules as before.',
                'Carry on; report when done.',
              ]
            : [...h.asks, ...ASKS],
        ),
      );
    const i = s.user(parts.filter(Boolean).join('\n\n'));
    for (const q of due) {
      q.idx.push(i);
      queue.splice(queue.indexOf(q), 1);
    }
  };
  const step = () => {
    const due = queue.find(
      (q) => q.at <= s.length && (q.channel !== 'user' || o.shape === 'autonomous' || s.length - q.at > 25),
    );
    if (!due) return fillerStep();
    if (due.channel === 'user') due.channel = rng.chance(0.75) ? 'tool' : 'agent';
    queue.splice(queue.indexOf(due), 1);
    plant(due);
  };
  const reply = () => s.say(rng.chance(0.6) ? rng.pick(h.replies) : rng.pick(REPLIES));
  const closed = () => s.messages.at(-1)?.role === 'assistant' && !s.messages.at(-1)?.tool_calls && !h.text;

  s.push({ role: 'system', content: h.system(rng) });
  let first = true;
  while (s.length < limit) {
    userTurn(first);
    first = false;
    if (o.shape === 'autonomous') {
      const planned = rng.int(60, 200);
      let n = 0;
      while (s.length < limit && (n < planned || target - s.length < 200)) {
        step();
        n++;
      }
    } else {
      const long = o.shape === 'mixed' && rng.chance(0.35);
      const planned = long ? rng.int(8, 50) : rng.int(0, 3);
      for (let n = 0; n < planned && s.length < limit; n++) step();
      if (s.length < limit) reply();
    }
  }
  // every planned fact is planted, in a user turn when it can be
  if (queue.length && o.shape !== 'autonomous' && (closed() || queue.some((q) => q.channel === 'user')))
    userTurn(false);
  while (queue.length) {
    const q = queue.shift() as Seed;
    if (q.channel === 'user') q.channel = 'tool';
    plant(q);
  }
  if (closed() || (h.text && s.messages.at(-1)?.role === 'assistant')) s.user(rng.pick([...h.asks, ...ASKS]));
  if (probe) {
    last.channel = 'agent';
    last.idx.push(s.say(`${rng.pick(h.replies)}\n\n${agentText(last, h, rng)}`));
  } else if (last.channel === 'agent') last.idx.push(...range(...s.step(agentText(last, h, rng), [filler()])));
  else {
    const { thought, call } = toolCall(last, h, rng);
    last.idx.push(...range(...s.step(thought, [call])));
  }

  const all = [...seeds, last];
  const t: Transcript = {
    id: `novel-${style}-${o.shape}-${o.seed}`,
    seed: o.seed,
    shape: o.shape,
    messages: s.messages,
    outputs: s.outputs,
    facts: check(s.messages, all, o.seed),
    tools: h.tools,
    ...(probe ? { probe: rng.pick(h.probes) } : {}),
  };
  EPISODES.set(
    t,
    all.map((q) => ({ needle: q.needle, key: q.key, first: Math.min(...q.idx), last: Math.max(...q.idx) })),
  );
  return t;
}

/** The planted facts, after checking that each needle and its token stay inside their episode. */
function check(messages: readonly ChatMessage[], seeds: readonly Seed[], seed: number): PlantedFact[] {
  const spans = factSpans(
    messages,
    seeds.map((q) => q.needle),
  );
  const lower = messages.map((m) => messageText(m).toLowerCase());
  return seeds.map((q, i) => {
    const span = spans[i] as { first: number; last: number };
    const lo = Math.min(...q.idx);
    const hi = Math.max(...q.idx);
    if (span.first < lo || span.last > hi)
      throw new Error(
        `novel seed ${seed}: needle ${q.needle} outside its episode ${lo}..${hi} (${span.first}..${span.last})`,
      );
    const key = q.key.toLowerCase();
    lower.forEach((text, k) => {
      if ((k < lo || k > hi) && text.includes(key))
        throw new Error(`novel seed ${seed}: token ${q.key} at message ${k}, outside ${lo}..${hi}`);
    });
    for (const other of seeds)
      if (other !== q && other.needle.includes(q.needle))
        throw new Error(`novel seed ${seed}: ${q.needle} inside ${other.needle}`);
    return { kind: q.kind, needle: q.needle, firstIndex: span.first, lastIndex: span.last, style: q.style };
  });
}

/** The suite: sizes log-uniform over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function novelSuite(count: number, seed: number, quick: boolean): Transcript[] {
  const [lo, hi] = quick ? [100, 400] : [100, 2000];
  return Array.from({ length: count }, (_, i) => {
    const size = Math.round(lo * (hi / lo) ** (count === 1 ? 1 : i / (count - 1)));
    return generateNovelTranscript({
      seed: seed + i,
      messages: size,
      shape: NOVEL_SHAPES[i % NOVEL_SHAPES.length] as NovelShape,
      style: NOVEL_STYLES[(seed + i) % NOVEL_STYLES.length] as NovelStyle,
      probe: (seed + i) % 2 === 0,
    });
  });
}
