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

/**
 * What a manifest holds: its cases, and amendments to earlier manifests' cases — substrings that
 * make an evidence line of theirs a true positive, which their judgement missed (rustc's caret
 * label, `expected `u16`, found `String``, once the recogniser read it). An earlier manifest is
 * never rewritten: a later one amends it.
 */
interface Manifest {
  cases: ToolOutputCase[];
  amend?: { file: string; relevant: string[] }[];
}

function manifest(name: string): Manifest {
  return JSON.parse(readFileSync(path.join(TOOL_OUTPUTS_DIR, name), 'utf8')) as Manifest;
}

/** Every case of every manifest, the first manifest's first, with the later manifests' amendments. */
export function toolOutputCases(): ToolOutputCase[] {
  const later = readdirSync(TOOL_OUTPUTS_DIR)
    .filter((f) => f.startsWith('manifest-') && f.endsWith('.json'))
    .sort();
  const manifests = [manifest('manifest.json'), ...later.map(manifest)];
  const cases = manifests.flatMap((m) => m.cases.map((c) => ({ ...c, relevant: [...c.relevant] })));
  for (const { file, relevant } of manifests.flatMap((m) => m.amend ?? [])) {
    const amended = cases.find((c) => c.file === file);
    if (!amended) throw new Error(`a manifest amends ${file}, which no case holds`);
    amended.relevant.push(...relevant);
  }
  return cases;
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
    .cases.map((c) => c.file)
    .sort()
    .map((f) => ({ failed: !f.startsWith('pass-'), text: readToolOutput(f) }));
}
