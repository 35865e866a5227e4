/**
 * One chat on one session: a turn with a spinner naming the session's phase (polled from
 * the status query while the turn runs), the reply and one meter line after it, and the
 * slash commands /context, /compact [focus], /cost, /ledger, /view, /help and /exit.
 */
import type { Client } from '@temporalio/client';
import { createSpinner, type Spinner } from 'nanospinner';
import pc from 'picocolors';
import * as sessions from '../../client';
import { formatTokens } from '../../context/budget';
import type { LogItem } from '../../context/types';
import { logQuery } from '../../workflows/definitions';
import type { SessionPhase, SessionStatus, TurnResult } from '../../workflows/types';
import { currentRunLog, viewEntries } from '../debug-commands';
import { failureDetails, failureLine } from '../failure';
import { count, ledgerTable, turnDetails, viewTable } from '../output';
import { abortable } from '../session-run';
import { formatCost } from '../sessions-command';
import { contextLines, contextParts } from './context-breakdown';
import { chatMeterLine } from './meter';
import type { SessionFacts } from './session-facts';

/** How often the status is polled while a turn runs. */
const POLL_MS = 300;

/** What the session is doing, for the spinner: `calling gpt-4o-mini (step 2)`. */
export function phaseText(phase: SessionPhase, model: string, queued = 0): string {
  switch (phase.kind) {
    case 'model':
      return `calling ${model} (step ${phase.step})`;
    case 'tools':
      return `running ${phase.tools.length === 1 ? 'tool' : 'tools'} ${phase.tools.join(', ')} (step ${phase.step})`;
    case 'compacting':
      return `compacting the context (${phase.reason})`;
    case 'configuring':
      return 'applying the new configuration';
    case 'idle':
      return queued ? `waiting behind ${count(queued, 'message')}` : 'waiting for the session';
  }
}

/** Options of a {@link ChatSession}. */
export interface ChatSessionOptions {
  /** Show a spinner (a terminal); without one nothing is printed while a turn runs. */
  spinner: boolean;
  /** Print cause chains and stacks with errors. */
  debug?: boolean;
  print?: (line: string) => void;
}

/** The chat's view of a session: its facts, the sizes of its turns, and the commands. */
export class ChatSession {
  private readonly turnSizes = new Map<number, number>();
  private seenSeq = 0;
  private readonly print: (line: string) => void;

  constructor(
    private readonly client: Client,
    readonly sessionId: string,
    private readonly facts: SessionFacts,
    private readonly options: ChatSessionOptions,
  ) {
    this.print = options.print ?? ((line) => console.log(line));
  }

  /** Reads the turn sizes of the items the current run holds and prints where the session stands. */
  async init(): Promise<SessionStatus> {
    this.addItems(await currentRunLog(this.client, this.sessionId));
    let status = await sessions.status(this.client, this.sessionId);
    // A session just started learns its model's window from its first activity.
    for (let i = 0; i < 50 && status.contextWindow === 0 && !status.ended; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = await sessions.status(this.client, this.sessionId);
    }
    this.seenSeq = status.items;
    return status;
  }

