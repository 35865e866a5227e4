/**
 * The `storeMessage` and `countFixedOverhead` activities: how content that does not come
 * from a model or a tool (user messages, the system prompt, tool schemas) enters the store
 * and the budget.
 */
import type { ActivityOptionsConfig } from '../workflows/activity-options';
import { DurableContextError, FailureType } from '../context/errors';
import { failureEvidence, plainOutput } from '../context/evidence';
import { fullOutputLine, type TruncateLimits } from '../context/truncate';
import type { ChatMessage, ContentRef, TextOutputMeta } from '../context/types';
import { getJson, type ContentStore } from '../store/content-store';
import { keyArgsOf, storeMessage as storeCounted } from './messages';
import type { ModelRuntime } from './model-client';
import { toActivityFailure } from './provider-errors';
import { requestPreview } from './request-preview';
import { harnessOutput, isTextToolOutput, withTextCalls } from './summarizers/text-calls';
import type { TokenCounter } from './tokenizer';
import { fitOutput } from './tools/output';
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
  /** Limits of a tool's output (a ceiling), for one sent as a user message; default: 128 + 128 lines, 10 KiB. */
  outputLimits?: TruncateLimits;
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
    // the counts of the lines of a message cut to fit are known once it is: its stored count reuses them
    const memo = new Map<string, number>();
    // (the reply this message answers, when it made no API call: an output is read by the exchange's shape too)
    const previous = input.answers && input.message.role === 'user' ? await replyOf(deps.store, input.answers) : undefined;
    const output = textOutputOf(input.message, previous?.content ?? undefined);
    if (output && previous) readCall(previous, input.message, output);
    const message = await fitted(deps, counter, input, memo, output);
    const result: StoreMessageResult = {
      content: await storeCounted(deps.store, counter, message, memo),
      preview: requestPreview(message),
    };
    if (output) result.textOutput = output;
    return result;
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

/**
 * The message as the view shows it: a tool's output sent as a user message and larger than
 * `maxTokens` is stored whole and cut to its head and tail (with the lines that show a failure),
 * as `executeTool` cuts a tool result; any other message as it is.
 */
async function fitted(
  deps: StoreMessageDeps,
  counter: TokenCounter,
  input: StoreMessageInput,
  memo: Map<string, number>,
  output: TextOutputMeta | undefined,
): Promise<ChatMessage> {
  const { message, maxTokens } = input;
  const text = message.content;
  if (maxTokens === undefined || message.role !== 'user' || !text || !(output || isTextToolOutput(text))) return message;
  const evidence = output?.evidence;
  if (counter.countMessage(message, memo) <= maxTokens) return message;
  const bytes = new TextEncoder().encode(text);
  const whole = await deps.store.put(bytes);
  const cut = fitOutput(text, {
    ...(deps.outputLimits ? { limits: deps.outputLimits } : {}),
    maxTokens,
    count: (content) => counter.countMessage({ ...message, content }, memo),
    reference: fullOutputLine(bytes.length, whole),
    evidence: evidence ?? failureEvidence(plainOutput(text).text),
  });
  return { ...message, content: cut.text };
}

/**
 * What a user message shows when it can only be a tool's output a harness sent as text
 * (`harnessOutput`): its tool and the lines of the whole output that show a failure — the
 * workflow's facts read it as a tool result (src/context/facts.ts). Undefined for anything else.
 */
function textOutputOf(message: ChatMessage, previous: string | undefined): TextOutputMeta | undefined {
  if (message.role !== 'user' || !message.content) return undefined;
  const output = harnessOutput(message.content, previous);
  if (!output) return undefined;
  const evidence = failureEvidence(plainOutput(output.body).text);
  const meta: TextOutputMeta = { toolName: output.tool ?? 'tool', status: evidence.length ? 'error' : 'ok' };
  if (evidence.length) meta.evidence = evidence;
  // a Cline-like heading names the call's argument: a command, or the file a file tool worked on
  const arg = output.argument?.trim();
  if (output.tool && arg) {
    if (COMMAND_TOOL.test(output.tool)) meta.keyArgs = { command: arg };
    else if (FILE_TOOL.test(output.tool) && !SEARCH_TOOL.test(output.tool) && !/\s/.test(arg))
      meta.keyArgs = { path: arg };
  }
  return meta;
}

/** Tools whose heading argument is a command (`execute_command`, `run_shell`), or a file (`write_to_file`, `read_file`). */
const COMMAND_TOOL = /command|exec|shell|bash|terminal/i;
const FILE_TOOL = /file|read|write|replace|edit|diff|insert|view/i;
/** File tools whose heading argument is a pattern or a folder (`search_files for 'TODO'`), not a file. */
const SEARCH_TOOL = /search|find|grep|glob|list/i;

/**
 * The assistant's reply `answers` refers to, when it is one without API calls; undefined for a
 * message the store no longer holds (the message is stored all the same) or any other.
 */
async function replyOf(store: ContentStore, answers: ContentRef): Promise<ChatMessage | undefined> {
  let previous: ChatMessage;
  try {
    previous = await getJson<ChatMessage>(store, answers);
  } catch {
    return undefined; // (metadata only: the message is stored all the same)
  }
  if (previous?.role !== 'assistant' || typeof previous.content !== 'string' || previous.tool_calls?.length)
    return undefined;
  return previous;
}

/**
 * The call the assistant's reply `previous` makes in its text (`text-calls.ts`: a ReAct action, a
 * tagged call, a template's marker, …) that `message` answers: its name and key arguments, into
 * `output`. A reply that makes no call leaves it as it is.
 */
function readCall(previous: ChatMessage, message: ChatMessage, output: TextOutputMeta): void {
  const [call, result] = withTextCalls([previous, message]);
  const made = call?.tool_calls?.[0];
  if (!made || result?.role !== 'tool' || result.tool_call_id !== made.id) return;
  output.toolName = made.function.name;
  const keyArgs = keyArgsOf(made.function.arguments);
  if (Object.keys(keyArgs).length) output.keyArgs = keyArgs;
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
