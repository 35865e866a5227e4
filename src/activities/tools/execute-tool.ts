/**
 * The `executeTool` activity: finds the call in the stored assistant message, validates its
 * arguments, runs the tool with an idempotency key, stores the full output, and returns the
 * truncated tool message, its metadata and its digest — each stored and counted. Mistakes
 * of the model (unknown tool, bad arguments) become tool results it can act on, not crashes.
 */
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { DurableContextError, FailureType } from '../../context/errors';
import { toolDigest } from '../../context/digest';
import { failureEvidence, plainOutput } from '../../context/evidence';
import { countLines, fullOutputLine, type TruncateLimits } from '../../context/truncate';
import type { ChatMessage, ToolResultMeta } from '../../context/types';
import { getJson, type ContentStore } from '../../store/content-store';
import { cancellationSignal, heartbeatNow, idempotencyKey, withHeartbeats } from '../activity-context';
import { clip, keyArgsOf, PREVIEW_MAX_CHARS, storeMessage } from '../messages';
import type { ModelRuntime } from '../model-client';
import { toActivityFailure } from '../provider-errors';
import type { ExecuteToolInput, ExecuteToolResult } from '../types';
import { notedLines } from '../summarizers/pasted';
import { classifyOutput, edgeLines, fitOutput } from './output';
import type { ToolOutput, ToolRegistry } from './registry';

/** Dependencies of {@link executeTool}. */
export interface ExecuteToolDeps {
  store: ContentStore;
  runtime: ModelRuntime;
  tools: ToolRegistry;
  /**
   * Limits of the output the model sees; default: 128 + 128 lines, 10 KiB. A ceiling: the
   * workflow's per-result allowance (`maxResultTokens`) may cut further.
   */
  outputLimits?: TruncateLimits;
}

interface Outcome {
  output: string | Uint8Array;
  status: 'ok' | 'error';
  exitCode?: number;
  errorType?: FailureType;
}

/** The `executeTool` activity (see {@link ExecuteToolInput}). */
export async function executeTool(deps: ExecuteToolDeps, input: ExecuteToolInput): Promise<ExecuteToolResult> {
  try {
    const assistant = await getJson<ChatMessage>(deps.store, input.assistant);
    const call = assistant.tool_calls?.find((c) => c.id === input.toolCallId);
    if (!call) {
      throw new DurableContextError(
        FailureType.InvalidInput,
        `tool call ${input.toolCallId} is not in assistant message ${input.assistant}`,
      );
    }
    const outcome = await run(deps, call.function.name, call.function.arguments, input);
    return await record(deps, input, call.function.name, keyArgsOf(call.function.arguments), outcome);
  } catch (err) {
    throw toActivityFailure(err, { operation: 'executeTool' });
  }
}

