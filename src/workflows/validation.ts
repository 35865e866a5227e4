/**
 * Validation of what users send into a session. Runs in update validators (so bad input
 * is rejected before it reaches workflow history), in the signal handler (signals cannot
 * be rejected, so bad ones are dropped and counted), and in the client helpers (so callers
 * get the error before anything is sent).
 */
import { ApplicationFailure } from '@temporalio/common';
import { FailureType, InvalidConfigError } from '../context/errors';
import { DEFAULT_COMPACTION_POLICY, resolvePolicy } from '../context/policy';
import { validateActivityOptions } from './activity-options';
import type { CompactInput, ConfigurePatch, SessionConfig, UserMessageInput } from './types';

/** Largest user message accepted, in UTF-8 bytes (well under Temporal's 2 MB payload limit). */
export const MAX_USER_MESSAGE_BYTES = 256 * 1024;
/** Longest caller-chosen message id. */
export const MAX_MESSAGE_ID_CHARS = 200;
/** Upper bound of `maxStepsPerTurn`. */
export const MAX_STEPS_PER_TURN_LIMIT = 500;
/** Model calls allowed per turn unless configured otherwise. */
export const DEFAULT_MAX_STEPS_PER_TURN = 50;
/** Longest `focus` of a manual compaction. */
export const MAX_FOCUS_CHARS = 2_000;

/** The fields of {@link SessionConfig}; anything else is refused (a typo must not pass silently). */
const CONFIG_FIELDS: readonly (keyof SessionConfig)[] = [
  'model',
  'systemPrompt',
  'instructions',
  'tools',
  'compaction',
  'summarizer',
  'reservedOutputTokens',
  'maxStepsPerTurn',
  'continueAsNewAfterEvents',
  'heartbeatTimeoutSeconds',
  'activities',
];

function invalid(message: string): ApplicationFailure {
  return ApplicationFailure.create({ type: FailureType.InvalidInput, message, nonRetryable: true });
}

function invalidConfig(field: string, message: string): ApplicationFailure {
  // A nested check already named its field: pass it on instead of prefixing it twice.
  return ApplicationFailure.create({
    type: FailureType.InvalidConfig,
    message: `Invalid configuration '${field}': ${message}`,
    nonRetryable: true,
  });
}

/** UTF-8 byte length without Node's Buffer (this module also runs in the workflow sandbox). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * Checks a user message's shape and size.
 * @throws ApplicationFailure of type `InvalidInput` naming what is wrong.
 */
export function validateUserMessage(input: unknown): asserts input is UserMessageInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid('A user message must be an object like { text: "..." }');
  }
  const { text, messageId } = input as Record<string, unknown>;
  if (typeof text !== 'string') throw invalid(`A user message needs a string 'text', got ${typeof text}`);
  if (text.trim() === '') throw invalid('A user message must not be empty');
  const bytes = utf8Bytes(text);
  if (bytes > MAX_USER_MESSAGE_BYTES) {
    throw invalid(`A user message may be at most ${MAX_USER_MESSAGE_BYTES} bytes, got ${bytes}`);
  }
  if (messageId !== undefined) {
    if (typeof messageId !== 'string' || messageId === '' || messageId.length > MAX_MESSAGE_ID_CHARS) {
      throw invalid(`'messageId' must be a non-empty string of at most ${MAX_MESSAGE_ID_CHARS} chars`);
    }
  }
}

/** Refuses fields an object of the configuration does not have (a typo must not pass silently). */
function checkKnownKeys(field: string, value: unknown, known: readonly string[]): void {
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) throw invalidConfig(`${field}.${key}`, `unknown field (known: ${known.join(', ')})`);
  }
}

function checkStringArray(field: string, value: unknown): void {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) {
    throw invalidConfig(field, 'must be an array of non-empty strings');
  }
}

/**
 * Checks a whole session configuration.
 * @throws ApplicationFailure of type `InvalidConfig` naming the field at fault.
 */
