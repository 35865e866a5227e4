/**
 * The runnable worker of src/worker.ts — same environment configuration (src/config.ts),
 * same plugin, store (a directory or DURABLE_CONTEXT_STORE_URL) and tools — except that it loads a workflow bundle built once
 * ($PREBUILT_WORKFLOW_BUNDLE, a file written from `bundleWorkflowCode`) instead of bundling
 * the workflow code at every start. On a loaded two-core machine bundling takes half a
 * minute, so tests that kill and restart workers every few seconds start this one
 * (test/support/worker-process.ts, `entry`).
 */
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { workerConfigFromEnv } from '../../src/config';
import { DurableContextPlugin } from '../../src/plugin';
import { describeStore, openStore } from '../../src/store/open-store';
import { loadTools, storeConfig } from '../../src/worker';

/** Environment variable with the path of the prebuilt workflow bundle. */
export const PREBUILT_BUNDLE_ENV = 'PREBUILT_WORKFLOW_BUNDLE';
/** This script, as `entry` of a worker process (relative to the project root). */
export const PREBUILT_WORKER_ENTRY = 'test/support/prebuilt-worker.ts';

async function main(): Promise<void> {
  const config = workerConfigFromEnv();
  const codePath = process.env[PREBUILT_BUNDLE_ENV];
  if (!codePath) throw new Error(`${PREBUILT_BUNDLE_ENV} must name a workflow bundle file`);
  Runtime.install({ logger: new DefaultLogger(config.logLevel) });
  const where = storeConfig(config);
  const connection = await NativeConnection.connect({ address: config.address });
  try {
    const plugin = new DurableContextPlugin({
      store: openStore(where),
      tools: await loadTools(config),
      models: {
        models: config.models,
        ...(config.baseURL ? { baseURL: config.baseURL } : {}),
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      },
    });
    const worker = await Worker.create({
      connection,
      namespace: config.namespace,
      taskQueue: config.taskQueue,
      plugins: [plugin],
      workflowBundle: { codePath },
    });
    // the readiness line of src/worker.ts, which test/support/worker-process.ts waits for
    console.log(
      `durable-context worker: task queue '${config.taskQueue}' on ${config.address}, store ${describeStore(where)}`,
    );
    await worker.run();
  } finally {
    await connection.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(`prebuilt worker: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
