/**
 * The `storeMessage` and `countFixedOverhead` activities: how content that does not come
 * from a model or a tool (user messages, the system prompt, tool schemas) enters the store
 * and the budget.
 */
import type { ActivityOptionsConfig } from '../workflows/activity-options';
import { DurableContextError, FailureType } from '../context/errors';
import type { ChatMessage } from '../context/types';
import type { ContentStore } from '../store/content-store';
import { storeMessage as storeCounted } from './messages';
import type { ModelRuntime } from './model-client';
import { toActivityFailure } from './provider-errors';
import { requestPreview } from './request-preview';
import type { ToolRegistry } from './tools/registry';
import type {
  CountFixedOverheadInput,
  CountFixedOverheadResult,
  DescribeModelInput,
  DescribeModelResult,
  StoreMessageInput,
  StoreMessageResult,
} from './types';

/** Dependencies of the activities in this module. */
export interface StoreMessageDeps {
  store: ContentStore;
  runtime: ModelRuntime;
  tools: ToolRegistry;
  activityOptions?: ActivityOptionsConfig;
  searchAttributes?: boolean;
}

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/** The `storeMessage` activity: stores and counts one message (a user message, typically). */
export async function storeMessageActivity(
  deps: StoreMessageDeps,
  input: StoreMessageInput,
): Promise<StoreMessageResult> {
  try {
    checkMessage(input.message);
    const counter = await deps.runtime.counter(input.model);
    return { content: await storeCounted(deps.store, counter, input.message), preview: requestPreview(input.message) };
  } catch (err) {
    throw toActivityFailure(err, { model: input.model, operation: 'storeMessage' });
  }
}

/** The `describeModel` activity: the registry's figures for a model (throws InvalidConfig for an unknown window). */
export async function describeModel(deps: StoreMessageDeps, input: DescribeModelInput): Promise<DescribeModelResult> {
  try {
    const spec = await deps.runtime.spec(input.model);
    const result: DescribeModelResult = {
      model: spec.name,
      contextWindow: spec.contextWindow,
      maxOutputTokens: spec.maxOutputTokens,
      encoding: spec.encoding,
    };
    if (spec.inputPricePerMTok !== undefined) result.inputPricePerMTok = spec.inputPricePerMTok;
    if (spec.outputPricePerMTok !== undefined) result.outputPricePerMTok = spec.outputPricePerMTok;
    if (deps.activityOptions) result.activityOptions = deps.activityOptions;
    if (deps.searchAttributes) result.searchAttributes = true;
    return result;
  } catch (err) {
    throw toActivityFailure(err, { model: input.model, operation: 'describeModel' });
  }
}

/** The `countFixedOverhead` activity: what every request costs besides the view. */
export async function countFixedOverhead(
  deps: StoreMessageDeps,
  input: CountFixedOverheadInput,
): Promise<CountFixedOverheadResult> {
  try {
    const counter = await deps.runtime.counter(input.model);
    const toolsTokens = counter.countTools(deps.tools.schemas(input.tools ?? []));
    const primingTokens = counter.replyPriming();
    const result: CountFixedOverheadResult = { toolsTokens, primingTokens, fixedTokens: toolsTokens + primingTokens };
    if (input.systemPrompt !== undefined) {
      result.system = await storeCounted(deps.store, counter, { role: 'system', content: input.systemPrompt });
      result.fixedTokens += result.system.tokens;
    }
    return result;
  } catch (err) {
    throw toActivityFailure(err, { model: input.model, operation: 'countFixedOverhead' });
  }
}

function checkMessage(message: ChatMessage): void {
  if (typeof message !== 'object' || message === null || !ROLES.has(message.role)) {
    throw new DurableContextError(
      FailureType.InvalidInput,
      'message must have a role: system, user, assistant or tool',
    );
  }
  if (message.content !== null && typeof message.content !== 'string') {
    throw new DurableContextError(FailureType.InvalidInput, 'message content must be a string or null');
  }
  if (message.role === 'user' && !(message.content ?? '').trim()) {
    throw new DurableContextError(FailureType.InvalidInput, 'a user message must not be empty');
  }
  if (message.role === 'tool' && !message.tool_call_id) {
    throw new DurableContextError(FailureType.InvalidInput, 'a tool message needs its tool_call_id');
  }
}
