/** The built-in `list_dir` tool: the entries of a directory under the root. */
import { readdir } from 'node:fs/promises';
import { resolveInRoot } from '../path-guard';
import { defineTool, type ToolDefinition } from '../registry';

/** Arguments of `list_dir`. */
export interface ListDirArgs {
  path?: string;
}

/** Creates `list_dir` confined to `root`. Directories are listed with a trailing `/`. */
export function listDirTool(root: string): ToolDefinition<ListDirArgs> {
  return defineTool<ListDirArgs>({
    name: 'list_dir',
    description: 'List the entries of a directory under the workspace root (directories end with /).',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string', description: 'Directory relative to the root (default: the root)' } },
      additionalProperties: false,
    },
    idempotent: true,
    async execute({ path }) {
      const dir = await resolveInRoot(root, path ?? '.');
      const entries = await readdir(dir, { withFileTypes: true });
      return entries
        .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
        .sort()
        .join('\n');
    },
  });
}
