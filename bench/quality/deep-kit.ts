/**
 * The building blocks of the deep transcript family (deep.ts): its harness styles, and its names
 * for the blocks every newer family shares (family-kit.ts: harness, steps, beats, token minting,
 * small text helpers).
 */
import { FAMILY_SHAPES, type FamilyCall, type FamilyHarness, type FamilyShape, type FamilyStep } from './family-kit';

export * from './family-kit';

/** The harness styles of the family. */
export const DEEP_STYLES = ['structured', 'command', 'seek', 'adk', 'refact', 'abap'] as const;

/** One harness style. */
export type DeepStyle = (typeof DEEP_STYLES)[number];

/** The session shapes. */
export const DEEP_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type DeepShape = FamilyShape;

/** One scripted tool call: what the agent asked for and what came back. */
export type DeepCall = FamilyCall;

/** One agent step: optional prose, then one or more calls (parallel when several). */
export type DeepStep = FamilyStep;

/** A harness of the family. */
export type DeepHarness = FamilyHarness<DeepStyle>;
