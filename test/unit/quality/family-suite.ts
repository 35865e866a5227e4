/**
 * The checks every family built on the shared engine (bench/quality/family.ts) must pass:
 * deterministic, each needle's unique token only in its own short episode, every call answered
 * once (native tool messages in order, text protocols by the next message with one result per
 * call), every fact kind in larger transcripts, sessions of their shape, sizes as asked, probes
 * clean. A family's own test adds what is its own: each harness's format and user language.
 */
import { describe, expect, it } from 'vitest';
import type { FamilyEpisode, FamilyOptions } from '../../../bench/quality/family';
import type { FamilyHarness, FamilyShape } from '../../../bench/quality/family-kit';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import type { ChatMessage } from '../../../src/context/types';
import { checkDeterministic, checkNativeCalls, checkTokenEpisodes } from './episodes';

/** A family under test: its generator and what its harnesses are expected to do. */
export interface FamilyUnderTest<S extends string> {
  name: string;
  styles: readonly S[];
  shapes: readonly FamilyShape[];
  harnesses: Record<S, FamilyHarness<S>>;
  generate: (o: FamilyOptions<S>) => Transcript;
  suite: (count: number, seed: number, quick: boolean) => Transcript[];
  episodes: (t: Transcript) => FamilyEpisode[];
  isResult: (style: S, m: ChatMessage) => boolean;
  /** The harness the determinism check and the long autonomous session use. */
  deterministicStyle: S;
  longStyle: S;
  /** The harnesses that make parallel native calls. */
  parallel: readonly S[];
  /** Text harnesses that write several calls in one message, answered together; and those that write one at a time. */
  several: readonly S[];
  single: readonly S[];
  /** Each harness's tool-call ids (`/^$/` for a text protocol that writes none). */
  callIds: Record<S, RegExp>;
}

/** The harness a transcript was generated with (its id is `<family>-<style>-<shape>-<seed>`). */
export function harnessOf<S extends string>(t: Transcript): S {
  return t.id.split('-')[1] as S;
}

const count = (re: RegExp | undefined, s: string | null | undefined) => (re ? ((s ?? '').match(re)?.length ?? 0) : 0);

/**
 * Registers the shared checks for `f`, then `formats` (the family's own: each harness's format
 * and language), given the text of every transcript of a harness and the cases.
 */
