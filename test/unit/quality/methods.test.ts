/**
 * The quality benchmark's plumbing (bench/quality/evaluate.ts and methods/): a method that
 * keeps everything keeps every fact, one that sends nothing is refused on every call, and
 * each compared method does what its name says on a small generated transcript.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenCounter } from '../../../src/activities/tokenizer';
import type { ChatMessage } from '../../../src/context/types';
import { callPrefixes, evaluate, pinnedTokens, rawTokens } from '../../../bench/quality/evaluate';
import { generateTranscript } from '../../../bench/quality/generator';
import { AiPrune } from '../../../bench/quality/methods/ai-prune';
import { LangChainTrim } from '../../../bench/quality/methods/langchain';
import { benchCounter, requestTokens, type Method } from '../../../bench/quality/methods/method';
import { DropOldestHalf, FirstPlusLast10 } from '../../../bench/quality/methods/naive';
import { ProjectMethod } from '../../../bench/quality/methods/project';
import { pairingFaults } from '../../../bench/quality/render';

const t = generateTranscript({ seed: 11, messages: 140, shape: 'interactive' });
let counter: TokenCounter;
let raw: number;
beforeAll(async () => {
  counter = await benchCounter();
  raw = rawTokens(t, (m) => requestTokens(counter, m));
});

const everything: Method = { name: 'everything', request: async (prefix) => ({ messages: [...prefix] }) };
const nothing: Method = { name: 'nothing', request: async () => ({ refused: 'no' }) };

describe('evaluate', () => {
  it('keeps every fact when the whole transcript is sent, and counts the calls', async () => {
    const run = await evaluate(everything, t, 1, raw, raw, counter);
    expect(run.kept.every(Boolean)).toBe(true);
    expect(run.calls).toHaveLength(t.messages.filter((m) => m.role === 'assistant').length + 1);
    expect(run.calls.every((c) => !c.refused && c.paired && c.withinBudget)).toBe(true);
    expect(run.finalTokens).toBe(raw);
  });

  it('counts every call as refused and every fact as lost when nothing is sent', async () => {
    const run = await evaluate(nothing, t, 0.1, raw / 10, raw, counter);
    expect(run.kept.some(Boolean)).toBe(false);
    expect(run.calls.every((c) => c.refused)).toBe(true);
  });

  it('marks requests over budget and unpaired ones', async () => {
    const orphan: Method = {
      name: 'orphan',
      request: async (prefix) => ({ messages: [prefix[0] as ChatMessage, ...prefix.slice(-1)] }),
    };
    const run = await evaluate(orphan, t, 0.01, 1, raw, counter);
    expect(run.calls.some((c) => !c.paired)).toBe(true);
    expect(run.calls.every((c) => !c.withinBudget)).toBe(true);
  });
});

describe('pinned content', () => {
  it('is the system prompt, the latest request and the latest step with its results truncated', () => {
    const huge = 'x '.repeat(40_000);
    const prefix: ChatMessage[] = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'old request' },
      { role: 'user', content: 'new request' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'a', type: 'function', function: { name: 'run', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'a', content: huge },
    ];
    const count = (m: readonly ChatMessage[]) => requestTokens(counter, m);
    const pinned = pinnedTokens(prefix, count);
    expect(pinned).toBeLessThan(count(prefix) / 5);
    expect(pinned).toBeGreaterThan(count([prefix[0], prefix[2], prefix[3]] as ChatMessage[]));
    expect(pinnedTokens(prefix.slice(0, 3), count)).toBe(count([prefix[0], prefix[2]] as ChatMessage[]));
  });

  it('is reported on refused calls', async () => {
    const run = await evaluate(nothing, t, 1, raw, raw, counter);
    expect(run.calls.every((c) => c.pinnedFits)).toBe(true);
    const tiny = await evaluate(nothing, t, 0, 1, raw, counter);
    expect(tiny.calls.some((c) => c.pinnedFits)).toBe(false);
  });
});

describe('compared methods', () => {
  const final = () => callPrefixes(t).at(-1) as ChatMessage[];

  it('first + last 10 keeps the system prompt, the first request and the last ten messages', async () => {
    const r = await new FirstPlusLast10().request(final());
    if ('refused' in r) throw new Error('refused');
    expect(r.messages.slice(0, 2)).toEqual(final().slice(0, 2));
    expect(r.messages.slice(2)).toEqual(final().slice(-10));
  });

  it.each([false, true])('trimMessages (startOn human: %s) sends a suffix within the budget', async (startOnHuman) => {
    const budget = Math.floor(raw / 5);
    const r = await new LangChainTrim({ budget, counter }, startOnHuman).request(final());
    if ('refused' in r) throw new Error('refused');
    expect(requestTokens(counter, r.messages)).toBeLessThanOrEqual(budget);
    expect(r.messages[0]).toBe(final()[0]);
    const rest = r.messages.slice(1);
    expect(rest).toEqual(final().slice(final().length - rest.length));
    if (startOnHuman && rest.length) expect(rest[0]?.role).toBe('user');
  });

  it('pruneMessages keeps all text and pairs what it keeps', async () => {
    const r = await new AiPrune({ budget: Math.floor(raw / 2), counter }).request(final());
    if ('refused' in r) throw new Error('refused');
    expect(pairingFaults(r.messages)).toEqual([]);
    expect(r.messages.filter((m) => m.role === 'user')).toEqual(final().filter((m) => m.role === 'user'));
  });

  it('drop oldest half fits the budget by dropping from the front', async () => {
    const budget = Math.floor(raw / 3);
    const m = new DropOldestHalf({ budget, counter });
    let last;
    for (const prefix of callPrefixes(t)) last = await m.request(prefix);
    if (!last || 'refused' in last) throw new Error('refused');
    expect(requestTokens(counter, last.messages)).toBeLessThanOrEqual(budget);
    expect(last.messages.at(-1)).toEqual(final().at(-1));
  });

  it('the project keeps everything when nothing needs compacting, and stays paired and within budget at 20%', async () => {
    const full = await evaluate(new ProjectMethod({ budget: raw * 2, counter }, t), t, 2, raw * 2, raw, counter);
    expect(full.kept.every(Boolean)).toBe(true);
    const tight = await evaluate(
      new ProjectMethod({ budget: Math.floor(raw / 5), counter }, t),
      t,
      0.2,
      Math.floor(raw / 5),
      raw,
      counter,
    );
    for (const c of tight.calls.filter((x) => !x.refused)) expect(c.paired && c.withinBudget).toBe(true);
  });
});
