/**
 * The one place where errors become Temporal failures: provider (OpenAI-compatible) errors,
 * network errors and the engine's typed errors map to an `ApplicationFailure` with a stable
 * `type`, `nonRetryable`, and `nextRetryDelay` from `Retry-After`.
 */
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { DurableContextError, FailureType } from '../context/errors';

/** Failure types that retrying the same activity cannot fix. */
const NON_RETRYABLE: ReadonlySet<string> = new Set<string>([
  FailureType.ContextOverflow,
  FailureType.ContextLengthExceeded,
  FailureType.CompactionNoProgress,
  FailureType.SummaryRejected,
  FailureType.ContentMissing,
  FailureType.ContentCorrupted,
  FailureType.ToolNotFound,
  FailureType.InvalidToolArguments,
  FailureType.ProviderRejected,
  FailureType.InvalidConfig,
  FailureType.InvalidInput,
  FailureType.ToolOutputTooLarge,
]);

/** True when failures of `type` are never retried. */
export function isNonRetryableType(type: string): boolean {
  return NON_RETRYABLE.has(type);
}

/** How providers word a context-length rejection (OpenAI, vLLM, llama.cpp, Ollama, Anthropic-compatible). */
const CONTEXT_LENGTH_PATTERN =
  /context[_ ]length|maximum context|context window|too many tokens|prompt is too long|exceeds? the (?:model's )?(?:maximum|context)/i;

/** Error codes providers use for a context-length rejection. */
const CONTEXT_LENGTH_CODES = new Set(['context_length_exceeded', 'string_above_max_length']);

/** Where the failure happened, for messages and details. */
export interface FailureContext {
  model?: string;
  operation: string;
}

/**
 * Converts anything thrown by a provider call, the store or the engine into the failure the
 * activity throws. `ApplicationFailure` and `CancelledFailure` pass through unchanged.
 */
export function toActivityFailure(err: unknown, ctx: FailureContext): ApplicationFailure | CancelledFailure {
  if (err instanceof ApplicationFailure || err instanceof CancelledFailure) return err;
  if (err instanceof DurableContextError) {
    return ApplicationFailure.create({
      type: err.type,
      message: err.message,
      nonRetryable: isNonRetryableType(err.type),
      details: [{ ...err.details, operation: ctx.operation }],
      cause: err,
    });
  }
  if (err instanceof APIUserAbortError) return new CancelledFailure(`${ctx.operation} cancelled`);
  if (err instanceof APIError && err.status === undefined) {
    // APIConnectionError and its timeout subclass: no response at all
    return failure(FailureType.ProviderUnavailable, `${ctx.operation}: connection failed: ${messageOf(err)}`, ctx, err);
  }
  if (err instanceof APIError && typeof err.status === 'number')
    return honourShouldRetry(err, fromStatus(err, err.status, ctx));
  if (err instanceof APIConnectionError) {
    return failure(FailureType.ProviderUnavailable, `${ctx.operation}: connection failed: ${messageOf(err)}`, ctx, err);
  }
  // A response that died or was malformed after the headers: body cut, socket reset, bad JSON.
  return failure(FailureType.IncompleteResponse, `${ctx.operation}: incomplete response: ${messageOf(err)}`, ctx, err);
}

/**
 * The provider's own verdict wins over the status code: OpenAI sends `x-should-retry: true`
 * on some 4xx it wants retried and `false` on some 5xx it does not (openai-node honours it
 * the same way). A context-length rejection stays final: only compaction can fix it.
 */
function honourShouldRetry(err: APIError, f: ApplicationFailure): ApplicationFailure {
  const header = err.headers?.get('x-should-retry');
  if (header !== 'true' && header !== 'false') return f;
  const retry = header === 'true';
  if (f.type === FailureType.ContextLengthExceeded || retry === !f.nonRetryable) return f;
  const type =
    retry && f.type === FailureType.ProviderRejected ? FailureType.ProviderUnavailable : (f.type ?? undefined);
  return ApplicationFailure.create({
    type,
    message: `${f.message} (provider says x-should-retry: ${header})`,
    nonRetryable: !retry,
    details: f.details as unknown[],
    ...(f.nextRetryDelay !== undefined && retry ? { nextRetryDelay: f.nextRetryDelay } : {}),
    cause: err,
  });
}

function fromStatus(err: APIError, status: number, ctx: FailureContext): ApplicationFailure {
  const code = typeof err.code === 'string' ? err.code : undefined;
  const text = messageOf(err);
  const base = { status, code, model: ctx.model, operation: ctx.operation };
  if ((status === 400 || status === 413 || status === 422) && (isContextLength(code, text) || status === 413)) {
    return ApplicationFailure.create({
      type: FailureType.ContextLengthExceeded,
      message: `${ctx.operation}: the request exceeds the context window of ${ctx.model ?? 'the model'}: ${text}`,
      nonRetryable: true,
      details: [{ ...base, ...parseContextFigures(text) }],
      cause: err,
    });
  }
  if (status === 429) {
    if (code === 'insufficient_quota') {
      return ApplicationFailure.create({
        type: FailureType.ProviderRejected,
        message: `${ctx.operation}: quota exhausted: ${text}`,
        nonRetryable: true,
        details: [base],
        cause: err,
      });
    }
    const delayMs = retryAfterMs(err.headers);
    return ApplicationFailure.create({
      type: FailureType.RateLimited,
      message: `${ctx.operation}: rate limited${delayMs === undefined ? '' : ` (retry after ${delayMs} ms)`}: ${text}`,
      nonRetryable: false,
      details: [{ ...base, retryAfterMs: delayMs }],
      ...(delayMs === undefined ? {} : { nextRetryDelay: delayMs }),
      cause: err,
    });
  }
  if (status === 408 || status === 409 || status >= 500) {
    return ApplicationFailure.create({
      type: FailureType.ProviderUnavailable,
      message: `${ctx.operation}: provider unavailable (${status}): ${text}`,
      nonRetryable: false,
      details: [base],
      cause: err,
    });
  }
  return ApplicationFailure.create({
    type: FailureType.ProviderRejected,
    message: `${ctx.operation}: provider rejected the request (${status}): ${text}`,
    nonRetryable: true,
    details: [base],
    cause: err,
  });
}

function failure(type: FailureType, message: string, ctx: FailureContext, cause: unknown): ApplicationFailure {
  return ApplicationFailure.create({
    type,
    message,
    nonRetryable: isNonRetryableType(type),
    details: [{ model: ctx.model, operation: ctx.operation }],
    ...(cause instanceof Error ? { cause } : {}),
  });
}

function isContextLength(code: string | undefined, message: string): boolean {
  return (code !== undefined && CONTEXT_LENGTH_CODES.has(code)) || CONTEXT_LENGTH_PATTERN.test(message);
}

/** Figures from messages like "maximum context length is 8192 tokens. However, you requested 9000 tokens". */
function parseContextFigures(message: string): { limit?: number; requested?: number } {
  const limit = /(?:maximum context length|context window)[^\d]{0,20}(\d+)/i.exec(message)?.[1];
  const requested = /(?:requested|resulted in|you have)[^\d]{0,20}(\d+)/i.exec(message)?.[1];
  return {
    ...(limit ? { limit: Number(limit) } : {}),
    ...(requested ? { requested: Number(requested) } : {}),
  };
}

/** Upper bound on a provider-requested delay, so a bad header cannot park a session for days. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/**
 * The delay a 429/503 asks for: `retry-after-ms` (OpenAI), else `Retry-After` in seconds or
 * as an HTTP date. Undefined when absent or unparsable (Temporal's backoff applies).
 */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms)) && Number(ms) >= 0) {
    return Math.min(Math.ceil(Number(ms)), MAX_RETRY_AFTER_MS);
  }
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(Math.ceil(seconds * 1000), MAX_RETRY_AFTER_MS);
  const date = Date.parse(after);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
}

function messageOf(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message && !err.message.includes(cause.message)
      ? `${err.message} (${cause.message})`
      : err.message;
  }
  return String(err);
}
