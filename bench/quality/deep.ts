/**
 * The deep transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols and ecosystems none of them does — a LangChain
 * structured-chat agent (`Action:` + a ```json {action, action_input}``` blob, answered by
 * `Observation:`) on Erlang/OTP with rebar3 and a Greek-speaking user; Cohere Command R tool use
 * (`Action: ```json [{tool_name, parameters}]``` answered by `<results>` documents) on a
 * WordPress/WooCommerce shop with a Hindi-speaking user; DeepSeek's `<｜tool▁calls▁begin｜>` chat
 * markers answered by `<｜tool▁outputs▁begin｜>` on a React Native/Expo/EAS app with an
 * Arabic-speaking user; a Google ADK team (a root agent transferring to sub-agents, every tool
 * answering a JSON dict) on an Unreal Engine C++ game; a Refact.ai-like agent with parallel native
 * calls on Clojure/Leiningen with a Finnish-speaking user; and an SAP ABAP agent on ADT tools with a
 * Hungarian-speaking user. Each fact's minted token occurs only in its own episode.
 */
import type { ChatMessage } from '../../src/context/types';
import { DEEP_ABAP } from './deep-abap';
import { DEEP_ADK } from './deep-adk';
import { DEEP_COMMAND } from './deep-command';
import { DEEP_REFACT } from './deep-refact';
import { DEEP_SEEK } from './deep-seek';
import { DEEP_STRUCTURED } from './deep-structured';
import {
  DEEP_SHAPES,
  DEEP_STYLES,
  mintToken,
  type Beat,
  type DeepHarness,
  type DeepShape,
  type DeepStep,
  type DeepStyle,
  type PlantCtx,
  type Planted,
} from './deep-kit';
import { factSpans, messageText, pairingFaults } from './render';
import { Rng } from './rng';
import type { FactKind, PlantedFact, ScriptedOutput, Transcript } from './types';

export { DEEP_SHAPES, DEEP_STYLES, type DeepShape, type DeepStyle } from './deep-kit';

/** Every harness of the family, by style. */
export const DEEP_HARNESSES: Record<DeepStyle, DeepHarness> = {
  structured: DEEP_STRUCTURED,
  command: DEEP_COMMAND,
  seek: DEEP_SEEK,
  adk: DEEP_ADK,
  refact: DEEP_REFACT,
  abap: DEEP_ABAP,
};

/** What to generate. */
export interface DeepOptions {
  seed: number;
  /** Approximate message count (at least this many, a few more at most). */
  messages: number;
  shape: DeepShape;
  style: DeepStyle;
  /** End after an answer, with a probe (default), or mid-turn on a tool result. */
  probe?: boolean;
}

/** The span of messages holding a fact's token. */
export interface DeepEpisode {
  key: string;
  needle: string;
  first: number;
  last: number;
}

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function deepIsResult(style: DeepStyle, m: ChatMessage): boolean {
  const prefix = DEEP_HARNESSES[style].resultPrefix;
  return prefix !== undefined && m.role === 'user' && (m.content ?? '').startsWith(prefix);
}

/** Appends messages in the harness's protocol and records every output. */
class Writer {
  readonly messages: ChatMessage[];
  readonly outputs = new Map<string, ScriptedOutput>();
  /** True when the last message ends a turn (or nothing has been said yet). */
  turnOver = true;

  constructor(
    private readonly h: DeepHarness,
    private readonly rng: Rng,
  ) {
    this.messages = [{ role: 'system', content: h.system }];
  }

  get length(): number {
    return this.messages.length;
  }

