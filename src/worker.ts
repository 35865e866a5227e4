/**
 * A runnable worker for durable-context sessions, configured from the environment (see
 * src/config.ts and the README). Stops cleanly on SIGINT/SIGTERM: the Temporal runtime
 * catches them, the worker stops polling and finishes in-flight tasks first.
 */
import { Client } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker, type WorkerPlugin } from '@temporalio/worker';
import { builtinTools } from './activities/tools/builtin';
import type { AnyToolDefinition } from './activities/tools/registry';
import { workerConfigFromEnv, type WorkerConfig } from './config';
import { InvalidConfigError } from './context/errors';
import { searchAttributesRegistered } from './client';
import { DurableContextEncryptionPlugin } from './encryption/encryption-plugin';
import { formatAge } from './retention/age';
import { ensureRetentionSchedule } from './retention/schedule';
import { telemetryFromEnv, tracingPlugin } from './observability/telemetry';
import { DurableContextPlugin } from './plugin';
import type { ContentStore } from './store/content-store';
import { describeStore, openStore, type StoreConfig } from './store/open-store';

/** The tools a worker offers: built-ins over `toolsRoot`, plus those of `toolsModule`. */
export async function loadTools(config: WorkerConfig): Promise<AnyToolDefinition[]> {
  const tools: AnyToolDefinition[] = [];
  if (config.toolsRoot) {
    const runCommand = config.runCommandAllow.length ? { allow: config.runCommandAllow } : undefined;
    tools.push(...builtinTools({ root: config.toolsRoot, ...(runCommand ? { runCommand } : {}) }));
  }
  if (config.toolsModule) {
    const mod = (await import(config.toolsModule)) as { default?: unknown; tools?: unknown };
    const extra = mod.default ?? mod.tools;
    if (!Array.isArray(extra)) {
      throw new InvalidConfigError(
        'DURABLE_CONTEXT_TOOLS_MODULE',
        'must export an array of tool definitions (default or `tools`)',
      );
    }
    tools.push(...(extra as AnyToolDefinition[]));
  }
  return tools;
}

/** The worker's content store settings: DURABLE_CONTEXT_STORE_URL, else the directory; its keys. */
export function storeConfig(config: WorkerConfig): StoreConfig {
  return {
    dir: config.storeDir,
    ...(config.storeUrl ? { url: config.storeUrl } : {}),
    ...(config.keyring ? { keyring: config.keyring } : {}),
  };
}

/**
 * Creates (but does not run) a worker for `config`, on `store` (default: the configured one;
 * the caller closes it after the worker stops), with `extraPlugins` (e.g. tracing).
 */
export async function createWorker(
  config: WorkerConfig,
  connection: NativeConnection,
  store: ContentStore = openStore(storeConfig(config)),
  extraPlugins: WorkerPlugin[] = [],
): Promise<Worker> {
  const searchAttributes =
    config.searchAttributes === 'on' ||
    (config.searchAttributes === 'auto' && (await searchAttributesRegistered(connection, config.namespace)));
  const plugin = new DurableContextPlugin({
    searchAttributes,
    store,
    ...(config.keyring ? { keyring: config.keyring } : {}),
    tools: await loadTools(config),
    ...(config.toolOutputLimits ? { toolOutputLimits: config.toolOutputLimits } : {}),
    models: {
      models: config.models,
      ...(config.baseURL ? { baseURL: config.baseURL } : {}),
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    },
  });
  return Worker.create({
    connection,
    namespace: config.namespace,
    taskQueue: config.taskQueue,
    plugins: [plugin, ...extraPlugins],
  });
}

/**
 * Creates or updates the retention schedule of the worker's task queue
 * (src/retention/schedule.ts); the worker runs its workflow and `pruneContent` activity.
 */
export async function scheduleRetention(
  config: WorkerConfig,
  connection: NativeConnection,
  retention: NonNullable<WorkerConfig['retention']>,
): Promise<void> {
  const encryption = new DurableContextEncryptionPlugin({ keyring: config.keyring });
  const client = new Client({ connection, namespace: config.namespace, plugins: [encryption] });
  const outcome = await ensureRetentionSchedule(client, { taskQueue: config.taskQueue, ...retention });
  console.log(
    `durable-context worker: retention schedule ${outcome}: content of sessions ended over ` +
      `${formatAge(retention.olderThanMs)} ago is removed every ${formatAge(retention.everyMs)}`,
  );
}

async function main(): Promise<void> {
  const config = workerConfigFromEnv();
  const telemetry = telemetryFromEnv();
  Runtime.install({
    logger: new DefaultLogger(config.logLevel),
    ...(telemetry.metrics ? { telemetryOptions: { metrics: telemetry.metrics } } : {}),
  });
  const tracing = tracingPlugin(telemetry);
  const connection = await NativeConnection.connect({ address: config.address }).catch((err: unknown) => {
    throw new Error(
      `cannot connect to Temporal at ${config.address} (set TEMPORAL_ADDRESS, or start a server: npm start): ${String(err)}`,
    );
  });
  const where = storeConfig(config);
  const store = openStore(where);
  try {
    const worker = await createWorker(config, connection, store, tracing ? [tracing.plugin] : []);
    if (config.retention) await scheduleRetention(config, connection, config.retention);
    console.log(
      `durable-context worker: task queue '${config.taskQueue}' on ${config.address}, ` +
        `store ${describeStore(where)}` +
        (config.keyring ? ', payloads encrypted' : ''),
    );
    await worker.run();
    console.log('durable-context worker: stopped');
  } finally {
    await tracing?.spans.shutdown();
    await store.close?.();
    await connection.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(`durable-context worker: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
