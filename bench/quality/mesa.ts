/**
 * The mesa transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * Claude-Desktop-like MCP client (tools of several MCP servers namespaced `filesystem__read_file`,
 * `terminal__execute_command`, `github__create_issue`; parallel native calls answered by MCP content
 * arrays `[{"type": "text", "text": …}]`) modelling a solar hot-water loop in Modelica with
 * OpenModelica (omc scripts, `checkModel`, `SimulationResult` records, `[file:l:c-l:c:writable] Error:`
 * lines, over-determined systems, runtime assertions) for a Gujarati-speaking engineer, a
 * LangGraph-supervisor-like team (a supervisor handing off through native `transfer_to_<agent>` calls
 * answered by "Successfully transferred to …", named sub-agents running one call at a time) running
 * an OpenFOAM v2312 wind study around a harbour control tower (blockMesh, snappyHexMesh, checkMesh,
 * simpleFoam residuals, `--> FOAM FATAL IO ERROR`) for an Esperanto-speaking user, an
 * OpenAI-Codex-cloud-like task runner (native `exec_command` calls answered by `Exit code:` / `Wall
 * time:` / `Output:` blocks, a final `make_pr` message) on a Qt 6/QML tram-timetable app (CMake and
 * Ninja, qmllint, ctest, QtQuickTest's `FAIL!  :` lines, QML runtime errors) for a Bosnian-speaking
 * user, a LangChain-XML-agent-like model (`<tool>…</tool><tool_input>…</tool_input>` one call a
 * message, answered by `<observation>…</observation>`, `<final_answer>` to finish) engraving choir
 * arrangements with LilyPond 2.24 (`Processing`, `Interpreting music...[8][16]`, `file.ly:l:c: error:`,
 * bar-check warnings, Guile errors, convert-ly) for a Haitian-Creole-speaking choir director, a
 * Jamba-like model (several calls in one `<tool_calls>[{"name", "arguments"}, …]</tool_calls>`,
 * answered by `<tool_result name="…">` blocks) proving a ledger library in Dafny 4.8 (postconditions
 * and invariants that could not be proved with their related locations, resolution errors, the
 * verification log's resource counts, `dafny test`) for a Kannada-speaking user, and an Agent-Zero-like
 * agent (one JSON object `{"thoughts": […], "tool_name", "tool_args"}` a message, answered by a
 * `{"tool_name", "tool_result"}` message, the `response` tool to answer) running GROMACS 2024 molecular
 * dynamics (pdb2gmx, grompp's fatal errors, mdrun logs and performance, gmx energy) for a
 * Somali-speaking researcher.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { MESA_CODEX } from './mesa-codex';
import { MESA_DESKTOP } from './mesa-desktop';
import { MESA_JAMBA } from './mesa-jamba';
import { MESA_STYLES, mintToken, type MesaHarness, type MesaStyle } from './mesa-kit';
import { MESA_SUPERVISOR } from './mesa-supervisor';
import { MESA_XML } from './mesa-xml';
import { MESA_ZERO } from './mesa-zero';

export { MESA_SHAPES, MESA_STYLES, type MesaShape, type MesaStyle } from './mesa-kit';

/** Every harness of the family, by style. */
export const MESA_HARNESSES: Record<MesaStyle, MesaHarness> = {
  desktop: MESA_DESKTOP,
  supervisor: MESA_SUPERVISOR,
  codex: MESA_CODEX,
  xml: MESA_XML,
  jamba: MESA_JAMBA,
  zero: MESA_ZERO,
};

/** What to generate. */
export type MesaOptions = FamilyOptions<MesaStyle>;

/** The span of messages holding a fact's token. */
export type MesaEpisode = FamilyEpisode;

const MESA = family({
  name: 'mesa',
  styles: MESA_STYLES,
  harnesses: MESA_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [2654435769, 2246822507, 7919, 103],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function mesaIsResult(style: MesaStyle, m: ChatMessage): boolean {
  return MESA.isResult(style, m);
}

/** The episodes of a mesa transcript's facts (in fact order), from where their tokens occur. */
export function mesaEpisodes(t: Transcript): MesaEpisode[] {
  return MESA.episodes(t);
}

/** Generates one mesa transcript; throws when it cannot keep the family's rules. */
export function generateMesaTranscript(o: MesaOptions): Transcript {
  return MESA.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function mesaSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return MESA.suite(count, seed, quick);
}
