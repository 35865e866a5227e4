/**
 * The engine of the newer held-out families (wide.ts, stray.ts, deep.ts): it writes one session
 * from a family's harnesses (family-kit.ts) — the system prompt, the goal, facts planted at spread
 * points with noise steps, large outputs and turns of the shape's length between them, the
 * pending step last — checks it against the family's rules (every call paired, every needle in
 * its own short episode, a text protocol's calls answered one by one) and builds a suite.
 */
import type { ChatMessage } from '../../src/context/types';
import {
  FAMILY_SHAPES,
  type Beat,
  type FamilyHarness,
  type FamilyShape,
  type FamilyStep,
  type PlantCtx,
  type Planted,
  type Planter,
  type TokenShape,
} from './family-kit';
import { factSpans, messageText, pairingFaults } from './render';
import { Rng } from './rng';
import type { FactKind, PlantedFact, ScriptedOutput, Transcript } from './types';

/** A family: its name (the transcripts' id prefix), its harnesses by style, how it mints tokens. */
export interface FamilySpec<S extends string> {
  name: string;
  styles: readonly S[];
  harnesses: Record<S, FamilyHarness<S>>;
  mint: (rng: Rng, shape: TokenShape) => string;
  /** Text protocols get call ids (`callId`) to write into their text. */
  textCallIds?: boolean;
  /** The session opens with the goal's first planter (a request, never a follow-up); default: any user one. */
  openWithFirstGoal?: boolean;
  /** The multipliers a transcript's seed is mixed with (seed, attempt, salt, style's salt); default wide's. */
  seeds?: readonly [number, number, number, number];
}

/** The seed multipliers of {@link FamilySpec.seeds} by default. */
const SEEDS = [2654435761, 40503, 977, 31] as const;

/** What to generate. */
export interface FamilyOptions<S extends string> {
  seed: number;
  /** Approximate message count (at least this many, a few more at most). */
  messages: number;
  shape: FamilyShape;
  style: S;
  /** End after an answer, with a probe (default), or mid-turn on a tool result. */
  probe?: boolean;
}

/** The span of messages holding a fact's token. */
export interface FamilyEpisode {
  key: string;
  needle: string;
  first: number;
  last: number;
}

/** A family's generator, suite, episodes and results test. */
export interface Family<S extends string> {
  generate(o: FamilyOptions<S>): Transcript;
  suite(count: number, seed: number, quick: boolean): Transcript[];
  /** The episodes of a transcript's facts (in fact order), from where their tokens occur. */
  episodes(t: Transcript): FamilyEpisode[];
  /** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
  isResult(style: S, m: ChatMessage): boolean;
}

/** Appends messages in the harness's protocol and records every output. */
class Writer {
  readonly messages: ChatMessage[];
  readonly outputs = new Map<string, ScriptedOutput>();
  /** True when the last message ends a turn (or nothing has been said yet). */
  turnOver = true;
  /** Steps since the last user turn (a protocol may number them). */
  private n = 0;

  constructor(
    private readonly h: FamilyHarness,
    private readonly rng: Rng,
    private readonly textCallIds: boolean,
  ) {
    this.messages = [{ role: 'system', content: h.system }];
  }

  get length(): number {
    return this.messages.length;
  }

  user(text: string): void {
    this.messages.push({ role: 'user', content: text });
    this.turnOver = false;
    this.n = 0;
  }

  answer(text: string, agent?: string): void {
    const who = agent ?? this.h.answerAgent;
    this.messages.push({
      role: 'assistant',
      content: this.h.renderAnswer ? this.h.renderAnswer(text) : text,
      ...(who ? { name: who } : {}),
    });
    this.turnOver = true;
  }

  private callId(): string {
    if (!this.h.callId) throw new Error(`${this.h.style}: no call ids`);
    return this.h.callId(this.rng);
  }

