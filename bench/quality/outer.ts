/**
 * The outer transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses and ecosystems none of them does — an AutoGPT-style agent whose
 * every turn is one JSON command (Perl/CPAN), Open Interpreter running code blocks for an
 * Italian-speaking thesis writer (LaTeX/BibTeX), a Semantic Kernel agent administering Windows
 * Server for a Polish-speaking user (PowerShell), a Letta/MemGPT agent with memory tools and a
 * Korean-speaking Salesforce admin (Apex/SFDX), the Amazon Q Developer CLI on a Flutter app, the
 * Mistral Vibe CLI on SaltStack states, a Pydantic AI agent on Solidity/Foundry contracts and a
 * BeeAI agent on z/OS COBOL/JCL. Each fact's minted token occurs only in its own short episode.
 */
import type { ChatMessage } from '../../src/context/types';
import {
  OUTER_SHAPES,
  OUTER_STYLES,
  type Beat,
  type OuterHarness,
  type OuterShape,
  type OuterStyle,
  type Plant,
  type PlantCtx,
  type Planter,
  type Session,
} from './outer-kit';
import { AUTOGPT } from './outer-perl';
import { INTERPRETER } from './outer-latex';
import { WINADMIN } from './outer-pwsh';
import { LETTA } from './outer-apex';
import { QDEV } from './outer-flutter';
import { VIBE } from './outer-salt';
import { FOUNDRY } from './outer-forge';
import { MAINFRAME } from './outer-cobol';
import { factSpans, messageText, pairingFaults } from './render';
import { Rng } from './rng';
import { FACT_KINDS, type FactKind, type ScriptedOutput, type Transcript } from './types';

export { OUTER_SHAPES, OUTER_STYLES, type OuterShape, type OuterStyle } from './outer-kit';

/** Every harness of the family, by style. */
export const OUTER_HARNESSES: Record<OuterStyle, OuterHarness> = {
  autogpt: AUTOGPT,
  interpreter: INTERPRETER,
  winadmin: WINADMIN,
  letta: LETTA,
  qdev: QDEV,
  vibe: VIBE,
  foundry: FOUNDRY,
  mainframe: MAINFRAME,
};

/** What to generate. */
export interface OuterOptions {
  seed: number;
  /** Approximate message count (at least this many, a few more at most). */
  messages: number;
  shape: OuterShape;
  style: OuterStyle;
  /** End after an answer, with a probe (default), or mid-turn on a tool result. */
  probe?: boolean;
}

/** The span of messages holding a fact's token. */
export interface OuterEpisode {
  key: string;
  needle: string;
  first: number;
  last: number;
}

/** True when `m` is a tool result (or harness notice) rendered as a user message: no user turn. */
export function outerIsResult(style: OuterStyle, m: ChatMessage): boolean {
  return m.role === 'user' && OUTER_HARNESSES[style].isResult(m);
}

/** A fact as planted, before its span is known. */
interface Sown {
  kind: FactKind;
  how: string;
  needle: string;
  key: string;
  /** The messages its episode was rendered into: [from, to). */
  from: number;
  to: number;
}

/** How many facts a transcript of `messages` messages carries. */
function factCount(messages: number): number {
  return Math.min(36, Math.max(10, Math.round(6 + messages / 55)));
}

/**
 * The kinds planted between the first request and the closing, shuffled; each kind at least once.
 * Later requests (goals) only in conversations, at most `goals` of them (a user asks each one once).
 */
function middleKinds(r: Rng, n: number, shape: OuterShape, goals: number): FactKind[] {
  const base: FactKind[] = ['constraint', 'decision', 'file', 'error', 'value'];
  const weights: [FactKind, number][] = [
    ['constraint', 2],
    ['decision', 3],
    ['file', 3],
    ['error', 3],
    ['value', 3],
    ['goal', shape === 'autonomous' ? 0 : 1],
  ];
  while (base.length < n) {
    const kind = r.weighted(weights);
    if (kind !== 'goal' || base.filter((k) => k === 'goal').length < goals) base.push(kind);
  }
  return r.sample(base, base.length);
}

