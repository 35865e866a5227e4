/**
 * The building blocks of the fresh transcript family (fresh.ts): the styles, the invented words
 * that make each needle unique, the world a session happens in, and the builder that appends
 * messages, pairs tool calls with their results and records where each fact was planted.
 */
import type { ChatMessage } from '../../src/context/types';
import type { Rng } from './rng';
import type { FactKind, ScriptedOutput } from './types';

/** The harnesses the family imitates (none of the other families does). */
export const FRESH_STYLES = ['autogen', 'langgraph', 'agentsdk', 'kiro', 'mobile', 'secfix', 'crm', 'infra'] as const;
export type FreshStyle = (typeof FRESH_STYLES)[number];

/** The ecosystems whose commands, logs and failures the sessions show. */
export const FRESH_ECOS = [
  'scala',
  'julia',
  'r',
  'python',
  'elixir',
  'haskell',
  'zig',
  'ruby',
  'php',
  'dotnet',
  'kotlin',
  'swift',
  'node',
  'go',
  'terraform',
  'ansible',
  'pulumi',
] as const;
export type Eco = (typeof FRESH_ECOS)[number];

const ONSETS = [
  'b',
  'br',
  'd',
  'dr',
  'f',
  'g',
  'gr',
  'k',
  'kr',
  'l',
  'm',
  'n',
  'p',
  'qu',
  'r',
  's',
  'st',
  't',
  'tr',
  'v',
  'vr',
  'z',
  'zh',
  'sk',
  'th',
];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou', 'ei', 'y'];
const CODAS = ['', 'n', 'r', 'l', 'x', 'k', 'sk', 'th', 'm', 'v', 'rn', 'lt'];

/**
 * Invents words no transcript uses otherwise (e.g. `quorvelt`, `zhaimask`): each needle carries
 * one, so a method cannot keep a fact by accident. No word is part of another.
 */
export class Mint {
  readonly words: string[] = [];

  constructor(private readonly rng: Rng) {}

  word(): string {
    for (let tries = 0; tries < 200; tries++) {
      const n = this.rng.chance(0.6) ? 2 : 3;
      let w = '';
      for (let i = 0; i < n; i++)
        w += this.rng.pick(ONSETS) + this.rng.pick(NUCLEI) + (i === n - 1 ? this.rng.pick(CODAS) : '');
      if (w.length < 6 || w.length > 11) continue;
      if (this.words.some((o) => o.includes(w) || w.includes(o))) continue;
      this.words.push(w);
      return w;
    }
    throw new Error('fresh: out of invented words');
  }
}

export const pascal = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
export const upper = (w: string) => w.toUpperCase();

/** One tool call and what it returned. */
export interface Call {
  name: string;
  args: Record<string, unknown>;
  out: string;
  status?: 'ok' | 'error';
  exitCode?: number;
}

/** One assistant message (text and/or tool calls) and the results of its calls. */
export interface Step {
  text?: string;
  calls: Call[];
}

/** A fact as planted: its needle, its invented word, and the messages it was written into. */
export interface Planted {
  kind: FactKind;
  needle: string;
  style: string;
  word: string;
  from: number;
  to: number;
}

/** The place a session happens in: its project, ecosystems, paths and the names of its things. */
export interface World {
  style: FreshStyle;
  rng: Rng;
  mint: Mint;
  project: string;
  root: string;
  ecos: Eco[];
  /** Ordinary (not invented) names for filler: modules, services, hosts. */
  modules: string[];
  /** Files that exist in the project (filler reads and edits them). */
  files: string[];
  /** Multi-agent roles (autogen) or sub-agents (agentsdk); empty otherwise. */
  agents: string[];
  /** Counter for tool call ids and other serials. */
  serial: number;
}

