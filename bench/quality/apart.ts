/**
 * The apart transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does —
 * Aider's SEARCH/REPLACE edit blocks with `/run` output pasted back on a Zig code base for a
 * Hebrew-speaking user, Gemma ```tool_code``` blocks answered by ```tool_outputs``` on a Lean 4/lake
 * formalisation for a Thai-speaking user, a DSPy ReAct program (`next_thought`/`next_tool_name`/
 * `next_tool_args` answered by `observation_N`) maintaining an R package for CRAN, an OpenHands
 * CodeAct agent (native calls, `execute_bash`/`str_replace_editor`) on a ROS 2/colcon workspace for
 * a Danish-speaking user, a Codex-CLI-like agent (native calls, `shell` argv, `apply_patch`,
 * `update_plan`) on an F#/.NET solution, and an InternLM agent writing `<|action_start|><|plugin|>`
 * actions answered by `environment` turns on a Yocto/BitBake layer for a Romanian-speaking user.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { APART_AIDER } from './apart-aider';
import { APART_CODEX } from './apart-codex';
import { APART_DSPY } from './apart-dspy';
import { APART_GEMMA } from './apart-gemma';
import { APART_INTERNLM } from './apart-internlm';
import { APART_OPENHANDS } from './apart-openhands';
import { APART_STYLES, mintToken, type ApartHarness, type ApartStyle } from './apart-kit';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';

export { APART_SHAPES, APART_STYLES, type ApartShape, type ApartStyle } from './apart-kit';

/** Every harness of the family, by style. */
export const APART_HARNESSES: Record<ApartStyle, ApartHarness> = {
  aider: APART_AIDER,
  gemma: APART_GEMMA,
  dspy: APART_DSPY,
  openhands: APART_OPENHANDS,
  codex: APART_CODEX,
  internlm: APART_INTERNLM,
};

/** What to generate. */
export type ApartOptions = FamilyOptions<ApartStyle>;

/** The span of messages holding a fact's token. */
export type ApartEpisode = FamilyEpisode;

const APART = family({
  name: 'apart',
  styles: APART_STYLES,
  harnesses: APART_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [2246822519, 52711, 1013, 37],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function apartIsResult(style: ApartStyle, m: ChatMessage): boolean {
  return APART.isResult(style, m);
}

/** The episodes of an apart transcript's facts (in fact order), from where their tokens occur. */
export function apartEpisodes(t: Transcript): ApartEpisode[] {
  return APART.episodes(t);
}

/** Generates one apart transcript; throws when it cannot keep the family's rules. */
export function generateApartTranscript(o: ApartOptions): Transcript {
  return APART.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function apartSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return APART.suite(count, seed, quick);
}
