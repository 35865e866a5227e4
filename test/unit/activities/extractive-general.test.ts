/**
 * Facts survive the extractive summarizer however the session phrases them: hand-written
 * sessions in styles unlike the benchmark's generator (bench/quality) — a terse agent with
 * its own tool and argument names, a narrating agent, a user writing in French, a Ruby and a
 * .NET failure — padded with routine steps so that the cap forces a choice. Each fact is
 * stated once, in the middle of the session, never in the newest messages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import type { ChatMessage } from '../../../src/context/types';
import { say, toolSteps, user } from '../../support/chat-steps';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

const step = toolSteps('t');

const ROUTINE_SAYINGS = [
  'Looking at the code now.',
  'Ok, checking the tests again.',
  'Reading through the module.',
  'Let me look at that file.',
  'All good so far, continuing.',
  'Running the suite once more.',
];
/** Routine work: reads of the same few files, passing runs, small talk — what most of a session is. */
function routine(n: number, seed: number): ChatMessage[] {
  const out: ChatMessage[] = [];
  const files = ['lib/app.rb', 'lib/app/router.rb', 'spec/spec_helper.rb', 'Gemfile'];
  for (let i = 0; i < n; i += 1) {
    const k = (seed + i) % 4;
    const said = i % 3 === 0 ? (ROUTINE_SAYINGS[(seed + i) % ROUTINE_SAYINGS.length] as string) : null;
    if (k === 3)
      out.push(
        ...step('sh', { cmd: 'bundle exec rspec' }, `${40 + i} examples, 0 failures\nFinished in 1.2 seconds`, said),
      );
    else out.push(...step('open', { target: files[k] }, `# ${files[k]}\n${'def x; end\n'.repeat(30)}`, said));
  }
  return out;
}

const summary = (messages: ChatMessage[], cap: number) => extractiveSummary(messages, undefined, counter, cap).text;

describe('extractive summary: facts in styles the generator does not use', () => {
  const facts: Record<string, string> = {};
  let messages: ChatMessage[];
  beforeAll(() => {
    const terse = [
      user(
        [
          'need the invoice export fixed before friday.',
          '',
          'notes:',
          '* prod replica is pg-replica-3.internal:6432, read only',
          '* ping @marta.k when it ships',
          '* ticket is OPS-88213',
        ].join('\n'),
      ),
      ...routine(30, 1),
      say('ok. going w/ sqlite for the export cache, redis is overkill here'),
      ...routine(30, 2),
      ...step(
        'fs_write',
        { target: 'lib/export/csv_writer.rb', text: 'class CsvWriter\n  def call; end\nend\n' },
        'wrote 3 lines',
      ),
      ...routine(30, 3),
      ...step(
        'sh',
        { cmd: 'bundle exec rspec spec/export' },
        [
          'Randomized with seed 4242',
          '..F.',
          'Failures:',
          '  1) CsvWriter#call escapes embedded quotes',
          '     Failure/Error: expect(row).to eq(expected)',
          '     # ./spec/export/csv_writer_spec.rb:27:in `block (2 levels) in <top (required)>`',
          'Finished in 0.9 seconds',
          '4 examples, 1 failure',
          'rspec ./spec/export/csv_writer_spec.rb:27 # CsvWriter#call escapes embedded quotes',
        ].join('\n'),
      ),
      ...routine(30, 4),
      user("ne jamais modifier config/prod_secrets.yml, c'est géré par l'équipe infra."),
      ...routine(30, 5),
      say(
        'After weighing both, the cleaner route is to keep the v1 endpoint untouched and serve the new format from `/v2/exports` only.',
      ),
      ...routine(30, 6),
      ...step(
        'shell',
        { cmd: 'dotnet test' },
        [
          '  Determining projects to restore...',
          '  All projects are up-to-date for restore.',
          '  Failed Billing.Tests.LedgerTests.RoundsHalfEven [12 ms]',
          '  Error Message:',
          '   Assert.Equal() Failure: Expected: 10.25, Actual: 10.26',
          'Failed!  - Failed:     1, Passed:    87, Skipped:     0, Total:    88',
        ].join('\n'),
      ),
      ...routine(30, 7),
      say('still owe: backfill the 2023 invoices (batch job), will do after the review'),
      ...routine(40, 8),
    ];
    messages = terse;
    Object.assign(facts, {
      value: 'pg-replica-3.internal:6432',
      contact: '@marta.k',
      ticket: 'OPS-88213',
      decision: 'sqlite',
      file: 'lib/export/csv_writer.rb',
      rubyFailure: 'escapes embedded quotes',
      frenchConstraint: 'config/prod_secrets.yml',
      narratedDecision: '/v2/exports',
      dotnetFailure: 'RoundsHalfEven',
      pending: 'backfill the 2023 invoices',
    });
  });

  it('keeps every fact under a cap that leaves out most of the session', () => {
    const total = counter.countRequest(messages);
    const cap = 900;
    expect(total).toBeGreaterThan(cap * 20);
    const out = summary(messages, cap);
    const missing = Object.entries(facts).filter(([, needle]) => !out.includes(needle));
    expect(missing, out).toEqual([]);
  });

  it('puts the file written by a tool with its own argument names among the files written', () => {
    const out = summary(messages, 900);
    expect((out.split('## Files written')[1] ?? '').split('\n## ')[0]).toContain('lib/export/csv_writer.rb');
  });

  it('spends little of a tight cap on routine steps said many times', () => {
    const out = summary(messages, 450);
    // every fact first; routine lines only fill what is left, a small share of the cap
    const missing = Object.entries(facts).filter(([, needle]) => !out.includes(needle));
    expect(missing, out).toEqual([]);
    const routineLines = out.split('\n').filter((l) => ROUTINE_SAYINGS.some((s) => l.includes(s)));
    expect(counter.countText(routineLines.join('\n'))).toBeLessThanOrEqual(450 * 0.15);
  });
});

describe('what a checker reports, and failures told many times', () => {
  it("reads a compiler's warnings, however worded, as findings, not rules", () => {
    const warnings = Array.from(
      { length: 6 },
      (_, i) =>
        `Reflection warning, app/headway.clj:${10 + i}:23 - call to static method valueOf on java.lang.Long can't be resolved (argument types: unknown).`,
    ).join('\n');
    const messages: ChatMessage[] = [
      user('Build the uberjar.'),
      ...step(
        'shell',
        { command: 'lein uberjar' },
        `Compiling app.core\n${warnings}\nCreated target/app-standalone.jar`,
      ),
      say('Built.'),
    ];
    const summary = extractiveSummary(messages, undefined, counter, 2_000).text;
    expect(summary).not.toContain('## Constraints');
    expect(summary).toContain('lein uberjar');
  });

  it('lets a failure told twenty times in one shape yield to an older, different one', () => {
    const messages: ChatMessage[] = [
      user('Make the nightly job green.'),
      ...step('shell', { command: 'lein deps' }, 'Could not find artifact fi.hsl:gomivol:jar:2.3.0 in central', null),
      ...Array.from({ length: 20 }, (_, i) =>
        step(
          'shell',
          { command: 'clj-kondo --lint src test' },
          `linting took ${100 + i * 7}ms, errors: 0, warnings: ${1 + (i % 4)}\nexit status 2`,
        ),
      ).flat(),
      say('Still linting.'),
    ];
    const summary = extractiveSummary(messages, undefined, counter, 260).text;
    expect(summary).toContain('fi.hsl:gomivol:jar:2.3.0');
    expect(summary).toContain('clj-kondo');
  });
});
