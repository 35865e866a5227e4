/**
 * The session's state and the decisions that need no I/O: the message queue with
 * exactly-once delivery, the context log, budgets and the answers to queries. The workflow
 * file wires handlers to it; activities are called from the turn runner.
 */
import { condition } from '@temporalio/workflow';
import { sessionProxies, type SessionProxies } from './activities';
import { utf8Bytes } from './validation';
import { averageTurnTokens, computeBudget, usageReport, type ContextBudget } from '../context/budget';
import { appendItems, emptyContextState, type NewLogItem } from '../context/log';
import { resolvePolicy, type CompactionPolicy } from '../context/policy';
import type { ContentRef, ContextState } from '../context/types';
import { buildView, viewTokens } from '../context/view';
import type {
  CarriedState,
  LogPage,
  PageRequest,
  QueuedMessage,
  SessionConfig,
  SessionRuntime,
  SessionStatus,
  TurnResult,
  ViewPage,
} from './types';

/** Processed message ids remembered for de-duplication (bounded: state crosses continue-as-new). */
export const MAX_REMEMBERED_IDS = 1_000;
/**
 * Ledger records carried across continue-as-new. Older ones stay queryable on the runs that
 * wrote them (the client's `ledger` merges runs), so carried state stays far below
 * Temporal's payload limit however long a session lives.
 */
export const MAX_CARRIED_LEDGER = 500;
/** Queued message text carried across continue-as-new; above it the run processes messages first. */
export const MAX_CARRIED_QUEUE_BYTES = 1024 * 1024;

/** Turn results kept for update handlers (and duplicate updates) to read. */
export const MAX_KEPT_RESULTS = 200;
/** Default and largest page of the `view` and `log` queries. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1_000;

/** A queued message plus whether an update waits for it (those must finish before continue-as-new). */
export interface PendingMessage extends QueuedMessage {
  viaUpdate: boolean;
}

function clampPage(page: PageRequest | undefined): { offset: number; limit: number } {
  const offset = Math.max(0, Math.floor(page?.offset ?? 0));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(page?.limit ?? DEFAULT_PAGE_SIZE)));
  return { offset, limit };
}

/** The mutable state of one run of a session. */
export class SessionState {
  config: SessionConfig;
  policy: CompactionPolicy;
  context: ContextState;
  turn: number;
  readonly previousRuns: string[];
  readonly queue: PendingMessage[];
  readonly results = new Map<string, TurnResult>();
  private readonly processedIds: string[];
  private readonly processedSet: Set<string>;
  turnTokenHistory: number[];
  rejectedSignals: number;
  lastTurn?: TurnResult;
  lastUsage?: { promptTokens: number; completionTokens: number };
  /** The last request sent: its manifest in the store and the refs it holds (not carried across runs). */
  lastRequest?: { manifest: ContentRef; refs: ContentRef[] };
  /** Model facts and fixed overhead; set by the workflow before the first turn. */
  runtime?: SessionRuntime;
  busy = false;
  ended = false;
  /** True once the run decided to continue as new: new `sendMessage` updates are refused. */
  draining = false;
  private messageCounter = 0;
  private locked = false;

  constructor(config: SessionConfig, carried?: CarriedState) {
    this.config = config;
    this.policy = resolvePolicy(config.compaction);
    this.context = carried?.context ?? emptyContextState();
    this.turn = carried?.turn ?? 0;
    this.previousRuns = carried?.previousRuns.slice() ?? [];
    this.queue = (carried?.queue ?? []).map((m) => ({ ...m, viaUpdate: false }));
    this.processedIds = carried?.processedIds.slice() ?? [];
    this.processedSet = new Set(this.processedIds);
    this.turnTokenHistory = carried?.turnTokenHistory.slice() ?? [];
    this.rejectedSignals = carried?.rejectedSignals ?? 0;
    if (carried?.lastTurn) this.lastTurn = carried.lastTurn;
    if (carried?.runtime) this.runtime = carried.runtime;
    this.ended = carried?.ended ?? false;
  }

  /**
   * Takes the session lock. Turns, manual compactions and reconfiguration hold it, so they
   * never interleave — except that a turn lets go of it while its tools run, which is
   * where a manual compaction may step in (the pending calls stay in the view).
   */
  async lock(): Promise<void> {
    await condition(() => !this.locked);
    this.locked = true;
  }

  unlock(): void {
    this.locked = false;
  }

  async withLock<T>(fn: () => Promise<T>): Promise<T> {
    await this.lock();
    try {
      return await fn();
    } finally {
      this.unlock();
    }
  }

  /** The activity proxies for the current configuration. */
  get activities(): SessionProxies {
    return sessionProxies(this.config.heartbeatTimeoutSeconds);
  }

  /** Applies a new configuration (already validated). */
  setConfig(config: SessionConfig): void {
    this.config = config;
    this.policy = resolvePolicy(config.compaction);
  }

