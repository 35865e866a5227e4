/**
 * The dist transcript family: a held-out set written apart from the other families and from
 * the summarizers, imitating harnesses and ecosystems none of them does — a pentest agent with
 * JSON-envelope tools, a Nextflow/Snakemake bioinformatics agent, a Rails/Sidekiq agent with a
 * Portuguese-speaking user, an MCP-heavy Elixir/Phoenix agent with a French-speaking user, a
 * BigQuery BI agent with huge tables, an iOS agent with symbolicated crash logs and a
 * Japanese-speaking user, a Nomad/Consul operator, and an ML-eval agent whose harness renders
 * Responses-API items into chat text. Each fact's minted token occurs only in its own episode.
 */
import type { ChatMessage } from '../../src/context/types';
import { DIST_HARNESSES_A } from './dist-harness-a';
import { DIST_HARNESSES_B } from './dist-harness-b';
import { closingPending, genericPlanters, mentions, restatePlanter } from './dist-facts';
import {
  DIST_SHAPES,
  DIST_STYLES,
  chars,
  hex,
  tokenOf,
  type Beat,
  type DistHarness,
  type DistShape,
  type DistStep,
  type DistStyle,
  type Episode,
  type PlantCtx,
  type Planter,
  type TokenShape,
} from './dist-kit';
import { langPack } from './dist-lang';
import { factSpans, messageText, pairingFaults } from './render';
import { Rng } from './rng';
import { FACT_KINDS, type FactKind, type PlantedFact, type ScriptedOutput, type Transcript } from './types';

export { DIST_SHAPES, DIST_STYLES, type DistShape, type DistStyle } from './dist-kit';

/** Every harness of the family, by style. */
export const DIST_HARNESSES: Record<DistStyle, DistHarness> = { ...DIST_HARNESSES_A, ...DIST_HARNESSES_B };

/** What to generate. */
export interface DistOptions {
  seed: number;
  /** Approximate message count (at least this many, a few more at most). */
  messages: number;
  shape: DistShape;
  style: DistStyle;
  /** End after an answer, with a probe (default), or mid-turn on a tool result. */
  probe?: boolean;
}

/** The span of messages holding a fact's token. */
export interface DistEpisode {
  key: string;
  needle: string;
  first: number;
  last: number;
}

const RESULT_PREFIX = '{"type":"function_call_output"';

/** True when `m` is a tool result of a text-protocol harness (a user message that is no user turn). */
export function distIsResult(style: DistStyle, m: ChatMessage): boolean {
  return (
    DIST_HARNESSES[style].protocol !== 'native' && m.role === 'user' && (m.content ?? '').startsWith(RESULT_PREFIX)
  );
}

/** Messages, outputs and tool names as a session grows. */
class Session {
  readonly messages: ChatMessage[] = [];
  readonly outputs = new Map<string, ScriptedOutput>();
  readonly tools = new Set<string>();
  stepsSinceUser = 0;

  constructor(
    private readonly h: DistHarness,
    private readonly r: Rng,
  ) {}

  get endsTurn(): boolean {
    const last = this.messages.at(-1);
    return last?.role === 'assistant' && !last.tool_calls?.length;
  }

  /** The last message is a user turn (not a text-protocol tool result) and awaits a reply. */
  awaiting = false;

  user(text: string): void {
    this.messages.push({ role: 'user', content: text });
    this.stepsSinceUser = 0;
    this.awaiting = true;
  }

  answer(text: string): void {
    this.messages.push({ role: 'assistant', content: text });
    this.awaiting = false;
  }

  step(s: DistStep): void {
    this.stepsSinceUser++;
    this.awaiting = false;
    for (const c of s.calls) this.tools.add(c.name);
    if (this.h.protocol === 'native') this.nativeStep(s);
    else this.responsesStep(s);
  }

  private nativeStep(s: DistStep): void {
    const ids = s.calls.map(() => this.h.callId(this.r));
    this.messages.push({
      role: 'assistant',
      content: s.say ?? null,
      tool_calls: s.calls.map((c, i) => ({
        id: ids[i] as string,
        type: 'function' as const,
        function: { name: c.name, arguments: JSON.stringify(c.args) },
      })),
    });
    s.calls.forEach((c, i) => {
      const id = ids[i] as string;
      this.messages.push({ role: 'tool', tool_call_id: id, content: c.output });
      this.outputs.set(id, {
        output: c.output,
        status: c.status ?? 'ok',
        ...(c.exitCode !== undefined ? { exitCode: c.exitCode } : {}),
      });
    });
  }

