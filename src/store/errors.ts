/** Typed errors of the content stores (besides `ContentMissingError` in src/context/errors.ts). */
import { DurableContextError, FailureType } from '../context/errors';

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
