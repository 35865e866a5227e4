/**
 * The verge transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * GLM-4.5-like model (`<tool_call>name` with `<arg_key>`/`<arg_value>` pairs, one call a message,
 * answered by an `<|observation|>` user message of `<tool_response>` blocks) on an SWI-Prolog exam
 * timetabler (clpfd, plunit, packs) for a Kazakh-speaking user, a gptme-like terminal agent (```shell,
 * ```save, ```patch and ```append blocks run as they are written, their output returned as
 * `<system>` messages: "Ran command: …", ```stdout/```stderr, "Return code: N") on a Tcl/Tk app
 * (tclsh, tcltest, sqlite3, Tcl's `errorInfo` traces) for a Welsh-speaking user, an AgentScope-like
 * ReAct agent (a JSON reply `{"thought", "speak", "function": [...]}` answered by "Execution
 * Results:" with `[EXECUTE STATUS]`/`[EXECUTE RESULT]` entries) working a water-testing lab's LIMS
 * (samples, worksheets, instrument runs, QC, SOPs) for an Estonian-speaking lab manager, a
 * CrewAI-like crew lead (native calls to its own tools and to `delegate_work_to_coworker` /
 * `ask_question_to_coworker`, the coworker's final answer coming back as the result) on a Jenkins
 * shared library in Groovy (Maven, JenkinsPipelineUnit, console logs, CPS and sandbox errors) for a
 * Slovenian-speaking user, an Anthropic computer-use-like agent (native `computer` screenshots and
 * clicks, `str_replace_based_edit_tool`, `bash`; parallel calls) in a Pharo Smalltalk image (Tonel
 * sources, Metacello, SUnit from the command line, the debugger's stacks) for an Icelandic-speaking
 * user, and a MiniMax-M2-like agent (interleaved `<think>` blocks kept in the content, native
 * `bash`/`read_file`/`edit_file`/`record_note` calls) on a Sui Move package (`sui move build`/`test`,
 * the Move compiler's diagnostics, `sui client` output) for an Armenian-speaking user.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { VERGE_COMPUTER } from './verge-computer';
import { VERGE_CREW } from './verge-crew';
import { VERGE_GLM } from './verge-glm';
import { VERGE_GPTME } from './verge-gptme';
import { VERGE_STYLES, mintToken, type VergeHarness, type VergeStyle } from './verge-kit';
import { VERGE_MINIMAX } from './verge-minimax';
import { VERGE_SCOPE } from './verge-scope';

export { VERGE_SHAPES, VERGE_STYLES, type VergeShape, type VergeStyle } from './verge-kit';

/** Every harness of the family, by style. */
export const VERGE_HARNESSES: Record<VergeStyle, VergeHarness> = {
  glm: VERGE_GLM,
  gptme: VERGE_GPTME,
  scope: VERGE_SCOPE,
  crew: VERGE_CREW,
  computer: VERGE_COMPUTER,
  minimax: VERGE_MINIMAX,
};

/** What to generate. */
export type VergeOptions = FamilyOptions<VergeStyle>;

/** The span of messages holding a fact's token. */
export type VergeEpisode = FamilyEpisode;

const VERGE = family({
  name: 'verge',
  styles: VERGE_STYLES,
  harnesses: VERGE_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [3266489917, 668265263, 2203, 67],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function vergeIsResult(style: VergeStyle, m: ChatMessage): boolean {
  return VERGE.isResult(style, m);
}

/** The episodes of a verge transcript's facts (in fact order), from where their tokens occur. */
export function vergeEpisodes(t: Transcript): VergeEpisode[] {
  return VERGE.episodes(t);
}

/** Generates one verge transcript; throws when it cannot keep the family's rules. */
export function generateVergeTranscript(o: VergeOptions): Transcript {
  return VERGE.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function vergeSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return VERGE.suite(count, seed, quick);
}
