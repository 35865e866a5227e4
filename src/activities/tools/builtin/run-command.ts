/**
 * The built-in `run_command` tool: runs an allowlisted executable (no shell) in the root.
 * Off unless enabled with an allowlist, since commands can do anything the worker can.
 */
import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { resolveInRoot } from '../path-guard';
import { defineTool, type ToolDefinition } from '../registry';

/** Arguments of `run_command`. */
export interface RunCommandArgs {
  command: string;
  args?: string[];
  /** Working directory relative to the root. */
  cwd?: string;
}

/** Options of `run_command`. */
export interface RunCommandOptions {
  /** Executable names (basenames) the model may run, e.g. `['ls', 'git', 'npm']`. */
  allow: string[];
  /** Milliseconds before the process is killed; default 60 s. */
  timeoutMs?: number;
}

/** Creates `run_command` confined to `root` and the allowlist. Output is stdout then stderr. */
export function runCommandTool(root: string, options: RunCommandOptions): ToolDefinition<RunCommandArgs> {
  const allowed = new Set(options.allow);
  const timeoutMs = options.timeoutMs ?? 60_000;
  return defineTool<RunCommandArgs>({
    name: 'run_command',
    description: `Run a program (no shell) in the workspace. Allowed programs: ${[...allowed].join(', ')}.`,
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', minLength: 1 },
        args: { type: 'array', items: { type: 'string' } },
        cwd: { type: 'string' },
      },
      required: ['command'],
      additionalProperties: false,
    },
    timeout: timeoutMs + 5_000,
    async execute({ command, args, cwd }, ctx) {
      if (!allowed.has(command) || basename(command) !== command) {
        return {
          output: `Error: '${command}' is not allowed. Allowed programs: ${[...allowed].join(', ')}`,
          status: 'error',
        };
      }
      const dir = await resolveInRoot(root, cwd ?? '.');
      return new Promise((resolvePromise) => {
        const child = spawn(command, args ?? [], {
          cwd: dir,
          signal: ctx.signal,
          timeout: timeoutMs,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        child.stdout.on('data', (b: Buffer) => out.push(b));
        child.stderr.on('data', (b: Buffer) => err.push(b));
        child.on('error', (e) => resolvePromise({ output: `Error: ${e.message}`, status: 'error', exitCode: 127 }));
        child.on('close', (code, signal) => {
          const exitCode = code ?? 128;
          const stderr = Buffer.concat(err);
          const output = stderr.length
            ? Buffer.concat([...out, Buffer.from('\n[stderr]\n'), stderr])
            : Buffer.concat(out);
          const suffix = signal ? `\n[killed by ${signal}]` : '';
          resolvePromise({
            output: suffix ? Buffer.concat([output, Buffer.from(suffix)]) : output,
            status: exitCode === 0 ? 'ok' : 'error',
            exitCode,
          });
        });
      });
    },
  });
}
