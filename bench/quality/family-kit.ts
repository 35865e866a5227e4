/**
 * The building blocks the newer held-out families (wide.ts, stray.ts, deep.ts) write their
 * sessions from: what a harness is made of, the steps and beats of a session, the minting of
 * the random tokens that make each planted needle unique to its own short episode, and small
 * text helpers the harnesses share. family.ts is the engine that writes a session from them.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';

/** The session shapes. */
export const FAMILY_SHAPES = ['autonomous', 'interactive', 'mixed'] as const;

/** One session shape. */
export type FamilyShape = (typeof FAMILY_SHAPES)[number];

/** One scripted tool call: what the agent asked for and what came back. */
export interface FamilyCall {
  tool: string;
  args: Record<string, unknown>;
  output: string;
  status: 'ok' | 'error';
  exitCode?: number;
}

/** One agent step: optional prose, then one or more calls (parallel when several). */
export interface FamilyStep {
  say?: string;
  calls: FamilyCall[];
  /** The agent speaking, for harnesses with several agents (hand-offs, teams). */
  agent?: string;
}

/** A piece of an episode: a user message, an agent step with calls, or an answer without calls. */
export type Beat = { user: string } | { step: FamilyStep } | { answer: string; agent?: string };

/** What a planter produces: the beats of the episode and the needle stated in them. */
export interface Planted {
  beats: Beat[];
  needle: string;
  /** `user-…`, `tool-…` or `agent-…`: how the fact got into the session. */
  how: string;
}

/** What a planter may use: seeded choices and a fresh token. */
export interface PlantCtx {
  rng: Rng;
  /** A new token of the given shape, unique in the transcript; the first one becomes the fact's key. */
  mint: (shape: TokenShape) => string;
}

/** The shapes of minted tokens. */
export type TokenShape = 'word' | 'num' | 'hex' | 'code';

/** Plants one fact; `user` planters open a user turn (they are not used in autonomous sessions). */
export interface Planter {
  user: boolean;
  plant: (c: PlantCtx) => Planted;
}

/** A harness: its protocol, prompts, user's language, noise, and the ways it plants each kind of fact. */
export interface FamilyHarness<S extends string = string> {
  style: S;
  /** `native`: OpenAI tool_calls; `text`: calls written in the assistant's text, results in a user message. */
  protocol: 'native' | 'text';
  system: string;
  tools: string[];
  /**
   * A tool-call id in the harness's provider format: native calls use it; text protocols get
   * theirs (the `ids` of the renderers) only in a family that writes ids into the text.
   */
  callId?: (rng: Rng) => string;
  /**
   * Text protocol: the assistant message of a step, and the user message carrying its results
   * (`n`: the step's number in its turn, from 0, for protocols that number them).
   */
  renderStep?: (s: FamilyStep, ids: string[], n: number) => string;
  renderResults?: (s: FamilyStep, ids: string[], n: number) => string;
  /** Text protocol: how every results message starts (no user turn starts so), as a prefix or a pattern. */
  resultPrefix?: string;
  resultStart?: RegExp;
  /** Text protocol: what opens one call in a step message, and one result in a results message (global, multiline). */
  callMark?: RegExp;
  resultMark?: RegExp;
  /** Native: a call's arguments as sent (default: its args as JSON), and its tool message's text (default: the output). */
  encode?: (c: FamilyCall) => string;
  wrap?: (c: FamilyCall) => string;
  /** How an answer (a message without calls) is written, when the protocol wraps it. */
  renderAnswer?: (text: string) => string;
  /** The agent that answers the user, for harnesses with several agents. */
  answerAgent?: string;
  /** A step that states no fact (searches, reads, listings, builds, some failing). */
  noise: (rng: Rng) => FamilyStep;
  /** A step whose output is large (> 20,000 characters). */
  big: (rng: Rng) => FamilyStep;
  /** A user message of an interactive turn that states no fact. */
  followUp: (rng: Rng) => string;
  /** The user message that lets an autonomous run go on. */
  keepGoing: (rng: Rng) => string;
  /** An answer that ends a turn and states no fact. */
  answer: (rng: Rng) => string;
  /** The closing user message when the transcript ends with an answer. */
  probe: (rng: Rng) => string;
  /** The ways of planting each kind; the goal's must include user ones (the first request). */
  planters: Record<FactKind, Planter[]>;
}

