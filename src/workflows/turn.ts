/**
 * One turn of the agent loop: the user message, then model calls and tool batches until
 * the assistant answers. Before every model call — between tool steps too — the budget is
 * checked and compaction runs (blocking) when the view crossed the soft limit; a request
 * that cannot fit is never sent.
 */
import { ActivityFailure, ApplicationFailure, log, patched } from '@temporalio/workflow';
import { toolResultAllowance } from '../context/allowance';
import { DurableContextError, FailureType, isFailureType } from '../context/errors';
import type { ContextBudget } from '../context/budget';
import type { NewLogItem } from '../context/log';
import { checkToolPairing } from '../context/pairing';
import { failedToolResultMeta } from '../context/truncate';
import { buildView, viewTokens } from '../context/view';
import type { CallModelInput, CallModelResult, ExecuteToolResult } from '../activities/types';
import type { ContentRef, ToolCallMeta } from '../context/types';
import { summaryTokens } from './activities';
import { compact, WITHHOLD_V2_PATCH } from './compaction';
import type { MessageCommand } from './commands';
import type { SessionState } from './session-state';
import type { TurnResult } from './types';

/**
 * Error lines in the state block keep the spacing the tool printed (`psql: ERROR:  42703: column
 * …`): the summaries' state block changes, so what a history recorded before it computed (the
 * blocks' sizes, and so its compactions) must replay as it was.
 */
export const VERBATIM_ERRORS_PATCH = 'verbatim-error-lines-v1';

/**
 * A user message that is a tool's output a harness sent as text is a tool result to the state
 * block's facts (its failure an error, not the latest request; src/context/facts.ts): the block
 * changes, so a history recorded before it (whose stored results never say so) replays as it was.
 */
export const TEXT_OUTPUT_FACTS_PATCH = 'text-output-facts-v1';

/** A turn failed for a reason the session survives; carried into the {@link TurnResult}. */
class TurnError extends Error {
  constructor(
    readonly type: FailureType,
    message: string,
  ) {
    super(message);
  }
}

/** The failure type inside an activity failure, if it carries one. */
function failureType(err: unknown): string | undefined {
  if (err instanceof ActivityFailure && err.cause instanceof ApplicationFailure) return err.cause.type ?? undefined;
  return undefined;
}

/**
 * Errors a turn ends with (the session goes on); anything else is a bug and fails the
 * workflow task. An activity's failure keeps its type when it is one of ours; a timeout or
 * an untyped error is `ActivityFailed`, so callers only ever see {@link FailureType}s.
 */
function asTurnError(err: unknown): TurnError | undefined {
  if (err instanceof TurnError) return err;
  if (err instanceof DurableContextError) return new TurnError(err.type, err.message);
  if (err instanceof ActivityFailure) {
    const cause = err.cause;
    const type = cause instanceof ApplicationFailure && isFailureType(cause.type) ? cause.type : undefined;
    return new TurnError(type ?? FailureType.ActivityFailed, cause?.message ?? err.message);
  }
  return undefined;
}

/** A request that fits: the refs to send, its history tokens and the budget it was checked against. */
interface PreparedRequest {
  refs: ContentRef[];
  historyTokens: number;
  budget: ContextBudget;
}

/** Compacts when needed and proves the request fits. */
async function prepareRequest(s: SessionState): Promise<PreparedRequest> {
  if (s.policy.enabled) await compact(s);
  const view = buildView(s.context);
  const tokens = viewTokens(view);
  const budget = s.budget();
  if (tokens > budget.hardLimit) {
    throw new TurnError(
      FailureType.ContextOverflow,
      `The request needs ${tokens + budget.fixedTokens} prompt tokens but the model allows ` +
        `${budget.contextWindow - budget.reservedOutputTokens}` +
        (s.policy.enabled ? ' even after compaction' : ' and compaction is disabled'),
    );
  }
  const issues = checkToolPairing(view);
  if (issues.length) {
    // The engine guarantees pairing; sending anyway would be a provider 400 on every later call.
    throw new TurnError(FailureType.InvalidInput, `Refusing to send an unpaired view: ${JSON.stringify(issues)}`);
  }
  const refs = view.map((e) => e.content.ref);
  return { refs: s.runtime?.systemRef ? [s.runtime.systemRef, ...refs] : refs, historyTokens: tokens, budget };
}

/** The request's message refs, as a prefix already sent (by manifest) plus what is new since. */
function requestRefs(s: SessionState, refs: ContentRef[]): Pick<CallModelInput, 'messages' | 'prefix'> {
  const last = s.lastRequest;
  if (last && last.refs.length <= refs.length && last.refs.every((r, i) => r === refs[i])) {
    return { prefix: last.manifest, messages: refs.slice(last.refs.length) };
  }
  return { messages: refs };
}

