/**
 * The message log of one blind transcript (blind.ts) and the bookkeeping of its facts: every
 * user message or agent step names the facts it touches, and the needle is marked in exactly
 * the messages of that step that hold it. `check` then scans the whole transcript: a needle
 * found in a message nobody marked (a collision with filler or another fact) rejects it.
 */
import type { ChatMessage } from '../../src/context/types';
import type { CallSpec } from './blind-agents';
import { messageText } from './render';
import type { FactKind, PlantedFact, ScriptedOutput } from './types';

/** A fact being planted: its needle and the messages that hold it. */
export interface Fact {
  kind: FactKind;
  needle: string;
  style: string;
  at: Set<number>;
}

export class Session {
  readonly messages: ChatMessage[] = [];
  readonly outputs = new Map<string, ScriptedOutput>();
  readonly facts: Fact[] = [];
  readonly tools = new Set<string>();
  private calls = 0;

  constructor(private readonly idPrefix: string) {}

  get length(): number {
    return this.messages.length;
  }

  fact(kind: FactKind, needle: string, style: string): Fact {
    const f: Fact = { kind, needle, style, at: new Set() };
    this.facts.push(f);
    return f;
  }

  private push(m: ChatMessage, facts: readonly Fact[]): void {
    const i = this.messages.length;
    this.messages.push(m);
    const text = messageText(m);
    for (const f of facts) if (text.includes(f.needle)) f.at.add(i);
  }

  private touched(facts: readonly Fact[], from: number): void {
    for (const f of facts)
      if (![...f.at].some((i) => i >= from)) throw new Error(`blind: fact not planted: ${f.kind} ${f.needle}`);
  }

  system(content: string): void {
    this.push({ role: 'system', content }, []);
  }

  user(content: string, facts: readonly Fact[] = []): void {
    const from = this.length;
    this.push({ role: 'user', content }, facts);
    this.touched(facts, from);
  }

  /** An assistant message without tool calls: it ends the turn. */
  say(content: string, facts: readonly Fact[] = []): void {
    const from = this.length;
    this.push({ role: 'assistant', content }, facts);
    this.touched(facts, from);
  }

  /** An assistant message with its tool calls, then their results. */
  step(text: string | null, calls: readonly CallSpec[], facts: readonly Fact[] = []): void {
    if (!calls.length) throw new Error('blind: a step needs a call');
    const from = this.length;
    const ids = calls.map(() => `${this.idPrefix}_${(this.calls++).toString(36).padStart(4, '0')}`);
    this.push(
      {
        role: 'assistant',
        content: text,
        tool_calls: calls.map((c, i) => ({
          id: ids[i] as string,
          type: 'function',
          function: { name: c.name, arguments: JSON.stringify(c.args) },
        })),
      },
      facts,
    );
    calls.forEach((c, i) => {
      this.tools.add(c.name);
      const id = ids[i] as string;
      this.outputs.set(id, c.result);
      this.push({ role: 'tool', tool_call_id: id, content: c.result.output }, facts);
    });
    this.touched(facts, from);
  }

  /**
   * The facts as planted, or the first collision: a needle in a message that was not marked,
   * or a needle inside another fact's needle.
   */
  check(): PlantedFact[] | string {
    const texts = this.messages.map(messageText);
    for (const f of this.facts) {
      for (const g of this.facts)
        if (f !== g && g.needle.includes(f.needle)) return `overlap ${f.needle} / ${g.needle}`;
      for (let i = 0; i < texts.length; i++)
        if ((texts[i] as string).includes(f.needle) && !f.at.has(i)) return `${f.needle} also in message ${i}`;
    }
    return this.facts.map((f) => ({
      kind: f.kind,
      needle: f.needle,
      firstIndex: Math.min(...f.at),
      lastIndex: Math.max(...f.at),
      style: f.style,
    }));
  }
}
