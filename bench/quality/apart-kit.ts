/**
 * The building blocks of the apart transcript family (apart.ts). Steps, beats, planters and token
 * minting are the wide family's (wide-kit.ts); what differs is the harness: its text protocols
 * number their steps (DSPy's `observation_N`), name the marks that open a call and a result, and
 * native harnesses may wrap a tool's output the way their runtime returns it (Codex's JSON).
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import { WIDE_SHAPES, type Planter, type WideCall, type WideShape, type WideStep } from './wide-kit';

export {
  buried,
  cap,
  chars,
  clock,
  fail,
  hex,
  lines,
  ok,
  one,
  pad,
  type Beat,
  type PlantCtx,
  type Planted,
  type Planter,
  type WideCall,
  type WideStep,
} from './wide-kit';

/** The harness styles of the family. */
export const APART_STYLES = ['aider', 'gemma', 'dspy', 'openhands', 'codex', 'internlm'] as const;

/** One harness style. */
export type ApartStyle = (typeof APART_STYLES)[number];

/** The session shapes (the wide family's). */
export const APART_SHAPES = WIDE_SHAPES;

/** One session shape. */
export type ApartShape = WideShape;

/** A harness: its protocol, prompts, user's language, noise, and the ways it plants each kind of fact. */
export interface ApartHarness {
  style: ApartStyle;
  /** `native`: OpenAI tool_calls answered by tool messages; `text`: calls and results inside message text. */
  protocol: 'native' | 'text';
  system: string;
  tools: string[];
  /** Native: a tool-call id in the harness's provider format. */
  callId?: (rng: Rng) => string;
  /** Native: the call's arguments as sent (default: its args as JSON). */
  encode?: (c: WideCall) => string;
  /** Native: the tool message's text for a call (default: the raw output). */
  wrap?: (c: WideCall) => string;
  /** Text: the assistant message of the turn's `n`th step (from 0), and the user message carrying its results. */
  renderStep?: (s: WideStep, n: number) => string;
  renderResults?: (s: WideStep, n: number) => string;
  /** Text: matches the start of every results message (and of no user turn). */
  resultStart?: RegExp;
  /** Text: global, multiline patterns counting the calls of a step and the results answering them. */
  callMark?: RegExp;
  resultMark?: RegExp;
  /** A step that states no fact (searches, reads, listings, builds). */
  noise: (rng: Rng) => WideStep;
  /** A step whose output is large (> 8 KB, often > 20 KB). */
  big: (rng: Rng) => WideStep;
  /** A user message of an interactive turn that states no fact. */
  followUp: (rng: Rng) => string;
  /** The user message that lets an autonomous run go on. */
  keepGoing: (rng: Rng) => string;
  /** An answer that ends a turn and states no fact. */
  answer: (rng: Rng) => string;
  /** The closing user message when the transcript ends with an answer. */
  probe: (rng: Rng) => string;
  /** The first request: the goal planter must be a user one. */
  planters: Record<FactKind, Planter[]>;
}

/** A call's arguments as Python keyword arguments (`a="x", n=3, f=True`). */
export function pyArgs(args: WideCall['args']): string {
  return Object.entries(args)
    .map(
      ([k, v]) =>
        `${k}=${typeof v === 'string' ? JSON.stringify(v) : typeof v === 'boolean' ? (v ? 'True' : 'False') : v}`,
    )
    .join(', ');
}

/** A semantic version `a.b.c` with small parts. */
export function semver(rng: Rng, major = rng.int(0, 4)): string {
  return `${major}.${rng.int(0, 19)}.${rng.int(0, 12)}`;
}

/** A fixed-width text table: a header row, a rule and the rows, columns padded to their widest cell. */
export function table(head: readonly string[], rows: readonly (readonly string[])[], rule = '-'): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const row = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(w[i] as number))
      .join('  ')
      .trimEnd();
  return [row(head), w.map((n) => rule.repeat(n)).join('  '), ...rows.map(row)].join('\n');
}
