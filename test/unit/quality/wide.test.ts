/**
 * The wide transcript family (bench/quality/wide.ts): deterministic, each needle's unique token
 * only in its own short episode, tool calls answered in order, every fact kind in larger
 * transcripts, every harness generating in its own format, sizes as asked, probes clean.
 */
import { describe, expect, it } from 'vitest';
import {
  WIDE_HARNESSES,
  WIDE_SHAPES,
  WIDE_STYLES,
  generateWideTranscript,
  wideEpisodes,
  wideIsResult,
  wideSuite,
  type WideStyle,
} from '../../../bench/quality/wide';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import type { ChatMessage } from '../../../src/context/types';
import { checkDeterministic, checkNativeCalls, checkTokenEpisodes } from './episodes';

const harnessOf = (t: Transcript) => t.id.split('-')[1] as WideStyle;

const cases = WIDE_STYLES.flatMap((style, i) =>
  WIDE_SHAPES.map((shape, j) =>
    generateWideTranscript({ seed: 40 + i * 3 + j, messages: 150 + 100 * j, shape, style, probe: (i + j) % 2 === 0 }),
  ),
);

function checkNeedles(t: Transcript): void {
  checkTokenEpisodes(t, wideEpisodes(t), harnessOf(t));
}

describe('wide transcripts', () => {
  it('are deterministic per options', () => {
    checkDeterministic(
      (seed) => generateWideTranscript({ seed, messages: 300, shape: 'mixed', style: 'argo' }),
      wideSuite,
    );
  });

  it('plant each needle, and its unique token, only in its episode', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('answer every tool call, in order, and record every output', () => {
    for (const t of cases) {
      const ids = checkNativeCalls(t);
      if (WIDE_HARNESSES[harnessOf(t)].protocol === 'text') {
        expect(ids, t.id).toEqual([]);
        // every assistant message that writes calls is answered by the next message, one result per call
        t.messages.forEach((m, i) => {
          if (m.role !== 'assistant') return;
          const calls = (m.content ?? '').match(/^(<execute>|<edit path=|```tool)/gm)?.length ?? 0;
          const next = t.messages[i + 1];
          if (!calls) {
            expect(next === undefined || !wideIsResult(harnessOf(t), next), `${t.id} #${i}`).toBe(true);
            return;
          }
          expect(next && wideIsResult(harnessOf(t), next), `${t.id} #${i}`).toBe(true);
          const results = (next?.content ?? '').match(/^(<result exit=|Output of \w+:)/gm)?.length ?? 0;
          expect(results, `${t.id} #${i}`).toBe(calls);
        });
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
      else expect(last.role === 'tool' || wideIsResult(style, last), t.id).toBe(true);
      const pending = t.facts.filter((f) => f.kind === 'pending').map((f) => f.lastIndex);
      expect(Math.max(...pending), t.id).toBeGreaterThanOrEqual(t.messages.length - 6);
      expect(t.facts[0]?.firstIndex, t.id).toBe(1);
      expect(t.facts.filter((f) => f.firstIndex > t.messages.length / 2).length, t.id).toBeGreaterThan(2);
      const hows = new Set(t.facts.map((f) => f.style.split('/')[1]?.split('-')[0]));
      expect(hows.has('tool') && hows.has('agent') && hows.has('user'), t.id).toBe(true);
    }
    expect(cases.some((t) => t.probe)).toBe(true);
    expect(cases.some((t) => !t.probe)).toBe(true);
  });

  it('shape sessions: autonomous runs one request through long turns, the others talk back and forth', () => {
    for (const t of cases) {
      const style = harnessOf(t);
      const users = t.messages.filter((m) => m.role === 'user' && !wideIsResult(style, m)).length;
      if (t.shape === 'autonomous') expect(users, t.id).toBeLessThanOrEqual(1 + Math.floor(t.messages.length / 120));
      else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 10 : 2);
    }
    const long = generateWideTranscript({ seed: 9, messages: 1500, shape: 'autonomous', style: 'unity' });
    const users = long.messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
    expect(users.length).toBeGreaterThan(1);
    for (const [k, i] of users.entries()) {
      const end = users[k + 1] ?? long.messages.length;
      const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
      if (k < users.length - 1) expect(steps, `turn ${k}`).toBeGreaterThanOrEqual(50);
      expect(steps, `turn ${k}`).toBeLessThanOrEqual(320);
    }
    const parallel = cases.filter((t) => t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1));
    expect(new Set(parallel.map(harnessOf))).toEqual(new Set(['swarm', 'argo', 'bazel', 'unity']));
  });

  it('write every harness in its own format, with non-English users', () => {
    const all = (style: WideStyle) =>
      cases
        .filter((t) => harnessOf(t) === style)
        .flatMap((t) => t.messages.map(messageText))
        .join('\n');
    expect(new Set(cases.map(harnessOf))).toEqual(new Set(WIDE_STYLES));
    expect(all('swarm')).toMatch(/^\{"assistant":"(OCaml Engineer|Reviewer|Triage Agent)"\}$/m);
    expect(all('swarm')).toMatch(/Test Successful in 0\.\d+s\. \d+ tests run\./);
    expect(all('slurm')).toMatch(/^<execute>\n.+\n<\/execute>$/m);
    expect(all('slurm')).toMatch(/^<result exit="\d+">$/m);
    expect(all('argo')).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE$/m);
    expect(all('argo')).toMatch(/Merhaba! Bugünkü iş şu: /);
    expect(all('bazel')).toMatch(/INFO: Build completed successfully, \d+ total actions/);
    expect(all('bazel')).toMatch(/^Hoi! Ik wil graag /m);
    expect(all('hass')).toMatch(/^```tool\n\{"name":"\w+","arguments":\{/m);
    expect(all('hass')).toMatch(/^Output of \w+:\n/m);
    expect(all('hass')).toMatch(/^你好！我想/m);
    expect(all('unity')).toMatch(/Batchmode quit successfully invoked - shutting down!/);
    const pattern: Record<WideStyle, RegExp> = {
      swarm: /^call_\w{24}$/,
      slurm: /^$/,
      argo: /^tooluse_\w{22}$/,
      bazel: /^toolu_vrtx_01\w{22}$/,
      hass: /^$/,
      unity: /^toolu_01\w{22}$/,
    };
    for (const t of cases)
      for (const m of t.messages) for (const c of m.tool_calls ?? []) expect(c.id, t.id).toMatch(pattern[harnessOf(t)]);
    expect(cases.some((t) => t.messages.some((m) => messageText(m).length > 20_000))).toBe(true);
  });

  it('come near the requested size, and the suite spans 100 to 2,000 messages', () => {
    const s = wideSuite(4, 1, false);
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
    const quick = wideSuite(6, 1, true);
    expect(new Set(quick.map(harnessOf))).toEqual(new Set(WIDE_STYLES));
    for (const t of quick) {
      expect(t.messages.length, t.id).toBeLessThanOrEqual(430);
      checkNeedles(t);
    }
  });
});
