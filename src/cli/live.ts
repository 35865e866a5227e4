/**
 * Live mode of `durable-context start`: a real model over OPENAI_BASE_URL / OPENAI_API_KEY,
 * user messages read from stdin one line per turn (with a prompt on a terminal; until EOF
 * when piped).
 */
import { createInterface } from 'node:readline';
import pc from 'picocolors';
import { resolveModel, type UserModelSpec } from '../activities/models';
import { workerConfigFromEnv } from '../config';
import { clip } from './demo/describe';
import type { SessionRun } from './session-run';

/** Default model of live mode. */
export const DEFAULT_LIVE_MODEL = 'gpt-4o-mini';

/** The live model's endpoint and registry, from the environment. */
export interface LiveConfig {
  model: string;
  models: UserModelSpec[];
  baseURL?: string;
  apiKey?: string;
}

/** True when the environment points at a real model. */
export function liveModeRequested(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.OPENAI_API_KEY || env.OPENAI_BASE_URL);
}

/**
 * Reads and validates live mode's configuration: `DURABLE_CONTEXT_MODEL` (default
 * gpt-4o-mini) must resolve in the model registry, extended by `DURABLE_CONTEXT_MODELS_FILE`.
 * @throws InvalidConfigError with the registry's message (e.g. an unknown context window).
 */
export function liveConfigFromEnv(env: Record<string, string | undefined> = process.env): LiveConfig {
  const worker = workerConfigFromEnv(env);
  const model = env.DURABLE_CONTEXT_MODEL?.trim() || DEFAULT_LIVE_MODEL;
  resolveModel(model, worker.models);
  const config: LiveConfig = { model, models: worker.models };
  if (worker.baseURL) config.baseURL = worker.baseURL;
  if (worker.apiKey) config.apiKey = worker.apiKey;
  return config;
}

/** Runs one turn per line of stdin until EOF (or Ctrl-C), printing each reply and its meter. */
export async function chatFromStdin(run: SessionRun, signal: AbortSignal): Promise<void> {
  const tty = Boolean(process.stdin.isTTY);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
  const close = () => rl.close();
  signal.addEventListener('abort', close, { once: true });
  // On a terminal readline takes Ctrl-C itself; make it stop the session like SIGINT does.
  rl.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
  rl.setPrompt(pc.cyan('you › '));
  if (tty) {
    console.log(pc.dim('Type a message per line; Ctrl-D ends the session.'));
    rl.prompt();
  }
  try {
    for await (const raw of rl) {
      const line = raw.trim();
      if (line) {
        if (!tty) console.log(pc.cyan(`you › ${clip(line, 200)}`));
        const result = await run.turn(line);
        if (!result) break;
      }
      if (signal.aborted) break;
      if (tty) rl.prompt();
    }
  } finally {
    signal.removeEventListener('abort', close);
    rl.close();
  }
}
