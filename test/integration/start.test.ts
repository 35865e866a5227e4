import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isServerUp, PROJECT_ROOT } from '../../src/cli/dev-server';
import { SCRIPTED_LABEL } from '../../src/cli/output';
import { startFakeOpenAI } from '../../src/testing/fake-openai';
import { connectClient, temporalAddress } from '../support/temporal';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');

/**
 * Starts `durable-context start` as `npm start` does (tsx on the CLI), with `env` over ours;
 * OPENAI_* and TEMPORAL_ADDRESS are dropped unless `env` sets them, and colors are off.
 */
function spawnCli(args: string[], env: Record<string, string>): ChildProcessWithoutNullStreams & { out: () => string } {
  const base: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
  for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'TEMPORAL_ADDRESS', 'FORCE_COLOR']) delete base[name];
  const child = spawn(TSX, ['src/cli/index.ts', 'start', ...args], { cwd: PROJECT_ROOT, env: { ...base, ...env } });
  let stdout = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
  return Object.assign(child, { out: () => stdout });
}

/** Runs the CLI to its end (killed after `timeoutMs`). */
function runCli(args: string[], env: Record<string, string>, timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, env);
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: child.out(), stderr });
    });
  });
}

/** Resolves once `child`'s stdout contains `text`; rejects if it exits first or after `timeoutMs`. */
function waitForOutput(child: ReturnType<typeof spawnCli>, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no '${text}' within ${timeoutMs} ms:\n${child.out()}`)), timeoutMs);
    const check = () => child.out().includes(text) && done();
    const onExit = (code: number | null) =>
      done(new Error(`exited (${code}) before printing '${text}':\n${child.out()}`));
    function done(err?: Error) {
      clearTimeout(timer);
      child.stdout.off('data', check);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    }
    child.stdout.on('data', check);
    child.once('exit', onExit);
    check();
  });
}

describe('npm start', () => {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'dc-start-'));
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it('runs the 60-turn scripted demo: a meter line per turn, compactions in the ledger, truncated tool output', async () => {
    const run = await runCli(['--exit', '--state-dir', stateDir], { TEMPORAL_ADDRESS: temporalAddress() }, 230_000);
    const out = run.stdout;
    expect(run.code, `${out}\n${run.stderr}`).toBe(0);
    // One abort listener per client call used to pile up on the Ctrl-C signal.
    expect(run.stderr).not.toContain('MaxListenersExceededWarning');

    // Labelled as scripted at the start and at the end.
    const labels = out.split('\n').filter((l) => l.includes(SCRIPTED_LABEL));
    expect(labels.length).toBe(2);
    expect(out.indexOf(SCRIPTED_LABEL)).toBeLessThan(out.indexOf('turn  1/60'));

    // One meter line per turn, in order, in the engine's format.
    const meters = out.split('\n').filter((l) => /^turn +\d+\/60 {2}📊 /.test(l));
    expect(meters).toHaveLength(60);
    expect(meters.map((l) => Number(/^turn +(\d+)/.exec(l)?.[1]))).toEqual(meters.map((_, i) => i + 1));
    for (const l of meters) {
      expect(l).toMatch(
        /📊 [\d.]+K?\/[\d.]+K \([\d.]+%\)( (~\d+ turns? to compaction|compaction next turn|99\+ turns to compaction))? {2}\d+ steps?/,
      );
    }
    // The estimate no longer says ~0 turns left half way through the window.
    expect(meters.filter((l) => / ~0 turns/.test(l))).toEqual([]);
    expect(meters.some((l) => l.includes('⟳ compacted'))).toBe(true);
    expect(meters.some((l) => l.includes('✗'))).toBe(false);

    // The answers are about this repository's files, read for real.
    expect(out).toMatch(/README\.md has \d+ lines; sections: durable-context/);
    expect(out).toMatch(/src\/context\/\S+\.ts has \d+ lines; it exports/);

    // The ledger: at least two range summaries (each a row naming its seq range).
    const rows = out.split('\n').filter((l) => /^│ \d+ +│ \d+ +│/.test(l));
    expect(rows.filter((r) => r.includes('range-summary') && /seq \d+–\d+/.test(r)).length).toBeGreaterThanOrEqual(2);
    const compactions = Number(/^compactions: +(\d+)/m.exec(out)?.[1]);
    expect(compactions).toBe(rows.length);

    // Truncated tool output: reported in the turn and counted in the totals.
    expect(out).toMatch(/✂ truncated: read_file package-lock\.json/);
    expect(Number(/^truncated tool results: +(\d+)/m.exec(out)?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(/^items in the raw log: +(\d+)/m.exec(out)?.[1])).toBeGreaterThan(60 * 3);

    // The content store went to the state directory, not the repository's .durable-context.
    expect(existsSync(path.join(stateDir, 'store'))).toBe(true);
  }, 240_000);

  it('reports an unknown live model with the registry error and exit code 1, before starting anything', async () => {
    const run = await runCli(
      ['--exit', '--state-dir', stateDir],
      {
        TEMPORAL_ADDRESS: temporalAddress(),
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
        DURABLE_CONTEXT_MODEL: 'my-local-model',
      },
      60_000,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^✗ InvalidConfig: Invalid configuration 'models\.my-local-model\.contextWindow': the context window of model 'my-local-model' is unknown/m,
    );
    expect(run.stdout).not.toMatch(/Using the Temporal server/);
  }, 90_000);

  it("a second concurrent start reuses the first one's dev server; Ctrl-C then stops the first cleanly", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-start-reuse-'));
    const [port, uiPort] = [await freePort(), await freePort()];
    const ports = ['--port', String(port), '--ui-port', String(uiPort), '--state-dir', dir];
    const first = spawnCli([...ports, '--turns', '2'], {});
    try {
      await waitForOutput(first, 'press Ctrl-C to stop', 90_000);
      expect(first.out()).toContain(`Started the Temporal dev server at 127.0.0.1:${port}`);
      expect(first.out()).toContain(`http://127.0.0.1:${uiPort}/namespaces/default/workflows/demo-`);
      expect(first.out()).toMatch(
        /Resume it from another terminal while this runs: durable-context chat --session demo-\S+/,
      );

      const second = await runCli([...ports, '--turns', '2', '--exit'], {}, 90_000);
      expect(second.code, second.stdout + second.stderr).toBe(0);
      expect(second.stdout).toContain(`Reusing the Temporal dev server already running at 127.0.0.1:${port}.`);
      expect(second.stdout.split('\n').filter((l) => /^turn \d\/2 {2}📊/.test(l))).toHaveLength(2);
      // The reusing process leaves the server to its owner.
      expect(await isServerUp(`127.0.0.1:${port}`)).toBe(true);

      const exited = new Promise<number | null>((resolve) => first.once('exit', (code) => resolve(code)));
      first.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(first.out()).toContain('Stopped; the session ended');
      expect(existsSync(path.join(dir, 'server.json'))).toBe(false);
      expect(await isServerUp(`127.0.0.1:${port}`, 1_000)).toBe(false);
    } finally {
      if (first.exitCode === null) first.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('an unreachable server is one line with its typed cause', async () => {
    const run = await runCli(['--exit', '--state-dir', stateDir], { TEMPORAL_ADDRESS: '127.0.0.1:9' }, 60_000);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      '✗ ServerUnreachable: cannot reach the Temporal server at 127.0.0.1:9 (TEMPORAL_ADDRESS): connection refused',
    );
  });

  it('Ctrl-C in the middle of the demo leaves no Running workflow behind', async () => {
    const child = spawnCli(['--exit', '--state-dir', stateDir], { TEMPORAL_ADDRESS: temporalAddress() });
    try {
      await waitForOutput(child, 'turn  2/60', 90_000);
      const id = /Session (demo-\S+) on task queue/.exec(child.out())?.[1] ?? '';
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(child.out()).toMatch(
        /Interrupted; the session (ended|terminated) \(inspect it: durable-context inspect demo-/,
      );
      const client = await connectClient();
      try {
        const { status } = await client.workflow.getHandle(id).describe();
        expect(['COMPLETED', 'TERMINATED']).toContain(status.name);
      } finally {
        await client.connection.close();
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);

  it('live mode: a provider 401 is one typed line, with no stack trace or multi-line warning', async () => {
    const fake = await startFakeOpenAI({ contextWindow: 128_000 });
    fake.injectFault({ kind: 'status', status: 401, message: 'Incorrect API key provided' }, 5);
    try {
      const child = spawnCli(['--exit', '--state-dir', stateDir], {
        TEMPORAL_ADDRESS: temporalAddress(),
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'wrong',
        DURABLE_CONTEXT_MODEL: 'gpt-4o-mini',
      });
      let stderr = '';
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
      child.stdin.end('Hello?\n');
      const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
      const out = child.out();
      expect(code, `${out}\n${stderr}`).toBe(0);
      expect(out).toMatch(/^ {2}✗ ProviderRejected: .*401/m);
      expect(out + stderr).not.toMatch(/\n\s+at /);
      // At most one line per warning (the SDK's records spanned dozens).
      expect(stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(3);
    } finally {
      await fake.close();
    }
  }, 150_000);
});
