/**
 * The novel transcript family (bench/quality/novel.ts): deterministic, each needle (and its
 * unique token) only in its own episode, tool calls answered in order, every fact kind, every
 * harness in its own format, every ecosystem's failure naming its needle before its last line,
 * sizes as asked.
 */
import { describe, expect, it } from 'vitest';
import { fail, NOVEL_ECOS } from '../../../bench/quality/novel-ecos';
import {
  generateNovelTranscript,
  NOVEL_HARNESSES,
  NOVEL_SHAPES,
  NOVEL_STYLES,
  novelEpisodes,
  novelSuite,
  type NovelStyle,
} from '../../../bench/quality/novel';
import { Mint } from '../../../bench/quality/novel-words';
import { factSpans, messageText, pairingFaults } from '../../../bench/quality/render';
import { Rng } from '../../../bench/quality/rng';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import type { ChatMessage } from '../../../src/context/types';

const cases = NOVEL_STYLES.flatMap((style, i) =>
  NOVEL_SHAPES.map((shape, j) =>
    generateNovelTranscript({ seed: 31 + i * 3 + j, messages: 120 + 90 * j, shape, style, probe: (i + j) % 2 === 0 }),
  ),
);

const styleOf = (t: Transcript) => t.id.split('-')[1] as NovelStyle;

/** A user message that is a tool result of a text-protocol harness, not a user turn. */
function isResult(t: Transcript, m: ChatMessage): boolean {
  const text = NOVEL_HARNESSES[styleOf(t)].text;
  return m.role === 'user' && text !== undefined && (m.content ?? '').startsWith(text.resultPrefix);
}

function checkNeedles(t: Transcript): void {
  const episodes = novelEpisodes(t);
  expect(episodes.length, t.id).toBe(t.facts.length);
  const spans = factSpans(
    t.messages,
    t.facts.map((f) => f.needle),
  );
  const texts = t.messages.map((m) => messageText(m).toLowerCase());
  t.facts.forEach((f, i) => {
    const e = episodes[i] as (typeof episodes)[number];
    const span = spans[i] as { first: number; last: number };
    expect(e.needle).toBe(f.needle);
    // the needle occurs, and its first and last messages are recorded
    expect(span.first, `${t.id}: ${f.needle}`).toBeGreaterThan(0);
    expect([f.firstIndex, f.lastIndex], `${t.id}: ${f.needle}`).toEqual([span.first, span.last]);
    expect(e.first, t.id).toBeLessThanOrEqual(f.firstIndex);
    expect(e.last, t.id).toBeGreaterThanOrEqual(f.lastIndex);
    // the episode is a few steps, not the whole session
    expect(e.last - e.first, `${t.id}: ${f.needle}`).toBeLessThan(40);
    // outside its episode, no message holds the needle's unique token
    const key = e.key.toLowerCase();
    expect(f.needle.toLowerCase(), t.id).toContain(key);
    texts.forEach((text, k) => {
      if (k < e.first || k > e.last) expect(text.includes(key), `${t.id}: ${e.key} at ${k}`).toBe(false);
    });
    expect((t.probe ?? '').toLowerCase()).not.toContain(key);
    for (const g of t.facts) if (g !== f) expect(g.needle.includes(f.needle), `${f.needle} in ${g.needle}`).toBe(false);
    expect(f.style.split('/')[0]).toBe(f.kind);
    expect(f.style.split('/')[2]).toBe(styleOf(t));
  });
}

