/**
 * The building blocks of the lode transcript family (lode.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does), with the helpers the families share; plus the family's own
 * numbered file views, a picker of phrasings that stays deterministic inside a renderer (which gets
 * no rng), and thousands written with a separator (hledger's, TLC's and CmdStan's counts).
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

// (helpers every family's renderers share)
export { nth, numberLines } from './family-kit';

/** The harness styles of the family. */
export const LODE_STYLES = ['browser', 'nemotron', 'griptape', 'gemini', 'haystack', 'ollama'] as const;

/** One harness style. */
export type LodeStyle = (typeof LODE_STYLES)[number];

/** The session shapes (the newer families'). */
export const LODE_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type LodeShape = FamilyShape;

/** One scripted call, one step. */
export type LodeCall = FamilyCall;
export type LodeStep = FamilyStep;

/** A harness of the family. */
export type LodeHarness = FamilyHarness<LodeStyle>;

/** An integer with `sep` between groups of three digits (`128,433`; `23 817` with a space). */
export function grouped(n: number, sep = ','): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}
