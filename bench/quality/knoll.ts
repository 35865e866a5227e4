/**
 * The knoll transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * Mentat-like terminal assistant (`@@start` blocks with a JSON header and an `@@code` body closed by
 * `@@end`, a `run` action, several a message, answered by one "Mentat applied the changes above."
 * message of `>>> [n]` sections) on an Arduino Mega kiln controller built with arduino-cli (avr-gcc
 * errors, avrdude timeouts, AUnit's `TestRunner summary:`) for a Lao-speaking potter, a
 * GPT-Engineer-like generator (each file as its name on a line and a fenced block, `run.sh` as the
 * entrypoint, answered by `Workspace:` with `  wrote …` lines and "Executing the code...") running
 * Quantum ESPRESSO on chalcopyrite (pw.x SCF logs, `!    total energy`, `%%%%` error boxes with
 * MPI_ABORT) for a Quechua-speaking researcher, an Agentless-like localize-and-repair pipeline (edit
 * locations, `### path` SEARCH/REPLACE edits and `# reproduce` runs in fenced blocks, answered by one
 * `[agentless] stage results` message) on a FreeBSD ports overlay (portlint, poudriere testport's
 * plist checks, checksum mismatches, `make: stopped in …`) for a Pashto-speaking porter, a
 * Reflexion-like programming agent (one ```agda or ```sh block a message, `[self-reflection]:` after a
 * failure, answered by `[execution feedback]` with `Tested passed:`/`Tests failed:`) proving a Myanmar
 * calendar library in Agda (type, scope and termination errors) for a Burmese-speaking user, a
 * Devika-like planner/coder/runner (`~~~ File: \`path\`:` blocks and `{"commands": […]}`, answered by
 * `[devika] step results`) on a ROOT muon-lifetime analysis (MINUIT tables, TFile errors, cling errors,
 * segmentation-violation traces) for a Kinyarwanda-speaking physicist, and a Strands-Agents-like agent
 * (native parallel `shell`, `file_read`, `editor`, `file_write` calls with `tooluse_` ids, shell results
 * as `Execution Summary:` entries) on a Buildroot BR2_EXTERNAL tree for a Raspberry Pi weather station
 * (`>>>` package steps, genimage, hash-check failures, `pkg-generic.mk` errors, check-package) for a
 * Faroese-speaking user.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { KNOLL_AGENTLESS } from './knoll-agentless';
import { KNOLL_DEVIKA } from './knoll-devika';
import { KNOLL_ENGINEER } from './knoll-engineer';
import { KNOLL_STYLES, mintToken, type KnollHarness, type KnollStyle } from './knoll-kit';
import { KNOLL_MENTAT } from './knoll-mentat';
import { KNOLL_REFLEXION } from './knoll-reflexion';
import { KNOLL_STRANDS } from './knoll-strands';

export { KNOLL_SHAPES, KNOLL_STYLES, type KnollShape, type KnollStyle } from './knoll-kit';

/** Every harness of the family, by style. */
export const KNOLL_HARNESSES: Record<KnollStyle, KnollHarness> = {
  mentat: KNOLL_MENTAT,
  engineer: KNOLL_ENGINEER,
  agentless: KNOLL_AGENTLESS,
  reflexion: KNOLL_REFLEXION,
  devika: KNOLL_DEVIKA,
  strands: KNOLL_STRANDS,
};

/** What to generate. */
export type KnollOptions = FamilyOptions<KnollStyle>;

/** The span of messages holding a fact's token. */
export type KnollEpisode = FamilyEpisode;

const KNOLL = family({
  name: 'knoll',
  styles: KNOLL_STYLES,
  harnesses: KNOLL_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [2654435789, 48271, 7919, 577],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function knollIsResult(style: KnollStyle, m: ChatMessage): boolean {
  return KNOLL.isResult(style, m);
}

/** The episodes of a knoll transcript's facts (in fact order), from where their tokens occur. */
export function knollEpisodes(t: Transcript): KnollEpisode[] {
  return KNOLL.episodes(t);
}

/** Generates one knoll transcript; throws when it cannot keep the family's rules. */
export function generateKnollTranscript(o: KnollOptions): Transcript {
  return KNOLL.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function knollSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return KNOLL.suite(count, seed, quick);
}
