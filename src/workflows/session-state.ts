/**
 * The session's state and every change to it. Fields are private; each change is a method.
 * Signal and update handlers only validate and enqueue (see `commands.ts`); the main loop
 * in `agent-session.ts` is the one writer: it takes one command at a time, in arrival
 * order, and the turn and compaction runners it calls change state through these methods.
 */
import { applyCompaction, restoreWithheld, type ApplyMeta } from '../context/apply';
import { averageTurnTokens, computeBudget, usageReport, type ContextBudget } from '../context/budget';
import { withVerbatimFacts } from '../context/facts';
import { appendItems, emptyContextState, type NewLogItem } from '../context/log';
import type { CompactionPlan } from '../context/plan';
import { resolvePolicy, type CompactionPolicy } from '../context/policy';
import type { SummaryCandidate } from '../context/summary-validation';
import type { ContentRef, ContextState } from '../context/types';
import { buildView, viewTokens } from '../context/view';
import { sessionProxies, type SessionProxies } from './activities';
import { recordCompaction } from './metrics';
import { resolveActivityOptions } from './activity-options';
import type { Command, CommandOutcome, MessageCommand } from './commands';
import type {
  CarriedState,
  ConfigurePatch,
  LogPage,
  SessionModelUsage,
  PageRequest,
  SessionConfig,
  SessionPhase,
  SessionRuntime,
  SessionStatus,
  TurnResult,
  ViewPage,
} from './types';
import { utf8Bytes } from './validation';

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
/** Turn results kept for update handlers (and duplicate sends) to read. */
export const MAX_KEPT_RESULTS = 200;
/** Turn results carried across continue-as-new, so a send retried there still gets its answer. */
export const MAX_CARRIED_RESULTS = 20;
/** Longest reply kept in a carried result (characters); longer ones are clipped. */
export const MAX_CARRIED_REPLY_CHARS = 8_000;
/** Default and largest page of the `view` and `log` queries. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1_000;
/** Recent turn sizes kept for the turns-left estimate. */
const TURN_SIZES_KEPT = 50;

/** A copy of a usage table (state handed out or carried must not alias the live one). */
function structuredCloneUsage(usage: Record<string, SessionModelUsage> | undefined): Record<string, SessionModelUsage> {
  const out: Record<string, SessionModelUsage> = {};
  for (const [model, u] of Object.entries(usage ?? {})) out[model] = { ...u };
  return out;
}

function clampPage(page: PageRequest | undefined): { offset: number; limit: number } {
  const offset = Math.max(0, Math.floor(page?.offset ?? 0));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(page?.limit ?? DEFAULT_PAGE_SIZE)));
  return { offset, limit };
}

/** The state of one run of a session. */
export class SessionState {
  #config: SessionConfig;
  #policy: CompactionPolicy;
  #context: ContextState;
  #turn: number;
  #runtime?: SessionRuntime;
  readonly #previousRuns: readonly string[];
  readonly #queue: Command[] = [];
  #current?: Command;
  readonly #results = new Map<string, TurnResult>();
  readonly #outcomes = new Map<string, CommandOutcome>();
  readonly #processedIds: string[];
  readonly #processedSet: Set<string>;
  readonly #turnSizes: number[];
  #rejectedSignals: number;
  #duplicateMessages: number;
  #lastTurn?: TurnResult;
  #lastUsage?: { promptTokens: number; completionTokens: number };
  #lastRequest?: { manifest: ContentRef; refs: ContentRef[] };
  readonly #usage: Record<string, SessionModelUsage>;
  #phase: SessionPhase = { kind: 'idle' };
  #closing: boolean;
  #ended = false;
  #draining = false;
  #counter = 0;