export function describeFamily<S extends string>(
  f: FamilyUnderTest<S>,
  formats: (all: (style: S) => string, cases: readonly Transcript[]) => void,
): void {
  const cases = f.styles.flatMap((style, i) =>
    f.shapes.map((shape, j) =>
      f.generate({ seed: 60 + i * 3 + j, messages: 150 + 100 * j, shape, style, probe: (i + j) % 2 === 0 }),
    ),
  );
  const checkNeedles = (t: Transcript) => checkTokenEpisodes(t, f.episodes(t), harnessOf(t));

  describe(`${f.name} transcripts`, () => {
    it('are deterministic per options', () => {
      checkDeterministic(
        (seed) => f.generate({ seed, messages: 300, shape: 'mixed', style: f.deterministicStyle }),
        f.suite,
      );
    });

    it('plant each needle, and its unique token, only in its episode', () => {
      for (const t of cases) checkNeedles(t);
    });

    it('answer every tool call once, in order, and record every output', () => {
      for (const t of cases) {
        const style = harnessOf<S>(t);
        const h = f.harnesses[style];
        const ids = checkNativeCalls(t);
        if (h.protocol === 'native') {
          expect(ids.length, t.id).toBeGreaterThan(10);
          continue;
        }
        expect(ids, t.id).toEqual([]);
        let steps = 0;
        t.messages.forEach((m, i) => {
          if (m.role === 'user' && !f.isResult(style, m))
            expect(count(h.resultMark, m.content), `${t.id} #${i}`).toBe(0);
          if (m.role !== 'assistant') return;
          const calls = count(h.callMark, m.content);
          const next = t.messages[i + 1];
          if (!calls) {
            expect(next === undefined || !f.isResult(style, next), `${t.id} #${i}`).toBe(true);
            return;
          }
          steps++;
          expect(next && f.isResult(style, next), `${t.id} #${i}`).toBe(true);
          expect(count(h.resultMark, next?.content), `${t.id} #${i}`).toBe(calls);
        });
        expect(steps, t.id).toBeGreaterThan(10);
      }
    });

    it('hold every fact kind, start with the system prompt, end mid-turn or with a clean probe', () => {
      for (const t of cases) {
        const style = harnessOf<S>(t);
        if (t.messages.length >= 300) expect(new Set(t.facts.map((x) => x.kind)), t.id).toEqual(new Set(FACT_KINDS));
        expect(t.facts.length, t.id).toBeGreaterThanOrEqual(10);
        expect(t.facts.length, t.id).toBeLessThanOrEqual(40);
        expect(t.messages[0]?.role).toBe('system');
        expect(t.messages[1]?.role).toBe('user');
        const last = t.messages.at(-1) as ChatMessage;
        if (t.probe) expect(last.role, t.id).toBe('assistant');
        else expect(last.role === 'tool' || f.isResult(style, last), t.id).toBe(true);
        const pending = t.facts.filter((x) => x.kind === 'pending').map((x) => x.lastIndex);
        expect(Math.max(...pending), t.id).toBeGreaterThanOrEqual(t.messages.length - 6);
        expect(t.facts[0]?.firstIndex, t.id).toBe(1);
        expect(t.facts.filter((x) => x.firstIndex > t.messages.length / 2).length, t.id).toBeGreaterThan(2);
        const hows = new Set(t.facts.map((x) => x.style.split('/')[1]?.split('-')[0]));
        expect(hows.has('tool') && hows.has('agent') && hows.has('user'), t.id).toBe(true);
      }
      expect(cases.some((t) => t.probe)).toBe(true);
      expect(cases.some((t) => !t.probe)).toBe(true);
    });

    it('shape sessions: autonomous runs one request through long turns, the others talk back and forth', () => {
      for (const t of cases) {
        const style = harnessOf<S>(t);
        const users = t.messages.filter((m) => m.role === 'user' && !f.isResult(style, m)).length;
        if (t.shape === 'autonomous') expect(users, t.id).toBeLessThanOrEqual(1 + Math.floor(t.messages.length / 120));
        else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 10 : 2);
      }
      const long = f.generate({ seed: 11, messages: 1500, shape: 'autonomous', style: f.longStyle });
      const users = long.messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
      expect(users.length).toBeGreaterThan(1);
      for (const [k, i] of users.entries()) {
        const end = users[k + 1] ?? long.messages.length;
        const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
        if (k < users.length - 1) expect(steps, `turn ${k}`).toBeGreaterThanOrEqual(50);
        expect(steps, `turn ${k}`).toBeLessThanOrEqual(320);
      }
      const parallel = cases.filter((t) => t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1));
      expect(new Set(parallel.map((t) => harnessOf<S>(t)))).toEqual(new Set(f.parallel));
      const several = (style: S) =>
        cases.some(
          (t) => harnessOf(t) === style && t.messages.some((m) => count(f.harnesses[style].callMark, m.content) > 1),
        );
      for (const style of f.several) expect(several(style), style).toBe(true);
      for (const style of f.single) expect(several(style), style).toBe(false);
    });

    it('write every harness in its own format, with non-English users', () => {
      const all = (style: S) =>
        cases
          .filter((t) => harnessOf(t) === style)
          .flatMap((t) => t.messages.map(messageText))
          .join('\n');
      expect(new Set(cases.map((t) => harnessOf<S>(t)))).toEqual(new Set(f.styles));
      formats(all, cases);
      for (const t of cases)
        for (const m of t.messages)
          for (const c of m.tool_calls ?? []) expect(c.id, t.id).toMatch(f.callIds[harnessOf<S>(t)]);
      const sizes = cases.flatMap((t) => t.messages.map((m) => messageText(m).length));
      expect(sizes.some((n) => n > 20_000)).toBe(true);
      expect(sizes.filter((n) => n > 8_000).length).toBeGreaterThan(10);
    });

    it('come near the requested size, and the suite spans 100 to 2,000 messages', () => {
      const s = f.suite(4, 1, false);
      expect(s.map((t) => t.shape)).toEqual(['autonomous', 'interactive', 'mixed', 'autonomous']);
      expect(s[0]?.messages.length).toBeGreaterThanOrEqual(100);
      expect(s[0]?.messages.length).toBeLessThan(125);
      expect(s[3]?.messages.length).toBeGreaterThanOrEqual(2000);
      expect(s[3]?.messages.length).toBeLessThanOrEqual(2030);
      for (const t of s) {
        expect(pairingFaults(t.messages), t.id).toEqual([]);
        checkNeedles(t);
        if (t.messages.length >= 300) expect(new Set(t.facts.map((x) => x.kind)), t.id).toEqual(new Set(FACT_KINDS));
      }
      const quick = f.suite(6, 1, true);
      expect(new Set(quick.map((t) => harnessOf<S>(t)))).toEqual(new Set(f.styles));
      for (const t of quick) {
        expect(t.messages.length, t.id).toBeLessThanOrEqual(430);
        checkNeedles(t);
      }
    });
  });
}
