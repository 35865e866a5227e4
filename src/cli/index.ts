#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { runCodecServer } from './codec-command';
import { runViewAtTurn } from './at-turn';
import { parseSetting, runConfigure, type Setting } from './configure';
import { DEFAULT_TEMPORAL_ADDRESS, DEFAULT_TEMPORAL_NAMESPACE } from './connect';
import { runInspect, runLedger, runLog, runView } from './debug-commands';
import { failureDetails, failureLine } from './failure';
import { parseHistoryFile, runReplay, type RecordedRun } from './replay';
import { parseOlderThan, runRetentionCommand, type RetentionOptions } from './retention-command';
import { messageText, runCompact, runEnd, runSend, runStatus } from './session-commands';
import { runStart, type StartOptions } from './start';
import { registerToolCommands } from './tool-commands';

/** The package's version (package.json sits two levels up from src/cli and from lib/cli). */
function packageVersion(): string {
  const file = path.join(__dirname, '..', '..', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Exit code of a usage error (bad arguments or options), as in most command-line tools. */
export const USAGE_EXIT_CODE = 2;

/** Parses a positive integer option, with a clear error for anything else. */
export function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive integer, got '${value}'`);
  return n;
}

/** Parses a non-negative integer (a seq), with a clear error for anything else. */
export function parseNonNegativeInt(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0) {
    throw new InvalidArgumentError(`expected a non-negative integer, got '${value}'`);
  }
  return n;
}

/** A session id is a workflow id: any non-blank string. */
export function parseSessionId(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('a session id must not be empty');
  return value;
}

function parseNonEmpty(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('must not be empty');
  return value;
}

const program = new Command()
  .name('durable-context')
  .description('Durable, context-managed LLM agent sessions on Temporal')
  // Usage errors throw instead of exiting, so they get their own exit code below.
  .exitOverride()
  .version(packageVersion(), '-V, --version', 'print the version')
  .option('--debug', 'on failure, print the cause chain and stack traces too')
  .showHelpAfterError('(add --help for usage)')
  .addHelpText(
    'after',
    `\nThe session commands connect to TEMPORAL_ADDRESS (default ${DEFAULT_TEMPORAL_ADDRESS}), namespace ` +
      `TEMPORAL_NAMESPACE (default ${DEFAULT_TEMPORAL_NAMESPACE}).\nExit codes: 0 ok, 1 failure, ${USAGE_EXIT_CODE} usage error.`,
  );

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
  .action((options: StartOptions, cmd: Command) =>
    runStart({ ...options, debug: Boolean(cmd.optsWithGlobals<{ debug?: boolean }>().debug) }),
  );

program
  .command('send')
  .description(
    'Send a user message and wait for its turn: prints the meter line and the reply (exit 1 if the turn failed)',
  )
  .argument('<sessionId>', 'session (workflow) id', parseSessionId)
  .argument('[text...]', 'the message (words joined with spaces); - reads it from standard input')
  .option('--file <path>', 'read the message from this file', parseNonEmpty)
  .option('--no-wait', 'queue the message with a signal and return at once')
  .option('--message-id <id>', 'your id for the message: sending it again is then a no-op', parseNonEmpty)
  .action(
    async (
      sessionId: string,
      words: string[],
      options: { wait: boolean; messageId?: string; file?: string },
      cmd: Command,
    ) => {
      const text = await messageText(words, options);
      if ('usage' in text) cmd.error(`error: ${text.usage}`, { exitCode: USAGE_EXIT_CODE });
      else await runSend(sessionId, text.text, options);
    },
  );

program
  .command('status')
  .description('Tokens used / budget (the meter line), turn, compactions, queue, runs and the last turn')
  .argument('<sessionId>', 'session (workflow) id', parseSessionId)
  .option('--json', 'print the status query result as JSON')
  .action(runStatus);

program
  .command('compact')
  .description('Compact the context now (between turns) and print the ledger records it added')
  .argument('<sessionId>', 'session (workflow) id', parseSessionId)
  .option('--focus <text>', 'what the summary should pay particular attention to', parseNonEmpty)
  .action(runCompact);

program
  .command('configure')
  .description('Change the configuration (validated by the session): model, thresholds, summarizer, tools, …')
  .argument('<sessionId>', 'session (workflow) id', parseSessionId)
  .requiredOption(
    '--set <key=value>',
    'a field to set, dotted into the patch, JSON values (e.g. compaction.softThreshold=0.7, model=gpt-4o); repeatable',
    (text: string, previous?: Setting[]) => parseSetting(text, previous),
  )
  .option('--json', 'print the resulting configuration as JSON')
  .action(runConfigure);

program
  .command('end')
  .description('End the session once its queued messages are processed')
  .argument('<sessionId>', 'session (workflow) id', parseSessionId)
  .action(runEnd);

program
  .command('ledger')
  .description('The compaction ledger across runs: strategy, reason, range, tokens before → after, outcome')
  .argument('<sessionId>', 'session (workflow) id', parseSessionId)
  .option('--json', 'print the records as JSON')
  .action(runLedger);

program
  .command('log')
  .description('The raw, append-only log across runs: seq, turn, role, kind, tokens, preview')
  .argument('<sessionId>', 'session (workflow) id', parseSessionId)
  .option('--from <seq>', 'first seq to show', parseNonNegativeInt)
  .option('--limit <n>', 'show at most n items', parsePositiveInt)
  .option('--json', 'print the log items as JSON')
  .action(runLog);

program
  .command('view')
  .description('What the model sees now: each message of the view with its visibility and tokens')
  .argument('<sessionId>', 'session (workflow) id', parseSessionId)
  .option('--content', "also print each message's stored text (needs --store)")
  .addOption(
    new Option(
      '--store <dir-or-url>',
      "the workers' content store: a directory or postgres://… (default: DURABLE_CONTEXT_STORE_URL, else DURABLE_CONTEXT_STORE_DIR)",
    ).argParser(parseNonEmpty),
  )
  .option('--json', 'print the view entries as JSON')
  .option(
    '--at-turn <n>',
    'instead: exactly the messages the model received at the first call of turn n',
    parsePositiveInt,
  )
  .action(
    async (
      sessionId: string,
      options: { content?: boolean; store?: string; json?: boolean; atTurn?: number },
      cmd: Command,
    ) => {
      const store = options.store ?? (process.env.DURABLE_CONTEXT_STORE_URL || process.env.DURABLE_CONTEXT_STORE_DIR);
      if ((options.content || options.atTurn !== undefined) && !store) {
        cmd.error(
          'error: --content and --at-turn need --store <dir-or-url> (or DURABLE_CONTEXT_STORE_URL / DURABLE_CONTEXT_STORE_DIR)',
          { exitCode: USAGE_EXIT_CODE },
        );
      }
      const withStore = { ...options, ...(store ? { store } : {}) };
      if (options.atTurn !== undefined) await runViewAtTurn(sessionId, { ...withStore, atTurn: options.atTurn });
      else await runView(sessionId, withStore);
    },
  );

program
  .command('inspect')
  .description(
    'Turn-by-turn timeline: items and tokens added, tool calls, and every compaction — what it dropped and why',
  )
  .argument('<sessionId>', 'session (workflow) id', parseSessionId)
  .action(runInspect);

program
  .command('replay')
  .description(
    "Replay every run of a session's history (or history files) against this workflow code; exit 1 if any fails",
  )
  .argument('[sessionId]', 'session (workflow) id', parseSessionId)
  .option(
    '--history <file...>',
    'replay these history files instead (temporal workflow show --output json)',
    (file: string, previous?: RecordedRun[]) => parseHistoryFile(file, previous),
  )
  .action(async (sessionId: string | undefined, options: { history?: RecordedRun[] }, cmd: Command) => {
    if (Boolean(sessionId) === Boolean(options.history)) {
      cmd.error('error: give either a session id or --history <file...>', { exitCode: USAGE_EXIT_CODE });
    }
    await runReplay(sessionId, options);
  });

program
  .command('codec-server')
  .description(
    "Serve Temporal's codec endpoint (POST /encode, /decode) with the keys of DURABLE_CONTEXT_KEYS or " +
      'DURABLE_CONTEXT_KEY_FILE, so the Temporal UI and CLI show encrypted payloads decrypted',
  )
  .option('--port <port>', 'port to listen on', parsePositiveInt, 8888)
  .option('--host <host>', 'interface to listen on (keep it local: whoever reaches it can decrypt)', '127.0.0.1')
  .option(
    '--cors-origin <origin...>',
    'browser origins allowed to call it (default: the Temporal UIs at localhost:8233 and localhost:8080)',
  )
  .action(runCodecServer);
program
  .command('retention')
  .description(
    'Remove the content of sessions that ended longer ago than --older-than from the store, keeping ' +
      'every blob a running or recently ended session also uses; prints the sessions considered, blobs removed, bytes freed',
  )
  .requiredOption('--older-than <age>', 'sessions ended longer ago than this (30d, 12h, 0s, …)', parseOlderThan)
  .option('--dry-run', 'count what would be removed, remove nothing')
  .addOption(
    new Option(
      '--store <dir-or-url>',
      "the workers' content store: a directory or postgres://… (default: DURABLE_CONTEXT_STORE_URL, else DURABLE_CONTEXT_STORE_DIR)",
    ).argParser(parseNonEmpty),
  )
  .option('--json', 'print the report as JSON')
  .action(async (options: Omit<RetentionOptions, 'store'> & { store?: string }, cmd: Command) => {
    const store = options.store ?? (process.env.DURABLE_CONTEXT_STORE_URL || process.env.DURABLE_CONTEXT_STORE_DIR);
    if (!store) {
      cmd.error(
        'error: retention needs --store <dir-or-url> (or DURABLE_CONTEXT_STORE_URL / DURABLE_CONTEXT_STORE_DIR)',
        {
          exitCode: USAGE_EXIT_CODE,
        },
      );
    } else {
      await runRetentionCommand({ ...options, store });
    }
  });

registerToolCommands(program, {
  positiveInt: parsePositiveInt,
  sessionId: parseSessionId,
  nonEmpty: parseNonEmpty,
});

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof CommanderError) {
    // Commander has printed the message (or the help); help and --version are not errors.
    process.exitCode = err.exitCode === 0 ? 0 : USAGE_EXIT_CODE;
    return;
  }
  // One line with the typed cause; the chain and stacks only when asked for.
  console.error(failureLine(err));
  if (program.opts<{ debug?: boolean }>().debug) for (const line of failureDetails(err)) console.error(line);
  process.exitCode = 1;
});
