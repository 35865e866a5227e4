/**
 * Outputs the model saw cut to their head and tail, and values of outputs that are no listing.
 *
 * A tool's output a harness sends as a user message is cut by storeMessage when it is larger than
 * its allowance; its last line then points at the stored whole. Cut, a JSON output
 * (`{"tool_results": […]}`) is no JSON any more, and a range that opens on it (its call in the
 * range before) has no call to pair it with: it must still be read as an output, never as the
 * user's request. Small cut outputs are read back whole, like small archived listings.
 *
 * An output that is no listing still states values: a short answer as a whole (a query's result)
 * and the report a program ends with (two or more value lines in a row, a drawn box's edges aside).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { withTextCalls } from '../../../src/activities/summarizers/text-calls';
import { reportLines, valueLines } from '../../../src/activities/summarizers/values';
import { archivedListings } from '../../../src/activities/summarize';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import { fitOutput } from '../../../src/activities/tools/output';
import { failureEvidence, plainOutput } from '../../../src/context/evidence';
import { cutReference, fullOutputLine } from '../../../src/context/truncate';
import type { ChatMessage } from '../../../src/context/types';
import { MemoryStore } from '../../../src/store';
import { say, toolSteps, user } from '../../support/chat-steps';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

const step = toolSteps('c');

/** A build's output, as an xLAM-like harness lists it, with a figure in its middle. */
function resultsMessage(figure: string): string {
  const noise = Array.from({ length: 60 }, (_, i) => `(3104) Compiling src/unit${i}.pas`);
  const output = [
    ...noise.slice(0, 30),
    `(1008) 58568 lines compiled, ${figure}`,
    ...noise.slice(30),
    '(1022) 3 hint(s) issued',
  ];
  return JSON.stringify({
    tool_results: [{ name: 'run_command', result: { exit_code: 0, output: output.join('\n') } }],
  });
}

/** The message as storeMessage stores a tool's output sent as text above its allowance: head + tail + the whole's reference. */
async function cut(store: MemoryStore, content: string, maxTokens: number): Promise<string> {
  const bytes = new TextEncoder().encode(content);
  const ref = await store.put(bytes);
  const fitted = fitOutput(content, {
    maxTokens,
    count: (text) => counter.countText(text),
    reference: fullOutputLine(bytes.length, ref),
  });
  expect(fitted.truncated).toBe(true);
  return fitted.text;
}