const CONS = 'bdfgklmnprstvz';
const VOW = 'aeiou';
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A pronounceable made-up word of 7 letters (`CVCVCVC`): a module, service, host or entity name. */
export function mintWord(rng: Rng): string {
  let s = '';
  for (let i = 0; i < 3; i++) s += rng.pick([...CONS]) + rng.pick([...VOW]);
  return s + rng.pick([...'nrlkst']);
}

/** `n` random characters from `alphabet`. */
export function chars(rng: Rng, n: number, alphabet = ALNUM): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rng.next() * alphabet.length)];
  return s;
}

/** `n` lowercase hex digits. */
export function hex(rng: Rng, n: number): string {
  return chars(rng, n, '0123456789abcdef');
}

/** A token of the given shape (wide's and deep's; stray mints its own, stray-kit.ts). */
export function mintToken(rng: Rng, shape: TokenShape): string {
  switch (shape) {
    case 'word':
      return mintWord(rng);
    case 'num':
      return String(rng.int(1, 9)) + chars(rng, 6, '0123456789');
    case 'hex':
      return hex(rng, 8);
    case 'code':
      return chars(rng, 2, 'GHJKMNPQRSTVWXYZ') + chars(rng, 4, '23456789GHJKMNPQRSTVWXYZ');
  }
}

/** `word` with its first letter in capitals. */
export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A step of one call. */
export function one(say: string | undefined, call: FamilyCall, agent?: string): FamilyStep {
  return { ...(say ? { say } : {}), calls: [call], ...(agent ? { agent } : {}) };
}

/** A step of several calls (parallel when the protocol allows). */
export function many(say: string | undefined, calls: FamilyCall[], agent?: string): FamilyStep {
  return { ...(say ? { say } : {}), calls, ...(agent ? { agent } : {}) };
}

/** A successful call. */
export function ok(tool: string, args: FamilyCall['args'], output: string, exitCode?: number): FamilyCall {
  return { tool, args, output, status: 'ok', ...(exitCode === undefined ? {} : { exitCode }) };
}

/** A failed call. */
export function fail(tool: string, args: FamilyCall['args'], output: string, exitCode = 1): FamilyCall {
  return { tool, args, output, status: 'error', exitCode };
}

/** `n` lines made by `line(i)`, joined. */
export function lines(n: number, line: (i: number) => string): string {
  return Array.from({ length: n }, (_, i) => line(i)).join('\n');
}

/** A long log with `hole` somewhere in its middle and `tail` after it. */
export function buried(rng: Rng, before: number, line: (i: number) => string, hole: string, tail: string): string {
  const after = Math.max(3, Math.floor(before * (0.3 + rng.next() * 0.6)));
  return `${lines(before, line)}\n${hole}\n${lines(after, (i) => line(before + i))}\n${tail}`;
}

