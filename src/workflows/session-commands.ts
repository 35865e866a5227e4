/**
 * What the main loop does with each command (see `commands.ts`): a message runs a turn, a
 * compact compacts, a configure reconfigures, an end ends. Only the main loop calls these,
 * one at a time, so nothing else changes the session while they await activities.
 */
import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import { DurableContextError, FailureType, isFailureType } from '../context/errors';
import type { Command, CommandOutcome } from './commands';
import { compact } from './compaction';
import type { SessionState } from './session-state';
import { runTurn } from './turn';
import type { SessionConfig } from './types';
import { applyConfigPatch } from './validation';

/** Converts a failure of a command into its outcome; anything unexpected is rethrown (a bug). */
function failed(err: unknown): CommandOutcome {
  if (err instanceof DurableContextError) return { ok: false, type: err.type, message: err.message };
  if (err instanceof ApplicationFailure && isFailureType(err.type)) {
    return { ok: false, type: err.type, message: err.message };
  }
  if (err instanceof ActivityFailure) {
    const cause = err.cause;
    if (cause instanceof ApplicationFailure && isFailureType(cause.type)) {
      return { ok: false, type: cause.type, message: cause.message };
    }
    return { ok: false, type: FailureType.ActivityFailed, message: cause?.message ?? err.message };
  }
  throw err;
}

/**
 * Fetches model facts, instructions and the fixed overhead that the configuration implies.
 * Without `previous` (a run starting) a carried runtime is reused as it is; with it, only
 * what changed is fetched again: the model's facts when the model changed, AGENTS.md when
 * `instructions` was set again, the fixed overhead when anything it counts changed.
 */
export async function refreshRuntime(
  s: SessionState,
  previous?: SessionConfig,
  reloadInstructions = false,
): Promise<void> {
  const c = s.config;
  const rt = s.runtime;
  if (rt && previous === undefined) return;
  const modelChanged = !rt || (previous !== undefined && previous.model !== c.model);
  const { bookkeeping } = s.activities;
  const facts = modelChanged ? await bookkeeping.describeModel({ model: c.model }) : undefined;
  let instructions = rt?.instructions;
  if (instructions === undefined || reloadInstructions) {
    instructions = c.instructions ? (await bookkeeping.loadInstructions({ workDir: c.instructions.workDir })).text : '';
  }
  const fixedChanged =
    !rt ||
    modelChanged ||
    instructions !== rt.instructions ||
    (previous !== undefined &&
      (previous.systemPrompt !== c.systemPrompt || previous.tools.join('\n') !== c.tools.join('\n')));
  const base = {
    contextWindow: facts?.contextWindow ?? rt?.contextWindow ?? 0,
    maxOutputTokens: facts?.maxOutputTokens ?? rt?.maxOutputTokens ?? 0,
    instructions,
    calibration: modelChanged ? 0 : (rt?.calibration ?? 0),
  };
  // Worker-side facts travel with the model's: fetched again when the model changes.
  const fromWorker = facts
    ? {
        ...(facts.activityOptions ? { workerActivityOptions: facts.activityOptions } : {}),
        ...(facts.searchAttributes ? { searchAttributes: true } : {}),
        ...(facts.inputPricePerMTok !== undefined ? { inputPricePerMTok: facts.inputPricePerMTok } : {}),
        ...(facts.outputPricePerMTok !== undefined ? { outputPricePerMTok: facts.outputPricePerMTok } : {}),
      }
    : {
        ...(rt?.workerActivityOptions ? { workerActivityOptions: rt.workerActivityOptions } : {}),
        ...(rt?.searchAttributes ? { searchAttributes: true } : {}),
        ...(rt?.inputPricePerMTok !== undefined ? { inputPricePerMTok: rt.inputPricePerMTok } : {}),
        ...(rt?.outputPricePerMTok !== undefined ? { outputPricePerMTok: rt.outputPricePerMTok } : {}),
      };
  if (!fixedChanged && rt) {
    const {
      workerActivityOptions: _w,
      searchAttributes: _s,
      inputPricePerMTok: _i,
      outputPricePerMTok: _o,
      ...kept
    } = rt;
    s.setRuntime({ ...kept, ...base, ...fromWorker });
    return;
  }
  const system = [c.systemPrompt ?? '', instructions].filter((t) => t.trim() !== '').join('\n\n');
  const fixed = await bookkeeping.countFixedOverhead({
    model: c.model,
    ...(system ? { systemPrompt: system } : {}),
    tools: c.tools,
  });
  s.setRuntime({
    ...base,
    fixedTokens: fixed.fixedTokens,
    ...(fixed.system ? { systemRef: fixed.system.ref } : {}),
    ...fromWorker,
  });
}

/** Applies a configure patch (validated again against the configuration it now meets). */
async function configure(s: SessionState, patch: Command & { kind: 'configure' }): Promise<CommandOutcome> {
  const previous = s.config;
  try {
    s.setConfig(applyConfigPatch(previous, patch.patch));
    s.setPhase({ kind: 'configuring' });
    await refreshRuntime(s, previous, patch.patch.instructions !== undefined);
    return { ok: true, value: s.config };
  } catch (err) {
    // e.g. a model the worker's registry does not know: keep the session as it was.
    s.setConfig(previous);
    return failed(err);
  }
}

/** Compacts now; a compaction with nothing to do is a result, not an error. */
async function compactNow(s: SessionState, command: Command & { kind: 'compact' }): Promise<CommandOutcome> {
  const tokensBefore = s.historyTokens();
  try {
    const records = await compact(s, { force: 'manual', ...(command.focus ? { focus: command.focus } : {}) });
    return {
      ok: true,
      value: {
        outcome: records.length ? 'compacted' : 'nothing-to-compact',
        records,
        tokensBefore,
        tokensAfter: s.historyTokens(),
      },
    };
  } catch (err) {
    return failed(err);
  }
}

/** Runs one command to its end and records its outcome. */
export async function runCommand(s: SessionState, command: Command): Promise<void> {
  switch (command.kind) {
    case 'message': {
      await runTurn(s, command);
      s.complete(command);
      return;
    }
    case 'compact':
      s.complete(command, await compactNow(s, command));
      return;
    case 'configure':
      s.complete(command, await configure(s, command));
      return;
    case 'end':
      s.complete(command, { ok: true, value: null });
      return;
  }
}