  /** Responses items rendered as chat text: the calls in the assistant's text, the outputs in one user message. */
  private responsesStep(s: DistStep): void {
    const ids = s.calls.map(
      () => `call_${chars(this.r, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 24)}`,
    );
    const items = s.calls.map((c, i) =>
      JSON.stringify({
        type: 'function_call',
        id: `fc_${hex(this.r, 48)}`,
        call_id: ids[i],
        name: c.name,
        arguments: JSON.stringify(c.args),
      }),
    );
    this.messages.push({ role: 'assistant', content: [s.say ?? '', ...items].filter(Boolean).join('\n') });
    const outs = s.calls.map((c, i) =>
      JSON.stringify({ type: 'function_call_output', call_id: ids[i], output: c.output }),
    );
    this.messages.push({ role: 'user', content: outs.join('\n') });
  }
}

/** How a generation goes: the session, its harness, its rng and its shape. */
interface Run {
  s: Session;
  h: DistHarness;
  r: Rng;
  shape: DistShape;
  turnLeft: number;
  size: number;
  used: Set<string>;
  uses: Map<Planter, number>;
  picked: Set<unknown>;
}

function turnLength(run: Run): number {
  const { r } = run;
  if (run.shape === 'interactive') return r.int(0, 4);
  if (run.shape === 'mixed')
    return r.weighted([
      [r.int(0, 3), 3],
      [r.int(12, 60), 2],
    ]);
  return 1_000_000;
}

function noiseStep(run: Run): DistStep {
  return run.r.pick(run.h.noise)(run.r);
}

/** One unit of filler: a user ask when the turn ended, an answer when the turn is done, else a tool step. */
function noiseUnit(run: Run): void {
  const { s, r, h } = run;
  if (s.endsTurn) {
    s.user(r.pick(h.asks));
    run.turnLeft = turnLength(run);
    return;
  }
  const breakRun = run.shape === 'autonomous' && s.stepsSinceUser >= 70 && r.chance(0.03);
  if ((run.shape !== 'autonomous' && run.turnLeft <= 0 && !s.awaiting) || breakRun) {
    s.answer(r.pick(h.acks));
    return;
  }
  s.step(noiseStep(run));
  run.turnLeft--;
}

function emitBeat(run: Run, b: Beat): void {
  const { s, r, h } = run;
  if (b.t === 'user') {
    if (s.awaiting) s.step(noiseStep(run));
    if (!s.endsTurn) s.answer(r.pick(h.acks));
    s.user(b.text);
    run.turnLeft = turnLength(run);
  } else if (b.t === 'answer') {
    s.answer(b.text);
  } else {
    if (s.endsTurn) {
      s.user(r.pick(h.asks));
      run.turnLeft = turnLength(run);
    }
    s.step(b.step);
    run.turnLeft--;
  }
}

/** Emits an episode: its beats, with a little filler before each later mention. */
function emitEpisode(run: Run, e: Episode): void {
  const maxGap = Math.max(1, Math.min(7, Math.floor(run.size / 60)));
  const beats = run.size < 250 ? e.beats.slice(0, 3) : e.beats;
  beats.forEach((b, i) => {
    const prev = beats[i - 1];
    if (i > 0 && b.t === 'step' && prev?.t !== 'user') {
      const until = run.s.messages.length + run.r.int(1, maxGap);
      while (run.s.messages.length < until) noiseUnit(run);
    }
    emitBeat(run, b);
  });
}

function context(run: Run): PlantCtx {
  return {
    r: run.r,
    shape: run.shape,
    filler: () => noiseStep(run),
    fresh: <T>(items: readonly T[]): T => {
      const unseen = items.filter((x) => !run.picked.has(x));
      const x = run.r.pick(unseen.length ? unseen : items);
      run.picked.add(x);
      return x;
    },
    mint: (shape: TokenShape) => {
      for (;;) {
        const t = tokenOf(run.r, shape);
        if (!run.used.has(t.toLowerCase())) {
          run.used.add(t.toLowerCase());
          return t;
        }
      }
    },
  };
}

