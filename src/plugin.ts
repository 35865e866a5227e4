/**
 * The durable-context Temporal plugin: registers the session workflow and its activities.
 * Use it on `Worker.create`, `Worker.runReplayHistory` and `Client`:
 *
 * ```ts
 * const plugin = new DurableContextPlugin({ store: new FilesystemStore('/shared/blobs'), tools });
 * const worker = await Worker.create({ connection, taskQueue: 'agents', plugins: [plugin] });
 * ```
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SimplePlugin } from '@temporalio/plugin';
import type { ReplayWorkerOptions, WorkerOptions } from '@temporalio/worker';
import { createActivities, type ActivitiesOptions } from './activities/create-activities';
import { loadInstructions } from './activities/instructions';
import { withPayloadEncryption } from './encryption/encryption-plugin';
import type { Keyring } from './encryption/keyring';
import type { SessionActivities } from './workflows/activities';

/** Options of {@link DurableContextPlugin}: the activities' dependencies, and the payload keys. */
export interface DurableContextPluginOptions extends ActivitiesOptions {
  /**
   * Encrypts every Temporal payload (AES-256-GCM, src/encryption/payload-codec.ts) with the
   * first key; any key decrypts. Without it payloads go as they are, and an encrypted one
   * fails with a `DecryptionFailed` error that names its key. Clients need the same keys:
   * `DurableContextEncryptionPlugin`.
   */
  keyring?: Keyring;
}

/** Name under which the plugin registers. */
export const PLUGIN_NAME = 'durable-context';

/** Builds every activity the session workflow calls. */
export function sessionActivities(options: DurableContextPluginOptions): SessionActivities {
  return { ...createActivities(options), loadInstructions };
}

/**
 * Registers the `agentSession` workflow (by path, unless the worker already has a
 * `workflowsPath` or a prebuilt `workflowBundle`) and the activities built from `options`.
 */
export class DurableContextPlugin extends SimplePlugin {
  constructor(options: DurableContextPluginOptions) {
    super({
      name: PLUGIN_NAME,
      activities: sessionActivities(options),
      dataConverter: withPayloadEncryption(options.keyring),
    });
  }

  override configureWorker(options: WorkerOptions): WorkerOptions {
    return super.configureWorker(withWorkflows(options));
  }

  override configureReplayWorker(options: ReplayWorkerOptions): ReplayWorkerOptions {
    return super.configureReplayWorker(withWorkflows(options));
  }
}

/**
 * The workflows module to bundle: this package's workflows entry point, compiled (`.js`)
 * or, when running from source (tsx, vitest), the TypeScript file.
 */
export function workflowsPath(): string {
  for (const ext of ['.js', '.ts']) {
    const file = path.join(__dirname, 'workflows', `index${ext}`);
    if (existsSync(file)) return file;
  }
  throw new Error(`durable-context: no workflows entry point next to ${__filename}`);
}

function withWorkflows<T extends { workflowsPath?: string; workflowBundle?: unknown }>(options: T): T {
  if (options.workflowsPath || options.workflowBundle) return options;
  return { ...options, workflowsPath: workflowsPath() };
}
