/**
 * Shared pieces of the outer transcript family (outer.ts): the abstract session a harness renders
 * (beats of user text, tool steps and answers), the planters that put a fact's episode into it,
 * the mint of tokens that make each needle unique, and small text helpers for tool outputs.
 */
import type { ChatMessage } from '../../src/context/types';
import type { Rng } from './rng';
import type { FactKind, ScriptedOutput } from './types';

/** The harness styles of the family. */
export const OUTER_STYLES = [
  'autogpt',
  'interpreter',
  'winadmin',
  'letta',
  'qdev',
  'vibe',
  'foundry',
  'mainframe',
] as const;

/** One harness style. */
export type OuterStyle = (typeof OUTER_STYLES)[number];

/** Session shapes. */
export const OUTER_SHAPES = ['autonomous', 'interactive', 'mixed'] as const;

/** One session shape. */
export type OuterShape = (typeof OUTER_SHAPES)[number];

/** One tool invocation, before a harness names it: the harness maps the kind to its own tool. */
export interface Act {
  kind: 'shell' | 'read' | 'write' | 'edit' | 'search' | 'list' | 'extra';
  /** shell: the command line; read, write, edit, list: a path; search: a pattern; extra: a short label. */
  target: string;
  /** write: the whole new text; edit: the replacement. */
  text?: string;
  /** edit: the text replaced. */
  old?: string;
  /** search: the folder searched. */
  where?: string;
  /** extra: the harness's own tool, by name, and its arguments. */
  tool?: string;
  args?: Record<string, unknown>;
  /** A harness-specific aside of the step that calls it (AutoGPT's `plan`). */
  plan?: string;
  /** What the tool printed. */
  output: string;
  status?: 'ok' | 'error';
  exitCode?: number;
}

/** One assistant step: what it says (optional) and the tools it calls (several: in parallel). */
export interface Step {
  say?: string;
  acts: Act[];
}

/** A piece of the session, before rendering. */
export type Beat = { t: 'user'; text: string } | { t: 'step'; step: Step } | { t: 'answer'; text: string };

/** What a planter knows of where its episode goes. */
export interface PlantCtx {
  /** The transcript ends with an answer and a probe (else mid-turn on a tool result). */
  probe: boolean;
  autonomous: boolean;
}

/** A planted episode: the needle, its minted token, and the beats holding them. */
export interface Plant {
  needle: string;
  key: string;
  /** For `open` planters: the paragraph added to the first request. */
  text?: string;
  beats: Beat[];
}

/**
 * Plants one fact. `at` says where the episode can go: `open` (a paragraph of the first request,
 * then `beats`), `turn` (its beats open a user turn), `step` (assistant steps inside a turn), `end`
 * (the closing episode, for pending work; `ending` says whether it ends on an answer or a step).
 */
export interface Planter {
  kind: FactKind;
  how: string;
  at: 'open' | 'turn' | 'step' | 'end';
  /** The episode ends its turn with an answer (never used inside an autonomous run). */
  closes?: boolean;
  ending?: 'answer' | 'step';
  plant(c: PlantCtx): Plant;
}

/** One generated session of a harness: its renderer, its ecosystem's noise and its planters. */
export interface Session {
  system: string;
  /** The messages of one beat (`last`: it ends the transcript). Records tool outputs. */
  render(b: Beat, last: boolean): ChatMessage[];
  /** How many messages `render` makes of a beat. */
  size(b: Beat, last: boolean): number;
  /** A step that carries no fact: searches, reads, listings, runs; now and then a huge output. */
  noise(): Step;
  /** A request of an interactive turn that carries no fact, in the user's language. */
  ask(): string;
  /** The agent's answer closing a turn (no fact). */
  answer(): string;
  /** What the user says to resume a long autonomous run. */
  resume(): string;
  /** The final user message asking to continue (no fact). */
  probe(): string;
  planters: Planter[];
}

/** A harness: its protocol, tool names and how to open a session. */
export interface OuterHarness {
  style: OuterStyle;
  /** `native`: OpenAI tool_calls; `text`: calls and results inside message text. */
  protocol: 'native' | 'text';
  tools: readonly string[];
  /** True when `m` is a tool result rendered as a user message (text protocols, heartbeats). */
  isResult(m: ChatMessage): boolean;
  open(r: Rng, outputs: Map<string, ScriptedOutput>): Session;
}