  user(text: string): void {
    this.messages.push({ role: 'user', content: text });
    this.turnOver = false;
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

  step(s: DeepStep): void {
    this.turnOver = false;
    if (this.h.protocol === 'text') {
      if (s.calls.length === 0) throw new Error('a step without calls');
      const render = this.h.renderStep as (s: DeepStep) => string;
      const results = this.h.renderResults as (s: DeepStep) => string;
      this.messages.push({ role: 'assistant', content: render(s) }, { role: 'user', content: results(s) });
      return;
    }
    const calls = s.calls.map((c) => ({
      id: (this.h.callId as (rng: Rng) => string)(this.rng),
      type: 'function' as const,
      function: { name: c.tool, arguments: JSON.stringify(c.args) },
    }));
    this.messages.push({
      role: 'assistant',
      content: s.say ?? null,
      tool_calls: calls,
      ...(s.agent ? { name: s.agent } : {}),
    });
    s.calls.forEach((c, i) => {
      const id = (calls[i] as { id: string }).id;
      this.messages.push({ role: 'tool', tool_call_id: id, content: c.output });
      this.outputs.set(id, {
        output: c.output,
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
function turnLength(shape: DeepShape, rng: Rng): number {
  if (shape === 'autonomous') return rng.int(60, 280);
  if (shape === 'interactive') return rng.int(2, 7);
  return rng.chance(0.25) ? rng.int(30, 90) : rng.int(3, 12);
}

/** The kinds of the middle facts (goal first and pending last are added around them). */
function middleKinds(n: number, shape: DeepShape, rng: Rng): FactKind[] {
  const base: FactKind[] = ['constraint', 'value', 'decision', 'file', 'error'];
  const extra: FactKind[] = shape === 'autonomous' ? base : [...base, 'goal'];
  const kinds = rng.sample(base, base.length);
  while (kinds.length < n) kinds.push(rng.pick(extra));
  return kinds;
}

/** Writes one session; the caller checks it. */
function build(o: DeepOptions, attempt: number): { t: Transcript; keys: string[] } {
  const h = DEEP_HARNESSES[o.style];
  const salt = DEEP_STYLES.indexOf(o.style) * 31 + DEEP_SHAPES.indexOf(o.shape);
  const rng = new Rng((o.seed * 2654435761 + attempt * 40503 + salt * 977) >>> 0);
  const w = new Writer(h, rng.fork());
  const used = new Set<string>();
  const sown: Sown[] = [];
  const interactive = o.shape !== 'autonomous';

  const plant = (kind: FactKind, wantUser: boolean | undefined): Planted & { user: boolean } => {
    const all = h.planters[kind];
    const fit = all.filter((p) => wantUser === undefined || p.user === wantUser);
    const p = rng.pick(fit.length ? fit : all);
    let key = '';
    const ctx: PlantCtx = {
      rng,
      mint: (shape) => {
        let tok = mintToken(rng, shape);
        while (used.has(tok)) tok = mintToken(rng, shape);
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

  emit(plant('goal', true).beats);
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
    id: `deep-${o.style}-${o.shape}-${o.seed}`,
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

/** Why a transcript breaks the family's rules, or undefined. */
function problem(t: Transcript, keys: readonly string[]): string | undefined {
  if (pairingFaults(t.messages).length) return 'pairing';
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

const KEYS = new WeakMap<Transcript, string[]>();

/** The episodes of a deep transcript's facts (in fact order), from where their tokens occur. */
export function deepEpisodes(t: Transcript): DeepEpisode[] {
  const keys = KEYS.get(t);
  if (!keys) throw new Error(`${t.id}: not a deep transcript`);
  const texts = t.messages.map((m) => messageText(m).toLowerCase());
  return t.facts.map((f, i) => {
    const key = keys[i] as string;
    const at = texts.flatMap((s, k) => (s.includes(key.toLowerCase()) ? [k] : []));
    return { key, needle: f.needle, first: at[0] ?? -1, last: at.at(-1) ?? -1 };
  });
}

/** Generates one deep transcript; throws when it cannot keep the family's rules. */
export function generateDeepTranscript(o: DeepOptions): Transcript {
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
  throw new Error(`deep ${o.style}/${o.shape}/${o.seed}: ${why}`);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function deepSuite(count: number, seed: number, quick: boolean): Transcript[] {
  const max = quick ? 400 : 2000;
  return Array.from({ length: count }, (_, i) => {
    const size = count === 1 ? 100 : Math.round(100 * Math.pow(max / 100, i / (count - 1)));
    return generateDeepTranscript({
      seed: seed * 1000 + i,
      messages: size,
      shape: DEEP_SHAPES[i % DEEP_SHAPES.length] as DeepShape,
      style: DEEP_STYLES[(i * 5 + seed) % DEEP_STYLES.length] as DeepStyle,
      probe: (i + seed) % 2 === 0,
    });
  });
}
