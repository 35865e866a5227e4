/**
 * The edge transcript family (bench/quality/edge.ts): deterministic, each needle's unique token
 * only in its own short episode, every call answered once (native tool messages in order, text
 * protocols by the next message with one result per call), every fact kind in larger transcripts,
 * every harness in its own format and user language, sizes as asked, probes clean.
 */
import { describe, expect, it } from 'vitest';
import {
  EDGE_HARNESSES,
  EDGE_SHAPES,
  EDGE_STYLES,
  edgeEpisodes,
  edgeIsResult,
  edgeSuite,
  generateEdgeTranscript,
  type EdgeStyle,
} from '../../../bench/quality/edge';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import type { ChatMessage } from '../../../src/context/types';
import { checkDeterministic, checkNativeCalls, checkTokenEpisodes } from './episodes';

const harnessOf = (t: Transcript) => t.id.split('-')[1] as EdgeStyle;

const cases = EDGE_STYLES.flatMap((style, i) =>
  EDGE_SHAPES.map((shape, j) =>
    generateEdgeTranscript({ seed: 60 + i * 3 + j, messages: 150 + 100 * j, shape, style, probe: (i + j) % 2 === 0 }),
  ),
);

function checkNeedles(t: Transcript): void {
  checkTokenEpisodes(t, edgeEpisodes(t), harnessOf(t));
}

const count = (re: RegExp | undefined, s: string | null | undefined) => (re ? ((s ?? '').match(re)?.length ?? 0) : 0);

