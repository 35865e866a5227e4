/**
 * The fresh transcript family (bench/quality/fresh.ts): deterministic, each needle (and its
 * invented word) only in its own episode, tool calls answered in order, every fact kind, every
 * harness style in its own format, every ecosystem's failure naming its needle, sizes as asked.
 */
import { describe, expect, it } from 'vitest';
import { FRESH_ECOS, Mint, newTestWorld } from './fresh-helpers';
import { ecoDef } from '../../../bench/quality/fresh-ecos';
import {
  FRESH_SHAPES,
  FRESH_STYLES,
  freshSuite,
  generateFreshTranscript,
  inventedWords,
} from '../../../bench/quality/fresh';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { checkEpisodes } from './episodes';
import { Rng } from '../../../bench/quality/rng';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';

const cases = FRESH_STYLES.flatMap((style, i) =>
  FRESH_SHAPES.map((shape, j) =>
    generateFreshTranscript({ seed: 21 + i * 3 + j, messages: 120 + 70 * j, shape, style, probe: (i + j) % 2 === 0 }),
  ),
);

function checkNeedles(t: Transcript): void {
  const words = inventedWords(t);
  expect(words.size, t.id).toBe(t.facts.length);
  checkEpisodes(t, (needle) => [words.get(needle) as string]);
  const needles = t.facts.map((f) => f.needle);
  for (const a of needles)
    for (const b of needles) if (a !== b) expect(b.includes(a), `${t.id}: ${a} in ${b}`).toBe(false);
  // outside its episode, no message holds the needle or its invented word
  const texts = t.messages.map((m) => messageText(m).toLowerCase());
  for (const f of t.facts) {
    const w = words.get(f.needle) as string;
    expect(f.needle.toLowerCase(), t.id).toContain(w);
    texts.forEach((text, k) => {
      if (k < f.firstIndex || k > f.lastIndex) expect(text.includes(w), `${t.id}: ${w} at ${k}`).toBe(false);
    });
    expect((t.probe ?? '').toLowerCase()).not.toContain(w);
  }
}

