/**
 * The building blocks of the verge transcript family (verge.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does), and the helpers it shares with the rim family (aligned
 * columns, whole pieces of a file, Python's `json.dumps` spacing); plus its own numbered file views.
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
