import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node' with { 'resolution-mode': 'import' };
import { bundleWorkflowCode } from '@temporalio/worker';
import { PROJECT_ROOT, startDevServer, type DevServer } from '../../src/cli/dev-server';
import { RUN_AHEAD_GUARD_MODULE } from '../../src/plugin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** gRPC address of the Temporal server the tests run against. */
    temporalAddress: string;
    /** Path of the workflow bundle built once for this test run. */
    workflowBundlePath: string;
  }
}

/**
 * Starts one real Temporal dev server (unless TEMPORAL_ADDRESS points at one) and bundles
 * the workflow code once; both are shared by every test file of the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: DevServer | undefined;
  let address = process.env.TEMPORAL_ADDRESS;
  if (!address) {
    server = await startDevServer({
      logFile: path.join(PROJECT_ROOT, '.vitest-temporal', 'server.log'),
    });
    address = server.address;
  }
  const teardown = async () => {
    await server?.stop();
  };
  try {
    const { code } = await bundleWorkflowCode({
      workflowsPath: path.join(PROJECT_ROOT, 'src', 'workflows', 'index.ts'),
      workflowInterceptorModules: [RUN_AHEAD_GUARD_MODULE],
      logger: quietLogger,
    });
    const dir = path.join(PROJECT_ROOT, '.vitest-temporal');
    mkdirSync(dir, { recursive: true });
    const bundlePath = path.join(dir, 'workflow-bundle.js');
    writeFileSync(bundlePath, code);
    project.provide('temporalAddress', address);
    project.provide('workflowBundlePath', bundlePath);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}

const noop = () => undefined;
const quietLogger = { trace: noop, debug: noop, info: noop, warn: console.warn, error: console.error, log: noop };
