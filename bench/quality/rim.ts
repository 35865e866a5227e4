/**
 * The rim transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * bolt.new-like web builder (`<boltArtifact>` with `<boltAction type="shell">` and `type="file"`
 * actions, the terminal returned in a `<bolt_action_results>` user message) on a SvelteKit/Vite/pnpm
 * app for a Bengali-speaking user, an AutoCodeRover-like agent (text search API calls
 * `search_class("lexer")`, `search_method_in_file(…)`, `# modification N` patches, answered by
 * `Result of …:` sections) on a Common Lisp library (SBCL, ASDF, Quicklisp, FiveAM) for a
 * Serbian-speaking user, a NexusRaven-like model (`Call: f(a='x'); g(b=1)<bot_end>` then `Thought:`,
 * parsed into native calls answered by plain function returns) on a Lua Neovim plugin (busted,
 * luacheck, StyLua) for a Tagalog-speaking user, a WebArena-like browser agent (accessibility trees,
 * "In summary, the next action I will perform is ```click [1234]```", `stop [answer]`) doing
 * month-end accounting in an Odoo ERP for a Lithuanian-speaking accountant, a Warp-terminal-like
 * agent (native `run_command` answered by `<block … exit_code=…>`, `read_files`, `edit_files`
 * search/replace diffs) on a D project (dub, unittest blocks, `core.exception.AssertError@…`) for a
 * Georgian-speaking user, and an xLAM-like model (one JSON object `{"thought", "tool_calls"}`,
 * answered by a `{"tool_results": […]}` user message) on a Lazarus/Free Pascal app (lazbuild,
 * fpcunit) for a Malay-speaking user.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { RIM_ACR } from './rim-acr';
import { RIM_BOLT } from './rim-bolt';
import { RIM_STYLES, mintToken, type RimHarness, type RimStyle } from './rim-kit';
import { RIM_RAVEN } from './rim-raven';
import { RIM_WARP } from './rim-warp';
import { RIM_WEBARENA } from './rim-webarena';
import { RIM_XLAM } from './rim-xlam';

export { RIM_SHAPES, RIM_STYLES, type RimShape, type RimStyle } from './rim-kit';

/** Every harness of the family, by style. */
export const RIM_HARNESSES: Record<RimStyle, RimHarness> = {
  bolt: RIM_BOLT,
  acr: RIM_ACR,
  raven: RIM_RAVEN,
  webarena: RIM_WEBARENA,
  warp: RIM_WARP,
  xlam: RIM_XLAM,
};

/** What to generate. */
export type RimOptions = FamilyOptions<RimStyle>;

/** The span of messages holding a fact's token. */
export type RimEpisode = FamilyEpisode;

const RIM = family({
  name: 'rim',
  styles: RIM_STYLES,
  harnesses: RIM_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [2971215073, 433494437, 1747, 59],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function rimIsResult(style: RimStyle, m: ChatMessage): boolean {
  return RIM.isResult(style, m);
}

/** The episodes of a rim transcript's facts (in fact order), from where their tokens occur. */
export function rimEpisodes(t: Transcript): RimEpisode[] {
  return RIM.episodes(t);
}

/** Generates one rim transcript; throws when it cannot keep the family's rules. */
export function generateRimTranscript(o: RimOptions): Transcript {
  return RIM.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function rimSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return RIM.suite(count, seed, quick);
}
