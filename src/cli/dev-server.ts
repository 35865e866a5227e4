import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import { searchAttributeFlags } from '../workflows/search-attributes';

const execFileAsync = promisify(execFile);

/** Repository root (this file lives in src/cli). */
export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

/** A running Temporal dev server, owned by this process or reused from another. */
export interface DevServer {
  /** gRPC address, e.g. `127.0.0.1:7233`. */
  readonly address: string;
  /** Web UI address, when the UI is enabled. */
  readonly uiUrl?: string;
  /** True when another process started it and this one only reuses it. */
  readonly reused: boolean;
  /** Stops the server if this process owns it; a no-op for a reused one. */
  stop(): Promise<void>;
}

export interface StartDevServerOptions {
  /** gRPC port; a free loopback port when omitted. */
  port?: number;
  /** Web UI port; the UI is off (headless) when omitted. */
  uiPort?: number;
  /** SQLite file for persistence; in-memory when omitted. */
  dbFilename?: string;
  /**
   * A JSON file recording the running server (pid + address). When it names a live,
   * answering server, that server is reused instead of starting a second one.
   */
  stateFile?: string;
  /** Max time to wait for the server to answer. */
  startTimeoutMs?: number;
  /** Extra `--dynamic-config-value` entries, e.g. `limit.historyCount.suggestContinueAsNew=200`. */
  dynamicConfig?: string[];
  /** Where the server's stdout/stderr go; discarded when omitted. */
  logFile?: string;
}

/** Resolves the Temporal CLI binary, building it on first use (see scripts/temporal-cli.sh). */
export async function resolveTemporalCli(): Promise<string> {
  const script = path.join(PROJECT_ROOT, 'scripts', 'temporal-cli.sh');
  const { stdout } = await execFileAsync('bash', [script], { maxBuffer: 1 << 20, timeout: 20 * 60_000 });
  const cli = stdout.trim().split('\n').pop() ?? '';
  if (!cli || !existsSync(cli)) {
    throw new Error(`scripts/temporal-cli.sh did not yield a Temporal CLI binary (got '${cli}')`);
  }
  return cli;
}

/** Returns a free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** True when a Temporal frontend answers at `address` within `timeoutMs`. */
export async function isServerUp(address: string, timeoutMs = 2_000): Promise<boolean> {
  try {
    const connection = await Connection.connect({ address, connectTimeout: timeoutMs });
    try {
      await connection.workflowService.getSystemInfo({});
      return true;
    } finally {
      await connection.close();
    }
  } catch {
    return false;
  }
}

async function waitUntilUp(address: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`Temporal dev server exited with code ${child.exitCode} before answering at ${address}`);
    }
    if (await isServerUp(address, 1_000)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Temporal dev server did not answer at ${address} within ${timeoutMs} ms`);
}

interface ServerState {
  pid: number;
  address: string;
  uiUrl?: string;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function reuseFromState(stateFile: string): Promise<DevServer | undefined> {
  if (!existsSync(stateFile)) return undefined;
  let state: ServerState;
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8')) as ServerState;
  } catch {
    return undefined;
  }
  if (!pidAlive(state.pid) || !(await isServerUp(state.address))) return undefined;
  return { address: state.address, uiUrl: state.uiUrl, reused: true, stop: async () => undefined };
}

/**
 * Starts `temporal server start-dev` and resolves once it answers, or reuses the server
 * recorded in `stateFile` when that one is alive.
 */
export async function startDevServer(options: StartDevServerOptions = {}): Promise<DevServer> {
  if (options.stateFile) {
    const reused = await reuseFromState(options.stateFile);
    if (reused) return reused;
  }
  const cli = await resolveTemporalCli();
  let stdio: 'ignore' | ['ignore', number, number] = 'ignore';
  if (options.logFile) {
    mkdirSync(path.dirname(options.logFile), { recursive: true });
    const { openSync } = await import('node:fs');
    const fd = openSync(options.logFile, 'a');
    stdio = ['ignore', fd, fd];
  }
  if (options.dbFilename) mkdirSync(path.dirname(options.dbFilename), { recursive: true });
  // The ports are found free, then bound by the server a moment later: another process (or
  // the server's own services, which bind ports of their own) may take one in between, and the
  // server exits at once. It is started again on other ports.
  for (let attempt = 1; ; attempt += 1) {
    const port = options.port ?? (await freePort());
    const address = `127.0.0.1:${port}`;
    if (await isServerUp(address, 500)) {
      throw new Error(
        `A Temporal server already answers at ${address} but was not started by durable-context; ` +
          `set TEMPORAL_ADDRESS=${address} to use it, or stop it.`,
      );
    }
    const child = spawn(cli, await devServerArgs(port, options), { stdio });
    try {
      await waitUntilUp(address, child, options.startTimeoutMs ?? 60_000);
    } catch (err) {
      child.kill('SIGKILL');
      if (child.exitCode !== null && attempt < START_ATTEMPTS) continue;
      throw err;
    }
    return started(child, address, options);
  }
}

/** Starts of the dev server tried when it exits before answering (a port taken between finding it and binding it). */
const START_ATTEMPTS = 3;

/** The arguments of `temporal server start-dev` on `port`, with free HTTP and metrics ports. */
async function devServerArgs(port: number, options: StartDevServerOptions): Promise<string[]> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--log-level', 'warn'];
  args.push('--http-port', String(await freePort()), '--metrics-port', String(await freePort()));
  if (options.uiPort !== undefined) args.push('--ui-port', String(options.uiPort));
  else args.push('--headless');
  if (options.dbFilename) args.push('--db-filename', options.dbFilename);
  for (const kv of options.dynamicConfig ?? []) args.push('--dynamic-config-value', kv);
  // Sessions set these (src/workflows/visibility.ts); the server must know them first.
  for (const sa of searchAttributeFlags()) args.push('--search-attribute', sa);
  return args;
}

/** The running server `child` answering at `address`, recorded in the state file when one is given. */
function started(child: ChildProcess, address: string, options: StartDevServerOptions): DevServer {
  const uiUrl = options.uiPort !== undefined ? `http://127.0.0.1:${options.uiPort}` : undefined;
  if (options.stateFile) {
    mkdirSync(path.dirname(options.stateFile), { recursive: true });
    writeFileSync(options.stateFile, JSON.stringify({ pid: child.pid ?? -1, address, uiUrl } satisfies ServerState));
  }
  return {
    address,
    uiUrl,
    reused: false,
    async stop() {
      if (options.stateFile) rmSync(options.stateFile, { force: true });
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
