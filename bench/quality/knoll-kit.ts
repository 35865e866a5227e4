/**
 * The building blocks of the knoll transcript family (knoll.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does), with the helpers the families share; plus the family's own
 * numbered file views (`cat -n`'s), a picker of phrasings that stays deterministic inside a renderer (which gets
 * no rng), and a clock for the timestamps logs print.
 */
import { FAMILY_SHAPES, type FamilyCall, type FamilyHarness, type FamilyShape, type FamilyStep } from './family-kit';
import type { Rng } from './rng';

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
export const KNOLL_STYLES = ['mentat', 'engineer', 'agentless', 'reflexion', 'devika', 'strands'] as const;

/** One harness style. */
export type KnollStyle = (typeof KNOLL_STYLES)[number];

/** The session shapes (the newer families'). */
export const KNOLL_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type KnollShape = FamilyShape;

/** One scripted call, one step. */
export type KnollCall = FamilyCall;
export type KnollStep = FamilyStep;

/** A harness of the family. */
export type KnollHarness = FamilyHarness<KnollStyle>;

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
