/**
 * A workflow-only worker for the update-order reproduction, run as a child process so the
 * test can SIGKILL it: its sticky queue then stays assigned but unpolled, as after a crash.
 *
 * Environment: TEMPORAL_ADDRESS, TASK_QUEUE, WORKFLOW_BUNDLE (path of a prebuilt bundle of
 * ./workflows.ts), STICKY_TIMEOUT_MS (sticky queue schedule-to-start timeout).
 */
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';

/** The line printed once the worker is about to poll. */
export const READY_LINE = 'update-order worker: polling';

async function main(): Promise<void> {
  const env = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const connection = await NativeConnection.connect({ address: env('TEMPORAL_ADDRESS') });
  const worker = await Worker.create({
    connection,
    taskQueue: env('TASK_QUEUE'),
    workflowBundle: { codePath: env('WORKFLOW_BUNDLE') },
    stickyQueueScheduleToStartTimeout: Number(env('STICKY_TIMEOUT_MS')),
  });
  console.log(READY_LINE);
  await worker.run();
  await connection.close();
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
