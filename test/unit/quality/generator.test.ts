/**
 * The transcript generator of the quality benchmark (bench/quality/generator.ts): same seed,
 * same transcript; every planted needle is where the fact was stated and nowhere later;
 * failing lines are never last; the raw transcript is a valid conversation.
 */
import { describe, expect, it } from 'vitest';
import { generateTranscript } from '../../../bench/quality/generator';
import { factSpans, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS } from '../../../bench/quality/types';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

describe('transcript generator', () => {
  it('is deterministic per seed', () => {
    const a = generateTranscript({ seed: 42, messages: 150 });
    const b = generateTranscript({ seed: 42, messages: 150 });
    expect(JSON.stringify(a.messages)).toBe(JSON.stringify(b.messages));
    expect(a.facts).toEqual(b.facts);
    expect(JSON.stringify(generateTranscript({ seed: 43, messages: 150 }).messages)).not.toBe(
      JSON.stringify(a.messages),
    );
  });

  it.each(SEEDS)('seed %i: needles occur only in the short episode where they were planted', (seed) => {
    const t = generateTranscript({ seed, messages: 120 + seed * 40 });
    const spans = factSpans(
      t.messages,
      t.facts.map((f) => f.needle),
    );
    t.facts.forEach((f, i) => {
      expect(spans[i]).toEqual({ first: f.firstIndex, last: f.lastIndex });
      expect(f.lastIndex - f.firstIndex).toBeLessThanOrEqual(4);
    });
    expect(new Set(t.facts.map((f) => f.needle)).size).toBe(t.facts.length);
  });

  it.each(SEEDS)('seed %i: a valid conversation of about the requested size, with every fact kind', (seed) => {
    const size = 300 + seed * 25;
    const t = generateTranscript({ seed, messages: size });
    expect(pairingFaults(t.messages)).toEqual([]);
    expect(t.messages[0]?.role).toBe('system');
    expect(t.messages.length).toBeGreaterThanOrEqual(size);
    expect(t.messages.length).toBeLessThan(size + 10);
    expect(new Set(t.facts.map((f) => f.kind))).toEqual(new Set(FACT_KINDS));
    for (const m of t.messages)
      if (m.role === 'tool') expect(t.outputs.get(m.tool_call_id ?? '')?.output).toBe(m.content);
  });

  it('never puts the failing line last, and uses several ecosystems', () => {
    const styles = new Set<string>();
    for (const seed of SEEDS) {
      const t = generateTranscript({ seed, messages: 600 });
      for (const f of t.facts.filter((x) => x.kind === 'error')) {
        styles.add(f.style);
        const output = t.messages[f.firstIndex]?.content ?? '';
        const lines = output.split('\n').filter((l) => l.trim());
        expect(lines.at(-1)).not.toContain(f.needle);
        expect(output).toContain(f.needle);
      }
    }
    expect(styles.size).toBeGreaterThanOrEqual(8);
  });

  it('makes long autonomous turns with parallel calls', () => {
    const t = generateTranscript({ seed: 5, messages: 900, shape: 'autonomous' });
    const users = t.messages.filter((m) => m.role === 'user').length;
    const steps = t.messages.filter((m) => m.role === 'assistant' && m.tool_calls?.length).length;
    expect(steps / users).toBeGreaterThanOrEqual(50);
    expect(t.messages.some((m) => (m.tool_calls?.length ?? 0) >= 2)).toBe(true);
  });
});
