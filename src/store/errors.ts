/** Typed errors of the content stores (besides `ContentMissingError` in src/context/errors.ts). */
import { DurableContextError, FailureType } from '../context/errors';

/**
 * The bytes stored under a reference do not hash to it: the blob was altered or cut where it
 * is kept (a disk, a database row). Not retryable: every read returns the same bytes.
 */
export class ContentCorruptedError extends DurableContextError {
  constructor(
    readonly ref: string,
    /** Where the store is, without credentials. */
    readonly location: string,
    /** The reference of the bytes actually read. */
    readonly actual: string,
  ) {
    super(FailureType.ContentCorrupted, `Content ${ref} in ${location} is corrupted: its bytes hash to ${actual}`, {
      ref,
      location,
      actual,
    });
  }
}

/**
 * The store cannot serve the request: its database is down or unreachable, or refuses the
 * configured credentials. Retryable: activities retry until it is back.
 */
export class StoreUnavailableError extends DurableContextError {
  constructor(
    /** Where the store is, without credentials. */
    readonly location: string,
    /** What the driver reported (connection refused, timeout, SQLSTATE …). */
    readonly reason: string,
    readonly code?: string,
  ) {
    super(FailureType.StoreUnavailable, `Content store ${location} is unavailable: ${reason}`, {
      location,
      reason,
      ...(code ? { code } : {}),
    });
  }
}
