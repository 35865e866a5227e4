/**
 * The product's real worker (`src/worker.ts`, configured from the environment) as a child
 * process, so tests can end it the hard way (SIGKILL: no shutdown, no activity completion,
 * no heartbeat) and start a fresh one, exactly as an operator's crash would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UserModelSpec } from '../../src/activities/models';
import { PROJECT_ROOT } from '../../src/cli/dev-server';

/** What a worker process is started with (each becomes an environment variable of src/config.ts). */
export interface WorkerProcessOptions {
  temporalAddress: string;
  taskQueue: string;
  storeDir: string;
  /** OpenAI-compatible endpoint (the fake server's url). */
  openaiBaseUrl: string;
  models: UserModelSpec[];
  /** A module default-exporting tool definitions. */
  toolsModule?: string;
  /** Extra environment (e.g. for the tools module). */
  env?: Record<string, string>;
  /** How long to wait for the readiness line; default 60 s (the worker bundles the workflows first). */
  readyTimeoutMs?: number;
  /**
   * Entry script, relative to the project root; default `src/worker.ts`. It must print
   * src/worker.ts's readiness line (test/support/prebuilt-worker.ts does).
   */
  entry?: string;
}

/** A running worker process. */
export interface WorkerProcess {
  readonly pid: number;
  /** Everything it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGKILLs the whole process group (npx/tsx and node) and waits until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the worker drains and exits; waits until it is gone. */
  stop(): Promise<void>;
  /** Settles when the process has exited, whatever ended it. */
  readonly exited: Promise<void>;
}

/** The line src/worker.ts prints once the worker is created and about to poll. */
const READY = /durable-context worker: task queue '([^']+)'/;

const running = new Set<ChildProcess>();
process.once('exit', () => {
  // never leave a worker behind when the test process ends early
  for (const child of running) killGroup(child, 'SIGKILL');
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Writes the models file the worker reads from DURABLE_CONTEXT_MODELS_FILE. */
export function writeModelsFile(models: UserModelSpec[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-models-'));
  const file = path.join(dir, 'models.json');
  writeFileSync(file, JSON.stringify(models));
  return file;
}

/**
 * Starts `npx tsx src/worker.ts` in its own process group and resolves once it printed its
 * readiness line; rejects (with its output) if it exits or stays silent first.
 */
export async function startWorkerProcess(options: WorkerProcessOptions): Promise<WorkerProcess> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    TEMPORAL_ADDRESS: options.temporalAddress,
    DURABLE_CONTEXT_TASK_QUEUE: options.taskQueue,
    DURABLE_CONTEXT_STORE_DIR: options.storeDir,
    DURABLE_CONTEXT_MODELS_FILE: writeModelsFile(options.models),
    DURABLE_CONTEXT_LOG_LEVEL: 'WARN',
    OPENAI_BASE_URL: options.openaiBaseUrl,
    OPENAI_API_KEY: 'test',
    ...options.env,
  };
  if (options.toolsModule) env.DURABLE_CONTEXT_TOOLS_MODULE = options.toolsModule;
  // vitest's own variables would make tsx-run code think it is inside a test
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  const child = spawn('npx', ['--no-install', 'tsx', options.entry ?? 'src/worker.ts'], {
    cwd: PROJECT_ROOT,
    env,
    detached: true, // its own process group, so SIGKILL reaches tsx's node child too
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      resolve();
    });
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup(child, 'SIGKILL');
      reject(new Error(`worker process not ready after ${options.readyTimeoutMs ?? 60_000} ms:\n${output}`));
    }, options.readyTimeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (READY.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`worker process exited (${signal ?? code}) before it was ready:\n${output}`));
    });
  });
  const pid = child.pid as number;
  return {
    pid,
    output: () => output,
    exited,
    kill: async () => {
      killGroup(child, 'SIGKILL');
      await exited;
    },
    stop: async () => {
      killGroup(child, 'SIGTERM');
      await exited;
    },
  };
}
