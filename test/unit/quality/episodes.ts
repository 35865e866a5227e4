/**
 * The check every transcript family's test makes of its planted facts: each needle first and
 * last occurs where the fact says, in a short episode; the words that make it unique occur only
 * near that episode (`slack` messages either side), each in one fact; the probe holds none.
 */
import { expect } from 'vitest';
import { factSpans, messageText, pairingFaults } from '../../../bench/quality/render';
import type { Transcript } from '../../../bench/quality/types';

export function checkEpisodes(t: Transcript, wordsIn: (needle: string) => string[], slack = 0): void {
  const spans = factSpans(
    t.messages,
    t.facts.map((f) => f.needle),
  );
  const lower = t.messages.map((m) => messageText(m).toLowerCase());
  t.facts.forEach((f, i) => {
    expect(spans[i], `${t.id} ${f.style} ${f.needle}`).toEqual({ first: f.firstIndex, last: f.lastIndex });
    expect(f.firstIndex).toBeGreaterThan(0);
    expect(f.lastIndex - f.firstIndex, `${t.id} ${f.needle}: a short episode`).toBeLessThanOrEqual(12);
    for (const w of wordsIn(f.needle))
      lower.forEach((text, k) => {
        if (text.includes(w))
          expect(
            k >= f.firstIndex - slack && k <= f.lastIndex + slack,
            `${t.id}: "${w}" at ${k}, outside ${f.style} (${f.firstIndex}–${f.lastIndex})`,
          ).toBe(true);
      });
  });
  const words = t.facts.flatMap((f) => wordsIn(f.needle));
  expect(new Set(words).size, `${t.id}: a word in two needles`).toBe(words.length);
  for (const f of t.facts) expect(t.probe ?? '').not.toContain(f.needle);
}

/** A fact's episode as a family reports it: the token that makes its needle unique, and the messages holding it. */
export interface TokenEpisode {
  key: string;
  first: number;
  last: number;
}

/**
 * The check of families that report each fact's episode (far, dist): every needle first and last
 * occurs where the fact says, inside the short episode of its token (all of the token's
 * occurrences, < 40 messages); the probe holds neither; no needle holds another; the style names
 * the kind, how it was planted (`user-…`, `tool-…`, `agent-…`) and the harness.
 */
export function checkTokenEpisodes(t: Transcript, episodes: readonly TokenEpisode[], harness: string): void {
  expect(episodes.length, t.id).toBe(t.facts.length);
  const spans = factSpans(
    t.messages,
    t.facts.map((f) => f.needle),
  );
  const probe = (t.probe ?? '').toLowerCase();
  t.facts.forEach((f, i) => {
    const e = episodes[i] as TokenEpisode;
    const span = spans[i] as { first: number; last: number };
    expect(span.first, `${t.id}: ${f.needle}`).toBeGreaterThan(0);
    expect([f.firstIndex, f.lastIndex], `${t.id}: ${f.needle}`).toEqual([span.first, span.last]);
    expect(f.needle.toLowerCase()).toContain(e.key.toLowerCase());
    expect(e.first, t.id).toBeLessThanOrEqual(f.firstIndex);
    expect(e.last, t.id).toBeGreaterThanOrEqual(f.lastIndex);
    expect(e.last - e.first, `${t.id}: ${f.needle}`).toBeLessThan(40);
    expect(probe).not.toContain(e.key.toLowerCase());
    expect(t.probe ?? '').not.toContain(f.needle);
    for (const g of t.facts) if (g !== f) expect(g.needle.includes(f.needle), `${f.needle} in ${g.needle}`).toBe(false);
    const [kind, how, style] = f.style.split('/');
    expect(kind).toBe(f.kind);
    expect(how, f.style).toMatch(/^(user|tool|agent)-[a-z]+$/);
    expect(style).toBe(harness);
  });
}

/**
 * The determinism every family's test checks: the same options give the same transcript (messages,
 * facts, probe, outputs), another seed another; the suite is the same twice.
 */
export function checkDeterministic(
  generate: (seed: number) => Transcript,
  suite: (count: number, seed: number, quick: boolean) => Transcript[],
): void {
  const a = generate(5);
  const b = generate(5);
  expect(JSON.stringify(a.messages)).toBe(JSON.stringify(b.messages));
  expect(a.facts).toEqual(b.facts);
  expect(a.probe).toBe(b.probe);
  expect([...a.outputs]).toEqual([...b.outputs]);
  expect(JSON.stringify(generate(6).messages)).not.toBe(JSON.stringify(a.messages));
  expect(JSON.stringify(suite(3, 7, true).map((t) => t.messages))).toBe(
    JSON.stringify(suite(3, 7, true).map((t) => t.messages)),
  );
}

/**
 * The pairing every family's test checks: no pairing fault; each tool message answers its call,
 * in order, with the output recorded; arguments are JSON; ids are unique, one output per call.
 * Returns the native call ids (a text-protocol harness has none).
 */
export function checkNativeCalls(t: Transcript): string[] {
  expect(pairingFaults(t.messages), t.id).toEqual([]);
  t.messages.forEach((m, i) => {
    if (m.role === 'tool') expect(t.outputs.get(m.tool_call_id ?? '')?.output, t.id).toBe(m.content);
    (m.tool_calls ?? []).forEach((c, k) => {
      expect(() => JSON.parse(c.function.arguments), t.id).not.toThrow();
      expect(t.messages[i + 1 + k]?.tool_call_id, `${t.id} #${i}`).toBe(c.id);
      expect(t.tools).toContain(c.function.name);
    });
  });
  const ids = t.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
  expect(new Set(ids).size, t.id).toBe(ids.length);
  expect(t.outputs.size, t.id).toBe(ids.length);
  return ids;
}
