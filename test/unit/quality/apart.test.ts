/**
 * The apart transcript family (bench/quality/apart.ts): deterministic, each needle's unique token
 * only in its own short episode, every call answered once (native tool messages in order, text
 * protocols by the next message with one result per call), every fact kind in larger transcripts,
 * every harness in its own format and user language, sizes as asked, probes clean.
 */
import { describe, expect, it } from 'vitest';
import {
  APART_HARNESSES,
  APART_SHAPES,
  APART_STYLES,
  apartEpisodes,
  apartIsResult,
  apartSuite,
  generateApartTranscript,
  type ApartStyle,
} from '../../../bench/quality/apart';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import type { ChatMessage } from '../../../src/context/types';
import { checkDeterministic, checkNativeCalls, checkTokenEpisodes } from './episodes';

const harnessOf = (t: Transcript) => t.id.split('-')[1] as ApartStyle;

const cases = APART_STYLES.flatMap((style, i) =>
  APART_SHAPES.map((shape, j) =>
    generateApartTranscript({ seed: 60 + i * 3 + j, messages: 150 + 100 * j, shape, style, probe: (i + j) % 2 === 0 }),
  ),
);

function checkNeedles(t: Transcript): void {
  checkTokenEpisodes(t, apartEpisodes(t), harnessOf(t));
}

const count = (re: RegExp | undefined, s: string | null | undefined) => (re ? ((s ?? '').match(re)?.length ?? 0) : 0);

