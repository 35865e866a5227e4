/**
 * Exact token counting with js-tiktoken's rank files and pre-tokenizer, merged in bounded
 * work per byte by {@link BytePairEncoder} (js-tiktoken's own merge is quadratic in the
 * length of a pre-token: one long run without whitespace would block the worker for
 * minutes). Rank files load once per worker process and are shared by every activity.
 * Counts follow the ChatML-style framing of OpenAI-compatible servers, in which every
 * boundary between fields is a special token: BPE never merges across it, so a request's
 * count is the sum of its parts and each item is counted once, when it is produced.
 *
 * Framing (each `<|…|>` is one token):
 * - message: `<|im_start|>{role}[ {name}]<|im_sep|>{content}` then, per tool call,
 *   `<|tool_call|>{name}<|tool_args|>{arguments}`, then `<|im_end|>`;
 * - tools: `<|im_start|>tools<|im_sep|>` then `<|tool_def|>{JSON of the function}` per tool, `<|im_end|>`;
 * - reply priming: `<|im_start|>assistant<|im_sep|>`.
 */
import type { Tiktoken, TiktokenBPE, TiktokenModel } from 'js-tiktoken/lite' with { 'resolution-mode': 'import' };
import type { ChatMessage } from '../context/types';
import type { EncodingName } from './models';
import { encoderFor, type BytePairEncoder } from './bpe-encoder';

/** Special tokens around each message: start, separator, end. */
export const MESSAGE_FRAMING_TOKENS = 3;
/** Special tokens around each tool call inside an assistant message. */
export const TOOL_CALL_FRAMING_TOKENS = 2;
/** Special token before each tool definition. */
export const TOOL_DEF_FRAMING_TOKENS = 1;

/** A tool as sent in `tools[]` of a chat-completions request. */
export interface OpenAITool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

// js-tiktoken ships ESM types: load it with import() so this CommonJS module can use it.
type Lite = typeof import('js-tiktoken/lite', { with: { 'resolution-mode': 'import' } });
let lite: Promise<Lite> | undefined;
function tiktokenLite(): Promise<Lite> {
  lite ??= import('js-tiktoken/lite');
  return lite;
}

/** js-tiktoken's encoder (for decoding) and the bounded encoder over its rank table. */
interface Encoders {
  tiktoken: Tiktoken;
  bpe: BytePairEncoder;
}

const encoders = new Map<EncodingName, Promise<Encoders>>();

/** Loads (once per process) the rank file of `encoding`. */
function loadEncoder(encoding: EncodingName): Promise<Encoders> {
  let pending = encoders.get(encoding);
  if (!pending) {
    // literal specifiers, so bundlers and Node resolve exactly one rank file each
    const ranks: Promise<{ default: TiktokenBPE }> =
      encoding === 'o200k_base' ? import('js-tiktoken/ranks/o200k_base') : import('js-tiktoken/ranks/cl100k_base');
    pending = Promise.all([tiktokenLite(), ranks]).then(([lite, r]) => {
      const tiktoken = new lite.Tiktoken(r.default);
      return { tiktoken, bpe: encoderFor(tiktoken, r.default) };
    });
    pending.catch(() => encoders.delete(encoding));
    encoders.set(encoding, pending);
  }
  return pending;
}

/** Counts tokens of texts, messages and tool schemas for one encoding. */
export class TokenCounter {
  private readonly primingTokens: number;

  constructor(
    readonly encoding: EncodingName,
    private readonly tiktoken: Tiktoken,
    private readonly bpe: BytePairEncoder,
  ) {
    this.primingTokens = 2 + this.countText('assistant');
  }

  /**
   * Tokens of plain text: exactly what js-tiktoken's `encode(text, [], [])` returns, in time
   * linear in practice whatever the text's shape. Special-token strings such as
   * `<|endoftext|>` count as ordinary text.
   */
  countText(text: string): number {
    return text === '' ? 0 : this.bpe.count(text);
  }

