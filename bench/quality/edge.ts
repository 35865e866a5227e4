/**
 * The edge transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * local Llama 3.x model with `Environment: ipython` writing `<|python_tag|>{"name", "parameters"}`
 * calls answered by `ipython` headers on a Nim/nimble library for a Japanese-speaking user, a
 * Kimi-K2-like agent writing `<|tool_calls_section_begin|>` sections answered by `## Return of
 * functions.Name:i` blocks on an Ada/SPARK crate (Alire, gnatprove) for a French-speaking user, an
 * IBM-Granite-like model writing `<|tool_call|>[…]` lists answered by `tool_response` roles on a
 * Symfony/Composer application for a Brazilian-Portuguese-speaking user, a Functionary-v2-like model
 * writing `<|from|>`/`<|recipient|>`/`<|content|>` blocks on a Crystal/Kemal service for a
 * Persian-speaking user, a Claude-Code-like agent (native `Bash`/`Read`/`Edit`/`TodoWrite`) on an Elm
 * app for a Norwegian-speaking user, and a Windsurf-Cascade-like IDE agent (native PascalCase
 * `run_command`/`view_file`/`create_memory`) on a Gleam service.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { EDGE_CASCADE } from './edge-cascade';
import { EDGE_CLAUDE } from './edge-claude';
import { EDGE_FUNCTIONARY } from './edge-functionary';
import { EDGE_GRANITE } from './edge-granite';
import { EDGE_KIMI } from './edge-kimi';
import { EDGE_LLAMA } from './edge-llama';
import { EDGE_STYLES, mintToken, type EdgeHarness, type EdgeStyle } from './edge-kit';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';

export { EDGE_SHAPES, EDGE_STYLES, type EdgeShape, type EdgeStyle } from './edge-kit';

/** Every harness of the family, by style. */
export const EDGE_HARNESSES: Record<EdgeStyle, EdgeHarness> = {
  llama: EDGE_LLAMA,
  kimi: EDGE_KIMI,
  granite: EDGE_GRANITE,
  functionary: EDGE_FUNCTIONARY,
  claude: EDGE_CLAUDE,
  cascade: EDGE_CASCADE,
};

/** What to generate. */
export type EdgeOptions = FamilyOptions<EdgeStyle>;

/** The span of messages holding a fact's token. */
export type EdgeEpisode = FamilyEpisode;

const EDGE = family({
  name: 'edge',
  styles: EDGE_STYLES,
  harnesses: EDGE_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [3266489917, 668265263, 1103, 41],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function edgeIsResult(style: EdgeStyle, m: ChatMessage): boolean {
  return EDGE.isResult(style, m);
}

/** The episodes of an edge transcript's facts (in fact order), from where their tokens occur. */
export function edgeEpisodes(t: Transcript): EdgeEpisode[] {
  return EDGE.episodes(t);
}

/** Generates one edge transcript; throws when it cannot keep the family's rules. */
export function generateEdgeTranscript(o: EdgeOptions): Transcript {
  return EDGE.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function edgeSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return EDGE.suite(count, seed, quick);
}
