/**
 * The tarn transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * Composio-SWE-kit-like agent (upper-case Composio actions `SHELLTOOL_EXEC_COMMAND`,
 * `FILETOOL_OPEN_FILE`, `FILETOOL_EDIT_FILE`, `GITHUB_CREATE_A_PULL_REQUEST`, parallel native calls
 * answered by `{"data": {…}, "error": null, "successful": true}` envelopes) on a kdb+/q tick-analytics
 * repository for the Indonesia Stock Exchange (q error traces with `[n]  file:line:` frames, k4unit
 * runs, `'file. OS reports: …`) for a Javanese-speaking user, an Augment-Agent-like IDE agent
 * (kebab-case `launch-process` answered by `<return-code>`/`<stdout>`/`<stderr>` blocks, `view`,
 * `str-replace-editor` with numbered `old_str_1` entries, `save-file`, `remember`, `codebase-retrieval`,
 * one call a message, `.augment-guidelines`) on an nf-core-template Nextflow eDNA pipeline (`ERROR ~
 * Error executing process >` with `Caused by:`/`Command error:`/`Work dir:`, nf-test, nf-core lint) for
 * a Māori-speaking user, a GPT-Pilot-like developer agent (several `{"type": "command"|"save_file"}`
 * steps in one JSON message, answered by one message of `### Step n — …` results) on a Ballerina
 * mobile-money service (`ERROR [file.bal:(l:c,l:c)] …`, `bal test`'s `[fail]` blocks and passing
 * counts, missing configurables) for a Malagasy-speaking user, a Langroid-like agent (one JSON tool
 * message `{"request": "run_lammps", …}` a message, answered by `Result of run_lammps:`) running LAMMPS
 * molecular dynamics of a NiAl alloy (thermo tables, `Loop time of`, `ERROR: Lost atoms`, unknown
 * styles with `Last command:`) for a Scottish-Gaelic-speaking researcher, a JetBrains-Junie-like agent
 * (an `<UPDATE>` block with `<PREVIOUS_STEP>`, `<PLAN>` and `<NEXT_STEP>`, then one `<COMMAND>` a
 * message, answered by `<COMMAND_OUTPUT exit_code="…">`) on a Vapor server in Swift on Linux
 * (SwiftPM builds, Swift 6 diagnostics with their source excerpts, XCTest and swift-testing runs,
 * Vapor logs) for a Tatar-speaking user, and a ControlFlow-like orchestrated agent (tasks with ids in
 * the system prompt, native `mark_task_<id>_successful`/`_failed` tools beside a shell and files, one
 * call at a time) running a Snakemake workflow that builds a Sinhala speech corpus (DAG job stats,
 * `Error in rule`, `MissingInputException`, sox and Montreal Forced Aligner output) for a
 * Sinhala-speaking user.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { TARN_AUGMENT } from './tarn-augment';
import { TARN_COMPOSIO } from './tarn-composio';
import { TARN_CONTROLFLOW } from './tarn-controlflow';
import { TARN_JUNIE } from './tarn-junie';
import { TARN_STYLES, mintToken, type TarnHarness, type TarnStyle } from './tarn-kit';
import { TARN_LANGROID } from './tarn-langroid';
import { TARN_PILOT } from './tarn-pilot';

export { TARN_SHAPES, TARN_STYLES, type TarnShape, type TarnStyle } from './tarn-kit';

/** Every harness of the family, by style. */
export const TARN_HARNESSES: Record<TarnStyle, TarnHarness> = {
  composio: TARN_COMPOSIO,
  augment: TARN_AUGMENT,
  pilot: TARN_PILOT,
  langroid: TARN_LANGROID,
  junie: TARN_JUNIE,
  controlflow: TARN_CONTROLFLOW,
};

/** What to generate. */
export type TarnOptions = FamilyOptions<TarnStyle>;

/** The span of messages holding a fact's token. */
export type TarnEpisode = FamilyEpisode;

const TARN = family({
  name: 'tarn',
  styles: TARN_STYLES,
  harnesses: TARN_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [2246822519, 3266489917, 6151, 409],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function tarnIsResult(style: TarnStyle, m: ChatMessage): boolean {
  return TARN.isResult(style, m);
}

/** The episodes of a tarn transcript's facts (in fact order), from where their tokens occur. */
export function tarnEpisodes(t: Transcript): TarnEpisode[] {
  return TARN.episodes(t);
}

/** Generates one tarn transcript; throws when it cannot keep the family's rules. */
export function generateTarnTranscript(o: TarnOptions): Transcript {
  return TARN.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function tarnSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return TARN.suite(count, seed, quick);
}