  /**
   * Tokens of `text`, as {@link countText}, remembering in `memo` the count of each run of its
   * lines: a text that shares most of its lines with one counted before (the extractive
   * summary's fit counts its text a few times, a few items apart) costs a lookup per line. The
   * text is cut only before a line that starts with a printable ASCII character other than `/`:
   * no pre-token of tiktoken's patterns spans such a cut (only white space, and after
   * punctuation line breaks and `/`, continue one past a line break; no pattern looks behind),
   * so the counts of the parts add up to the count of the whole, exactly.
   */
  countLines(text: string, memo: Map<string, number>): number {
    let total = 0;
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0 && nl + 1 < text.length; nl = text.indexOf('\n', nl + 1)) {
      const c = text.charCodeAt(nl + 1);
      if (c <= 0x20 || c >= 0x7f || c === 0x2f) continue;
      total += this.countPart(text.slice(from, nl + 1), memo);
      from = nl + 1;
    }
    return total + this.countPart(from === 0 ? text : text.slice(from), memo);
  }

  private countPart(part: string, memo: Map<string, number>): number {
    let tokens = memo.get(part);
    if (tokens === undefined) memo.set(part, (tokens = this.countText(part)));
    return tokens;
  }

  /** The token ids of `text` (special-token strings as ordinary text), in bounded time. */
  encode(text: string): number[] {
    return this.bpe.encode(text);
  }

  /** Decodes token ids back to text. */
  decode(tokens: number[]): string {
    return this.tiktoken.decode(tokens);
  }

  /**
   * Tokens of one message as sent, framing included. With `memo`, its content is counted by
   * {@link countLines} (the same number), reusing and remembering the counts of its lines.
   */
  countMessage(message: ChatMessage, memo?: Map<string, number>): number {
    const content = message.content ?? '';
    let tokens =
      MESSAGE_FRAMING_TOKENS +
      this.countText(messageHeader(message)) +
      (memo && content ? this.countLines(content, memo) : this.countText(content));
    for (const call of message.tool_calls ?? []) {
      tokens += TOOL_CALL_FRAMING_TOKENS + this.countText(call.function.name) + this.countText(call.function.arguments);
    }
    return tokens;
  }

  /** Tokens of the tools block of a request (0 when no tools are offered). */
  countTools(tools: readonly OpenAITool[]): number {
    if (tools.length === 0) return 0;
    let tokens = MESSAGE_FRAMING_TOKENS + this.countText('tools');
    for (const tool of tools) tokens += TOOL_DEF_FRAMING_TOKENS + this.countText(JSON.stringify(tool.function));
    return tokens;
  }

  /** Tokens that prime the assistant's reply, added once per request. */
  replyPriming(): number {
    return this.primingTokens;
  }

  /** Tokens of a whole request: messages + tools + priming. */
  countRequest(messages: readonly ChatMessage[], tools: readonly OpenAITool[] = []): number {
    let tokens = this.countTools(tools) + this.primingTokens;
    for (const m of messages) tokens += this.countMessage(m);
    return tokens;
  }
}

/** The header text of a message: its role, and its name when it has one. */
function messageHeader(message: ChatMessage): string {
  return message.name ? `${message.role} ${message.name}` : message.role;
}

const counters = new Map<EncodingName, Promise<TokenCounter>>();

/** The (per-process, shared) counter for `encoding`. */
export function tokenCounter(encoding: EncodingName): Promise<TokenCounter> {
  let pending = counters.get(encoding);
  if (!pending) {
    pending = loadEncoder(encoding).then((e) => new TokenCounter(encoding, e.tiktoken, e.bpe));
    counters.set(encoding, pending);
  }
  return pending;
}

/**
 * The encoding of a model not in the registry: tiktoken's own table when it knows the
 * name, else `fallback` (OpenAI-compatible local models: configurable, o200k_base by default).
 */
export async function encodingForModelName(name: string, fallback: EncodingName = 'o200k_base'): Promise<EncodingName> {
  const { getEncodingNameForModel } = await tiktokenLite();
  try {
    const enc = getEncodingNameForModel(name as TiktokenModel);
    return enc === 'o200k_base' || enc === 'cl100k_base' ? enc : fallback;
  } catch {
    return fallback;
  }
}
