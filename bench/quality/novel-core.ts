/**
 * The building blocks of the novel family (novel.ts): what a harness is (its prompt, tools,
 * tool-call convention, everyday steps and the needles of its domain) and the session
 * builder that writes messages in the harness's convention — OpenAI-style tool calls answered
 * by tool messages, or actions in text answered by user messages.
 */
import type { ChatMessage } from '../../src/context/types';
import type { Failure } from './novel-ecos';
import type { Mint } from './novel-words';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';

/** One tool call with its scripted output. */
export interface Call {
  name: string;
  args: Record<string, unknown>;
  out: string;
  /** Exit status, for command-like tools. */
  exit?: number;
  /** Set when the tool failed without an exit status. */
  failed?: boolean;
}

/** A needle and the token in it that no other message holds (empty: the whole needle). */
export interface Keyed {
  needle: string;
  key: string;
}

/** How a harness that has no function calling writes an action and gets its result. */
export interface TextProtocol {
  action(thought: string, call: Call): string;
  result(call: Call): string;
  /** Every result message starts with this (the tests tell results from real user turns by it). */
  resultPrefix: string;
}

/** One imitated agent harness and the domain it works in. */
export interface Harness {
  style: string;
  system(rng: Rng): string;
  /** Function-calling tools; empty for a text protocol. */
  tools: string[];
  text?: TextProtocol;
  /** The id of the `n`-th tool call of the session. */
  callId(rng: Rng, n: number, name: string): string;
  /** Chance that a step issues two or three calls at once (function calling only). */
  parallel: number;
  /** Everyday steps, given an output size in characters. */
  fillers: ((rng: Rng, size: number) => Call)[];
  /** Ecosystems whose failures this harness's sessions hit. */
  ecos: string[];
  /** The call whose output is `f` (a build, a query, a cell). */
  failCall(rng: Rng, f: Failure): Call;
  /** Reading a document (file, ticket, page): the output shows `body`. */
  read(rng: Rng, path: string, body: string): Call;
  /** Running a command (or cell) whose output is `out`. */
  run(rng: Rng, cmd: string, out: string): Call;
  /** Writing `body` to `path` (the arguments hold both). */
  write(rng: Rng, path: string, body: string): Call;
  thoughts: string[];
  /** Interactive requests that plant nothing. */
  asks: string[];
  /** The assistant's answer at the end of an interactive turn. */
  replies: string[];
  /** The user's last question when the session ends with an answer. */
  probes: string[];
  /** Needle phrases of the domain for the free-text kinds; `w` is the invented word. */
  goal(w: string): string[];
  constraint(w: string): string[];
  decision(w: string): string[];
  pending(w: string): string[];
  file(w: string, rng: Rng): string[];
  value(w: string, rng: Rng, mint: Mint): Keyed[];
}

/** Builds a transcript's messages in a harness's convention and records the outputs. */
export class Session {
  readonly messages: ChatMessage[] = [];
  readonly outputs = new Map<string, ScriptedOutput>();
  private calls = 0;

  constructor(
    readonly h: Harness,
    readonly rng: Rng,
  ) {}

  get length(): number {
    return this.messages.length;
  }

  /** Appends a message; returns its index. */
  push(m: ChatMessage): number {
    this.messages.push(m);
    return this.messages.length - 1;
  }

  user(text: string): number {
    return this.push({ role: 'user', content: text });
  }

  say(text: string): number {
    return this.push({ role: 'assistant', content: text });
  }

  /** Messages one step of `calls` takes. */
  cost(calls: number): number {
    return this.h.text ? 2 * calls : 1 + calls;
  }

  /** One model step: an assistant message with `calls` (and `thought`), then their results. Returns [first, last] index. */
  step(thought: string | undefined, calls: Call[]): [number, number] {
    const first = this.length;
    const text = this.h.text;
    if (text) {
      calls.forEach((c, i) => {
        this.say(text.action(i === 0 ? (thought ?? '') : '', c));
        this.user(text.result(c));
      });
      return [first, this.length - 1];
    }
    const ids = calls.map((c) => this.h.callId(this.rng, ++this.calls, c.name));
    this.push({
      role: 'assistant',
      content: thought ?? null,
      tool_calls: calls.map((c, i) => ({
        id: ids[i] as string,
        type: 'function',
        function: { name: c.name, arguments: JSON.stringify(c.args) },
      })),
    });
    calls.forEach((c, i) => {
      const id = ids[i] as string;
      this.push({ role: 'tool', tool_call_id: id, content: c.out });
      const failed = c.failed === true || (c.exit ?? 0) !== 0;
      this.outputs.set(id, {
        output: c.out,
        status: failed ? 'error' : 'ok',
        ...(c.exit === undefined ? {} : { exitCode: c.exit }),
      });
    });
    return [first, this.length - 1];
  }
}
