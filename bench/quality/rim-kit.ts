/**
 * The building blocks of the rim transcript family (rim.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does); plus the family's own small helpers — phrasings picked per
 * planting, aligned tables, durations, Python's reprs and `json.dumps` spacing.
 */
import { FAMILY_SHAPES, type FamilyCall, type FamilyHarness, type FamilyShape, type FamilyStep } from './family-kit';
import type { Rng } from './rng';

export {
  beat,
  buried,
  cap,
  chars,
  clock,
  dur,
  fact,
  fail,
  hex,
  lines,
  many,
  mintToken,
  ok,
  one,
  pad,
  planter,
  say,
  sha,
  type Beat,
  type FamilyCall,
  type FamilyStep,
  type PlantCtx,
  type Planted,
  type Planter,
} from './family-kit';

/** The harness styles of the family. */
export const RIM_STYLES = ['bolt', 'acr', 'raven', 'webarena', 'warp', 'xlam'] as const;

/** One harness style. */
export type RimStyle = (typeof RIM_STYLES)[number];

/** The session shapes (the newer families'). */
export const RIM_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type RimShape = FamilyShape;

/** One scripted call, one step. */
export type RimCall = FamilyCall;
export type RimStep = FamilyStep;

/** A harness of the family. */
export type RimHarness = FamilyHarness<RimStyle>;

/** The first non-blank line of `text` (a search hit shows one line). */
export function firstLine(text: string, fallback = 'end'): string {
  return text.split('\n').find((l) => l.trim() !== '') ?? fallback;
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

/** A value as Python's `repr` writes it (strings single-quoted, booleans capitalised). */
export function pyRepr(v: unknown): string {
  if (typeof v === 'string') {
    const body = v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t');
    return body.includes("'") && !body.includes('"') ? `"${body}"` : `'${body.replace(/'/g, "\\'")}'`;
  }
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v === null || v === undefined) return 'None';
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  if (typeof v === 'object')
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`)
      .join(', ')}}`;
  return String(v);
}

/** A Python keyword-argument list in repr style (`path='x', n=3`). */
export function pyKwargs(args: Record<string, unknown>): string {
  return Object.entries(args)
    .map(([k, v]) => `${k}=${pyRepr(v)}`)
    .join(', ');
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

/** Lines numbered from `from` by `fmt`. */
export function numberLines(
  text: string,
  from = 1,
  fmt = (n: number, l: string) => `${String(n).padStart(4)} ${l}`,
): string {
  return text
    .split('\n')
    .map((l, i) => fmt(from + i, l))
    .join('\n');
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
