/**
 * The stray transcript family (bench/quality/stray.ts): deterministic, each needle's unique token
 * only in its own short episode, tool calls answered in order (native and text protocols), every
 * fact kind in larger transcripts, every harness generating in its own format, sizes as asked,
 * probes clean, long transcripts fast.
 */
import { describe, expect, it } from 'vitest';
import {
  STRAY_HARNESSES,
  STRAY_SHAPES,
  STRAY_STYLES,
  generateStrayTranscript,
  strayEpisodes,
  strayIsResult,
  straySuite,
  type StrayStyle,
} from '../../../bench/quality/stray';
import { factSpans, keptFacts, messageText, pairingFaults } from '../../../bench/quality/render';
import { Rng } from '../../../bench/quality/rng';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import type { ChatMessage } from '../../../src/context/types';
import { checkDeterministic, checkNativeCalls, checkTokenEpisodes } from './episodes';

const harnessOf = (t: Transcript) => t.id.split('-')[1] as StrayStyle;

const cases = STRAY_STYLES.flatMap((style, i) =>
  STRAY_SHAPES.map((shape, j) =>
    generateStrayTranscript({ seed: 70 + i * 3 + j, messages: 150 + 100 * j, shape, style, probe: (i + j) % 2 === 0 }),
  ),
);

function checkNeedles(t: Transcript): void {
  checkTokenEpisodes(t, strayEpisodes(t), harnessOf(t));
  // each needle is in its first message and nowhere outside [first, last]
  const texts = t.messages.map(messageText);
  for (const f of t.facts) {
    expect(keptFacts(texts[f.firstIndex] ?? '', [f]), `${t.id}: ${f.needle}`).toEqual([true]);
    const spans = factSpans(t.messages, [f.needle]);
    expect(spans[0], `${t.id}: ${f.needle}`).toEqual({ first: f.firstIndex, last: f.lastIndex });
    expect(f.lastIndex - f.firstIndex, `${t.id}: ${f.needle}`).toBeLessThanOrEqual(12);
  }
}

