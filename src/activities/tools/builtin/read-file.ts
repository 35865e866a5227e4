/** The built-in `read_file` tool: a file under the root, optionally a range of its lines. */
import { readFile } from 'node:fs/promises';
import { resolveInRoot } from '../path-guard';
import { defineTool, type ToolDefinition } from '../registry';

/** Arguments of `read_file`. */
export interface ReadFileArgs {
  path: string;
  /** 1-based first line. */
  offset?: number;
  /** Number of lines. */
  limit?: number;
}

/** Creates `read_file` confined to `root`. */
export function readFileTool(root: string): ToolDefinition<ReadFileArgs> {
  return defineTool<ReadFileArgs>({
    name: 'read_file',
    description: 'Read a file under the workspace root. Optionally pass offset (1-based line) and limit (lines).',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File path relative to the workspace root' },
        offset: { type: 'integer', minimum: 1 },
        limit: { type: 'integer', minimum: 1 },
      },
      required: ['path'],
      additionalProperties: false,
    },
    idempotent: true,
    async execute({ path, offset, limit }) {
      const file = await resolveInRoot(root, path);
      const bytes = await readFile(file);
      if (offset === undefined && limit === undefined) return { output: bytes };
      const lines = bytes.toString('utf8').split('\n');
      const start = (offset ?? 1) - 1;
      return lines.slice(start, limit === undefined ? undefined : start + limit).join('\n');
    },
  });
}
