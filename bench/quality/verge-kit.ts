/**
 * The building blocks of the verge transcript family (verge.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does); plus the family's own small helpers — aligned columns,
 * numbered file views, whole pieces of a file, Python's `json.dumps` spacing.
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
export const VERGE_STYLES = ['glm', 'gptme', 'scope', 'crew', 'computer', 'minimax'] as const;

/** One harness style. */
export type VergeStyle = (typeof VERGE_STYLES)[number];

/** The session shapes (the newer families'). */
export const VERGE_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type VergeShape = FamilyShape;

/** One scripted call, one step. */
export type VergeCall = FamilyCall;
export type VergeStep = FamilyStep;

/** A harness of the family. */
export type VergeHarness = FamilyHarness<VergeStyle>;

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

/** `n` picked from `items` in the given order (a realistic subset of a list). */
export function some<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const chosen = new Set(rng.sample(items, n));
  return items.filter((x) => chosen.has(x));
}