/** How a harness writes things down. */
export interface Harness {
  system(w: World): string;
  /** An assistant message's text, as said by `agent` (multi-agent harnesses prefix the speaker). */
  say(w: World, text: string, agent?: string): string;
  /** The user's message as the harness passes it on (some wrap it). */
  user(w: World, text: string): string;
  /** What an assistant message with tool calls and no text says (AutoGen prints the suggested call). */
  callBanner?(w: World, name: string, id: string): string;
  /** A tool call id in the harness's format. */
  callId(w: World): string;
  /** An ordinary step of this harness's work. */
  filler(w: World): Step;
  /** A command run through this harness's shell-like tool. */
  run(w: World, cmd: string, out: string, exit: number): Call;
  /** A file read through this harness's tools. */
  read(w: World, path: string, content: string): Call;
  /** A file edited (or created, when `created`) through this harness's tools; `body` is the new text or the change. */
  edit(w: World, path: string, body: string, created: boolean): Call;
}

/** Appends messages and records planted facts. */
export class Builder {
  readonly messages: ChatMessage[] = [];
  readonly outputs = new Map<string, ScriptedOutput>();
  readonly tools = new Set<string>();
  readonly planted: Planted[] = [];

  constructor(
    readonly w: World,
    readonly h: Harness,
  ) {}

  get length(): number {
    return this.messages.length;
  }

  system(text: string): void {
    this.messages.push({ role: 'system', content: text });
  }

  user(text: string): void {
    this.messages.push({ role: 'user', content: this.h.user(this.w, text) });
  }

  /** An assistant message without tool calls. */
  say(text: string, agent?: string): void {
    this.messages.push({ role: 'assistant', content: this.h.say(this.w, text, agent) });
  }

  /** An assistant message with tool calls, then one tool message per call, in order. */
  step(s: Step, agent?: string): void {
    if (s.calls.length === 0) {
      this.say(s.text ?? '', agent);
      return;
    }
    const ids = s.calls.map(() => this.h.callId(this.w));
    this.messages.push({
      role: 'assistant',
      content: s.text
        ? this.h.say(this.w, s.text, agent)
        : this.h.callBanner
          ? this.h.say(this.w, this.h.callBanner(this.w, s.calls[0]?.name ?? '', ids[0] as string), agent)
          : null,
      tool_calls: s.calls.map((c, i) => ({
        id: ids[i] as string,
        type: 'function',
        function: { name: c.name, arguments: JSON.stringify(c.args) },
      })),
    });
    s.calls.forEach((c, i) => {
      const id = ids[i] as string;
      this.tools.add(c.name);
      const status = c.status ?? (c.exitCode !== undefined && c.exitCode !== 0 ? 'error' : 'ok');
      this.outputs.set(id, { output: c.out, status, ...(c.exitCode !== undefined ? { exitCode: c.exitCode } : {}) });
      this.messages.push({ role: 'tool', tool_call_id: id, content: c.out });
    });
  }

  /** Records a fact written into the messages from `from` up to now. */
  fact(kind: FactKind, needle: string, style: string, word: string, from: number): void {
    this.planted.push({ kind, needle, style, word, from, to: this.length - 1 });
  }
}

/** A random alphanumeric string of `n` characters (ids, hashes). */
export function alnum(
  rng: Rng,
  n: number,
  chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
): string {
  let s = '';
  for (let i = 0; i < n; i++) s += chars.charAt(rng.int(0, chars.length - 1));
  return s;
}

export const hex = (rng: Rng, n: number) => alnum(rng, n, '0123456789abcdef');

/** `n` lines made by `f`. */
export function lines(n: number, f: (i: number) => string): string {
  return Array.from({ length: n }, (_, i) => f(i)).join('\n');
}

/** A clock for log timestamps that only moves forward. */
export function stamp(w: World): string {
  w.serial += 1;
  const s = 8 * 3600 + w.serial * 7;
  const hh = String(Math.floor(s / 3600) % 24).padStart(2, '0');
  const mm = String(Math.floor(s / 60) % 60).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `2025-03-14T${hh}:${mm}:${ss}.${String(w.serial % 1000).padStart(3, '0')}Z`;
}
