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
  .description('Start (or reuse) the Temporal dev server, run a worker, and run the demo session')
  .option('--exit', 'exit after the demo instead of keeping server and worker up for the UI')
  .option('--port <port>', 'Temporal gRPC port of the embedded dev server', parsePositiveInt, 7233)
  .option('--ui-port <port>', 'Temporal Web UI port of the embedded dev server', parsePositiveInt, 8233)
  .action(runStart);

program.parseAsync(process.argv).catch((err: unknown) => {
  console.error(`durable-context: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
