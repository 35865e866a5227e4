/**
 * The benchmark's transcripts: one seed per transcript, sizes spread over the range, the
 * three session shapes in turn. Everything else about each transcript comes from its seed.
 */
import { generateTranscript } from './generator';
import type { Transcript } from './types';

/** The suite: sizes spread log-uniformly over [100, 2000] messages (quick: [100, 400]), shapes in turn. */
export function suite(count: number, seed: number, quick: boolean): Transcript[] {
  const shapes = ['autonomous', 'interactive', 'mixed'] as const;
  const [lo, hi] = quick ? [100, 400] : [100, 2000];
  return Array.from({ length: count }, (_, i) => {
    const size = Math.round(lo * (hi / lo) ** (count === 1 ? 1 : i / (count - 1)));
    return generateTranscript({ seed: seed + i, messages: size, shape: shapes[i % shapes.length] });
  });
}
