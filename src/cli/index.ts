#!/usr/bin/env node
import { Command, InvalidArgumentError } from 'commander';
import { runStart } from './start';

/** Parses a positive integer option, with a clear error for anything else. */
export function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive integer, got '${value}'`);
  return n;
}

const program = new Command()
  .name('durable-context')
  .description('Durable, context-managed LLM agent sessions on Temporal');

program
  .command('start')
  .description(
    'Start (or reuse) the Temporal dev server, run a worker and a session: the scripted offline demo, ' +
      'or a live model when OPENAI_API_KEY or OPENAI_BASE_URL is set (one message per line of stdin)',
  )
  .option('--exit', 'exit after the session instead of keeping server and worker up for the UI')
  .option('--port <port>', 'Temporal gRPC port of the embedded dev server', parsePositiveInt, 7233)
  .option('--ui-port <port>', 'Temporal Web UI port of the embedded dev server', parsePositiveInt, 8233)
  .option(
    '--state-dir <dir>',
    'dev-server database and content store (default: DURABLE_CONTEXT_STATE_DIR, else .durable-context/)',
  )
  .option('--turns <n>', 'turns of the offline demo', parsePositiveInt, 60)
  .action(runStart);

program.parseAsync(process.argv).catch((err: unknown) => {
  console.error(`durable-context: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
