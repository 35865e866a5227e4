/**
 * The debugging commands: `ledger`, `log`, `view` and `inspect` — what the model saw, when
 * compaction ran, what it dropped and why. Log and ledger come merged across the session's
 * continue-as-new runs (src/client); the view is the current run's.
 */
import path from 'node:path';
import type { Client } from '@temporalio/client';
import pc from 'picocolors';
import * as sessions from '../client';
import { formatTokens } from '../context/budget';
import { ContentMissingError, DurableContextError, FailureType } from '../context/errors';
import type { ChatMessage, LogItem, ViewEntry } from '../context/types';
import { keyringFromEnv } from '../encryption/keys-from-env';
import { getJson, type ContentStore } from '../store/content-store';
import { describeStore, openStore, type StoreConfig } from '../store/open-store';
import { logQuery } from '../workflows/definitions';
import { messageOf, onSession, withClient } from './connect';
import { count, ledgerTable, logTable, statusLines, usageLine, viewTable } from './output';
import { timelineLines } from './timeline';

/** View entries fetched per query (the workflow's page limit). */
const VIEW_PAGE_SIZE = 1000;

/** `ledger <sessionId>`: the compaction ledger table, as `start` prints it. */
export async function runLedger(sessionId: string, options: { json?: boolean }): Promise<void> {
  await withClient((client, target) =>
    onSession(client, target, sessionId, async () => {
      const ledger = await sessions.ledger(client, sessionId);
      if (options.json) console.log(JSON.stringify(ledger, null, 2));
      else console.log(ledger.length ? ledgerTable(ledger) : 'No compaction has run.');
    }),
  );
}

/** Options of `log`. */
export interface LogOptions {
  /** First seq shown. */
  from?: number;
  /** Items shown at most. */
  limit?: number;
  json?: boolean;
}

/** `log <sessionId>`: the raw, append-only log across runs. */
export async function runLog(sessionId: string, options: LogOptions): Promise<void> {
  await withClient((client, target) =>
    onSession(client, target, sessionId, async () => {
      const all = await sessions.log(client, sessionId);
      const from = all.filter((i) => i.seq >= (options.from ?? 0));
      const items = options.limit === undefined ? from : from.slice(0, options.limit);
      if (options.json) {
        console.log(JSON.stringify(items, null, 2));
        return;
      }
      console.log(items.length ? logTable(items) : 'No items.');
      const tokens = items.reduce((n, i) => n + i.content.tokens, 0);
      console.log(pc.dim(`${count(items.length, 'item')} of ${all.length}, ${formatTokens(tokens)} tokens`));
    }),
  );
}

/** Options of `view`. */
export interface ViewOptions {
  /** Print each message's stored text (needs `store`). */
  content?: boolean;
  /** The workers' content store: a directory, or a URL (`postgres://…`) as DURABLE_CONTEXT_STORE_URL takes. */
  store?: string;
  json?: boolean;
}

/** `view <sessionId>`: what the model sees now, entry by entry, with visibility and tokens. */
export async function runView(sessionId: string, options: ViewOptions): Promise<void> {
  await withClient((client, target) =>
    onSession(client, target, sessionId, async () => {
      const status = await sessions.status(client, sessionId);
      const entries = await viewEntries(client, sessionId);
      if (options.json) {
        console.log(JSON.stringify(entries, null, 2));
        return;
      }
      const items = new Map((await currentRunLog(client, sessionId)).map((i) => [i.seq, i]));
      console.log(`${pc.bold(sessionId)}  ${usageLine(status)}`);
      console.log(entries.length ? viewTable(entries, items) : 'The view is empty.');
      const tokens = entries.reduce((n, e) => n + e.content.tokens, 0);
      console.log(
        pc.dim(
          `${count(entries.length, 'message')}, ${formatTokens(tokens)} tokens of history ` +
            `(+ ${formatTokens(status.usedTokens - status.historyTokens)} fixed overhead: system prompt, tool schemas)`,
        ),
      );
      if (options.content && options.store) {
        const config = storeOption(options.store);
        const store = openStore(config);
        try {
          await printContent(entries, store, describeStore(config));
        } finally {
          await store.close?.();
        }
      }
    }),
  );
}

/** `inspect <sessionId>`: the turn-by-turn timeline of log and ledger. */
export async function runInspect(sessionId: string): Promise<void> {
  await withClient((client, target) =>
    onSession(client, target, sessionId, async () => {
      const status = await sessions.status(client, sessionId);
      const log = await sessions.log(client, sessionId);
      const ledger = await sessions.ledger(client, sessionId);
      for (const line of statusLines(sessionId, status)) console.log(line);
      console.log('');
      for (const line of timelineLines(log, ledger)) console.log(line);
    }),
  );
}

/** Every entry of the view, across query pages. */
export async function viewEntries(client: Client, sessionId: string): Promise<ViewEntry[]> {
  const entries: ViewEntry[] = [];
  for (;;) {
    const page = await sessions.view(client, sessionId, { offset: entries.length, limit: VIEW_PAGE_SIZE });
    entries.push(...page.entries);
    if (page.entries.length === 0 || entries.length >= page.total) return entries;
  }
}

/** The current run's log items: every item the view can show is among them. */
export async function currentRunLog(client: Client, sessionId: string): Promise<LogItem[]> {
  const handle = client.workflow.getHandle(sessionId);
  const items: LogItem[] = [];
  for (let offset = 0; ;) {
    const page = await sessions.querySession(handle, logQuery, { offset, limit: VIEW_PAGE_SIZE });
    items.push(...page.items);
    const last = page.items.at(-1);
    if (!last || last.seq + 1 >= page.nextSeq) return items;
    offset = last.seq + 1;
  }
}

/** A `--store` value: a URL (`postgres://…`, `file:///…`) or a directory; decrypted with the configured keys. */
export function storeOption(value: string): StoreConfig {
  const keyring = keyringFromEnv();
  const where = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? { url: value, dir: '' } : { dir: path.resolve(value) };
  return { ...where, ...(keyring ? { keyring } : {}) };
}

/**
 * Prints each entry's stored message; a reference missing from the store is said so, not
 * skipped, and then the command fails with ContentMissing (exit 1) counting them: the
 * content was removed by retention (`durable-context retention`) or lives in another store.
 */
async function printContent(entries: readonly ViewEntry[], store: ContentStore, where: string): Promise<void> {
  let missing = 0;
  for (const [i, e] of entries.entries()) {
    console.log('');
    console.log(
      pc.bold(`── #${i} seq ${e.seq} ${e.role} (${e.visibility}, ${e.content.tokens} tokens) ${e.content.ref}`),
    );
    let message: ChatMessage;
    try {
      message = await getJson<ChatMessage>(store, e.content.ref);
    } catch (err) {
      if (err instanceof ContentMissingError) missing++;
      console.log(pc.red(`  not readable from ${where}: ${messageOf(err)}`));
      continue;
    }
    if (message.content) console.log(message.content);
    for (const call of message.tool_calls ?? []) {
      console.log(pc.dim(`⚙ ${call.function.name}(${call.function.arguments})  [${call.id}]`));
    }
    if (message.tool_call_id) console.log(pc.dim(`(result of ${message.tool_call_id})`));
  }
  if (missing) {
    throw new DurableContextError(
      FailureType.ContentMissing,
      `the content of ${missing} of ${count(entries.length, 'message')} is not in ${where}: ` +
        'removed by retention (durable-context retention), or stored in another store',
      { missing },
    );
  }
}
