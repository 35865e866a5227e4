/**
 * Drives one session from the CLI: sends each user message and waits for its turn, prints
 * the meter line and what the turn did, and at the end the ledger and the totals. Shared by
 * the scripted demo and the live mode of `durable-context start`.
 */
import type { Client } from '@temporalio/client';
import pc from 'picocolors';
import * as sessions from '../client';
import { DEFAULT_COMPACTION_POLICY } from '../context/policy';
import type { LogItem } from '../context/types';
import { logQuery } from '../workflows/definitions';
import type { TurnResult } from '../workflows/types';
import { withCallSignal } from './call-scope';
import { turnsLabel, turnsToCompaction } from './chat/meter';
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
  /** The session's soft threshold, for the turns-to-compaction estimate (default: the policy's default). */
  softThreshold?: number;
  print?: (line: string) => void;
}

/** A session being driven turn by turn. */
export class SessionRun {
  private readonly startedAt = Date.now();
  private seenSeq = 0;
  private turns = 0;
  private modelCalls = 0;
  private toolCalls = 0;
  private readonly turnSizes: number[] = [];
  private readonly print: (line: string) => void;

  constructor(
    private readonly client: Client,
    readonly sessionId: string,
    private readonly options: SessionRunOptions,
  ) {
    this.print = options.print ?? ((line) => console.log(line));
  }

  /** Client calls, each under its own signal linked to Ctrl-C (src/cli/call-scope.ts). */
  private call<T>(fn: () => Promise<T>): Promise<T> {
    return withCallSignal(this.client, this.options.signal, fn);
  }

  /** Sends `text`, waits for its turn and prints it; undefined when interrupted. */
  async turn(text: string): Promise<TurnResult | undefined> {
    const result = await abortable(
      this.call(() => sessions.sendMessage(this.client, this.sessionId, text)),
      this.options.signal,
    );
    if (!result) return undefined;
    const status = await this.call(() => sessions.status(this.client, this.sessionId));
    const items = await this.call(() => this.newItems());
    this.turns++;
    this.modelCalls += result.steps;
    this.toolCalls += items.reduce((n, i) => n + (i.toolCalls?.length ?? 0), 0);
    this.turnSizes.push(items.reduce((n, i) => n + (i.kind === 'summary' ? 0 : i.content.tokens), 0));
    const softThreshold = this.options.softThreshold ?? DEFAULT_COMPACTION_POLICY.softThreshold;
    const turns = turnsLabel(turnsToCompaction(status, { turnSizes: this.turnSizes, softThreshold }));
    this.print(meterLine(result, status, this.options.totalTurns, turns));
    if (this.options.echoPrompt) this.print(pc.cyan(`  › ${text}`));
    for (const line of turnDetails(result, items, this.options.replyWidth ?? 160)) this.print(line);
    return result;
  }

  /** Prints the ledger and the totals. */
  async summary(): Promise<void> {
    const ledger = await this.call(() => sessions.ledger(this.client, this.sessionId));
    const log = await this.call(() => sessions.log(this.client, this.sessionId));
    const status = await this.call(() => sessions.status(this.client, this.sessionId));
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

/** How {@link closeSession} closed a session. */
export type Closed = 'ended' | 'terminated' | 'already closed';

/**
 * Ends a session so that no Running workflow is left behind: the `end` signal (processed
 * after the turn that may be running), then, if the workflow has not completed within
 * `graceMs` (a long model call), termination with a reason. Needs a worker polling its task
 * queue for the graceful path.
 */
export async function closeSession(client: Client, sessionId: string, graceMs: number): Promise<Closed> {
  const handle = client.workflow.getHandle(sessionId);
  const { status } = await handle.describe();
  if (status.name !== 'RUNNING') return 'already closed';
  await sessions.end(client, sessionId);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)));
  const outcome = await Promise.race([handle.result().then(() => 'done' as const), timedOut]).finally(() =>
    clearTimeout(timer),
  );
  if (outcome === 'done') return 'ended';
  await handle.terminate('ended by the CLI: its turn did not finish in time after Ctrl-C');
  return 'terminated';
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
