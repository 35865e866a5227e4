/**
 * The Temporal connection of the operating commands (`send`, `status`, `log`, `replay`, …):
 * TEMPORAL_ADDRESS (default 127.0.0.1:7233) and TEMPORAL_NAMESPACE (default `default`), and
 * the translation of "workflow not found" into an operator's message naming the session.
 */
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { DurableContextEncryptionPlugin } from '../encryption/encryption-plugin';
import { keyringFromEnv } from '../encryption/keys-from-env';

/** Where the commands connect when TEMPORAL_ADDRESS is not set (the dev server's default). */
export const DEFAULT_TEMPORAL_ADDRESS = '127.0.0.1:7233';
/** Namespace used when TEMPORAL_NAMESPACE is not set. */
export const DEFAULT_TEMPORAL_NAMESPACE = 'default';

/** An error the CLI reports as one line, `durable-context: <message>`, with exit code 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

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
    connection = await Connection.connect({ address: target.address, connectTimeout: '10s' });
  } catch (err) {
    throw new CliError(`cannot reach the Temporal server at ${target.address} (TEMPORAL_ADDRESS): ${messageOf(err)}`);
  }
  try {
    return await fn(new Client({ connection, namespace: target.namespace, plugins: [encryption] }), target);
  } finally {
    await connection.close();
  }
}

/**
 * Runs `fn`, the calls of one command on session `sessionId`. A "not found" from the server
 * means either that there is no such workflow, or that it is closed and cannot take a signal
 * or update: `describe` tells them apart, so the message says which.
 */
export async function onSession<T>(
  client: Client,
  target: Target,
  sessionId: string,
  fn: () => Promise<T>,
): Promise<T> {
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
    if (!description) throw new CliError(noSessionMessage(sessionId, target));
    throw new CliError(`session '${sessionId}' is ${description.status.name.toLowerCase()}: ${err.message}`);
  }
}

/** `no session '<id>' in namespace 'default' at 127.0.0.1:7233` */
export function noSessionMessage(sessionId: string, target: Target): string {
  return `no session '${sessionId}' in namespace '${target.namespace}' at ${target.address}`;
}

/** The message of any thrown value. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
