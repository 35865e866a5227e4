/**
 * The fringe transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * gpt-oss-like model speaking the Harmony format as text (`<|channel|>analysis<|message|>…<|end|>`,
 * then one `<|start|>assistant<|channel|>commentary to=functions.run <|constrain|>json<|message|>{…}<|call|>`
 * a message, answered by a `<|start|>functions.run to=assistant<|channel|>commentary<|message|>…<|end|>`
 * user message, answers on the final channel) on ESP32 greenhouse firmware with PlatformIO (gcc and ld
 * errors, Unity's `file:line:test:FAIL: Expected 5 Was 4`, esptool.py, serial logs, a Guru Meditation
 * panic) for a Latvian-speaking user, a Cohere Command-A-like model (`<|START_THINKING|>`,
 * `<|START_ACTION|>[{"tool_call_id": "0", "tool_name", "parameters"}, …]` answered by one
 * `<|START_TOOL_RESULT|>[{"tool_call_id": "0", "results": {"0": {…}}, "is_error": null}, …]` message,
 * `<|START_RESPONSE|>`) on a Coq/dune red-black-tree development (coqc's located `Error:` blocks,
 * `Unable to unify`, opam conflicts, coqtop queries, alcotest on the extracted OCaml) for an
 * Urdu-speaking user, a tau-bench-like airline agent (a long policy prompt, native
 * `get_reservation_details`/`update_reservation_flights`/`calculate`/`think` calls answered by
 * database JSON or `Error: …`, decisions the customer confirms) with an Albanian-speaking simulated
 * customer, a Manus-like autonomous agent (`message_notify_user`, a `todo.md` it ticks off,
 * `shell_exec` answered by `{"output", "console"}`, web search, parallel calls) on a Kotlin
 * Multiplatform/Ktor/Gradle project for an Afrikaans-speaking user, an agent driving Blender through
 * MCP tools (results in the `{"content": [{"type": "text", …}], "isError": …}` envelope, bpy
 * tracebacks, a plain shell for headless renders and pytest) on a product-visualisation pipeline for
 * a Mongolian-speaking user, and a ReWOO-like planner/worker/solver (`Plan: …` / `#E1 = Tool[input]`
 * plans answered by one `#E1 = …` evidence message) on IEC 61131-3 Structured Text for a bottling
 * line (matiec-like `file.st:12-4..12-10: error: …`, CfUnit-like results, PLCopen XML, Modbus maps,
 * scan-time simulations) for a Basque-speaking user.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { FRINGE_BLENDER } from './fringe-blender';
import { FRINGE_COMMANDA } from './fringe-commanda';
import { FRINGE_HARMONY } from './fringe-harmony';
import { FRINGE_STYLES, mintToken, type FringeHarness, type FringeStyle } from './fringe-kit';
import { FRINGE_MANUS } from './fringe-manus';
import { FRINGE_REWOO } from './fringe-rewoo';
import { FRINGE_TAU } from './fringe-tau';

export { FRINGE_SHAPES, FRINGE_STYLES, type FringeShape, type FringeStyle } from './fringe-kit';

/** Every harness of the family, by style. */
export const FRINGE_HARNESSES: Record<FringeStyle, FringeHarness> = {
  harmony: FRINGE_HARMONY,
  commanda: FRINGE_COMMANDA,
  tau: FRINGE_TAU,
  manus: FRINGE_MANUS,
  blender: FRINGE_BLENDER,
  rewoo: FRINGE_REWOO,
};

/** What to generate. */
export type FringeOptions = FamilyOptions<FringeStyle>;

/** The span of messages holding a fact's token. */
export type FringeEpisode = FamilyEpisode;

const FRINGE = family({
  name: 'fringe',
  styles: FRINGE_STYLES,
  harnesses: FRINGE_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [1597334677, 2891336453, 2609, 71],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function fringeIsResult(style: FringeStyle, m: ChatMessage): boolean {
  return FRINGE.isResult(style, m);
}

/** The episodes of a fringe transcript's facts (in fact order), from where their tokens occur. */
export function fringeEpisodes(t: Transcript): FringeEpisode[] {
  return FRINGE.episodes(t);
}

/** Generates one fringe transcript; throws when it cannot keep the family's rules. */
export function generateFringeTranscript(o: FringeOptions): Transcript {
  return FRINGE.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function fringeSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return FRINGE.suite(count, seed, quick);
}
