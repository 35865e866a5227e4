/**
 * What the fake model does in a chaos run (test/support/chaos-run.ts): every user message
 * has a plan — tool steps, then a final answer — drawn from a seed and the message's label,
 * and each reply is decided from the request alone (which message, which step), so a request
 * a crash cut off and a retry re-sent gets the same reply. Tool-call ids are either fresh in
 * every response or reused (`call_0`, `call_1` … in every response, as some providers do).
 */
import { randomBytes } from 'node:crypto';
import type { ChatMessage } from '../../src/context/types';
import type { RecordedRequest, ScriptedReply } from '../../src/testing/fake-openai';
import { EFFECT_KINDS, EFFECT_TOOL } from './chaos-tools';
import { between, seeded, weighted } from './chaos-random';
import { isSummaryRequest, SCRIPTED_CHECKPOINT } from './scripted-agent';

/** What a planned tool call asks for; `badJson` and `badArgs` are invalid arguments. */
export type CallKind = (typeof EFFECT_KINDS)[number] | 'badJson' | 'badArgs';

/** Relative weights of the call kinds. */
export type CallWeights = Record<CallKind, number>;

/** Default call kinds: mostly plain effects, some huge outputs, throwing tools and invalid arguments. */
export const DEFAULT_CALL_WEIGHTS: CallWeights = { ok: 55, huge: 8, throw: 10, retry: 10, badJson: 7, badArgs: 10 };

/** How a session's model names its tool calls. */
export type CallIdMode = 'unique' | 'reused';

/** Options of the chaos model. */
export interface ChaosScriptOptions {
  seed: string | number;
  weights?: CallWeights;
  /** Which sessions get reused call ids; by default the even ones. */
  idMode?: (session: number) => CallIdMode;
}

/** Label of message `n` of session `s`: also the start of its text, so the model can tell where it is. */
export function messageLabel(s: number, n: number): string {
  return `S${s} M${n}`;
}

/** Label of call `i` of step `step` of a message: the logical identity of the call's effect. */
export function callLabel(s: number, n: number, step: number, i: number): string {
  return `S${s}-M${n}-s${step}-${i}`;
}

const WORDS = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma'.split(
  ' ',
);

/** The text of message `n` of session `s` (starts with its label; length varies by seed). */
export function messageText(seed: string | number, s: number, n: number): string {
  const random = seeded(`${seed}:text:${s}:${n}`);
  const words: string[] = [];
  const count = random() < 0.1 ? between(random, 300, 600) : between(random, 5, 80);
  for (let i = 0; i < count; i++) words.push(WORDS[between(random, 0, WORDS.length - 1)] ?? 'word');
  return `${messageLabel(s, n)}: please work on ${words.join(' ')}`;
}

/** The tool steps of message `n` of session `s`: each step is a batch of call kinds. */
export function planOf(options: ChaosScriptOptions, s: number, n: number): CallKind[][] {
  const random = seeded(`${options.seed}:plan:${s}:${n}`);
  const steps = weighted(random, { 0: 25, 1: 40, 2: 25, 3: 10 });
  const weights = options.weights ?? DEFAULT_CALL_WEIGHTS;
  const plan: CallKind[][] = [];
  for (let step = 0; step < Number(steps); step++) {
    const calls = Number(weighted(random, { 1: 60, 2: 30, 3: 10 }));
    plan.push(Array.from({ length: calls }, () => weighted(random, weights)));
  }
  return plan;
}

/** The arguments text the model sends for a call. */
function argumentsOf(label: string, kind: CallKind): string {
  if (kind === 'badJson') return `{"label":"${label}","kind":"ok"`;
  if (kind === 'badArgs') return JSON.stringify({ label, kind: 'explode' });
  return JSON.stringify({ label, kind });
}

/** The tool-result status a call's arguments must lead to: only well-formed, non-throwing calls succeed. */
export function expectedStatus(argumentsText: string): 'ok' | 'error' {
  let args: unknown;
  try {
    args = JSON.parse(argumentsText);
  } catch {
    return 'error';
  }
  const kind = (args as { kind?: unknown } | null)?.kind;
  return kind === 'ok' || kind === 'huge' || kind === 'retry' ? 'ok' : 'error';
}

/** Where a request stands: the message it serves and the step it asks for. */
export function positionOf(messages: ChatMessage[]): { s: number; n: number; step: number } | undefined {
  const last = messages.at(-1);
  if (last?.role === 'user' && typeof last.content === 'string') {
    const m = /^S(\d+) M(\d+):/.exec(last.content);
    if (m) return { s: Number(m[1]), n: Number(m[2]), step: 0 };
  }
  if (last?.role === 'tool') {
    const assistant = [...messages].reverse().find((x) => x.role === 'assistant' && x.tool_calls?.length);
    const m = /S(\d+)-M(\d+)-s(\d+)-\d+/.exec(assistant?.tool_calls?.[0]?.function.arguments ?? '');
    if (m) return { s: Number(m[1]), n: Number(m[2]), step: Number(m[3]) + 1 };
  }
  return undefined;
}

type Reply = Exclude<ScriptedReply, (r: RecordedRequest) => unknown>;

/** The chaos model: a reply function for the fake server, and what it saw. */
export interface ChaosModel {
  reply(request: RecordedRequest): Reply;
  /** Messages (by label) the model has been asked about: their turn has started. */
  readonly started: Set<string>;
  /** Requests it could not place (a summary stood where it looks, or a foreign request). */
  unscripted: number;
}

/** Creates the chaos model for `options`. */
export function chaosModel(options: ChaosScriptOptions): ChaosModel {
  const idMode = options.idMode ?? ((s: number) => (s % 2 === 0 ? 'reused' : 'unique'));
  const model: ChaosModel = {
    started: new Set(),
    unscripted: 0,
    reply(request) {
      if (isSummaryRequest(request)) return { text: SCRIPTED_CHECKPOINT };
      const at = positionOf((request.body?.messages ?? []) as ChatMessage[]);
      if (!at) {
        model.unscripted++;
        return { text: 'unscripted request' };
      }
      model.started.add(messageLabel(at.s, at.n));
      const kinds = planOf(options, at.s, at.n)[at.step];
      if (!kinds) return { text: `${messageLabel(at.s, at.n)} done after ${at.step} tool steps` };
      const mode = idMode(at.s);
      return {
        toolCalls: kinds.map((kind, i) => ({
          id: mode === 'reused' ? `call_${i}` : `call_${randomBytes(9).toString('base64url')}`,
          name: EFFECT_TOOL,
          arguments: argumentsOf(callLabel(at.s, at.n, at.step, i), kind),
        })),
      };
    },
  };
  return model;
}
