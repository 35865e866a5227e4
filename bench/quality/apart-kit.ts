/**
 * The building blocks of the apart transcript family (apart.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts, through wide-kit.ts), and so is the harness
 * (`FamilyHarness`: its text protocols number their steps, DSPy's `observation_N`, and name the
 * marks that open a call and a result; native harnesses may encode a call and wrap a tool's output
 * the way their runtime does, Codex's JSON); plus the family's own text helpers.
 */
import type { FamilyHarness } from './family-kit';
import type { Rng } from './rng';
import { WIDE_SHAPES, type WideCall, type WideShape } from './wide-kit';

export {
  buried,
  cap,
  chars,
  clock,
  fail,
  hex,
  lines,
  mintToken,
  ok,
  one,
  pad,
  type Beat,
  type PlantCtx,
  type Planted,
  type Planter,
  type WideCall,
  type WideStep,
} from './wide-kit';

/** The harness styles of the family. */
export const APART_STYLES = ['aider', 'gemma', 'dspy', 'openhands', 'codex', 'internlm'] as const;

/** One harness style. */
export type ApartStyle = (typeof APART_STYLES)[number];

/** The session shapes (the wide family's). */
export const APART_SHAPES = WIDE_SHAPES;

/** One session shape. */
export type ApartShape = WideShape;

/** A harness of the family (family-kit.ts: text protocols number their steps, native ones may encode and wrap). */
export type ApartHarness = FamilyHarness<ApartStyle>;

/** A call's arguments as Python keyword arguments (`a="x", n=3, f=True`). */
export function pyArgs(args: WideCall['args']): string {
  return Object.entries(args)
    .map(
      ([k, v]) =>
        `${k}=${typeof v === 'string' ? JSON.stringify(v) : typeof v === 'boolean' ? (v ? 'True' : 'False') : v}`,
    )
    .join(', ');
}

/** A semantic version `a.b.c` with small parts. */
export function semver(rng: Rng, major = rng.int(0, 4)): string {
  return `${major}.${rng.int(0, 19)}.${rng.int(0, 12)}`;
}

/** A fixed-width text table: a header row, a rule and the rows, columns padded to their widest cell. */
export function table(head: readonly string[], rows: readonly (readonly string[])[], rule = '-'): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const row = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(w[i] as number))
      .join('  ')
      .trimEnd();
  return [row(head), w.map((n) => rule.repeat(n)).join('  '), ...rows.map(row)].join('\n');
}
