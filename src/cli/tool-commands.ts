/**
 * The everyday commands registered on the program of src/cli/index.ts: `sessions` (list,
 * from visibility) and `chat` (a REPL on a new or a resumed session).
 */
import type { Command } from 'commander';
import { runChat, type ChatOptions } from './chat/chat-command';
import { runSessions } from './sessions-command';

/** Adds `sessions` and `chat` to `program`; the parsers are the program's own. */
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
}
