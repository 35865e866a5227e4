/**
 * Signals, updates and queries of the `agentSession` workflow. Exported consts, so clients
 * refer to them by value (typed) rather than by name.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { CompactionRecord } from '../context/types';
import type {
  CompactInput,
  CompactResult,
  ConfigurePatch,
  LogPage,
  PageRequest,
  SessionConfig,
  SessionStatus,
  TurnResult,
  UserMessageInput,
  ViewPage,
} from './types';

/** Fire-and-forget user message; queued, processed exactly once in arrival order. */
export const userMessageSignal = defineSignal<[UserMessageInput]>('userMessage');
/** User message that resolves with the turn's result once the assistant has answered. */
export const sendMessageUpdate = defineUpdate<TurnResult, [UserMessageInput]>('sendMessage');
/** Manual compaction, optionally focused; runs between turns. */
export const compactUpdate = defineUpdate<CompactResult, [CompactInput]>('compact');
/** Changes model, thresholds, summarizer or tools; returns the resulting configuration. */
export const configureUpdate = defineUpdate<SessionConfig, [ConfigurePatch]>('configure');
/** Ends the session once queued messages are processed. */
export const endSignal = defineSignal('end');

/** Tokens used / budget / percent / turns left / compactions / model. */
export const statusQuery = defineQuery<SessionStatus>('status');
/** What the model would see now, paged. */
export const viewQuery = defineQuery<ViewPage, [PageRequest?]>('view');
/** The compaction ledger. */
export const ledgerQuery = defineQuery<CompactionRecord[]>('ledger');
/** Raw log items held by this run, paged by seq. */
export const logQuery = defineQuery<LogPage, [PageRequest?]>('log');
