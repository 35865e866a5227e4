/**
 * The `agentSession` workflow: one long-lived agent session. This file wires handlers and
 * runs the main loop. Handlers validate and enqueue (`commands.ts`); the loop is the one
 * writer: it applies commands one at a time, in arrival order (`session-commands.ts`), and
 * every change goes through {@link SessionState}'s methods. See docs/architecture.md.
 */
import {
  ApplicationFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { compactForContinueAsNew } from '../context/continue-as-new';
import { FailureType } from '../context/errors';
import type { CommandOutcome } from './commands';
import {
  compactUpdate,
  configureUpdate,
  endSignal,
  ledgerQuery,
  logQuery,
  sendMessageUpdate,
  statusQuery,
  userMessageSignal,
  viewQuery,
} from './definitions';
import { refreshRuntime, runCommand } from './session-commands';
import { SessionState } from './session-state';
import type { CompactResult, SessionConfig, SessionInput, TurnResult } from './types';
import { VisibilityPublisher } from './visibility';
import { applyConfigPatch, normalizeSessionConfig, validateFocus, validateUserMessage } from './validation';

/** What a session returns when it ends. */
export interface SessionSummary {
  turns: number;
  items: number;
  compactions: number;
  runs: number;
}

function refusal(type: FailureType, message: string): ApplicationFailure {
  return ApplicationFailure.create({ type, message, nonRetryable: true });
}

/** Refuses new input once the session is ending or about to continue as new. */
function rejectIfClosed(s: SessionState): void {
  if (s.closing) throw refusal(FailureType.InvalidInput, 'The session has ended');
  // Its command could not finish in this run; the caller retries on the next one.
  if (s.draining) throw refusal(FailureType.ContinuingAsNew, 'The session is continuing as new; send again');
}

/** Waits for a queued compact or configure command and returns its outcome (or throws it). */
async function outcomeOf<T>(s: SessionState, id: string): Promise<T> {
  await condition(() => s.hasOutcome(id));
  const outcome = s.takeOutcome(id) as CommandOutcome;
  if (!outcome.ok) throw refusal(outcome.type, outcome.message);
  return outcome.value as T;
}

function shouldContinueAsNew(s: SessionState): boolean {
  const info = workflowInfo();
  const cap = s.config.continueAsNewAfterEvents;
  return info.continueAsNewSuggested || (cap !== undefined && info.historyLength >= cap);
}

/**
 * A durable agent session. Messages arrive by signal (`userMessage`) or update
 * (`sendMessage`) and are processed exactly once, in arrival order, together with manual
 * compactions and reconfigurations; before every model call the context is compacted if it
 * crossed the soft limit. Continues as new between commands when Temporal suggests it,
 * carrying the view, the ledger, the queue and the recent results.
 */
export async function agentSession(input: SessionInput): Promise<SessionSummary> {
  const s = new SessionState(normalizeSessionConfig(input.config), input.carried);

  setHandler(userMessageSignal, (message) => {
    try {
      if (s.closing) throw refusal(FailureType.InvalidInput, 'The session has ended');
      validateUserMessage(message);
    } catch (err) {
      // A signal cannot be refused; drop it visibly (status counts it) without touching the log.
      s.recordRejectedSignal();
      log.warn('Dropped an invalid userMessage signal', { error: err instanceof Error ? err.message : String(err) });
      return;
    }
    s.enqueueMessage(message.text, message.messageId, false);
  });

  setHandler(
    sendMessageUpdate,
    async (message): Promise<TurnResult> => {
      const { id } = s.enqueueMessage(message.text, message.messageId, true);
      await condition(() => s.hasResult(id));
      return s.result(id) as TurnResult;
    },
    {
      validator: (message) => {
        rejectIfClosed(s);
        validateUserMessage(message);
        const id = message.messageId;
        if (id !== undefined && s.processedWithoutResult(id)) {
          throw refusal(FailureType.InvalidInput, `Message ${id} was processed too long ago to return its result`);
        }
      },
    },
  );

  setHandler(compactUpdate, (request) => outcomeOf<CompactResult>(s, s.enqueueCompact(request?.focus)), {
    validator: (request) => {
      rejectIfClosed(s);
      validateFocus(request);
    },
  });

  setHandler(configureUpdate, (patch) => outcomeOf<SessionConfig>(s, s.enqueueConfigure(patch)), {
    validator: (patch) => {
      rejectIfClosed(s);
      void applyConfigPatch(s.config, patch);
    },
  });

  setHandler(endSignal, () => s.requestEnd());
  setHandler(statusQuery, () => s.status());
  setHandler(viewQuery, (page) => s.viewPage(page));
  setHandler(ledgerQuery, () => s.context.ledger);
  setHandler(logQuery, (page) => s.logPage(page));

  await refreshRuntime(s);
  const visibility = new VisibilityPublisher();
  visibility.publish(s);

  while (!s.ended) {
    await condition(() => s.hasWork() || shouldContinueAsNew(s));
    const next = s.takeNext();
    if (next) await runCommand(s, next);
    visibility.publish(s);
    // An ending session still continues as new while it has commands left.
    if (!s.ended && shouldContinueAsNew(s)) await drainAndContinueAsNew(s, visibility);
  }
  await condition(allHandlersFinished);
  return {
    turns: s.turn,
    items: s.context.nextSeq,
    compactions: s.compactions(),
    runs: s.previousRuns.length + 1,
  };
}

/**
 * Continues as new. Commands an update waits for are answered in this run; signalled
 * messages travel on (unless so many that the carried state would near Temporal's payload
 * limit). New updates are refused meanwhile (the client helpers retry them on the next
 * run), so the drain is bounded by what had arrived when it began.
 */
async function drainAndContinueAsNew(s: SessionState, visibility: VisibilityPublisher): Promise<never> {
  s.startDraining();
  for (;;) {
    await condition(() => allHandlersFinished() || s.mustProcessBeforeContinuing());
    if (!s.mustProcessBeforeContinuing()) break;
    const next = s.takeNext();
    if (next) await runCommand(s, next);
    visibility.publish(s);
  }
  const info = workflowInfo();
  log.info('Continuing as new', { historyLength: info.historyLength });
  return continueAsNew<typeof agentSession>({
    config: s.config,
    carried: s.carry(compactForContinueAsNew(s.context), info.runId),
  });
}