  constructor(config: SessionConfig, carried?: CarriedState) {
    this.#config = config;
    this.#policy = resolvePolicy(config.compaction);
    this.#context = carried?.context ?? emptyContextState();
    this.#turn = carried?.turn ?? 0;
    this.#previousRuns = carried?.previousRuns.slice() ?? [];
    for (const m of carried?.queue ?? []) {
      this.#queue.push({ kind: 'message', id: m.messageId, text: m.text, viaUpdate: false });
    }
    this.#processedIds = carried?.processedIds.slice() ?? [];
    this.#processedSet = new Set(this.#processedIds);
    for (const r of carried?.recentResults ?? []) this.#results.set(r.messageId, r);
    this.#turnSizes = carried?.turnTokenHistory.slice() ?? [];
    this.#rejectedSignals = carried?.rejectedSignals ?? 0;
    this.#duplicateMessages = carried?.duplicateMessages ?? 0;
    this.#usage = structuredCloneUsage(carried?.usage);
    if (carried?.lastTurn) this.#lastTurn = carried.lastTurn;
    if (carried?.runtime) this.#runtime = carried.runtime;
    // An `end` that arrived in an earlier run applies after the carried messages.
    this.#closing = carried?.ended ?? false;
    if (this.#closing) this.#queue.push({ kind: 'end', id: this.#nextId('end') });
  }

  get config(): SessionConfig {
    return this.#config;
  }
  get policy(): CompactionPolicy {
    return this.#policy;
  }
  get context(): ContextState {
    return this.#context;
  }
  get turn(): number {
    return this.#turn;
  }
  get runtime(): SessionRuntime | undefined {
    return this.#runtime;
  }
  get previousRuns(): readonly string[] {
    return this.#previousRuns;
  }
  get lastRequest(): { manifest: ContentRef; refs: ContentRef[] } | undefined {
    return this.#lastRequest;
  }
  /** True once `end` arrived: no new input is taken. */
  get closing(): boolean {
    return this.#closing;
  }
  /** True once the `end` command was applied. */
  get ended(): boolean {
    return this.#ended;
  }
  /** True once the run decided to continue as new: new updates are refused (clients retry). */
  get draining(): boolean {
    return this.#draining;
  }

  /** The activity proxies for the current configuration. */
  get activities(): SessionProxies {
    return sessionProxies(
      resolveActivityOptions(
        this.#runtime?.workerActivityOptions,
        this.#config.activities,
        this.#config.heartbeatTimeoutSeconds,
      ),
    );
  }

  // ---- the queue (handlers) ----

  #nextId(prefix: string): string {
    this.#counter += 1;
    return `${prefix}-${this.#turn}-${this.#context.nextSeq}-${this.#counter}`;
  }

  /** True when a message with this id is queued, running, or was processed (within the bound). */
  #seen(id: string): boolean {
    return (
      this.#processedSet.has(id) ||
      (this.#current?.kind === 'message' && this.#current.id === id) ||
      this.#queue.some((c) => c.kind === 'message' && c.id === id)
    );
  }

  /**
   * Queues a user message unless its id was seen — queued, running or processed — in which
   * case it is a retried send: it is not run again, and its caller waits for (or gets) the
   * first copy's result. Returns the id under which the result is recorded.
   */
  enqueueMessage(text: string, messageId: string | undefined, viaUpdate: boolean): { id: string; duplicate: boolean } {
    const id = messageId ?? this.#nextId('m');
    if (this.#seen(id)) {
      this.#duplicateMessages += 1;
      if (viaUpdate) this.#markViaUpdate(id);
      return { id, duplicate: true };
    }
    this.#queue.push({ kind: 'message', id, text, viaUpdate });
    return { id, duplicate: false };
  }

