/**
 * Typed helpers over `@temporalio/client` for agent sessions. Thin on purpose: each one is a
 * signal, update or query of the `agentSession` workflow, plus input validation up front so
 * a bad call fails here, before anything reaches the server.
 */
import {
  WorkflowUpdateFailedError,
  type Connection,
  WorkflowUpdateStage,
  type Client,
  type WorkflowHandle,
  type WorkflowUpdateHandle,
} from '@temporalio/client';
import { ApplicationFailure, type QueryDefinition } from '@temporalio/common';
import { RUN_AHEAD_MESSAGE } from '../workflows/run-ahead-guard';
import { FailureType } from '../context/errors';
import type { CompactionRecord, LogItem } from '../context/types';
import {
  compactUpdate,
  configureUpdate,
  endSignal,
  ledgerQuery,
  logQuery,
  sendMessageUpdate,
  statusQuery,
  userMessageSignal,
  viewQuery,
} from '../workflows/definitions';
import type {
  CompactResult,
  ConfigurePatch,
  PageRequest,
  SessionConfig,
  SessionInput,
  SessionStatus,
  TurnResult,
  UserMessageInput,
  ViewPage,
} from '../workflows/types';
import { normalizeSessionConfig, validateUserMessage } from '../workflows/validation';
import { SEARCH_ATTRIBUTES } from '../workflows/search-attributes';

export { DEFAULT_MAX_STEPS_PER_TURN } from '../workflows/validation';

/** Workflow type name of a session. */
export const SESSION_WORKFLOW_TYPE = 'agentSession';
/** Log items fetched per query page. */
const LOG_PAGE_SIZE = 500;

/** Options of {@link startSession}. */
export interface StartSessionOptions {
  /** Workflow id of the session; pick a meaningful one so it can be found again. */
  sessionId: string;
  taskQueue: string;
  /** Configuration; only `model` is required. */
  config: Partial<SessionConfig> & Pick<SessionConfig, 'model'>;
}

/**
 * Fills a partial configuration with the defaults (the workflow's own: a session started
 * elsewhere with only `{ model }` gets the same) and validates it.
 * @throws ApplicationFailure of type `InvalidConfig` naming the field at fault.
 */
export function sessionConfig(config: StartSessionOptions['config']): SessionConfig {
  return normalizeSessionConfig(config);
}

/** Starts a session workflow; the configuration is validated first. */
export async function startSession(client: Client, options: StartSessionOptions): Promise<WorkflowHandle> {
  const input: SessionInput = { config: sessionConfig(options.config) };
  return client.workflow.start(SESSION_WORKFLOW_TYPE, {
    workflowId: options.sessionId,
    taskQueue: options.taskQueue,
    args: [input],
  });
}

function handle(client: Client, sessionId: string, runId?: string): WorkflowHandle {
  return client.workflow.getHandle(sessionId, runId);
}

/**
 * Runs a query, once more if the worker refused it to protect the session: a worker that
 * had to run the workflow ahead of its task to answer drops that state and fails the query
 * (src/workflows/run-ahead-guard.ts); the retry is answered from history.
 */
export async function querySession<Ret, Args extends unknown[]>(
  h: WorkflowHandle,
  def: QueryDefinition<Ret, Args>,
  ...args: Args
): Promise<Ret> {
  try {
    return await h.query(def, ...args);
  } catch (err) {
    if (!(err instanceof Error) || !err.message.includes(RUN_AHEAD_MESSAGE)) throw err;
    return h.query(def, ...args);
  }
}

function toInput(message: string | UserMessageInput): UserMessageInput {
  const input = typeof message === 'string' ? { text: message } : message;
  validateUserMessage(input);
  return input;
}

/**
 * Sends a user message and resolves once the session has accepted it (its place in the
 * queue is then fixed); the returned handle's `result()` resolves when its turn ends.
 */
