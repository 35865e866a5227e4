/**
 * The operating commands: `send`, `status`, `compact` and `end`. Each is one helper of
 * `src/client` on the session's workflow, with its result printed.
 */
import { readFile } from 'node:fs/promises';
import type { Client } from '@temporalio/client';
import * as sessions from '../client';
import { formatTokens } from '../context/budget';
import type { LogItem } from '../context/types';
import { logQuery } from '../workflows/definitions';
import { CliError, messageOf, onSession, withClient } from './connect';
import { count, ledgerTable, meterLine, statusLines, turnDetails } from './output';

/** Options of `send`. */
export interface SendOptions {
  /** False with `--no-wait`: signal the message instead of waiting for the turn. */
  wait: boolean;
  messageId?: string;
  /** Read the message from this file. */
  file?: string;
}

/**
 * The text of `send`: the words joined with spaces, standard input for a lone `-`, or the
 * file of `--file`. Returns a usage message instead when none or both are given.
 */
export async function messageText(
  words: readonly string[],
  options: { file?: string },
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<{ text: string } | { usage: string }> {
  if (options.file !== undefined && words.length) return { usage: 'give the message as words, - or --file, not both' };
  if (options.file !== undefined) {
    try {
      return { text: await readFile(options.file, 'utf8') };
    } catch (err) {
      throw new CliError(`cannot read --file '${options.file}': ${messageOf(err)}`, 'InvalidInput');
    }
  }
  if (words.length === 1 && words[0] === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return { text: Buffer.concat(chunks).toString('utf8') };
  }
  if (!words.length) return { usage: 'give the message as words, - (standard input) or --file <path>' };
  return { text: words.join(' ') };
}

/** `send <sessionId> <text...>`: waits for the turn and prints its meter line and reply (or signals it). */
export async function runSend(sessionId: string, text: string, options: SendOptions): Promise<void> {
  const message = options.messageId === undefined ? { text } : { text, messageId: options.messageId };
  await withClient((client, target) =>
    onSession(
      client,
      target,
      sessionId,
      async () => {
        if (!options.wait) {
          await sessions.signalMessage(client, sessionId, message);
          console.log(`Queued the message for session '${sessionId}' (signal); it is processed in arrival order.`);
          return;
        }
        const result = await sessions.sendMessage(client, sessionId, message);
        const status = await sessions.status(client, sessionId);
        console.log(meterLine(result, status));
        for (const line of turnDetails(result, await turnItems(client, sessionId, result.turn), Infinity)) {
          console.log(line);
        }
        // A failed turn leaves the session usable, but a script sending it should notice.
        if (result.error) process.exitCode = 1;
      },
      // A signal needs no worker now; waiting for the turn does.
      { needsWorker: options.wait },
    ),
  );
}

/** `status <sessionId>`: the meter line and the status fields (`--json`: the status query's result). */
export async function runStatus(sessionId: string, options: { json?: boolean }): Promise<void> {
  await withClient((client, target) =>
    onSession(client, target, sessionId, async () => {
      const status = await sessions.status(client, sessionId);
      if (options.json) console.log(JSON.stringify(status, null, 2));
      else for (const line of statusLines(sessionId, status)) console.log(line);
    }),
  );
}

/** `compact <sessionId> [--focus text]`: compacts now and prints what the compaction recorded. */
export async function runCompact(sessionId: string, options: { focus?: string }): Promise<void> {
  await withClient((client, target) =>
    onSession(client, target, sessionId, async () => {
      const result = await sessions.compact(client, sessionId, options.focus);
      if (result.outcome === 'nothing-to-compact') {
        console.log(`nothing to compact: the view holds ${formatTokens(result.tokensBefore)} tokens.`);
        return;
      }
      console.log(ledgerTable(result.records));
      console.log(
        `${count(result.records.length, 'compaction')}: ` +
          `${formatTokens(result.tokensBefore)} → ${formatTokens(result.tokensAfter)} tokens in the view.`,
      );
    }),
  );
}

/** `end <sessionId>`: asks the session to finish after its queued messages. */
export async function runEnd(sessionId: string): Promise<void> {
  await withClient((client, target) =>
    onSession(
      client,
      target,
      sessionId,
      async () => {
        await sessions.end(client, sessionId);
        console.log(`Session '${sessionId}' ends once its queued messages are processed.`);
      },
      { needsWorker: false },
    ),
  );
}

/**
 * The log items of `turn` held by the current run (its tool calls and truncated results are
 * printed under the meter line); the current run's log only, not the whole chain's.
 */
async function turnItems(client: Client, sessionId: string, turn: number): Promise<LogItem[]> {
  const handle = client.workflow.getHandle(sessionId);
  const items: LogItem[] = [];
  for (let offset = 0; ;) {
    const page = await sessions.querySession(handle, logQuery, { offset, limit: 1000 });
    items.push(...page.items.filter((i) => i.turn === turn));
    const last = page.items.at(-1);
    if (!last || last.seq + 1 >= page.nextSeq) return items;
    offset = last.seq + 1;
  }
}