async function run(deps: ExecuteToolDeps, name: string, argsJson: string, input: ExecuteToolInput): Promise<Outcome> {
  const { toolCallId } = input;
  const tool = deps.tools.get(name);
  if (!tool) {
    const known = deps.tools.names().join(', ') || 'none';
    return error(FailureType.ToolNotFound, `Error: there is no tool named '${name}'. Available tools: ${known}.`);
  }
  let args: unknown;
  try {
    args = argsJson.trim() === '' ? {} : JSON.parse(argsJson);
  } catch (err) {
    return error(
      FailureType.InvalidToolArguments,
      `Error: the arguments of '${name}' are not valid JSON (${(err as Error).message}). ` +
        `Call it again with a JSON object matching its parameters schema.`,
    );
  }
  if (!tool.validate(args)) {
    const problems = (tool.validate.errors ?? [])
      .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}${paramsHint(e.params)}`)
      .join('; ');
    return error(
      FailureType.InvalidToolArguments,
      `Error: invalid arguments for '${name}': ${problems}. Call it again with arguments matching its schema.`,
    );
  }

  const controller = new AbortController();
  const activitySignal = cancellationSignal();
  const onCancel = () => controller.abort(activitySignal.reason);
  activitySignal.addEventListener('abort', onCancel, { once: true });
  let timedOut = false;
  const timer =
    tool.definition.timeout === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort(new Error('timeout'));
        }, tool.definition.timeout);
  try {
    const result = await withHeartbeats(5_000, { tool: name, toolCallId }, () =>
      tool.definition.execute(args as Record<string, unknown>, {
        idempotencyKey: idempotencyKey(toolCallId, input.assistantSeq),
        toolCallId,
        signal: controller.signal,
        heartbeat: heartbeatNow,
      }),
    );
    if (activitySignal.aborted) throw new CancelledFailure(`tool '${name}' cancelled`);
    const out: ToolOutput = typeof result === 'string' ? { output: result } : result;
    return {
      output: out.output,
      status: out.status ?? 'ok',
      ...(out.exitCode === undefined ? {} : { exitCode: out.exitCode }),
    };
  } catch (err) {
    if (activitySignal.aborted) throw new CancelledFailure(`tool '${name}' cancelled`);
    if (timedOut)
      return { output: `Error: tool '${name}' timed out after ${tool.definition.timeout} ms.`, status: 'error' };
    // a tool that wants Temporal to retry says so with an ApplicationFailure
    if (err instanceof ApplicationFailure) throw err;
    return { output: `Error: tool '${name}' failed: ${(err as Error)?.message ?? String(err)}`, status: 'error' };
  } finally {
    if (timer) clearTimeout(timer);
    activitySignal.removeEventListener('abort', onCancel);
  }
}

async function record(
  deps: ExecuteToolDeps,
  input: ExecuteToolInput,
  toolName: string,
  keyArgs: Record<string, string>,
  outcome: Outcome,
): Promise<ExecuteToolResult> {
  const counter = await deps.runtime.counter(input.model);
  const { bytes, text } = classifyOutput(outcome.output);
  const fullOutputRef = await deps.store.put(bytes);
  // a harness's JSON wrapper read through its text, escape sequences removed: what the lines show
  const plain = text === undefined ? undefined : plainOutput(text);
  // from the full output, not the truncated view: the failing line is often in the omitted middle
  const failed = outcome.status === 'error' || (outcome.exitCode ?? 0) !== 0 || plain?.failed === true;
  const evidence = plain === undefined ? [] : failureEvidence(plain.text, { failed });
  // the fit counts each cut it tries, the store counts the one kept: the lines' counts are shared
  const memo = new Map<string, number>();
  let viewText: string;
  let truncated = false;
  if (text === undefined) {
    viewText = `[binary output: ${bytes.length} bytes, not shown; full output: ${fullOutputRef}]`;
  } else {
    const fitted = fitOutput(text, {
      ...(deps.outputLimits ? { limits: deps.outputLimits } : {}),
      ...(input.maxResultTokens === undefined ? {} : { maxTokens: input.maxResultTokens }),
      count: (content) => counter.countMessage({ role: 'tool', tool_call_id: input.toolCallId, content }, memo),
      reference: fullOutputLine(bytes.length, fullOutputRef),
      evidence,
    });
    truncated = fitted.truncated;
    viewText = fitted.text;
  }
  const edges = plain === undefined ? { firstLine: '', lastLine: '' } : edgeLines(plain.text);
  const toolResult: ToolResultMeta = {
    toolName,
    status: outcome.status,
    outputBytes: bytes.length,
    outputLines: text === undefined ? 0 : countLines(text),
    truncated,
    fullOutputRef,
    binary: text === undefined,
    ...edges,
  };
  if (outcome.exitCode !== undefined) toolResult.exitCode = outcome.exitCode;
  if (evidence.length) toolResult.evidence = evidence;
  else if (plain !== undefined) {
    // what a summary takes from an output that is no failure (an issue's title, a document's rules)
    const noted = notedLines(plain.text);
    if (noted.length) toolResult.noted = noted;
  }

  const message = await storeMessage(
    deps.store,
    counter,
    { role: 'tool', tool_call_id: input.toolCallId, content: viewText },
    memo,
  );
  const digestText = toolDigest({ result: toolResult, keyArgs });
  const digest = await storeMessage(deps.store, counter, {
    role: 'tool',
    tool_call_id: input.toolCallId,
    content: digestText,
  });
  const result: ExecuteToolResult = {
    message,
    toolCallId: input.toolCallId,
    toolResult,
    digest,
    keyArgs,
    preview: clip(`${toolName} → ${outcome.status}: ${viewText.replace(/\s+/g, ' ').trim()}`, PREVIEW_MAX_CHARS),
  };
  if (outcome.errorType) result.errorType = outcome.errorType;
  return result;
}

function error(type: FailureType, message: string): Outcome {
  return { output: message, status: 'error', errorType: type };
}

function paramsHint(params: Record<string, unknown>): string {
  if (typeof params['missingProperty'] === 'string') return '';
  if (typeof params['additionalProperty'] === 'string') return ` ('${params['additionalProperty']}')`;
  if (Array.isArray(params['allowedValues']))
    return ` (${params['allowedValues'].map((v) => JSON.stringify(v)).join(', ')})`;
  return '';
}
