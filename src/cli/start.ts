import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import * as roundTripActivities from '../activities/round-trip';
import { PROJECT_ROOT, startDevServer, type DevServer } from './dev-server';

/** Options of `durable-context start`. */
export interface StartOptions {
  exit?: boolean;
  port: number;
  uiPort: number;
}

const STATE_DIR = path.join(PROJECT_ROOT, '.durable-context');
const TASK_QUEUE = 'durable-context-demo';

/**
 * The main job: the embedded Temporal dev server (SQLite file under .durable-context/,
 * reused when already running), a worker, and one workflow run end to end.
 */
export async function runStart(options: StartOptions): Promise<void> {
  let server: DevServer | undefined;
  let address = process.env.TEMPORAL_ADDRESS;
  if (address) {
    console.log(`Using the Temporal server at ${address} (TEMPORAL_ADDRESS).`);
  } else {
    server = await startDevServer({
      port: options.port,
      uiPort: options.uiPort,
      dbFilename: path.join(STATE_DIR, 'temporal.db'),
      stateFile: path.join(STATE_DIR, 'server.json'),
      logFile: path.join(STATE_DIR, 'temporal-server.log'),
    });
    address = server.address;
    console.log(
      server.reused
        ? `Reusing the Temporal dev server already running at ${address}.`
        : `Started the Temporal dev server at ${address} (data: .durable-context/temporal.db).`,
    );
  }

  Runtime.install({ logger: new DefaultLogger('WARN') });
  const nativeConnection = await NativeConnection.connect({ address });
  const connection = await Connection.connect({ address });
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const worker = await Worker.create({
      connection: nativeConnection,
      taskQueue: TASK_QUEUE,
      workflowsPath: require.resolve('../workflows'),
      activities: roundTripActivities,
    });
    await worker.runUntil(async () => {
      const client = new Client({ connection });
      const workflowId = `round-trip-${Date.now()}`;
      const result = await client.workflow.execute('roundTrip', {
        taskQueue: TASK_QUEUE,
        workflowId,
        args: [{ text: 'hello from durable-context' }],
      });
      console.log(`Workflow ${workflowId} completed: ${result}`);
      if (server?.uiUrl) console.log(`Temporal UI: ${server.uiUrl}/namespaces/default/workflows/${workflowId}`);
      if (!options.exit) {
        console.log('Server and worker keep running for the UI; press Ctrl-C to stop.');
        await new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }));
      }
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await connection.close();
    await nativeConnection.close();
    await server?.stop();
  }
}
