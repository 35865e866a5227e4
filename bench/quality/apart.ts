/**
 * The apart transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does —
 * Aider's SEARCH/REPLACE edit blocks with `/run` output pasted back on a Zig code base for a
 * Hebrew-speaking user, Gemma ```tool_code``` blocks answered by ```tool_outputs``` on a Lean 4/lake
 * formalisation for a Thai-speaking user, a DSPy ReAct program (`next_thought`/`next_tool_name`/
 * `next_tool_args` answered by `observation_N`) maintaining an R package for CRAN, an OpenHands
 * CodeAct agent (native calls, `execute_bash`/`str_replace_editor`) on a ROS 2/colcon workspace for
 * a Danish-speaking user, a Codex-CLI-like agent (native calls, `shell` argv, `apply_patch`,
 * `update_plan`) on an F#/.NET solution, and an InternLM agent writing `<|action_start|><|plugin|>`
 * actions answered by `environment` turns on a Yocto/BitBake layer for a Romanian-speaking user.
 * The engine is the wide family's (wide.ts) over these harnesses; each fact's minted token occurs
 * only in its own episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { APART_AIDER } from './apart-aider';
import { APART_CODEX } from './apart-codex';
import { APART_DSPY } from './apart-dspy';
import { APART_GEMMA } from './apart-gemma';
import { APART_INTERNLM } from './apart-internlm';
import { APART_OPENHANDS } from './apart-openhands';
import {
  APART_SHAPES,
  APART_STYLES,
  type ApartHarness,
  type ApartShape,
  type ApartStyle,
  type Beat,
  type PlantCtx,
  type Planted,
  type Planter,
  type WideStep,
} from './apart-kit';
import { factSpans, messageText, pairingFaults } from './render';
import { Rng } from './rng';
import type { FactKind, PlantedFact, ScriptedOutput, Transcript } from './types';
import { mintToken } from './wide-kit';

export { APART_SHAPES, APART_STYLES, type ApartShape, type ApartStyle } from './apart-kit';

/** Every harness of the family, by style. */
export const APART_HARNESSES: Record<ApartStyle, ApartHarness> = {
  aider: APART_AIDER,
  gemma: APART_GEMMA,
  dspy: APART_DSPY,
  openhands: APART_OPENHANDS,
  codex: APART_CODEX,
  internlm: APART_INTERNLM,
};

/** What to generate. */
export interface ApartOptions {
  seed: number;
  /** Approximate message count (at least this many, a few more at most). */
  messages: number;
  shape: ApartShape;
  style: ApartStyle;
  /** End after an answer, with a probe (default), or mid-turn on a result. */
  probe?: boolean;
}

/** The span of messages holding a fact's token. */
export interface ApartEpisode {
  key: string;
  needle: string;
  first: number;
  last: number;
}

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function apartIsResult(style: ApartStyle, m: ChatMessage): boolean {
  const start = APART_HARNESSES[style].resultStart;
  return start !== undefined && m.role === 'user' && start.test(m.content ?? '');
}

/** Appends messages in the harness's protocol and records every output. */
class Writer {
  readonly messages: ChatMessage[];
  readonly outputs = new Map<string, ScriptedOutput>();
  /** True when the last message ends a turn (or nothing has been said yet). */
  turnOver = true;
  /** Steps since the last user turn (DSPy numbers its observations by it). */
  private n = 0;

  constructor(
    private readonly h: ApartHarness,
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
    this.n = 0;
  }

  answer(text: string): void {
    this.messages.push({ role: 'assistant', content: text });
    this.turnOver = true;
  }

