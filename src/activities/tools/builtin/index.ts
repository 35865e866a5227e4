/** The built-in tools, for the demo and for users. */
import type { AnyToolDefinition } from '../registry';
import { grepTool } from './grep';
import { listDirTool } from './list-dir';
import { readFileTool } from './read-file';
import { runCommandTool, type RunCommandOptions } from './run-command';

export { grepTool, listDirTool, readFileTool, runCommandTool, type RunCommandOptions };

/** Options of {@link builtinTools}. */
export interface BuiltinToolsOptions {
  /** Directory the file tools are confined to. */
  root: string;
  /** Enables `run_command` with this allowlist; omitted: no command tool. */
  runCommand?: RunCommandOptions;
}

/** `read_file`, `list_dir`, `grep` over `root`, and `run_command` when enabled. */
export function builtinTools(options: BuiltinToolsOptions): AnyToolDefinition[] {
  const tools: AnyToolDefinition[] = [readFileTool(options.root), listDirTool(options.root), grepTool(options.root)];
  if (options.runCommand && options.runCommand.allow.length > 0) {
    tools.push(runCommandTool(options.root, options.runCommand));
  }
  return tools;
}
