import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Largest merged instructions text, 32 KiB. */
export const MAX_INSTRUCTIONS_BYTES = 32 * 1024;
/** The file name looked up at each level. */
export const INSTRUCTIONS_FILE = 'AGENTS.md';

/** Input of the `loadInstructions` activity. */
export interface LoadInstructionsInput {
  /** The session's working directory. */
  workDir: string;
  /** Home directory for the global level; the OS user's home when omitted. */
  homeDir?: string;
  /** Byte cap of the merged text; {@link MAX_INSTRUCTIONS_BYTES} when omitted. */
  maxBytes?: number;
}

/** One instructions file that was found. */
export interface InstructionsSource {
  level: 'global' | 'project' | 'workdir';
  path: string;
  bytes: number;
}

/** Result of the `loadInstructions` activity. */
export interface LoadInstructionsResult {
  /** The merged text (global, then project, then working directory), capped. */
  text: string;
  sources: InstructionsSource[];
  /** Bytes of the merged text before the cap. */
  totalBytes: number;
  /** True when the cap cut the merged text. */
  truncated: boolean;
}

/** The nearest directory at or above `dir` that holds `.git` or `package.json`. */
export function findProjectRoot(dir: string): string | undefined {
  let current = path.resolve(dir);
  for (;;) {
    if (existsSync(path.join(current, '.git')) || existsSync(path.join(current, 'package.json'))) return current;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Cuts `text` to at most `maxBytes` UTF-8 bytes without splitting a character. */
function capUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  // Back up over UTF-8 continuation bytes (10xxxxxx) so no code point is split.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * Loads AGENTS.md from three levels — global (`~/.durable-context/AGENTS.md`), the project
 * root (found by `.git` or `package.json`), the working directory — and merges them in that
 * order, so the most specific instructions come last. The merged text is capped and the
 * cut is reported, never silent.
 */
export async function loadInstructions(input: LoadInstructionsInput): Promise<LoadInstructionsResult> {
  const maxBytes = input.maxBytes ?? MAX_INSTRUCTIONS_BYTES;
  const workDir = path.resolve(input.workDir);
  const projectRoot = findProjectRoot(workDir);
  const candidates: Array<{ level: InstructionsSource['level']; path: string }> = [
    { level: 'global', path: path.join(input.homeDir ?? os.homedir(), '.durable-context', INSTRUCTIONS_FILE) },
  ];
  if (projectRoot) candidates.push({ level: 'project', path: path.join(projectRoot, INSTRUCTIONS_FILE) });
  candidates.push({ level: 'workdir', path: path.join(workDir, INSTRUCTIONS_FILE) });

  const seen = new Set<string>();
  const sources: InstructionsSource[] = [];
  const parts: string[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.path)) continue; // project root == working directory
    seen.add(candidate.path);
    const text = await readIfPresent(candidate.path);
    if (text === undefined || text.trim() === '') continue;
    sources.push({ level: candidate.level, path: candidate.path, bytes: Buffer.byteLength(text, 'utf8') });
    parts.push(`<!-- ${candidate.level}: ${candidate.path} -->\n${text.trim()}`);
  }
  const merged = parts.join('\n\n');
  const totalBytes = Buffer.byteLength(merged, 'utf8');
  const text = capUtf8(merged, maxBytes);
  return { text, sources, totalBytes, truncated: text.length < merged.length };
}