  /** The meter line for `status`. */
  meter(status: SessionStatus): string {
    const sizes = [...this.turnSizes.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
    return chatMeterLine(status, { turnSizes: sizes, softThreshold: this.facts.policy.softThreshold });
  }

  /** Runs one turn; prints the reply (or its typed error) and the meter line. Undefined when interrupted. */
  async turn(text: string, signal: AbortSignal): Promise<TurnResult | undefined> {
    const update = await sessions.submitMessage(this.client, this.sessionId, text);
    const result = await this.whileRunning(update.result(), signal);
    if (!result) return undefined;
    const items = await this.newItems();
    for (const line of turnDetails(result, items, Infinity)) this.print(line);
    this.print(this.meter(await sessions.status(this.client, this.sessionId)));
    return result;
  }

  /** Runs a slash command; false for /exit. */
  async command(line: string, signal: AbortSignal): Promise<boolean> {
    const [name = '', ...rest] = line.slice(1).trim().split(/\s+/);
    const arg = rest.join(' ').trim();
    switch (name) {
      case 'exit':
      case 'quit':
        return false;
      case 'help':
        for (const l of HELP) this.print(l);
        return true;
      case 'context':
        await this.context();
        return true;
      case 'compact':
        await this.compact(arg || undefined, signal);
        return true;
      case 'cost':
        this.cost(await sessions.status(this.client, this.sessionId));
        return true;
      case 'ledger': {
        const ledger = await sessions.ledger(this.client, this.sessionId);
        this.print(ledger.length ? ledgerTable(ledger) : 'No compaction has run.');
        return true;
      }
      case 'view': {
        const entries = await viewEntries(this.client, this.sessionId);
        const items = new Map((await currentRunLog(this.client, this.sessionId)).map((i) => [i.seq, i]));
        this.print(entries.length ? viewTable(entries, items) : 'The view is empty.');
        return true;
      }
      default:
        this.print(pc.yellow(`unknown command /${name} (try /help)`));
        return true;
    }
  }

  /** Prints a failure as one line (with its cause chain under --debug). */
  failure(err: unknown): void {
    this.print(pc.red(failureLine(err)));
    if (this.options.debug) for (const l of failureDetails(err)) this.print(pc.dim(l));
  }

  private async context(): Promise<void> {
    const status = await sessions.status(this.client, this.sessionId);
    const view = await viewEntries(this.client, this.sessionId);
    const parts = contextParts(status, view, this.facts.fixed);
    for (const l of contextLines(status, parts, this.facts.policy.softThreshold)) this.print(l);
  }

  private async compact(focus: string | undefined, signal: AbortSignal): Promise<void> {
    const result = await this.whileRunning(sessions.compact(this.client, this.sessionId, focus), signal);
    if (!result) return;
    if (result.outcome === 'nothing-to-compact') {
      this.print(`nothing to compact: the view holds ${formatTokens(result.tokensBefore)} tokens.`);
    } else {
      this.print(ledgerTable(result.records));
      this.print(`${formatTokens(result.tokensBefore)} → ${formatTokens(result.tokensAfter)} tokens in the view.`);
    }
    await this.newItems();
    this.print(this.meter(await sessions.status(this.client, this.sessionId)));
  }

  private cost(status: SessionStatus): void {
    const models = Object.entries(status.usage);
    if (!models.length) {
      this.print('No model call yet.');
      return;
    }
    for (const [model, u] of models) {
      this.print(
        `${model.padEnd(24)} ${count(u.calls, 'call').padStart(10)}  ${formatTokens(u.promptTokens).padStart(6)} prompt  ` +
          `${formatTokens(u.completionTokens).padStart(6)} completion  ${formatCost(u.costUsd)}`,
      );
    }
    this.print(
      pc.bold(`total ${formatCost(status.costUsd)}`) + (status.costUsd === undefined ? ' (prices unknown)' : ''),
    );
  }

  /** Waits for `work` with a spinner naming the session's phase; undefined when `signal` aborts. */
  private async whileRunning<T>(work: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
    let spinner: Spinner | undefined;
    let done = false;
    const poll = async () => {
      while (!done) {
        try {
          const status = await sessions.status(this.client, this.sessionId);
          if (done) return;
          const text = phaseText(status.phase, status.model, status.queued);
          if (!spinner) spinner = createSpinner(text, { stream: process.stdout }).start();
          else spinner.update({ text });
        } catch {
          // the turn's own outcome reports failures; the spinner just keeps its text
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };
    const polling = this.options.spinner ? poll() : Promise.resolve();
    try {
      return await abortable(work, signal);
    } finally {
      done = true;
      spinner?.clear();
      spinner?.reset();
      if (spinner) process.stdout.write('\x1b[?25h');
      await polling;
    }
  }

  /** Log items appended since the last call; their tokens count toward their turn's size. */
  private async newItems(): Promise<LogItem[]> {
    const handle = this.client.workflow.getHandle(this.sessionId);
    const items: LogItem[] = [];
    for (;;) {
      const page = await handle.query(logQuery, { offset: this.seenSeq, limit: 500 });
      items.push(...page.items);
      const last = page.items.at(-1);
      this.seenSeq = last && last.seq + 1 < page.nextSeq ? last.seq + 1 : page.nextSeq;
      if (!last || last.seq + 1 >= page.nextSeq) break;
    }
    this.addItems(items);
    return items;
  }

  private addItems(items: readonly LogItem[]): void {
    for (const item of items) {
      if (item.turn < 1 || item.kind === 'summary') continue;
      this.turnSizes.set(item.turn, (this.turnSizes.get(item.turn) ?? 0) + item.content.tokens);
    }
  }
}

const HELP = [
  '/context          where the window goes: system prompt, tool schemas, summaries, messages, …',
  '/compact [focus]  compact now, optionally telling the summary what to keep',
  '/cost             tokens and estimated cost so far, per model',
  '/ledger           the compactions so far',
  '/view             what the model sees now',
  '/exit             leave (the session stays open: durable-context chat --session <id>)',
];