const ONSETS = [
  'b',
  'br',
  'd',
  'dr',
  'f',
  'g',
  'gr',
  'k',
  'kr',
  'l',
  'm',
  'n',
  'p',
  'pr',
  'qu',
  'r',
  'sk',
  'st',
  'tr',
  'v',
  'vr',
  'z',
  'th',
  'sh',
  'j',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'a', 'e', 'o', 'ai', 'ei', 'ou', 'y'];
const CODAS = ['', 'n', 'r', 'l', 'k', 'x', 'm', 'th', 'nd', 'rk', 'v', 'sk', 'st', 'g'];
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Mints the tokens that make needles unique: pseudo-words, codes, numbers. No two minted tokens
 * are equal or contain one another (case-insensitive), so each belongs to one fact.
 */
export class Mint {
  private readonly used: string[] = [];

  constructor(private readonly r: Rng) {}

  private fresh(make: () => string): string {
    for (;;) {
      const s = make();
      const low = s.toLowerCase();
      if (!this.used.some((u) => u.includes(low) || low.includes(u))) {
        this.used.push(low);
        return s;
      }
    }
  }

  /** A lowercase pseudo-word of two or three syllables (`brevik`, `tolvaren`), at least six letters. */
  word(): string {
    return this.fresh(() => {
      for (;;) {
        let w = '';
        for (let i = this.r.chance(0.75) ? 2 : 3; i > 0; i--) w += this.r.pick(ONSETS) + this.r.pick(VOWELS);
        w += this.r.pick(CODAS);
        if (w.length >= 6) return w;
      }
    });
  }

  /** A capitalised pseudo-word (`Vraekorn`). */
  name(): string {
    const w = this.word();
    return w.charAt(0).toUpperCase() + w.slice(1);
  }

  /** `n` uppercase letters and digits, starting with a letter (`QV7KX2`). */
  code(n: number): string {
    return this.fresh(() => {
      let s = this.r.pick([...'BCDFGHJKLMNPQRSTVWXZ']);
      for (let i = 1; i < n; i++) s += this.r.pick([...ALNUM]);
      return s;
    });
  }

  /** `n` lowercase hex digits, with at least one letter and one digit. */
  hex(n: number): string {
    return this.fresh(() => {
      for (;;) {
        const h = hex(this.r, n);
        if (/[a-f]/.test(h) && /\d/.test(h)) return h;
      }
    });
  }

  /** A number of `digits` digits (7 or more keep it out of other numbers). */
  num(digits: number): string {
    return this.fresh(() => {
      let s = String(this.r.int(1, 9));
      for (let i = 1; i < digits; i++) s += String(this.r.int(0, 9));
      return s;
    });
  }
}

/** `n` random lowercase hex digits. */
export function hex(r: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'.charAt(r.int(0, 15));
  return s;
}

/** `n` random characters of `alphabet`. */
export function chars(r: Rng, n: number, alphabet: string): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet.charAt(r.int(0, alphabet.length - 1));
  return s;
}

/** Letters and digits, both cases. */
export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random UUID (version 4 layout). */
export function uuid(r: Rng): string {
  return `${hex(r, 8)}-${hex(r, 4)}-4${hex(r, 3)}-${'89ab'.charAt(r.int(0, 3))}${hex(r, 3)}-${hex(r, 12)}`;
}

/** A running wall clock, so that timestamps in a session move forward. */
export class Clock {
  private ms: number;

  constructor(r: Rng) {
    this.ms = Date.UTC(2025, r.int(0, 11), r.int(1, 28), r.int(6, 20), r.int(0, 59), r.int(0, 59));
  }

  /** Advances by `ms` and returns the new time. */
  tick(ms: number): Date {
    this.ms += Math.max(0, Math.round(ms));
    return new Date(this.ms);
  }

  /** `2025-03-04T10:22:13.512Z`. */
  iso(ms = 900): string {
    return this.tick(ms).toISOString();
  }

  /** `10:22:13`. */
  hms(ms = 700): string {
    return this.tick(ms).toISOString().slice(11, 19);
  }

  /** `2025-03-04 10:22:13`. */
  stamp(ms = 700): string {
    return this.tick(ms).toISOString().slice(0, 19).replace('T', ' ');
  }
}

/** Right-pads `s` to `n` characters. */
export function pad(s: string | number, n: number): string {
  return String(s).padEnd(n);
}

/** Left-pads `s` to `n` characters. */
export function lpad(s: string | number, n: number): string {
  return String(s).padStart(n);
}

/** Lines made by `line(i)` until the text holds at least `min` characters. */
export function grow(min: number, line: (i: number) => string): string[] {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < min; i++) {
    const l = line(i);
    out.push(l);
    size += l.length + 1;
  }
  return out;
}

