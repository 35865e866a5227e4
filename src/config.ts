/**
 * Worker configuration from the environment, validated with clear errors that name the
 * variable at fault. Nothing here has a silent fallback for a value that was set but wrong.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { InvalidConfigError } from './context/errors';
import { validateUserModels, type UserModelSpec } from './activities/models';
import type { Keyring } from './encryption/keyring';
import { keyringFromEnv } from './encryption/keys-from-env';
import { parseAge } from './retention/age';
import { parseStoreUrl, STORE_URL_VAR } from './store/open-store';
import { truncateLimitsProblem, type TruncateLimits } from './context/truncate';

/** Default task queue of sessions and workers. */
export const DEFAULT_TASK_QUEUE = 'durable-context';
/** Default Temporal frontend. */
export const DEFAULT_TEMPORAL_ADDRESS = '127.0.0.1:7233';
/** Default state directory (content store, dev-server database), relative to the working directory. */
export const DEFAULT_STATE_DIR = '.durable-context';

/** Log levels of the Temporal runtime's logger. */
export const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A worker's configuration. */
export interface WorkerConfig {
  address: string;
  namespace: string;
  taskQueue: string;
  /** Directory of the filesystem content store. */
  storeDir: string;
  /** DURABLE_CONTEXT_STORE_URL: the shared store (`postgres://…`), used instead of `storeDir`. */
  storeUrl?: string;
  /** Keys of DURABLE_CONTEXT_KEYS or DURABLE_CONTEXT_KEY_FILE: payloads and stored content are encrypted. */
  keyring?: Keyring;
  /** Root of the built-in file tools; they are off when unset. */
  toolsRoot?: string;
  /** Executables `run_command` may run; the tool is off when empty. */
  runCommandAllow: string[];
  /** A module whose default export is an array of tool definitions (`defineTool`). */
  toolsModule?: string;
  /** Extra models (local models served over the OpenAI protocol), from a JSON file. */
  models: UserModelSpec[];
  /** Log level of the Temporal runtime. */
  logLevel: LogLevel;
  /**
   * Whether sessions set this project's search attributes: `auto` (default) when the
   * namespace has them registered, `on`, or `off`.
   */
  searchAttributes: 'auto' | 'on' | 'off';
  /** Fixed limits of tool output (a ceiling; results are also sized to the model's window). */
  toolOutputLimits?: TruncateLimits;
  /**
   * DURABLE_CONTEXT_RETENTION (`30d`): the worker keeps a Temporal Schedule that removes the
   * content of sessions ended longer ago, every DURABLE_CONTEXT_RETENTION_EVERY (default 1h).
   * Off when unset.
   */
  retention?: { olderThanMs: number; everyMs: number };
  /** OpenAI-compatible endpoint and key (the openai package's own variables). */
  baseURL?: string;
  apiKey?: string;
}

function directory(name: string, value: string): string {
  const dir = path.resolve(value);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new InvalidConfigError(name, `'${value}' is not a directory`);
  }
  return dir;
}

function readModels(file: string): UserModelSpec[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new InvalidConfigError(
      'DURABLE_CONTEXT_MODELS_FILE',
      `cannot read JSON from '${file}': ${(err as Error).message}`,
    );
  }
  return validateUserModels(parsed, 'DURABLE_CONTEXT_MODELS_FILE');
}

