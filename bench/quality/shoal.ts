/**
 * The shoal transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * ToolLLaMA-like model (ToolBench's `Thought:`/`Action:`/`Action Input:` one call a reply, answered by
 * `Observation: {"error": "", "response": "…"}`, `Finish` with `give_answer`) on a Haxe inventory app
 * for Onitsha traders (haxe, HashLink, utest) for an Igbo-speaking developer, an XAgent-like subtask
 * loop (native `ShellCommandExecutor_execute_command`, `FileSystemEnv_*` and `subtask_submit` calls one
 * at a time, `[TOOL_CALL_SUCCESS]`/`[TOOL_CALL_FAILED]` reports) on a Dagster pipeline of Tonga's
 * fisheries landings for a Tongan-speaking data engineer, a HuggingGPT/JARVIS-like controller (a
 * `#1 Task Planning Stage` list of `{"task", "id", "dep", "args"}` tasks, several a reply, answered by
 * one `#3 Task Execution Stage` message) on a CUE configuration of Punjab milk chilling centres for a
 * Punjabi-speaking engineer, an LLMCompiler-like planner (numbered calls ending `join()<END_OF_PLAN>`,
 * answered by one message of `Observation:` lines) on a Vyper/ApeWorx paluwagan contract for a
 * Cebuano-speaking developer, a LangChain conversational-ReAct agent (`Do I need to use a tool? Yes`,
 * plain-string `Action Input:`, `AI:` answers) on a MongoDB boda-boda dispatch database (mongosh,
 * migrate-mongo, jest) for a Luganda-speaking developer, and an Agency-Swarm-like agency (a CEO's
 * `SendMessage` hand-offs, a DataAnalyst's parallel CamelCase tools) on a DuckDB wool co-operative's
 * analytics for a Xhosa-speaking analyst.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { SHOAL_AGENCY } from './shoal-agency';
import { SHOAL_COMPILER } from './shoal-compiler';
import { SHOAL_CONVO } from './shoal-convo';
import { SHOAL_JARVIS } from './shoal-jarvis';
import { SHOAL_STYLES, mintToken, type ShoalHarness, type ShoalStyle } from './shoal-kit';
import { SHOAL_TOOLLLAMA } from './shoal-toolllama';
import { SHOAL_XAGENT } from './shoal-xagent';

export { SHOAL_SHAPES, SHOAL_STYLES, type ShoalShape, type ShoalStyle } from './shoal-kit';

/** Every harness of the family, by style. */
export const SHOAL_HARNESSES: Record<ShoalStyle, ShoalHarness> = {
  toolllama: SHOAL_TOOLLLAMA,
  xagent: SHOAL_XAGENT,
  jarvis: SHOAL_JARVIS,
  compiler: SHOAL_COMPILER,
  convo: SHOAL_CONVO,
  agency: SHOAL_AGENCY,
};

/** What to generate. */
export type ShoalOptions = FamilyOptions<ShoalStyle>;

/** The span of messages holding a fact's token. */
export type ShoalEpisode = FamilyEpisode;

const SHOAL = family({
  name: 'shoal',
  styles: SHOAL_STYLES,
  harnesses: SHOAL_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [2654435969, 80021, 9001, 733],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function shoalIsResult(style: ShoalStyle, m: ChatMessage): boolean {
  return SHOAL.isResult(style, m);
}

/** The episodes of a shoal transcript's facts (in fact order), from where their tokens occur. */
export function shoalEpisodes(t: Transcript): ShoalEpisode[] {
  return SHOAL.episodes(t);
}

/** Generates one shoal transcript; throws when it cannot keep the family's rules. */
export function generateShoalTranscript(o: ShoalOptions): Transcript {
  return SHOAL.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function shoalSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return SHOAL.suite(count, seed, quick);
}
