/**
 * Everything a model-facing activity needs for a model name: its resolved spec, its token
 * counter, and an OpenAI client for its endpoint. Clients are created once per endpoint and
 * never retry (`maxRetries: 0`): Temporal owns retries.
 */
import OpenAI from 'openai';
import { InvalidConfigError } from '../context/errors';
import { resolveModel, type EncodingName, type ModelSpec, type UserModelSpec } from './models';
import { encodingForModelName, tokenCounter, type TokenCounter } from './tokenizer';

/** Default per-request timeout: long generations are legitimate, hung sockets are not. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10 * 60_000;
/** Default interval between heartbeats while waiting on the provider. */
export const DEFAULT_HEARTBEAT_INTERVAL_MS = 5_000;

/** Endpoint, credentials and models of the model-facing activities. */
export interface ModelsConfig {
  /** OpenAI-compatible endpoint; default `OPENAI_BASE_URL`, else OpenAI's. */
  baseURL?: string;
  /** API key; default `OPENAI_API_KEY`. Optional when `baseURL` points at a local server. */
  apiKey?: string;
  /** The user's models (local models, overrides of known figures). */
  models?: UserModelSpec[];
  /** Encoding for models whose tokenizer neither the registry nor tiktoken knows; default o200k_base. */
  defaultEncoding?: EncodingName;
  timeoutMs?: number;
  heartbeatIntervalMs?: number;
  /** Environment to read defaults from (tests pass their own); default `process.env`. */
  env?: Record<string, string | undefined>;
}

/** Resolves models, counters and clients for the activities. */
export class ModelRuntime {
  private readonly clients = new Map<string, OpenAI>();
  private readonly env: Record<string, string | undefined>;
  readonly heartbeatIntervalMs: number;

  constructor(private readonly config: ModelsConfig = {}) {
    this.env = config.env ?? process.env;
    this.heartbeatIntervalMs = config.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_INTERVAL_MS;
  }

  /** The spec of `name` (throws `InvalidConfigError` for an unknown context window). */
  async spec(name: string): Promise<ModelSpec> {
    const users = this.config.models ?? [];
    const spec = resolveModel(name, users);
    const user = users.find((m) => m.name === name);
    // a user model without an explicit encoding: tiktoken's table, else the configured fallback
    if (user && user.encoding === undefined && spec.encoding === 'o200k_base') {
      spec.encoding = await encodingForModelName(name, this.config.defaultEncoding ?? 'o200k_base');
    }
    return spec;
  }

  /** The token counter of `name`'s encoding. */
  async counter(name: string): Promise<TokenCounter> {
    return tokenCounter((await this.spec(name)).encoding);
  }

  /** The client for `spec`'s endpoint. */
  client(spec: ModelSpec): OpenAI {
    const baseURL = spec.baseURL ?? this.config.baseURL ?? this.env['OPENAI_BASE_URL'];
    const apiKey =
      (spec.apiKeyEnv ? this.env[spec.apiKeyEnv] : undefined) ?? this.config.apiKey ?? this.env['OPENAI_API_KEY'];
    if (!apiKey && !baseURL) {
      throw new InvalidConfigError(
        'apiKey',
        'set OPENAI_API_KEY (or configure apiKey), or point baseURL at a local server',
      );
    }
    const key = `${baseURL ?? ''}\n${apiKey ?? ''}`;
    let client = this.clients.get(key);
    if (!client) {
      client = new OpenAI({
        ...(baseURL ? { baseURL } : {}),
        // local OpenAI-compatible servers usually ignore the key, but the client requires one
        apiKey: apiKey || 'unused',
        maxRetries: 0,
        timeout: this.config.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      });
      this.clients.set(key, client);
    }
    return client;
  }
}
