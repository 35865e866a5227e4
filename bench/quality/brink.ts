/**
 * The brink transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — an
 * OpenAI Responses-API-like agent (reasoning summaries as the assistant's text, `function_call` items
 * with `call_…` ids answered by `function_call_output`s) on a Rust workspace (cargo, nextest's
 * `FAIL [   0.012s] crate mod::test`, clippy, miri's `Undefined Behavior:`, cargo-deny) for an
 * Amharic-speaking user, a Bedrock-Converse-like agent (`toolUse` blocks with `tooluse_…` ids answered
 * by `toolResult` blocks with `status: "error"`) on a Go service (go build/vet, `go test -race`'s
 * `WARNING: DATA RACE`, golangci-lint, sqlc) for a Croatian-speaking user, a Moatless-Tools-like agent
 * (one JSON action `{"action": "StringReplace", "action_args": {…}}` a message, answered by an
 * `Observation:` user message) on a Python library (nox, pytest, mypy, hypothesis's falsifying
 * examples, ruff) for a Galician-speaking user, a Sweep-like agent writing `<create_file>`/`<modify_file>`
 * blocks and `<run_check>` requests, answered by one `<check_results>` message of `<result>` blocks, on a
 * TypeScript pnpm/turbo monorepo (tsc `TS2345`, vitest failure blocks, eslint, Playwright) for an
 * Irish-speaking user, a CAMEL-like role-play pair (the AI user's `Instruction:`/`Input:`, the AI
 * assistant's `Solution:` with one code block, `Next request.`, the interpreter's output returned as a
 * user message) on a Java/Gradle project (JUnit 5, Error Prone, Spotless) for a Macedonian-speaking
 * human, and a GIS analyst agent on Vercel-AI-SDK-like tool calls (parallel, `{"type": "json", …}`
 * results) running GDAL/ogr2ogr, PostGIS and QGIS processing for a Nepali-speaking planner.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { BRINK_CAMEL } from './brink-camel';
import { BRINK_CONVERSE } from './brink-converse';
import { BRINK_GIS } from './brink-gis';
import { BRINK_STYLES, mintToken, type BrinkHarness, type BrinkStyle } from './brink-kit';
import { BRINK_MOATLESS } from './brink-moatless';
import { BRINK_RESPONSES } from './brink-responses';
import { BRINK_SWEEP } from './brink-sweep';

export { BRINK_SHAPES, BRINK_STYLES, type BrinkShape, type BrinkStyle } from './brink-kit';

/** Every harness of the family, by style. */
export const BRINK_HARNESSES: Record<BrinkStyle, BrinkHarness> = {
  responses: BRINK_RESPONSES,
  converse: BRINK_CONVERSE,
  moatless: BRINK_MOATLESS,
  sweep: BRINK_SWEEP,
  camel: BRINK_CAMEL,
  gis: BRINK_GIS,
};

/** What to generate. */
export type BrinkOptions = FamilyOptions<BrinkStyle>;

/** The span of messages holding a fact's token. */
export type BrinkEpisode = FamilyEpisode;

const BRINK = family({
  name: 'brink',
  styles: BRINK_STYLES,
  harnesses: BRINK_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [2246822519, 3266489917, 4243, 89],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function brinkIsResult(style: BrinkStyle, m: ChatMessage): boolean {
  return BRINK.isResult(style, m);
}

/** The episodes of a brink transcript's facts (in fact order), from where their tokens occur. */
export function brinkEpisodes(t: Transcript): BrinkEpisode[] {
  return BRINK.episodes(t);
}

/** Generates one brink transcript; throws when it cannot keep the family's rules. */
export function generateBrinkTranscript(o: BrinkOptions): Transcript {
  return BRINK.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function brinkSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return BRINK.suite(count, seed, quick);
}