/** Reads and validates the worker's configuration from `env`. */
export function workerConfigFromEnv(env: Record<string, string | undefined> = process.env): WorkerConfig {
  const taskQueue = env.DURABLE_CONTEXT_TASK_QUEUE ?? DEFAULT_TASK_QUEUE;
  if (taskQueue.trim() === '') throw new InvalidConfigError('DURABLE_CONTEXT_TASK_QUEUE', 'must not be empty');
  const config: WorkerConfig = {
    address: env.TEMPORAL_ADDRESS ?? DEFAULT_TEMPORAL_ADDRESS,
    namespace: env.TEMPORAL_NAMESPACE ?? 'default',
    taskQueue,
    storeDir: path.resolve(env.DURABLE_CONTEXT_STORE_DIR ?? path.join(DEFAULT_STATE_DIR, 'store')),
    runCommandAllow: (env.DURABLE_CONTEXT_RUN_COMMANDS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    models: env.DURABLE_CONTEXT_MODELS_FILE ? readModels(env.DURABLE_CONTEXT_MODELS_FILE) : [],
    logLevel: (env.DURABLE_CONTEXT_LOG_LEVEL ?? 'INFO').toUpperCase() as LogLevel,
    searchAttributes: (env.DURABLE_CONTEXT_SEARCH_ATTRIBUTES ?? 'auto') as WorkerConfig['searchAttributes'],
  };
  if (!['auto', 'on', 'off'].includes(config.searchAttributes)) {
    throw new InvalidConfigError('DURABLE_CONTEXT_SEARCH_ATTRIBUTES', 'must be auto, on or off');
  }
  if (!LOG_LEVELS.includes(config.logLevel)) {
    throw new InvalidConfigError('DURABLE_CONTEXT_LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  if (!/^[\w.-]+:\d+$/.test(config.address)) {
    throw new InvalidConfigError('TEMPORAL_ADDRESS', `expected host:port, got '${config.address}'`);
  }
  if (env.DURABLE_CONTEXT_TOOLS_ROOT)
    config.toolsRoot = directory('DURABLE_CONTEXT_TOOLS_ROOT', env.DURABLE_CONTEXT_TOOLS_ROOT);
  if (config.runCommandAllow.length && !config.toolsRoot) {
    throw new InvalidConfigError(
      'DURABLE_CONTEXT_RUN_COMMANDS',
      'needs DURABLE_CONTEXT_TOOLS_ROOT (the directory commands run in)',
    );
  }
  if (env.DURABLE_CONTEXT_TOOLS_MODULE) {
    const file = path.resolve(env.DURABLE_CONTEXT_TOOLS_MODULE);
    if (!existsSync(file)) throw new InvalidConfigError('DURABLE_CONTEXT_TOOLS_MODULE', `'${file}' does not exist`);
    config.toolsModule = file;
  }
  if (env.OPENAI_BASE_URL) {
    try {
      new URL(env.OPENAI_BASE_URL);
    } catch {
      throw new InvalidConfigError('OPENAI_BASE_URL', `'${env.OPENAI_BASE_URL}' is not a URL`);
    }
    config.baseURL = env.OPENAI_BASE_URL;
  }
  if (env.OPENAI_API_KEY) config.apiKey = env.OPENAI_API_KEY;
  const limits = toolOutputLimits(env);
  if (limits) config.toolOutputLimits = limits;
  if (env[STORE_URL_VAR]) config.storeUrl = parseStoreUrl(env[STORE_URL_VAR]);
  const keyring = keyringFromEnv(env);
  if (keyring) config.keyring = keyring;
  const retention = retentionFromEnv(env);
  if (retention) config.retention = retention;
  return config;
}

/** Default interval of the retention schedule. */
export const DEFAULT_RETENTION_EVERY = '1h';

/** DURABLE_CONTEXT_RETENTION and DURABLE_CONTEXT_RETENTION_EVERY, or undefined when retention is off. */
function retentionFromEnv(env: Record<string, string | undefined>): WorkerConfig['retention'] {
  if (!env.DURABLE_CONTEXT_RETENTION) {
    if (env.DURABLE_CONTEXT_RETENTION_EVERY) {
      throw new InvalidConfigError(
        'DURABLE_CONTEXT_RETENTION_EVERY',
        'needs DURABLE_CONTEXT_RETENTION (the age, e.g. 30d)',
      );
    }
    return undefined;
  }
  const olderThanMs = parseAge(env.DURABLE_CONTEXT_RETENTION, 'DURABLE_CONTEXT_RETENTION');
  const everyMs = parseAge(
    env.DURABLE_CONTEXT_RETENTION_EVERY ?? DEFAULT_RETENTION_EVERY,
    'DURABLE_CONTEXT_RETENTION_EVERY',
  );
  if (everyMs < 1000) throw new InvalidConfigError('DURABLE_CONTEXT_RETENTION_EVERY', 'must be at least 1s');
  return { olderThanMs, everyMs };
}

/** Environment variables of the tool-output limits, by field. */
export const TOOL_OUTPUT_LIMIT_VARS: Readonly<Record<keyof TruncateLimits, string>> = {
  maxBytes: 'DURABLE_CONTEXT_TOOL_OUTPUT_MAX_BYTES',
  maxChars: 'DURABLE_CONTEXT_TOOL_OUTPUT_MAX_CHARS',
  headLines: 'DURABLE_CONTEXT_TOOL_OUTPUT_HEAD_LINES',
  tailLines: 'DURABLE_CONTEXT_TOOL_OUTPUT_TAIL_LINES',
};

function toolOutputLimits(env: Record<string, string | undefined>): TruncateLimits | undefined {
  const limits: TruncateLimits = {};
  for (const field of Object.keys(TOOL_OUTPUT_LIMIT_VARS) as (keyof TruncateLimits)[]) {
    const name = TOOL_OUTPUT_LIMIT_VARS[field];
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    if (!/^\d+$/.test(raw.trim())) throw new InvalidConfigError(name, `must be a whole number, got '${raw}'`);
    limits[field] = Number(raw.trim());
  }
  const problem = truncateLimitsProblem(limits);
  if (problem) throw new InvalidConfigError(TOOL_OUTPUT_LIMIT_VARS[problem.field], problem.message);
  return Object.keys(limits).length ? limits : undefined;
}
