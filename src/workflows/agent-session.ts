/**
 * The `agentSession` workflow: one long-lived agent session. This file wires handlers and
 * runs the loop; state lives in {@link SessionState}, a turn in `turn.ts`, compaction in
 * `compaction.ts`, and every decision about the context in the pure engine.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { compactForContinueAsNew } from '../context/continue-as-new';
import { DurableContextError, FailureType } from '../context/errors';
import { compact } from './compaction';
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
import { MAX_CARRIED_QUEUE_BYTES, SessionState } from './session-state';
import { runTurn } from './turn';
import type { CompactResult, SessionConfig, SessionInput, TurnResult } from './types';
import { applyConfigPatch, validateSessionConfig, validateUserMessage } from './validation';

/** What a session returns when it ends. */
export interface SessionSummary {
  turns: number;
  items: number;
  compactions: number;
  runs: number;
}

function rejectIfEnded(s: SessionState): void {
  if (s.ended) {
    throw ApplicationFailure.create({
      type: FailureType.InvalidInput,
      message: 'The session has ended',
      nonRetryable: true,
    });
  }
}

/** Fetches model facts, instructions and the fixed overhead that `config` implies. */
async function refreshRuntime(s: SessionState, previous?: SessionConfig): Promise<void> {
  const c = s.config;
  const rt = s.runtime;
  // Without `previous` (a run starting), a carried runtime is still valid: nothing changed.
  const modelChanged = !rt || (previous !== undefined && previous.model !== c.model);
  const facts = modelChanged ? await s.activities.bookkeeping.describeModel({ model: c.model }) : rt;
  let instructions = rt?.instructions;
  if (instructions === undefined) {
    instructions = c.instructions
      ? (await s.activities.bookkeeping.loadInstructions({ workDir: c.instructions.workDir })).text
      : '';
  }
  const fixedChanged =
    modelChanged ||
    (previous !== undefined &&
      (previous.systemPrompt !== c.systemPrompt || previous.tools.join('\n') !== c.tools.join('\n')));
  if (!fixedChanged && rt) return;
  const system = [c.systemPrompt ?? '', instructions].filter((t) => t.trim() !== '').join('\n\n');
  const fixed = await s.activities.bookkeeping.countFixedOverhead({
    model: c.model,
    ...(system ? { systemPrompt: system } : {}),
    tools: c.tools,
  });
  s.runtime = {
    contextWindow: facts.contextWindow,
    maxOutputTokens: facts.maxOutputTokens,
    fixedTokens: fixed.fixedTokens,
    instructions,
    calibration: modelChanged ? 0 : (rt?.calibration ?? 0),
    ...(fixed.system ? { systemRef: fixed.system.ref } : {}),
  };
}

function shouldContinueAsNew(s: SessionState): boolean {
  const info = workflowInfo();
  const cap = s.config.continueAsNewAfterEvents;
  return info.continueAsNewSuggested || (cap !== undefined && info.historyLength >= cap);
}

/** Processes the next queued message under the session lock. */
async function processNext(s: SessionState): Promise<void> {
  await s.withLock(async () => {
    const message = s.queue.shift();
    if (!message) return;
    s.busy = true;
    try {
      await runTurn(s, message);
    } finally {
      s.busy = false;
    }
  });
}

/**
 * A durable agent session. Messages arrive by signal (`userMessage`) or update
 * (`sendMessage`) and are processed exactly once, in arrival order; before every model call
 * the context is compacted if it crossed the soft limit. Continues as new at a turn boundary
 * when Temporal suggests it, carrying the view, the ledger and the queue.
 */
