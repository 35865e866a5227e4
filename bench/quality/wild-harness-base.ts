/**
 * The common part of the wild family's harnesses (wild-harness.ts): the project and action
 * shapes, and the base that turns actions into native tool calls with paired results.
 */
import type { ChatMessage, ChatToolCall } from '../../src/context/types';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';
import type { Stack } from './wild-outputs';
import { hex } from './wild-words';

export const WILD_STYLES = ['cline', 'sweagent', 'gemini', 'goose', 'cursor'] as const;
export type WildStyle = (typeof WILD_STYLES)[number];

/** The project a session works on. */
export interface Project {
  name: string;
  /** Unix root (or Windows root when `windows`). */
  root: string;
  windows: boolean;
  stacks: Stack[];
  /** Filler source paths (relative, forward slashes). */
  files: string[];
}

/** One thing the agent does with a tool. Paths are relative with forward slashes. */
export type Act =
  | { t: 'shell'; cmd: string; out: string; exit: number; why?: string }
  | { t: 'read'; path: string; lines: string[]; from: number; total: number }
  | { t: 'edit'; path: string; before: string[]; after: string[]; line: number; total: number; instruction: string }
  | { t: 'write'; path: string; lines: string[] }
  | { t: 'search'; pattern: string; hits: string }
  | { t: 'todo'; items: { text: string; done: boolean }[] }
  | { t: 'memory'; fact: string }
  | { t: 'web'; query: string; out: string };

/** What a harness renders; `outputs` collects native tool results by call id. */
export interface Harness {
  style: WildStyle;
  tools: string[];
  /** A path as this harness shows it (relative or absolute, `/` or `\`). */
  path(rel: string): string;
  system(): string;
  user(text: string, first: boolean): ChatMessage;
  step(prose: string | null, acts: readonly Act[]): ChatMessage[];
  say(text: string): ChatMessage;
  /** The agent asks the user something and gets an answer. */
  ask(question: string, answer: string): ChatMessage[];
  /** The agent reports the task done (the user's reply, if any, comes separately). */
  finish(summary: string): ChatMessage[];
}

export const fence = (s: string, lang = '') => `\`\`\`${lang}\n${s}\n\`\`\``;
export const joinLines = (ls: readonly string[]) => ls.join('\n');

export abstract class Base implements Harness {
  abstract style: WildStyle;
  abstract tools: string[];
  protected n = 0;

  constructor(
    protected readonly rng: Rng,
    protected readonly p: Project,
    protected readonly outputs: Map<string, ScriptedOutput>,
  ) {}

  path(rel: string): string {
    return this.p.windows ? rel.replace(/\//g, '\\') : rel;
  }
  protected abs(rel: string): string {
    return this.p.windows ? `${this.p.root}\\${this.path(rel)}` : `${this.p.root}/${rel}`;
  }
  protected id(): string {
    this.n += 1;
    return `call_${hex(this.rng, 20)}`;
  }
  abstract system(): string;
  user(text: string, _first: boolean): ChatMessage {
    return { role: 'user', content: text };
  }
  say(text: string): ChatMessage {
    return { role: 'assistant', content: text };
  }
  ask(question: string, answer: string): ChatMessage[] {
    return [this.say(question), this.user(answer, false)];
  }
  finish(summary: string): ChatMessage[] {
    return [this.say(summary)];
  }
  /** Native harnesses: the call's name and arguments, and the result text. */
  protected abstract call(a: Act): { name: string; args: Record<string, unknown>; result: string };
  step(prose: string | null, acts: readonly Act[]): ChatMessage[] {
    const calls: ChatToolCall[] = [];
    const results: ChatMessage[] = [];
    for (const a of acts) {
      const { name, args, result } = this.call(a);
      const id = this.id();
      calls.push({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });
      const failed = a.t === 'shell' && a.exit !== 0;
      this.outputs.set(id, {
        output: result,
        status: failed ? 'error' : 'ok',
        ...(a.t === 'shell' ? { exitCode: a.exit } : {}),
      });
      results.push({ role: 'tool', tool_call_id: id, content: result });
    }
    return [{ role: 'assistant', content: prose, tool_calls: calls }, ...results];
  }
}
