/**
 * The dist transcript family (bench/quality/dist.ts): deterministic, each needle's unique token
 * only in its own short episode, tool calls answered in order, every fact kind in larger
 * transcripts, every harness generating in its own format, sizes as asked, probes clean.
 */
import { describe, expect, it } from 'vitest';
import {
  DIST_HARNESSES,
  DIST_SHAPES,
  DIST_STYLES,
  distEpisodes,
  distIsResult,
  distSuite,
  generateDistTranscript,
  type DistStyle,
} from '../../../bench/quality/dist';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import type { ChatMessage } from '../../../src/context/types';
import { checkDeterministic, checkNativeCalls, checkTokenEpisodes } from './episodes';

const styleOf = (t: Transcript) => t.id.split('-')[1] as DistStyle;

const cases = DIST_STYLES.flatMap((style, i) =>
  DIST_SHAPES.map((shape, j) =>
    generateDistTranscript({ seed: 70 + i * 3 + j, messages: 150 + 100 * j, shape, style, probe: (i + j) % 2 === 0 }),
  ),
);

function checkNeedles(t: Transcript): void {
  checkTokenEpisodes(t, distEpisodes(t), styleOf(t));
}

describe('dist transcripts', () => {
  it('are deterministic per options', () => {
    checkDeterministic(
      (seed) => generateDistTranscript({ seed, messages: 300, shape: 'mixed', style: 'bigquery' }),
      distSuite,
    );
  });

  it('plant each needle, and its unique token, only in its episode', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('answer every tool call, in order, and record every output', () => {
    for (const t of cases) {
      const ids = checkNativeCalls(t);
      if (DIST_HARNESSES[styleOf(t)].protocol !== 'native') {
        expect(ids, t.id).toEqual([]);
        // every rendered function_call is answered by the next message
        t.messages.forEach((m, i) => {
          if (m.role !== 'assistant') return;
          const calls = [...(m.content ?? '').matchAll(/"call_id":"(call_\w+)"/g)].map((x) => x[1]);
          if (!calls.length) return;
          const next = t.messages[i + 1] as ChatMessage;
          expect(distIsResult(styleOf(t), next), `${t.id} #${i}`).toBe(true);
          for (const id of calls) expect(next.content, t.id).toContain(`"call_id":"${id}"`);
        });
      }
    }
  });

  it('hold every fact kind, start with the system prompt, end mid-turn or with a clean probe', () => {
    for (const t of cases) {
      const style = styleOf(t);
      if (t.messages.length >= 300) expect(new Set(t.facts.map((f) => f.kind)), t.id).toEqual(new Set(FACT_KINDS));
      expect(t.facts.length, t.id).toBeGreaterThanOrEqual(10);
      expect(t.facts.length, t.id).toBeLessThanOrEqual(40);
      expect(t.messages[0]?.role).toBe('system');
      expect(t.messages[1]?.role).toBe('user');
      const last = t.messages.at(-1) as ChatMessage;
      if (t.probe) expect(last.role, t.id).toBe('assistant');
      else expect(last.role === 'tool' || distIsResult(style, last), t.id).toBe(true);
      const pending = t.facts.filter((f) => f.kind === 'pending').map((f) => f.lastIndex);
      expect(Math.max(...pending), t.id).toBeGreaterThanOrEqual(t.messages.length - 6);
      expect(t.facts[0]?.firstIndex, t.id).toBe(1);
      expect(t.facts.filter((f) => f.firstIndex > t.messages.length / 2).length, t.id).toBeGreaterThan(2);
    }
    expect(cases.some((t) => t.probe)).toBe(true);
    expect(cases.some((t) => !t.probe)).toBe(true);
  });

  it('shape sessions: autonomous runs one request through long turns, the others talk back and forth', () => {
    for (const t of cases) {
      const style = styleOf(t);
      const users = t.messages.filter((m) => m.role === 'user' && !distIsResult(style, m)).length;
      if (t.shape === 'autonomous') expect(users, t.id).toBeLessThanOrEqual(1 + Math.floor(t.messages.length / 120));
      else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 10 : 2);
    }
    const long = generateDistTranscript({ seed: 9, messages: 1500, shape: 'autonomous', style: 'nomad' });
    const users = long.messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
    for (const [k, i] of users.entries()) {
      const end = users[k + 1] ?? long.messages.length;
      const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
      if (k < users.length - 1) expect(steps, `turn ${k}`).toBeGreaterThanOrEqual(50);
      expect(steps, `turn ${k}`).toBeLessThanOrEqual(320);
    }
  });

  it('write every harness in its own format, with non-English users', () => {
    const all = (style: DistStyle) =>
      cases
        .filter((t) => styleOf(t) === style)
        .flatMap((t) => t.messages.map(messageText))
        .join('\n');
    expect(new Set(cases.map(styleOf))).toEqual(new Set(DIST_STYLES));
    expect(all('pentest')).toMatch(/^\{"ok":(true|false),"exit":\d+,"ms":\d+,"stdout":/m);
    expect(all('bioinf')).toMatch(/process > NFCORE_RNASEQ:RNASEQ:\w+ \(\w+\) \[ *\d+%\] \d+ of \d+/);
    expect(all('rails')).toMatch(/INFO -- : \[[0-9a-f-]{36}\] Started (POST|GET)/);
    expect(all('rails')).toMatch(/^Oi! Preciso que você /m);
    expect(all('phoenix')).toMatch(/^fs__\w+ \{"path":/m);
    expect(all('phoenix')).toMatch(/^Salut ! J'aimerais que tu /m);
    expect(all('bigquery')).toMatch(/Query complete \(\d+\.\ds elapsed, [\d.]+ [MG]B processed\)\n\+-+\+/);
    expect(all('ios')).toMatch(/\*\* (BUILD|TEST) SUCCEEDED \*\*/);
    expect(all('ios')).toMatch(/^こんにちは。/m);
    expect(all('nomad')).toMatch(/^Allocations\nID +Node ID +Task Group/m);
    expect(all('evals')).toMatch(/^\{"type":"function_call_output","call_id":"call_\w{24}","output":/m);
    expect(all('pentest') + all('phoenix')).toContain('\u001b[');
    const pattern: Record<DistStyle, RegExp> = {
      pentest: /^toolu_bdrk_01\w{22}$/,
      bioinf: /^call_\w{24}$/,
      rails: /^call_\w{24}$/,
      phoenix: /^toolu_01\w{22}$/,
      bigquery: /^call_\w{24}$/,
      ios: /^toolu_01\w{22}$/,
      nomad: /^call_[0-9a-f]{24}$/,
      evals: /^$/,
    };
    for (const t of cases)
      for (const m of t.messages) for (const c of m.tool_calls ?? []) expect(c.id, t.id).toMatch(pattern[styleOf(t)]);
    expect(cases.some((t) => t.messages.some((m) => messageText(m).length > 20_000))).toBe(true);
  });

  it('come near the requested size, and the suite spans 100 to 2,000 messages', () => {
    const s = distSuite(4, 1, false);
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
    const quick = distSuite(8, 1, true);
    expect(new Set(quick.map(styleOf))).toEqual(new Set(DIST_STYLES));
    for (const t of quick) {
      expect(t.messages.length, t.id).toBeLessThanOrEqual(430);
      checkNeedles(t);
    }
  });
});
