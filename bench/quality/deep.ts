/**
 * The deep transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols and ecosystems none of them does — a LangChain
 * structured-chat agent (`Action:` + a ```json {action, action_input}``` blob, answered by
 * `Observation:`) on Erlang/OTP with rebar3 and a Greek-speaking user; Cohere Command R tool use
 * (`Action: ```json [{tool_name, parameters}]``` answered by `<results>` documents) on a
 * WordPress/WooCommerce shop with a Hindi-speaking user; DeepSeek's `<｜tool▁calls▁begin｜>` chat
 * markers answered by `<｜tool▁outputs▁begin｜>` on a React Native/Expo/EAS app with an
 * Arabic-speaking user; a Google ADK team (a root agent transferring to sub-agents, every tool
 * answering a JSON dict) on an Unreal Engine C++ game; a Refact.ai-like agent with parallel native
 * calls on Clojure/Leiningen with a Finnish-speaking user; and an SAP ABAP agent on ADT tools with a
 * Hungarian-speaking user. Each fact's minted token occurs only in its own episode.
 */
import { DEEP_ABAP } from './deep-abap';
import { DEEP_ADK } from './deep-adk';
import { DEEP_COMMAND } from './deep-command';
import { DEEP_REFACT } from './deep-refact';
import { DEEP_SEEK } from './deep-seek';
import { DEEP_STRUCTURED } from './deep-structured';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import { DEEP_STYLES, mintToken, type DeepHarness, type DeepStyle } from './deep-kit';
import type { ChatMessage } from '../../src/context/types';
import type { Transcript } from './types';

export { DEEP_SHAPES, DEEP_STYLES, type DeepShape, type DeepStyle } from './deep-kit';

/** Every harness of the family, by style. */
export const DEEP_HARNESSES: Record<DeepStyle, DeepHarness> = {
  structured: DEEP_STRUCTURED,
  command: DEEP_COMMAND,
  seek: DEEP_SEEK,
  adk: DEEP_ADK,
  refact: DEEP_REFACT,
  abap: DEEP_ABAP,
};

/** What to generate. */
export type DeepOptions = FamilyOptions<DeepStyle>;

/** The span of messages holding a fact's token. */
export type DeepEpisode = FamilyEpisode;

const DEEP = family({
  name: 'deep',
  styles: DEEP_STYLES,
  harnesses: DEEP_HARNESSES,
  mint: mintToken,
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function deepIsResult(style: DeepStyle, m: ChatMessage): boolean {
  return DEEP.isResult(style, m);
}

/** The episodes of a deep transcript's facts (in fact order), from where their tokens occur. */
export function deepEpisodes(t: Transcript): DeepEpisode[] {
  return DEEP.episodes(t);
}

/** Generates one deep transcript; throws when it cannot keep the family's rules. */
export function generateDeepTranscript(o: DeepOptions): Transcript {
  return DEEP.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function deepSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return DEEP.suite(count, seed, quick);
}