/** Steps per turn, by shape. */
function turnTarget(r: Rng, shape: OuterShape, messages: number): number {
  if (shape === 'autonomous') return r.int(60, 220);
  if (shape === 'mixed') return r.chance(0.4) ? r.int(25, 140) : r.int(1, 6);
  return r.weighted<number>([
    [r.int(1, 3), 7],
    [r.int(4, 8), 2],
    [r.int(9, 20), messages >= 600 ? 1 : 0],
  ]);
}

/** The generator's state while it writes one transcript. */
class Writer {
  readonly messages: ChatMessage[];
  readonly sown: Sown[] = [];
  inTurn = true;
  turnSteps = 0;
  private readonly uses = new Map<Planter, number>();

  constructor(
    readonly s: Session,
    readonly ctx: PlantCtx,
  ) {
    this.messages = [{ role: 'system', content: s.system }];
  }

  emit(b: Beat, last = false): void {
    this.messages.push(...this.s.render(b, last));
    if (b.t === 'step') this.turnSteps++;
    if (b.t === 'answer') this.inTurn = false;
    if (b.t === 'user') {
      this.inTurn = true;
      this.turnSteps = 0;
    }
  }

  /** Renders an episode and remembers where it went. */
  sow(p: Planter, plant: Plant, beats: Beat[] = plant.beats, from = this.messages.length, last = false): void {
    beats.forEach((b, i) => this.emit(b, last && i === beats.length - 1));
    this.sown.push({ kind: p.kind, how: p.how, needle: plant.needle, key: plant.key, from, to: this.messages.length });
  }

  /** One of `list`, among the ones used least so far (a transcript repeats a planter only when it must). */
  pick(r: Rng, list: readonly Planter[]): Planter {
    const least = Math.min(...list.map((p) => this.uses.get(p) ?? 0));
    const p = r.pick(list.filter((q) => (this.uses.get(q) ?? 0) === least));
    this.uses.set(p, least + 1);
    return p;
  }

  /** True when `p` has not been used yet. */
  fresh(p: Planter): boolean {
    return !this.uses.has(p);
  }

  /** The planters of `list` not yet used twice (a third copy of the same episode would read as a template). */
  spare(list: readonly Planter[]): Planter[] {
    return list.filter((p) => (this.uses.get(p) ?? 0) < 2);
  }

  size(beats: readonly Beat[]): number {
    return beats.reduce((n, b, i) => n + this.s.size(b, i === beats.length - 1), 0);
  }
}

/** The planters of a kind that may go `at` one of the places given. */
function choices(s: Session, kind: FactKind, at: readonly Planter['at'][], autonomous: boolean): Planter[] {
  return s.planters.filter((p) => p.kind === kind && at.includes(p.at) && !(autonomous && p.closes));
}

/** Writes the first request: the goal, and now and then a rule or value in the same message. */
function opening(w: Writer, r: Rng, middle: FactKind[]): void {
  const goal = w.pick(r, choices(w.s, 'goal', ['open'], false));
  const parts: { p: Planter; plant: Plant }[] = [{ p: goal, plant: goal.plant(w.ctx) }];
  const unused = (kind: FactKind) => choices(w.s, kind, ['open'], false).filter((p) => w.fresh(p));
  for (let k = r.int(0, 2); k > 0; k--) {
    const i = middle.findIndex((kind) => kind !== 'goal' && unused(kind).length > 0);
    if (i < 0) break;
    const kind = middle.splice(i, 1)[0] as FactKind;
    const p = w.pick(r, unused(kind));
    parts.push({ p, plant: p.plant(w.ctx) });
  }
  w.emit({ t: 'user', text: parts.map((x) => x.plant.text ?? '').join('\n\n') });
  for (const { p, plant } of parts) w.sow(p, plant, plant.beats, 1);
}