export async function submitMessage(
  client: Client,
  sessionId: string,
  message: string | UserMessageInput,
): Promise<WorkflowUpdateHandle<TurnResult>> {
  const input = toInput(message);
  for (let attempt = 0; ; attempt++) {
    const update = await handle(client, sessionId).startUpdate(sendMessageUpdate, {
      args: [input],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    // A session refuses updates for the moment it takes to continue as new; the next run
    // (the handle follows the chain) takes the message. A refusal comes back with the
    // acceptance response, so its outcome is already known: `result()` settles without a
    // network round trip, before any timer. An accepted update is still running.
    const refusal = await Promise.race([
      update.result().then(
        () => undefined,
        (err: unknown) => err,
      ),
      new Promise<'pending'>((resolve) => setImmediate(() => resolve('pending'))),
    ]);
    if (refusal === 'pending' || refusal === undefined) return update;
    if (!isContinuingAsNew(refusal) || attempt >= CONTINUE_AS_NEW_RETRIES) throw refusal;
    await new Promise((r) => setTimeout(r, Math.min(100 * 2 ** attempt, 2_000)));
  }
}

/** Sends a user message and waits for the turn to end; resolves with the reply (or the turn's typed error). */
export async function sendMessage(
  client: Client,
  sessionId: string,
  message: string | UserMessageInput,
): Promise<TurnResult> {
  return (await submitMessage(client, sessionId, message)).result();
}

/** Attempts of {@link sendMessage} while a session continues as new (about a minute in all). */
const CONTINUE_AS_NEW_RETRIES = 35;

function isContinuingAsNew(err: unknown): boolean {
  return (
    err instanceof WorkflowUpdateFailedError &&
    err.cause instanceof ApplicationFailure &&
    err.cause.type === FailureType.ContinuingAsNew
  );
}

/** Queues a user message without waiting (fire-and-forget, like `temporal workflow signal`). */
export async function signalMessage(
  client: Client,
  sessionId: string,
  message: string | UserMessageInput,
): Promise<void> {
  await handle(client, sessionId).signal(userMessageSignal, toInput(message));
}

/** Tokens used / budget / percent / turns left / compactions / model. */
export async function status(client: Client, sessionId: string): Promise<SessionStatus> {
  return querySession(handle(client, sessionId), statusQuery);
}

/** What the model would see now, paged. */
export async function view(client: Client, sessionId: string, page?: PageRequest): Promise<ViewPage> {
  return querySession(handle(client, sessionId), viewQuery, page);
}

/**
 * The whole compaction ledger, oldest first, across continue-as-new runs (each run carries
 * only the most recent records; earlier ones are read from the runs that wrote them).
 */
export async function ledger(client: Client, sessionId: string): Promise<CompactionRecord[]> {
  return acrossRuns(
    client,
    sessionId,
    (runId) => querySession(handle(client, sessionId, runId), ledgerQuery),
    (record) => record.id,
  );
}

/** Compacts now (between turns), optionally with a focus for the summarizer. */
export async function compact(client: Client, sessionId: string, focus?: string): Promise<CompactResult> {
  return handle(client, sessionId).executeUpdate(compactUpdate, { args: [focus === undefined ? {} : { focus }] });
}

/** Changes the configuration; resolves with the resulting configuration. */
export async function configure(client: Client, sessionId: string, patch: ConfigurePatch): Promise<SessionConfig> {
  return handle(client, sessionId).executeUpdate(configureUpdate, { args: [patch] });
}

/** Ends the session once its queued messages are processed. */
export async function end(client: Client, sessionId: string): Promise<void> {
  await handle(client, sessionId).signal(endSignal);
}

async function runLog(client: Client, sessionId: string, runId: string | undefined): Promise<LogItem[]> {
  const h = handle(client, sessionId, runId);
  const items: LogItem[] = [];
  let offset = 0;
  for (;;) {
    const page = await querySession(h, logQuery, { offset, limit: LOG_PAGE_SIZE });
    items.push(...page.items);
    const last = page.items.at(-1);
    if (!last || last.seq + 1 >= page.nextSeq) return items;
    offset = last.seq + 1;
  }
}

/**
 * The session's whole raw log, across continue-as-new runs, ordered by seq. Each run is
 * queried (Temporal answers queries on closed runs by replaying them on a worker), and the
 * runs' items are merged: items a later run dropped from its state come from the run that
 * held them.
 */
export async function log(client: Client, sessionId: string): Promise<LogItem[]> {
  return acrossRuns(
    client,
    sessionId,
    (runId) => runLog(client, sessionId, runId),
    (item) => item.seq,
  );
}

/**
 * Reads something from every run of a session (previous runs first, then the current one)
 * and merges it by a numeric key that runs on across continue-as-new, ordered by that key.
 */
async function acrossRuns<T>(
  client: Client,
  sessionId: string,
  read: (runId: string | undefined) => Promise<T[]>,
  key: (value: T) => number,
): Promise<T[]> {
  const current = await status(client, sessionId);
  const byKey = new Map<number, T>();
  for (const runId of [...current.previousRuns, undefined]) {
    for (const value of await read(runId)) byKey.set(key(value), value);
  }
  return [...byKey.values()].sort((a, b) => key(a) - key(b));
}

/**
 * True when the namespace has every search attribute sessions set
 * (src/workflows/search-attributes.ts). Workers enable them only then: upserting an
 * unregistered attribute would fail the session's workflow task.
 */
export async function searchAttributesRegistered(
  connection: { operatorService: Pick<Connection['operatorService'], 'listSearchAttributes'> },
  namespace = 'default',
): Promise<boolean> {
  try {
    const response = await connection.operatorService.listSearchAttributes({ namespace });
    const known = new Set(Object.keys(response.customAttributes ?? {}));
    return Object.values(SEARCH_ATTRIBUTES).every((k) => known.has(k.name));
  } catch {
    return false;
  }
}
