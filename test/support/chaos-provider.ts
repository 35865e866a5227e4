/**
 * The provider of a chaos run (test/support/chaos-run.ts): the repository's fake
 * OpenAI-compatible server answering from the chaos model, with random faults — 429 with
 * Retry-After, 500/503, slow responses, dropped connections, cut bodies — and an auditor
 * that checks every request it received: none over the window, none with unpaired tool
 * messages, none refused (4xx) unless a fault was injected. The auditor drops request bodies
 * once checked, so a long run does not hold every prompt in memory.
 */
import { checkToolPairing } from '../../src/context/pairing';
import type { ChatMessage } from '../../src/context/types';
import {
  countSegments,
  loadTokenizer,
  renderPrompt,
  startFakeOpenAI,
  type FakeOpenAI,
  type Fault,
  type RecordedRequest,
} from '../../src/testing/fake-openai';
import { between, seeded, weighted } from './chaos-random';
import type { ChaosModel } from './chaos-script';
import { isSummaryRequest } from './scripted-agent';

/** Faults the provider injects. */
export const FAULT_KINDS = ['rate429', 'server5xx', 'slow', 'drop', 'cut'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** How often and which faults hit requests. */
export interface FaultOptions {
  /** Fraction of requests that get a fault, in [0, 1]. */
  rate: number;
  /** Relative weights of the kinds. */
  weights: Record<FaultKind, number>;
  /** Delay of a slow response, in ms: [min, max]. */
  slowMs: [number, number];
}

/** Default faults: one request in five. */
export const DEFAULT_FAULTS: FaultOptions = {
  rate: 0.2,
  weights: { rate429: 30, server5xx: 25, slow: 20, drop: 15, cut: 10 },
  slowMs: [1_000, 5_000],
};

/** How long an unanswered request is left alone before it is checked (well above the slowest reply). */
const IN_FLIGHT_GRACE_MS = 30_000;

/** What the auditor found. */
export interface ProviderAudit {
  requests: number;
  summaryRequests: number;
  faults: Record<FaultKind | 'none', number>;
  /** Requests that consumed no planned fault (the queue ran dry: the fault figures are off). */
  unplanned: number;
  maxPromptTokens: number;
  overWindow: string[];
  unpaired: string[];
  /** 4xx answers to requests without an injected fault (context_length_exceeded, pairing 400s). */
  rejected: string[];
}

/** A running chaos provider. */
export interface ChaosProvider {
  readonly fake: FakeOpenAI;
  /** Checks the requests received so far (all of them when `final`). */
  audit(final?: boolean): Promise<ProviderAudit>;
  close(): Promise<void>;
}

/** A fault to queue, or a no-op one (a zero delay) that keeps requests and planned faults in step. */
function drawFault(random: () => number, options: FaultOptions): { kind: FaultKind | 'none'; fault: Fault } {
  if (random() >= options.rate) return { kind: 'none', fault: { kind: 'delay', ms: 0 } };
  const kind = weighted(random, options.weights);
  switch (kind) {
    case 'rate429': {
      const headers: Record<string, string> =
        random() < 0.5 ? { 'retry-after': '1' } : { 'retry-after-ms': String(between(random, 200, 800)) };
      return { kind, fault: { kind: 'status', status: 429, code: 'rate_limit_exceeded', headers } };
    }
    case 'server5xx':
      return { kind, fault: { kind: 'status', status: random() < 0.5 ? 500 : 503 } };
    case 'slow':
      return { kind, fault: { kind: 'delay', ms: between(random, options.slowMs[0], options.slowMs[1]) } };
    case 'drop':
      return { kind, fault: { kind: 'drop' } };
    case 'cut':
      return { kind, fault: { kind: 'truncate' } };
  }
}

/** Starts the fake server for `model` with faults drawn from `seed`. */
export async function startChaosProvider(options: {
  model: ChaosModel;
  contextWindow: number;
  seed: string | number;
  faults: FaultOptions;
}): Promise<ChaosProvider> {
  const fake = await startFakeOpenAI({ contextWindow: options.contextWindow, defaultReply: options.model.reply });
  const tokenizer = await loadTokenizer('o200k_base');
  const random = seeded(`${options.seed}:faults`);
  const planned: (FaultKind | 'none')[] = [];
  const topUp = () => {
    // every request takes exactly one queued fault, so request i got planned[i]
    const queued = planned.length - fake.requests.length;
    for (let i = queued; i < 200; i++) {
      const { kind, fault } = drawFault(random, options.faults);
      planned.push(kind);
      fake.injectFault(fault);
    }
  };
  topUp();
  const feeder = setInterval(topUp, 50);

  const result: ProviderAudit = {
    requests: 0,
    summaryRequests: 0,
    faults: { none: 0, rate429: 0, server5xx: 0, slow: 0, drop: 0, cut: 0 },
    unplanned: 0,
    maxPromptTokens: 0,
    overWindow: [],
    unpaired: [],
    rejected: [],
  };
  let cursor = 0;
  const firstSeen = new Map<number, number>();

  function check(r: RecordedRequest, index: number): void {
    const kind = planned[index];
    if (kind === undefined || r.fault === undefined) result.unplanned++;
    else result.faults[kind]++;
    if (!r.path.endsWith('/chat/completions') || !r.body) return;
    result.requests++;
    if (isSummaryRequest(r)) result.summaryRequests++;
    const messages = (r.body.messages ?? []) as ChatMessage[];
    const where = `request ${index}${kind && kind !== 'none' ? ` (${kind})` : ''}`;
    const pairing = checkToolPairing(messages);
    if (pairing.length) result.unpaired.push(`${where}: ${JSON.stringify(pairing[0])}`);
    // requests answered early (status faults, drops) were never counted by the server
    const prompt = r.promptTokens ?? countSegments(tokenizer, renderPrompt(r.body.messages, r.body.tools));
    const requested = Number(r.body.max_completion_tokens ?? r.body.max_tokens ?? 0);
    result.maxPromptTokens = Math.max(result.maxPromptTokens, prompt);
    if (prompt + requested > options.contextWindow) {
      result.overWindow.push(`${where}: ${prompt} + ${requested} tokens > ${options.contextWindow}`);
    }
    const injectedStatus = kind === 'rate429' || kind === 'server5xx';
    if (r.status !== undefined && r.status >= 400 && !injectedStatus) result.rejected.push(`${where}: ${r.status}`);
  }

  async function audit(final = false): Promise<ProviderAudit> {
    const requests = fake.requests;
    for (; cursor < requests.length; cursor++) {
      const r = requests[cursor];
      if (!r) break;
      // Still being answered (a slow reply) — or abandoned by a killed worker, which looks
      // the same: wait a while, since the server reads the body only after its delay.
      const answered = r.status !== undefined || planned[cursor] === 'drop';
      if (!final && !answered) {
        const seen = firstSeen.get(cursor) ?? Date.now();
        firstSeen.set(cursor, seen);
        if (Date.now() - seen < IN_FLIGHT_GRACE_MS) break;
      }
      firstSeen.delete(cursor);
      check(r, cursor);
      r.body = undefined;
      r.headers = {};
      if (cursor % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
    }
    return structuredClone(result);
  }

  return {
    fake,
    audit,
    async close() {
      clearInterval(feeder);
      await fake.close();
    },
  };
}