describe('an output cut to its head and tail', () => {
  it('is known by the line that points at the whole, and only by it', () => {
    const ref = `sha256:${'a'.repeat(64)}`;
    expect(cutReference(`head\n[... omitted 3 of 9 lines ...]\ntail\n${fullOutputLine(812, ref)}`)).toEqual({
      bytes: 812,
      ref,
    });
    expect(cutReference(`the model was told: ${fullOutputLine(812, ref)} in passing`)).toBeUndefined();
    expect(cutReference(`head\n[full output: 812 bytes, sha256:abc]`)).toBeUndefined();
  });

  it('opening a range, its call in the range before, is an output and not the request', async () => {
    const store = new MemoryStore();
    const content = await cut(store, resultsMessage('5.5 sec, 3420504 bytes code'), 120);
    expect(() => JSON.parse(content)).toThrow();
    const messages: ChatMessage[] = [
      { role: 'user', content },
      {
        role: 'assistant',
        content: '{"thought": "", "tool_calls": [{"name": "run_command", "arguments": {"command": "git status"}}]}',
      },
    ];
    const read = withTextCalls(messages, true);
    expect(read[0]?.role).toBe('tool');
    const summary = extractiveSummary(
      messages,
      '[Previous conversation summary]\n\n## User requests\n- Build the release.',
      counter,
      600,
    ).text;
    expect(summary).not.toContain('tool_results');
    expect(summary).not.toContain('[full output');
  });

  it('after a reply whose call is not recognised, is an output of no known call', async () => {
    const store = new MemoryStore();
    const content = await cut(store, resultsMessage('1.1 sec'), 120);
    const messages: ChatMessage[] = [
      user('Build it.'),
      { role: 'assistant', content: 'Building now, then I will report the size.' },
      { role: 'user', content },
    ];
    expect(withTextCalls(messages)[2]?.role).toBe('tool');
  });

  it('when small, is read back whole: the values of its omitted middle are read', async () => {
    const store = new MemoryStore();
    const lines = Array.from({ length: 36 }, (_, i) => `WORKER_${i}_ENABLED=true`);
    const content = await cut(store, lines.join('\n'), 120);
    expect(content).not.toContain('WORKER_9_ENABLED=true');
    const messages: ChatMessage[] = [
      user('Which workers are enabled?'),
      ...step('bash', { cmd: 'printenv' }, content),
      say('Checking the deploy config next.'),
    ];
    const fullOutputs = await archivedListings(store, messages);
    expect(fullOutputs.size).toBe(1);
    const summary = extractiveSummary(messages, undefined, counter, 900, { fullOutputs }).text;
    expect(summary).toContain('WORKER_9_ENABLED=true');
    // (without it, only what the head and tail showed)
    expect(extractiveSummary(messages, undefined, counter, 900).text).not.toContain('WORKER_9_ENABLED=true');
    // (how it ended is its last line shown, not the line that points at the whole)
    expect(summary).not.toMatch(/last: \[full output/);
  });

  it('as JSON, has its strings read when it is no JSON any more', () => {
    const ref = `sha256:${'b'.repeat(64)}`;
    const text = `{"output": "line one\\nerror: \\"x\\" failed\n[... omitted 1 of 3 lines ...]\ndone"}\n${fullOutputLine(99, ref)}`;
    expect(plainOutput(text).text).toContain('error: "x" failed\n');
  });
});

describe('values of an output that is no listing', () => {
  it('a short answer: its lines that name a value', () => {
    expect(reportLines(`'6071698 kr.'\n"0.476 s"`)).toEqual(["'6071698 kr.'"]);
    expect(reportLines('{"duration":6524994,"number":855,"result":"SUCCESS"}')).toEqual([
      '{"duration":6524994,"number":855,"result":"SUCCESS"}',
    ]);
    expect(reportLines('M src/app.ts\nM README.md')).toEqual([]);
    expect(reportLines('Wrote 660 bytes to src/ukiripos.pas')).toEqual([]);
  });

  it("none from an attachment's placeholder: its size and dimensions are the file's", () => {
    for (const placeholder of [
      '[screenshot 1366x768 image/png, 231 KB]',
      '<image: 1920×1080 jpeg>',
      'Screenshot saved (412 KB)',
      'Image attached: page-3.png',
      '[recording 00:42, video/webm, 3.1 MB]',
    ])
      expect(reportLines(placeholder), placeholder).toEqual([]);
    // (a figure that only mentions an image is still an answer)
    expect(reportLines('images processed: 4812')).toEqual(['images processed: 4812']);
  });

  it('the report it ends with: value lines in a row, a drawn box read through', () => {
    const run = [
      '    Building gza ~master: building configuration [application]',
      '     Linking gza',
      '     Running gza stats tracks/tusheti-full.gpx',
      'Segments:      6 (8691603 track points)',
      'Distance:      95.22 km',
      'Ascent:        4545 m',
      'Parsed in 2.049 s',
    ].join('\n');
    expect(valueLines(run)).toEqual([]);
    expect(reportLines(run)).toEqual([
      'Segments:      6 (8691603 track points)',
      'Distance:      95.22 km',
      'Ascent:        4545 m',
    ]);
    const dryRun = [
      'BUILDING escrow',
      'Dry run completed, execution status: success',
      '╭──────────────────────────────╮',
      '│ Gas Cost Summary             │',
      '│  Storage Cost: 6573677 MIST  │',
      '│  Computation Cost: 4262150 MIST │',
      '╰──────────────────────────────╯',
    ].join('\n');
    expect(reportLines(dryRun)).toEqual(['Storage Cost: 6573677 MIST', 'Computation Cost: 4262150 MIST']);
  });

  it("none from a search's matches, a write's echo, code or a header that names no figure", () => {
    expect(reportLines('src/api/route.py:107:    buildWebhook(sync, opts)\nREADME.md:12:  buildWebhook(')).toEqual([]);
    expect(reportLines("'wrote 8577 bytes to invoice_cache/jobs/export.py'")).toEqual([]);
    const code = Array.from(
      { length: 8 },
      (_, i) => `def f${i}(self):\n    stock = self._format_stock(billing)\n    store = self._merge(billing)`,
    );
    expect(reportLines(code.join('\n'))).toEqual([]);
    const pytest = [
      '=== test session starts ===',
      'platform linux -- Python 3.12.1',
      'rootdir: /app/invoice-cache',
      'configfile: pyproject.toml',
      'collected 41 items',
      '',
      'tests/test_a.py ....',
    ];
    expect(reportLines(pytest.join('\n'))).toEqual([]);
  });

  it('of a program run on a source file, not of the file read back', () => {
    const answer = '     = 5930023%N\n     : N\nFinished transaction in 8.768 secs (1.799u,0.8s) (successful)';
    const kept = (args: Record<string, unknown>): boolean => {
      const messages: ChatMessage[] = [
        user('How large is the reference tree?'),
        ...step('run', args, answer),
        say('That is the figure to beat.'),
      ];
      return extractiveSummary(messages, undefined, counter, 900).text.includes('5930023%N');
    };
    // (a script run, a query in a file's context: what the program printed)
    expect(kept({ command: 'node scripts/size.js' })).toBe(true);
    expect(kept({ command: 'cd app && SEED=1 timeout 60 python3 scripts/size.py --n 21' })).toBe(true);
    expect(kept({ file: 'theories/RB.v', command: 'Time Eval vm_compute in size (build_ascending 21).' })).toBe(true);
    // (the file itself printed: code, the Files section's)
    expect(kept({ command: 'sed -n 1,40p scripts/size.py' })).toBe(false);
    expect(kept({ path: 'scripts/size.py' })).toBe(false);
    expect(kept({ command: 'view', path: 'scripts/size.py' })).toBe(false);
  });

  it('none from a log or code with no report at its end', () => {
    const log = Array.from({ length: 30 }, (_, i) => `[${i}] compiling module ${i} of 30`).join('\n');
    expect(reportLines(log)).toEqual([]);
    const code = ['fn main() {', '    let port = 8080;', '    serve(port);', '}', '', 'fn serve(p: u16) {}', ''].join(
      '\n',
    );
    expect(reportLines(`${code}${code}`)).toEqual([]);
  });
});

describe('a tag with attributes around an output', () => {
  it("is a harness's wrapper whatever its name: its text, and how the command ended", () => {
    const block =
      '<block cmd="dub test" exit_code=1 duration="3.4s">\ncore.exception.AssertError@source/a.d(118): unittest failure\n1/4 modules FAILED unittests\n</block>';
    expect(plainOutput(block)).toEqual({
      text: 'core.exception.AssertError@source/a.d(118): unittest failure\n1/4 modules FAILED unittests',
      failed: true,
    });
    expect(failureEvidence(plainOutput(block).text, { failed: true }).join('\n')).not.toContain('</block>');
    // (a bare tag of no known kind is no wrapper: `<html>` is the page)
    expect(plainOutput('<html>\n<body>hi</body>\n</html>').text).toContain('<html>');
  });
});
