/**
 * Building blocks of the dist transcript family (dist.ts): what a harness provides, what a
 * fact episode is made of, minted tokens, and small text helpers (tables, ANSI, ids, JSON
 * envelopes) the harness files share.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';

/** The harnesses (agent products and ecosystems) the family imitates. */
export const DIST_STYLES = ['pentest', 'bioinf', 'rails', 'phoenix', 'bigquery', 'ios', 'nomad', 'evals'] as const;

/** One harness of the family. */
export type DistStyle = (typeof DIST_STYLES)[number];

/** The session shapes. */
export const DIST_SHAPES = ['autonomous', 'interactive', 'mixed'] as const;

/** One session shape. */
export type DistShape = (typeof DIST_SHAPES)[number];

/** The languages the harnesses' users write in. */
export type DistLang = 'en' | 'pt' | 'fr' | 'ja';

/** One tool call and what it returned. */
export interface DistCall {
  name: string;
  args: Record<string, unknown>;
  output: string;
  status?: 'ok' | 'error';
  exitCode?: number;
}

/** One assistant step: optional text, then its tool calls (answered in order). */
export interface DistStep {
  say?: string;
  calls: DistCall[];
}

/** A piece of an episode: a user turn, a tool step, or an answer that ends the turn. */
export type Beat = { t: 'user'; text: string } | { t: 'step'; step: DistStep } | { t: 'answer'; text: string };

/** A fact as a planter states it (indices come from where the needle lands). */
export interface Planted {
  kind: FactKind;
  /** `user-…`, `tool-…` or `agent-…`. */
  how: string;
  needle: string;
  /** The minted token inside the needle. */
  key: string;
}

/** A short run of beats that plants one fact and mentions it a few times. */
export interface Episode {
  fact: Planted;
  beats: Beat[];
}

/** What a planter knows when it writes an episode. */
export interface PlantCtx {
  r: Rng;
  /** Mints a fresh token of a shape (unique within the transcript). */
  mint: (shape: TokenShape) => string;
  shape: DistShape;
  /** One of `items`, preferring those this transcript has not picked yet. */
  fresh: <T>(items: readonly T[]) => T;
  /** A filler step of the harness (a tool call that does not mention any fact). */
  filler: () => DistStep;
}

/** A way to plant one kind of fact. */
export interface Planter {
  kind: FactKind;
  /** Needs user turns (not usable inside an autonomous run). */
  user?: boolean;
  plant: (c: PlantCtx) => Episode;
}

/** Harness-phrased texts that generic planters fill in (each receives the minted token). */
export interface DistPhrases {
  goal: ((k: string) => string)[];
  constraint: ((k: string) => string)[];
  /** Three options; the generic planter picks one and the user (or agent) settles on it. */
  options: ((k: string) => [string, string, string])[];
  pending: ((k: string) => string)[];
  /** Which token shape the harness's phrases read best with. */
  token: TokenShape;
}

/** Everything a harness provides. */
export interface DistHarness {
  /** `native`: OpenAI tool_calls; `responses`: Responses-API items rendered as chat text. */
  protocol: 'native' | 'responses';
  lang: DistLang;
  system: string;
  tools: string[];
  callId: (r: Rng) => string;
  /** The opening request around the goal (and, given, a list of ground rules). */
  opening: (r: Rng, goal: string, rules?: string) => string;
  /** Short user turns that start work without stating a fact. */
  asks: string[];
  /** Short agent answers that end a turn. */
  acks: string[];
  /** Noise steps; some return huge outputs. */
  noise: ((r: Rng) => DistStep)[];
  phrases: DistPhrases;
  /** Harness-specific planters (generic ones come from dist-facts.ts). */
  planters: Planter[];
  /** How the harness writes a file whose text holds `line` (for ADRs, changelogs, PR bodies). */
  writeDoc: (r: Rng, path: string, text: string) => DistCall;
  /** Paths for the documents `writeDoc` writes. */
  docs: { adr: (n: number) => string; changelog: string; handoff: string; pr: string };
}

/** Shapes of minted tokens. */
export type TokenShape = 'word' | 'hex' | 'ticket' | 'num' | 'upper';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const RARE = 'ghjkmnpqrtvwxyz';
const DIGITS = '0123456789';
const HEX = '0123456789abcdef';

/** `n` characters drawn from `alphabet`. */
export function chars(r: Rng, alphabet: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[r.int(0, alphabet.length - 1)];
  return s;
}

/** A hex string of `n` digits. */
export function hex(r: Rng, n: number): string {
  return chars(r, HEX, n);
}

/** A random v4-looking UUID. */
export function uuid(r: Rng): string {
  return `${hex(r, 8)}-${hex(r, 4)}-4${hex(r, 3)}-${r.pick(['8', '9', 'a', 'b'])}${hex(r, 3)}-${hex(r, 12)}`;
}

/** A token candidate of a shape (dist.ts makes it unique). */
export function tokenOf(r: Rng, shape: TokenShape): string {
  switch (shape) {
    case 'word':
      return `${chars(r, RARE, 1)}${chars(r, LOWER, 1)}${chars(r, DIGITS, 1)}${chars(r, RARE, 1)}${chars(r, DIGITS, 1)}`;
    case 'hex':
      return `${chars(r, '123456789abcdef', 1)}${hex(r, 7)}`;
    case 'ticket':
      return `${r.pick(['PAY', 'OPS', 'SEC', 'DATA', 'MOB', 'PLAT', 'LAB', 'EVAL'])}-${r.int(10000, 99999)}`;
    case 'num':
      return String(r.int(100000, 999999));
    case 'upper':
      return `${chars(r, 'GHJKMNPQRTVWXYZ', 1)}${chars(r, DIGITS, 1)}${chars(r, 'ABCDEFGHJKMNPQRSTUVWXYZ23456789', 3)}`;
  }
}

/** Wraps text in an ANSI colour. */
export function ansi(code: number, text: string): string {
  return `\u001b[${code}m${text}\u001b[0m`;
}

/** A plain-text table with padded columns (`+---+` borders when `boxed`). */
export function table(head: string[], rows: string[][], boxed = true): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    boxed
      ? `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`
      : cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  const rule = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
  const body = rows.map(line);
  return boxed ? [rule, line(head), rule, ...body, rule].join('\n') : [line(head), ...body].join('\n');
}

/** A markdown table. */
export function mdTable(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** A terminal progress bar at `pct` percent. */
export function bar(pct: number, width = 30): string {
  const full = Math.round((pct / 100) * width);
  return `${'█'.repeat(full)}${' '.repeat(width - full)}`;
}

/** An ISO timestamp on a fixed day, `sec` seconds past a base time. */
export function stamp(sec: number, day = '2024-06-12'): string {
  const h = 9 + Math.floor(sec / 3600);
  const m = Math.floor(sec / 60) % 60;
  const s = sec % 60;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${day}T${p(h % 24)}:${p(m)}:${p(s)}`;
}

/** `n` items built by `f`, joined by newlines. */
export function lines(n: number, f: (i: number) => string): string {
  return Array.from({ length: n }, (_, i) => f(i)).join('\n');
}

/** An output size: usually small, sometimes large, now and then huge. */
export function sizeOf(r: Rng, small: number, large: number, huge: number): number {
  return r.weighted([
    [r.int(1, small), 6],
    [r.int(small, large), 3],
    [r.int(large, huge), 1],
  ]);
}

/** Fills `template`'s `{k}` with `key`. */
export function fill(template: string, key: string): string {
  return template.split('{k}').join(key);
}
