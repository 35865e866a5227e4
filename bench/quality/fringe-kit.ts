/**
 * The building blocks of the fringe transcript family (fringe.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does), with the helpers the families share (aligned columns, whole
 * pieces of a file, Python's `json.dumps` spacing); plus the family's own numbered file views and a
 * picker of phrasings that stays deterministic inside a renderer (which gets no rng).
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
export const FRINGE_STYLES = ['harmony', 'commanda', 'tau', 'manus', 'blender', 'rewoo'] as const;

/** One harness style. */
export type FringeStyle = (typeof FRINGE_STYLES)[number];

/** The session shapes (the newer families'). */
export const FRINGE_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type FringeShape = FamilyShape;

/** One scripted call, one step. */
export type FringeCall = FamilyCall;
export type FringeStep = FamilyStep;

/** A harness of the family. */
export type FringeHarness = FamilyHarness<FringeStyle>;
