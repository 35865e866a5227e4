/**
 * The building blocks of the edge transcript family (edge.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does); plus the family's own small helpers — phrasings picked per
 * planting, line-numbered file views, aligned tables.
 */
import { FAMILY_SHAPES, type FamilyCall, type FamilyHarness, type FamilyShape, type FamilyStep } from './family-kit';
import type { Rng } from './rng';

export {
  beat,
  buried,
  cap,
  chars,
  clock,
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
  sha,
  type Beat,
  type FamilyCall,
  type FamilyStep,
  type PlantCtx,
  type Planted,
  type Planter,
} from './family-kit';

/** The harness styles of the family. */
export const EDGE_STYLES = ['llama', 'kimi', 'granite', 'functionary', 'claude', 'cascade'] as const;

/** One harness style. */
export type EdgeStyle = (typeof EDGE_STYLES)[number];

/** The session shapes (the newer families'). */
export const EDGE_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type EdgeShape = FamilyShape;

/** One scripted call, one step. */
export type EdgeCall = FamilyCall;
export type EdgeStep = FamilyStep;

/** A harness of the family. */
export type EdgeHarness = FamilyHarness<EdgeStyle>;

/** One of several phrasings, each a function of the token (decisions, rules and plans are not all "decided" and "must"). */
export function phrase(rng: Rng, forms: readonly ((t: string) => string)[], t: string): string {
  return rng.pick(forms)(t);
}

/** A semantic version `a.b.c` with small parts. */
export function semver(rng: Rng, major = rng.int(0, 4)): string {
  return `${major}.${rng.int(0, 19)}.${rng.int(0, 12)}`;
}

/** Lines numbered as an editor's file view shows them (`   12→text`, or `12: text` with a custom format). */
export function numbered(
  text: string,
  from = 1,
  fmt = (n: number, l: string) => `${String(n).padStart(6)}→${l}`,
): string {
  return text
    .split('\n')
    .map((l, i) => fmt(from + i, l))
    .join('\n');
}

/** A space-aligned table: header, a rule of `rule` characters, rows. */
export function aligned(head: readonly string[], rows: readonly (readonly string[])[], rule = '-'): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const row = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(w[i] as number))
      .join('  ')
      .trimEnd();
  return [row(head), w.map((n) => rule.repeat(n)).join('  '), ...rows.map(row)].join('\n');
}

/** A duration in seconds with `d` decimals. */
export function secs(rng: Rng, lo: number, hi: number, d = 2): string {
  return (lo + rng.next() * (hi - lo)).toFixed(d);
}

/** The first non-blank line of `text` (a search hit shows one line), or `fallback`. */
export function hit(text: string, fallback = '}'): string {
  return text.split('\n').find((l) => l.trim() !== '') ?? fallback;
}
