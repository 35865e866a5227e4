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
import { pruneContentActivity } from './retention/activity';
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

/** Builds every activity the session workflow calls, and the retention workflow's `pruneContent`. */
export function sessionActivities(
  options: DurableContextPluginOptions,
): SessionActivities & { pruneContent: ReturnType<typeof pruneContentActivity> } {
  return { ...createActivities(options), loadInstructions, pruneContent: pruneContentActivity(options.store) };
}

/**
 * Registers the `agentSession` and `contentRetention` workflows (by path, unless the worker already has a
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
 * The workflow interceptor module every worker of sessions must load: it keeps a worker from
 * completing a workflow task with commands the SDK made while running the workflow ahead
 * for a query, which would wedge the session (docs/sdk-update-replay-order.md). The plugin
 * adds it when it bundles the workflows; pass it to `bundleWorkflowCode`'s
 * `workflowInterceptorModules` when you prebuild a bundle.
 */
export const RUN_AHEAD_GUARD_MODULE = moduleNextToThis('run-ahead-guard');

/**
 * The workflows module to bundle: this package's workflows entry point, compiled (`.js`)
 * or, when running from source (tsx, vitest), the TypeScript file.
 */
export function workflowsPath(): string {
  return moduleNextToThis('index');
}

function moduleNextToThis(name: string): string {
  for (const ext of ['.js', '.ts']) {
    const file = path.join(__dirname, 'workflows', `${name}${ext}`);
    if (existsSync(file)) return file;
  }
  throw new Error(`durable-context: no workflows/${name} next to ${__filename}`);
}

type BundlingOptions = {
  workflowsPath?: string;
  workflowBundle?: unknown;
  interceptors?: { workflowModules?: string[] };
};

/** Adds the workflows (unless given) and, when the worker bundles them, the run-ahead guard. */
function withWorkflows<T extends BundlingOptions>(options: T): T {
  if (options.workflowBundle) return options;
  const modules = options.interceptors?.workflowModules ?? [];
  return {
    ...options,
    workflowsPath: options.workflowsPath ?? workflowsPath(),
    interceptors: {
      ...options.interceptors,
      workflowModules: modules.includes(RUN_AHEAD_GUARD_MODULE) ? modules : [...modules, RUN_AHEAD_GUARD_MODULE],
    },
  };
}