/** Pads a number with zeros. */
export function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** A clock time `hh:mm:ss` from a second count. */
export function clock(s: number): string {
  return `${pad(Math.floor(s / 3600) % 24)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** A plain-text table: the header, a rule of dashes, the rows, columns padded to their widest cell. */
export function table(head: string[], rows: string[][], sep = ' | '): string {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(width[i] as number))
      .join(sep)
      .trimEnd();
  return [
    fmt(head),
    width.map((w) => '-'.repeat(w)).join(sep.replace(/[^|+]/g, '-').replace('|', '+')),
    ...rows.map(fmt),
  ].join('\n');
}

/** A fixed-width text table (`| a | b |` rows under a `+---+` rule, as MySQL, WP-CLI and SAP print them). */
export function boxTable(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const rule = `+${w.map((n) => '-'.repeat(n + 2)).join('+')}+`;
  const row = (r: string[]) => `| ${r.map((c, i) => c.padEnd(w[i] as number)).join(' | ')} |`;
  return [rule, row(head), rule, ...rows.map(row), rule].join('\n');
}

/** A space-aligned table (kubectl/ps style). */
export function colTable(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const row = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(w[i] as number))
      .join('   ')
      .trimEnd();
  return [row(head), ...rows.map(row)].join('\n');
}

/** A unified diff of one hunk replacing `before` lines by `after` lines in `path`. */
export function diff(path: string, at: number, context: string[], before: string[], after: string[]): string {
  const n = context.length;
  return [
    `diff --git a/${path} b/${path}`,
    `--- a/${path}`,
    `+++ b/${path}`,
    `@@ -${at},${n + before.length} +${at},${n + after.length} @@`,
    ...context.map((l) => ` ${l}`),
    ...before.map((l) => `-${l}`),
    ...after.map((l) => `+${l}`),
  ].join('\n');
}

/** A short git hash. */
export function sha(rng: Rng, n = 7): string {
  return hex(rng, n);
}

/** A planter of kind-independent shape: `user` or not, and its beats from a fresh context. */
export function planter(user: boolean, plant: (c: PlantCtx) => Planted): Planter {
  return { user, plant };
}

/** An episode's beat of one agent step: its prose, its call or parallel calls, its agent. */
export function beat(say: string | undefined, calls: FamilyCall | FamilyCall[], agent?: string): Beat {
  return { step: Array.isArray(calls) ? many(say, calls, agent) : one(say, calls, agent) };
}

/** What a planter returns: the needle, how it was planted, and the beats of its episode. */
export function fact(needle: string, how: string, beats: Beat[]): Planted {
  return { needle, how, beats };
}

/** One of several phrasings, each a function of the token. */
export function say(rng: Rng, forms: readonly ((t: string) => string)[], t: string): string {
  return rng.pick(forms)(t);
}

/** A duration with `d` decimals between `lo` and `hi`. */
export function dur(rng: Rng, lo: number, hi: number, d = 2): string {
  return (lo + rng.next() * (hi - lo)).toFixed(d);
}

/** A space-aligned table: header, rows, columns padded to their widest cell (no rule). */
export function cols(head: readonly string[], rows: readonly (readonly string[])[], gap = '  '): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const row = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(w[i] as number))
      .join(gap)
      .trimEnd();
  return [row(head), ...rows.map(row)].join('\n');
}

/** JSON as Python's `json.dumps(v, ensure_ascii=False)` writes it: one line, `", "` and `": "` separators. */
export function pyJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(pyJson).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${JSON.stringify(k)}: ${pyJson(x)}`)
    .join(', ')}}`;
}

/** `n` picked from `items` in the given order (a realistic subset of a list). */
export function some<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const chosen = new Set(rng.sample(items, n));
  return items.filter((x) => chosen.has(x));
}

/** About `n` lines made of whole pieces of `pool` (a file's declarations), shuffled, none twice in a row. */
export function pieces(rng: Rng, pool: readonly string[], n: number): string {
  const out: string[] = [];
  let order: string[] = [];
  while (out.length < n) {
    if (order.length === 0) order = rng.sample(pool, pool.length);
    out.push(...`${order.shift() as string}\n`.split('\n'));
  }
  return out.join('\n');
}

/** Lines numbered from `from` by `fmt` (default: `cat -n`'s six-wide number and a tab). */
export function numberLines(
  text: string,
  from = 1,
  fmt = (n: number, l: string) => `${String(n).padStart(6)}\t${l}`,
): string {
  return text
    .split('\n')
    .map((l, i) => fmt(from + i, l))
    .join('\n');
}

/** One of `pool`, chosen by a number a renderer has at hand (a step's index, a text's length). */
export function nth<T>(pool: readonly T[], k: number): T {
  return pool[Math.abs(Math.floor(k)) % pool.length] as T;
}

/** A date and time `YYYY-MM-DD hh:mm:ss` in March 2025, `sep` between date and time. */
export function stamp(rng: Rng, sep = ' '): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `2025-03-${p(rng.int(1, 28))}${sep}${p(rng.int(7, 22))}:${p(rng.int(0, 59))}:${p(rng.int(0, 59))}`;
}