export function validateSessionConfig(config: unknown): asserts config is SessionConfig {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw invalidConfig('config', 'must be an object');
  }
  const c = config as Record<string, unknown>;
  for (const key of Object.keys(c)) {
    if (!(CONFIG_FIELDS as readonly string[]).includes(key)) {
      throw invalidConfig(key, `unknown field (known: ${CONFIG_FIELDS.join(', ')})`);
    }
  }
  if (typeof c.model !== 'string' || c.model.trim() === '') throw invalidConfig('model', 'must be a non-empty string');
  if (c.systemPrompt !== undefined && typeof c.systemPrompt !== 'string') {
    throw invalidConfig('systemPrompt', 'must be a string');
  }
  checkStringArray('tools', c.tools);
  const steps = c.maxStepsPerTurn;
  if (typeof steps !== 'number' || !Number.isInteger(steps) || steps < 1 || steps > MAX_STEPS_PER_TURN_LIMIT) {
    throw invalidConfig('maxStepsPerTurn', `must be an integer in [1, ${MAX_STEPS_PER_TURN_LIMIT}]`);
  }
  const reserved = c.reservedOutputTokens;
  if (reserved !== undefined && (typeof reserved !== 'number' || !Number.isInteger(reserved) || reserved < 1)) {
    throw invalidConfig('reservedOutputTokens', 'must be a positive integer');
  }
  const can = c.continueAsNewAfterEvents;
  if (can !== undefined && (typeof can !== 'number' || !Number.isInteger(can) || can < 50)) {
    throw invalidConfig('continueAsNewAfterEvents', 'must be an integer ≥ 50');
  }
  const hb = c.heartbeatTimeoutSeconds;
  if (hb !== undefined && (typeof hb !== 'number' || !Number.isInteger(hb) || hb < 1 || hb > 600)) {
    throw invalidConfig('heartbeatTimeoutSeconds', 'must be an integer in [1, 600]');
  }
  const s = c.summarizer as Record<string, unknown> | undefined;
  const summarizerOk =
    typeof s === 'object' &&
    s !== null &&
    (s.kind === 'extractive' || (s.kind === 'llm' && typeof s.model === 'string' && s.model !== ''));
  if (!summarizerOk) throw invalidConfig('summarizer', "must be { kind: 'extractive' } or { kind: 'llm', model }");
  if (c.instructions !== undefined) {
    const i = c.instructions as Record<string, unknown> | null;
    if (typeof i !== 'object' || i === null || typeof i.workDir !== 'string') {
      throw invalidConfig('instructions', 'must be { workDir: string }');
    }
  }
  if (c.activities !== undefined) validateActivityOptions(c.activities);
  checkKnownKeys('summarizer', c.summarizer, ['kind', 'model']);
  checkKnownKeys('instructions', c.instructions, ['workDir']);
  checkKnownKeys('compaction', c.compaction, Object.keys(DEFAULT_COMPACTION_POLICY));
  const compaction = c.compaction as Record<string, unknown> | undefined;
  checkKnownKeys(
    'compaction.slidingWindow',
    compaction?.slidingWindow,
    Object.keys(DEFAULT_COMPACTION_POLICY.slidingWindow),
  );
  try {
    resolvePolicy((c.compaction ?? {}) as never);
  } catch (err) {
    // The policy's own error names its field ('compaction.softThreshold'): keep it as it is.
    if (err instanceof InvalidConfigError) throw invalidConfig(err.field, err.reason);
    throw invalidConfig('compaction', err instanceof Error ? err.message : String(err));
  }
}

/**
 * A session's configuration with the workflow's own defaults filled in (tools none,
 * compaction and summarizer defaults, {@link DEFAULT_MAX_STEPS_PER_TURN}), validated: a
 * session can be started with only `{ model }`, from any client or the Temporal CLI.
 * @throws ApplicationFailure of type `InvalidConfig` naming the field at fault.
 */
export function normalizeSessionConfig(config: unknown): SessionConfig {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw invalidConfig('config', 'must be an object');
  }
  const filled = {
    tools: [],
    compaction: {},
    summarizer: { kind: 'extractive' },
    maxStepsPerTurn: DEFAULT_MAX_STEPS_PER_TURN,
    ...(config as Partial<SessionConfig>),
  };
  validateSessionConfig(filled);
  return filled;
}

/** Checks the input of the `compact` update. */
export function validateFocus(request: CompactInput | undefined): void {
  if (request === undefined || request === null) return;
  if (typeof request !== 'object' || Array.isArray(request)) throw invalid("'compact' takes { focus?: string }");
  for (const key of Object.keys(request)) if (key !== 'focus') throw invalid(`'compact' has no field '${key}'`);
  const focus = request.focus;
  if (focus !== undefined && (typeof focus !== 'string' || focus.length > MAX_FOCUS_CHARS)) {
    throw invalid(`'focus' must be a string of at most ${MAX_FOCUS_CHARS} chars`);
  }
}

/** Applies a `configure` patch and validates the result (the patch alone may be partial). */
export function applyConfigPatch(config: SessionConfig, patch: unknown): SessionConfig {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw invalidConfig('patch', 'must be an object');
  }
  const p = patch as ConfigurePatch;
  const next: SessionConfig = {
    ...config,
    ...p,
    compaction: p.compaction ? { ...config.compaction, ...p.compaction } : config.compaction,
  };
  validateSessionConfig(next);
  return next;
}
