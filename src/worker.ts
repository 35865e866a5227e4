/**
 * A runnable worker for durable-context sessions, configured from the environment (see
 * src/config.ts and the README). Stops cleanly on SIGINT/SIGTERM: the Temporal runtime
 * catches them, the worker stops polling and finishes in-flight tasks first.
 */
import { DefaultLogger, NativeConnection, Runtime, Worker, type WorkerPlugin } from '@temporalio/worker';
import { builtinTools } from './activities/tools/builtin';
import type { AnyToolDefinition } from './activities/tools/registry';
import { workerConfigFromEnv, type WorkerConfig } from './config';
import { InvalidConfigError } from './context/errors';
import { searchAttributesRegistered } from './client';
import { telemetryFromEnv, tracingPlugin } from './observability/telemetry';
import { DurableContextPlugin } from './plugin';
import { FilesystemStore } from './store/filesystem-store';

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

/** Creates (but does not run) a worker for `config`. */
export async function createWorker(
  config: WorkerConfig,
  connection: NativeConnection,
  extraPlugins: WorkerPlugin[] = [],
): Promise<Worker> {
  const searchAttributes =
    config.searchAttributes === 'on' ||
    (config.searchAttributes === 'auto' && (await searchAttributesRegistered(connection, config.namespace)));
  const plugin = new DurableContextPlugin({
    searchAttributes,
    store: new FilesystemStore(config.storeDir),
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
  try {
    const worker = await createWorker(config, connection, tracing ? [tracing.plugin] : []);
    console.log(
      `durable-context worker: task queue '${config.taskQueue}' on ${config.address}, store ${config.storeDir}`,
    );
    await worker.run();
    console.log('durable-context worker: stopped');
  } finally {
    await tracing?.spans.shutdown();
    await connection.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(`durable-context worker: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
