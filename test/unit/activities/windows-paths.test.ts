/**
 * Windows paths and tool calls written as tags in the text (Cline- and Roo-style agents, often on
 * Windows): the files an agent read and wrote are files whatever their separators, and they
 * survive a rolling summary (which checks the file names an earlier summary kept).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { textEdits } from '../../../src/activities/summarizers/pasted';
import { isPath, pathsIn } from '../../../src/activities/summarizers/paths';
import { composeSummary } from '../../../src/activities/summarize';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import type { ChatMessage } from '../../../src/context/types';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

describe('Windows paths', () => {
  it('are paths, with or without a drive letter', () => {
    for (const p of [
      'src\\Billing.Api\\InvoiceController.cs',
      'C:\\work\\tools\\sync.py',
      'D:\\repos\\ledger\\src\\lib',
    ])
      expect(isPath(p)).toBe(true);
    // an escaped backslash (doubled) or one beside a slash is quoting, not a path
    for (const p of ['src\\\\Billing\\\\a.cs', 'src/a\\b.ts', 'and\\or']) expect(isPath(p)).toBe(false);
  });

  it('are found in text, the drive letter included', () => {
    expect(pathsIn('Found 2 results.\n\nsrc\\Billing.Api\\InvoiceController.cs\nsrc\\Billing.Api\\Startup.cs')).toEqual(
      ['src\\Billing.Api\\InvoiceController.cs', 'src\\Billing.Api\\Startup.cs'],
    );
    expect(pathsIn('Opened C:\\work\\tools\\sync.py for the import.')).toEqual(['C:\\work\\tools\\sync.py']);
  });

  it('do not swallow a slashed path in text with escapes', () => {
    expect(pathsIn('{"out": "ok\\nsrc/ledger/post.ts\\ndone"}')).toEqual(['src/ledger/post.ts']);
  });
});

describe('tool calls written as tags in the text', () => {
  it('write the path of a tool named for writing, and add its new text', () => {
    const text = [
      '<thinking>Adding the exporter.</thinking>',
      '<write_to_file>',
      '<path>src\\Billing.Export\\CsvExporter.cs</path>',
      '<content>',
      'namespace Billing.Export;',
      '// TODO(next): stream rows instead of buffering them',
      '</content>',
      '</write_to_file>',
    ].join('\n');
    const edits = textEdits(text);
    expect(edits.paths).toEqual(['src\\Billing.Export\\CsvExporter.cs']);
    expect(edits.markers).toEqual(['TODO(next): stream rows instead of buffering them']);
    // a tool named for reading writes nothing
    expect(textEdits('<read_file>\n<path>src\\Billing.Api\\Startup.cs</path>\n</read_file>').paths).toEqual([]);
  });

  it('the written file is in the summary, and still there after a rolling summary merges it', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: '<task>Add a CSV export to the billing service.</task>' },
      {
        role: 'assistant',
        content:
          '<write_to_file>\n<path>src\\Billing.Export\\CsvExporter.cs</path>\n<content>\nnamespace Billing.Export;\n</content>\n</write_to_file>',
      },
      { role: 'user', content: '[write_to_file for src\\Billing.Export\\CsvExporter.cs] Result: The file was saved.' },
    ];
    const first = extractiveSummary(messages, undefined, counter, 400).text;
    expect(first).toMatch(/## Files written[^\n]*\n[^\n]*src\\Billing\.Export\\CsvExporter\.cs/);
    const next = extractiveSummary(
      [{ role: 'user', content: 'Now run the tests.' }],
      composeSummary(first),
      counter,
      400,
    ).text;
    expect(next).toContain('src\\Billing.Export\\CsvExporter.cs');
  });
});
