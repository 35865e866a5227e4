/** The built-in `grep` tool: a regular expression over the files under a directory of the root. */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { displayPath, resolveInRoot } from '../path-guard';
import { defineTool, type ToolDefinition } from '../registry';

/** Arguments of `grep`. */
export interface GrepArgs {
  pattern: string;
  path?: string;
  ignoreCase?: boolean;
  maxMatches?: number;
}

/** Directories never searched: dependencies and VCS data drown real matches. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);
/** Files larger than this are skipped (generated or binary data). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Default cap on reported matches. */
const DEFAULT_MAX_MATCHES = 200;

/** Creates `grep` confined to `root`; output lines are `path:line:text`, sorted by path. */
export function grepTool(root: string): ToolDefinition<GrepArgs> {
  return defineTool<GrepArgs>({
    name: 'grep',
    description: 'Search files under the workspace root for a JavaScript regular expression; prints path:line:text.',
    parameters: {
      type: 'object',
      properties: {
        pattern: { type: 'string', minLength: 1 },
        path: { type: 'string', description: 'File or directory relative to the root (default: the root)' },
        ignoreCase: { type: 'boolean' },
        maxMatches: { type: 'integer', minimum: 1, maximum: 10_000 },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
    idempotent: true,
    async execute({ pattern, path, ignoreCase, maxMatches }, ctx) {
      let regex: RegExp;
      try {
        regex = new RegExp(pattern, ignoreCase ? 'i' : '');
      } catch (err) {
        return { output: `Error: invalid regular expression: ${(err as Error).message}`, status: 'error' };
      }
      const realRoot = await resolveInRoot(root, '.');
      const start = await resolveInRoot(root, path ?? '.');
      const limit = maxMatches ?? DEFAULT_MAX_MATCHES;
      const matches: string[] = [];
      for await (const file of walk(start)) {
        if (ctx.signal.aborted || matches.length >= limit) break;
        const info = await stat(file);
        if (info.size > MAX_FILE_BYTES) continue;
        const content = await readFile(file);
        if (content.subarray(0, 8192).includes(0)) continue;
        const lines = content.toString('utf8').split('\n');
        for (let i = 0; i < lines.length && matches.length < limit; i++) {
          if (regex.test(lines[i] ?? '')) matches.push(`${displayPath(realRoot, file)}:${i + 1}:${lines[i]}`);
        }
      }
      if (matches.length === 0) return { output: 'no matches', status: 'ok', exitCode: 1 };
      return { output: matches.join('\n'), status: 'ok', exitCode: 0 };
    },
  });
}

/** Files under `path` (or `path` itself), in sorted order; symlinks are not followed. */
async function* walk(path: string): AsyncGenerator<string> {
  const info = await stat(path);
  if (info.isFile()) {
    yield path;
    return;
  }
  const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (e.isDirectory() && !SKIPPED_DIRS.has(e.name)) yield* walk(join(path, e.name));
    else if (e.isFile()) yield join(path, e.name);
  }
}
