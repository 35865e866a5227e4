/**
 * Pins what the extractive summarizer selects on a fixed, seeded session shaped like the
 * compaction bench's (bench/compaction.bench.ts): requests (some long pasted specifications),
 * assistant reasoning ending in a plan, decision, constraint or next step, file reads and
 * writes, commands whose outputs are test/fixtures/tool-outputs (some archived as digests), and
 * answers. The hashes were taken before the summarizer was made faster: a speed-up must keep
 * them (and so the selected text, byte for byte). A deliberate change of what is selected
 * updates them, saying so in its commit.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import { toolDigest } from '../../../src/context/digest';
import { failureEvidence } from '../../../src/context/evidence';
import type { ChatMessage } from '../../../src/context/types';
import { mulberry32 as rng } from '../../support/random';
import { pinnedToolOutputs } from '../../support/tool-outputs';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

/** The outputs the pins were taken on (fixtures added later do not move them). */
const outputs = pinnedToolOutputs();

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const PROSE = [
  'The handler validates its input before it touches the store, which is why the error surfaced only in the integration tests.',
  'Looking at the stack trace, the failure comes from the serializer rather than from the parser itself.',
  'The fixture data still uses the old date format, so two of the assertions compare strings that can never be equal.',
  'There are three call sites; two of them already pass the options object, the third passes positional arguments.',
  'Caching the compiled schema cuts the per-request cost roughly in half according to the benchmark output above.',
  'Überprüfe die Konfiguration: der Wert von `retry_max` ist 3, nicht 5 (see config/retry.yaml).',
];
const sourceFile = (n: number) =>
  Array.from(
    { length: 20 },
    (_, i) => `export function handler${n}_${i}(input: Input): Output { return step(input, ${i}); }`,
  ).join('\n');

/** A seeded session of `n` messages; every third tool result is archived as a digest. */
function session(n: number, seed: number): ChatMessage[] {
  const r = rng(seed);
  const out: ChatMessage[] = [];
  let turn = 0;
  let id = 0;
  while (out.length < n) {
    turn += 1;
    const spec = Array.from({ length: 6 }, () => pick(r, PROSE)).join(' ');
    out.push({
      role: 'user',
      content:
        r() < 0.7
          ? `Step ${turn}: make module m${turn} pass its tests; it must not import from legacy/.`
          : `Here is the spec for m${turn}. ${spec} The public API of m${turn} must stay backwards compatible.\n\n- keep \`limit=${turn * 7}\`\n- ${spec} Please implement it and keep the tests green.`,
    });
    for (let s = 0, steps = 2 + Math.floor(r() * 4); s < steps && out.length < n - 1; s += 1) {
      const findings = Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(r, PROSE)).join(' ');
      const commitment = pick(r, [
        `I'll check module m${turn} next.`,
        `We decided to keep the m${turn} cache in memory rather than on disk.`,
        `Plan:\n- read src/m${turn}/index.ts\n- run the tests for m${turn}\n- fix the serializer in src/m${turn}/serialize.ts`,
        `Never change the public API of m${turn}.`,
        `## Next steps\n1. update the fixtures of m${turn}\n2. rerun the suite (step ${s})`,
        `Going with a streaming parser for m${turn} over buffering the whole file.`,
        `Done with that part.  Let me check the tests.\tThen src/m${turn}/x.ts:${s + 10} again!`,
      ]);
      const calls: ChatMessage['tool_calls'] = [];
      const results: ChatMessage[] = [];
      for (let p = 0, parallel = r() < 0.3 ? 2 : 1; p < parallel; p += 1) {
        const callId = `call_${id++}`;
        const kind = r();
        let name: string;
        let args: Record<string, string>;
        let text: string;
        let failed = false;
        if (kind < 0.15) {
          const path = `src/m${turn}/impl${s}${p}.ts`;
          name = 'write_file';
          args = { path, content: sourceFile(id) };
          text = `wrote ${args['content']?.length} bytes to ${path}`;
        } else if (kind < 0.55) {
          name = 'read_file';
          args = { path: `src/m${turn}/part${s}${p}.ts` };
          text = sourceFile(id);
        } else {
          const o = pick(r, outputs);
          name = 'run_command';
          args = { command: `npm test -- m${turn}` };
          text = o.text;
          failed = o.failed;
        }
        calls.push({ id: callId, type: 'function', function: { name, arguments: JSON.stringify(args) } });
        if (id % 3 === 0) {
          const lines = text.trim().split('\n');
          const evidence = failureEvidence(text, { failed });
          text = toolDigest({
            result: {
              toolName: name,
              status: failed ? 'error' : 'ok',
              ...(name === 'run_command' ? { exitCode: failed ? 1 : 0 } : {}),
              outputBytes: Buffer.byteLength(text),
              outputLines: lines.length,
              truncated: false,
              fullOutputRef: `sha256:${createHash('sha256').update(text).digest('hex')}`,
              binary: false,
              firstLine: lines[0] ?? '',
              lastLine: lines.at(-1) ?? '',
              ...(evidence.length ? { evidence } : {}),
            },
            keyArgs: args['content'] ? { path: args['path'] ?? '' } : args,
          });
        }
        results.push({ role: 'tool', tool_call_id: callId, content: text });
      }
      out.push({ role: 'assistant', content: `${findings}\n\n${commitment}`, tool_calls: calls }, ...results);
    }
    out.push({
      role: 'assistant',
      content: `Module m${turn} passes its tests now. ${pick(r, PROSE)} I changed src/m${turn}/index.ts and src/m${turn}/serialize.ts.`,
    });
  }
  return out.slice(0, n);
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const STATE_BLOCK = '[Context state]\nFiles touched: src/m3/part00.ts, src/m7/index.ts; 4 earlier not shown';

describe('extractive summary: pinned selection on a seeded session', () => {
  const messages = session(2_000, 42);

  it('selects the same text under the bench-sized cap', () => {
    const r = extractiveSummary(messages, undefined, counter, 7_400, { stateBlock: STATE_BLOCK });
    expect([sha(r.text), r.tokens]).toEqual(PINNED.large);
  });

  it('selects the same text under a small cap', () => {
    const r = extractiveSummary(messages.slice(0, 700), undefined, counter, 900);
    expect([sha(r.text), r.tokens]).toEqual(PINNED.small);
  });

  it('selects the same text with a focus (every message read)', () => {
    const r = extractiveSummary(messages, undefined, counter, 3_000, { focus: 'the serializer of m12 and retry_max' });
    expect([sha(r.text), r.tokens]).toEqual(PINNED.focus);
  });

  it('selects the same text when merging an earlier summary', () => {
    const earlier = extractiveSummary(messages.slice(0, 1_000), undefined, counter, 2_500).text;
    const r = extractiveSummary(messages.slice(1_000), earlier, counter, 2_500);
    expect([sha(r.text), r.tokens]).toEqual(PINNED.merged);
  });
});

const PINNED = {
  large: ['7b4065a20b8ed3ad', 7365],
  small: ['7fd428b58efb883b', 864],
  focus: ['03f758144a714872', 3000],
  merged: ['b91348cb64818edc', 2331],
};
