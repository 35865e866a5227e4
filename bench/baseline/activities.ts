/**
 * Activities of the "full-message" baseline: the model activity takes the whole
 * conversation and returns the assistant message; the tool activity returns the full tool
 * message. Same endpoint, same tool and same request fields as durable-context's.
 */
import OpenAI from 'openai';
import type { ChatMessage } from '../../src/context/types';
import { TOOL_SCHEMA, readFileTool } from './scenario';

/** Input of `callModelFull`: everything the model sees, inline. */
export interface CallModelFullInput {
  model: string;
  messages: ChatMessage[];
  tools: string[];
  maxOutputTokens: number;
}

/** Input of `runToolFull`. */
export interface RunToolFullInput {
  name: string;
  arguments: string;
  toolCallId: string;
}

/** The baseline's activities, built by {@link createBaselineActivities}. */
export interface BaselineActivities {
  callModelFull(input: CallModelFullInput): Promise<{ message: ChatMessage }>;
  runToolFull(input: RunToolFullInput): Promise<{ message: ChatMessage }>;
}

/** Builds the baseline activities for an OpenAI-compatible endpoint. */
export function createBaselineActivities(options: { baseURL: string }): BaselineActivities {
  // Temporal owns retries, as in durable-context's model client.
  const client = new OpenAI({ baseURL: options.baseURL, apiKey: 'bench', maxRetries: 0 });
  return {
    async callModelFull(input) {
      const completion = await client.chat.completions.create({
        model: input.model,
        messages: input.messages as OpenAI.Chat.Completions.ChatCompletionMessageParam[],
        ...(input.tools.length ? { tools: [TOOL_SCHEMA] } : {}),
        max_tokens: input.maxOutputTokens,
      });
      const reply = completion.choices[0]?.message;
      if (!reply) throw new Error('the model returned no choice');
      const message: ChatMessage = { role: 'assistant', content: reply.content ?? null };
      const calls = (reply.tool_calls ?? []).flatMap((c) =>
        c.type === 'function'
          ? [
              {
                id: c.id,
                type: 'function' as const,
                function: { name: c.function.name, arguments: c.function.arguments },
              },
            ]
          : [],
      );
      if (calls.length) message.tool_calls = calls;
      return { message };
    },
    async runToolFull(input) {
      if (input.name !== readFileTool.name) throw new Error(`unknown tool ${input.name}`);
      const args = JSON.parse(input.arguments) as { path: string };
      const output = await readFileTool.execute(args, {
        idempotencyKey: input.toolCallId,
        toolCallId: input.toolCallId,
        signal: new AbortController().signal,
        heartbeat: () => undefined,
      });
      const content = typeof output === 'string' ? output : String(output.output);
      return { message: { role: 'tool', tool_call_id: input.toolCallId, content } };
    },
  };
}
