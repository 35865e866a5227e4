/**
 * Drives one session from the CLI: sends each user message and waits for its turn, prints
 * the meter line and what the turn did, and at the end the ledger and the totals. Shared by
 * the scripted demo and the live mode of `durable-context start`.
 */
import type { Client } from '@temporalio/client';
import pc from 'picocolors';
import * as sessions from '../client';
import type { LogItem } from '../context/types';
import { logQuery } from '../workflows/definitions';
import type { TurnResult } from '../workflows/types';
import { ledgerTable, meterLine, totalsLines, turnDetails } from './output';

/** Options of {@link SessionRun}. */
export interface SessionRunOptions {
  /** Number of turns planned, shown as `turn 3/60`; unknown in live mode. */
  totalTurns?: number;
  /** Columns of the reply echoed under each meter line; `Infinity` prints it whole (live mode). */
  replyWidth?: number;
  /** Print each user message under its meter line (the demo's; live mode's were typed). */
  echoPrompt?: boolean;
  /** Stops waiting for a turn (Ctrl-C). */
  signal: AbortSignal;
  print?: (line: string) => void;
}

/** A session being driven turn by turn. */
export class SessionRun {
  private readonly startedAt = Date.now();
  private seenSeq = 0;
  private turns = 0;
  private modelCalls = 0;
  private toolCalls = 0;
  private readonly print: (line: string) => void;

  constructor(
    private readonly client: Client,
    readonly sessionId: string,
    private readonly options: SessionRunOptions,
  ) {
    this.print = options.print ?? ((line) => console.log(line));
  }

  /** Sends `text`, waits for its turn and prints it; undefined when interrupted. */
  async turn(text: string): Promise<TurnResult | undefined> {
    const result = await abortable(sessions.sendMessage(this.client, this.sessionId, text), this.options.signal);
    if (!result) return undefined;
    const status = await sessions.status(this.client, this.sessionId);
    const items = await this.newItems();
    this.turns++;
    this.modelCalls += result.steps;
    this.toolCalls += items.reduce((n, i) => n + (i.toolCalls?.length ?? 0), 0);
    this.print(meterLine(result, status, this.options.totalTurns));
    if (this.options.echoPrompt) this.print(pc.cyan(`  › ${text}`));
    for (const line of turnDetails(result, items, this.options.replyWidth ?? 160)) this.print(line);
    return result;
  }

  /** Prints the ledger and the totals; then ends the session and waits for its workflow to complete. */
  async finish(): Promise<void> {
    const ledger = await sessions.ledger(this.client, this.sessionId);
    const log = await sessions.log(this.client, this.sessionId);
    const status = await sessions.status(this.client, this.sessionId);
    this.print('');
    this.print(ledger.length ? ledgerTable(ledger) : 'No compaction was needed.');
    this.print('');
    const totals = totalsLines({
      turns: this.turns,
      items: log.length,
      ledger,
      truncated: log.filter((i) => i.toolResult?.truncated).length,
      toolCalls: this.toolCalls,
      modelCalls: this.modelCalls,
      runs: status.previousRuns.length + 1,
      seconds: (Date.now() - this.startedAt) / 1000,
    });
    for (const line of totals) this.print(line);
    await sessions.end(this.client, this.sessionId);
    await abortable(this.client.workflow.getHandle(this.sessionId).result(), this.options.signal);
  }

  /** Log items appended since the last call (the current run holds every item not yet summarized). */
  private async newItems(): Promise<LogItem[]> {
    const handle = this.client.workflow.getHandle(this.sessionId);
    const items: LogItem[] = [];
    for (;;) {
      const page = await sessions.querySession(handle, logQuery, { offset: this.seenSeq, limit: 500 });
      items.push(...page.items);
      const last = page.items.at(-1);
      if (!last || last.seq + 1 >= page.nextSeq) {
        this.seenSeq = page.nextSeq;
        return items;
      }
      this.seenSeq = last.seq + 1;
    }
  }
}

/** Resolves with `promise`, or with undefined once `signal` aborts. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