async function callModelOnce(s: SessionState, step: number, toolCalls: number): Promise<CallModelResult> {
  const { refs, historyTokens, budget } = await prepareRequest(s);
  s.setPhase({ kind: 'model', step });
  const prompt = historyTokens + budget.fixedTokens;
  const summary =
    `callModel ${s.config.model} · ${summaryTokens(prompt)} tokens · turn ${s.turn} step ${step}` +
    (toolCalls ? ` · after ${toolCalls} tool ${toolCalls === 1 ? 'call' : 'calls'}` : '');
  const result = await s.activities.withSummary(summary).model.callModel({
    model: s.config.model,
    ...requestRefs(s, refs),
    tools: s.config.tools,
    maxOutputTokens: budget.reservedOutputTokens,
  });
  // History records each call's input: with the manifest, the next call sends only what is
  // new instead of every ref of the view again (which grew quadratically over a session).
  // Provider-reported prompt tokens calibrate our count: if the provider counts more
  // (another tokenizer behind an OpenAI-compatible API), keep the difference as a margin.
  // Nothing else changes the state while the call runs, so the view is the one just sent.
  const request = { refs, historyTokens, ...(result.manifest ? { manifest: result.manifest } : {}) };
  s.recordModelCall(request, result.usage);
  return result;
}

/**
 * A model call; on a provider context overflow, compacts harder and retries ({@link afterOverflow}).
 * `toolCalls`: the tool calls of the step before, for the activity's summary.
 */
async function callModel(s: SessionState, step: number, toolCalls: number): Promise<CallModelResult> {
  // (asked at every call, so that every history recorded since carries the marker)
  const pinnedRetry = patched(WITHHOLD_V2_PATCH);
  for (let refusals = 0; ; refusals += 1) {
    try {
      return await callModelOnce(s, step, toolCalls);
    } catch (err) {
      if (failureType(err) !== FailureType.ContextLengthExceeded) throw err;
      await afterOverflow(s, refusals, pinnedRetry);
    }
  }
}

/**
 * What a provider's refusal of a request as too long leads to, by how many came before in this
 * call: compaction as far as it goes, then (`pinnedRetry`) every region withheld so that the
 * pinned content alone is sent; after that, or with compaction off, a `ContextOverflow`.
 */
async function afterOverflow(s: SessionState, refusals: number, pinnedRetry: boolean): Promise<void> {
  if (!s.policy.enabled) {
    throw new TurnError(
      FailureType.ContextOverflow,
      'The provider rejected the request as too long and compaction is disabled',
    );
  }
  if (refusals === 0) {
    log.warn('Provider reported a context overflow; compacting harder and retrying once');
    await compact(s, { force: 'overflow' });
    return;
  }
  // the last resort: the pinned content alone (the history withheld, kept in the log)
  if (refusals === 1 && pinnedRetry && (await compact(s, { force: 'overflow', pinnedOnly: true })).length) {
    log.warn('Provider still reports a context overflow; retrying once with the history withheld');
    return;
  }
  throw new TurnError(
    FailureType.ContextOverflow,
    refusals === 1
      ? 'The provider still reports a context overflow after compaction'
      : 'The provider reports a context overflow even for the pinned content alone (system prompt, request, latest step)',
  );
}

/** Runs one tool call; a call whose activity failed for good still gets a (failure) result, so pairing holds. */
async function runTool(
  s: SessionState,
  assistant: { ref: CallModelResult['message']['ref']; seq: number },
  toolCallId: string,
  name: string,
  maxResultTokens: number,
  summary: string,
) {
  try {
    return await s.activities.withSummary(summary).tools.executeTool({
      model: s.config.model,
      assistant: assistant.ref,
      assistantSeq: assistant.seq,
      toolCallId,
      maxResultTokens,
    });
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const text = `Tool ${name} could not be run: ${err.cause?.message ?? err.message}`;
    const stored = await s.activities.bookkeeping.storeMessage({
      model: s.config.model,
      message: { role: 'tool', tool_call_id: toolCallId, content: text },
    });
    const failed: ExecuteToolResult = {
      message: stored.content,
      toolCallId,
      toolResult: failedToolResultMeta(name, text, stored.content),
      digest: stored.content,
      keyArgs: {},
      preview: stored.preview,
      errorType: FailureType.ToolFailed,
    };
    return failed;
  }
}

