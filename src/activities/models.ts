/**
 * The model registry: context window, max output tokens, tokenizer encoding and prices of
 * known models, extended by the user's own (local models served over the OpenAI protocol).
 * The context window is never guessed: an unknown window is a configuration error.
 */
import { InvalidConfigError } from '../context/errors';

/** Tokenizer encodings that js-tiktoken ships rank files for and that chat models use. */
export type EncodingName = 'o200k_base' | 'cl100k_base';

/** The encodings {@link EncodingName} allows, for validating user configuration. */
export const SUPPORTED_ENCODINGS: readonly EncodingName[] = ['o200k_base', 'cl100k_base'];

/** Which request field carries the output cap: newer OpenAI models only accept `max_completion_tokens`. */
export type MaxTokensParam = 'max_tokens' | 'max_completion_tokens';

/** A resolved model. */
export interface ModelSpec {
  name: string;
  /** Total tokens of prompt + completion the model accepts. */
  contextWindow: number;
  /** Most tokens the model can produce in one reply. */
  maxOutputTokens: number;
  encoding: EncodingName;
  /** USD per million input tokens, when known (cost estimates only). */
  inputPricePerMTok?: number;
  /** USD per million output tokens, when known. */
  outputPricePerMTok?: number;
  maxTokensParam: MaxTokensParam;
  /** Endpoint override for this model (e.g. a local server); default: the activities' endpoint. */
  baseURL?: string;
  /** Name of the environment variable holding this endpoint's API key. */
  apiKeyEnv?: string;
}

/** A user's model entry: `contextWindow` is required unless the name is a known model. */
export type UserModelSpec = Partial<ModelSpec> & { name: string };

type Known = Omit<ModelSpec, 'name' | 'maxTokensParam' | 'encoding'> & { encoding?: EncodingName };

/**
 * Known OpenAI models (windows, output caps and list prices as published by OpenAI at the
 * time of writing; override them with a user entry when they change).
 */
const KNOWN: Record<string, Known> = {
  'gpt-5': { contextWindow: 400_000, maxOutputTokens: 128_000, inputPricePerMTok: 1.25, outputPricePerMTok: 10 },
  'gpt-5-mini': { contextWindow: 400_000, maxOutputTokens: 128_000, inputPricePerMTok: 0.25, outputPricePerMTok: 2 },
  'gpt-5-nano': { contextWindow: 400_000, maxOutputTokens: 128_000, inputPricePerMTok: 0.05, outputPricePerMTok: 0.4 },
  'gpt-4.1': { contextWindow: 1_047_576, maxOutputTokens: 32_768, inputPricePerMTok: 2, outputPricePerMTok: 8 },
  'gpt-4.1-mini': {
    contextWindow: 1_047_576,
    maxOutputTokens: 32_768,
    inputPricePerMTok: 0.4,
    outputPricePerMTok: 1.6,
  },
  'gpt-4.1-nano': {
    contextWindow: 1_047_576,
    maxOutputTokens: 32_768,
    inputPricePerMTok: 0.1,
    outputPricePerMTok: 0.4,
  },
  'gpt-4o': { contextWindow: 128_000, maxOutputTokens: 16_384, inputPricePerMTok: 2.5, outputPricePerMTok: 10 },
  'gpt-4o-mini': { contextWindow: 128_000, maxOutputTokens: 16_384, inputPricePerMTok: 0.15, outputPricePerMTok: 0.6 },
  o3: { contextWindow: 200_000, maxOutputTokens: 100_000, inputPricePerMTok: 2, outputPricePerMTok: 8 },
  'o3-mini': { contextWindow: 200_000, maxOutputTokens: 100_000, inputPricePerMTok: 1.1, outputPricePerMTok: 4.4 },
  'o4-mini': { contextWindow: 200_000, maxOutputTokens: 100_000, inputPricePerMTok: 1.1, outputPricePerMTok: 4.4 },
  o1: { contextWindow: 200_000, maxOutputTokens: 100_000, inputPricePerMTok: 15, outputPricePerMTok: 60 },
  'gpt-4-turbo': {
    contextWindow: 128_000,
    maxOutputTokens: 4_096,
    inputPricePerMTok: 10,
    outputPricePerMTok: 30,
    encoding: 'cl100k_base',
  },
  'gpt-3.5-turbo': {
    contextWindow: 16_385,
    maxOutputTokens: 4_096,
    inputPricePerMTok: 0.5,
    outputPricePerMTok: 1.5,
    encoding: 'cl100k_base',
  },
};

/** Names of the built-in models. */
export const KNOWN_MODEL_NAMES: readonly string[] = Object.keys(KNOWN);

/** A dated snapshot suffix, e.g. `gpt-4o-2024-08-06` → `gpt-4o`. */
const SNAPSHOT_SUFFIX = /-\d{4}-\d{2}-\d{2}$/;

/**
 * Resolves `name` against the user's models first, then the built-in ones (dated snapshots
 * resolve to their family). Throws {@link InvalidConfigError} when the model's context
 * window is unknown or any figure is invalid.
 */
