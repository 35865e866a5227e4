/**
 * The building blocks of the rim transcript family (rim.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does), and so are aligned tables, whole pieces of a file and
 * Python's `json.dumps` spacing (shared with the verge family); plus the family's own small helpers —
 * phrasings picked per planting, Python's reprs, numbered file views.
 */
import { FAMILY_SHAPES, type FamilyCall, type FamilyHarness, type FamilyShape, type FamilyStep } from './family-kit';

export {
  beat,
  type Beat,
  buried,
  cap,
  chars,
  clock,
  cols,
  dur,
  fact,
  fail,
  type FamilyCall,
  type FamilyStep,
  hex,
  lines,
  many,
  mintToken,
  ok,
  one,
  pad,
  pieces,
  type PlantCtx,
  type Planted,
  planter,
  type Planter,
  pyJson,
  say,
  sha,
  some,
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
