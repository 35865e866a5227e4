/**
 * The stray transcript family: a twelfth, held-out set written apart from the other families and
 * from the summarizers, to measure what they did not anticipate. Its harnesses imitate agents and
 * protocols none of the others does — Qwen-Agent's `✿FUNCTION✿`/`✿ARGS✿`/`✿RESULT✿` text calls on a
 * Haskell (cabal/GHC) code base with a Russian-speaking user, Mistral's `[TOOL_CALLS]`/`[TOOL_RESULTS]`
 * on NixOS/flakes with a Swedish-speaking user, the legacy Anthropic `<function_calls>`/`<invoke>`
 * format answered by `<function_results>` on an FPGA (Verilog, Verilator, Yosys, Vivado) project
 * with a Czech-speaking user, a Devin-like planner on Scala/sbt, a MetaGPT-like team (team leader,
 * engineer, QA hand-offs) on a Godot/GDScript game with a Ukrainian-speaking user, a PostgreSQL DBA
 * agent served by vLLM with an Indonesian-speaking user, and a Jules-like asynchronous PR agent on
 * Julia with a Vietnamese-speaking user. Each fact's minted token occurs only in its own episode.
 */
import { STRAY_DBA } from './stray-dba';
import { STRAY_DEVIN } from './stray-devin';
import { STRAY_INVOKE } from './stray-invoke';
import { STRAY_JULES } from './stray-jules';
import { STRAY_METAGPT } from './stray-metagpt';
import { STRAY_MISTRAL } from './stray-mistral';
import { STRAY_QWEN } from './stray-qwen';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import { STRAY_STYLES, mintToken, type StrayHarness, type StrayStyle } from './stray-kit';
import type { ChatMessage } from '../../src/context/types';
import type { Transcript } from './types';

export { STRAY_SHAPES, STRAY_STYLES, type StrayShape, type StrayStyle } from './stray-kit';

/** Every harness of the family, by style. */
export const STRAY_HARNESSES: Record<StrayStyle, StrayHarness> = {
  qwen: STRAY_QWEN,
  mistral: STRAY_MISTRAL,
  invoke: STRAY_INVOKE,
  devin: STRAY_DEVIN,
  metagpt: STRAY_METAGPT,
  dba: STRAY_DBA,
  jules: STRAY_JULES,
};

/** What to generate. */
export type StrayOptions = FamilyOptions<StrayStyle>;

/** The span of messages holding a fact's token. */
export type StrayEpisode = FamilyEpisode;

const STRAY = family({
  name: 'stray',
  styles: STRAY_STYLES,
  harnesses: STRAY_HARNESSES,
  mint: mintToken,
  textCallIds: true,
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function strayIsResult(style: StrayStyle, m: ChatMessage): boolean {
  return STRAY.isResult(style, m);
}

/** The episodes of a stray transcript's facts (in fact order), from where their tokens occur. */
export function strayEpisodes(t: Transcript): StrayEpisode[] {
  return STRAY.episodes(t);
}

/** Generates one stray transcript; throws when it cannot keep the family's rules. */
export function generateStrayTranscript(o: StrayOptions): Transcript {
  return STRAY.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function straySuite(count: number, seed: number, quick: boolean): Transcript[] {
  return STRAY.suite(count, seed, quick);
}
