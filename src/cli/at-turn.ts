/**
 * `view <sessionId> --at-turn N`: exactly the messages the model received at the first model
 * call of turn N. The call's input in the history names them (its new refs after the prefix
 * manifest of the call before, resolved back along the run's calls: src/cli/history/read-history.ts);
 * the content store holds them. Works on closed sessions too, and needs no worker.
 */
import path from 'node:path';
import pc from 'picocolors';
import type { ChatMessage, ContentRef } from '../context/types';
import { getJson, type ContentStore } from '../store/content-store';
import { FilesystemStore } from '../store/filesystem-store';
import { CliError, messageOf } from './failure';
import { loadRecorded } from './history/load';
import type { RecordedCall, RecordedSession } from './history/read-history';

/** Options of `view --at-turn`. */
export interface AtTurnOptions {
  atTurn: number;
  store?: string;
  json?: boolean;
}

/** The first model call of `turn`. */
export function firstCallOfTurn(rec: RecordedSession, turn: number): RecordedCall {
  const call = rec.calls.find((c) => c.turn === turn);
  if (!call) {
    const last = rec.calls.at(-1)?.turn ?? 0;
    throw new CliError(
      `session '${rec.workflowId}' has no model call in turn ${turn} (turns 1–${last})`,
      'InvalidInput',
    );
  }
  return call;
}

/** The messages of `refs`, from the store; a missing one is a `ContentMissing` error naming it. */
export async function loadRequest(store: ContentStore, refs: readonly ContentRef[]): Promise<ChatMessage[]> {
  const out: ChatMessage[] = [];
  for (const ref of refs) {
    try {
      out.push(await getJson<ChatMessage>(store, ref));
    } catch (err) {
      throw new CliError(`message ${ref} is not in the content store: ${messageOf(err)}`, 'StoreUnavailable');
    }
  }
  return out;
}

/** `view <sessionId> --at-turn N [--store dir] [--json]`. */
export async function runViewAtTurn(sessionId: string, options: AtTurnOptions): Promise<void> {
  const rec = await loadRecorded([sessionId]);
  const call = firstCallOfTurn(rec, options.atTurn);
  const tokens = (ref: ContentRef) => rec.tokensByRef.get(ref);
  const total =
    call.refs.reduce((n, r) => n + (tokens(r) ?? 0), 0) +
    (rec.fixed ? rec.fixed.toolsTokens + rec.fixed.primingTokens : 0);
  const messages = options.store
    ? await loadRequest(new FilesystemStore(path.resolve(options.store)), call.refs)
    : undefined;
  if (options.json) {
    console.log(
      JSON.stringify(
        { turn: call.turn, step: call.step, model: call.model, tools: call.tools, refs: call.refs, messages },
        null,
        2,
      ),
    );
    return;
  }
  console.log(
    `${pc.bold(sessionId)} turn ${call.turn}, model call ${call.step}: ${call.refs.length} messages to ${call.model}` +
      `${call.tools.length ? ` with tools ${call.tools.join(', ')}` : ''} (≈${total} prompt tokens` +
      `${call.usage ? `; the provider counted ${call.usage.promptTokens}` : ''})`,
  );
  call.refs.forEach((ref, i) => {
    const message = messages?.[i];
    const role = message?.role ?? (ref === rec.fixed?.system?.ref ? 'system' : '?');
    console.log('');
    console.log(pc.bold(`── #${i} ${role} (${tokens(ref) ?? '?'} tokens) ${ref}`));
    if (!message) return;
    if (message.content) console.log(message.content);
    for (const c of message.tool_calls ?? [])
      console.log(pc.dim(`⚙ ${c.function.name}(${c.function.arguments})  [${c.id}]`));
    if (message.tool_call_id) console.log(pc.dim(`(result of ${message.tool_call_id})`));
  });
  if (!messages)
    console.log(pc.dim('\nAdd --store <dir> (or DURABLE_CONTEXT_STORE_DIR) to print the messages themselves.'));
}
