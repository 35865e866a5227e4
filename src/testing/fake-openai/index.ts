/**
 * A fake OpenAI-compatible server for tests: real HTTP, scripted replies, real token usage,
 * provider-style errors and faults. Usage:
 * ```ts
 * const fake = await startFakeOpenAI({ contextWindow: 8_000 });
 * fake.script({ toolCalls: [{ name: 'read_file', arguments: { path: 'a.ts' } }] }, { text: 'done' });
 * fake.injectFault({ kind: 'status', status: 429, headers: { 'retry-after': '2' } });
 * // new OpenAI({ baseURL: fake.url, apiKey: 'test' }) ... fake.requests[0].promptTokens
 * await fake.close();
 * ```
 */
export { startFakeOpenAI } from './server';
export { countSegments, loadTokenizer, renderPrompt, type FakeEncoding, type FakeTokenizer } from './chat-template';
export type { FakeOpenAI, FakeOpenAIOptions, Fault, RecordedRequest, ScriptedReply, ScriptedToolCall } from './types';
