/** Runs the durable-context CLI (tsx on src/cli/index.ts, as `npm start` does) as a child process. */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/cli/dev-server';

/** How a CLI run ended. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The tsx binary of this checkout. */
export const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');

/** Our environment without colors, namespace, store, key and OpenAI settings, plus `env`. */
export function cliEnv(env: Record<string, string>): Record<string, string | undefined> {
  const base: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
  for (const name of [
    'FORCE_COLOR',
    'TEMPORAL_NAMESPACE',
    'DURABLE_CONTEXT_STORE_DIR',
    'DURABLE_CONTEXT_STORE_URL',
    'DURABLE_CONTEXT_KEYS',
    'DURABLE_CONTEXT_KEY_FILE',
    'OPENAI_API_KEY',
    'OPENAI_BASE_URL',
  ]) {
    delete base[name];
  }
  return { ...base, ...env };
}

/** Runs `durable-context <args>` to its end (killed after `timeoutMs`); `input` goes to its stdin. */
export function runCli(
  args: string[],
  options: { env: Record<string, string>; input?: string; timeoutMs?: number },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['src/cli/index.ts', ...args], { cwd: PROJECT_ROOT, env: cliEnv(options.env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
    child.stdin.end(options.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `exit N`, stdout and stderr, for assertion messages. */
export const showRun = (r: CliRun) => `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;

/** True when tmux is installed (the terminal tests need it; .ci/run installs it). */
export function hasTmux(): boolean {
  return spawnSync('tmux', ['-V']).status === 0;
}
