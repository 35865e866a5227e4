/**
 * The benchmark session, shared by every variant: the same user messages, the same fake
 * model replies (a pure function of the request) and the same tool with the same output, so
 * the variants differ only in how the workflow moves content around.
 */
import { defineTool } from '../../src/activities/tools/registry';
import type { ChatMessage } from '../../src/context/types';
import type { RecordedRequest, ScriptedReply } from '../../src/testing/fake-openai';
import { lcg as rng } from '../../test/support/random';

/** The user model the sessions run on (registered with a 128k window). */
export const BENCH_MODEL = 'bench-128k';
export const BENCH_CONTEXT_WINDOW = 128_000;
/** The reply cap every model request carries (durable-context sends the model's max output). */
export const BENCH_MAX_OUTPUT_TOKENS = 4_096;
export const SYSTEM_PROMPT = 'You are a coding agent. Read the files you need, then answer briefly.';
export const TOOL_NAME = 'read_file';
/** Approximate UTF-8 bytes of one tool output. */
export const TOOL_OUTPUT_BYTES = 2_000;

const WORDS = (
  'the request handler reads a page of records from the database and returns them to the caller; ' +
  'whenever a record is missing it writes a warning and continues, so the returned page may be shorter ' +
  'than requested. Retries are bounded, and every failure mentions the identifier of the record involved.'
).split(' ');

function seedOf(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

/** The tool output for `path`: numbered lines of prose, about {@link TOOL_OUTPUT_BYTES} bytes, deterministic. */
export function toolOutput(path: string): string {
  const next = rng(seedOf(path));
  const lines: string[] = [];
  let size = 0;
  for (let n = 1; size < TOOL_OUTPUT_BYTES - 80; n++) {
    const words: string[] = [];
    while (words.join(' ').length < 70) words.push(WORDS[Math.floor(next() * WORDS.length)] as string);
    const line = `${n}: ${words.join(' ')}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

/** The tool every variant offers: reads a (synthetic) file. */
export const readFileTool = defineTool<{ path: string }>({
  name: TOOL_NAME,
  description: 'Reads a file of the project and returns its text.',
  parameters: {
    type: 'object',
    properties: { path: { type: 'string', description: 'Path relative to the project root' } },
    required: ['path'],
    additionalProperties: false,
  },
  idempotent: true,
  execute: async (args) => toolOutput(args.path),
});

/** The tool schema as sent in `tools[]` (the baseline sends it itself). */
export const TOOL_SCHEMA = {
  type: 'function' as const,
  function: { name: TOOL_NAME, description: readFileTool.description, parameters: readFileTool.parameters },
};

/** The user message of turn `turn` (1-based). */
export function userText(turn: number): string {
  return `Turn ${turn}: read the files of module ${turn} one by one and tell me which of them log warnings.`;
}

/** The path the model asks for at step `step` (1-based) of turn `turn`. */
export function toolPath(turn: number, step: number): string {
  return `src/module-${turn}/part-${step}.ts`;
}

/** The tool call id of step `step` of turn `turn`: fixed, so every run produces the same bytes. */
export function callId(turn: number, step: number): string {
  return `call_${turn}_${step}`;
}

/** The answer that ends turn `turn`. */
export function answerText(turn: number): string {
  return `Module ${turn}: every part logs a warning when a record is missing; none of them retries forever.`;
}

/**
 * The fake model: a pure function of the request. In turn t (the number of user messages),
 * after s tool results it asks for the next file while s < stepsPerTurn, then answers.
 */
export function scriptedModel(
  stepsPerTurn: number,
): (request: RecordedRequest) => Exclude<ScriptedReply, (r: RecordedRequest) => unknown> {
  return (request) => {
    const messages = request.body.messages as ChatMessage[];
    let turn = 0;
    let results = 0;
    for (const m of messages) {
      if (m.role === 'user') {
        turn += 1;
        results = 0;
      } else if (m.role === 'tool') results += 1;
    }
    if (results >= stepsPerTurn) return { text: answerText(turn) };
    const step = results + 1;
    return { toolCalls: [{ id: callId(turn, step), name: TOOL_NAME, arguments: { path: toolPath(turn, step) } }] };
  };
}

/** Every message a session of `turns` × `stepsPerTurn` produces, in order (without the system prompt). */
export function sessionMessages(turns: number, stepsPerTurn: number): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (let t = 1; t <= turns; t++) {
    out.push({ role: 'user', content: userText(t) });
    for (let s = 1; s <= stepsPerTurn; s++) {
      const args = JSON.stringify({ path: toolPath(t, s) });
      out.push({
        role: 'assistant',
        content: null,
        tool_calls: [{ id: callId(t, s), type: 'function', function: { name: TOOL_NAME, arguments: args } }],
      });
      out.push({ role: 'tool', tool_call_id: callId(t, s), content: toolOutput(toolPath(t, s)) });
    }
    out.push({ role: 'assistant', content: answerText(t) });
  }
  return out;
}
