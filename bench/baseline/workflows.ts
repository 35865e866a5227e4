/**
 * The "full-message" baseline: the naive agent loop. The workflow keeps the whole
 * conversation in its state, passes all of it to the model activity at every step and gets
 * the full tool output back, so Temporal records the prompt in history at every call.
 * Messages arrive by update, as in `agentSession`, so both are driven the same way.
 * Bundled on its own (bench only); never part of the package's workflows.
 */
import {
  allHandlersFinished,
  condition,
  defineSignal,
  defineUpdate,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { ChatMessage } from '../../src/context/types';
import type { BaselineActivities } from './activities';

/** Input of {@link fullMessageSession}. */
export interface FullMessageSessionInput {
  model: string;
  systemPrompt: string;
  tools: string[];
  maxOutputTokens: number;
  maxStepsPerTurn: number;
}

/** What a turn returns to the update caller (same fields as durable-context's, minus compactions). */
export interface BaselineTurnResult {
  turn: number;
  reply: string;
  steps: number;
  error?: string;
}

/** A user message; the update resolves when its turn ends. */
export const baselineSendMessage = defineUpdate<BaselineTurnResult, [{ text: string }]>('sendMessage');
/** Ends the session once the queue is empty. */
export const baselineEnd = defineSignal('end');

const { callModelFull } = proxyActivities<BaselineActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 8 },
});
const { runToolFull } = proxyActivities<BaselineActivities>({
  startToCloseTimeout: '15 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

/** The naive agent session: the whole `messages` array into every model call. */
export async function fullMessageSession(
  input: FullMessageSessionInput,
): Promise<{ turns: number; modelCalls: number }> {
  const messages: ChatMessage[] = [{ role: 'system', content: input.systemPrompt }];
  const queue: Array<{ id: number; text: string }> = [];
  const results = new Map<number, BaselineTurnResult>();
  let ended = false;
  let nextId = 0;
  let turn = 0;
  let modelCalls = 0;

  setHandler(baselineSendMessage, async ({ text }) => {
    const id = nextId++;
    queue.push({ id, text });
    await condition(() => results.has(id));
    return results.get(id) as BaselineTurnResult;
  });
  setHandler(baselineEnd, () => {
    ended = true;
  });

  for (;;) {
    await condition(() => queue.length > 0 || ended);
    const next = queue.shift();
    if (!next) break;
    turn += 1;
    messages.push({ role: 'user', content: next.text });
    let steps = 0;
    let result: BaselineTurnResult | undefined;
    while (!result) {
      if (steps >= input.maxStepsPerTurn) {
        result = { turn, reply: '', steps, error: 'MaxStepsExceeded' };
        break;
      }
      const { message } = await callModelFull({
        model: input.model,
        messages,
        tools: input.tools,
        maxOutputTokens: input.maxOutputTokens,
      });
      steps += 1;
      modelCalls += 1;
      messages.push(message);
      const calls = message.tool_calls ?? [];
      if (!calls.length) {
        result = { turn, reply: message.content ?? '', steps };
        break;
      }
      const outputs = await Promise.all(
        calls.map((c) => runToolFull({ name: c.function.name, arguments: c.function.arguments, toolCallId: c.id })),
      );
      messages.push(...outputs.map((o) => o.message));
    }
    results.set(next.id, result);
  }
  await condition(allHandlersFinished);
  return { turns: turn, modelCalls };
}