/** The kinds of the middle episodes: the five every transcript needs first, then a weighted mix. */
function middleKinds(r: Rng, n: number): FactKind[] {
  const base: FactKind[] = ['constraint', 'decision', 'file', 'error', 'value', 'pending'];
  const more: FactKind[] = [];
  while (base.length + more.length < n)
    more.push(
      r.weighted<FactKind>([
        ['error', 4],
        ['value', 4],
        ['file', 3],
        ['decision', 3],
        ['constraint', 2],
        ['pending', 2],
        ['goal', 1],
      ]),
    );
  return r.sample([...base, ...more], n);
}

function choosePlanter(run: Run, pool: Planter[], kind: FactKind): Planter | undefined {
  const userOk = run.shape !== 'autonomous' || run.s.stepsSinceUser >= 60;
  const fits = pool.filter((p) => p.kind === kind && (userOk || !p.user));
  if (!fits.length) return undefined;
  // the least used first, so that a transcript varies its ways of planting
  const least = Math.min(...fits.map((p) => run.uses.get(p) ?? 0));
  const p = run.r.pick(fits.filter((q) => (run.uses.get(q) ?? 0) === least));
  run.uses.set(p, least + 1);
  return p;
}

interface Built {
  t: Transcript;
  keys: string[];
}

function build(o: DistOptions, attempt: number): Built {
  const h = DIST_HARNESSES[o.style];
  const r = new Rng(o.seed * 7919 + attempt * 104729 + DIST_STYLES.indexOf(o.style));
  const run: Run = {
    s: new Session(h, r),
    h,
    r,
    shape: o.shape,
    turnLeft: 0,
    size: o.messages,
    used: new Set(),
    uses: new Map(),
    picked: new Set(),
  };
  const c = context(run);
  const pool = [...h.planters, ...genericPlanters(h), restatePlanter(h)];
  const episodes: Episode[] = [];
  const withProbe = o.probe ?? true;
  // the opening: system prompt, then the request holding the goal (and perhaps ground rules)
  run.s.messages.push({ role: 'system', content: h.system });
  const goalKey = c.mint(h.phrases.token);
  const goal = c.fresh(h.phrases.goal)(goalKey);
  let rules: Episode | undefined;
  if (r.chance(0.4)) {
    const key = c.mint(h.phrases.token);
    const needle = c.fresh(h.phrases.constraint)(key);
    rules = { fact: { kind: 'constraint', how: 'user-opening', needle, key }, beats: [] };
  }
  run.s.user(h.opening(r, goal, rules?.fact.needle));
  run.turnLeft = turnLength(run);
  const goalEp: Episode = {
    fact: { kind: 'goal', how: 'user-opening', needle: goal, key: goalKey },
    beats: mentions(c, 'goal', goalKey, 1, 2),
  };
  episodes.push(goalEp);
  if (rules) episodes.push(rules);
  emitEpisode(run, goalEp);
  const total = Math.max(10, Math.min(40, Math.round(o.messages / 50 + 6)));
  const kinds = middleKinds(r, total - episodes.length - 1);
  const end = o.messages - 30;
  kinds.forEach((kind, i) => {
    const at = 6 + ((i + r.next()) * (end - 6)) / kinds.length;
    while (run.s.messages.length < at) noiseUnit(run);
    const order = [kind, ...FACT_KINDS.filter((k) => k !== kind && k !== 'goal'), 'goal' as const];
    for (const k of order) {
      const p = choosePlanter(run, pool, k);
      if (!p) continue;
      const e = p.plant(c);
      episodes.push(e);
      emitEpisode(run, e);
      break;
    }
  });
  while (run.s.messages.length < o.messages - (withProbe ? 1 : 2)) noiseUnit(run);
  const closing = closingPending(h, c, withProbe);
  if (!withProbe && run.s.endsTurn) run.s.user(r.pick(h.asks));
  episodes.push(closing);
  for (const b of closing.beats) emitBeat(run, b);
  const t: Transcript = {
    id: `dist-${o.style}-${o.shape}-${o.seed}`,
    seed: o.seed,
    shape: o.shape,
    messages: run.s.messages,
    outputs: run.s.outputs,
    facts: [],
    tools: [...run.s.tools].sort(),
    ...(withProbe ? { probe: r.pick(langPack(h.lang).probe) } : {}),
  };
  t.facts = factsOf(t, episodes, o.style);
  return { t, keys: episodes.map((e) => e.fact.key) };
}

