/**
 * How the CLI reports a failure: one line, `✗ <Type>: <message>`, where the type is the
 * typed cause — a {@link FailureType} the session or the client helpers raised (inside an
 * update's, query's or workflow's failure), or one of the CLI's own {@link CliErrorType}s.
 * `--debug` adds the cause chain and stack below that line.
 */
import { WorkflowFailedError, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, TemporalFailure } from '@temporalio/common';
import { DurableContextError } from '../context/errors';

/** The CLI's own failure types (next to the sessions' {@link FailureType}s). */
export type CliErrorType =
  | 'SessionNotFound'
  | 'SessionClosed'
  | 'NotASession'
  | 'ServerUnreachable'
  | 'NoWorker'
  | 'InvalidInput'
  | 'StoreUnavailable'
  | 'HistoryUnreadable';

/** An error the CLI reports as one line, `✗ <type>: <message>`, with exit code 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly type: CliErrorType = 'InvalidInput',
  ) {
    super(message);
  }
}

/** A failure reduced to what a user needs: its typed cause and one line of message. */
export interface DescribedFailure {
  type: string;
  message: string;
}

/** The gRPC status codes a dead or unreachable server answers with (UNAVAILABLE, DEADLINE_EXCEEDED). */
const UNREACHABLE_CODES = new Set([4, 14]);

/**
 * The typed cause of any thrown value: the innermost typed failure of an update, query or
 * workflow failure (e.g. an `InvalidConfig` refusal inside "Workflow Update failed"), the
 * type of an engine or CLI error, or the error's class name as a last resort.
 */
export function describeFailure(err: unknown): DescribedFailure {
  if (err instanceof CliError || err instanceof DurableContextError) return { type: err.type, message: err.message };
  if (err instanceof WorkflowNotFoundError) return { type: 'SessionNotFound', message: err.message };
  if (err instanceof WorkflowUpdateFailedError || err instanceof WorkflowFailedError) {
    const typed = typedCause(err.cause);
    if (typed) return typed;
  }
  if (err instanceof TemporalFailure) {
    const typed = typedCause(err);
    if (typed) return typed;
  }
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && UNREACHABLE_CODES.has(code)) {
    return { type: 'ServerUnreachable', message: firstLine(messageOf(err)) };
  }
  const name = err instanceof Error ? err.name || err.constructor.name : 'Error';
  return { type: name, message: firstLine(messageOf(err)) };
}

/** `✗ InvalidConfig: Invalid configuration 'compaction.target': …` */
export function failureLine(err: unknown): string {
  const { type, message } = describeFailure(err);
  return `✗ ${type}: ${message}`;
}

/** The cause chain with stacks, for `--debug`. */
export function failureDetails(err: unknown): string[] {
  const lines: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 8; depth++) {
    lines.push(e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return lines;
}

/** The first ApplicationFailure with a type along a failure's cause chain. */
function typedCause(err: unknown): DescribedFailure | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 8; depth++) {
    if (e instanceof ApplicationFailure && e.type) return { type: e.type, message: firstLine(e.message) };
    e = e instanceof Error ? e.cause : undefined;
  }
  return undefined;
}

/** The first non-empty line of `text` (gRPC and provider errors can span many). */
export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? ''
  );
}

/** The message of any thrown value. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
