/**
 * Merging an earlier summary: its counts are read back rather than repeated (`(×3)` stays one
 * count), and the errors its state block showed — which its own Errors section leaves out —
 * come back as errors of the next summary, whose state block may no longer show them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../src/activities/summarizers/collect';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { earlierItems } from '../../../src/activities/summarizers/previous';
import { composeSummary } from '../../../src/activities/summarize';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import { STATE_BLOCK_HEADER } from '../../../src/context/constants';
import type { ChatMessage } from '../../../src/context/types';
import { say, toolSteps, user } from '../../support/chat-steps';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

const step = toolSteps('m');
const failing = (test: string): string =>
  [
    '============================= test session starts ==============================',
    'collected 12 items',
    '',
    `tests/test_ledger.py ....F.......`,
    '',
    `FAILED tests/test_ledger.py::${test} - AssertionError: assert 3 == 4`,
    '========================= 1 failed, 11 passed in 0.42s =========================',
  ].join('\n');

/** The state block the engine would append, showing one error (src/context/facts.ts's rendering). */
const stateBlock = (command: string, lines: string[]): string =>
  [
    STATE_BLOCK_HEADER,
    'Goal: fix the ledger',
    'Errors seen:',
    `- bash \`${command}\`: exit 1`,
    ...lines.map((l) => `  ${l}`),
  ].join('\n');

describe('failure lines verbatim', () => {
  it('keeps the spacing a tool printed (psql\u2019s `ERROR:  42703`), in the summary and through a merge', () => {
    const line =
      'psql:db/migrate/split.sql:58: ERROR:  42703: column "ledger_id" of relation "invoices" does not exist';
    const messages: ChatMessage[] = [
      user('Split the invoices table.'),
      ...step('shell', { command: 'psql -f db/migrate/split.sql' }, `BEGIN\nALTER TABLE\n${line}\nROLLBACK`),
      say('The column name is wrong; fixing the migration.'),
    ];
    const first = extractiveSummary(messages, undefined, counter, 400).text;
    expect(first).toContain(line);
    const merged = extractiveSummary([user('Go on.')], composeSummary(first), counter, 400).text;
    expect(merged).toContain(line);
  });
});

describe('the goal among requests', () => {
  const goalBlock = `${STATE_BLOCK_HEADER}\nGoal: Build the Gedrair importer for the partner feed`;
  const requestBoost = (items: ReturnType<typeof collect>, text: string) =>
    items.find((i) => i.section === 'requests' && i.text === text)?.boost;

  it('is the request the state block names, not the first of a later range nor of an earlier summary', () => {
    const earlier = composeSummary(
      '## User requests\n- btw run tests with FEED_OFFLINE=1\n- Build the Gedrair importer for the partner feed',
      goalBlock,
    );
    const items = collect([user('sure'), say('Carrying on with the parser.'), user('go ahead')], earlier, {
      goal: 'Build the Gedrair importer for the partner feed',
    });
    expect(requestBoost(items, 'sure')).toBeLessThan(2);
    expect(requestBoost(items, 'btw run tests with FEED_OFFLINE=1')).toBeLessThan(2);
    expect(requestBoost(items, 'Build the Gedrair importer for the partner feed')).toBe(2);
  });

  it('without a state block, is not the first request of a range after a summary', () => {
    const earlier = composeSummary('## User requests\n- btw run tests with FEED_OFFLINE=1');
    const items = collect([user('sure'), say('Parsing.')], earlier, {});
    expect(requestBoost(items, 'sure')).toBeLessThan(2);
  });

  it('is the first request of a range that starts the session when no state block says', () => {
    const items = collect([user('Build the Gedrair importer.'), say('Starting.'), user('sure')], undefined, {});
    expect(requestBoost(items, 'Build the Gedrair importer.')).toBe(2);
    expect(requestBoost(items, 'sure')).toBeLessThan(2);
  });
});