/** Builds one attempt; `problem` says whether it keeps the family's rules. */
function build(o: OuterOptions, attempt: number): { t: Transcript; keys: string[] } {
  const h = OUTER_HARNESSES[o.style];
  const r = new Rng((o.seed * 2654435761 + attempt * 40503 + OUTER_STYLES.indexOf(o.style) * 977 + 17) >>> 0);
  const outputs = new Map<string, ScriptedOutput>();
  const s = h.open(r.fork(), outputs);
  const autonomous = o.shape === 'autonomous';
  const ctx: PlantCtx = { probe: o.probe ?? true, autonomous };
  const w = new Writer(s, ctx);
  const goals = s.planters.filter((p) => p.kind === 'goal' && p.at === 'turn').length;
  const middle = middleKinds(r, factCount(o.messages) - 2, o.shape, goals);
  opening(w, r, middle);

  const ends = s.planters.filter(
    (p) =>
      p.kind === 'pending' &&
      p.at === 'end' &&
      p.ending === (ctx.probe ? 'answer' : 'step') &&
      !(autonomous && p.how.startsWith('user-')),
  );
  const closer = w.pick(r, ends);
  const closing = closer.plant(ctx);
  const limit = o.messages - w.size(closing.beats);
  const start = w.messages.length + 2;
  const end = Math.max(start + middle.length, limit - 30);
  const slots = middle.map((_, i) => start + ((end - start) * (i + 0.2 + 0.6 * r.next())) / middle.length);
  let target = turnTarget(r, o.shape, o.messages);
  let next = 0;

  const plantHere = (p: Planter) => {
    const plant = p.plant(ctx);
    if (p.at === 'turn') {
      if (w.inTurn) w.emit({ t: 'answer', text: s.answer() });
      target = turnTarget(r, o.shape, o.messages);
    }
    w.sow(p, plant);
    next++;
  };

  while (w.messages.length < limit) {
    const kind = middle[next];
    const due = kind !== undefined && w.messages.length >= (slots[next] ?? 0);
    if (!w.inTurn) {
      const soon = kind !== undefined && w.messages.length >= (slots[next] ?? 0) - (autonomous ? 60 : 0);
      const turn = soon ? w.spare(choices(s, kind, ['turn'], autonomous)) : [];
      if (turn.length && (due || r.chance(0.5))) plantHere(w.pick(r, turn));
      else {
        w.emit({ t: 'user', text: autonomous ? s.resume() : s.ask() });
        target = turnTarget(r, o.shape, o.messages);
      }
      continue;
    }
    if (due) {
      const at: Planter['at'][] = autonomous ? ['step'] : ['step', 'turn'];
      const list = w.spare(choices(s, kind, at, autonomous));
      if (list.length) {
        plantHere(w.pick(r, list));
        continue;
      }
      next++;
      continue;
    }
    if (w.turnSteps >= target && (!autonomous || limit - w.messages.length > 150)) {
      w.emit({ t: 'answer', text: s.answer() });
      continue;
    }
    w.emit({ t: 'step', step: s.noise() });
  }

  const first = closing.beats[0];
  if (first?.t === 'user' && w.inTurn) w.emit({ t: 'answer', text: s.answer() });
  if (first?.t !== 'user' && !w.inTurn) w.emit({ t: 'user', text: autonomous ? s.resume() : s.ask() });
  w.sow(closer, closing, closing.beats, w.messages.length, true);

  const spans = factSpans(
    w.messages,
    w.sown.map((f) => f.needle),
  );
  const t: Transcript = {
    id: `outer-${o.style}-${o.shape}-${o.seed}`,
    seed: o.seed,
    shape: o.shape,
    messages: w.messages,
    outputs,
    facts: w.sown.map((f, i) => ({
      kind: f.kind,
      needle: f.needle,
      firstIndex: spans[i]?.first ?? -1,
      lastIndex: spans[i]?.last ?? -1,
      style: `${f.kind}/${f.how}/${o.style}`,
    })),
    tools: [...h.tools],
    ...(ctx.probe ? { probe: s.probe() } : {}),
  };
  const bad = sownProblem(w.sown, t);
  if (bad) return { t: { ...t, id: `${t.id}!${bad}` }, keys: [] };
  return { t, keys: w.sown.map((f) => f.key) };
}

