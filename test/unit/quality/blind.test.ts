/**
 * The blind transcript family (bench/quality/blind.ts): same options, same transcript; every
 * needle occurs only in the short stretch where it was planted, and the words needles are made
 * of nowhere else; each imitated harness plants facts where it keeps them (tool arguments,
 * assistant text, tool output); failures name their identifier before the last line, in many
 * ecosystems; the transcript is a valid conversation with every fact kind.
 */
import { describe, expect, it } from 'vitest';
import { blindSuite, generateBlindTranscript, SHAPES, type Shape } from '../../../bench/quality/blind';
import { STYLES, type StyleName } from '../../../bench/quality/blind-agents';
import { FILLER, NEEDLE_WORDS } from '../../../bench/quality/blind-words';
import { factSpans, messageText, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';

const CASES: [number, Shape, StyleName][] = STYLES.flatMap((style, i) =>
  SHAPES.map((shape, j) => [i * 3 + j + 1, shape, style] as [number, Shape, StyleName]),
);
const cache = new Map<string, Transcript>();
function make(seed: number, messages: number, shape: Shape, style: StyleName): Transcript {
  const key = `${seed}/${messages}/${shape}/${style}`;
  let t = cache.get(key);
  if (!t) cache.set(key, (t = generateBlindTranscript({ seed, messages, shape, style })));
  return t;
}
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const stripAnsi = (s: string) => s.replace(ANSI, '');

describe('blind word lists', () => {
  it('keep needle words out of filler words', () => {
    const filler = Object.values(FILLER).flat();
    for (const w of NEEDLE_WORDS) for (const f of filler) expect(f.includes(w), `${w} in ${f}`).toBe(false);
    expect(new Set(NEEDLE_WORDS).size).toBe(NEEDLE_WORDS.length);
  });
});

describe('blind transcript generator', () => {
  it('is deterministic per options', () => {
    const a = generateBlindTranscript({ seed: 9, messages: 180, shape: 'mixed', style: 'codex' });
    const b = generateBlindTranscript({ seed: 9, messages: 180, shape: 'mixed', style: 'codex' });
    expect(JSON.stringify(a.messages)).toBe(JSON.stringify(b.messages));
    expect(a.facts).toEqual(b.facts);
    const c = generateBlindTranscript({ seed: 10, messages: 180, shape: 'mixed', style: 'codex' });
    expect(JSON.stringify(c.messages)).not.toBe(JSON.stringify(a.messages));
  });

  it.each(CASES)('seed %i (%s, %s): needles and their words occur only where planted', (seed, shape, style) => {
    const t = make(seed, 260 + seed * 20, shape, style);
    const spans = factSpans(
      t.messages,
      t.facts.map((f) => f.needle),
    );
    t.facts.forEach((f, i) => {
      expect(spans[i], f.needle).toEqual({ first: f.firstIndex, last: f.lastIndex });
      expect(f.lastIndex - f.firstIndex, f.needle).toBeLessThanOrEqual(12);
      // Made of a needle word, or a port, ticket or cron string.
      const minted = NEEDLE_WORDS.some((w) => f.needle.toLowerCase().includes(w));
      expect(minted || /^\d{5}$|^[A-Z]{4}-\d{4}$|\* \*/.test(f.needle), f.needle).toBe(true);
    });
    const needles = t.facts.map((f) => f.needle);
    expect(new Set(needles).size).toBe(needles.length);
    for (const a of needles) for (const b of needles) if (a !== b) expect(b.includes(a), `${a} in ${b}`).toBe(false);
    // A needle word shows up only inside some fact's stretch (decisions name rejected options there too).
    const forms = NEEDLE_WORDS.map((w) => [w, w[0]?.toUpperCase() + w.slice(1), w.toUpperCase()]);
    t.messages.forEach((m, i) => {
      const text = messageText(m);
      for (const [w] of forms.filter((f) => f.some((x) => text.includes(x))))
        expect(
          t.facts.some((f) => f.firstIndex <= i && i <= f.lastIndex),
          `"${w}" in message ${i} outside every fact`,
        ).toBe(true);
    });
  });

  it.each(CASES)(
    'seed %i (%s, %s): a valid conversation of about the requested size with every kind',
    (seed, shape, style) => {
      const size = 420 + seed * 10;
      const t = make(seed, size, shape, style);
      expect(pairingFaults(t.messages)).toEqual([]);
      expect(t.messages[0]?.role).toBe('system');
      expect(t.messages[1]?.role).toBe('user');
      expect(t.messages.length).toBeGreaterThanOrEqual(size - 2);
      expect(t.messages.length).toBeLessThan(size + 12);
      expect(new Set(t.facts.map((f) => f.kind))).toEqual(new Set(FACT_KINDS));
      expect(t.facts.find((f) => f.kind === 'goal')?.firstIndex).toBe(1);
      for (const m of t.messages) {
        if (m.role === 'tool') expect(t.outputs.get(m.tool_call_id ?? '')?.output).toBe(m.content);
        for (const c of m.tool_calls ?? []) {
          expect(t.tools).toContain(c.function.name);
          expect(() => JSON.parse(c.function.arguments) as unknown).not.toThrow();
        }
      }
      if (t.probe === undefined) expect(t.messages.at(-1)?.role).toBe('tool');
    },
  );

  it('imitates each harness where it keeps facts', () => {
    // The assistant message of each fact of `kind` planted in `style` that holds the needle.
    const where = (t: Transcript, kind: string, style: string) =>
      t.facts
        .filter((f) => f.kind === kind && f.style.startsWith(style))
        .map((f) =>
          t.messages
            .slice(f.firstIndex, f.lastIndex + 1)
            .find((m) => m.role === 'assistant' && messageText(m).includes(f.needle)),
        );
    const claude = make(1, 1200, 'autonomous', 'claude');
    const todo = where(claude, 'pending', 'todo-args/')[0];
    expect(
      todo?.tool_calls?.some((c) => c.function.name === 'TodoWrite' && c.function.arguments.includes('"pending"')),
    ).toBe(true);
    const edits = where(claude, 'file', 'Edit/').map((m) => m?.tool_calls?.find((c) => c.function.name === 'Edit'));
    expect(edits.some((c) => /"file_path".*"old_string".*"new_string"/.test(c?.function.arguments ?? ''))).toBe(true);

    const codex = make(2, 1200, 'autonomous', 'codex');
    const patch = where(codex, 'file', 'apply_patch/').flatMap(
      (m) => m?.tool_calls?.map((c) => c.function.arguments) ?? [],
    );
    expect(patch.some((a) => a.includes('*** Begin Patch\\n*** Update File: '))).toBe(true);
    expect(patch.some((a) => a.startsWith('{"command":["apply_patch",'))).toBe(true);
    expect(
      codex.messages.some((m) =>
        m.tool_calls?.some((c) => c.function.arguments.startsWith('{"command":["bash","-lc",')),
      ),
    ).toBe(true);
    expect(where(codex, 'decision', 'plan-explanation/')[0]?.tool_calls?.[0]?.function.name).toBe('update_plan');

    const aider = make(3, 1200, 'mixed', 'aider');
    const block = where(aider, 'file', 'search-replace/')[0]?.content ?? '';
    expect(block).toMatch(/<<<<<<< SEARCH\n[\s\S]*=======\n[\s\S]*>>>>>>> REPLACE/);
    expect(where(aider, 'pending', 'xml-plan/')[0]?.content).toMatch(/<plan>\n[\s\S]*- \[ \] /);

    const openhands = make(4, 1200, 'autonomous', 'openhands');
    const think = where(openhands, 'decision', 'think-tool/')[0]?.tool_calls?.[0];
    expect(think?.function.name).toBe('think');
    expect(
      openhands.messages.some((m) =>
        m.tool_calls?.some((c) => c.function.arguments.includes('"command":"str_replace"')),
      ),
    ).toBe(true);
  });

  it('puts failures before the last line, in many ecosystems, some buried, some coloured', () => {
    const ecosystems = new Set<string>();
    let buried = 0;
    let coloured = 0;
    for (const [seed, shape, style] of CASES) {
      const t = make(seed, 260 + seed * 20, shape, style);
      for (const f of t.facts.filter((x) => x.kind === 'error')) {
        ecosystems.add(f.style.split('/')[0]?.replace(/-user-paste$/, '') ?? '');
        const holder = t.messages
          .slice(f.firstIndex, f.lastIndex + 1)
          .find((m) => m.role !== 'assistant' && (m.content ?? '').includes(f.needle));
        const raw = holder?.content ?? '';
        expect(raw).toContain(f.needle);
        const output = raw.startsWith('{"output":') ? (JSON.parse(raw) as { output: string }).output : raw;
        const lines = stripAnsi(output)
          .split('\n')
          .filter((l) => l.trim());
        expect(lines.at(-1), f.needle).not.toContain(f.needle);
        const at = lines.findIndex((l) => l.includes(f.needle));
        if (at > 100 && lines.length - at > 5) buried += 1;
        if (output !== stripAnsi(output)) coloured += 1;
      }
    }
    expect(ecosystems.size).toBeGreaterThanOrEqual(12);
    expect(buried).toBeGreaterThan(0);
    expect(coloured).toBeGreaterThan(0);
  });

  it('makes long autonomous turns with parallel calls, and a suite of every shape', () => {
    const t = make(5, 1500, 'autonomous', 'claude');
    // Steps between user messages (a user may type mid-turn, so some runs are short).
    const runs = [0];
    for (const m of t.messages.slice(2)) {
      if (m.role === 'user') runs.push(0);
      else if (m.role === 'assistant' && m.tool_calls?.length) runs[runs.length - 1] = (runs.at(-1) ?? 0) + 1;
    }
    expect(Math.max(...runs)).toBeGreaterThanOrEqual(100);
    expect(runs.reduce((a, b) => a + b, 0) / runs.length).toBeGreaterThanOrEqual(30);
    expect(t.messages.some((m) => (m.tool_calls?.length ?? 0) >= 3)).toBe(true);
    const s = blindSuite(3, 1, true);
    expect(s.map((x) => x.shape)).toEqual(['autonomous', 'interactive', 'mixed']);
    expect(new Set(s.map((x) => x.id)).size).toBe(3);
  });
});
