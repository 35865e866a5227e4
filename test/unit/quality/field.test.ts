/**
 * The field transcript family (bench/quality/field.ts): deterministic, its needles (and their
 * codenames) only where planted, valid tool pairing, every fact kind, every harness style in
 * its own format, sizes near the request.
 */
import { describe, expect, it } from 'vitest';
import { ECOS, newWorld, type Eco } from '../../../bench/quality/field-core';
import { failureFor } from '../../../bench/quality/field-errors';
import { CODENAMES } from '../../../bench/quality/field-names';
import { FIELD_SHAPES, FIELD_STYLES, fieldSuite, generateFieldTranscript } from '../../../bench/quality/field';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { checkEpisodes } from './episodes';
import { Rng } from '../../../bench/quality/rng';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';

const cases = FIELD_STYLES.flatMap((style, i) =>
  FIELD_SHAPES.map((shape, j) =>
    generateFieldTranscript({ seed: 11 + i * 3 + j, messages: 150 + 60 * j, shape, style }),
  ),
);

const codenamesIn = (s: string) => CODENAMES.filter((c) => s.toLowerCase().includes(c));

function checkNeedles(t: Transcript): void {
  // a needle's codename stays in its episode (the step that led to it may come just before)
  checkEpisodes(t, codenamesIn, 3);
  const needles = t.facts.map((f) => f.needle);
  for (const a of needles)
    for (const b of needles) if (a !== b) expect(b.includes(a), `${t.id}: ${a} in ${b}`).toBe(false);
  expect(new Set(needles).size).toBe(needles.length);
  expect(codenamesIn(t.probe ?? '')).toEqual([]);
}