/**
 * Runs the turn for `message`. Failures the session survives (overflow, provider
 * rejections, exhausted retries) end the turn with a typed error; the log keeps everything
 * appended so far.
 */
export async function runTurn(s: SessionState, message: MessageCommand): Promise<TurnResult> {
  const turn = s.beginTurn();
  const ledgerBefore = s.context.ledger.length;
  const seqBefore = s.context.nextSeq;
  const tokensOf = () => {
    let sum = 0;
    for (const item of s.context.items)
      if (item.seq >= seqBefore && item.kind !== 'summary') sum += item.content.tokens;
    return sum;
  };
  let steps = 0;
  let previousCalls = 0;
  const result = (reply: string, error?: TurnError): TurnResult => {
    const r: TurnResult = {
      turn,
      messageId: message.id,
      reply,
      steps,
      compactions: s.context.ledger.length - ledgerBefore,
    };
    if (error) r.error = { type: error.type, message: error.message };
    return r;
  };
  try {
    // a tool's output a harness sends as the user message gets a tool result's allowance: cut to
    // its head and tail when larger (a person's request is never cut); the input alone changes,
    // the commands do not, and a replay reads the recorded result
    // (the reply before it, when it made no API call: a tool's output sent as text answers the call its text made)
    const last = s.context.items.at(-1);
    const answers = last?.role === 'assistant' && !last.toolCalls?.length ? last.content.ref : undefined;
    const user = await s.activities.bookkeeping.storeMessage({
      model: s.config.model,
      message: { role: 'user', content: message.text },
      maxTokens: toolResultAllowance(s.context, s.budget(), 1),
      ...(answers === undefined ? {} : { answers }),
    });
    const request: NewLogItem = { turn, role: 'user', kind: 'message', content: user.content, preview: user.preview };
    // (only results stored by 0.5.6 or later carry it: a replay of an earlier history never asks)
    if (user.textOutput && patched(TEXT_OUTPUT_FACTS_PATCH)) request.textOutput = user.textOutput;
    s.append([request]);
    for (;;) {
      if (steps >= s.config.maxStepsPerTurn) {
        throw new TurnError(
          FailureType.MaxStepsExceeded,
          `The turn reached maxStepsPerTurn (${s.config.maxStepsPerTurn})`,
        );
      }
      const response = await callModel(s, steps + 1, previousCalls);
      steps += 1;
      const assistant: NewLogItem = {
        turn,
        role: 'assistant',
        kind: 'message',
        content: response.message,
        preview: response.preview,
      };
      if (response.toolCalls.length) assistant.toolCalls = response.toolCalls;
      s.append([assistant]);
      const assistantSeq = s.context.nextSeq - 1;
      if (!response.toolCalls.length) return finish(s, result(response.text ?? ''), tokensOf());
      // Each result's share of the budget, so that the step leaves room for the rest of the
      // pinned content and compaction can always make the next request fit.
      const allowance = toolResultAllowance(s.context, s.budget(), response.toolCalls.length);
      // The batch runs in parallel and is appended whole, in call order: compaction only
      // ever runs before the next model call, so it never splits a batch.
      s.setPhase({ kind: 'tools', step: steps, tools: response.toolCalls.map((c) => c.name) });
      previousCalls = response.toolCalls.length;
      const outputs = await Promise.all(
        response.toolCalls.map((c) =>
          runTool(s, { ref: response.message.ref, seq: assistantSeq }, c.id, c.name, allowance, toolSummary(c)),
        ),
      );
      // (asked until a session has it: the state carries it, across continue-as-new too)
      if (!s.context.facts?.verbatim && patched(VERBATIM_ERRORS_PATCH)) s.keepErrorLinesVerbatim();
      s.append(
        outputs.map((o) => ({
          turn,
          role: 'tool' as const,
          kind: 'tool_result' as const,
          content: o.message,
          preview: o.preview,
          toolCallId: o.toolCallId,
          toolResult: o.toolResult,
          digest: o.digest,
        })),
      );
    }
  } catch (err) {
    const turnError = asTurnError(err);
    if (!turnError) throw err;
    log.warn('Turn failed', { turn, type: turnError.type, message: turnError.message });
    return finish(s, result('', turnError), tokensOf());
  }
}

/** `executeTool read_file src/index.ts`: the tool and its key arguments, clipped to one short line. */
function toolSummary(call: ToolCallMeta): string {
  const line = `executeTool ${call.name} ${Object.values(call.keyArgs).join(' ')}`.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

function finish(s: SessionState, r: TurnResult, tokensAdded: number): TurnResult {
  s.finishTurn(r, tokensAdded);
  return r;
}
