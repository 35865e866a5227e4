/**
 * The fake server's chat template and usage: how an OpenAI-compatible server renders a
 * request into one token sequence (ChatML-style, special tokens between fields) and counts
 * it. Written independently of src/activities/tokenizer.ts on purpose: the server renders
 * the WHOLE request and tokenizes each run of text between special tokens, while the
 * activities count item by item — equality between the two is what the tests check.
 *
 * Tokens come from src/activities/bpe-encoder.ts over js-tiktoken's rank files: the same
 * tokens as js-tiktoken's `encode(text, [], [])`, but in bounded time, so a hostile prompt
 * (a long run of one letter) does not stall the server the way it would stall a worker.
 */
import type { TiktokenBPE } from 'js-tiktoken/lite' with { 'resolution-mode': 'import' };
import { encoderFor } from '../../activities/bpe-encoder';

/** Encodings the fake server can count with. */
export type FakeEncoding = 'o200k_base' | 'cl100k_base';

/** A rendered prompt: text runs and special tokens, in order. */
type Segment = { special: string } | { text: string };

interface RequestMessage {
  role: string;
  content?: string | null | Array<{ type: string; text?: string }>;
  name?: string;
  tool_calls?: Array<{ function: { name: string; arguments: string } }>;
}

interface RequestTool {
  type: string;
  function: Record<string, unknown>;
}

/**
 * What the server encodes with. A js-tiktoken `Tiktoken` fits too; the server only ever
 * passes `[], []` (special-token strings are plain text).
 */
export interface FakeTokenizer {
  encode(text: string, allowedSpecial: [], disallowedSpecial: []): number[];
}

const tokenizers = new Map<FakeEncoding, Promise<FakeTokenizer>>();

/** The server's tokenizer (loaded once); its `encode` is a plain property, so a bench may wrap it. */
export function loadTokenizer(encoding: FakeEncoding): Promise<FakeTokenizer> {
  let t = tokenizers.get(encoding);
  if (!t) {
    const ranks: Promise<{ default: TiktokenBPE }> =
      encoding === 'o200k_base' ? import('js-tiktoken/ranks/o200k_base') : import('js-tiktoken/ranks/cl100k_base');
    t = Promise.all([import('js-tiktoken/lite'), ranks]).then(([lite, r]) => {
      const encoder = encoderFor(new lite.Tiktoken(r.default), r.default);
      return { encode: (text: string) => encoder.encode(text) };
    });
    tokenizers.set(encoding, t);
  }
  return t;
}

/** Renders a request as the model would see it (tools block, messages, reply priming). */
export function renderPrompt(messages: RequestMessage[], tools: RequestTool[] | undefined): Segment[] {
  const out: Segment[] = [];
  if (tools && tools.length > 0) {
    out.push({ special: '<|im_start|>' }, { text: 'tools' }, { special: '<|im_sep|>' });
    for (const t of tools) out.push({ special: '<|tool_def|>' }, { text: JSON.stringify(t.function) });
    out.push({ special: '<|im_end|>' });
  }
  for (const m of messages) {
    out.push({ special: '<|im_start|>' }, { text: m.name ? `${m.role} ${m.name}` : m.role }, { special: '<|im_sep|>' });
    out.push({ text: contentText(m.content) });
    for (const c of m.tool_calls ?? []) {
      out.push({ special: '<|tool_call|>' }, { text: c.function.name }, { special: '<|tool_args|>' });
      out.push({ text: c.function.arguments });
    }
    out.push({ special: '<|im_end|>' });
  }
  out.push({ special: '<|im_start|>' }, { text: 'assistant' }, { special: '<|im_sep|>' });
  return out;
}

/**
 * Tokens of a rendered prompt: each special token is one token; consecutive text is joined
 * and encoded as one run (user text with `<|endoftext|>` stays plain text, as in servers
 * that tokenize content without special-token parsing).
 */
export function countSegments(tokenizer: FakeTokenizer, segments: Segment[]): number {
  let tokens = 0;
  let run = '';
  for (const s of segments) {
    if ('text' in s) {
      run += s.text;
      continue;
    }
    if (run) tokens += tokenizer.encode(run, [], []).length;
    run = '';
    tokens += 1;
  }
  if (run) tokens += tokenizer.encode(run, [], []).length;
  return tokens;
}

/** Tokens of generated output: its text plus each tool call's name and arguments. */
export function countCompletion(
  tokenizer: FakeTokenizer,
  text: string | null,
  calls: Array<{ name: string; arguments: string }>,
): number {
  let tokens = text ? tokenizer.encode(text, [], []).length : 0;
  for (const c of calls)
    tokens += 2 + tokenizer.encode(c.name, [], []).length + tokenizer.encode(c.arguments, [], []).length;
  return tokens;
}

function contentText(content: RequestMessage['content']): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((p) => p.text ?? '').join('');
}
