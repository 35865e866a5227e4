import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolDigest } from '../../src/context/digest';
import { countLines, truncateOutput, utf8ByteLength } from '../../src/context/truncate';

const lines = (n: number, prefix = 'line') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join('\n');

describe('truncateOutput', () => {
  it('keeps the first 128 and last 128 lines with the seed marker', () => {
    const text = lines(1000);
    const r = truncateOutput(text);
    expect(r.truncated).toBe(true);
    const out = r.text.split('\n');
    expect(out[0]).toBe('line 1');
    expect(out[127]).toBe('line 128');
    expect(out[128]).toBe('[... omitted 744 of 1000 lines ...]');
    expect(out[129]).toBe('line 873');
    expect(out.at(-1)).toBe('line 1000');
    expect(r.stats).toMatchObject({ totalLines: 1000, keptLines: 256, omittedLines: 744, cutBy: 'lines' });
  });

  it('returns small outputs unchanged', () => {
    const text = lines(256);
    expect(truncateOutput(text)).toMatchObject({ text, truncated: false, stats: { cutBy: 'none', omittedLines: 0 } });
    expect(truncateOutput('')).toMatchObject({ text: '', truncated: false });
  });

  it('fits 10 KiB when lines are long, cutting inside lines but never inside a code point', () => {
    const text = Array.from({ length: 300 }, () => '€😀'.repeat(200)).join('\n');
    const r = truncateOutput(text);
    expect(utf8ByteLength(r.text)).toBeLessThanOrEqual(10_240);
    expect(r.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(r.text).toContain('[... omitted ');
    expect(r.stats.keptBytes).toBeLessThan(10_240);
  });

  it('cuts a single 5 MB line by bytes', () => {
    const text = 'x'.repeat(5 * 1024 * 1024);
    const r = truncateOutput(text);
    expect(r.stats).toMatchObject({ totalLines: 1, cutBy: 'chars', totalBytes: 5 * 1024 * 1024 });
    expect(utf8ByteLength(r.text)).toBeLessThanOrEqual(10_240);
    expect(r.text).toContain('[... omitted 1 of 1 lines ...]');
  });

  it('counts lines the way editors do', () => {
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\n\nb')).toBe(3);
  });

  it('rejects limits too small for the marker', () => {
    expect(() => truncateOutput('x', { maxBytes: 10 })).toThrow(RangeError);
  });

  const limitsArb = fc.record({
    headLines: fc.integer({ min: 0, max: 20 }),
    tailLines: fc.integer({ min: 0, max: 20 }),
    maxChars: fc.integer({ min: 64, max: 2_000 }),
    maxBytes: fc.integer({ min: 64, max: 2_000 }),
  });
  const textArb = fc
    .array(fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', ' ', '\n', 'z', '中'), maxLength: 120 }), {
      maxLength: 60,
    })
    .map((parts) => parts.join('\n'));

  it('property: never over its limits, identity below them, valid UTF-8, head and tail preserved', () => {
    fc.assert(
      fc.property(textArb, limitsArb, (text, limits) => {
        const r = truncateOutput(text, limits);
        const enc = new TextEncoder().encode(r.text);
        expect(new TextDecoder('utf-8', { fatal: true }).decode(enc)).toBe(r.text);
        if (!r.truncated) {
          expect(r.text).toBe(text);
          return;
        }
        expect(enc.length).toBeLessThanOrEqual(limits.maxBytes);
        expect([...r.text].length).toBeLessThanOrEqual(limits.maxChars);
        const marker = /\n?\[\.\.\. omitted (\d+) of (\d+) lines \.\.\.\]\n/.exec(r.text);
        expect(marker).not.toBeNull();
        const head = r.text.slice(0, marker!.index);
        const tail = r.text.slice(marker!.index + marker![0].length);
        expect(text.startsWith(head)).toBe(true);
        expect(text.endsWith(tail)).toBe(true);
        expect(head.length + tail.length).toBeLessThan(text.length);
        expect(Number(marker![2])).toBe(countLines(text));
      }),
      { numRuns: 300 },
    );
  });

  it('property: lines kept from the cut part come after the marker, within the limits, or not at all', () => {
    fc.assert(
      fc.property(textArb, limitsArb, fc.string({ maxLength: 400 }), (text, limits, middle) => {
        const r = truncateOutput(text, limits, middle);
        const enc = new TextEncoder().encode(r.text);
        expect(new TextDecoder('utf-8', { fatal: true }).decode(enc)).toBe(r.text);
        if (!r.truncated) return void expect(r.text).toBe(text);
        expect(enc.length).toBeLessThanOrEqual(limits.maxBytes);
        expect([...r.text].length).toBeLessThanOrEqual(limits.maxChars);
        const marker = /\n?\[\.\.\. omitted (\d+) of (\d+) lines \.\.\.\]\n/.exec(r.text)!;
        const head = r.text.slice(0, marker.index);
        let tail = r.text.slice(marker.index + marker[0].length);
        const reserve = `[... omitted ${countLines(text)} of ${countLines(text)} lines ...]`.length + 2;
        const fits =
          middle !== '' &&
          2 * (utf8ByteLength(middle) + 1) <= limits.maxBytes - reserve &&
          2 * ([...middle].length + 1) <= limits.maxChars - reserve;
        if (fits) {
          expect(tail.startsWith(`${middle}\n`)).toBe(true);
          tail = tail.slice(middle.length + 1);
        }
        expect(text.startsWith(head)).toBe(true);
        expect(text.endsWith(tail)).toBe(true);
        // head and tail take what the marker and the lines kept leave (not always less than without
        // them: a smaller budget splits between head and tail at another point)
        const shownChars = fits ? [...middle].length + 1 : 0;
        const shownBytes = fits ? utf8ByteLength(middle) + 1 : 0;
        expect(r.stats.keptChars).toBeLessThanOrEqual(limits.maxChars - reserve - shownChars);
        expect(r.stats.keptBytes).toBeLessThanOrEqual(limits.maxBytes - reserve - shownBytes);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps head and tail within what the lines kept leave (a case fast-check found)', () => {
    const limits = { headLines: 3, tailLines: 2, maxChars: 64, maxBytes: 68 };
    const text = 'a\na😀\n中中😀\n\na\na中€aa😀aa€';
    const r = truncateOutput(text, limits, ' ');
    const reserve = `[... omitted 6 of 6 lines ...]`.length + 2;
    expect(r.text).toContain('\n \n');
    expect(r.stats.keptChars).toBeLessThanOrEqual(64 - reserve - 2);
    expect(r.stats.keptBytes).toBeLessThanOrEqual(68 - reserve - 2);
  });

  it('property: below all limits the text is returned unchanged', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), (text) => {
        const r = truncateOutput(text, { maxBytes: 100_000, maxChars: 100_000, headLines: 500, tailLines: 500 });
        expect(r).toMatchObject({ text, truncated: false });
      }),
    );
  });
});

describe('toolDigest', () => {
  it('is short, deterministic and names tool, arguments, status, size, edges and sha256', () => {
    const ref = `sha256:${'ab'.repeat(32)}` as const;
    const input = {
      result: {
        toolName: 'run_command',
        status: 'error' as const,
        exitCode: 2,
        outputBytes: 5_000_000,
        outputLines: 90_000,
        truncated: true,
        fullOutputRef: ref,
        binary: false,
        firstLine: 'PASS a.test.ts',
        lastLine: 'Tests: 1 failed',
      },
      keyArgs: { command: 'npm', cwd: 'pkg' },
    };
    const text = toolDigest(input);
    expect(text).toBe(toolDigest(input));
    expect(text).toContain('run_command');
    expect(text).toContain('command="npm"');
    expect(text).toContain('exit 2');
    expect(text).toContain('4.8 MB');
    expect(text).toContain('first: PASS a.test.ts');
    expect(text).toContain('last: Tests: 1 failed');
    expect(text).toContain(ref);
    expect(text.length).toBeLessThan(500);
  });
});
