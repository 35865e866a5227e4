/**
 * The building blocks of the vast transcript family (vast.ts): steps, beats, planters and token
 * minting are the newer families' (family-kit.ts), and so is the harness (`FamilyHarness`: text
 * protocols name the marks that open a call and a result, native ones may encode a call and wrap a
 * tool's output as their runtime does); plus the family's own small helpers — phrasings picked per
 * planting, aligned tables, durations, Python-style argument lists.
 */
import { FAMILY_SHAPES, type FamilyCall, type FamilyHarness, type FamilyShape, type FamilyStep } from './family-kit';

export {
  beat,
  buried,
  cap,
  chars,
  clock,
  dur,
  fact,
  fail,
  hex,
  lines,
  many,
  mintToken,
  ok,
  one,
  pad,
  planter,
  say,
  sha,
  type Beat,
  type FamilyCall,
  type FamilyStep,
  type PlantCtx,
  type Planted,
  type Planter,
} from './family-kit';

/** The harness styles of the family. */
export const VAST_STYLES = ['magentic', 'toolace', 'taskweaver', 'llamaindex', 'cody', 'rovo'] as const;

/** One harness style. */
export type VastStyle = (typeof VAST_STYLES)[number];

/** The session shapes (the newer families'). */
export const VAST_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type VastShape = FamilyShape;

/** One scripted call, one step. */
export type VastCall = FamilyCall;
export type VastStep = FamilyStep;

/** A harness of the family. */
export type VastHarness = FamilyHarness<VastStyle>;

/** A space-aligned table: header, a rule of `rule` characters, rows. */
export function grid(head: readonly string[], rows: readonly (readonly string[])[], rule = '-'): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const row = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(w[i] as number))
      .join('  ')
      .trimEnd();
  return [row(head), w.map((n) => rule.repeat(n)).join('  '), ...rows.map(row)].join('\n');
}

/** A Markdown table. */
export function mdTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** The first non-blank line of `text` (a search hit shows one line). */
export function firstLine(text: string, fallback = '}'): string {
  return text.split('\n').find((l) => l.trim() !== '') ?? fallback;
}

/** A Python keyword-argument list (`a="x", n=3, flag=True`) from a call's arguments. */
export function pyArgs(args: Record<string, unknown>): string {
  return Object.entries(args)
    .map(([k, v]) => `${k}=${pyValue(v)}`)
    .join(', ');
}

/** A value as Python writes it (strings double-quoted with escapes, booleans capitalised). */
export function pyValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v === null || v === undefined) return 'None';
  if (Array.isArray(v)) return `[${v.map(pyValue).join(', ')}]`;
  if (typeof v === 'object')
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${JSON.stringify(k)}: ${pyValue(x)}`)
      .join(', ')}}`;
  return String(v);
}

/** Lines numbered from `from` by `fmt`. */
export function numberLines(
  text: string,
  from = 1,
  fmt = (n: number, l: string) => `${String(n).padStart(4)} ${l}`,
): string {
  return text
    .split('\n')
    .map((l, i) => fmt(from + i, l))
    .join('\n');
}
