/**
 * The operating commands: `send`, `status`, `compact` and `end`. Each is one helper of
 * `src/client` on the session's workflow, with its result printed.
 */
import type { Client } from '@temporalio/client';
import * as sessions from '../client';
import { formatTokens } from '../context/budget';
import type { LogItem } from '../context/types';
import { logQuery } from '../workflows/definitions';
import { onSession, withClient } from './connect';
import { count, ledgerTable, meterLine, statusLines, turnDetails } from './output';

/** Options of `send`. */
export interface SendOptions {
  /** False with `--no-wait`: signal the message instead of waiting for the turn. */
  wait: boolean;
  messageId?: string;
}

/** `send <sessionId> <text...>`: waits for the turn and prints its meter line and reply (or signals it). */
export async function runSend(sessionId: string, text: string, options: SendOptions): Promise<void> {
  const message = options.messageId === undefined ? { text } : { text, messageId: options.messageId };
  await withClient((client, target) =>
    onSession(client, target, sessionId, async () => {
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
    }),
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
      if (result.records.length === 0) {
        console.log(`Nothing to compact: the view holds ${formatTokens(result.tokensBefore)} tokens.`);
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
    onSession(client, target, sessionId, async () => {
      await sessions.end(client, sessionId);
      console.log(`Session '${sessionId}' ends once its queued messages are processed.`);
    }),
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
