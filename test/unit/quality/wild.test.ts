/**
 * The wild transcript family (bench/quality/wild.ts): deterministic, its needles (and their
 * lexicon words) only where planted, valid tool pairing, every fact kind, every harness style,
 * sizes near the request.
 */
import { describe, expect, it } from 'vitest';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { checkEpisodes } from './episodes';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import { WILD_SHAPES, generateWildTranscript, wildSuite } from '../../../bench/quality/wild';
import { ECOSYSTEMS, failureOf } from '../../../bench/quality/wild-failures';
import { WILD_STYLES } from '../../../bench/quality/wild-harness';
import { Rng } from '../../../bench/quality/rng';
import { LEXICON, lexiconWordsIn } from '../../../bench/quality/wild-words';

const cases = WILD_STYLES.flatMap((style, i) =>
  WILD_SHAPES.map((shape, j) => generateWildTranscript({ seed: 11 + i * 3 + j, messages: 150 + 60 * j, shape, style })),
);

function checkNeedles(t: Transcript): void {
  checkEpisodes(t, lexiconWordsIn);
}

describe('wild transcripts', () => {
  it('are deterministic per options', () => {
    const a = generateWildTranscript({ seed: 5, messages: 300, shape: 'mixed', style: 'goose' });
    const b = generateWildTranscript({ seed: 5, messages: 300, shape: 'mixed', style: 'goose' });
    expect(JSON.stringify(a.messages)).toBe(JSON.stringify(b.messages));
    expect(a.facts).toEqual(b.facts);
    expect(a.probe).toBe(b.probe);
    const c = generateWildTranscript({ seed: 6, messages: 300, shape: 'mixed', style: 'goose' });
    expect(JSON.stringify(c.messages)).not.toBe(JSON.stringify(a.messages));
  });

  it('plant needles, and their lexicon words, only in their episodes', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('keep native tool calls paired, and record every output', () => {
    for (const t of cases) {
      expect(pairingFaults(t.messages), t.id).toEqual([]);
      for (const m of t.messages)
        if (m.role === 'tool') expect(t.outputs.get(m.tool_call_id ?? '')?.output, t.id).toBe(m.content);
    }
  });

  it('hold every fact kind, start with the system prompt, end mid-turn or with a probe', () => {
    for (const t of cases) {
      expect(new Set(t.facts.map((f) => f.kind)), t.id).toEqual(new Set(FACT_KINDS));
      expect(t.messages[0]?.role).toBe('system');
      if (!t.probe) expect(['tool', 'user']).toContain(t.messages.at(-1)?.role);
    }
  });

  it('generate every style in its own format', () => {
    const byStyle = new Map(cases.map((t) => [t.id.split('-')[1], t]));
    const all = (id: string) =>
      [...cases.filter((t) => t.id.includes(`-${id}-`)).flatMap((t) => t.messages.map(messageText))].join('\n');
    expect(byStyle.size).toBe(WILD_STYLES.length);
    expect(all('cline')).toMatch(/\[(execute_command|read_file) for '/);
    expect(cases.filter((t) => t.id.includes('-cline-')).every((t) => t.messages.every((m) => !m.tool_calls))).toBe(
      true,
    );
    expect(all('sweagent')).toMatch(/\[File: \/.+ \(\d+ lines total\)\]/);
    expect(all('gemini')).toContain('run_shell_command');
    expect(all('goose')).toContain('developer__shell');
    expect(all('goose')).toContain('"type":"text"');
    expect(all('cursor')).toContain('run_terminal_cmd');
    expect(
      cases.some((t) => t.id.includes('-cursor-') && t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1)),
    ).toBe(true);
  });

  it('come near the requested size, and the suite spans the range', () => {
    for (const [j, shape] of WILD_SHAPES.entries()) {
      const t = generateWildTranscript({ seed: 40 + j, messages: 500, shape, style: WILD_STYLES[j] });
      expect(t.messages.length, t.id).toBeGreaterThanOrEqual(500);
      expect(t.messages.length, t.id).toBeLessThanOrEqual(560);
    }
    const s = wildSuite(4, 1, true);
    expect(s.map((t) => t.shape)).toEqual(['autonomous', 'interactive', 'mixed', 'autonomous']);
    expect(s[0]?.messages.length).toBeLessThan(160);
    expect(s[3]?.messages.length).toBeGreaterThanOrEqual(400);
  });

  it('name each failure inside its output, for every ecosystem', () => {
    const rng = new Rng(3);
    for (const eco of ECOSYSTEMS) {
      const f = failureOf(rng, eco, 'kestrel');
      expect(f.output, eco).toContain(f.needle);
      expect(f.needle.toLowerCase(), eco).toContain('kestrel');
      expect(f.exitCode).toBeGreaterThan(0);
    }
  });

  it('keep lexicon words apart from each other', () => {
    for (const a of LEXICON) for (const b of LEXICON) if (a !== b) expect(b.includes(a), `${a} in ${b}`).toBe(false);
  });
});
