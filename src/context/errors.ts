/**
 * Stable failure type strings. They appear as `ApplicationFailure.type` in Temporal
 * histories and as `error.type` in clients, so they never change once released.
 */
export const FailureType = {
  /** The request cannot fit the model's window even after compaction (turn failed, session usable). */
  ContextOverflow: 'ContextOverflow',
  /** The provider rejected a request as longer than the model's context window. */
  ContextLengthExceeded: 'ContextLengthExceeded',
  /** Compaction ran but did not shrink the context (or its circuit breaker tripped). */
  CompactionNoProgress: 'CompactionNoProgress',
  /** A summary was rejected by validation (empty, truncated, too large, not smaller). */
  SummaryRejected: 'SummaryRejected',
  /** A content reference is not in the store. */
  ContentMissing: 'ContentMissing',
  /** The model called a tool that is not registered. */
  ToolNotFound: 'ToolNotFound',
  /** A tool's activity failed for good (its retries ran out); the model gets a failure result. */
  ToolFailed: 'ToolFailed',
  /** Tool arguments were not valid JSON or did not match the tool's schema. */
  InvalidToolArguments: 'InvalidToolArguments',
  /** The provider rate-limited the call (retryable, honouring Retry-After). */
  RateLimited: 'RateLimited',
  /** A transient provider or network failure (retryable). */
  ProviderUnavailable: 'ProviderUnavailable',
  /** A provider error that retrying cannot fix (auth, bad request). */
  ProviderRejected: 'ProviderRejected',
  /** The provider's response was cut off or malformed; nothing of it was committed. */
  IncompleteResponse: 'IncompleteResponse',
  /** Configuration is invalid (unknown model, missing context window, bad threshold). */
  InvalidConfig: 'InvalidConfig',
  /** User input was rejected (empty, oversized, wrong shape). */
  InvalidInput: 'InvalidInput',
  /** The session is about to continue as new and takes no new update; retry (the client helpers do). */
  ContinuingAsNew: 'ContinuingAsNew',
  /** A tool's output exceeds what can be stored or passed on. */
  ToolOutputTooLarge: 'ToolOutputTooLarge',
  /** The turn reached the session's `maxStepsPerTurn` model calls without a final answer. */
  MaxStepsExceeded: 'MaxStepsExceeded',
  /** An activity failed for good without a typed cause (a timeout, a worker-side error). */
  ActivityFailed: 'ActivityFailed',
  /** The content store cannot be reached (database down, wrong URL or credentials); retryable. */
  StoreUnavailable: 'StoreUnavailable',
  /** Encrypted data cannot be decrypted: its key is not configured here, or the data was altered. */
  DecryptionFailed: 'DecryptionFailed',
  /** A stored blob's bytes do not hash to its reference: altered or cut at rest. */
  ContentCorrupted: 'ContentCorrupted',
} as const;

/** True when `value` is one of the {@link FailureType} strings. */
export function isFailureType(value: unknown): value is FailureType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(FailureType, value);
}

/** One of the {@link FailureType} strings. */
export type FailureType = (typeof FailureType)[keyof typeof FailureType];

/**
 * Base of the engine's errors: a stable `type` plus structured, readonly details.
 * Pure (no Temporal import) so it can be thrown anywhere; activities and the workflow
 * convert it to an `ApplicationFailure` with the same `type`.
 */
export class DurableContextError extends Error {
  constructor(
    readonly type: FailureType,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = type;
  }
}

/** Compaction could not shrink the context enough; carries the figures that show why. */
export class CompactionNoProgressError extends DurableContextError {
  constructor(
    message: string,
    readonly tokensBefore: number,
    readonly tokensAfter: number,
  ) {
    super(FailureType.CompactionNoProgress, message, { tokensBefore, tokensAfter });
  }
}

/** A content reference that the store does not hold. */
export class ContentMissingError extends DurableContextError {
  constructor(readonly ref: string) {
    super(FailureType.ContentMissing, `Content ${ref} is not in the content store`, { ref });
  }
}

/** Invalid configuration, with the field at fault. */
export class InvalidConfigError extends DurableContextError {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(FailureType.InvalidConfig, `Invalid configuration '${field}': ${reason}`, { field });
  }
}

/** The request cannot fit the model's window (even after compaction); the log is intact. */
export class ContextOverflowError extends DurableContextError {
  constructor(
    readonly promptTokens: number,
    readonly limit: number,
  ) {
    super(FailureType.ContextOverflow, `Request of ${promptTokens} prompt tokens exceeds the limit of ${limit}`, {
      promptTokens,
      limit,
    });
  }
}

/** A summary failed validation; `reason` says which rule it broke. */
export class SummaryRejectedError extends DurableContextError {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(FailureType.SummaryRejected, message, { reason });
  }
}
