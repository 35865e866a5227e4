/**
 * The building blocks of the wide transcript family (wide.ts): its harness styles, and its names
 * for the blocks every newer family shares (family-kit.ts: harness, steps, beats, token minting,
 * small text helpers).
 */
import { FAMILY_SHAPES, type FamilyCall, type FamilyHarness, type FamilyShape, type FamilyStep } from './family-kit';

export * from './family-kit';

/** The harness styles of the family. */
export const WIDE_STYLES = ['swarm', 'slurm', 'argo', 'bazel', 'hass', 'unity'] as const;

/** One harness style. */
export type WideStyle = (typeof WIDE_STYLES)[number];

/** The session shapes. */
export const WIDE_SHAPES = FAMILY_SHAPES;

/** One session shape. */
export type WideShape = FamilyShape;

/** One scripted tool call: what the agent asked for and what came back. */
export type WideCall = FamilyCall;

/** One agent step: optional prose, then one or more calls (parallel when several). */
export type WideStep = FamilyStep;

/** A harness of the family. */
export type WideHarness = FamilyHarness<WideStyle>;
