/**
 * The field family's building blocks: the session's world (what the agent works on), the
 * harness-neutral actions a step is made of, and the builder that turns actions into chat
 * messages in one harness's format (field-harness.ts) while recording where each planted
 * fact's episode lies.
 */
import type { ChatMessage, ChatToolCall } from '../../src/context/types';
import { CODENAMES, Clock } from './field-names';
import type { Rng } from './rng';
import type { FactKind, ScriptedOutput } from './types';

export const FIELD_STYLES = ['smolagents', 'opencode', 'copilot', 'zed', 'sre', 'analytics', 'browser'] as const;
export type FieldStyle = (typeof FIELD_STYLES)[number];

/** What the session works on: a code repository, production infrastructure, a warehouse, a web app. */
export type Domain = 'code' | 'ops' | 'data' | 'web';

/** Language ecosystems of code repositories. */
export const ECOS = ['ts', 'python', 'go', 'rust', 'java', 'dotnet', 'ruby', 'php', 'swift', 'elixir'] as const;
export type Eco = (typeof ECOS)[number];

export interface World {
  rng: Rng;
  style: FieldStyle;
  domain: Domain;
  /** Repository, cluster or project name. */
  name: string;
  /** Working directory (absolute). */
  root: string;
  windows: boolean;
  eco: Eco;
  /** Ordinary files of the project, relative to root. */
  files: string[];
  clock: Clock;
  /** Codenames not used yet (each planted fact takes its own). */
  words: string[];
  /** Every needle planted so far (no two facts share one). */
  taken: Set<string>;
  /** Kube context, warehouse connection (`flavor:name`) or site, as the domain has it. */
  scope: string;
  /** Running counters (notebook cells, …). */
  counters: Record<string, number>;
}

export function newWorld(rng: Rng, style: FieldStyle, domain: Domain, name: string, root: string, eco: Eco): World {
  return {
    rng,
    style,
    domain,
    name,
    root,
    windows: /^[A-Za-z]:\\/.test(root),
    eco,
    files: [],
    clock: new Clock(rng),
    words: rng.sample(CODENAMES, CODENAMES.length),
    taken: new Set(),
    scope: '',
    counters: {},
  };
}

/** A fresh codename for one fact. */
export function word(w: World): string {
  const next = w.words.pop();
  if (!next) throw new Error('field: out of codenames');
  return next;
}

/** Reserves `needle`; false when another fact already has it (the caller picks again). */
export function claim(w: World, needle: string): boolean {
  for (const t of w.taken) if (t.includes(needle) || needle.includes(t)) return false;
  w.taken.add(needle);
  return true;
}

/** A path as the harness shows it: absolute under the root, with the platform's separators. */
export function abs(w: World, rel: string): string {
  return w.windows ? `${w.root}\\${rel.replace(/\//g, '\\')}` : `${w.root}/${rel}`;
}

export interface TodoItem {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  priority?: 'high' | 'medium' | 'low';
}

/** One harness-neutral action of a step; each harness records it its own way. */
export type Act =
  | { t: 'sh'; cmd: string; out: string; code?: number; why?: string }
  | { t: 'read'; path: string; text: string; start?: number; total?: number }
  | { t: 'edit'; path: string; old: string; new: string; why: string }
  | { t: 'write'; path: string; text: string; why: string }
  | { t: 'grep'; pattern: string; include?: string; hits: string[] }
  | { t: 'glob'; pattern: string; paths: string[] }
  | { t: 'todo'; items: TodoItem[] }
  | { t: 'diag'; path: string; problems: string[] }
  | { t: 'search'; query: string; hits: { path: string; line: number; text: string }[] }
  | { t: 'sql'; query: string; db: string; out: string; ok: boolean }
  | { t: 'cell'; code: string; out: string; ok: boolean; n: number }
  | {
      t: 'web';
      op: 'navigate' | 'snapshot' | 'click' | 'type' | 'console' | 'network' | 'wait';
      url?: string;
      element?: string;
      ref?: string;
      text?: string;
      out: string;
      ok?: boolean;
    }
  | { t: 'tool'; name: string; args: Record<string, unknown>; out: string; ok?: boolean };

