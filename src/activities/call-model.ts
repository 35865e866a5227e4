/**
 * The `callModel` activity: rebuilds the request from stored messages, calls an
 * OpenAI-compatible endpoint once (Temporal retries), and stores + counts the reply. A reply
 * that is cut off is never returned: the activity fails with a retryable `IncompleteResponse`.
 */
import { ApplicationFailure } from '@temporalio/common';
import type OpenAI from 'openai';
import { FailureType } from '../context/errors';
import type { ChatMessage, ChatToolCall, ContentRef } from '../context/types';
import { getJson, type ContentStore } from '../store/content-store';
import { cancellationSignal, throwIfCancelled, withHeartbeats } from './activity-context';
import { keyArgsOf, loadMessages, previewOf, storeMessage } from './messages';
import type { ModelRuntime } from './model-client';
import type { ModelSpec } from './models';
import { toActivityFailure } from './provider-errors';
import type { ToolRegistry } from './tools/registry';
import type { CallModelInput, CallModelResult, ModelUsage } from './types';

/** Dependencies of {@link callModel}. */
export interface CallModelDeps {
  store: ContentStore;
  runtime: ModelRuntime;
  tools: ToolRegistry;
}

/** One raw chat completion: shared by `callModel` and the llm summarizer. */
export interface RawCompletion {
  message: ChatMessage;
  finishReason: string;
  usage: ModelUsage;
  responseModel: string;
}

/** Builds, sends and checks one chat-completions request; provider errors come back mapped. */
export async function requestCompletion(
  runtime: ModelRuntime,
  spec: ModelSpec,
  body: {
    messages: ChatMessage[];
    tools?: OpenAI.Chat.Completions.ChatCompletionTool[];
    maxOutputTokens?: number;
    temperature?: number;
    toolChoice?: 'auto' | 'none' | 'required';
    parallelToolCalls?: boolean;
  },
  operation: string,
): Promise<RawCompletion> {
  const params: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
    model: spec.name,
    messages: body.messages as OpenAI.Chat.Completions.ChatCompletionMessageParam[],
  };
  if (body.tools && body.tools.length > 0) {
    params.tools = body.tools;
    if (body.toolChoice) params.tool_choice = body.toolChoice;
    if (body.parallelToolCalls !== undefined) params.parallel_tool_calls = body.parallelToolCalls;
  }
  if (body.maxOutputTokens !== undefined) params[spec.maxTokensParam] = body.maxOutputTokens;
  if (body.temperature !== undefined) params.temperature = body.temperature;

  throwIfCancelled();
  let completion: OpenAI.Chat.Completions.ChatCompletion;
  try {
    const client = runtime.client(spec);
    completion = await withHeartbeats(runtime.heartbeatIntervalMs, { operation, model: spec.name }, () =>
      client.chat.completions.create(params, { signal: cancellationSignal() }),
    );
  } catch (err) {
    throwIfCancelled();
    throw toActivityFailure(err, { model: spec.name, operation });
  }
  return checkCompletion(completion, spec, operation);
}

/** Rejects replies that are cut off or malformed; returns the assistant message in protocol shape. */
function checkCompletion(
  completion: OpenAI.Chat.Completions.ChatCompletion,
  spec: ModelSpec,
  operation: string,
): RawCompletion {
  const choice = completion?.choices?.[0];
  const reply = choice?.message;
  if (!choice || !reply || typeof choice.finish_reason !== 'string') {
    throw incomplete(`${operation}: the response has no complete choice`, spec);
  }
  const calls: ChatToolCall[] = [];
  for (const call of reply.tool_calls ?? []) {
    if (call.type !== 'function' || typeof call.id !== 'string' || typeof call.function?.name !== 'string') {
      throw incomplete(`${operation}: malformed tool call in the response`, spec);
    }
    calls.push({
      id: call.id,
      type: 'function',
      function: { name: call.function.name, arguments: call.function.arguments ?? '' },
    });
  }
  if (choice.finish_reason === 'length' && calls.length > 0) {
    // the cap cut the reply inside its tool calls: arguments or later calls may be missing
    throw incomplete(`${operation}: the reply was cut off (finish_reason 'length') inside its tool calls`, spec);
  }
  const message: ChatMessage = { role: 'assistant', content: reply.content ?? null };
  if (calls.length > 0) message.tool_calls = calls;
  const usage: ModelUsage = {
    promptTokens: completion.usage?.prompt_tokens ?? 0,
    completionTokens: completion.usage?.completion_tokens ?? 0,
    totalTokens: completion.usage?.total_tokens ?? 0,
  };
  const cached = completion.usage?.prompt_tokens_details?.cached_tokens;
  if (typeof cached === 'number') usage.cachedTokens = cached;
  return { message, finishReason: choice.finish_reason, usage, responseModel: completion.model ?? spec.name };
}

function incomplete(message: string, spec: ModelSpec): ApplicationFailure {
  return ApplicationFailure.create({
    type: FailureType.IncompleteResponse,
    message,
    nonRetryable: false,
    details: [{ model: spec.name }],
  });
}

/** The `callModel` activity (see {@link CallModelInput}). */
export async function callModel(deps: CallModelDeps, input: CallModelInput): Promise<CallModelResult> {
  let spec: ModelSpec;
  let messages: ChatMessage[];
  let refs: ContentRef[];
  let tools: OpenAI.Chat.Completions.ChatCompletionTool[];
  try {
    spec = await deps.runtime.spec(input.model);
    const prefix = input.prefix ? await getJson<ContentRef[]>(deps.store, input.prefix) : [];
    refs = [...prefix, ...input.messages];
    messages = await loadMessages(deps.store, refs);
    tools = deps.tools.schemas(input.tools ?? []);
  } catch (err) {
    throw toActivityFailure(err, { model: input.model, operation: 'callModel' });
  }
  const raw = await requestCompletion(deps.runtime, spec, { ...input, messages, tools }, 'callModel');
  try {
    const counter = await deps.runtime.counter(input.model);
    // stored only once the reply is known to be complete: nothing partial ever gets a reference
    const message = await storeMessage(deps.store, counter, raw.message);
    const manifest = await deps.store.put(JSON.stringify(refs));
    const result: CallModelResult = {
      message,
      manifest,
      toolCalls: (raw.message.tool_calls ?? []).map((c) => ({
        id: c.id,
        name: c.function.name,
        keyArgs: keyArgsOf(c.function.arguments),
      })),
      preview: previewOf(raw.message),
      finishReason: raw.finishReason,
      usage: raw.usage,
      responseModel: raw.responseModel,
    };
    if (!raw.message.tool_calls) result.text = raw.message.content ?? '';
    return result;
  } catch (err) {
    throw toActivityFailure(err, { model: input.model, operation: 'callModel' });
  }
}
