/**
 * What a session shows in Temporal's visibility: a memo (always; readable by `temporal
 * workflow describe`, the UI and `list`) and search attributes (when the worker says the
 * server has them registered — an unregistered one would fail the workflow task), so people
 * can find "the session on model X with 40 compactions". Published between commands, only
 * when something changed.
 *
 * Added after 0.2.0: publishing is a command (ModifyWorkflowProperties / UpsertWorkflow
 * SearchAttributes), so it is guarded by `patched()`: sessions recorded by 0.2.0 replay
 * without it and start publishing at their next new workflow task.
 */
import { patched, upsertMemo, upsertSearchAttributes } from '@temporalio/workflow';
import { SEARCH_ATTRIBUTES } from './search-attributes';
import type { SessionState } from './session-state';

/** Patch id of publishing memo and search attributes (introduced in 0.3.0). */
export const VISIBILITY_PATCH = 'session-visibility-v1';

/** The memo of a session (`durableContext` key), as the `sessions` command reads it. */
export interface SessionMemo {
  model: string;
  turns: number;
  compactions: number;
  /** Tokens of the view the next request would carry. */
  historyTokens: number;
  contextWindow: number;
  /** Estimated cost so far, when the model's prices are known. */
  costUsd?: number;
  /** ISO time of the last command (workflow time). */
  lastActivity: string;
  ended: boolean;
}

/** Remembers what was published last, so unchanged state publishes nothing. */
export class VisibilityPublisher {
  #last = '';

  /** Publishes the session's memo (and search attributes when enabled) if they changed. */
  publish(s: SessionState): void {
    if (!patched(VISIBILITY_PATCH)) return;
    const status = s.status();
    const memo: Omit<SessionMemo, 'lastActivity'> = {
      model: status.model,
      turns: status.turn,
      compactions: status.compactions,
      historyTokens: status.historyTokens,
      contextWindow: status.contextWindow,
      ended: status.ended,
      ...(status.costUsd !== undefined ? { costUsd: status.costUsd } : {}),
    };
    const key = JSON.stringify(memo);
    if (key === this.#last) return;
    this.#last = key;
    const now = new Date();
    upsertMemo({ durableContext: { ...memo, lastActivity: now.toISOString() } satisfies SessionMemo });
    if (s.runtime?.searchAttributes) {
      upsertSearchAttributes([
        { key: SEARCH_ATTRIBUTES.model, value: memo.model },
        { key: SEARCH_ATTRIBUTES.turns, value: memo.turns },
        { key: SEARCH_ATTRIBUTES.compactions, value: memo.compactions },
        { key: SEARCH_ATTRIBUTES.tokens, value: memo.historyTokens },
        { key: SEARCH_ATTRIBUTES.lastActivity, value: now },
      ]);
    }
  }
}