export function resolveModel(name: string, userModels: readonly UserModelSpec[] = []): ModelSpec {
  const user = userModels.find((m) => m.name === name);
  const known = KNOWN[name] ?? KNOWN[name.replace(SNAPSHOT_SUFFIX, '')];
  const field = `models.${name}`;
  const contextWindow = user?.contextWindow ?? known?.contextWindow;
  if (contextWindow === undefined) {
    throw new InvalidConfigError(
      `${field}.contextWindow`,
      `the context window of model '${name}' is unknown; add { name: '${name}', contextWindow: <tokens> } to the ` +
        `models configuration (its maximum output tokens are not its context window)`,
    );
  }
  assertPositiveInt(`${field}.contextWindow`, contextWindow);
  // A user model without an output cap gets a quarter of its window (at most 8192): a
  // documented default for the reply, never used as the window itself.
  const maxOutputTokens =
    user?.maxOutputTokens ?? known?.maxOutputTokens ?? Math.min(8_192, Math.floor(contextWindow / 4));
  assertPositiveInt(`${field}.maxOutputTokens`, maxOutputTokens);
  if (maxOutputTokens >= contextWindow) {
    throw new InvalidConfigError(
      `${field}.maxOutputTokens`,
      `must be smaller than the context window (${contextWindow})`,
    );
  }
  const encoding = user?.encoding ?? known?.encoding ?? 'o200k_base';
  if (!SUPPORTED_ENCODINGS.includes(encoding)) {
    throw new InvalidConfigError(`${field}.encoding`, `'${encoding}' is not one of ${SUPPORTED_ENCODINGS.join(', ')}`);
  }
  const spec: ModelSpec = {
    name,
    contextWindow,
    maxOutputTokens,
    encoding,
    maxTokensParam: user?.maxTokensParam ?? (known ? 'max_completion_tokens' : 'max_tokens'),
  };
  const inputPrice = user?.inputPricePerMTok ?? known?.inputPricePerMTok;
  const outputPrice = user?.outputPricePerMTok ?? known?.outputPricePerMTok;
  if (inputPrice !== undefined) spec.inputPricePerMTok = inputPrice;
  if (outputPrice !== undefined) spec.outputPricePerMTok = outputPrice;
  if (user?.baseURL !== undefined) spec.baseURL = user.baseURL;
  if (user?.apiKeyEnv !== undefined) spec.apiKeyEnv = user.apiKeyEnv;
  return spec;
}

/** The fields of a {@link UserModelSpec} and the type each must have. */
const USER_MODEL_FIELDS: Record<keyof ModelSpec, 'string' | 'int' | 'number'> = {
  name: 'string',
  contextWindow: 'int',
  maxOutputTokens: 'int',
  encoding: 'string',
  inputPricePerMTok: 'number',
  outputPricePerMTok: 'number',
  maxTokensParam: 'string',
  baseURL: 'string',
  apiKeyEnv: 'string',
};

/**
 * Checks a list of user model entries as read from JSON: each an object with a non-empty
 * `name`, only known fields, each of its type, and — resolved against the built-in models —
 * a context window and sane figures.
 * @throws InvalidConfigError naming the entry and field at fault, e.g. `models[0].contextWindow`.
 */
export function validateUserModels(value: unknown, field = 'models'): UserModelSpec[] {
  if (!Array.isArray(value))
    throw new InvalidConfigError(field, 'must be a JSON array of { name, contextWindow, ... }');
  value.forEach((entry: unknown, i) => {
    const at = `${field}[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new InvalidConfigError(at, 'must be an object like { "name": "…", "contextWindow": 131072 }');
    }
    const e = entry as Record<string, unknown>;
    if (typeof e.name !== 'string' || e.name.trim() === '') throw new InvalidConfigError(`${at}.name`, 'is required');
    for (const [key, v] of Object.entries(e)) {
      const kind = USER_MODEL_FIELDS[key as keyof ModelSpec];
      if (!kind) {
        throw new InvalidConfigError(
          `${at}.${key}`,
          `unknown field (known: ${Object.keys(USER_MODEL_FIELDS).join(', ')})`,
        );
      }
      const ok =
        kind === 'string'
          ? typeof v === 'string'
          : kind === 'int'
            ? Number.isInteger(v) && (v as number) > 0
            : typeof v === 'number' && Number.isFinite(v) && v >= 0;
      if (!ok) {
        const want = kind === 'int' ? 'a positive integer' : kind === 'number' ? 'a number ≥ 0' : 'a string';
        throw new InvalidConfigError(`${at}.${key}`, `must be ${want}, got ${JSON.stringify(v)}`);
      }
    }
    if (
      e.maxTokensParam !== undefined &&
      e.maxTokensParam !== 'max_tokens' &&
      e.maxTokensParam !== 'max_completion_tokens'
    ) {
      throw new InvalidConfigError(`${at}.maxTokensParam`, "must be 'max_tokens' or 'max_completion_tokens'");
    }
    try {
      resolveModel(e.name, [e as UserModelSpec]);
    } catch (err) {
      if (err instanceof InvalidConfigError) {
        throw new InvalidConfigError(err.field.replace(`models.${e.name}`, at), err.reason);
      }
      throw err;
    }
  });
  return value as UserModelSpec[];
}

/** Estimated USD cost of a call, or undefined when the model's prices are unknown. */
export function estimateCost(
  model: ModelSpec,
  usage: { promptTokens: number; completionTokens: number },
): number | undefined {
  if (model.inputPricePerMTok === undefined || model.outputPricePerMTok === undefined) return undefined;
  return (usage.promptTokens * model.inputPricePerMTok + usage.completionTokens * model.outputPricePerMTok) / 1e6;
}

function assertPositiveInt(field: string, value: number): void {
  if (!Number.isInteger(value) || value <= 0)
    throw new InvalidConfigError(field, `must be a positive integer, got ${value}`);
}
