/** Types of the fake OpenAI-compatible server's script, faults and request log. */
import type { FakeEncoding } from './chat-template';

/** A tool call the fake model makes. */
export interface ScriptedToolCall {
  /** Default: `call_<n>`. */
  id?: string;
  name: string;
  /** A string is sent verbatim (so tests can send invalid JSON); objects are JSON-encoded. */
  arguments: string | Record<string, unknown>;
}

/** One scripted reply, consumed by one successful request. */
export type ScriptedReply =
  | { text: string; finishReason?: 'stop' | 'length' | 'content_filter'; delayMs?: number }
  | {
      toolCalls: ScriptedToolCall[];
      text?: string | null;
      /** `length` cuts the last call's arguments in half, as a provider hitting max_tokens would. */
      finishReason?: 'tool_calls' | 'length';
      delayMs?: number;
    }
  | ((request: RecordedRequest) => Exclude<ScriptedReply, (request: RecordedRequest) => unknown>);

/** A fault, consumed by one request before the script is looked at. */
export type Fault =
  | {
      kind: 'status';
      status: number;
      message?: string;
      /** OpenAI error code, e.g. `rate_limit_exceeded`, `insufficient_quota`. */
      code?: string;
      headers?: Record<string, string>;
    }
  /** Closes the connection without any response. */
  | { kind: 'drop' }
  /** Sends the headers and half of a valid body, then closes the connection. */
  | { kind: 'truncate' }
  /** Waits, then answers normally. */
  | { kind: 'delay'; ms: number };

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body (undefined when it was not JSON). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary client JSON, asserted on by tests
  /** Prompt tokens of the request by the server's template, when it was a chat completion. */
  promptTokens?: number;
  /** The status the server answered with (undefined: connection dropped). */
  status?: number;
  /** The fault applied, if any. */
  fault?: Fault['kind'];
}

/** Options of `startFakeOpenAI`. */
export interface FakeOpenAIOptions {
  /** Tokenizer for usage and the context-window check; default o200k_base. */
  encoding?: FakeEncoding;
  /** Prompt + requested completion tokens allowed; default unlimited. */
  contextWindow?: number;
  /** Reject orphaned/missing tool results with a 400, as OpenAI does; default true. */
  strict?: boolean;
  /** Delay before every response; default 0. */
  latencyMs?: number;
  /** Reply when the script is empty; default `{ text: 'ok' }`. */
  defaultReply?: ScriptedReply;
}

/** A running fake server. */
export interface FakeOpenAI {
  /** Base URL for the OpenAI client, ending in `/v1`. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Appends replies to the script. */
  script(...replies: ScriptedReply[]): void;
  /** Makes the next `times` requests fail with `fault`. */
  injectFault(fault: Fault, times?: number): void;
  setContextWindow(tokens: number | undefined): void;
  setLatency(ms: number): void;
  /** Clears script, faults and the request log. */
  reset(): void;
  close(): Promise<void>;
}