describe('edge transcripts', () => {
  it('are deterministic per options', () => {
    checkDeterministic(
      (seed) => generateEdgeTranscript({ seed, messages: 300, shape: 'mixed', style: 'kimi' }),
      edgeSuite,
    );
  });

  it('plant each needle, and its unique token, only in its episode', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('answer every tool call once, in order, and record every output', () => {
    for (const t of cases) {
      const style = harnessOf(t);
      const h = EDGE_HARNESSES[style];
      const ids = checkNativeCalls(t);
      if (h.protocol === 'native') {
        expect(ids.length, t.id).toBeGreaterThan(10);
        continue;
      }
      expect(ids, t.id).toEqual([]);
      let steps = 0;
      t.messages.forEach((m, i) => {
        if (m.role === 'user' && !edgeIsResult(style, m))
          expect(count(h.resultMark, m.content), `${t.id} #${i}`).toBe(0);
        if (m.role !== 'assistant') return;
        const calls = count(h.callMark, m.content);
        const next = t.messages[i + 1];
        if (!calls) {
          expect(next === undefined || !edgeIsResult(style, next), `${t.id} #${i}`).toBe(true);
          return;
        }
        steps++;
        expect(next && edgeIsResult(style, next), `${t.id} #${i}`).toBe(true);
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
      else expect(last.role === 'tool' || edgeIsResult(style, last), t.id).toBe(true);
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
      const users = t.messages.filter((m) => m.role === 'user' && !edgeIsResult(style, m)).length;
      if (t.shape === 'autonomous') expect(users, t.id).toBeLessThanOrEqual(1 + Math.floor(t.messages.length / 120));
      else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 10 : 2);
    }
    const long = generateEdgeTranscript({ seed: 11, messages: 1500, shape: 'autonomous', style: 'claude' });
    const users = long.messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
    expect(users.length).toBeGreaterThan(1);
    for (const [k, i] of users.entries()) {
      const end = users[k + 1] ?? long.messages.length;
      const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
      if (k < users.length - 1) expect(steps, `turn ${k}`).toBeGreaterThanOrEqual(50);
      expect(steps, `turn ${k}`).toBeLessThanOrEqual(320);
    }
    const parallel = cases.filter((t) => t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1));
    expect(new Set(parallel.map(harnessOf))).toEqual(new Set(['claude', 'cascade']));
    // Kimi, Granite and Functionary write several calls in one message, answered together; Llama one at a time
    const several = (style: EdgeStyle) =>
      cases.some(
        (t) => harnessOf(t) === style && t.messages.some((m) => count(EDGE_HARNESSES[style].callMark, m.content) > 1),
      );
    expect(several('kimi') && several('granite') && several('functionary')).toBe(true);
    expect(several('llama')).toBe(false);
  });

  it('write every harness in its own format, with non-English users', () => {
    const all = (style: EdgeStyle) =>
      cases
        .filter((t) => harnessOf(t) === style)
        .flatMap((t) => t.messages.map(messageText))
        .join('\n');
    expect(new Set(cases.map(harnessOf))).toEqual(new Set(EDGE_STYLES));
    expect(all('llama')).toMatch(/^<\|python_tag\|>\{"name":"\w+","parameters":\{[^\n]*\}<\|eom_id\|>$/m);
    expect(all('llama')).toMatch(/^<\|start_header_id\|>ipython<\|end_header_id\|>\n\n/m);
    expect(all('llama')).toMatch(/\[SuccessX\]\n {3}Success: {2}tsuki built successfully/);
    expect(all('llama')).toMatch(/^こんにちは。tsuki は Nim 2\.0/m);
    expect(all('kimi')).toMatch(
      /^<\|tool_calls_section_begin\|>\n<\|tool_call_begin\|>functions\.\w+:0<\|tool_call_argument_begin\|>\{/m,
    );
    expect(all('kimi')).toMatch(/^## Return of functions\.\w+:\d+\n/m);
    expect(all('kimi')).toMatch(/Phase 3 of 3: flow analysis and proof \.\.\./);
    expect(all('kimi')).toMatch(/^Bonjour ! Le dépôt est ~\/dev\/balise/m);
    expect(all('granite')).toMatch(/^<\|tool_call\|>\[\{"name": "\w+", "arguments": \{/m);
    expect(all('granite')).toMatch(/^<\|start_of_role\|>tool_response<\|end_of_role\|>/m);
    expect(all('granite')).toMatch(/(OK \(\d+ tests, \d+ assertions\)|FAILURES!\nTests: \d+)/);
    expect(all('granite')).toMatch(/^Oi! O projeto é ~\/projetos\/reservas/m);
    expect(all('functionary')).toMatch(/^<\|from\|>assistant\n<\|recipient\|>(?!all\n)\w+\n<\|content\|>\{"/m);
    expect(all('functionary')).toMatch(/^<\|from\|>\w+\n<\|recipient\|>all\n<\|content\|>/m);
    expect(all('functionary')).toMatch(/\d+ examples, \d+ failures, 0 errors, \d+ pending/);
    expect(all('functionary')).toMatch(/^سلام! پروژه anbar/m);
    expect(all('claude')).toMatch(/^ {5}1→/m);
    expect(all('claude')).toMatch(/^Todos have been modified successfully\./m);
    expect(all('claude')).toMatch(/TEST RUN (PASSED|FAILED)\n\nDuration: \d+ ms/);
    expect(all('claude')).toMatch(/^Hei! Repoet er ~\/kode\/tidevann/m);
    expect(all('cascade')).toMatch(/"CommandLine":"[^"]+","Cwd":"\/home\/dev\/work\/harbour","Blocking":true/);
    expect(all('cascade')).toMatch(/^Command (completed|failed) with exit code \d+\.\nOutput:\n/m);
    expect(all('cascade')).toMatch(/^ {3}Compiled in [\d.]+s$/m);
    expect(all('cascade')).toMatch(/^Hi Cascade\. This is harbour/m);
    const pattern: Record<EdgeStyle, RegExp> = {
      llama: /^$/,
      kimi: /^$/,
      granite: /^$/,
      functionary: /^$/,
      claude: /^toolu_01[A-Za-z0-9]{22}$/,
      cascade: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    };
    for (const t of cases)
      for (const m of t.messages) for (const c of m.tool_calls ?? []) expect(c.id, t.id).toMatch(pattern[harnessOf(t)]);
    const sizes = cases.flatMap((t) => t.messages.map((m) => messageText(m).length));
    expect(sizes.some((n) => n > 20_000)).toBe(true);
    expect(sizes.filter((n) => n > 8_000).length).toBeGreaterThan(10);
  });

  it('come near the requested size, and the suite spans 100 to 2,000 messages', () => {
    const s = edgeSuite(4, 1, false);
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
    const quick = edgeSuite(6, 1, true);
    expect(new Set(quick.map(harnessOf))).toEqual(new Set(EDGE_STYLES));
    for (const t of quick) {
      expect(t.messages.length, t.id).toBeLessThanOrEqual(430);
      checkNeedles(t);
    }
  });
});