/** How one harness records a session. */
export interface Harness {
  style: FieldStyle;
  system(w: World): string;
  /** The user's text as the harness delivers it (wrapped in context blocks, a task header…). */
  user(w: World, text: string, first: boolean): string;
  /**
   * The tool call and the tool message text for a group of actions: one action per call, except
   * for harnesses whose single tool runs code (smolagents), which do a whole step in one call.
   */
  call(w: World, acts: readonly Act[]): { name: string; args: Record<string, unknown>; output: string };
  /** Whether the harness does a whole step in one call (its actions are code). */
  oneCall?: boolean;
  /** Whether the harness has a todo-list tool. */
  todoTool?: boolean;
  /** The assistant message's text for a step with these actions (null when the harness sends none). */
  say(w: World, text: string | undefined, acts: readonly Act[]): string | null;
  callId(w: World, n: number): string;
}

/** Whether an action failed (a non-zero exit, a failed query or cell, a tool error). */
export function failed(a: Act): boolean {
  if (a.t === 'sh') return (a.code ?? 0) !== 0;
  if (a.t === 'sql' || a.t === 'cell') return !a.ok;
  if (a.t === 'web' || a.t === 'tool') return a.ok === false;
  return false;
}

interface Episode {
  start: number;
  facts: { kind: FactKind; needle: string; style: string }[];
}

/** A planted fact with the episode it was planted in. */
export interface Planned {
  kind: FactKind;
  needle: string;
  style: string;
  start: number;
  end: number;
}

/** Accumulates messages in one harness's format, and the facts planted along the way. */
export class Builder {
  readonly messages: ChatMessage[] = [];
  readonly outputs = new Map<string, ScriptedOutput>();
  readonly tools = new Set<string>();
  readonly planned: Planned[] = [];
  private calls = 0;
  private open: Episode | undefined;

  constructor(
    readonly w: World,
    readonly h: Harness,
  ) {
    this.messages.push({ role: 'system', content: h.system(w) });
  }

  get length(): number {
    return this.messages.length;
  }

  /** True when the last message closes a turn (a user message may follow). */
  get atTurnEnd(): boolean {
    const last = this.messages.at(-1);
    return last?.role === 'assistant' && !last.tool_calls?.length;
  }

  user(text: string): void {
    const first = !this.messages.some((m) => m.role === 'user');
    this.messages.push({ role: 'user', content: this.h.user(this.w, text, first) });
  }

  /** An assistant message without tool calls (it ends the turn). */
  reply(text: string): void {
    this.messages.push({ role: 'assistant', content: text });
  }

  /** An assistant message calling tools (in parallel when several), and one tool message per call. */
  step(text: string | undefined, acts: readonly Act[]): void {
    if (acts.length === 0) throw new Error('field: a step without actions');
    const calls: ChatToolCall[] = [];
    const results: ChatMessage[] = [];
    const groups = this.h.oneCall ? [acts] : acts.map((a) => [a]);
    for (const group of groups) {
      this.w.clock.tick(this.w.rng);
      const { name, args, output } = this.h.call(this.w, group);
      const id = this.h.callId(this.w, ++this.calls);
      calls.push({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });
      this.tools.add(name);
      const bad = group.some(failed);
      const shell = group.length === 1 && group[0]?.t === 'sh' ? group[0] : undefined;
      this.outputs.set(id, {
        output,
        status: bad ? 'error' : 'ok',
        ...(shell ? { exitCode: shell.code ?? 0 } : {}),
      });
      results.push({ role: 'tool', tool_call_id: id, content: output });
    }
    this.messages.push({ role: 'assistant', content: this.h.say(this.w, text, acts), tool_calls: calls }, ...results);
  }

  /** Starts a fact episode: facts added until `end()` must be stated within the messages emitted meanwhile. */
  begin(): void {
    if (this.open) throw new Error('field: nested episode');
    this.open = { start: this.messages.length, facts: [] };
  }

  fact(kind: FactKind, needle: string, style: string): void {
    if (!this.open) throw new Error('field: fact outside an episode');
    this.open.facts.push({ kind, needle, style });
  }

  end(): void {
    const ep = this.open;
    if (!ep) throw new Error('field: no episode to end');
    this.open = undefined;
    for (const f of ep.facts) this.planned.push({ ...f, start: ep.start, end: this.messages.length - 1 });
  }

  get inEpisode(): boolean {
    return this.open !== undefined;
  }
}

/** The next value of a running counter (notebook cell numbers, …). */
export function next(w: World, key: string): number {
  w.counters[key] = (w.counters[key] ?? 0) + 1;
  return w.counters[key];
}
