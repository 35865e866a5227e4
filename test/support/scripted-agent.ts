/**
 * A stateless script for the fake OpenAI server: each reply is decided from the request
 * alone (which turn and step it continues), never from how many requests came before. A
 * request that a crash cut off and a retry re-sent therefore gets the same reply, so a run
 * that crashed can be compared with one that did not. Summarization requests (the llm
 * summarizer's checkpoint prompt) get a fixed checkpoint.
 */
import { checkToolPairing } from '../../src/context/pairing';
import type { ChatMessage } from '../../src/context/types';
import type { FakeOpenAI, RecordedRequest, ScriptedReply, ScriptedToolCall } from '../../src/testing/fake-openai';

/** One model reply of a turn: tool calls (ids are assigned) or the final text. */
export type ScriptStep = { toolCalls: Omit<ScriptedToolCall, 'id'>[] } | { text: string };

/** Steps of each turn, by turn number; user messages start with `turn <n>:`. */
export type AgentScript = Record<number, ScriptStep[]>;

/** The llm summarizer's reply. */
export const SCRIPTED_CHECKPOINT = [
  '## Goal',
  'Run the scripted steps.',
  '## Progress and decisions',
  'Earlier steps ran and reported done.',
  '## Files and code',
  '(none)',
  '## Errors and fixes',
  '(none)',
  '## Pending work',
  'The remaining steps.',
  '## Next step',
  'Continue.',
].join('\n');

type Reply = Exclude<ScriptedReply, (r: RecordedRequest) => unknown>;

/** Options of {@link scriptedAgent}: delays (by reply) that give a test time to kill a worker. */
export interface ScriptedAgentOptions {
  /** Delay of the reply to turn `turn`, step `step` (0-based). */
  stepDelayMs?: (turn: number, step: number) => number;
  /** Delay of a summarizer reply. */
  summaryDelayMs?: () => number;
}

/** The user message that starts turn `n`. */
export function turnMessage(n: number, text = 'go on'): string {
  return `turn ${n}: ${text}`;
}

/** True for a request of the llm summarizer (its checkpoint system prompt). */
export function isSummaryRequest(r: RecordedRequest): boolean {
  const first = r.body?.messages?.[0] as ChatMessage | undefined;
  return first?.role === 'system' && typeof first.content === 'string' && first.content.startsWith('You summarize');
}

/** Where a request is in the script: its turn and the step it asks for. */
export function stepOf(r: RecordedRequest): { turn: number; step: number } | undefined {
  const messages = (r.body?.messages ?? []) as ChatMessage[];
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') {
    const m = /^call_T(\d+)_S(\d+)_\d+$/.exec(last.tool_call_id ?? '');
    if (m) return { turn: Number(m[1]), step: Number(m[2]) + 1 };
  }
  if (last?.role === 'user' && typeof last.content === 'string') {
    // (a tool's output a text-protocol harness sends as the user message ends with its turn's tag: `[turn 3]`)
    const m = /^turn (\d+):/.exec(last.content) ?? /\n\[turn (\d+)\]$/.exec(last.content);
    if (m) return { turn: Number(m[1]), step: 0 };
  }
  return undefined;
}

/** The fake server's reply function for `script`. */
export function scriptedAgent(script: AgentScript, options: ScriptedAgentOptions = {}): (r: RecordedRequest) => Reply {
  return (request) => {
    if (isSummaryRequest(request)) return { text: SCRIPTED_CHECKPOINT, delayMs: options.summaryDelayMs?.() ?? 0 };
    const at = stepOf(request);
    const step = at && script[at.turn]?.[at.step];
    if (!at || !step) return { text: `unscripted request (${JSON.stringify(at)})` };
    const delayMs = options.stepDelayMs?.(at.turn, at.step) ?? 0;
    if ('text' in step) return { text: step.text, delayMs };
    return {
      toolCalls: step.toolCalls.map((c, i) => ({ ...c, id: `call_T${at.turn}_S${at.step}_${i}` })),
      delayMs,
    };
  };
}

/**
 * Problems with what the fake server received: a 4xx other than an injected fault, a request
 * with unpaired tool messages, or one whose prompt plus requested output exceeds `window`.
 */
export function requestProblems(fake: FakeOpenAI, window: number): string[] {
  const problems: string[] = [];
  fake.requests.forEach((r, i) => {
    if (!r.path.endsWith('/chat/completions')) return;
    if (r.fault === undefined && r.status !== undefined && r.status >= 400) {
      problems.push(`request ${i}: status ${r.status}`);
    }
    const pairing = checkToolPairing((r.body?.messages ?? []) as ChatMessage[]);
    if (pairing.length) problems.push(`request ${i}: ${JSON.stringify(pairing)}`);
    const requested = Number(r.body?.max_completion_tokens ?? r.body?.max_tokens ?? 0);
    if (r.promptTokens !== undefined && r.promptTokens + requested > window) {
      problems.push(`request ${i}: ${r.promptTokens} + ${requested} tokens exceed the window of ${window}`);
    }
  });
  return problems;
}
