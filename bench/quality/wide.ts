/**
 * The wide transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses and ecosystems none of them does — OpenAI Swarm hand-offs on an
 * OCaml/dune code base, a home-grown HPC assistant speaking `<execute>`/`<result>` on Fortran/MPI
 * with Slurm, a Kubernetes operator agent (kubectl, Helm, Argo CD) with a Turkish-speaking user,
 * Continue.dev agent mode on a Bazel monorepo with a Dutch-speaking user, a Home Assistant/ESPHome
 * agent writing fenced tool calls answered by `Output of <tool>:` with a Chinese-speaking user, and
 * an Amp-like agent building a Unity C# game. Each fact's minted token occurs only in its own episode.
 */
import { WIDE_ARGO } from './wide-argo';
import { WIDE_BAZEL } from './wide-bazel';
import { WIDE_HASS } from './wide-hass';
import { WIDE_SLURM } from './wide-slurm';
import { WIDE_SWARM } from './wide-swarm';
import { WIDE_UNITY } from './wide-unity';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import { WIDE_STYLES, mintToken, type WideHarness, type WideStyle } from './wide-kit';
import type { ChatMessage } from '../../src/context/types';
import type { Transcript } from './types';

export { WIDE_SHAPES, WIDE_STYLES, type WideShape, type WideStyle } from './wide-kit';

/** Every harness of the family, by style. */
export const WIDE_HARNESSES: Record<WideStyle, WideHarness> = {
  swarm: WIDE_SWARM,
  slurm: WIDE_SLURM,
  argo: WIDE_ARGO,
  bazel: WIDE_BAZEL,
  hass: WIDE_HASS,
  unity: WIDE_UNITY,
};

/** What to generate. */
export type WideOptions = FamilyOptions<WideStyle>;

/** The span of messages holding a fact's token. */
export type WideEpisode = FamilyEpisode;

const WIDE = family({
  name: 'wide',
  styles: WIDE_STYLES,
  harnesses: WIDE_HARNESSES,
  mint: mintToken,
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function wideIsResult(style: WideStyle, m: ChatMessage): boolean {
  return WIDE.isResult(style, m);
}

/** The episodes of a wide transcript's facts (in fact order), from where their tokens occur. */
export function wideEpisodes(t: Transcript): WideEpisode[] {
  return WIDE.episodes(t);
}

/** Generates one wide transcript; throws when it cannot keep the family's rules. */
export function generateWideTranscript(o: WideOptions): Transcript {
  return WIDE.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function wideSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return WIDE.suite(count, seed, quick);
}
