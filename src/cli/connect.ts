/**
 * The Temporal connection of the operating commands (`send`, `status`, `log`, `replay`, …):
 * TEMPORAL_ADDRESS (default 127.0.0.1:7233) and TEMPORAL_NAMESPACE (default `default`), the
 * translation of "workflow not found" into an operator's message naming the session, and
 * the check that a worker polls a session's task queue before anything waits for one.
 */
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { DurableContextEncryptionPlugin } from '../encryption/encryption-plugin';
import { keyringFromEnv } from '../encryption/keys-from-env';
import { CliError, firstLine, messageOf } from './failure';

export { CliError, messageOf } from './failure';

/** Where the commands connect when TEMPORAL_ADDRESS is not set (the dev server's default). */
export const DEFAULT_TEMPORAL_ADDRESS = '127.0.0.1:7233';
/** Namespace used when TEMPORAL_NAMESPACE is not set. */
export const DEFAULT_TEMPORAL_NAMESPACE = 'default';

/** The server the commands talk to, from the environment. */
export interface Target {
  address: string;
  namespace: string;
}

/** TEMPORAL_ADDRESS and TEMPORAL_NAMESPACE, with their defaults. */
export function targetFromEnv(env: Record<string, string | undefined> = process.env): Target {
  return {
    address: env.TEMPORAL_ADDRESS || DEFAULT_TEMPORAL_ADDRESS,
    namespace: env.TEMPORAL_NAMESPACE || DEFAULT_TEMPORAL_NAMESPACE,
  };
}

/**
 * Runs `fn` with a client on the target server; the connection is closed afterwards. The
 * client encrypts and decrypts payloads with the keys of DURABLE_CONTEXT_KEYS or
 * DURABLE_CONTEXT_KEY_FILE, as the workers do.
 */
export async function withClient<T>(fn: (client: Client, target: Target) => Promise<T>): Promise<T> {
  const target = targetFromEnv();
  const encryption = new DurableContextEncryptionPlugin({ keyring: keyringFromEnv() });
  let connection: Connection;
  try {
    connection = await Connection.connect({ address: target.address, connectTimeout: '5s' });
  } catch (err) {
    throw unreachable(target.address, err);
  }
  try {
    return await fn(new Client({ connection, namespace: target.namespace, plugins: [encryption] }), target);
  } finally {
    await connection.close();
  }
}

/**
 * Runs `fn`, the calls of one command on session `sessionId`, after checking that a worker
 * polls its task queue (unless `needsWorker` is false: a signal needs none). A "not found"
 * from the server means either that there is no such workflow, or that it is closed and
 * cannot take a signal or update: `describe` tells them apart, so the message says which.
 */
export async function onSession<T>(
  client: Client,
  target: Target,
  sessionId: string,
  fn: () => Promise<T>,
  options: { needsWorker?: boolean } = {},
): Promise<T> {
  if (options.needsWorker !== false) await requireWorker(client, target, sessionId);
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
    const description = await client.workflow
      .getHandle(sessionId)
      .describe()
      .catch((e: unknown) => {
        if (e instanceof WorkflowNotFoundError) return undefined;
        throw e;
      });
    if (!description) throw new CliError(noSessionMessage(sessionId, target), 'SessionNotFound');
    throw new CliError(
      `session '${sessionId}' is ${description.status.name.toLowerCase()}: ${err.message}`,
      'SessionClosed',
    );
  }
}

/** `cannot reach the Temporal server at <address> (TEMPORAL_ADDRESS): connection refused` */
export function unreachable(address: string, err: unknown): CliError {
  const error = new CliError(
    `cannot reach the Temporal server at ${address} (TEMPORAL_ADDRESS): ${transportReason(messageOf(err))}`,
    'ServerUnreachable',
  );
  error.cause = err;
  return error;
}

/**
 * The reason inside a transport error, without the Rust or gRPC wrapping: the native
 * connection reports `tonic::transport::Error(… message: "Connection refused" …)`.
 */
export function transportReason(message: string): string {
  const inner = /message: "([^"]+)"/.exec(message)?.[1] ?? /\d+ [A-Z_]+: (.+)/.exec(message)?.[1];
  const reason = inner ?? firstLine(message);
  return reason.length > 160 ? `${reason.slice(0, 159)}…` : reason.charAt(0).toLowerCase() + reason.slice(1);
}

/** A poller seen this recently is a live worker (a poll is re-issued at least every ~70 s). */
const LIVE_POLLER_MS = 90_000;
/** Task queue kind NORMAL and type WORKFLOW of the workflow service's enums. */
const TASK_QUEUE_KIND_NORMAL = 1;
const TASK_QUEUE_TYPE_WORKFLOW = 1;

/**
 * Fails fast, naming the task queue, when no worker polls the session's task queue: queries
 * and updates would otherwise wait for the server's timeout (30 s for a query, forever for
 * an update) and end with a message that names neither. Also the "no session" check.
 * @returns the session's task queue.
 */
export async function requireWorker(client: Client, target: Target, sessionId: string): Promise<string> {
  const description = await client.workflow
    .getHandle(sessionId)
    .describe()
    .catch((err: unknown) => {
      if (err instanceof WorkflowNotFoundError)
        throw new CliError(noSessionMessage(sessionId, target), 'SessionNotFound');
      throw err;
    });
  await requirePoller(client, target, description.taskQueue, `session '${sessionId}'`);
  return description.taskQueue;
}

/**
 * Fails with `NoWorker`, naming the queue and what needs it, unless a worker polled
 * `taskQueue` recently.
 */
export async function requirePoller(client: Client, target: Target, taskQueue: string, forWhat: string): Promise<void> {
  const response = await client.workflowService.describeTaskQueue({
    namespace: target.namespace,
    taskQueue: { name: taskQueue, kind: TASK_QUEUE_KIND_NORMAL },
    taskQueueType: TASK_QUEUE_TYPE_WORKFLOW,
  });
  const now = Date.now();
  const live = (response.pollers ?? []).some((p) => {
    const seconds = Number(p.lastAccessTime?.seconds ?? 0);
    return seconds === 0 || now - seconds * 1000 < LIVE_POLLER_MS;
  });
  if (!live) {
    throw new CliError(
      `no worker polls task queue '${taskQueue}' of ${forWhat}: start one on that queue ` +
        `(DURABLE_CONTEXT_TASK_QUEUE=${taskQueue}, see "The runnable worker" in the README)`,
      'NoWorker',
    );
  }
}

/** `no session '<id>' in namespace 'default' at 127.0.0.1:7233` */
export function noSessionMessage(sessionId: string, target: Target): string {
  return `no session '${sessionId}' in namespace '${target.namespace}' at ${target.address}`;
}
