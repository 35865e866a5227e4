/**
 * The sill transcript family: a held-out set written apart from the other families and from the
 * summarizers, imitating harnesses, protocols, ecosystems and user languages none of them does — a
 * BabyAGI-like task-list loop (`*****TASK LIST*****`/`*****NEXT TASK*****` banners and one `Tool:` block
 * a reply, answered by `*****TASK RESULT*****`) on a water utility's Prometheus/Alertmanager rules
 * (promtool, amtool) for a Sesotho-speaking operator, an LFM2-like local model (a
 * `<|tool_call_start|>[f(a="…"), g(b="…")]<|tool_call_end|>` list of Python-style calls, several a reply,
 * answered by one message of `<|tool_response_start|>` blocks) on a Cairo/Starknet escrow (Scarb,
 * snforge, sncast) for a Shona-speaking developer, a Glaive-function-calling model (`<functioncall>
 * {"name", "arguments": '…'}` one a reply, answered by `FUNCTION RESPONSE: {…}`) on a Neo4j graph of
 * Samoa's inter-island shipping (Cypher errors, the import tool, pytest) for a Samoan-speaking data
 * engineer, an agent on a SWE-ReX-like runtime (parallel `run_in_session` calls in named sessions,
 * `execute`, `BashObservation` JSON, `swerexception`s) on a Puppet control repository (pdk, rspec-puppet,
 * agent runs) for a Lingala-speaking sysadmin, an n8n-AI-Agent-like workflow (parallel node tools
 * `Execute_Command`, `ClickHouse_HTTP`, disk nodes, n8n items) on a ClickHouse fish-auction warehouse
 * for a Breton-speaking analyst, and a Dify-like agent app (one custom-tool call at a time, `tool invoke
 * error:` on provider failures) on a Cassandra ferry seat inventory (cqlsh errors, nodetool, tombstones,
 * pytest) for a Corsican-speaking developer.
 * The engine is the newer families' (family.ts) over these harnesses, with their own seeds, the
 * goal's first planter opening every session; each fact's minted token occurs only in its own
 * episode, and every call is answered once.
 */
import type { ChatMessage } from '../../src/context/types';
import { family, type FamilyEpisode, type FamilyOptions } from './family';
import type { Transcript } from './types';
import { SILL_BABYAGI } from './sill-babyagi';
import { SILL_DIFY } from './sill-dify';
import { SILL_GLAIVE } from './sill-glaive';
import { SILL_STYLES, mintToken, type SillHarness, type SillStyle } from './sill-kit';
import { SILL_LFM } from './sill-lfm';
import { SILL_N8N } from './sill-n8n';
import { SILL_SWEREX } from './sill-swerex';

export { SILL_SHAPES, SILL_STYLES, type SillShape, type SillStyle } from './sill-kit';

/** Every harness of the family, by style. */
export const SILL_HARNESSES: Record<SillStyle, SillHarness> = {
  babyagi: SILL_BABYAGI,
  lfm: SILL_LFM,
  glaive: SILL_GLAIVE,
  swerex: SILL_SWEREX,
  n8n: SILL_N8N,
  dify: SILL_DIFY,
};

/** What to generate. */
export type SillOptions = FamilyOptions<SillStyle>;

/** The span of messages holding a fact's token. */
export type SillEpisode = FamilyEpisode;

const SILL = family({
  name: 'sill',
  styles: SILL_STYLES,
  harnesses: SILL_HARNESSES,
  mint: mintToken,
  openWithFirstGoal: true,
  seeds: [2654435891, 70001, 8111, 617],
});

/** True when `m` is the results message of a text-protocol harness (a user message that is no user turn). */
export function sillIsResult(style: SillStyle, m: ChatMessage): boolean {
  return SILL.isResult(style, m);
}

/** The episodes of a sill transcript's facts (in fact order), from where their tokens occur. */
export function sillEpisodes(t: Transcript): SillEpisode[] {
  return SILL.episodes(t);
}

/** Generates one sill transcript; throws when it cannot keep the family's rules. */
export function generateSillTranscript(o: SillOptions): Transcript {
  return SILL.generate(o);
}

/** The suite: sizes geometric over [100, 2000] messages (quick: [100, 400]), shapes in turn, harnesses rotated by seed. */
export function sillSuite(count: number, seed: number, quick: boolean): Transcript[] {
  return SILL.suite(count, seed, quick);
}
