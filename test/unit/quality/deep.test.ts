/**
 * The deep transcript family (bench/quality/deep.ts): deterministic, each needle's unique token
 * only in its own short episode, tool calls answered in order (natively or in the harness's text
 * protocol), every fact kind in larger transcripts, every harness generating in its own format,
 * sizes as asked, probes clean, long transcripts quick to generate.
 */
import { describe, expect, it } from 'vitest';
import {
  DEEP_HARNESSES,
  DEEP_SHAPES,
  DEEP_STYLES,
  deepEpisodes,
  deepIsResult,
  deepSuite,
  generateDeepTranscript,
  type DeepStyle,
} from '../../../bench/quality/deep';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import type { ChatMessage } from '../../../src/context/types';
import { checkDeterministic, checkNativeCalls, checkTokenEpisodes } from './episodes';

const harnessOf = (t: Transcript) => t.id.split('-')[1] as DeepStyle;

const cases = DEEP_STYLES.flatMap((style, i) =>
  DEEP_SHAPES.map((shape, j) =>
    generateDeepTranscript({ seed: 70 + i * 3 + j, messages: 150 + 100 * j, shape, style, probe: (i + j) % 2 === 0 }),
  ),
);

function checkNeedles(t: Transcript): void {
  checkTokenEpisodes(t, deepEpisodes(t), harnessOf(t));
  for (const f of t.facts) {
    const first = messageText(t.messages[f.firstIndex] as ChatMessage);
    const json = JSON.stringify(f.needle).slice(1, -1);
    expect(first.includes(f.needle) || first.includes(json), `${t.id}: ${f.needle} in its first message`).toBe(true);
  }
}

/** Per text protocol: the calls an assistant message writes, and the results a results message holds. */
const TEXT_CALLS: Partial<Record<DeepStyle, { calls: RegExp; results: RegExp }>> = {
  structured: { calls: /^ {2}"action": "(?!Final Answer")/gm, results: /^Observation: /gm },
  command: { calls: /^ {8}"tool_name": /gm, results: /^Document: \d+$/gm },
  seek: { calls: /<｜tool▁call▁begin｜>function<｜tool▁sep｜>/g, results: /<｜tool▁output▁begin｜>/g },
};

