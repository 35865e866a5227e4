/**
 * The dune transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — the
 * original ReAct paper's numbered `Thought n:`/`Action n: Shell[…]`/`Observation n:` protocol (one
 * action a reply, `Finish[…]` answers) on an Idris 2 library for Bishkek's bus fare cards (idris2
 * --build, `While processing right hand side of …`, coverage errors, golden tests) for a
 * Kyrgyz-speaking developer, an Octopus-v2-like on-device model calling functional tokens
 * (`<nexa_2>('opa test ./policies -v')<nexa_end>`, answered by `Function result:`) on OPA/Rego policies
 * of a Colombo tea-auction platform (opa test/check/eval, conftest, regal) for a Sinhala-speaking
 * engineer, a Gorilla-OpenFunctions-v2-like model (`<<function>>sqlcmd(query="…", database="…")`, one
 * or several a reply, parsed into native calls) on a SQL Server 2022 rice-mill inventory in Vientiane
 * (sqlcmd `Msg 207, Level 16, …`, tSQLt) for a Lao-speaking developer, an OpenAI-Assistants-v2-like run
 * (`code_interpreter` input/outputs, `file_search`, a `splunk_search` function, parallel `call_` ids) on
 * a Maltese bank SOC's Splunk investigation for a Maltese-speaking analyst, a Toolformer-like model
 * writing `[Shell("…")]` calls inline in its prose (several a reply, answered by one message of
 * `[Shell("…") → result]` entries) on a bpftrace/perf latency hunt in a Mogadishu mobile-money switch
 * for a Somali-speaking SRE, and a ChatGLM3-like model (`<|assistant|>run_shell` + a ```python
 * `tool_call(…)` block, answered by `<|observation|>`) on a Chapel 2 ensemble weather model for Kano
 * for a Hausa-speaking scientist.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { DUNE_ASSISTANTS } from './dune-assistants';
import { DUNE_CHATGLM } from './dune-chatglm';
import { DUNE_GORILLA } from './dune-gorilla';
import { DUNE_STYLES, mintToken, type DuneHarness, type DuneStyle } from './dune-kit';
import { DUNE_OCTOPUS } from './dune-octopus';
import { DUNE_REACT } from './dune-react';
import { DUNE_TOOLFORMER } from './dune-toolformer';

export { DUNE_SHAPES, DUNE_STYLES, type DuneShape, type DuneStyle } from './dune-kit';

/** Every harness of the family, by style. */
export const DUNE_HARNESSES: Record<DuneStyle, DuneHarness> = {
  react: DUNE_REACT,
  octopus: DUNE_OCTOPUS,
  gorilla: DUNE_GORILLA,
  assistants: DUNE_ASSISTANTS,
  toolformer: DUNE_TOOLFORMER,
  chatglm: DUNE_CHATGLM,
};

/** What to generate. */
export type DuneOptions = FamilyOptions<DuneStyle>;

/** The span of messages holding a fact's token. */
export type DuneEpisode = FamilyEpisode;

const DUNE = family({
  name: 'dune',
  styles: DUNE_STYLES,
  harnesses: DUNE_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [2654436023, 50849, 6151, 859],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function duneIsResult(style: DuneStyle, m: ChatMessage): boolean {
  return DUNE.isResult(style, m);
}

/** The episodes of a dune transcript's facts (in fact order), from where their tokens occur. */
export function duneEpisodes(t: Transcript): DuneEpisode[] {
  return DUNE.episodes(t);
}

/** Generates one dune transcript; throws when it cannot keep the family's rules. */
export function generateDuneTranscript(o: DuneOptions): Transcript {
  return DUNE.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function duneSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return DUNE.suite(count, seed, quick);
}
