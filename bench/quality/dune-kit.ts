/**
 * The building blocks of the dune transcript family (dune.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does), with the helpers the families share; plus the family's own
 * names for its styles, shapes, calls, steps and harnesses, and the Python literals its text
 * protocols write arguments in.
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
export const DUNE_STYLES = ['react', 'octopus', 'gorilla', 'assistants', 'toolformer', 'chatglm'] as const;

/** One harness style. */
export type DuneStyle = (typeof DUNE_STYLES)[number];

/** The session shapes (the newer families'). */
export const DUNE_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type DuneShape = FamilyShape;

/** One scripted call, one step. */
export type DuneCall = FamilyCall;
export type DuneStep = FamilyStep;

/** A harness of the family. */
export type DuneHarness = FamilyHarness<DuneStyle>;

/**
 * A string as Python's `repr` writes it: single quotes unless the text holds a single quote and no
 * double one, backslashes, quotes of the chosen kind, newlines and tabs escaped.
 */
export function pyRepr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').split(q).join(`\\${q}`);
  return `${q}${body}${q}`;
}

/** A string in double quotes with `"`, `\` and newlines escaped (a keyword argument as models write it). */
export function dq(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}