  step(s: FamilyStep): void {
    this.turnOver = false;
    const n = this.n++;
    if (this.h.protocol === 'text') {
      if (s.calls.length === 0) throw new Error(`${this.h.style}: a step without calls`);
      const ids = this.textCallIds ? s.calls.map(() => this.callId()) : [];
      const render = this.h.renderStep as NonNullable<FamilyHarness['renderStep']>;
      const results = this.h.renderResults as NonNullable<FamilyHarness['renderResults']>;
      this.messages.push(
        { role: 'assistant', content: render(s, ids, n) },
        { role: 'user', content: results(s, ids, n) },
      );
      return;
    }
    const { encode, wrap } = this.h;
    const calls = s.calls.map((c) => ({
      id: this.callId(),
      type: 'function' as const,
      function: { name: c.tool, arguments: encode ? encode(c) : JSON.stringify(c.args) },
    }));
    this.messages.push({
      role: 'assistant',
      content: s.say ?? null,
      tool_calls: calls,
      ...(s.agent ? { name: s.agent } : {}),
    });
    s.calls.forEach((c, i) => {
      const id = (calls[i] as { id: string }).id;
      const text = wrap ? wrap(c) : c.output;
      this.messages.push({ role: 'tool', tool_call_id: id, content: text });
      this.outputs.set(id, {
        output: text,
        status: c.status,
        ...(c.exitCode === undefined ? {} : { exitCode: c.exitCode }),
      });
    });
  }
}

/** A fact as planted, before its indexes are known. */
interface Sown {
  kind: FactKind;
  needle: string;
  how: string;
  key: string;
}

/** How many steps a turn of this shape runs before the agent answers. */
function turnLength(shape: FamilyShape, rng: Rng): number {
  if (shape === 'autonomous') return rng.int(60, 280);
  if (shape === 'interactive') return rng.int(2, 7);
  return rng.chance(0.25) ? rng.int(30, 90) : rng.int(3, 12);
}

/** The kinds of the middle facts (goal first and pending last are added around them). */
function middleKinds(n: number, shape: FamilyShape, rng: Rng): FactKind[] {
  const base: FactKind[] = ['constraint', 'value', 'decision', 'file', 'error'];
  const extra: FactKind[] = shape === 'autonomous' ? base : [...base, 'goal'];
  const kinds = rng.sample(base, base.length);
  while (kinds.length < n) kinds.push(rng.pick(extra));
  return kinds;
}

/** Writes one session; the caller checks it. */
function build<S extends string>(
  spec: FamilySpec<S>,
  o: FamilyOptions<S>,
  attempt: number,
): { t: Transcript; keys: string[] } {
  const h = spec.harnesses[o.style];
  const [mixSeed, mixAttempt, mixSalt, mixStyle] = spec.seeds ?? SEEDS;
  const salt = spec.styles.indexOf(o.style) * mixStyle + FAMILY_SHAPES.indexOf(o.shape);
  const rng = new Rng((o.seed * mixSeed + attempt * mixAttempt + salt * mixSalt) >>> 0);
  const w = new Writer(h, rng.fork(), spec.textCallIds ?? false);
  const used = new Set<string>();
  const sown: Sown[] = [];
  const interactive = o.shape !== 'autonomous';

  const plant = (kind: FactKind, wantUser: boolean | undefined, opening = false): Planted & { user: boolean } => {
    const all = h.planters[kind];
    const fit = all.filter((p) => wantUser === undefined || p.user === wantUser);
    const p = opening ? (all[0] as Planter) : rng.pick(fit.length ? fit : all);
    let key = '';
    const ctx: PlantCtx = {
      rng,
      mint: (shape) => {
        let tok = spec.mint(rng, shape);
        while (used.has(tok)) tok = spec.mint(rng, shape);
        used.add(tok);
        if (!key) key = tok;
        return tok;
      },
    };
    const planted = p.plant(ctx);
    sown.push({ kind, needle: planted.needle, how: planted.how, key });
    return { ...planted, user: p.user };
  };

  let turnSteps = 0;
  let turnLen = turnLength(o.shape, rng);
  const emit = (beats: Beat[]): void => {
    for (const b of beats) {
      if ('user' in b) {
        if (!w.turnOver) w.answer(h.answer(rng));
        w.user(b.user);
        turnSteps = 0;
        turnLen = turnLength(o.shape, rng);
      } else if ('step' in b) {
        w.step(b.step);
        turnSteps++;
      } else w.answer(b.answer, b.agent);
    }
  };

  emit(plant('goal', true, spec.openWithFirstGoal ?? false).beats);
  const reserve = 6;
  const n = Math.min(34, Math.max(8, Math.round(6 + o.messages / 60)));
  const kinds = middleKinds(n, o.shape, rng);
  const span = Math.max(10, o.messages - reserve - 16);
  const at = kinds.map((_, i) => 4 + Math.floor((span * (i + 0.2 + 0.6 * rng.next())) / kinds.length));
  let next = 0;
  while (w.length < o.messages - 2 || next < kinds.length) {
    if (next < kinds.length && w.length >= (at[next] as number)) {
      const kind = kinds[next++] as FactKind;
      emit(plant(kind, interactive ? rng.chance(0.45) : false).beats);
      continue;
    }
    if (turnSteps >= turnLen) {
      emit([{ user: interactive ? h.followUp(rng) : h.keepGoing(rng) }]);
      continue;
    }
    w.step(rng.chance(0.05) ? h.big(rng) : h.noise(rng));
    turnSteps++;
  }
  const probe = o.probe ?? true;
  emit(plant('pending', interactive && rng.chance(0.35) ? true : false).beats);
  if (probe) w.answer(h.answer(rng));
  const needles = sown.map((s) => s.needle);
  const spans = factSpans(w.messages, needles);
  const facts: PlantedFact[] = sown.map((s, i) => ({
    kind: s.kind,
    needle: s.needle,
    firstIndex: (spans[i] as { first: number }).first,
    lastIndex: (spans[i] as { last: number }).last,
    style: `${s.kind}/${s.how}/${o.style}`,
  }));
  const t: Transcript = {
    id: `${spec.name}-${o.style}-${o.shape}-${o.seed}`,
    seed: o.seed,
    shape: o.shape,
    messages: w.messages,
    outputs: w.outputs,
    facts,
    tools: h.tools,
    ...(probe ? { probe: h.probe(rng) } : {}),
  };
  return { t, keys: sown.map((s) => s.key) };
}

/** Whether `m` is a results message of the harness's text protocol (by its prefix or its pattern). */
function resultOf(h: FamilyHarness, m: ChatMessage | undefined): boolean {
  if (m?.role !== 'user') return false;
  const text = m.content ?? '';
  return h.resultStart ? h.resultStart.test(text) : h.resultPrefix !== undefined && text.startsWith(h.resultPrefix);
}

/** Why a text protocol's session breaks its rules (a call or a result unanswered), or undefined. */
function textProblem(t: Transcript, h: FamilyHarness): string | undefined {
  if (t.messages.some((m) => m.tool_calls?.length || m.role === 'tool')) return 'native call in a text harness';
  const count = (s: string | null, re: RegExp | undefined) => (s ?? '').match(re ?? /$^/gm)?.length ?? 0;
  for (const [i, m] of t.messages.entries()) {
    const next = t.messages[i + 1];
    const isResult = (x: ChatMessage | undefined) => resultOf(h, x);
    if (isResult(m) && t.messages[i - 1]?.role !== 'assistant') return `results without calls at ${i}`;
    // (a result's mark in a person's turn would pass for a result)
    if (m.role === 'user' && i > 0 && !isResult(m) && count(m.content, h.resultMark)) return `result mark at ${i}`;
    if (m.role !== 'assistant') continue;
    const calls = count(m.content, h.callMark);
    if (calls === 0 && isResult(next)) return `results without calls at ${i + 1}`;
    if (calls > 0 && (!isResult(next) || count(next?.content ?? '', h.resultMark) !== calls))
      return `calls at ${i} not answered one by one`;
  }
  return undefined;
}

/** Why a transcript breaks the family's rules, or undefined. */
function problem(t: Transcript, keys: readonly string[], h: FamilyHarness): string | undefined {
  if (pairingFaults(t.messages).length) return 'pairing';
  // (a text protocol that says how its calls and results open is checked for one result per call)
  if (h.protocol === 'text' && h.callMark) {
    const p = textProblem(t, h);
    if (p) return p;
  }
  const ids = t.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
  if (new Set(ids).size !== ids.length) return 'duplicate call id';
  const texts = t.messages.map((m) => messageText(m).toLowerCase());
  const probe = (t.probe ?? '').toLowerCase();
  for (const [i, f] of t.facts.entries()) {
    if (f.firstIndex < 1) return `needle not found: ${f.needle}`;
    if (f.lastIndex - f.firstIndex > 12) return `long needle episode: ${f.needle}`;
    const key = (keys[i] as string).toLowerCase();
    if (!key || !f.needle.toLowerCase().includes(key)) return `needle without its key: ${f.needle}`;
    const at = texts.flatMap((s, k) => (s.includes(key) ? [k] : []));
    if ((at.at(-1) ?? 0) - (at[0] ?? 0) >= 40) return `key ${key} outside its episode`;
    if (probe.includes(key)) return `probe holds ${key}`;
    for (const g of t.facts) if (g !== f && g.needle.includes(f.needle)) return `${f.needle} inside ${g.needle}`;
  }
  return undefined;
}

/** The family a spec describes. */
export function family<S extends string>(spec: FamilySpec<S>): Family<S> {
  const keysOf = new WeakMap<Transcript, string[]>();

  const generate = (o: FamilyOptions<S>): Transcript => {
    let why = '';
    for (let attempt = 0; attempt < 8; attempt++) {
      const { t, keys } = build(spec, o, attempt);
      const p = problem(t, keys, spec.harnesses[o.style]);
      if (!p) {
        keysOf.set(t, keys);
        return t;
      }
      why = p;
    }
    throw new Error(`${spec.name} ${o.style}/${o.shape}/${o.seed}: ${why}`);
  };

  return {
    generate,
    // sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed
    suite(count, seed, quick) {
      const max = quick ? 400 : 2000;
      return Array.from({ length: count }, (_, i) => {
        const size = count === 1 ? 100 : Math.round(100 * Math.pow(max / 100, i / (count - 1)));
        return generate({
          seed: seed * 1000 + i,
          messages: size,
          shape: FAMILY_SHAPES[i % FAMILY_SHAPES.length] as FamilyShape,
          style: spec.styles[(i * 5 + seed) % spec.styles.length] as S,
          probe: (i + seed) % 2 === 0,
        });
      });
    },
    episodes(t) {
      const keys = keysOf.get(t);
      if (!keys) throw new Error(`${t.id}: not a ${spec.name} transcript`);
      const texts = t.messages.map((m) => messageText(m).toLowerCase());
      return t.facts.map((f, i) => {
        const key = keys[i] as string;
        const at = texts.flatMap((s, k) => (s.includes(key.toLowerCase()) ? [k] : []));
        return { key, needle: f.needle, first: at[0] ?? -1, last: at.at(-1) ?? -1 };
      });
    },
    isResult(style, m) {
      return resultOf(spec.harnesses[style], m);
    },
  };
}