describe('apart transcripts', () => {
  it('are deterministic per options', () => {
    checkDeterministic(
      (seed) => generateApartTranscript({ seed, messages: 300, shape: 'mixed', style: 'codex' }),
      apartSuite,
    );
  });

  it('plant each needle, and its unique token, only in its episode', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('answer every tool call once, in order, and record every output', () => {
    for (const t of cases) {
      const style = harnessOf(t);
      const h = APART_HARNESSES[style];
      const ids = checkNativeCalls(t);
      if (h.protocol === 'native') {
        expect(ids.length, t.id).toBeGreaterThan(10);
        continue;
      }
      expect(ids, t.id).toEqual([]);
      let steps = 0;
      t.messages.forEach((m, i) => {
        if (m.role === 'user' && !apartIsResult(style, m))
          expect(count(h.resultMark, m.content), `${t.id} #${i}`).toBe(0);
        if (m.role !== 'assistant') return;
        const calls = count(h.callMark, m.content);
        const next = t.messages[i + 1];
        if (!calls) {
          expect(next === undefined || !apartIsResult(style, next), `${t.id} #${i}`).toBe(true);
          return;
        }
        steps++;
        expect(next && apartIsResult(style, next), `${t.id} #${i}`).toBe(true);
        expect(count(h.resultMark, next?.content), `${t.id} #${i}`).toBe(calls);
      });
      expect(steps, t.id).toBeGreaterThan(10);
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
      else expect(last.role === 'tool' || apartIsResult(style, last), t.id).toBe(true);
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
      const users = t.messages.filter((m) => m.role === 'user' && !apartIsResult(style, m)).length;
      if (t.shape === 'autonomous') expect(users, t.id).toBeLessThanOrEqual(1 + Math.floor(t.messages.length / 120));
      else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 10 : 2);
    }
    const long = generateApartTranscript({ seed: 11, messages: 1500, shape: 'autonomous', style: 'openhands' });
    const users = long.messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
    expect(users.length).toBeGreaterThan(1);
    for (const [k, i] of users.entries()) {
      const end = users[k + 1] ?? long.messages.length;
      const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
      if (k < users.length - 1) expect(steps, `turn ${k}`).toBeGreaterThanOrEqual(50);
      expect(steps, `turn ${k}`).toBeLessThanOrEqual(320);
    }
    const parallel = cases.filter((t) => t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1));
    expect(new Set(parallel.map(harnessOf))).toEqual(new Set(['openhands', 'codex']));
    // Aider puts edits and a command in one message, answered together
    expect(
      cases.some(
        (t) => harnessOf(t) === 'aider' && t.messages.some((m) => count(APART_HARNESSES.aider.callMark, m.content) > 1),
      ),
    ).toBe(true);
  });

  it('write every harness in its own format, with non-English users', () => {
    const all = (style: ApartStyle) =>
      cases
        .filter((t) => harnessOf(t) === style)
        .flatMap((t) => t.messages.map(messageText))
        .join('\n');
    expect(new Set(cases.map(harnessOf))).toEqual(new Set(APART_STYLES));
    expect(all('aider')).toMatch(/^<<<<<<< SEARCH\n[^]*?\n=======\n[^]*?\n>>>>>>> REPLACE$/m);
    expect(all('aider')).toMatch(/^I ran this command:\n\nzig build[^\n]*\n\nAnd got this output:\n/m);
    expect(all('aider')).toMatch(/Build Summary: \d+\/\d+ steps succeeded/);
    expect(all('aider')).toMatch(/^שלום! הפרויקט הוא kestrel/m);
    expect(all('gemma')).toMatch(/^```tool_code\nprint\(\w+\(\w+=/m);
    expect(all('gemma')).toMatch(/^```tool_outputs\n/m);
    expect(all('gemma')).toMatch(/Build completed successfully\./);
    expect(all('gemma')).toMatch(/^สวัสดีครับ /m);
    expect(all('dspy')).toMatch(/^\[\[ ## next_tool_args ## \]\]\n\{"/m);
    expect(all('dspy')).toMatch(/^\[\[ ## observation_\d+ ## \]\]\n/m);
    expect(all('dspy')).toMatch(/\[ FAIL \d+ \| WARN \d+ \| SKIP \d+ \| PASS \d+ \]/);
    expect(all('openhands')).toMatch(/\[The command completed with exit code \d+\.\]\n\[Current working directory: /);
    expect(all('openhands')).toMatch(/Summary: \d+ packages? finished/);
    expect(all('openhands')).toMatch(/^Hej! Workspacet ligger/m);
    expect(all('codex')).toMatch(/"command":\["bash","-lc",/);
    expect(all('codex')).toMatch(/\{"output":".*","metadata":\{"exit_code":\d+,"duration_seconds":[\d.]+\}\}/);
    expect(all('codex')).toMatch(/\d+ Warning\(s\)\\n {4}\d+ Error\(s\)/);
    expect(all('internlm')).toMatch(/<\|action_start\|><\|plugin\|>\n\{"name":"\w+","parameters":\{/);
    expect(all('internlm')).toMatch(/^environment name=<\|plugin\|>\n/m);
    expect(all('internlm')).toMatch(/NOTE: Tasks Summary: Attempted \d+ tasks/);
    expect(all('internlm')).toMatch(/^Salut! Lucrăm pe Yocto/m);
    const pattern: Record<ApartStyle, RegExp> = {
      aider: /^$/,
      gemma: /^$/,
      dspy: /^$/,
      openhands: /^toolu_bdrk_01\w{22}$/,
      codex: /^call_\w{24}$/,
      internlm: /^$/,
    };
    for (const t of cases)
      for (const m of t.messages) for (const c of m.tool_calls ?? []) expect(c.id, t.id).toMatch(pattern[harnessOf(t)]);
    const sizes = cases.flatMap((t) => t.messages.map((m) => messageText(m).length));
    expect(sizes.some((n) => n > 20_000)).toBe(true);
    expect(sizes.filter((n) => n > 8_000).length).toBeGreaterThan(10);
  });

  it('come near the requested size, and the suite spans 100 to 2,000 messages', () => {
    const s = apartSuite(4, 1, false);
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
    const quick = apartSuite(6, 1, true);
    expect(new Set(quick.map(harnessOf))).toEqual(new Set(APART_STYLES));
    for (const t of quick) {
      expect(t.messages.length, t.id).toBeLessThanOrEqual(430);
      checkNeedles(t);
    }
  });
});
