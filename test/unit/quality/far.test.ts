/**
 * The far transcript family (bench/quality/far.ts): deterministic, each needle's unique token
 * only in its own short episode, tool calls answered in order, every fact kind in larger
 * transcripts, every harness generating in its own format, sizes as asked, probes clean.
 */
import { describe, expect, it } from 'vitest';
import {
  FAR_HARNESSES,
  FAR_SHAPES,
  FAR_STYLES,
  farEpisodes,
  farIsResult,
  farSuite,
  generateFarTranscript,
  type FarStyle,
} from '../../../bench/quality/far';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import type { ChatMessage } from '../../../src/context/types';
import { checkDeterministic, checkNativeCalls, checkTokenEpisodes } from './episodes';

const styleOf = (t: Transcript) => t.id.split('-')[1] as FarStyle;

const cases = FAR_STYLES.flatMap((style, i) =>
  FAR_SHAPES.map((shape, j) =>
    generateFarTranscript({ seed: 50 + i * 3 + j, messages: 140 + 110 * j, shape, style, probe: (i + j) % 2 === 0 }),
  ),
);

function checkNeedles(t: Transcript): void {
  checkTokenEpisodes(t, farEpisodes(t), styleOf(t));
}

describe('far transcripts', () => {
  it('are deterministic per options', () => {
    checkDeterministic(
      (seed) => generateFarTranscript({ seed, messages: 300, shape: 'mixed', style: 'dataeng' }),
      farSuite,
    );
  });

  it('plant each needle, and its unique token, only in its episode', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('answer every tool call, in order, and record every output', () => {
    for (const t of cases) {
      const ids = checkNativeCalls(t);
      if (FAR_HARNESSES[styleOf(t)].protocol !== 'native') expect(ids, t.id).toEqual([]);
    }
    expect(cases.some((t) => t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1))).toBe(true);
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
      else expect(last.role === 'tool' || farIsResult(style, last), t.id).toBe(true);
      const pending = t.facts.filter((f) => f.kind === 'pending').map((f) => f.lastIndex);
      expect(Math.max(...pending), t.id).toBeGreaterThanOrEqual(t.messages.length - 6);
      expect(
        t.facts.some((f) => f.firstIndex <= 3),
        t.id,
      ).toBe(true);
      expect(t.facts.filter((f) => f.firstIndex > t.messages.length / 2).length, t.id).toBeGreaterThan(2);
    }
    expect(cases.some((t) => t.probe)).toBe(true);
    expect(cases.some((t) => !t.probe)).toBe(true);
  });

  it('shape sessions: autonomous runs one request through long turns, the others talk back and forth', () => {
    for (const t of cases) {
      const style = styleOf(t);
      const users = t.messages.filter((m) => m.role === 'user' && !farIsResult(style, m)).length;
      if (t.shape === 'autonomous') expect(users, t.id).toBeLessThanOrEqual(1 + Math.floor(t.messages.length / 120));
      else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 10 : 2);
    }
    const long = generateFarTranscript({ seed: 9, messages: 1500, shape: 'autonomous', style: 'miniswe' });
    const users = long.messages.flatMap((m, i) => (m.role === 'user' && !farIsResult('miniswe', m) ? [i] : []));
    for (const [k, i] of users.entries()) {
      const end = users[k + 1] ?? long.messages.length;
      const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
      // the last turn is cut where the transcript ends
      if (k < users.length - 1) expect(steps, `turn ${k}`).toBeGreaterThanOrEqual(50);
      expect(steps, `turn ${k}`).toBeLessThanOrEqual(320);
    }
  });

  it('write every harness in its own format, with non-English users', () => {
    const all = (style: FarStyle) =>
      cases
        .filter((t) => styleOf(t) === style)
        .flatMap((t) => t.messages.map(messageText))
        .join('\n');
    expect(new Set(cases.map(styleOf))).toEqual(new Set(FAR_STYLES));
    expect(all('miniswe')).toMatch(/^THOUGHT: .*\n\n```bash\n/m);
    expect(all('miniswe')).toMatch(/^<returncode>\d+<\/returncode>\n<output>\n/m);
    expect(all('localcpp')).toMatch(/<tool_call>\n\{"name":"\w+","arguments":\{/);
    expect(all('localcpp')).toMatch(/^<tool_response>\n/m);
    expect(all('citriage')).toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z ##\[group\]/);
    expect(all('citriage')).toContain('\u001b[');
    expect(all('dataeng')).toMatch(/Done\. PASS=\d+ WARN=0 ERROR=\d+/);
    expect(all('android')).toMatch(/BUILD (SUCCESSFUL|FAILED) in \d+s/);
    expect(all('legal')).toMatch(/^docx_(read|redline|create) \{"path":/m);
    expect(all('sheets')).toMatch(/Hola! Necesito /);
    expect(all('laravel')).toMatch(/Hi! Ich möchte /);
    expect(all('mailtriage')).toMatch(/^Message-ID: </m);
    for (const t of cases) {
      const ids = t.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
      const pattern: Partial<Record<FarStyle, RegExp>> = {
        citriage: /^call_\w{24}$/,
        dataeng: /^toolu_01\w{22}$/,
        android: /^tooluse_\w{22}$/,
        legal: /^fc_[0-9a-f]{40}$/,
        sheets: /^\w{9}$/,
        mailtriage: /^call_0_[0-9a-f-]{36}$/,
        laravel: /^toolu_vrtx_01\w{22}$/,
      };
      for (const id of ids) expect(id, t.id).toMatch(pattern[styleOf(t)] ?? /^$/);
    }
  });

  it('come near the requested size, and the suite spans 100 to 2,000 messages', () => {
    const s = farSuite(4, 1, false);
    expect(s.map((t) => t.shape)).toEqual(['autonomous', 'interactive', 'mixed', 'autonomous']);
    expect(s[0]?.messages.length).toBeGreaterThanOrEqual(100);
    expect(s[0]?.messages.length).toBeLessThan(120);
    expect(s[3]?.messages.length).toBeGreaterThanOrEqual(2000);
    expect(s[3]?.messages.length).toBeLessThanOrEqual(2030);
    for (const t of s) {
      expect(pairingFaults(t.messages), t.id).toEqual([]);
      checkNeedles(t);
      const sizes = t.messages.map((m) => messageText(m).length).sort((a, b) => a - b);
      expect(sizes.at(-1) as number, t.id).toBeGreaterThan(10 * (sizes[sizes.length >> 1] as number));
      if (t.messages.length > 500) expect(sizes.at(-1) as number, t.id).toBeGreaterThan(5000);
    }
    const quick = farSuite(9, 1, true);
    expect(new Set(quick.map(styleOf))).toEqual(new Set(FAR_STYLES));
    for (const t of quick) {
      expect(t.messages.length, t.id).toBeLessThanOrEqual(430);
      checkNeedles(t);
    }
  });
});