describe('deep transcripts', () => {
  it('are deterministic per options', () => {
    checkDeterministic(
      (seed) => generateDeepTranscript({ seed, messages: 300, shape: 'mixed', style: 'command' }),
      deepSuite,
    );
    const a = generateDeepTranscript({ seed: 3, messages: 200, shape: 'interactive', style: 'adk' });
    generateDeepTranscript({ seed: 4, messages: 500, shape: 'autonomous', style: 'seek' });
    const b = generateDeepTranscript({ seed: 3, messages: 200, shape: 'interactive', style: 'adk' });
    expect(JSON.stringify(b.messages)).toBe(JSON.stringify(a.messages));
  });

  it('plant each needle, and its unique token, only in its episode', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('answer every tool call, in order, and record every output', () => {
    for (const t of cases) {
      const style = harnessOf(t);
      const ids = checkNativeCalls(t);
      const text = TEXT_CALLS[style];
      if (DEEP_HARNESSES[style].protocol === 'text' && text) {
        expect(ids, t.id).toEqual([]);
        let steps = 0;
        t.messages.forEach((m, i) => {
          if (m.role !== 'assistant') return;
          const calls = (m.content ?? '').match(text.calls)?.length ?? 0;
          const next = t.messages[i + 1];
          if (!calls) {
            expect(next === undefined || !deepIsResult(style, next), `${t.id} #${i}`).toBe(true);
            return;
          }
          steps++;
          expect(next && deepIsResult(style, next), `${t.id} #${i}`).toBe(true);
          const results = (next?.content ?? '').match(text.results)?.length ?? 0;
          expect(results, `${t.id} #${i}`).toBe(calls);
        });
        expect(steps, t.id).toBeGreaterThan(10);
      } else {
        expect(DEEP_HARNESSES[style].protocol, t.id).toBe('native');
        expect(ids.length, t.id).toBeGreaterThan(10);
      }
    }
  });

  it('hold every fact kind, start with the system prompt, end mid-turn or with a clean probe', () => {
    for (const t of cases) {
      const style = harnessOf(t);
      if (t.messages.length >= 300) expect(new Set(t.facts.map((f) => f.kind)), t.id).toEqual(new Set(FACT_KINDS));
      expect(t.facts.length, t.id).toBeGreaterThanOrEqual(10);
      expect(t.facts.length, t.id).toBeLessThanOrEqual(40);
      expect(t.messages[0]?.role).toBe('system');
      expect(t.messages[1]?.role).toBe('user');
      const last = t.messages.at(-1) as ChatMessage;
      if (t.probe) expect(last.role, t.id).toBe('assistant');
      else expect(last.role === 'tool' || deepIsResult(style, last), t.id).toBe(true);
      const pending = t.facts.filter((f) => f.kind === 'pending').map((f) => f.lastIndex);
      expect(Math.max(...pending), t.id).toBeGreaterThanOrEqual(t.messages.length - 6);
      expect(t.facts[0]?.firstIndex, t.id).toBe(1);
      expect(t.facts.filter((f) => f.firstIndex > t.messages.length / 2).length, t.id).toBeGreaterThan(2);
      const hows = new Set(t.facts.map((f) => f.style.split('/')[1]?.split('-')[0]));
      expect(hows.has('tool') && (hows.has('agent') || hows.has('user')), t.id).toBe(true);
    }
    expect(cases.some((t) => t.probe)).toBe(true);
    expect(cases.some((t) => !t.probe)).toBe(true);
  });

  it('use three to five planters per kind in every harness, user and non-user ones', () => {
    for (const style of DEEP_STYLES) {
      const h = DEEP_HARNESSES[style];
      for (const kind of FACT_KINDS) {
        const ps = h.planters[kind];
        expect(ps.length, `${style} ${kind}`).toBeGreaterThanOrEqual(3);
        expect(ps.length, `${style} ${kind}`).toBeLessThanOrEqual(5);
        expect(
          ps.some((p) => !p.user),
          `${style} ${kind}`,
        ).toBe(true);
        if (kind === 'goal') expect(ps.some((p) => p.user)).toBe(true);
      }
    }
    const long = DEEP_STYLES.map((style) =>
      generateDeepTranscript({ seed: 11, messages: 2000, shape: 'mixed', style }),
    );
    for (const t of long) {
      const hows = new Set(t.facts.map((f) => `${f.kind}/${f.style.split('/')[1]}`));
      expect(hows.size, t.id).toBeGreaterThan(14);
    }
  });

  it('shape sessions: autonomous runs one request through long turns, the others talk back and forth', () => {
    for (const t of cases) {
      const style = harnessOf(t);
      const users = t.messages.filter((m) => m.role === 'user' && !deepIsResult(style, m)).length;
      if (t.shape === 'autonomous') expect(users, t.id).toBeLessThanOrEqual(1 + Math.floor(t.messages.length / 120));
      else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 10 : 2);
    }
    for (const style of ['structured', 'refact'] as const) {
      const long = generateDeepTranscript({ seed: 9, messages: 1500, shape: 'autonomous', style });
      const users = long.messages.flatMap((m, i) => (m.role === 'user' && !deepIsResult(style, m) ? [i] : []));
      expect(users.length).toBeGreaterThan(1);
      for (const [k, i] of users.entries()) {
        const end = users[k + 1] ?? long.messages.length;
        const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
        if (k < users.length - 1) expect(steps, `${style} turn ${k}`).toBeGreaterThanOrEqual(50);
        expect(steps, `${style} turn ${k}`).toBeLessThanOrEqual(320);
      }
    }
    const parallel = cases.filter((t) => t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1));
    expect(new Set(parallel.map(harnessOf))).toEqual(new Set(['adk', 'refact', 'abap']));
    const textParallel = cases.filter((t) =>
      t.messages.some(
        (m) =>
          m.role === 'assistant' &&
          ((m.content ?? '').match(TEXT_CALLS[harnessOf(t)]?.calls ?? /$^/g)?.length ?? 0) > 1,
      ),
    );
    expect(new Set(textParallel.map(harnessOf))).toEqual(new Set(['command', 'seek']));
  });

  it('write every harness in its own format, with its users speaking their languages', () => {
    const all = (style: DeepStyle) =>
      cases
        .filter((t) => harnessOf(t) === style)
        .flatMap((t) => t.messages.map(messageText))
        .join('\n');
    expect(new Set(cases.map(harnessOf))).toEqual(new Set(DEEP_STYLES));
    expect(all('structured')).toMatch(/^Action:\n```json\n\{\n {2}"action": "terminal",\n {2}"action_input": \{/m);
    expect(all('structured')).toMatch(/"action": "Final Answer"/);
    expect(all('structured')).toMatch(/===> Verifying dependencies\.\.\./);
    expect(all('structured')).toMatch(/[α-ω]{4,}/);
    expect(all('command')).toMatch(/^Action: ```json\n\[\n {4}\{\n {8}"tool_name": "\w+",\n {8}"parameters": \{/m);
    expect(all('command')).toMatch(/^Grounded answer: /m);
    expect(all('command')).toMatch(/\| name +\| status +\| update +\| version +\|/);
    expect(all('command')).toMatch(/[\u0900-\u097f]{3,}/);
    expect(all('seek')).toMatch(/<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>\w+\n```json\n\{/);
    expect(all('seek')).toMatch(/<｜tool▁output▁end｜><｜tool▁outputs▁end｜>/);
    expect(all('seek')).toMatch(/[\u0600-\u06ff]{3,}/);
    expect(all('adk')).toMatch(/"log":"Running UnrealBuildTool: /);
    expect(all('refact')).toMatch(/Ran \d+ tests containing \d+ assertions\./);
    expect(all('refact')).toMatch(/[äö]/);
    expect(all('abap')).toMatch(/ABAP Unit: ZCL_NAV_/);
    expect(all('abap')).toMatch(/[őű]/);
    const adk = cases.filter((t) => harnessOf(t) === 'adk').flatMap((t) => t.messages);
    const agents = new Set(adk.filter((m) => m.role === 'assistant').map((m) => m.name));
    expect(agents).toEqual(new Set(['game_lead', 'build_engineer', 'qa_cook']));
    expect(adk.some((m) => m.tool_calls?.some((c) => c.function.name === 'transfer_to_agent'))).toBe(true);
    const pattern: Partial<Record<DeepStyle, RegExp>> = {
      adk: /^adk-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      refact: /^call_\w{24}$/,
      abap: /^toolu_bdrk_01\w{22}$/,
    };
    for (const t of cases)
      for (const m of t.messages)
        for (const c of m.tool_calls ?? []) expect(c.id, t.id).toMatch(pattern[harnessOf(t)] as RegExp);
    expect(cases.some((t) => t.messages.some((m) => messageText(m).length > 20_000))).toBe(true);
    expect(cases.some((t) => t.outputs.size && [...t.outputs.values()].some((o) => o.status === 'error'))).toBe(true);
  });

  it('come near the requested size, and the suite spans 100 to 2,000 messages', () => {
    const s = deepSuite(4, 1, false);
    expect(s.map((t) => t.shape)).toEqual(['autonomous', 'interactive', 'mixed', 'autonomous']);
    expect(s[0]?.messages.length).toBeGreaterThanOrEqual(100);
    expect(s[0]?.messages.length).toBeLessThan(125);
    expect(s[3]?.messages.length).toBeGreaterThanOrEqual(2000);
    expect(s[3]?.messages.length).toBeLessThanOrEqual(2030);
    for (const t of s) {
      expect(pairingFaults(t.messages), t.id).toEqual([]);
      checkNeedles(t);
      if (t.messages.length >= 300) expect(new Set(t.facts.map((f) => f.kind)), t.id).toEqual(new Set(FACT_KINDS));
    }
    const quick = deepSuite(6, 1, true);
    expect(new Set(quick.map(harnessOf))).toEqual(new Set(DEEP_STYLES));
    for (const t of quick) {
      expect(t.messages.length, t.id).toBeLessThanOrEqual(430);
      checkNeedles(t);
    }
  });

  it('generate every style and shape for several seeds, and 2,000 messages quickly', () => {
    for (const style of DEEP_STYLES)
      for (const shape of DEEP_SHAPES)
        for (const seed of [1, 2, 3]) {
          const t = generateDeepTranscript({ seed, messages: 120 + seed * 60, shape, style, probe: seed % 2 === 1 });
          expect(t.messages.length, t.id).toBeGreaterThanOrEqual(120 + seed * 60);
          expect(pairingFaults(t.messages), t.id).toEqual([]);
        }
    const start = Date.now();
    for (const style of DEEP_STYLES) {
      const t = generateDeepTranscript({ seed: 21, messages: 2000, shape: 'autonomous', style });
      expect(t.messages.length, t.id).toBeGreaterThanOrEqual(2000);
      checkNeedles(t);
    }
    expect(Date.now() - start).toBeLessThan(20_000);
  });
});