/** Columns separated by two spaces, each as wide as its widest cell. */
export function columns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((row) =>
    row
      .map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

/** A table drawn with `+---+` borders and `|` separators. */
export function boxed(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const rule = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [rule, line(head), rule, ...rows.map(line), rule];
}

/** Picks one of several phrasings. */
export function say(r: Rng, ...options: string[]): string {
  return r.pick(options);
}

/** One shell-like step. */
export function shell(command: string, output: string, exitCode = 0, say?: string): Step {
  return {
    ...(say ? { say } : {}),
    acts: [{ kind: 'shell', target: command, output, status: exitCode === 0 ? 'ok' : 'error', exitCode }],
  };
}

/** A read of one file. */
export function readAct(path: string, output: string): Act {
  return { kind: 'read', target: path, output };
}

/** A write of one file. */
export function writeAct(path: string, text: string, output: string): Act {
  return { kind: 'write', target: path, text, output };
}

/** An edit of one file. */
export function editAct(path: string, old: string, text: string, output: string): Act {
  return { kind: 'edit', target: path, old, text, output };
}

/** A beat of one step. */
export function stepBeat(step: Step): Beat {
  return { t: 'step', step };
}

/** The messages `render` makes of a beat in a native harness (`trailer`: a message after each step's results). */
export function nativeSize(b: Beat, last: boolean, trailer = 0): number {
  if (b.t !== 'step') return 1;
  return 1 + b.step.acts.length + (last ? 0 : trailer);
}

/** How a native harness names, identifies and prints a call. */
export interface NativeSpec {
  id(): string;
  call(a: Act): { name: string; args: Record<string, unknown> };
  result(a: Act): string;
}

/** Renders a step as one assistant message with tool_calls, then one tool message per call, recording outputs. */
export function nativeStep(
  step: Step,
  spec: NativeSpec,
  outputs: Map<string, ScriptedOutput>,
  content: string | null = step.say ?? null,
): ChatMessage[] {
  const calls = step.acts.map((a) => {
    const { name, args } = spec.call(a);
    return {
      act: a,
      call: { id: spec.id(), type: 'function' as const, function: { name, arguments: JSON.stringify(args) } },
    };
  });
  const out: ChatMessage[] = [{ role: 'assistant', content, tool_calls: calls.map((c) => c.call) }];
  for (const { act, call } of calls) {
    const text = spec.result(act);
    outputs.set(call.id, {
      output: text,
      status: act.status ?? 'ok',
      ...(act.exitCode !== undefined ? { exitCode: act.exitCode } : {}),
    });
    out.push({ role: 'tool', tool_call_id: call.id, content: text });
  }
  return out;
}

/** A step's acts taken one by one (text protocols run one command per message). */
export function singles(step: Step): Step[] {
  return step.acts.map((a, i) => ({ ...(i === 0 && step.say ? { say: step.say } : {}), acts: [a] }));
}

/** `render` and `size` of a native harness whose users and answers are plain messages. */
export function plainNative(spec: NativeSpec, outputs: Map<string, ScriptedOutput>): Pick<Session, 'render' | 'size'> {
  return {
    render: (b) => {
      if (b.t === 'user') return [{ role: 'user', content: b.text }];
      if (b.t === 'answer') return [{ role: 'assistant', content: b.text }];
      return nativeStep(b.step, spec, outputs);
    },
    size: (b, last) => nativeSize(b, last),
  };
}

/** Several independent noise steps merged into one step of parallel calls (the first one's words kept). */
export function parallel(steps: readonly Step[]): Step {
  const say = steps.find((s) => s.say)?.say;
  return { ...(say ? { say } : {}), acts: steps.flatMap((s) => s.acts) };
}

/**
 * A search pattern taken from a line of `pool` (an identifier of it) and `n` lines of the pool
 * that contain it, so that a noise grep finds what it looked for.
 */
export function grepFrom(r: Rng, pool: readonly string[], n: number): { pattern: string; hits: string[] } {
  const line = r.pick(pool);
  const words = line.split(/[^A-Za-z0-9_:]+/).filter((w) => w.length >= 4 && /^[A-Za-z_][\w:]*$/.test(w));
  const pattern = words.length ? r.pick(words) : line.trim();
  const matching = pool.filter((l) => l.includes(pattern));
  return { pattern, hits: Array.from({ length: n }, () => r.pick(matching)) };
}