describe('novel transcripts', () => {
  it('are deterministic per options', () => {
    const a = generateNovelTranscript({ seed: 5, messages: 300, shape: 'mixed', style: 'deploy' });
    const b = generateNovelTranscript({ seed: 5, messages: 300, shape: 'mixed', style: 'deploy' });
    expect(JSON.stringify(a.messages)).toBe(JSON.stringify(b.messages));
    expect(a.facts).toEqual(b.facts);
    expect(a.probe).toBe(b.probe);
    expect([...a.outputs]).toEqual([...b.outputs]);
    const c = generateNovelTranscript({ seed: 6, messages: 300, shape: 'mixed', style: 'deploy' });
    expect(JSON.stringify(c.messages)).not.toBe(JSON.stringify(a.messages));
    expect(JSON.stringify(novelSuite(3, 7, true).map((t) => t.messages))).toBe(
      JSON.stringify(novelSuite(3, 7, true).map((t) => t.messages)),
    );
  });

  it('plant each needle, and its unique token, only in its episode', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('answer every tool call, in order, and record every output', () => {
    for (const t of cases) {
      expect(pairingFaults(t.messages), t.id).toEqual([]);
      t.messages.forEach((m, i) => {
        if (m.role === 'tool') expect(t.outputs.get(m.tool_call_id ?? '')?.output, t.id).toBe(m.content);
        (m.tool_calls ?? []).forEach((c, k) => {
          expect(() => JSON.parse(c.function.arguments), t.id).not.toThrow();
          expect(t.messages[i + 1 + k]?.tool_call_id, `${t.id} #${i}`).toBe(c.id);
          expect(t.tools).toContain(c.function.name);
          expect(c.function.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
        });
      });
      const ids = t.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
      expect(new Set(ids).size, t.id).toBe(ids.length);
      expect(t.outputs.size, t.id).toBe(ids.length);
      if (NOVEL_HARNESSES[styleOf(t)].text) expect(ids, t.id).toEqual([]);
    }
    expect(cases.some((t) => t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1))).toBe(true);
  });

  it('hold every fact kind, start with the system prompt, end mid-turn or with a probe', () => {
    for (const t of cases) {
      expect(new Set(t.facts.map((f) => f.kind)), t.id).toEqual(new Set(FACT_KINDS));
      expect(t.facts.length, t.id).toBeGreaterThanOrEqual(15);
      expect(t.facts.length, t.id).toBeLessThanOrEqual(45);
      expect(t.messages[0]?.role).toBe('system');
      expect(t.messages[1]?.role).toBe('user');
      const last = t.messages.at(-1) as ChatMessage;
      if (t.probe) expect(last.role, t.id).toBe('assistant');
      else expect(last.role === 'tool' || isResult(t, last), t.id).toBe(true);
      // the step still owed is stated at the end
      const pending = t.facts.filter((f) => f.kind === 'pending').map((f) => f.lastIndex);
      expect(Math.max(...pending), t.id).toBeGreaterThanOrEqual(t.messages.length - 6);
      // facts are spread: some in the first fifth, several in the last half
      expect(
        t.facts.some((f) => f.firstIndex < t.messages.length / 5),
        t.id,
      ).toBe(true);
      expect(t.facts.filter((f) => f.firstIndex > t.messages.length / 2).length, t.id).toBeGreaterThan(2);
      // stated by users, by documents and tool output, and by the agent
      const channels = new Set(t.facts.map((f) => (f.style.split('/')[1] as string).split('-')[0]));
      expect(channels.has('user') && channels.has('tool'), t.id).toBe(true);
    }
    expect(cases.some((t) => t.probe)).toBe(true);
    expect(cases.some((t) => !t.probe)).toBe(true);
  });

  it('shape sessions: autonomous runs one request through many steps, the others talk back and forth', () => {
    for (const t of cases) {
      const users = t.messages.filter((m) => m.role === 'user' && !isResult(t, m)).length;
      if (t.shape === 'autonomous') {
        expect(users, t.id).toBe(1);
        expect(t.messages.filter((m) => m.role === 'assistant').length, t.id).toBeGreaterThanOrEqual(30);
      } else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 2 : 1);
    }
    for (const style of ['deploy', 'trainer'] as const) {
      const long = generateNovelTranscript({ seed: 3, messages: 1500, shape: 'autonomous', style });
      const users = long.messages.flatMap((m, i) => (m.role === 'user' && !isResult(long, m) ? [i] : []));
      expect(users.length).toBeGreaterThan(1);
      for (const [k, i] of users.entries()) {
        const end = users[k + 1] ?? long.messages.length;
        const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
        expect(steps, `${style} turn ${k}`).toBeGreaterThanOrEqual(50);
        expect(steps, `${style} turn ${k}`).toBeLessThanOrEqual(320);
      }
    }
  });

  it('write every harness in its own format', () => {
    const all = (style: string) =>
      cases
        .filter((t) => styleOf(t) === style)
        .flatMap((t) => t.messages.map(messageText))
        .join('\n');
    expect(new Set(cases.map(styleOf))).toEqual(new Set(NOVEL_STYLES));
    expect(all('planner')).toMatch(/^(browser_view|browser_navigate) \{/m);
    expect(all('planner')).toMatch(/^plan_update \{"plan":/m);
    expect(all('ide')).toMatch(/^run_terminal_command \{"command":/m);
    expect(all('crew')).toMatch(/^Thought: .*\nAction: [^\n]+\nAction Input: \{/m);
    expect(all('crew')).toMatch(/^Observation: /m);
    expect(all('notebook')).toMatch(/\[execution_count=\d+, status=(ok|error)/);
    expect(all('firmware')).toMatch(/^serial_monitor \{"port":/m);
    expect(all('gamedev')).toMatch(/^exit_code: \d+\n--- output ---/m);
    expect(all('deploy')).toMatch(/^kubectl \{"args":/m);
    expect(all('trainer')).toMatch(/^```(shell|python)\n/m);
    expect(all('trainer')).toMatch(/^Code output:\n/m);
    for (const t of cases) {
      const ids = t.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
      const pattern = {
        ide: /^toolu_01\w{22}$/,
        migrator: /^functions\.\w+:\d+$/,
        firmware: /^chatcmpl-tool-[0-9a-f]{32}$/,
      }[styleOf(t) as string];
      for (const id of ids) expect(id, t.id).toMatch(pattern ?? /^call_\w{24}$/);
    }
  });

  it('name each failure inside its output, never on its last line, for every ecosystem', () => {
    const rng = new Rng(3);
    const mint = new Mint(rng);
    expect(NOVEL_ECOS.length).toBeGreaterThanOrEqual(25);
    const covered = new Set<string>();
    for (const h of Object.values(NOVEL_HARNESSES))
      for (const eco of h.ecos)
        for (let i = 0; i < 5; i++) {
          covered.add(eco);
          const f = fail(eco, rng, mint.word(), mint);
          const call = h.failCall(rng, f);
          expect(call.out, `${h.style}/${eco}`).toContain(f.needle);
          expect(f.needle.toLowerCase()).toContain(f.key.toLowerCase());
          const lines = call.out.trimEnd().split('\n');
          expect(lines.at(-1), `${h.style}/${eco}`).not.toContain(f.needle);
          expect(call.failed === true || (call.exit ?? 0) !== 0 || eco.startsWith('k8s'), eco).toBe(true);
        }
    expect([...covered].sort()).toEqual([...NOVEL_ECOS].sort());
  });

  it('come near the requested size, and the suite spans 100 to 2,000 messages with every style and kind', () => {
    for (const [j, shape] of NOVEL_SHAPES.entries()) {
      const t = generateNovelTranscript({ seed: 40 + j, messages: 500, shape, style: NOVEL_STYLES[j] });
      expect(t.messages.length, t.id).toBeGreaterThanOrEqual(500);
      expect(t.messages.length, t.id).toBeLessThanOrEqual(545);
    }
    const s = novelSuite(4, 1, false);
    expect(s.map((t) => t.shape)).toEqual(['autonomous', 'interactive', 'mixed', 'autonomous']);
    expect(s[0]?.messages.length).toBeGreaterThanOrEqual(100);
    expect(s[0]?.messages.length).toBeLessThan(145);
    expect(s[3]?.messages.length).toBeGreaterThanOrEqual(2000);
    expect(s[3]?.messages.length).toBeLessThanOrEqual(2045);
    for (const t of s) {
      expect(pairingFaults(t.messages), t.id).toEqual([]);
      const sizes = t.messages.map((m) => messageText(m).length).sort((a, b) => a - b);
      // very uneven: the largest message dwarfs the median, and long sessions hold 5–40 KB outputs
      expect(sizes.at(-1) as number, t.id).toBeGreaterThan(10 * (sizes[sizes.length >> 1] as number));
      if (t.messages.length > 500) expect(sizes.at(-1) as number, t.id).toBeGreaterThan(5000);
    }
    const quick = novelSuite(9, 1, true);
    expect(new Set(quick.map(styleOf))).toEqual(new Set(NOVEL_STYLES));
    for (const t of quick) checkNeedles(t);
  });
});
