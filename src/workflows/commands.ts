/**
 * Everything that changes a session arrives as a command in one queue: user messages (by
 * signal or update), manual compactions, reconfiguration and the end. Handlers validate and
 * enqueue; the main loop applies commands one at a time, in arrival order, and records each
 * one's outcome, which the waiting update handler returns.
 */
import type { FailureType } from '../context/errors';
import type { CompactResult, ConfigurePatch, SessionConfig, TurnResult } from './types';

/** A user message. `id` is the caller's `messageId` or one the session made up. */
export interface MessageCommand {
  kind: 'message';
  id: string;
  text: string;
  /** An update waits for its result: it must be processed in this run (not carried on). */
  viaUpdate: boolean;
}

/** A manual compaction (the `compact` update). */
export interface CompactCommand {
  kind: 'compact';
  id: string;
  focus?: string;
}

/** A reconfiguration (the `configure` update); the patch was validated on arrival. */
export interface ConfigureCommand {
  kind: 'configure';
  id: string;
  patch: ConfigurePatch;
}

/** The end of the session (the `end` signal): applied after what was queued before it. */
export interface EndCommand {
  kind: 'end';
  id: string;
}

/** One entry of the session's queue. */
export type Command = MessageCommand | CompactCommand | ConfigureCommand | EndCommand;

/** What a command's update handler returns (or throws, as an `ApplicationFailure`). */
export type CommandOutcome =
  | { ok: true; value: TurnResult | CompactResult | SessionConfig | null }
  | { ok: false; type: FailureType; message: string };
