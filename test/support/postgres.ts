/**
 * A private PostgreSQL server for tests and benchmarks: `initdb` into a temporary directory
 * and `pg_ctl start` on a free loopback port — as the `postgres` user when running as root,
 * since PostgreSQL refuses to run as root — stopped and deleted afterwards. It needs only
 * the server binaries (Debian: `apt-get install postgresql`, as .ci/run does), no running
 * service. DURABLE_CONTEXT_TEST_PG_URL points the tests at an existing server instead.
 * Without either, starting fails with that advice: PostgreSQL tests never skip silently.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PostgreSQL server the caller may use, stop and start again. */
export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** Stops the server (fast shutdown); the data stays, `start()` brings it back on the same port. */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  /** Stops the server and deletes its data. */
  close(): Promise<void>;
}

/** Options of {@link startTestPostgres}. */
export interface TestPostgresOptions {
  /**
   * Keep PostgreSQL's durability settings (fsync, synchronous commit) as shipped, for
   * benchmarks; by default they are off, which is safe for a throwaway test database.
   */
  durable?: boolean;
}

/** The directory of `initdb` and `pg_ctl`: PG_BINDIR, Debian's newest /usr/lib/postgresql/N/bin, or PATH. */
export function postgresBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v));
    versions.sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  candidates.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
}

/** Starts a private server, or returns DURABLE_CONTEXT_TEST_PG_URL's (whose `close` does nothing). */
export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const external = process.env.DURABLE_CONTEXT_TEST_PG_URL;
  if (external) {
    const unsupported = async () => {
      throw new Error('cannot stop or start the server of DURABLE_CONTEXT_TEST_PG_URL');
    };
    return { url: external, stopServer: unsupported, startServer: unsupported, close: async () => undefined };
  }
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed: these tests need its server binaries (initdb, pg_ctl). ' +
        'Install them (Debian/Ubuntu: apt-get install postgresql; .ci/run does), set PG_BINDIR to their ' +
        'directory, or set DURABLE_CONTEXT_TEST_PG_URL=postgres://… to use a running server.',
    );
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
      throw new Error("running as root, PostgreSQL needs a non-root user and there is no 'postgres' user");
    });
    const uid = Number(stdout.trim());
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, uid, Number(gid.trim()));
  }
  const exec = (tool: string, args: string[]) => {
    const file = path.join(bin, tool);
    return asRoot
      ? run('runuser', ['-u', 'postgres', '--', file, ...args], { timeout: 60_000 })
      : run(file, args, { timeout: 60_000 });
  };
  const data = path.join(dir, 'data');
  try {
    await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${(err as { stderr?: string }).stderr ?? String(err)}`, { cause: err });
  }
  const settings = options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'];
  let port = 0;
  const startServer = async () => {
    const serverOptions = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses='127.0.0.1'", ...settings].join(' ');
    await exec('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      serverOptions,
      'start',
    ]);
  };
  const stopServer = async () => {
    await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    port = await freePort();
    try {
      await startServer();
      lastError = undefined;
      break;
    } catch (err) {
      lastError = err; // most likely the port was taken in between: try another
    }
  }
  if (lastError) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`pg_ctl start failed: ${(lastError as { stderr?: string }).stderr ?? String(lastError)}`, {
      cause: lastError,
    });
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stopServer,
    startServer,
    close: async () => {
      await stopServer().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