function factsOf(t: Transcript, episodes: Episode[], style: DistStyle): PlantedFact[] {
  const spans = factSpans(
    t.messages,
    episodes.map((e) => e.fact.needle),
  );
  return episodes.map((e, i) => {
    const span = spans[i] as { first: number; last: number };
    return {
      kind: e.fact.kind,
      needle: e.fact.needle,
      firstIndex: span.first,
      lastIndex: span.last,
      style: `${e.fact.kind}/${e.fact.how}/${style}`,
    };
  });
}

/** Why a built transcript breaks the family's rules (undefined: it keeps them). */
function problem(t: Transcript, keys: string[]): string | undefined {
  const faults = pairingFaults(t.messages);
  if (faults.length) return `pairing: ${JSON.stringify(faults[0])}`;
  if (t.messages.length >= 300 && new Set(t.facts.map((f) => f.kind)).size < FACT_KINDS.length) return 'missing kind';
  const texts = t.messages.map((m) => messageText(m).toLowerCase());
  const probe = (t.probe ?? '').toLowerCase();
  const spans = factSpans(
    t.messages,
    t.facts.map((f) => f.needle),
  );
  for (const [i, f] of t.facts.entries()) {
    const key = (keys[i] as string).toLowerCase();
    const span = spans[i] as { first: number; last: number };
    if (span.first < 1) return `needle not planted: ${f.needle}`;
    if (span.first !== f.firstIndex || span.last !== f.lastIndex) return `span mismatch: ${f.needle}`;
    if (!f.needle.toLowerCase().includes(key)) return `key ${key} not in needle ${f.needle}`;
    const at = texts.flatMap((s, k) => (s.includes(key) ? [k] : []));
    const first = at[0] ?? -1;
    const last = at.at(-1) ?? -1;
    if (first > f.firstIndex || last < f.lastIndex || last - first >= 40) return `key ${key} outside its episode`;
    if (probe.includes(key)) return `key ${key} in probe`;
    if (t.facts.some((g) => g !== f && g.needle.includes(f.needle))) return `needle ${f.needle} inside another`;
  }
  return undefined;
}

const KEYS = new WeakMap<Transcript, string[]>();

/** The episodes of a dist transcript's facts (in fact order), from where their tokens occur. */
export function distEpisodes(t: Transcript): DistEpisode[] {
  const keys = KEYS.get(t);
  if (!keys) throw new Error(`${t.id}: not a dist transcript`);
  const texts = t.messages.map((m) => messageText(m).toLowerCase());
  return t.facts.map((f, i) => {
    const key = keys[i] as string;
    const at = texts.flatMap((s, k) => (s.includes(key.toLowerCase()) ? [k] : []));
    return { key, needle: f.needle, first: at[0] ?? -1, last: at.at(-1) ?? -1 };
  });
}

/** Generates one dist transcript; throws when it cannot keep the family's rules. */
export function generateDistTranscript(o: DistOptions): Transcript {
  let why = '';
  for (let attempt = 0; attempt < 8; attempt++) {
    const { t, keys } = build(o, attempt);
    const p = problem(t, keys);
    if (!p) {
      KEYS.set(t, keys);
      return t;
    }
    why = p;
  }
  throw new Error(`dist ${o.style}/${o.shape}/${o.seed}: ${why}`);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function distSuite(count: number, seed: number, quick: boolean): Transcript[] {
  const max = quick ? 400 : 2000;
  return Array.from({ length: count }, (_, i) => {
    const size = count === 1 ? 100 : Math.round(100 * Math.pow(max / 100, i / (count - 1)));
    return generateDistTranscript({
      seed: seed * 1000 + i,
      messages: size,
      shape: DIST_SHAPES[i % DIST_SHAPES.length] as DistShape,
      style: DIST_STYLES[(i * 3 + seed) % DIST_STYLES.length] as DistStyle,
      probe: (i + seed) % 2 === 0,
    });
  });
}
