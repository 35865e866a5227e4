/**
 * Storing, counting and loading chat messages. A message is stored as the exact JSON that
 * is sent to the model, so the bytes counted are the bytes sent and a reference is enough
 * to rebuild any request.
 */
import { opensQuote } from '../context/evidence';
import type { ChatMessage, ContentRef, CountedContent } from '../context/types';
import { getJson, type ContentStore } from '../store/content-store';
import { requestText } from './request-text';
import type { TokenCounter } from './tokenizer';

/** Longest preview kept in workflow state. */
export const PREVIEW_MAX_CHARS = 200;
/** Longest value of a key argument. */
export const KEY_ARG_MAX_CHARS = 200;
/** Most key arguments kept per call. */
export const KEY_ARGS_MAX = 6;
/** Argument names worth remembering first, in this order. */
const KEY_ARG_NAMES = [
  'path',
  'file',
  'file_path',
  'filename',
  'dir',
  'directory',
  'pattern',
  'query',
  'command',
  'cmd',
  'url',
  'glob',
];

/**
 * Stores `message` as its JSON and returns the reference with its exact tokens and bytes.
 * `memo`: counts of lines already counted in this activity ({@link TokenCounter.countLines}).
 */
export async function storeMessage(
  store: ContentStore,
  counter: TokenCounter,
  message: ChatMessage,
  memo?: Map<string, number>,
): Promise<CountedContent> {
  const json = JSON.stringify(normalizeMessage(message));
  const ref = await store.put(json);
  return { ref, tokens: counter.countMessage(message, memo), bytes: new TextEncoder().encode(json).length };
}

/** Loads stored messages, in order. Missing references throw `ContentMissingError`. */
export async function loadMessages(store: ContentStore, refs: readonly ContentRef[]): Promise<ChatMessage[]> {
  return Promise.all(refs.map((ref) => getJson<ChatMessage>(store, ref)));
}

/** Keeps exactly the protocol fields, in a fixed order, so equal messages store as equal bytes. */
export function normalizeMessage(message: ChatMessage): ChatMessage {
  const out: ChatMessage = { role: message.role, content: message.content };
  if (message.name !== undefined) out.name = message.name;
  if (message.tool_calls !== undefined && message.tool_calls.length > 0) {
    out.tool_calls = message.tool_calls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.function.name, arguments: c.function.arguments },
    }));
  }
  if (message.tool_call_id !== undefined) out.tool_call_id = message.tool_call_id;
  return out;
}

/** A one-line preview of a message (≤ {@link PREVIEW_MAX_CHARS}); of a user's, their words ({@link requestText}). */
export function previewOf(message: ChatMessage): string {
  // a user's words, not the context blocks a harness wraps them in (an editor's state, reminders)
  const content = message.role === 'user' ? requestText(message.content ?? '') : (message.content ?? '');
  const text = content.replace(/\s+/g, ' ').trim();
  const calls = (message.tool_calls ?? []).map(
    (c) => `${c.function.name}(${formatKeyArgs(keyArgsOf(c.function.arguments))})`,
  );
  const joined = [text, calls.length ? `→ ${calls.join(', ')}` : ''].filter(Boolean).join(' ');
  return clip(joined, PREVIEW_MAX_CHARS);
}

/** The short string arguments of a call worth remembering (path, pattern, command, ...). */
export function keyArgsOf(argumentsJson: string): Record<string, string> {
  let args: unknown;
  try {
    args = JSON.parse(argumentsJson);
  } catch {
    return {};
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return {};
  const entries = Object.entries(args as Record<string, unknown>);
  const strings = entries.filter((e): e is [string, string] => typeof e[1] === 'string');
  const preferred = KEY_ARG_NAMES.flatMap((name) => strings.filter(([k]) => k === name));
  const others = strings.filter(([k, v]) => !KEY_ARG_NAMES.includes(k) && v.length <= KEY_ARG_MAX_CHARS);
  const out: Record<string, string> = {};
  for (const [k, v] of [...preferred, ...others].slice(0, KEY_ARGS_MAX)) out[k] = clip(v, KEY_ARG_MAX_CHARS);
  return out;
}

function formatKeyArgs(args: Record<string, string>): string {
  return Object.entries(args)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
}

/**
 * Cuts `text` to `max` UTF-16 units without splitting a surrogate pair, nor a quoted name
 * (`column "vivianite_pct"`): a cut that would fall inside quotes opened in the second half
 * of the room is made before them. Reads no further than `max` units.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const open = openQuote(text, end);
  if (open >= Math.ceil(max / 2)) return text.slice(0, open).trimEnd() + ' …';
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return text.slice(0, end) + '…';
}

/** The index of the quote ({@link opensQuote}) still open at `end`, or -1. */
function openQuote(text: string, end: number): number {
  let open = -1;
  for (let i = 0; i < end; i += 1) {
    if (open >= 0) {
      if (text[i] === text[open]) open = -1;
    } else if (opensQuote(text, i)) open = i;
  }
  return open;
}