describe('stray transcripts', () => {
  it('are deterministic per options', () => {
    checkDeterministic(
      (seed) => generateStrayTranscript({ seed, messages: 300, shape: 'mixed', style: 'dba' }),
      straySuite,
    );
    for (const style of STRAY_STYLES) {
      const a = generateStrayTranscript({ seed: 3, messages: 200, shape: 'interactive', style });
      const b = generateStrayTranscript({ seed: 3, messages: 200, shape: 'interactive', style });
      expect(JSON.stringify(a.messages), style).toBe(JSON.stringify(b.messages));
      expect(a.facts, style).toEqual(b.facts);
    }
  });

  it('plant each needle, and its unique token, only in its episode', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('answer every tool call, in order, and record every output', () => {
    for (const t of cases) {
      const ids = checkNativeCalls(t);
      const h = STRAY_HARNESSES[harnessOf(t)];
      if (h.protocol === 'text') {
        expect(ids, t.id).toEqual([]);
        let steps = 0;
        t.messages.forEach((m, i) => {
          if (m.role !== 'assistant') return;
          const calls = (m.content ?? '').match(h.callMark as RegExp)?.length ?? 0;
          const next = t.messages[i + 1];
          if (!calls) {
            expect(next === undefined || !strayIsResult(harnessOf(t), next), `${t.id} #${i}`).toBe(true);
            return;
          }
          steps++;
          expect(next && strayIsResult(harnessOf(t), next), `${t.id} #${i}`).toBe(true);
          const results = (next?.content ?? '').match(h.resultMark as RegExp)?.length ?? 0;
          expect(results, `${t.id} #${i}`).toBe(calls);
        });
        expect(steps, t.id).toBeGreaterThan(10);
      } else expect(ids.length, t.id).toBeGreaterThan(10);
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
      else expect(last.role === 'tool' || strayIsResult(style, last), t.id).toBe(true);
      const pending = t.facts.filter((f) => f.kind === 'pending').map((f) => f.lastIndex);
      expect(Math.max(...pending), t.id).toBeGreaterThanOrEqual(t.messages.length - 6);
      expect(t.facts[0]?.firstIndex, t.id).toBe(1);
      expect(t.facts.filter((f) => f.firstIndex > t.messages.length / 2).length, t.id).toBeGreaterThan(2);
      const hows = new Set(t.facts.map((f) => f.style.split('/')[1]?.split('-')[0]));
      expect(hows.has('tool') && hows.has('agent'), t.id).toBe(true);
      if (t.shape !== 'autonomous') expect(hows.has('user'), t.id).toBe(true);
    }
    expect(cases.some((t) => t.probe)).toBe(true);
    expect(cases.some((t) => !t.probe)).toBe(true);
  });

  it('shape sessions: autonomous runs one request through long turns, the others talk back and forth', () => {
    for (const t of cases) {
      const style = harnessOf(t);
      const users = t.messages.filter((m) => m.role === 'user' && !strayIsResult(style, m)).length;
      if (t.shape === 'autonomous') expect(users, t.id).toBeLessThanOrEqual(1 + Math.floor(t.messages.length / 120));
      else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 10 : 2);
    }
    for (const style of ['mistral', 'metagpt'] as const) {
      const long = generateStrayTranscript({ seed: 9, messages: 1500, shape: 'autonomous', style });
      const users = long.messages.flatMap((m, i) => (m.role === 'user' && !strayIsResult(style, m) ? [i] : []));
      expect(users.length, style).toBeGreaterThan(1);
      for (const [k, i] of users.entries()) {
        const end = users[k + 1] ?? long.messages.length;
        const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
        if (k < users.length - 1) expect(steps, `${style} turn ${k}`).toBeGreaterThanOrEqual(50);
        expect(steps, `${style} turn ${k}`).toBeLessThanOrEqual(320);
      }
    }
    const parallel = cases.filter((t) => t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1));
    expect(new Set(parallel.map(harnessOf))).toEqual(new Set(['devin', 'metagpt', 'dba', 'jules']));
    const named = cases.filter((t) => t.messages.some((m) => m.role === 'assistant' && m.name));
    expect(new Set(named.map(harnessOf))).toEqual(new Set(['metagpt']));
  });

  it('write every harness in its own format, with non-English users', () => {
    const all = (style: StrayStyle) =>
      cases
        .filter((t) => harnessOf(t) === style)
        .flatMap((t) => t.messages.map(messageText))
        .join('\n');
    expect(new Set(cases.map(harnessOf))).toEqual(new Set(STRAY_STYLES));
    expect(all('qwen')).toMatch(/^✿FUNCTION✿: \w+\n✿ARGS✿: \{/m);
    expect(all('qwen')).toMatch(/^✿RETURN✿: /m);
    expect(all('qwen')).toMatch(/[а-яё]{4,}/);
    expect(all('mistral')).toMatch(/\[TOOL_CALLS\] \[\{"name": "\w+", "arguments": \{/);
    expect(all('mistral')).toMatch(/\[TOOL_RESULTS\] \{"content": ".*", "call_id": "\w{9}"\}\[\/TOOL_RESULTS\]/);
    expect(all('mistral')).toMatch(/ och |Fortsätt|Hej/);
    expect(all('invoke')).toMatch(/^<function_calls>\n<invoke name="\w+">\n<parameter name="\w+">/m);
    expect(all('invoke')).toMatch(/^<function_results>\n<(result|error)>/m);
    expect(all('invoke')).toMatch(/[ěščřžůý]/);
    expect(all('devin')).toMatch(/\[success\] Total time: \d+ s/);
    expect(all('metagpt')).toMatch(/Godot Engine v4\.2\.2\.stable/);
    expect(all('metagpt')).toMatch(/[іїєґ]/);
    expect(all('dba')).toMatch(/^\(\d+ rows?\)$/m);
    expect(all('dba')).toMatch(/\b(dan|tidak|yang|saya)\b/);
    expect(all('jules')).toMatch(/Test Summary: /);
    expect(all('jules')).toMatch(/[ạảấầẩậắằẳặẹẻếềểệỉịọỏốồổộớờởợụủứừửựỳỷỹđ]/);
    const pattern: Record<StrayStyle, RegExp> = {
      qwen: /^$/,
      mistral: /^$/,
      invoke: /^$/,
      devin: /^call_\w{24}$/,
      metagpt: /^call_0_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      dba: /^chatcmpl-tool-[0-9a-f]{32}$/,
      jules: /^fn_[0-9a-f]{16}$/,
    };
    for (const t of cases)
      for (const m of t.messages) for (const c of m.tool_calls ?? []) expect(c.id, t.id).toMatch(pattern[harnessOf(t)]);
    expect(cases.some((t) => t.messages.some((m) => messageText(m).length > 20_000))).toBe(true);
    for (const style of STRAY_STYLES) {
      const h = STRAY_HARNESSES[style];
      const step = h.big(new Rng(17));
      expect(
        step.calls.reduce((n, c) => n + c.output.length, 0),
        style,
      ).toBeGreaterThan(20_000);
    }
  });

  it('every style and shape generates for several seeds', () => {
    for (const style of STRAY_STYLES)
      for (const shape of STRAY_SHAPES)
        for (const seed of [1, 2, 3]) {
          const t = generateStrayTranscript({ seed, messages: 120 + seed * 60, shape, style, probe: seed !== 2 });
          expect(pairingFaults(t.messages), t.id).toEqual([]);
          expect(t.messages.length, t.id).toBeGreaterThanOrEqual(120 + seed * 60);
        }
  });

  it('come near the requested size, and the suite spans 100 to 2,000 messages', () => {
    const started = Date.now();
    const s = straySuite(4, 1, false);
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
    for (const style of STRAY_STYLES) {
      const t = generateStrayTranscript({ seed: 11, messages: 2000, shape: 'mixed', style });
      expect(t.messages.length, style).toBeGreaterThanOrEqual(2000);
      checkNeedles(t);
    }
    expect(Date.now() - started).toBeLessThan(30_000);
    const quick = straySuite(7, 1, true);
    expect(new Set(quick.map(harnessOf))).toEqual(new Set(STRAY_STYLES));
    for (const t of quick) {
      expect(t.messages.length, t.id).toBeLessThanOrEqual(430);
      checkNeedles(t);
    }
  });
});
