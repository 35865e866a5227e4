/**
 * The building blocks of the mesa transcript family (mesa.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does), with the helpers the families share; plus the family's own
 * numbered file views and a picker of phrasings that stays deterministic inside a renderer (which
 * gets no rng).
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
export const MESA_STYLES = ['desktop', 'supervisor', 'codex', 'xml', 'jamba', 'zero'] as const;

/** One harness style. */
export type MesaStyle = (typeof MESA_STYLES)[number];

/** The session shapes (the newer families'). */
export const MESA_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type MesaShape = FamilyShape;

/** One scripted call, one step. */
export type MesaCall = FamilyCall;
export type MesaStep = FamilyStep;

/** A harness of the family. */
export type MesaHarness = FamilyHarness<MesaStyle>;
