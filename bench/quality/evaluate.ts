/**
 * Runs one method over one transcript at one budget: asks it for the request of every model
 * call (before each assistant message, then a final call after the whole transcript), and
 * measures each request — refused, tokens, within budget, tool pairing — and, on the final
 * one, which planted facts it still holds.
 */
import { performance } from 'node:perf_hooks';
import { truncateOutput } from '../../src/context/truncate';
import type { ChatMessage } from '../../src/context/types';
import { requestTokens, type Method } from './methods/method';
import { hasConversation, keptFacts, pairingFaults, renderRequest } from './render';
import type { CallOutcome, MethodRun, Transcript } from './types';

/** The prefixes the model is called with: before each assistant message, then the whole transcript (+ probe). */
export function callPrefixes(t: Transcript): ChatMessage[][] {
  const out: ChatMessage[][] = [];
  t.messages.forEach((m, i) => {
    if (m.role === 'assistant') out.push(t.messages.slice(0, i));
  });
  out.push(t.probe ? [...t.messages, { role: 'user', content: t.probe }] : [...t.messages]);
  return out;
}

/** Prompt tokens of the whole transcript as one request (probe included): what the budgets are fractions of. */
export function rawTokens(t: Transcript, count: (m: readonly ChatMessage[]) => number): number {
  return count(callPrefixes(t).at(-1) as ChatMessage[]);
}

/**
 * Prompt tokens of what no compaction may drop from the request after `prefix`: the system
 * prompt, the latest user message, and the latest assistant message of its turn with its
 * results at the size the model would see them (truncated as src/context/truncate.ts does by
 * default). When this exceeds the budget, refusing the call is the only honest answer.
 */
export function pinnedTokens(prefix: readonly ChatMessage[], count: (m: readonly ChatMessage[]) => number): number {
  const lastOf = (role: ChatMessage['role']) => prefix.map((m) => m.role).lastIndexOf(role);
  const lastUser = lastOf('user');
  const lastAssistant = lastOf('assistant');
  const pinned: ChatMessage[] = [prefix[0] as ChatMessage];
  if (lastUser > 0) pinned.push(prefix[lastUser] as ChatMessage);
  if (lastAssistant > lastUser) {
    pinned.push(prefix[lastAssistant] as ChatMessage);
    for (const m of prefix.slice(lastAssistant + 1))
      pinned.push({ ...m, content: truncateOutput(m.content ?? '').text });
  }
  return count(pinned);
}

/** Measures `method` on `t` with a budget of `budget` prompt tokens. */
export async function evaluate(
  method: Method,
  t: Transcript,
  budgetFraction: number,
  budget: number,
  raw: number,
  counter: Parameters<typeof requestTokens>[0],
): Promise<MethodRun> {
  const prefixes = callPrefixes(t);
  const calls: CallOutcome[] = [];
  let kept = t.facts.map(() => false);
  let reversals = t.superseded?.map(() => ({ old: false, latest: false }));
  let finalTokens = 0;
  const t0 = performance.now();
  for (let i = 0; i < prefixes.length; i++) {
    const final = i === prefixes.length - 1;
    const prefix = prefixes[i] as ChatMessage[];
    const r = await method.request(prefix, final);
    if ('refused' in r || !hasConversation(r.messages)) {
      calls.push({
        refused: true,
        pinnedFits: pinnedTokens(prefix, (m) => requestTokens(counter, m)) <= budget,
        tokens: 0,
        withinBudget: false,
        paired: false,
        note: 'refused' in r ? r.refused : 'empty request',
      });
      continue;
    }
    // The final request is recounted from its messages, whatever the method says it holds.
    const tokens = final || r.tokens === undefined ? requestTokens(counter, r.messages) : r.tokens;
    const faults = pairingFaults(r.messages);
    const outcome: CallOutcome = {
      refused: false,
      pinnedFits: true,
      tokens,
      withinBudget: tokens <= budget,
      paired: faults.length === 0,
    };
    if (faults.length) outcome.note = `${faults.length} pairing faults, first: ${JSON.stringify(faults[0])}`;
    if (final && r.tokens !== undefined && r.tokens !== tokens)
      outcome.note = `method counted ${r.tokens} tokens, recount ${tokens}`;
    calls.push(outcome);
    if (final) {
      if (r.idsOnly) throw new Error(`${method.name} returned ids only for the final request`);
      const text = renderRequest(r.messages);
      kept = keptFacts(text, t.facts);
      if (t.superseded) {
        const old = keptFacts(text, t.superseded);
        const latest = keptFacts(
          text,
          t.superseded.map((s) => ({ needle: s.replacedBy })),
        );
        reversals = old.map((o, i) => ({ old: o, latest: latest[i] ?? false }));
      }
      finalTokens = tokens;
    }
  }
  await method.close?.();
  return {
    method: method.name,
    transcript: t.id,
    budgetFraction,
    budgetTokens: budget,
    rawTokens: raw,
    calls,
    kept,
    facts: t.facts,
    finalTokens,
    ...(reversals ? { reversals } : {}),
    ms: performance.now() - t0,
  };
}
