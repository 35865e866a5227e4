/**
 * The harder transcript family (bench/quality/hard.ts): same seed, same transcript; every
 * needle (and every superseded decision) occurs only where it was planted, although its words
 * are common in the session; reversed decisions point at a later fact; the transcript is a
 * valid conversation with every fact kind.
 */
import { describe, expect, it } from 'vitest';
import { generateHardTranscript } from '../../../bench/quality/hard';
import { factSpans, messageText, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS } from '../../../bench/quality/types';

const SEEDS = [1, 2, 3, 4, 5, 6];

describe('hard transcript generator', () => {
  it('is deterministic per seed', () => {
    const a = generateHardTranscript({ seed: 7, messages: 150 });
    const b = generateHardTranscript({ seed: 7, messages: 150 });
    expect(JSON.stringify(a.messages)).toBe(JSON.stringify(b.messages));
    expect(a.facts).toEqual(b.facts);
  });

  it.each(SEEDS)('seed %i: needles occur only where planted, and their words elsewhere', (seed) => {
    const t = generateHardTranscript({ seed, messages: 150 + seed * 30 });
    const all = [...t.facts, ...(t.superseded ?? [])];
    const spans = factSpans(
      t.messages,
      all.map((f) => f.needle),
    );
    all.forEach((f, i) => {
      expect(spans[i]).toEqual({ first: f.firstIndex, last: f.lastIndex });
      expect(f.lastIndex - f.firstIndex).toBeLessThanOrEqual(4);
    });
    expect(new Set(all.map((f) => f.needle)).size).toBe(all.length);
    // Not rare: most word-like needles have every word elsewhere in the session too.
    const outside = (f: (typeof all)[number]) =>
      t.messages
        .filter((_, i) => i < f.firstIndex || i > f.lastIndex)
        .map(messageText)
        .join('\n');
    const wordy = t.facts.filter((f) => /[a-z]{3}/.test(f.needle) && f.kind !== 'file');
    const common = wordy.filter((f) => {
      const rest = outside(f);
      return f.needle.split(/[^A-Za-z]+/).every((w) => w.length < 3 || rest.toLowerCase().includes(w.toLowerCase()));
    });
    expect(common.length / wordy.length).toBeGreaterThan(0.6);
  });

  it.each(SEEDS)('seed %i: a valid conversation with every kind and reversed decisions', (seed) => {
    const t = generateHardTranscript({ seed, messages: 500 + seed * 20 });
    expect(pairingFaults(t.messages)).toEqual([]);
    expect(new Set(t.facts.map((f) => f.kind))).toEqual(new Set(FACT_KINDS));
    for (const s of t.superseded ?? []) {
      const by = t.facts.find((f) => f.needle === s.replacedBy);
      expect(by?.kind).toBe('decision');
      expect(by?.firstIndex).toBeGreaterThan(s.firstIndex);
    }
    expect(t.superseded?.length).toBeGreaterThan(0);
    for (const m of t.messages)
      if (m.role === 'tool') expect(t.outputs.get(m.tool_call_id ?? '')?.output).toBe(m.content);
  });
});
