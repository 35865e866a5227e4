/**
 * The building blocks of the knoll transcript family (knoll.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does), with the helpers the families share; plus the family's own
 * numbered file views (`cat -n`'s), a picker of phrasings that stays deterministic inside a renderer (which gets
 * no rng), and a clock for the timestamps logs print.
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
export { nth, numberLines, stamp } from './family-kit';

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