/** A planted needle that is not first stated inside its own episode. */
function sownProblem(sown: readonly Sown[], t: Transcript): string | undefined {
  for (const [i, f] of sown.entries()) {
    const at = t.facts[i]?.firstIndex ?? -1;
    if (at < f.from || at >= f.to) return `${f.needle}: first at ${at}, episode ${f.from}–${f.to}`;
    if (!messageText(t.messages[at] as ChatMessage).includes(f.needle)) return `${f.needle}: not verbatim at ${at}`;
  }
  return undefined;
}

/** Why a transcript breaks the family's rules, or undefined. */
function problem(t: Transcript, keys: readonly string[], o: OuterOptions): string | undefined {
  if (t.id.includes('!')) return t.id.split('!')[1];
  if (t.messages.length < o.messages || t.messages.length > o.messages + 24) return `size ${t.messages.length}`;
  if (pairingFaults(t.messages).length) return 'pairing';
  if (t.messages.length >= 300 && new Set(t.facts.map((f) => f.kind)).size < FACT_KINDS.length) return 'kinds';
  const texts = t.messages.map((m) => messageText(m).toLowerCase());
  const probe = (t.probe ?? '').toLowerCase();
  for (const [i, f] of t.facts.entries()) {
    const key = (keys[i] ?? '').toLowerCase();
    if (!key || !f.needle.toLowerCase().includes(key)) return `${f.needle}: key`;
    if (f.lastIndex - f.firstIndex > 12) return `${f.needle}: needle spans ${f.firstIndex}–${f.lastIndex}`;
    const at = texts.flatMap((s, k) => (s.includes(key) ? [k] : []));
    if ((at.at(-1) ?? 0) - (at[0] ?? 0) >= 40) return `${key}: token spans ${at[0]}–${at.at(-1)}`;
    if (probe.includes(key)) return `${key}: in the probe`;
    for (const [j, g] of t.facts.entries()) {
      if (j === i) continue;
      if (g.needle.includes(f.needle)) return `${f.needle} in ${g.needle}`;
      if (g.needle.toLowerCase().includes(key)) return `${key} in ${g.needle}`;
    }
  }
  const pending = t.facts.filter((f) => f.kind === 'pending').map((f) => f.lastIndex);
  if (Math.max(-1, ...pending) < t.messages.length - 6) return 'pending not late';
  return undefined;
}

const KEYS = new WeakMap<Transcript, string[]>();

/** The episodes of an outer transcript's facts (in fact order), from where their tokens occur. */
export function outerEpisodes(t: Transcript): OuterEpisode[] {
  const keys = KEYS.get(t);
  if (!keys) throw new Error(`${t.id}: not an outer transcript`);
  const texts = t.messages.map((m) => messageText(m).toLowerCase());
  return t.facts.map((f, i) => {
    const key = keys[i] as string;
    const at = texts.flatMap((s, k) => (s.includes(key.toLowerCase()) ? [k] : []));
    return { key, needle: f.needle, first: at[0] ?? -1, last: at.at(-1) ?? -1 };
  });
}

/** Generates one outer transcript; throws when it cannot keep the family's rules in 8 attempts. */
export function generateOuterTranscript(o: OuterOptions): Transcript {
  let why = '';
  for (let attempt = 0; attempt < 8; attempt++) {
    const { t, keys } = build(o, attempt);
    const p = problem(t, keys, o);
    if (!p) {
      KEYS.set(t, keys);
      return t;
    }
    why = p;
  }
  throw new Error(`outer ${o.style}/${o.shape}/${o.seed}: ${why}`);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function outerSuite(count: number, seed: number, quick: boolean): Transcript[] {
  const max = quick ? 400 : 2000;
  return Array.from({ length: count }, (_, i) => {
    const size = count === 1 ? 100 : Math.round(100 * Math.pow(max / 100, i / (count - 1)));
    return generateOuterTranscript({
      seed: seed * 1000 + i,
      messages: size,
      shape: OUTER_SHAPES[i % OUTER_SHAPES.length] as OuterShape,
      style: OUTER_STYLES[(i * 3 + seed) % OUTER_STYLES.length] as OuterStyle,
      probe: (i + seed) % 2 === 0,
    });
  });
}