describe('field transcripts', () => {
  it('are deterministic per options', () => {
    const a = generateFieldTranscript({ seed: 5, messages: 300, shape: 'mixed', style: 'sre' });
    const b = generateFieldTranscript({ seed: 5, messages: 300, shape: 'mixed', style: 'sre' });
    expect(JSON.stringify(a.messages)).toBe(JSON.stringify(b.messages));
    expect(a.facts).toEqual(b.facts);
    expect(a.probe).toBe(b.probe);
    const c = generateFieldTranscript({ seed: 6, messages: 300, shape: 'mixed', style: 'sre' });
    expect(JSON.stringify(c.messages)).not.toBe(JSON.stringify(a.messages));
  });

  it('plant needles, and their codenames, only in their episodes', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('keep native tool calls paired, and record every output', () => {
    for (const t of cases) {
      expect(pairingFaults(t.messages), t.id).toEqual([]);
      for (const m of t.messages) {
        if (m.role === 'tool') expect(t.outputs.get(m.tool_call_id ?? '')?.output, t.id).toBe(m.content);
        for (const c of m.tool_calls ?? []) expect(() => JSON.parse(c.function.arguments), t.id).not.toThrow();
      }
      expect(t.tools.length).toBeGreaterThan(0);
    }
  });

  it('hold every fact kind, 15 to 40 facts, start with the system prompt, end mid-turn or with a probe', () => {
    for (const t of cases) {
      expect(new Set(t.facts.map((f) => f.kind)), t.id).toEqual(new Set(FACT_KINDS));
      expect(t.facts.length, t.id).toBeGreaterThanOrEqual(15);
      expect(t.facts.length, t.id).toBeLessThanOrEqual(45);
      expect(t.messages[0]?.role).toBe('system');
      if (!t.probe) expect(t.messages.at(-1)?.role, t.id).toBe('tool');
      else expect(t.messages.at(-1)?.role, t.id).toBe('assistant');
    }
    expect(cases.some((t) => t.probe)).toBe(true);
    expect(cases.some((t) => !t.probe)).toBe(true);
  });

  it('generate every style in its own format', () => {
    const all = (style: string) =>
      cases
        .filter((t) => t.id.startsWith(`field-${style}-`))
        .flatMap((t) => t.messages.map(messageText))
        .join('\n');
    expect(new Set(cases.map((t) => t.id.split('-')[1])).size).toBe(FIELD_STYLES.length);
    expect(all('smolagents')).toContain('python_interpreter');
    expect(all('smolagents')).toMatch(/Execution logs:\n[\s\S]*Last output from code snippet:/);
    expect(all('smolagents')).toContain('```<end_code>');
    expect(
      cases
        .filter((t) => t.id.includes('-smolagents-'))
        .every((t) => t.messages.every((m) => (m.tool_calls?.length ?? 0) <= 1)),
    ).toBe(true);
    expect(all('opencode')).toMatch(/^todowrite \{"todos":\[/m);
    expect(all('opencode')).toMatch(/<file>\n\d{5}\| /);
    expect(all('copilot')).toContain('run_in_terminal');
    expect(all('copilot')).toContain('<userRequest>');
    expect(all('copilot')).toContain('...existing code...');
    expect(all('zed')).toMatch(/Edited .+:\n\n```diff\n@@ -\d+,\d+ \+\d+,\d+ @@/);
    expect(all('zed')).toContain('diagnostics');
    expect(all('sre')).toMatch(/^kubectl \{"command":"get /m);
    expect(all('sre')).toContain('"exit_code":');
    expect(all('analytics')).toMatch(/^run_sql \{"sql":/m);
    expect(all('analytics')).toMatch(/Out\[\d+\]:/);
    expect(all('browser')).toContain('### Page state');
    expect(all('browser')).toMatch(/\[ref=e\d+\]/);
    expect(cases.some((t) => t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1))).toBe(true);
  });

  it('come near the requested size, and the suite spans the range with every style and kind', () => {
    for (const [j, shape] of FIELD_SHAPES.entries()) {
      const t = generateFieldTranscript({ seed: 40 + j, messages: 500, shape, style: FIELD_STYLES[j] });
      expect(t.messages.length, t.id).toBeGreaterThanOrEqual(500);
      expect(t.messages.length, t.id).toBeLessThanOrEqual(560);
    }
    const s = fieldSuite(4, 1, false);
    expect(s.map((t) => t.shape)).toEqual(['autonomous', 'interactive', 'mixed', 'autonomous']);
    expect(s[0]?.messages.length).toBeLessThan(130);
    expect(s[3]?.messages.length).toBeGreaterThanOrEqual(1500);
    expect(s[3]?.messages.length).toBeLessThanOrEqual(2100);
    for (const t of s) expect(pairingFaults(t.messages), t.id).toEqual([]);
    const quick = fieldSuite(7, 1, true);
    expect(new Set(quick.map((t) => t.id.split('-')[1])).size).toBe(FIELD_STYLES.length);
    expect(new Set(quick.flatMap((t) => t.facts.map((f) => f.kind)))).toEqual(new Set(FACT_KINDS));
    for (const t of quick) checkNeedles(t);
  });

  it('name each failure inside its output, for every code ecosystem and every domain', () => {
    const rng = new Rng(3);
    const check = (domain: 'code' | 'ops' | 'data' | 'web', eco: Eco) => {
      for (let i = 0; i < 6; i++) {
        const w = newWorld(rng, 'opencode', domain, 'ledger-sync', '/home/dev/ledger-sync', eco);
        w.scope =
          domain === 'data'
            ? rng.pick(['postgres:x', 'duckdb:x', 'snowflake:x', 'bigquery:x'])
            : 'https://staging.acme-shop.dev';
        const f = failureFor(rng, w, 'marram');
        const out = 'out' in f.act ? f.act.out : '';
        expect(out, `${domain}/${eco}/${f.label}`).toContain(f.needles[0]);
      }
    };
    for (const eco of ECOS) check('code', eco);
    for (const d of ['ops', 'data', 'web'] as const) check(d, 'ts');
  });

  it('keep codenames apart from each other', () => {
    for (const a of CODENAMES)
      for (const b of CODENAMES) if (a !== b) expect(b.includes(a), `${a} in ${b}`).toBe(false);
  });
});