  /**
   * Queues a message unless its id was seen (a retried signal or update): returns the id
   * under which its result will be recorded.
   */
  enqueue(text: string, messageId: string | undefined, viaUpdate: boolean): { id: string; duplicate: boolean } {
    const id = messageId ?? `m${this.turn}-${this.context.nextSeq}-${++this.messageCounter}`;
    if (this.processedSet.has(id) || this.queue.some((m) => m.messageId === id)) return { id, duplicate: true };
    this.queue.push({ messageId: id, text, viaUpdate });
    return { id, duplicate: false };
  }

  /** True when a message with this id was processed (in this run or, within the bound, earlier). */
  isProcessed(id: string): boolean {
    return this.processedSet.has(id);
  }

  /** Records a finished turn and remembers its message id. */
  finishTurn(result: TurnResult, tokensAdded: number): void {
    this.lastTurn = result;
    this.results.set(result.messageId, result);
    // Results wait here only until their update handler reads them; keep the newest few.
    if (this.results.size > MAX_KEPT_RESULTS) this.results.delete(this.results.keys().next().value as string);
    this.processedIds.push(result.messageId);
    this.processedSet.add(result.messageId);
    while (this.processedIds.length > MAX_REMEMBERED_IDS) {
      this.processedSet.delete(this.processedIds.shift() as string);
    }
    this.turnTokenHistory.push(tokensAdded);
    if (this.turnTokenHistory.length > 50) this.turnTokenHistory.shift();
  }

  append(items: readonly NewLogItem[]): void {
    this.context = appendItems(this.context, items);
  }

  /** The budget for the current model and fixed overhead. Requires {@link model} and {@link fixed}. */
  budget(): ContextBudget {
    const rt = this.runtime;
    if (!rt) throw new Error('Session budget requested before the model was described');
    const reserved = Math.min(this.config.reservedOutputTokens ?? rt.maxOutputTokens, rt.maxOutputTokens);
    return computeBudget(
      {
        contextWindow: rt.contextWindow,
        maxOutputTokens: rt.maxOutputTokens,
        reservedOutputTokens: reserved,
        fixedTokens: rt.fixedTokens + rt.calibration,
      },
      this.policy,
    );
  }

  /** Average tokens a turn added over the recent turns (carried across runs), else from the log. */
  averageTurnTokens(): number | null {
    if (this.turnTokenHistory.length === 0) return averageTurnTokens(this.context);
    return this.turnTokenHistory.reduce((a, b) => a + b, 0) / this.turnTokenHistory.length;
  }

  historyTokens(): number {
    return viewTokens(buildView(this.context));
  }

  status(): SessionStatus {
    const historyTokens = this.historyTokens();
    const budget = this.runtime ? this.budget() : undefined;
    const report = budget ? usageReport(historyTokens, budget, this.averageTurnTokens()) : undefined;
    const status: SessionStatus = {
      model: this.config.model,
      contextWindow: this.runtime?.contextWindow ?? 0,
      usedTokens: report?.used ?? historyTokens,
      historyBudget: budget?.historyBudget ?? 0,
      historyTokens,
      percent: report?.percent ?? 0,
      turnsLeft: report?.turnsLeft ?? null,
      turn: this.turn,
      // Record ids run on across continue-as-new, while the carried ledger keeps only its tail.
      compactions: this.context.ledger.at(-1)?.id ?? 0,
      items: this.context.nextSeq,
      queued: this.queue.length,
      busy: this.busy,
      previousRuns: this.previousRuns.slice(),
      rejectedSignals: this.rejectedSignals,
      ended: this.ended,
    };
    if (this.lastTurn) status.lastTurn = this.lastTurn;
    if (this.lastUsage) status.lastUsage = this.lastUsage;
    return status;
  }

  viewPage(page?: PageRequest): ViewPage {
    const { offset, limit } = clampPage(page);
    const view = buildView(this.context);
    return { entries: view.slice(offset, offset + limit), total: view.length, offset };
  }

  logPage(page?: PageRequest): LogPage {
    const { offset, limit } = clampPage(page);
    const items = this.context.items.filter((i) => i.seq >= offset).slice(0, limit);
    return { items, firstSeq: this.context.items[0]?.seq ?? this.context.nextSeq, nextSeq: this.context.nextSeq };
  }

  /** UTF-8 bytes of the queued messages' text. */
  queuedBytes(): number {
    return this.queue.reduce((sum, m) => sum + utf8Bytes(m.text), 0);
  }

  /** The state for the next run; `context` is the already-shrunk context. */
  carry(context: ContextState, runId: string): CarriedState {
    const carried: CarriedState = {
      context: { ...context, ledger: context.ledger.slice(-MAX_CARRIED_LEDGER) },
      turn: this.turn,
      previousRuns: [...this.previousRuns, runId],
      queue: this.queue.map(({ messageId, text }) => ({ messageId, text })),
      processedIds: this.processedIds.slice(),
      turnTokenHistory: this.turnTokenHistory.slice(),
      rejectedSignals: this.rejectedSignals,
    };
    if (this.lastTurn) carried.lastTurn = this.lastTurn;
    if (this.runtime) carried.runtime = this.runtime;
    if (this.ended) carried.ended = true;
    return carried;
  }
}
