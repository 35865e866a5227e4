/**
 * The cove transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * Voyager-like Minecraft agent (`Explain:`/`Plan:`/`Code:` with one ```javascript skill a reply, run on
 * a mineflayer bot and answered by Voyager's observation — `Code from the last round:`, `Execution
 * error:`, `Chat log:`, inventory, `Critique:`) for a Kurmanji-Kurdish-speaking player, a Plandex-like
 * plan/apply agent (`<PlandexBlock lang path>` files and an `_apply.sh` block, several a reply,
 * answered by one `Applied N changes` message of `[i/N]` sections) on a VHDL-2008 flow meter with GHDL
 * and VUnit for a Tajik-speaking engineer, a ChatDev-like role-play company (the Programmer's file
 * blocks and `<INFO> RUN:` lines, several a reply, answered by the Software Test Engineer's `Test
 * Reports of Source Codes:` with `[n]` sections) on an x86-64 NASM library (NASM and ld errors,
 * segfaults, gdb, valgrind) for a Wolof-speaking customer, a Bedrock-Agents-like agent returning
 * control (parallel `functionInvocationInput` calls with UUID ids answered by `functionResult` bodies,
 * `responseState: FAILURE`) on an HL7 v2 to FHIR R4 bridge (ACKs, HAPI FHIR `OperationOutcome`s, the
 * FHIR validator, pytest) for a Malayalam-speaking analyst, a LangChain-Deep-Agents-like agent
 * (parallel `write_todos`, file tools, `task` sub-agents and `execute` with `toolu_01` ids) on Stata 18
 * survey do-files (`r(111);`-style errors, `merge` and `regress` tables) for an Oromo-speaking
 * economist, and a UFO-like Windows UI-automation agent (one AppAgent JSON action a reply on labelled
 * controls, answered by `[Step n] Action executed:` with the Report view) driving FreeCAD 1.0 macros
 * for a Turkmen-speaking engineer.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { COVE_BEDROCK } from './cove-bedrock';
import { COVE_CHATDEV } from './cove-chatdev';
import { COVE_DEEPAGENTS } from './cove-deepagents';
import { COVE_STYLES, mintToken, type CoveHarness, type CoveStyle } from './cove-kit';
import { COVE_PLANDEX } from './cove-plandex';
import { COVE_UFO } from './cove-ufo';
import { COVE_VOYAGER } from './cove-voyager';

export { COVE_SHAPES, COVE_STYLES, type CoveShape, type CoveStyle } from './cove-kit';

/** Every harness of the family, by style. */
export const COVE_HARNESSES: Record<CoveStyle, CoveHarness> = {
  voyager: COVE_VOYAGER,
  plandex: COVE_PLANDEX,
  chatdev: COVE_CHATDEV,
  bedrock: COVE_BEDROCK,
  deepagents: COVE_DEEPAGENTS,
  ufo: COVE_UFO,
};

/** What to generate. */
export type CoveOptions = FamilyOptions<CoveStyle>;

/** The span of messages holding a fact's token. */
export type CoveEpisode = FamilyEpisode;

const COVE = family({
  name: 'cove',
  styles: COVE_STYLES,
  harnesses: COVE_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [2654435827, 69621, 8009, 613],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function coveIsResult(style: CoveStyle, m: ChatMessage): boolean {
  return COVE.isResult(style, m);
}

/** The episodes of a cove transcript's facts (in fact order), from where their tokens occur. */
export function coveEpisodes(t: Transcript): CoveEpisode[] {
  return COVE.episodes(t);
}

/** Generates one cove transcript; throws when it cannot keep the family's rules. */
export function generateCoveTranscript(o: CoveOptions): Transcript {
  return COVE.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function coveSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return COVE.suite(count, seed, quick);
}
