/**
 * The files a search or a listing found (`grep -rn`, `rg`, `find`, `git status --short`) are kept
 * as files found: an agent goes on to open what it found, and a summary that keeps only
 * `grep → ok` has lost where.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { listedPaths } from '../../../src/activities/summarizers/paths';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import type { ChatMessage } from '../../../src/context/types';
import { toolSteps, user } from '../../support/chat-steps';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

describe('listedPaths', () => {
  it('reads the paths a search, a find, a tree or a git status lists', () => {
    expect(
      listedPaths('src/ledger/split.py:41:    def split(self):\nsrc/ledger/models.py:7:class Entry:\n', 12),
    ).toEqual(['src/ledger/split.py', 'src/ledger/models.py']);
    expect(listedPaths('./db/changelog/07-orders.xml\n./db/changelog/08-refunds.xml\n./README.md', 12)).toEqual([
      'db/changelog/07-orders.xml',
      'db/changelog/08-refunds.xml',
      'README.md',
    ]);
    expect(listedPaths(' M src/app.ts\n?? docs/notes.md\n', 12)).toEqual(['src/app.ts', 'docs/notes.md']);
    expect(listedPaths('├── src/index.ts\n└── src/util.ts', 12)).toEqual(['src/index.ts', 'src/util.ts']);
  });

  it('reads nothing from prose, code or a log that names a path in passing', () => {
    expect(listedPaths('The parser lives in src/parse.ts and the tests in tests/parse.test.ts.', 12)).toEqual([]);
    expect(listedPaths('import os\nfrom app.models import Entry\n\ndef f():\n    return 1\n', 12)).toEqual([]);
    expect(listedPaths('INFO starting\nINFO reading config/app.yaml\nINFO ready on :8080\n', 12)).toEqual([]);
  });

  it('keeps at most `max`, each once', () => {
    const out = Array.from({ length: 40 }, (_, i) => `src/m${i % 20}.ts:${i}: x`).join('\n');
    expect(listedPaths(out, 12)).toHaveLength(12);
    expect(new Set(listedPaths(out, 12)).size).toBe(12);
  });
});

describe('extractive summary: files a search found', () => {
  it('keeps the file a grep found among routine reads', () => {
    const step = toolSteps('g');
    const messages: ChatMessage[] = [user('Find where the refund currency is set and fix it.')];
    for (let i = 0; i < 20; i += 1)
      messages.push(...step('read_file', { path: `src/app/mod${i % 4}.py` }, `import os\n${'x = 1\n'.repeat(20)}`));
    messages.push(
      ...step(
        'shell',
        { command: 'grep -rn "refund_currency" .' },
        'migrations/versions/92057677993f_refund_currency.py:12:    op.add_column("refunds", sa.Column("refund_currency"))\nsrc/app/refunds.py:88:    refund_currency = "EUR"',
      ),
    );
    for (let i = 0; i < 20; i += 1)
      messages.push(...step('read_file', { path: `src/app/mod${i % 4}.py` }, `import os\n${'y = 2\n'.repeat(20)}`));
    const out = extractiveSummary(messages, undefined, counter, 400).text;
    expect(out).toMatch(/## Files read or found[^\n]*\n[^\n]*92057677993f_refund_currency\.py/);
  });
});
