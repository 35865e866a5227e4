import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker, type WorkerOptions } from '@temporalio/worker';

let runtimeInstalled = false;

/** Keeps the worker runtime's logs to warnings and errors so test output stays readable. */
export function installQuietRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  Runtime.install({ logger: new DefaultLogger('ERROR') });
}

/** The address of the run's Temporal server (from the global setup). */
export function temporalAddress(): string {
  return inject('temporalAddress');
}

let bundleCode: string | undefined;
/** The workflow bundle built once per run by the global setup. */
export function workflowBundle(): { code: string } {
  bundleCode ??= readFileSync(inject('workflowBundlePath'), 'utf8');
  return { code: bundleCode };
}

/** A client on the run's Temporal server. Close its connection in `afterAll`. */
export async function connectClient(): Promise<Client> {
  const connection = await Connection.connect({ address: temporalAddress() });
  return new Client({ connection });
}

/** A unique id for a workflow or task queue, so tests never see each other's state. */
export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}

/**
 * Runs `fn` while a worker polls `taskQueue` on the run's server with the shared bundle.
 * The worker is shut down afterwards, also when `fn` throws.
 */
export async function withWorker<T>(
  options: Omit<WorkerOptions, 'connection' | 'workflowBundle' | 'workflowsPath'> & { taskQueue: string },
  fn: (worker: Worker) => Promise<T>,
): Promise<T> {
  installQuietRuntime();
  const connection = await NativeConnection.connect({ address: temporalAddress() });
  try {
    const worker = await Worker.create({ connection, workflowBundle: workflowBundle(), ...options });
    return await worker.runUntil(fn(worker));
  } finally {
    await connection.close();
  }
}