  /** A queued signalled message that an update now waits for must finish in this run. */
  #markViaUpdate(id: string): void {
    const queued = this.#queue.find((c): c is MessageCommand => c.kind === 'message' && c.id === id);
    if (queued) queued.viaUpdate = true;
  }

  /** Queues a manual compaction; returns the id its outcome is recorded under. */
  enqueueCompact(focus: string | undefined): string {
    const id = this.#nextId('compact');
    this.#queue.push(focus === undefined ? { kind: 'compact', id } : { kind: 'compact', id, focus });
    return id;
  }

  /** Queues a reconfiguration; returns the id its outcome is recorded under. */
  enqueueConfigure(patch: ConfigurePatch): string {
    const id = this.#nextId('configure');
    this.#queue.push({ kind: 'configure', id, patch });
    return id;
  }

  /** Queues the end of the session, after everything queued so far; later input is refused. */
  requestEnd(): void {
    if (this.#closing) return;
    this.#closing = true;
    this.#queue.push({ kind: 'end', id: this.#nextId('end') });
  }

  recordRejectedSignal(): void {
    this.#rejectedSignals += 1;
  }

  /** True when a message with this id finished and its result is still held. */
  hasResult(id: string): boolean {
    return this.#results.has(id);
  }

  result(id: string): TurnResult | undefined {
    return this.#results.get(id);
  }

  /** True when a message with this id was processed but its result is no longer held. */
  processedWithoutResult(id: string): boolean {
    return this.#processedSet.has(id) && !this.#results.has(id);
  }

  hasOutcome(id: string): boolean {
    return this.#outcomes.has(id);
  }

  /** The outcome of a compact or configure command, handed over once. */
  takeOutcome(id: string): CommandOutcome | undefined {
    const o = this.#outcomes.get(id);
    this.#outcomes.delete(id);
    return o;
  }

  // ---- the main loop ----

  hasWork(): boolean {
    return this.#queue.length > 0;
  }

  /** Takes the next command; it is "current" until {@link complete}. */
  takeNext(): Command | undefined {
    const next = this.#queue.shift();
    this.#current = next;
    return next;
  }

  /** Records the outcome of the current compact or configure command and goes idle. */
  complete(command: Command, outcome?: CommandOutcome): void {
    if (outcome && command.kind !== 'message') this.#outcomes.set(command.id, outcome);
    if (command.kind === 'end') this.#ended = true;
    this.#current = undefined;
    this.#phase = { kind: 'idle' };
  }

  /**
   * True while an update waits for a queued command (a message sent by update, a compact, a
   * configure) or the queue carries too much text. A queued `end` travels as a flag.
   */
  mustProcessBeforeContinuing(): boolean {
    const waitedFor = this.#queue.some(
      (c) => c.kind === 'compact' || c.kind === 'configure' || (c.kind === 'message' && c.viaUpdate),
    );
    return waitedFor || this.queuedBytes() > MAX_CARRIED_QUEUE_BYTES;
  }

  startDraining(): void {
    this.#draining = true;
  }

  setPhase(phase: SessionPhase): void {
    this.#phase = phase;
  }

  /** Applies a new configuration (already validated). */
  setConfig(config: SessionConfig): void {
    this.#config = config;
    this.#policy = resolvePolicy(config.compaction);
  }

  setRuntime(runtime: SessionRuntime): void {
    this.#runtime = runtime;
  }

  // ---- turns ----

  /** Starts a turn; returns its number. */
  beginTurn(): number {
    this.#turn += 1;
    return this.#turn;
  }

  append(items: readonly NewLogItem[]): void {
    this.#context = appendItems(this.#context, items);
  }

  /** From now on the facts keep error lines as the tool printed them (`SessionFacts.verbatim`). */
  keepErrorLinesVerbatim(): void {
    this.#context = withVerbatimFacts(this.#context);
  }

  /** Shows again the withheld summaries the view has room for (`restoreWithheld`). */
  restoreWithheld(budget: ContextBudget): void {
    this.#context = restoreWithheld(this.#context, budget, this.turn);
  }

  /** Applies a planned (and, if summarizing, validated) compaction in one step. */
  applyCompaction(plan: CompactionPlan, summary?: SummaryCandidate, meta?: ApplyMeta): void {
    const before = this.#context.ledger.length;
    this.#context = applyCompaction(this.#context, plan, summary, meta);
    for (const record of this.#context.ledger.slice(before)) recordCompaction(record);
  }

  /**
   * Records a model call: its request (for the next call's manifest prefix), its usage, and
   * the calibration margin when the provider counted more than we did for the view just sent.
   */
  recordModelCall(
    request: { manifest?: ContentRef; refs: ContentRef[]; historyTokens: number },
    usage: { promptTokens: number; completionTokens: number },
  ): void {
    if (request.manifest) this.#lastRequest = { manifest: request.manifest, refs: request.refs };
    this.#lastUsage = { promptTokens: usage.promptTokens, completionTokens: usage.completionTokens };
    const rt = this.#runtime;
    const m = (this.#usage[this.#config.model] ??= { calls: 0, promptTokens: 0, completionTokens: 0 });
    m.calls += 1;
    m.promptTokens += usage.promptTokens;
    m.completionTokens += usage.completionTokens;
    if (rt?.inputPricePerMTok !== undefined && rt.outputPricePerMTok !== undefined) {
      const cost = (usage.promptTokens * rt.inputPricePerMTok + usage.completionTokens * rt.outputPricePerMTok) / 1e6;
      m.costUsd = (m.costUsd ?? 0) + cost;
    }
    if (rt) {
      const ours = rt.fixedTokens + request.historyTokens;
      this.#runtime = { ...rt, calibration: Math.max(rt.calibration, usage.promptTokens - ours, 0) };
    }
  }

  /** Records a finished turn and remembers its message id. */
  finishTurn(result: TurnResult, tokensAdded: number): void {
    this.#lastTurn = result;
    this.#results.set(result.messageId, result);
    // Results wait here only until their update handler reads them; keep the newest few.
    if (this.#results.size > MAX_KEPT_RESULTS) this.#results.delete(this.#results.keys().next().value as string);
    this.#processedIds.push(result.messageId);
    this.#processedSet.add(result.messageId);
    while (this.#processedIds.length > MAX_REMEMBERED_IDS) {
      this.#processedSet.delete(this.#processedIds.shift() as string);
    }
    this.#turnSizes.push(tokensAdded);
    if (this.#turnSizes.length > TURN_SIZES_KEPT) this.#turnSizes.shift();
  }

  // ---- reading ----

  /** The budget for the current model and fixed overhead. */
  budget(): ContextBudget {
    const rt = this.#runtime;
    if (!rt) throw new Error('Session budget requested before the model was described');
    const reserved = Math.min(this.#config.reservedOutputTokens ?? rt.maxOutputTokens, rt.maxOutputTokens);
    return computeBudget(
      {
        contextWindow: rt.contextWindow,
        maxOutputTokens: rt.maxOutputTokens,
        reservedOutputTokens: reserved,
        fixedTokens: rt.fixedTokens + rt.calibration,
      },
      this.#policy,
    );
  }

  /** Average tokens a turn added over the recent turns (carried across runs), else from the log. */
  averageTurnTokens(): number | null {
    if (this.#turnSizes.length === 0) return averageTurnTokens(this.#context);
    return this.#turnSizes.reduce((a, b) => a + b, 0) / this.#turnSizes.length;
  }

  historyTokens(): number {
    return viewTokens(buildView(this.#context));
  }

  /** Compactions so far: ledger ids run on across continue-as-new, while the carried ledger keeps its tail. */
  compactions(): number {
    return this.#context.ledger.at(-1)?.id ?? 0;
  }

  status(): SessionStatus {
    const historyTokens = this.historyTokens();
    const budget = this.#runtime ? this.budget() : undefined;
    const report = budget ? usageReport(historyTokens, budget, this.averageTurnTokens()) : undefined;
    const status: SessionStatus = {
      model: this.#config.model,
      contextWindow: this.#runtime?.contextWindow ?? 0,
      usedTokens: report?.used ?? historyTokens,
      historyBudget: budget?.historyBudget ?? 0,
      historyTokens,
      percent: report?.percent ?? 0,
      turnsLeft: report?.turnsLeft ?? null,
      turn: this.#turn,
      compactions: this.compactions(),
      items: this.#context.nextSeq,
      queued: this.#queue.filter((c) => c.kind === 'message').length,
      busy: this.#current !== undefined,
      phase: this.#phase,
      duplicateMessages: this.#duplicateMessages,
      previousRuns: this.#previousRuns.slice(),
      rejectedSignals: this.#rejectedSignals,
      usage: structuredCloneUsage(this.#usage),
      ended: this.#ended || this.#closing,
    };
    const costs = Object.values(this.#usage).flatMap((u) => (u.costUsd === undefined ? [] : [u.costUsd]));
    if (costs.length) status.costUsd = costs.reduce((a, b) => a + b, 0);
    if (this.#lastTurn) status.lastTurn = this.#lastTurn;
    if (this.#lastUsage) status.lastUsage = this.#lastUsage;
    return status;
  }

  viewPage(page?: PageRequest): ViewPage {
    const { offset, limit } = clampPage(page);
    const view = buildView(this.#context);
    return { entries: view.slice(offset, offset + limit), total: view.length, offset };
  }

  logPage(page?: PageRequest): LogPage {
    const { offset, limit } = clampPage(page);
    const items = this.#context.items.filter((i) => i.seq >= offset).slice(0, limit);
    return { items, firstSeq: this.#context.items[0]?.seq ?? this.#context.nextSeq, nextSeq: this.#context.nextSeq };
  }

  /** UTF-8 bytes of the queued messages' text. */
  queuedBytes(): number {
    let sum = 0;
    for (const c of this.#queue) if (c.kind === 'message') sum += utf8Bytes(c.text);
    return sum;
  }

  /** The state for the next run; `context` is the already-shrunk context. */
  carry(context: ContextState, runId: string): CarriedState {
    const recent = [...this.#results.values()]
      .slice(-MAX_CARRIED_RESULTS)
      .map((r) =>
        r.reply.length > MAX_CARRIED_REPLY_CHARS ? { ...r, reply: r.reply.slice(0, MAX_CARRIED_REPLY_CHARS) } : r,
      );
    const carried: CarriedState = {
      context: { ...context, ledger: context.ledger.slice(-MAX_CARRIED_LEDGER) },
      turn: this.#turn,
      previousRuns: [...this.#previousRuns, runId],
      queue: this.#queue.flatMap((c) => (c.kind === 'message' ? [{ messageId: c.id, text: c.text }] : [])),
      processedIds: this.#processedIds.slice(),
      turnTokenHistory: this.#turnSizes.slice(),
      rejectedSignals: this.#rejectedSignals,
      duplicateMessages: this.#duplicateMessages,
      recentResults: recent,
      usage: structuredCloneUsage(this.#usage),
    };
    if (this.#lastTurn) carried.lastTurn = this.#lastTurn;
    if (this.#runtime) carried.runtime = this.#runtime;
    if (this.#closing) carried.ended = true;
    return carried;
  }
}