describe('fresh transcripts', () => {
  it('are deterministic per options', () => {
    const a = generateFreshTranscript({ seed: 5, messages: 300, shape: 'mixed', style: 'kiro' });
    const b = generateFreshTranscript({ seed: 5, messages: 300, shape: 'mixed', style: 'kiro' });
    expect(JSON.stringify(a.messages)).toBe(JSON.stringify(b.messages));
    expect(a.facts).toEqual(b.facts);
    expect(a.probe).toBe(b.probe);
    const c = generateFreshTranscript({ seed: 6, messages: 300, shape: 'mixed', style: 'kiro' });
    expect(JSON.stringify(c.messages)).not.toBe(JSON.stringify(a.messages));
    expect(JSON.stringify(freshSuite(3, 7, true).map((t) => t.messages))).toBe(
      JSON.stringify(freshSuite(3, 7, true).map((t) => t.messages)),
    );
  });

  it('plant each needle, and its invented word, only in its episode', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('answer every tool call, in order, and record every output', () => {
    for (const t of cases) {
      expect(pairingFaults(t.messages), t.id).toEqual([]);
      t.messages.forEach((m, i) => {
        if (m.role === 'tool') expect(t.outputs.get(m.tool_call_id ?? '')?.output, t.id).toBe(m.content);
        const calls = m.tool_calls ?? [];
        calls.forEach((c, k) => {
          expect(() => JSON.parse(c.function.arguments), t.id).not.toThrow();
          expect(t.messages[i + 1 + k]?.tool_call_id, `${t.id} #${i}`).toBe(c.id);
          expect(t.tools).toContain(c.function.name);
        });
      });
      const ids = t.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
      expect(new Set(ids).size, t.id).toBe(ids.length);
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
      if (t.probe) expect(t.messages.at(-1)?.role, t.id).toBe('assistant');
      else expect(t.messages.at(-1)?.role, t.id).toBe('tool');
      // the next step still owed is stated at the end
      const pending = t.facts.filter((f) => f.kind === 'pending').map((f) => f.lastIndex);
      expect(Math.max(...pending), t.id).toBeGreaterThanOrEqual(t.messages.length - 6);
      // facts are spread: some in the first fifth, some in the last half
      expect(
        t.facts.some((f) => f.firstIndex < t.messages.length / 5),
        t.id,
      ).toBe(true);
      expect(t.facts.filter((f) => f.firstIndex > t.messages.length / 2).length, t.id).toBeGreaterThan(2);
    }
    expect(cases.some((t) => t.probe)).toBe(true);
    expect(cases.some((t) => !t.probe)).toBe(true);
  });

  it('shape sessions: autonomous runs one request through many steps, the others talk back and forth', () => {
    for (const t of cases) {
      const users = t.messages.filter((m) => m.role === 'user').length;
      if (t.shape === 'autonomous') {
        expect(users, t.id).toBe(1);
        expect(t.messages.filter((m) => m.role === 'assistant').length, t.id).toBeGreaterThanOrEqual(40);
      } else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 2 : 1);
    }
    const long = generateFreshTranscript({ seed: 3, messages: 1500, shape: 'autonomous', style: 'infra' });
    const users = long.messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
    expect(users.length).toBeGreaterThan(1);
    for (const [k, i] of users.entries()) {
      const end = users[k + 1] ?? long.messages.length;
      const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
      expect(steps).toBeGreaterThanOrEqual(50);
      expect(steps).toBeLessThanOrEqual(320);
    }
  });

  it('generate every style in its own format', () => {
    const all = (style: string) =>
      cases
        .filter((t) => t.id.startsWith(`fresh-${style}-`))
        .flatMap((t) => t.messages.map(messageText))
        .join('\n');
    expect(new Set(cases.map((t) => t.id.split('-')[1]))).toEqual(new Set(FRESH_STYLES));
    expect(new Set(cases.map((t) => t.shape))).toEqual(new Set(FRESH_SHAPES));
    expect(all('autogen')).toMatch(/^\w+ \(to chat_manager\):\n\n/m);
    expect(all('autogen')).toMatch(/exitcode: \d \(execution (succeeded|failed)\)\nCode output:/);
    expect(all('langgraph')).toContain('tavily_search_results_json');
    expect(all('langgraph')).toMatch(/\{"returncode":\d+,"output":/);
    expect(all('agentsdk')).toMatch(/apply_patch \{"operation":\{"type":"(update|create)_file"/);
    expect(all('agentsdk')).toContain('[exit status ');
    expect(all('kiro')).toContain('executeBash');
    expect(all('kiro')).toMatch(/Command (executed successfully|failed with exit code)/);
    expect(all('kiro')).toContain('.kiro/');
    expect(all('mobile')).toMatch(/^gradle \{"tasks":/m);
    expect(all('mobile')).toMatch(/^xcodebuild \{"command":/m);
    expect(all('secfix')).toMatch(/semgrep_scan|trivy|dependency_audit|snyk_test/);
    expect(all('crm')).toMatch(/^zendesk_\w+ \{/m);
    expect(all('crm')).toMatch(/"ticket":\{|"ticket": \{/);
    expect(all('infra')).toMatch(/^(ansible_playbook|terraform|pulumi) \{/m);
    for (const t of cases.filter((c) => c.id.includes('-kiro-')))
      for (const m of t.messages) for (const c of m.tool_calls ?? []) expect(c.id).toMatch(/^tooluse_/);
  });

  it('name each failure inside its output, for every ecosystem', () => {
    const rng = new Rng(3);
    const mint = new Mint(rng);
    for (const eco of FRESH_ECOS)
      for (let i = 0; i < 6; i++) {
        const f = ecoDef(eco).fail(rng, newTestWorld(rng), mint.word());
        expect(f.out, `${eco}/${f.label}`).toContain(f.needle);
        expect(f.exit, eco).not.toBe(0);
      }
    expect(FRESH_ECOS.length).toBeGreaterThanOrEqual(15);
  });

  it('come near the requested size, and the suite spans 100 to 2,000 messages with every style and kind', () => {
    for (const [j, shape] of FRESH_SHAPES.entries()) {
      const t = generateFreshTranscript({ seed: 40 + j, messages: 500, shape, style: FRESH_STYLES[j] });
      expect(t.messages.length, t.id).toBeGreaterThanOrEqual(500);
      expect(t.messages.length, t.id).toBeLessThanOrEqual(530);
    }
    const s = freshSuite(4, 1, false);
    expect(s.map((t) => t.shape)).toEqual(['autonomous', 'interactive', 'mixed', 'autonomous']);
    expect(s[0]?.messages.length).toBeGreaterThanOrEqual(100);
    expect(s[0]?.messages.length).toBeLessThan(130);
    expect(s[3]?.messages.length).toBeGreaterThanOrEqual(1900);
    expect(s[3]?.messages.length).toBeLessThanOrEqual(2000);
    for (const t of s) {
      expect(pairingFaults(t.messages), t.id).toEqual([]);
      const sizes = t.messages.map((m) => messageText(m).length).sort((a, b) => a - b);
      // very uneven: the largest message dwarfs the median
      expect(sizes.at(-1) as number, t.id).toBeGreaterThan(10 * (sizes[sizes.length >> 1] as number));
    }
    const quick = freshSuite(8, 1, true);
    expect(new Set(quick.map((t) => t.id.split('-')[1]))).toEqual(new Set(FRESH_STYLES));
    for (const t of quick) checkNeedles(t);
  });
});
