/**
 * The llm summarizer: any OpenAI-compatible model (possibly not the agent's) writes a
 * structured checkpoint. Its input is bounded by the summarizer's own window: a range that
 * does not fit is split into chunks folded one after another (a rolling summary), with a
 * hard cap on the number of calls.
 */
import { DurableContextError, FailureType } from '../../context/errors';
import type { ChatMessage } from '../../context/types';
import { requestCompletion } from '../call-model';
import type { ModelRuntime } from '../model-client';
import type { ModelSpec } from '../models';
import type { TokenCounter } from '../tokenizer';
import type { ModelUsage } from '../types';
import { checkpointSystemPrompt, checkpointUserPrompt } from './checkpoint-prompt';
import { transcriptEntry } from './transcript';

/** Most summarizer calls for one summary: bounds cost when a range is huge. */
export const DEFAULT_MAX_SUMMARIZER_CALLS = 8;
/** Tokens kept free in the summarizer's window for framing and estimation slack. */
const WINDOW_MARGIN_TOKENS = 256;

/** Options of {@link llmSummary}. */
export interface LlmSummaryOptions {
  runtime: ModelRuntime;
  spec: ModelSpec;
  counter: TokenCounter;
  maxTokens: number;
  previousSummary?: string;
  focus?: string;
  maxCalls?: number;
}

/** Result of {@link llmSummary}. */
export interface LlmSummaryResult {
  text: string;
  finishReason: string;
  calls: number;
  usage: ModelUsage;
}

/** Summarizes `messages` with the summarizer model, chunking to fit its window. */
export async function llmSummary(messages: readonly ChatMessage[], o: LlmSummaryOptions): Promise<LlmSummaryResult> {
  const system = checkpointSystemPrompt(o.maxTokens);
  const maxCalls = o.maxCalls ?? DEFAULT_MAX_SUMMARIZER_CALLS;
  // room for the transcript: the window minus the reply, the prompts, and a rolling summary of up to maxTokens
  const fixed = o.counter.countRequest([
    { role: 'system', content: system },
    { role: 'user', content: checkpointUserPrompt('', '', o.focus) },
  ]);
  const previousTokens = Math.max(o.maxTokens, o.counter.countText(o.previousSummary ?? ''));
  const budget = o.spec.contextWindow - o.maxTokens - fixed - previousTokens - WINDOW_MARGIN_TOKENS;
  if (budget < 256) {
    throw new DurableContextError(
      FailureType.InvalidConfig,
      `summarizer ${o.spec.name}: its context window (${o.spec.contextWindow}) leaves no room for input with a ${o.maxTokens}-token summary`,
      { model: o.spec.name },
    );
  }
  const chunks = chunk(messages.map(transcriptEntry), o.counter, budget);
  if (chunks.length > maxCalls) {
    throw new DurableContextError(
      FailureType.SummaryRejected,
      `summarizer ${o.spec.name}: the range needs ${chunks.length} calls, more than the limit of ${maxCalls}`,
      { model: o.spec.name, chunks: chunks.length, maxCalls },
    );
  }
  let running = o.previousSummary;
  let finishReason = 'stop';
  const usage: ModelUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  for (const part of chunks) {
    const raw = await requestCompletion(
      o.runtime,
      o.spec,
      {
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: checkpointUserPrompt(running, part, o.focus) },
        ],
        maxOutputTokens: o.maxTokens,
      },
      'summarize',
    );
    usage.promptTokens += raw.usage.promptTokens;
    usage.completionTokens += raw.usage.completionTokens;
    usage.totalTokens += raw.usage.totalTokens;
    running = raw.message.content ?? '';
    // a cut-off intermediate summary poisons the final one: report it so validation rejects it
    if (raw.finishReason !== 'stop') finishReason = raw.finishReason;
  }
  return { text: running ?? '', finishReason, calls: chunks.length, usage };
}

/** Packs entries into chunks of at most `budget` tokens; an entry too large alone keeps its head and tail. */
function chunk(entries: string[], counter: TokenCounter, budget: number): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let used = 0;
  for (const raw of entries) {
    let entry = raw;
    let tokens = counter.countText(entry) + 1;
    if (tokens > budget) {
      entry = keepHeadAndTail(entry, counter, budget - 16);
      tokens = counter.countText(entry) + 1;
    }
    if (used + tokens > budget && current.length > 0) {
      chunks.push(current.join('\n\n'));
      current = [];
      used = 0;
    }
    current.push(entry);
    used += tokens;
  }
  if (current.length > 0 || chunks.length === 0) chunks.push(current.join('\n\n'));
  return chunks;
}

function keepHeadAndTail(text: string, counter: TokenCounter, maxTokens: number): string {
  const ids = counter.encode(text);
  const half = Math.floor((maxTokens - 8) / 2);
  return `${counter.decode(ids.slice(0, half))}\n[... cut for the summarizer ...]\n${counter.decode(ids.slice(-half))}`;
}