describe('merging an earlier summary', () => {
  it('reads a count back instead of repeating it', () => {
    const items = earlierItems('## Other notes\n- Running the suite again. (×3)');
    expect(items).toEqual([{ section: 'notes', text: 'Running the suite again.', count: 3 }]);
    const earlier = composeSummary('## Other notes\n- Running the suite again. (×3)');
    const out = extractiveSummary([say('Running the suite again.')], earlier, counter, 500).text;
    expect(out).toContain('Running the suite again. (×4)');
    expect(out).not.toMatch(/\(×\d+\) \(×\d+\)/);
  });

  it('reads back the errors the earlier state block showed', () => {
    const block = stateBlock('pytest -q', [
      'FAILED tests/test_ledger.py::test_rounds_half_even - AssertionError: assert 3 == 4',
    ]);
    const items = earlierItems(composeSummary('## Other notes\n- Looked at the ledger.', block));
    // the message after the command is the first failure line, not part of the head
    expect(items).toContainEqual({
      section: 'errors',
      text: 'bash pytest -q: ',
      lines: ['exit 1', 'FAILED tests/test_ledger.py::test_rounds_half_even - AssertionError: assert 3 == 4'],
      count: 1,
      logCount: true,
    });
  });

  it('keeps an earlier error whose only other line is an exit status the new state block shows for another error', () => {
    const earlierBlock = [
      STATE_BLOCK_HEADER,
      'Goal: fix the ledger',
      'Errors seen:',
      '- bash `Rscript -e "devtools::test()"`: Failure (test-ledger.R:21:3): round_half_even() keeps ties even',
      '  Command exited with status 1',
    ].join('\n');
    const earlier = composeSummary('## Other notes\n- Looked at the ledger.', earlierBlock);
    // the new state block shows other errors, with the same exit-status line
    const newBlock = [
      STATE_BLOCK_HEADER,
      'Goal: fix the ledger',
      'Errors seen:',
      '- bash `git stash list`: fatal: not a git repository',
      '  Command exited with status 1',
    ].join('\n');
    const out = extractiveSummary([say('Looking at the importer now.')], earlier, counter, 500, {
      stateBlock: newBlock,
    }).text;
    expect(out).toContain('round_half_even() keeps ties even');
  });

  it('leaves out of its Errors section what its state block shows, and keeps it through the next merge', () => {
    const first: ChatMessage[] = [
      user('The ledger rounding is off; please fix it.'),
      ...step('bash', { command: 'pytest -q' }, failing('test_rounds_half_even')),
      say('The rounding test fails; looking at the ledger.'),
    ];
    const block = stateBlock('pytest -q', [
      'FAILED tests/test_ledger.py::test_rounds_half_even - AssertionError: assert 3 == 4',
      '1 failed, 11 passed in 0.42s',
    ]);
    const body = extractiveSummary(first, undefined, counter, 600, { stateBlock: block }).text;
    expect(body).not.toContain('## Errors');
    // the next summary: other work, and a state block that shows a newer error only
    const later: ChatMessage[] = [
      ...step('bash', { command: 'ruff check .' }, 'All checks passed!'),
      ...step('bash', { command: 'mypy ledger' }, 'ledger/round.py:12: error: Missing return statement  [return]'),
    ];
    const newer = stateBlock('mypy ledger', ['ledger/round.py:12: error: Missing return statement  [return]']);
    const merged = extractiveSummary(later, composeSummary(body, block), counter, 600, { stateBlock: newer }).text;
    expect(merged).toContain('test_rounds_half_even');
  });
});

describe('counts through rolling summaries', () => {
  it('does not add the count its state block showed to the count of the same error in its body', () => {
    // an empty output that failed: the state block shows `bash failed`, and so does the body
    const earlierBlock = [STATE_BLOCK_HEADER, 'Goal: fix the ledger', 'Errors seen:', '- bash: bash failed (×4)'].join(
      '\n',
    );
    let summary = composeSummary('## Errors\n- bash: bash failed (×4)', earlierBlock);
    // compactions that see no new failure: the count stays what the session showed
    for (let k = 0; k < 5; k += 1) {
      const body = extractiveSummary([say(`Reading module ${k} now.`)], summary, counter, 500).text;
      summary = composeSummary(body, earlierBlock);
    }
    const failed = collect([say('Go on.')], summary).find(
      (i) => i.section === 'errors' && i.text === 'bash: bash failed',
    );
    expect(failed?.count).toBe(4);
    // one the body does not show counts once: the state block's count is of the whole log, which
    // other summaries and the range may count too
    const fromBlock = collect([say('Go on.')], composeSummary('## Other notes\n- Looked.', earlierBlock)).find(
      (i) => i.text === 'bash: bash failed',
    );
    expect(fromBlock?.count).toBe(1);
  });
});

describe('an earlier list of files', () => {
  it('whose entries include commands an older summarizer took for files is read as the paths they name', () => {
    const earlier = composeSummary(
      "## Files read or found (most recent first)\nsrc/Core/Meter.fs, sed -n '1,87p' src/Core/Rates.fs, cat src/Api/Handlers.fs, tests/BillingTests.fs",
    );
    const files = earlierItems(earlier).filter((i) => i.section === 'files');
    expect(files.map((i) => i.text)).toEqual([
      'src/Core/Meter.fs',
      'src/Core/Rates.fs',
      'src/Api/Handlers.fs',
      'tests/BillingTests.fs',
    ]);
    // prose about files stays one item (an llm summary's)
    const prose = earlierItems(
      composeSummary('## Files\nThe parser lives in src/parse.ts, and the tests in test/parse.test.ts'),
    );
    expect(prose.filter((i) => i.section === 'files')).toEqual([]);
  });
});

describe('a checklist kept up to date', () => {
  it('owes no step that a later version ticked off', () => {
    const write = (content: string) => step('file_write', { file: '/app/todo.md', content }, 'ok');
    const messages: ChatMessage[] = [
      user('Add the orders route.'),
      ...write('# Todo\n- [ ] Read the routes\n- [ ] Add the route\n- [ ] Tell the user'),
      ...write('# Todo\n- [x] Read the routes\n- [x] Add the route\n- [ ] Tell the user'),
    ];
    const plans = collect(messages, undefined)
      .filter((i) => i.section === 'plans')
      .map((i) => i.text);
    expect(plans.some((p) => p.includes('Tell the user'))).toBe(true);
    expect(plans.filter((p) => p.includes('Add the route') || p.includes('Read the routes'))).toEqual([]);
  });
});
