/**
 * The building blocks of the shoal transcript family (shoal.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does), with the helpers the families share; plus the family's own
 * names for its styles, shapes, calls, steps and harnesses.
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
export const SHOAL_STYLES = ['toolllama', 'xagent', 'jarvis', 'compiler', 'convo', 'agency'] as const;

/** One harness style. */
export type ShoalStyle = (typeof SHOAL_STYLES)[number];

/** The session shapes (the newer families'). */
export const SHOAL_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type ShoalShape = FamilyShape;

/** One scripted call, one step. */
export type ShoalCall = FamilyCall;
export type ShoalStep = FamilyStep;

/** A harness of the family. */
export type ShoalHarness = FamilyHarness<ShoalStyle>;
