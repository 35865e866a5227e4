/**
 * The everyday commands registered on the program of src/cli/index.ts: `sessions` (list,
 * from visibility) and `chat` (a REPL on a new or a resumed session).
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { runChat, type ChatOptions } from './chat/chat-command';
import { runSessions } from './sessions-command';
import { runReport } from './report/report-command';
import { runSimulate } from './simulate-command';

/** A fraction in (0, 1], e.g. a soft threshold. */
export function parseFraction(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 1) {
    throw new InvalidArgumentError(`expected a number in (0, 1], got '${value}'`);
  }
  return n;
}

/** The `--store <dir>` option (DURABLE_CONTEXT_STORE_DIR). */
function storeOption(description: string): Option {
  return new Option('--store <dir>', description).env('DURABLE_CONTEXT_STORE_DIR');
}

/** Adds `sessions`, `chat`, `simulate` and `report` to `program`; the parsers are the program's own. */
export function registerToolCommands(
  program: Command,
  parse: { positiveInt: (v: string) => number; sessionId: (v: string) => string; nonEmpty: (v: string) => string },
): void {
  program
    .command('sessions')
    .description('List sessions (newest first): status, model, turns, tokens, compactions, last activity, cost')
    .option('--model <name>', 'only sessions on this model', parse.nonEmpty)
    .option('--running', 'only running sessions')
    .option('--limit <n>', 'show at most n sessions', parse.positiveInt, 20)
    .option('--json', 'print the rows as JSON')
    .action(runSessions);

  program
    .command('chat')
    .description(
      'Chat with a new session, or resume one (--session): a spinner names the phase while a turn runs, ' +
        'a meter line follows each reply; /context /compact /cost /ledger /view /exit',
    )
    .option('--session <id>', 'resume this session', parse.sessionId)
    .option('--id <id>', 'new session: its id (default chat-<time>)', parse.sessionId)
    .option(
      '--model <name>',
      'new session: the model (default DURABLE_CONTEXT_MODEL, else gpt-4o-mini)',
      parse.nonEmpty,
    )
    .option(
      '--task-queue <name>',
      "new session: the workers' task queue (default DURABLE_CONTEXT_TASK_QUEUE, else durable-context)",
      parse.nonEmpty,
    )
    .option('--system-prompt <text>', 'new session: its system prompt', parse.nonEmpty)
    .option('--tools <names>', 'new session: tools offered, comma-separated', (v: string) =>
      v
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .action(async (options: ChatOptions, cmd: Command) => {
      const debug = Boolean(cmd.optsWithGlobals<{ debug?: boolean }>().debug);
      await runChat({ ...options, ...(debug ? { debug } : {}) });
    });

  program
    .command('simulate')
    .description(
      'Re-run the compaction policy offline over a recorded session (or history files), beside what happened: ' +
        'tokens per turn, compactions, estimated input cost',
    )
    .argument('<source...>', 'a session id, or history files (a continue-as-new chain: oldest first)')
    .option('--soft-threshold <x>', 'compact at this fraction of the history budget', parseFraction)
    .option('--target <x>', 'compact down to this fraction', parseFraction)
    .option('--keep-recent-tokens <n>', 'recent history kept verbatim', parse.positiveInt)
    .addOption(new Option('--summarizer <kind>', 'summarizer of the simulation').choices(['extractive']))
    .addOption(storeOption("the workers' content store: real extractive summaries instead of estimates"))
    .option('--json', 'print the simulation as JSON')
    .action(runSimulate);

  program
    .command('report')
    .description(
      'Write one self-contained HTML page: context tokens per call against the window and the soft threshold, ' +
        'compactions (details on hover), cumulative cost, the compactions as a table',
    )
    .argument('<source...>', 'a session id, or history files (a continue-as-new chain: oldest first)')
    .requiredOption('--out <file>', 'the HTML file to write', parse.nonEmpty)
    .option('--soft-threshold <x>', 'also draw this policy: compact at this fraction', parseFraction)
    .option('--target <x>', 'also draw this policy: compact down to this fraction', parseFraction)
    .option('--keep-recent-tokens <n>', 'also draw this policy: recent history kept verbatim', parse.positiveInt)
    .addOption(storeOption("the workers' content store (real summaries for the simulated policy)"))
    .action(runReport);
}
