/**
 * The building blocks of the stray transcript family (stray.ts): its harness styles, and its names
 * for the blocks every newer family shares (family-kit.ts: harness, steps, beats, token minting,
 * small text helpers).
 */
import { FAMILY_SHAPES, type FamilyCall, type FamilyHarness, type FamilyShape, type FamilyStep } from './family-kit';
import { chars, hex, mintWord, type TokenShape } from './family-kit';
import type { Rng } from './rng';

export * from './family-kit';

/** The harness styles of the family. */
export const STRAY_STYLES = ['qwen', 'mistral', 'invoke', 'devin', 'metagpt', 'dba', 'jules'] as const;

/** One harness style. */
export type StrayStyle = (typeof STRAY_STYLES)[number];

/** The session shapes. */
export const STRAY_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type StrayShape = FamilyShape;

/** One scripted tool call: what the agent asked for and what came back. */
export type StrayCall = FamilyCall;

/** One agent step: optional prose, then one or more calls (parallel when several). */
export type StrayStep = FamilyStep;

/** A harness of the family. */
export type StrayHarness = FamilyHarness<StrayStyle>;

/** A token of the given shape (stray's own widths and alphabets; a local export wins over family-kit's). */
export function mintToken(rng: Rng, shape: TokenShape): string {
  switch (shape) {
    case 'word':
      return mintWord(rng);
    case 'num':
      return String(rng.int(1, 9)) + chars(rng, 5, '0123456789');
    case 'hex':
      return hex(rng, 9);
    case 'code':
      return chars(rng, 2, 'BCDFHJLMNQRW') + chars(rng, 4, '3456789BCDFHJLMNQRW');
  }
}
