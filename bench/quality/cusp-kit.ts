/**
 * The building blocks of the cusp transcript family (cusp.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does), with the helpers the families share; plus the family's own
 * numbered file views, Python's `repr` of plain values (for a harness that prints its calls as
 * Python dicts), and a picker of phrasings that stays deterministic inside a renderer.
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
export const CUSP_STYLES = ['qwen', 'assist', 'toolcall', 'trae', 'agno', 'phi'] as const;

/** One harness style. */
export type CuspStyle = (typeof CUSP_STYLES)[number];

/** The session shapes (the newer families'). */
export const CUSP_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type CuspShape = FamilyShape;

/** One scripted call, one step. */
export type CuspCall = FamilyCall;
export type CuspStep = FamilyStep;

/** A harness of the family. */
export type CuspHarness = FamilyHarness<CuspStyle>;

/** A string as Python's `repr` writes it: single quotes unless it holds one and no double quote. */
function pyStr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').split(q).join(`\\${q}`);
  return `${q}${body}${q}`;
}

/** A plain value as Python's `repr` writes it (dicts, lists, strings, numbers, booleans, None). */
export function pyRepr(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return pyStr(v);
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${pyStr(k)}: ${pyRepr(x)}`)
    .join(', ')}}`;
}
