/**
 * The cusp transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * Qwen3-Coder-like model writing XML function calls as text (`<tool_call>` / `<function=run_shell>` /
 * `<parameter=command>` blocks, several a message, answered by one user message of `<tool_response>`
 * blocks) on an OpenSCAD mechanical-part project (the CGAL/Manifold render log, parser errors and
 * warnings, STL checks with admesh, PrusaSlicer's CLI) for an Uzbek-speaking user, an OpenAI
 * Assistants-API-like run (parallel function calls and `code_interpreter` steps whose results are
 * `{"outputs": [{"type": "logs", …}]}`) doing clinical-trial statistical programming in SAS (the log's
 * `NOTE:`/`WARNING:`/`ERROR:` lines, PROC COMPARE double programming, Pinnacle 21-like CDISC checks)
 * for a Belarusian-speaking biostatistician, a smolagents-ToolCallingAgent-like agent (each step printed
 * as `Calling tools:` and a Python list of call dicts, answered by `Call id: …` / `Observation:` or
 * `Error:` user messages) localizing a Django and React marketplace with gettext and ICU MessageFormat
 * (makemessages/compilemessages, msgfmt's `number of format specifications … does not match`,
 * formatjs's `MALFORMED_ARGUMENT`, ICU plural checks) for a Yoruba-speaking user, a Trae-agent-like agent
 * (native `sequentialthinking` with thought numbers and `next_thought_needed`, `str_replace_based_edit_tool`,
 * `bash`, `task_done`) on a Raku module (zef, prove6 TAP, `===SORRY!===` compile errors, type-check
 * failures) for a Maltese-speaking user, an Agno-like agent (ShellTools' argv lists and FileTools, in
 * parallel) running an open-source ASIC flow (Verilator lint's `%Warning-WIDTHTRUNC`, Yosys `stat`,
 * cocotb's results table, OpenROAD/OpenSTA `report_checks` with `slack (VIOLATED)`, Magic DRC, Netgen LVS)
 * for a Khmer-speaking designer, and a Phi-4-mini-like model writing `functools[{"name", "arguments"}, …]`
 * lists as text, answered by `<|tool|>[…]<|/tool|>` lines, on an ffmpeg video pipeline (ffprobe JSON,
 * progress lines, encoder errors and `Conversion failed!`, loudnorm measurements, HLS packaging) for a
 * Marathi-speaking editor.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { CUSP_AGNO } from './cusp-agno';
import { CUSP_ASSIST } from './cusp-assist';
import { CUSP_STYLES, mintToken, type CuspHarness, type CuspStyle } from './cusp-kit';
import { CUSP_PHI } from './cusp-phi';
import { CUSP_QWEN } from './cusp-qwen';
import { CUSP_TOOLCALL } from './cusp-toolcall';
import { CUSP_TRAE } from './cusp-trae';

export { CUSP_SHAPES, CUSP_STYLES, type CuspShape, type CuspStyle } from './cusp-kit';

/** Every harness of the family, by style. */
export const CUSP_HARNESSES: Record<CuspStyle, CuspHarness> = {
  qwen: CUSP_QWEN,
  assist: CUSP_ASSIST,
  toolcall: CUSP_TOOLCALL,
  trae: CUSP_TRAE,
  agno: CUSP_AGNO,
  phi: CUSP_PHI,
};

/** What to generate. */
export type CuspOptions = FamilyOptions<CuspStyle>;

/** The span of messages holding a fact's token. */
export type CuspEpisode = FamilyEpisode;

const CUSP = family({
  name: 'cusp',
  styles: CUSP_STYLES,
  harnesses: CUSP_HARNESSES,
  mint: mintToken,
  textCallIds: true,
  openWithFirstGoal: true,
  seeds: [3432918353, 461845907, 5581, 103],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function cuspIsResult(style: CuspStyle, m: ChatMessage): boolean {
  return CUSP.isResult(style, m);
}

/** The episodes of a cusp transcript's facts (in fact order), from where their tokens occur. */
export function cuspEpisodes(t: Transcript): CuspEpisode[] {
  return CUSP.episodes(t);
}

/** Generates one cusp transcript; throws when it cannot keep the family's rules. */
export function generateCuspTranscript(o: CuspOptions): Transcript {
  return CUSP.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function cuspSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return CUSP.suite(count, seed, quick);
}
