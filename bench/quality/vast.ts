/**
 * The vast transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * Magentic-One-like team (the Orchestrator's ledger, `Orchestrator (-> Coder):` hand-offs with ```sh
 * blocks answered by `ComputerTerminal:` "The script ran, then exited with an error (POSIX exit code:
 * 1)", `Orchestrator (-> FileSurfer):` answered by `FileSurfer:` viewports) on a Racket package for a
 * Bulgarian-speaking user, a ToolACE-like model writing bare Python-style call lists
 * `[run_shell(command="…"),` answered by `<<function results>>` sections on a C11 library built with
 * Meson/Ninja for a Slovak-speaking user, a TaskWeaver-like Planner and CodeInterpreter (`{"response":
 * {"thought", "reply_type": "python", "reply_content"}}` answered by "The execution of the generated
 * python code above has succeeded") calling MATLAB/Simulink plugins for a Tamil-speaking user, a
 * LlamaIndex FunctionAgent (native `FunctionTool`s and a `QueryEngineTool`) on a Hardhat/Solidity
 * project for a Catalan-speaking user, a Sourcegraph-Cody-like agent (native, Sourcegraph query
 * syntax, context-item file views) on a Deno/Fresh storefront, and a Rovo-Dev-like Atlassian agent
 * (native `open_files`, `find_and_replace_code`, `getJiraIssue`, `getConfluencePage`) on Azure Bicep
 * for a Swahili-speaking user.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { VAST_CODY } from './vast-cody';
import { VAST_STYLES, mintToken, type VastHarness, type VastStyle } from './vast-kit';
import { VAST_LLAMAINDEX } from './vast-llamaindex';
import { VAST_MAGENTIC } from './vast-magentic';
import { VAST_ROVO } from './vast-rovo';
import { VAST_TASKWEAVER } from './vast-taskweaver';
import { VAST_TOOLACE } from './vast-toolace';

export { VAST_SHAPES, VAST_STYLES, type VastShape, type VastStyle } from './vast-kit';

/** Every harness of the family, by style. */
export const VAST_HARNESSES: Record<VastStyle, VastHarness> = {
  magentic: VAST_MAGENTIC,
  toolace: VAST_TOOLACE,
  taskweaver: VAST_TASKWEAVER,
  llamaindex: VAST_LLAMAINDEX,
  cody: VAST_CODY,
  rovo: VAST_ROVO,
};

/** What to generate. */
export type VastOptions = FamilyOptions<VastStyle>;

/** The span of messages holding a fact's token. */
export type VastEpisode = FamilyEpisode;

const VAST = family({
  name: 'vast',
  styles: VAST_STYLES,
  harnesses: VAST_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [2869860233, 1597334677, 1481, 67],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function vastIsResult(style: VastStyle, m: ChatMessage): boolean {
  return VAST.isResult(style, m);
}

/** The episodes of a vast transcript's facts (in fact order), from where their tokens occur. */
export function vastEpisodes(t: Transcript): VastEpisode[] {
  return VAST.episodes(t);
}

/** Generates one vast transcript; throws when it cannot keep the family's rules. */
export function generateVastTranscript(o: VastOptions): Transcript {
  return VAST.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function vastSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return VAST.suite(count, seed, quick);
}
