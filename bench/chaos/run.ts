/**
 * `npm run chaos` (issue 11, item 6): many concurrent sessions × many turns against a real
 * Temporal dev server persisting to a SQLite file, the fake provider injecting random faults,
 * two worker processes SIGKILLed and restarted every few seconds, and the server itself
 * restarted once (same database, same port). Then every session is checked (see
 * test/support/chaos-run.ts and test/support/chaos-check.ts); the figures are printed and
 * the exit code is 1 on any violation. Everything the run leaves (database, content store,
 * effects, histories, worker and server logs, report.json) stays in its directory.
 *
 *   npm run chaos -- --sessions 30 --turns 15 --seed s1 --kill-every 5-10 --restart-after 60
 *
 * Every flag also reads from the environment: CHAOS_SESSIONS, CHAOS_TURNS, CHAOS_SEED, ….
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundleWorkflowCode, DefaultLogger, Runtime } from '@temporalio/worker';
import { freePort, startDevServer, type DevServer } from '../../src/cli/dev-server';
import { DurableContextPlugin, RUN_AHEAD_GUARD_MODULE, workflowsPath } from '../../src/plugin';
import { MemoryStore } from '../../src/store/memory-store';
import { DEFAULT_FAULTS } from '../../test/support/chaos-provider';
import { formatReport, passed } from '../../test/support/chaos-report';
import { runChaos } from '../../test/support/chaos-run';

const FLAGS = {
  sessions: { default: '30', help: 'concurrent sessions' },
  turns: { default: '15', help: 'user messages per session' },
  seed: { default: '', help: 'seed of every random choice (a new one when empty)' },
  'fault-rate': { default: String(DEFAULT_FAULTS.rate), help: 'share of provider requests that get a fault' },
  workers: { default: '2', help: 'worker processes on the task queue' },
  'kill-every': { default: '5-10', help: 'life of a worker before its SIGKILL, seconds (min-max); 0: never' },
  'restart-after': { default: '60', help: 'seconds until the Temporal server restarts; -1: never' },
  'chaos-for': { default: '3600', help: 'seconds after which kills stop (they also stop when all sessions end)' },
  timeout: { default: '5400', help: 'seconds after which the drivers give up' },
  window: { default: '16000', help: "the model's context window, tokens" },
  'continue-as-new-after': { default: '300', help: 'history events after which a session continues as new' },
  dir: { default: '', help: 'run directory (a new one under the system temp dir when empty)' },
  worker: {
    default: 'prebuilt',
    help: 'prebuilt: workers load a bundle built once (test/support/prebuilt-worker.ts); src: src/worker.ts, bundling at every start',
  },
} as const;
type Flag = keyof typeof FLAGS;

function usage(): string {
  const lines = Object.entries(FLAGS).map(
    ([k, v]) => `  --${k.padEnd(24)} ${v.help}${v.default ? ` (default ${v.default})` : ''}`,
  );
  return `usage: npm run chaos -- [flags]\n${lines.join('\n')}`;
}

function readFlags(): Record<Flag, string> {
  const options = Object.fromEntries(Object.keys(FLAGS).map((k) => [k, { type: 'string' as const }]));
  const { values } = parseArgs({ options: { ...options, help: { type: 'boolean' } }, strict: true });
  if (values.help) {
    console.log(usage());
    process.exit(0);
  }
  const env = (k: string) => process.env[`CHAOS_${k.toUpperCase().replace(/-/g, '_')}`];
  return Object.fromEntries(
    Object.entries(FLAGS).map(([k, v]) => [k, (values as Record<string, unknown>)[k] ?? env(k) ?? v.default]),
  ) as Record<Flag, string>;
}

function number(flags: Record<Flag, string>, flag: Flag, min: number): number {
  const n = Number(flags[flag]);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${flag} must be a number ≥ ${min}, got '${flags[flag]}'`);
  return n;
}

function range(flags: Record<Flag, string>, flag: Flag): [number, number] | undefined {
  if (flags[flag] === '0') return undefined;
  const m = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(flags[flag]);
  if (!m || Number(m[1]) > Number(m[2])) throw new Error(`--${flag} must be min-max seconds, got '${flags[flag]}'`);
  return [Number(m[1]) * 1000, Number(m[2]) * 1000];
}

async function main(): Promise<void> {
  const flags = readFlags();
  const runDir = flags.dir ? path.resolve(flags.dir) : mkdtempSync(path.join(os.tmpdir(), 'dc-chaos-'));
  mkdirSync(runDir, { recursive: true });
  const seed = flags.seed || `chaos-${Date.now().toString(36)}`;
  const log = (line: string) => console.log(`[chaos] ${line}`);
  Runtime.install({ logger: new DefaultLogger('ERROR') });

  const serverOptions = {
    port: await freePort(),
    dbFilename: path.join(runDir, 'temporal.db'),
    logFile: path.join(runDir, 'server.log'),
  };
  let server: DevServer = await startDevServer(serverOptions);
  log(`run directory ${runDir}; Temporal at ${server.address} (database ${serverOptions.dbFilename}); seed ${seed}`);
  try {
    const noop = () => undefined;
    const logger = { trace: noop, debug: noop, info: noop, warn: console.warn, error: console.error, log: noop };
    const workflowBundle = await bundleWorkflowCode({
      workflowsPath: workflowsPath(),
      workflowInterceptorModules: [RUN_AHEAD_GUARD_MODULE],
      logger,
    });
    if (flags.worker !== 'prebuilt' && flags.worker !== 'src') throw new Error(`--worker must be prebuilt or src`);
    const bundlePath = path.join(runDir, 'workflow-bundle.js');
    writeFileSync(bundlePath, workflowBundle.code);
    const restartAfter = number(flags, 'restart-after', -1);
    const report = await runChaos({
      temporal: {
        address: server.address,
        restart: async () => {
          await server.stop();
          server = await startDevServer(serverOptions);
        },
      },
      ...(restartAfter >= 0 ? { restartServerAfterMs: restartAfter * 1000 } : {}),
      sessions: number(flags, 'sessions', 1),
      turns: number(flags, 'turns', 1),
      seed,
      runDir,
      contextWindow: number(flags, 'window', 2_000),
      faults: { ...DEFAULT_FAULTS, rate: number(flags, 'fault-rate', 0) },
      workers: number(flags, 'workers', 1),
      ...(range(flags, 'kill-every') ? { workerLifeMs: range(flags, 'kill-every') } : {}),
      chaosMs: number(flags, 'chaos-for', 0) * 1000,
      runTimeoutMs: number(flags, 'timeout', 1) * 1000,
      continueAsNewAfterEvents: number(flags, 'continue-as-new-after', 50),
      ...(flags.worker === 'prebuilt' ? { workflowBundlePath: bundlePath } : {}),
      replay: { workflowBundle, plugins: [new DurableContextPlugin({ store: new MemoryStore() })] },
      log,
    });
    writeFileSync(path.join(runDir, 'report.json'), JSON.stringify(report, null, 2));
    console.log(formatReport(report));
    console.log(`(run directory: ${runDir})`);
    process.exitCode = passed(report) ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(),
  (err: unknown) => {
    console.error(`chaos: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(2);
  },
);
