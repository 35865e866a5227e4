/**
 * The lode transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * browser-use-like web agent (each reply one JSON object `{"current_state": {"evaluation_previous_goal",
 * "memory", "next_goal"}, "action": [{"go_to_url": …}, {"input_text": …}, …]}`, several actions a step,
 * answered by the browser's state — url, tabs, `[12]<button>add</button>` elements — and `Action result
 * i/N:` lines; tasks as `Your ultimate task is: """…"""`; `done` ends one) keeping a bakery's books in
 * hledger (hledger-web's journal, registers and add form, a CSV rules file, `hledger check`'s balance
 * assertion and undeclared-account errors) for a Luxembourgish-speaking owner, a Llama-Nemotron-like
 * model (`detailed thinking off`, `<AVAILABLE_TOOLS>`, several calls in one `<TOOLCALL>[…]</TOOLCALL>`
 * answered by `<TOOL_RESPONSE>` blocks) speeding up a CUDA lattice-Boltzmann flood solver (nvcc
 * errors, ptxas register counts, compute-sanitizer memcheck, Nsight Compute, SASS) for a
 * Telugu-speaking user, a Griptape-like agent in prompt mode (`Thought:` and `Actions: [{"tag", "name",
 * "path", "input"}]`, one action a step, `Observation:`, `Answer:`) model-checking a Raft key-value
 * store in TLA+ with TLC (invariant violations with state traces, SANY semantic errors, evaluation
 * errors, coverage) for an Azerbaijani-speaking user, a Gemini-API-like agent (parallel native calls
 * answered by `{"functionResponse": {"name", "response"}}` JSON) fitting a hierarchical malaria model
 * in Stan with CmdStan (stanc errors, sampler output, stansummary, diagnose) for a Hausa-speaking
 * epidemiologist, a Haystack-Agent-like pipeline (one native call at a time, tools' return values as
 * text, ToolInvoker's `Failed to invoke Tool` errors) building Zephyr RTOS firmware for a beehive scale
 * (west build, Kconfig warnings, gcc errors, twister and ztest, nrfjprog, UART logs) for a
 * Kyrgyz-speaking beekeeper, and a local agent loop on Ollama's OpenAI-compatible API (parallel native
 * calls, `call_` and eight characters) designing a 48 V solar charger in KiCad 8 (kicad-cli ERC/DRC
 * reports, `.kicad_dru` rules, BOM with LCSC numbers, gerbers, ngspice) for a Zulu-speaking engineer.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { LODE_BROWSER } from './lode-browser';
import { LODE_GEMINI } from './lode-gemini';
import { LODE_GRIPTAPE } from './lode-griptape';
import { LODE_HAYSTACK } from './lode-haystack';
import { LODE_STYLES, mintToken, type LodeHarness, type LodeStyle } from './lode-kit';
import { LODE_NEMOTRON } from './lode-nemotron';
import { LODE_OLLAMA } from './lode-ollama';

export { LODE_SHAPES, LODE_STYLES, type LodeShape, type LodeStyle } from './lode-kit';

/** Every harness of the family, by style. */
export const LODE_HARNESSES: Record<LodeStyle, LodeHarness> = {
  browser: LODE_BROWSER,
  nemotron: LODE_NEMOTRON,
  griptape: LODE_GRIPTAPE,
  gemini: LODE_GEMINI,
  haystack: LODE_HAYSTACK,
  ollama: LODE_OLLAMA,
};

/** What to generate. */
export type LodeOptions = FamilyOptions<LodeStyle>;

/** The span of messages holding a fact's token. */
export type LodeEpisode = FamilyEpisode;

const LODE = family({
  name: 'lode',
  styles: LODE_STYLES,
  harnesses: LODE_HARNESSES,
  mint: mintToken,
  textCallIds: true,
  openWithFirstGoal: true,
  seeds: [2246822519, 3266489917, 6007, 89],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function lodeIsResult(style: LodeStyle, m: ChatMessage): boolean {
  return LODE.isResult(style, m);
}

/** The episodes of a lode transcript's facts (in fact order), from where their tokens occur. */
export function lodeEpisodes(t: Transcript): LodeEpisode[] {
  return LODE.episodes(t);
}

/** Generates one lode transcript; throws when it cannot keep the family's rules. */
export function generateLodeTranscript(o: LodeOptions): Transcript {
  return LODE.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function lodeSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return LODE.suite(count, seed, quick);
}
