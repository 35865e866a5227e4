/**
 * The corpus of tool outputs (test/fixtures/tool-outputs): real-looking outputs of failing and
 * passing commands, indexed by manifests. `manifest.json` holds the first cases and is never
 * rewritten; later cases go to further `manifest-*.json` files. The pinned summaries
 * (test/unit/activities/extractive-pinned.test.ts) and the compaction bench build their
 * sessions from the first manifest's outputs only, so adding cases moves neither.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const TOOL_OUTPUTS_DIR = path.join(__dirname, '..', 'fixtures', 'tool-outputs');

/** One output of the corpus and what the failure recogniser must find in it. */
export interface ToolOutputCase {
  file: string;
  ecosystem: string;
  /** How the command ended. */
  failed: boolean;
  /** Identifiers the evidence must keep verbatim (recall). */
  expect: string[];
  /** Further substrings that make an evidence line a true positive (precision). */
  relevant: string[];
}

function manifest(name: string): ToolOutputCase[] {
  return (JSON.parse(readFileSync(path.join(TOOL_OUTPUTS_DIR, name), 'utf8')) as { cases: ToolOutputCase[] }).cases;
}

/** Every case of every manifest, the first manifest's first. */
export function toolOutputCases(): ToolOutputCase[] {
  const later = readdirSync(TOOL_OUTPUTS_DIR)
    .filter((f) => f.startsWith('manifest-') && f.endsWith('.json'))
    .sort();
  return [manifest('manifest.json'), ...later.map(manifest)].flat();
}

/** The text of one output. */
export function readToolOutput(file: string): string {
  return readFileSync(path.join(TOOL_OUTPUTS_DIR, file), 'utf8');
}

/**
 * The outputs of the first manifest, by file name, each failed unless its name starts with
 * `pass-`: what the pinned summaries and the compaction bench were built on.
 */
export function pinnedToolOutputs(): { failed: boolean; text: string }[] {
  return manifest('manifest.json')
    .map((c) => c.file)
    .sort()
    .map((f) => ({ failed: !f.startsWith('pass-'), text: readToolOutput(f) }));
}