  step(s: WideStep): void {
    this.turnOver = false;
    const n = this.n++;
    if (this.h.protocol === 'text') {
      const render = this.h.renderStep as (s: WideStep, n: number) => string;
      const results = this.h.renderResults as (s: WideStep, n: number) => string;
      this.messages.push({ role: 'assistant', content: render(s, n) }, { role: 'user', content: results(s, n) });
      return;
    }
    const newId = this.h.callId as (rng: Rng) => string;
    const calls = s.calls.map((c) => ({
      id: newId(this.rng),
      type: 'function' as const,
      function: { name: c.tool, arguments: this.h.encode ? this.h.encode(c) : JSON.stringify(c.args) },
    }));
    this.messages.push({ role: 'assistant', content: s.say ?? null, tool_calls: calls });
    s.calls.forEach((c, i) => {
      const id = (calls[i] as { id: string }).id;
      const text = this.h.wrap ? this.h.wrap(c) : c.output;
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
function turnLength(shape: ApartShape, rng: Rng): number {
  if (shape === 'autonomous') return rng.int(60, 280);
  if (shape === 'interactive') return rng.int(2, 7);
  return rng.chance(0.25) ? rng.int(30, 90) : rng.int(3, 12);
}

/** The kinds of the middle facts (goal first and pending last are added around them). */
function middleKinds(n: number, shape: ApartShape, rng: Rng): FactKind[] {
  const base: FactKind[] = ['constraint', 'value', 'decision', 'file', 'error'];
  const extra: FactKind[] = shape === 'autonomous' ? base : [...base, 'goal'];
  const kinds = rng.sample(base, base.length);
  while (kinds.length < n) kinds.push(rng.pick(extra));
  return kinds;
}

/** Writes one session; the caller checks it. */
function build(o: ApartOptions, attempt: number): { t: Transcript; keys: string[] } {
  const h = APART_HARNESSES[o.style];
  const salt = APART_STYLES.indexOf(o.style) * 37 + APART_SHAPES.indexOf(o.shape);
  const rng = new Rng((o.seed * 2246822519 + attempt * 52711 + salt * 1013) >>> 0);
  const w = new Writer(h, rng.fork());
  const used = new Set<string>();
  const sown: Sown[] = [];
  const interactive = o.shape !== 'autonomous';

  const plant = (kind: FactKind, wantUser: boolean | undefined, opening = false): Planted => {
    const all = h.planters[kind];
    const fit = all.filter((p) => wantUser === undefined || p.user === wantUser);
    // (the session opens with the goal's first planter: a request, not a follow-up)
    const p = opening ? (all[0] as Planter) : rng.pick(fit.length ? fit : all);
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
    return planted;
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
      } else w.answer(b.answer);
    }
  };

  emit(plant('goal', true, true).beats);
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
  emit(plant('pending', interactive && rng.chance(0.35)).beats);
  if (probe) w.answer(h.answer(rng));
  const spans = factSpans(
    w.messages,
    sown.map((s) => s.needle),
  );
  const facts: PlantedFact[] = sown.map((s, i) => ({
    kind: s.kind,
    needle: s.needle,
    firstIndex: (spans[i] as { first: number }).first,
    lastIndex: (spans[i] as { last: number }).last,
    style: `${s.kind}/${s.how}/${o.style}`,
  }));
  const t: Transcript = {
    id: `apart-${o.style}-${o.shape}-${o.seed}`,
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
function problem(t: Transcript, keys: readonly string[], style: ApartStyle): string | undefined {
  if (pairingFaults(t.messages).length) return 'pairing';
  const ids = t.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
  if (new Set(ids).size !== ids.length) return 'duplicate call id';
  const h = APART_HARNESSES[style];
  if (h.protocol === 'text') {
    const count = (re: RegExp | undefined, s: string | null) => (re ? ((s ?? '').match(re)?.length ?? 0) : 0);
    for (const [i, m] of t.messages.entries()) {
      if (m.role === 'user' && i > 0 && !apartIsResult(style, m) && count(h.resultMark, m.content))
        return 'result mark in a user turn';
      if (m.role !== 'assistant') continue;
      const calls = count(h.callMark, m.content);
      const next = t.messages[i + 1];
      const answered = next !== undefined && apartIsResult(style, next);
      if (calls === 0 ? answered : !answered || count(h.resultMark, next.content) !== calls)
        return `unpaired step #${i}`;
    }
  }
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

/** The episodes of an apart transcript's facts (in fact order), from where their tokens occur. */
export function apartEpisodes(t: Transcript): ApartEpisode[] {
  const keys = KEYS.get(t);
  if (!keys) throw new Error(`${t.id}: not an apart transcript`);
  const texts = t.messages.map((m) => messageText(m).toLowerCase());
  return t.facts.map((f, i) => {
    const key = keys[i] as string;
    const at = texts.flatMap((s, k) => (s.includes(key.toLowerCase()) ? [k] : []));
    return { key, needle: f.needle, first: at[0] ?? -1, last: at.at(-1) ?? -1 };
  });
}

/** Generates one apart transcript; throws when it cannot keep the family's rules. */
export function generateApartTranscript(o: ApartOptions): Transcript {
  let why = '';
  for (let attempt = 0; attempt < 8; attempt++) {
    const { t, keys } = build(o, attempt);
    const p = problem(t, keys, o.style);
    if (!p) {
      KEYS.set(t, keys);
      return t;
    }
    why = p;
  }
  throw new Error(`apart ${o.style}/${o.shape}/${o.seed}: ${why}`);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function apartSuite(count: number, seed: number, quick: boolean): Transcript[] {
  const max = quick ? 400 : 2000;
  return Array.from({ length: count }, (_, i) => {
    const size = count === 1 ? 100 : Math.round(100 * Math.pow(max / 100, i / (count - 1)));
    return generateApartTranscript({
      seed: seed * 1000 + i,
      messages: size,
      shape: APART_SHAPES[i % APART_SHAPES.length] as ApartShape,
      style: APART_STYLES[(i * 5 + seed) % APART_STYLES.length] as ApartStyle,
      probe: (i + seed) % 2 === 0,
    });
  });
}