export async function agentSession(input: SessionInput): Promise<SessionSummary> {
  validateSessionConfig(input.config);
  const s = new SessionState(input.config, input.carried);

  setHandler(userMessageSignal, (message) => {
    try {
      rejectIfEnded(s);
      validateUserMessage(message);
    } catch (err) {
      // A signal cannot be refused; drop it visibly (status counts it) without touching the log.
      s.rejectedSignals += 1;
      log.warn('Dropped an invalid userMessage signal', { error: err instanceof Error ? err.message : String(err) });
      return;
    }
    s.enqueue(message.text, message.messageId, false);
  });

  setHandler(
    sendMessageUpdate,
    async (message): Promise<TurnResult> => {
      const { id } = s.enqueue(message.text, message.messageId, true);
      await condition(() => s.results.has(id));
      return s.results.get(id) as TurnResult;
    },
    {
      validator: (message) => {
        rejectIfEnded(s);
        validateUserMessage(message);
        if (s.draining) {
          // Its turn could not finish in this run; the caller retries on the next one.
          throw ApplicationFailure.create({
            type: FailureType.ContinuingAsNew,
            message: 'The session is continuing as new; send the message again',
            nonRetryable: true,
          });
        }
        const id = message.messageId;
        if (id !== undefined && s.isProcessed(id) && !s.results.has(id)) {
          throw ApplicationFailure.create({
            type: FailureType.InvalidInput,
            message: `Message ${id} was already processed in an earlier run of this session`,
            nonRetryable: true,
          });
        }
      },
    },
  );

  setHandler(
    compactUpdate,
    async (request): Promise<CompactResult> =>
      s.withLock(async () => {
        const tokensBefore = s.historyTokens();
        try {
          const records = await compact(s, { force: 'manual', ...(request?.focus ? { focus: request.focus } : {}) });
          return { records, tokensBefore, tokensAfter: s.historyTokens() };
        } catch (err) {
          if (err instanceof DurableContextError) {
            throw ApplicationFailure.create({ type: err.type, message: err.message, nonRetryable: true });
          }
          throw err;
        }
      }),
    {
      validator: (request) => {
        rejectIfEnded(s);
        if (request?.focus !== undefined && (typeof request.focus !== 'string' || request.focus.length > 2_000)) {
          throw ApplicationFailure.create({
            type: FailureType.InvalidInput,
            message: "'focus' must be a string of at most 2000 chars",
            nonRetryable: true,
          });
        }
      },
    },
  );

  setHandler(
    configureUpdate,
    async (patch): Promise<SessionConfig> =>
      s.withLock(async () => {
        const previous = s.config;
        s.setConfig(applyConfigPatch(previous, patch));
        try {
          await refreshRuntime(s, previous);
        } catch (err) {
          // e.g. a model the worker's registry does not know: keep the session as it was.
          s.setConfig(previous);
          if (err instanceof ActivityFailure && err.cause instanceof ApplicationFailure) {
            throw ApplicationFailure.create({
              type: err.cause.type ?? FailureType.InvalidConfig,
              message: err.cause.message,
              nonRetryable: true,
            });
          }
          throw err;
        }
        return s.config;
      }),
    { validator: (patch) => void applyConfigPatch(s.config, patch) },
  );

  setHandler(endSignal, () => {
    s.ended = true;
  });
  setHandler(statusQuery, () => s.status());
  setHandler(viewQuery, (page) => s.viewPage(page));
  setHandler(ledgerQuery, () => s.context.ledger);
  setHandler(logQuery, (page) => s.logPage(page));

  await s.withLock(() => refreshRuntime(s));

  for (;;) {
    await condition(() => s.queue.length > 0 || s.ended || shouldContinueAsNew(s));
    if (s.queue.length > 0) {
      await processNext(s);
    } else if (s.ended) {
      break;
    }
    // An ended session still continues as new while it has messages left to process.
    if (shouldContinueAsNew(s) && (!s.ended || s.queue.length > 0)) {
      // Messages an update waits for must be answered in this run; signalled ones travel on
      // (unless so many that the carried state would near Temporal's payload limit).
      // New updates are refused meanwhile (the client retries them on the next run), so the
      // drain is bounded by what had arrived when it began.
      s.draining = true;
      const mustProcess = () => s.queue.some((m) => m.viaUpdate) || s.queuedBytes() > MAX_CARRIED_QUEUE_BYTES;
      for (;;) {
        await condition(() => allHandlersFinished() || mustProcess());
        if (!mustProcess()) break;
        await processNext(s);
      }
      const info = workflowInfo();
      log.info('Continuing as new', { historyLength: info.historyLength, queued: s.queue.length });
      await continueAsNew<typeof agentSession>({
        config: s.config,
        carried: s.carry(compactForContinueAsNew(s.context), info.runId),
      });
    }
  }
  await condition(allHandlersFinished);
  return {
    turns: s.turn,
    items: s.context.nextSeq,
    compactions: s.context.ledger.at(-1)?.id ?? 0,
    runs: s.previousRuns.length + 1,
  };
}
