import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import { STATE_BLOCK_HEADER } from '../../../src/context/constants';
import type { ChatMessage } from '../../../src/context/types';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

const user = (content: string): ChatMessage => ({ role: 'user', content });
const say = (content: string): ChatMessage => ({ role: 'assistant', content });
function call(id: string, name: string, args: Record<string, unknown>, content: string | null = null): ChatMessage {
  return {
    role: 'assistant',
    content,
    tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
  };
}
const result = (id: string, content: string): ChatMessage => ({ role: 'tool', tool_call_id: id, content });
const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/tool-outputs', name), 'utf8');
const summary = (messages: ChatMessage[], cap: number, previous?: string, options = {}) =>
  extractiveSummary(messages, previous, counter, cap, options).text;
const section = (text: string, title: string) => (text.split(`## ${title}`)[1] ?? '').split('\n## ')[0] ?? '';

describe('extractive summary: files', () => {
  const session: ChatMessage[] = [user('Tidy the project')];
  // touched in this order; alphabetical order would be the reverse
  const files = ['zeta/z.ts', 'yak/y.ts', 'xray/x.ts', 'src/a.ts', 'src/b.ts', 'lib/c.py'];
  files.forEach((path, i) => session.push(call(`r${i}`, 'read_file', { path }), result(`r${i}`, 'ok')));
  session.push(say('Then turn.reply was null and perTurn.size was 0, so console.log printed nothing.'));

  it('lists the most recently touched first and keeps them when the cap forces a choice', () => {
    const full = section(summary(session, 2_000), 'Files read or found (most recent first)');
    expect(full.trim()).toBe('lib/c.py, src/b.ts, src/a.ts, xray/x.ts, yak/y.ts, zeta/z.ts');
    const tight = summary(session, 60);
    expect(tight).toContain('lib/c.py');
    expect(tight).not.toContain('zeta/z.ts');
  });

  it('does not take dotted identifiers for files', () => {
    const files = section(summary(session, 2_000), 'Files read or found (most recent first)');
    for (const notAFile of ['turn.reply', 'perTurn.size', 'console.log']) expect(files).not.toContain(notAFile);
  });
});

describe('extractive summary: statements recognised by structure', () => {
  const messages: ChatMessage[] = [
    user('Migrate the billing service to Postgres. Never drop the legacy invoices table. Use pnpm, not npm.'),
    say(
      [
        'I read the schema. The invoices table has 12 columns.',
        '',
        '**Approach**',
        '- copy data with a batched job',
        '- keep the old table read-only until cut-over',
        '',
        "We're going to keep UUID primary keys rather than switching to bigint.",
        'Constraint: every migration must be reversible.',
      ].join('\n'),
    ),
    say('Let me write the migration first. Going with pg-migrate over knex for the runner.'),
    say('## TODO\n- [ ] backfill invoice_lines\n- [x] create the new schema\n\nRun the backfill in batches of 500.'),
  ];
  let text: string;
  beforeAll(() => {
    text = summary(messages, 2_000);
  });

  it('keeps plans, decisions, constraints and next steps however they are phrased', () => {
    for (const phrase of [
      'Approach: copy data with a batched job',
      'Approach: keep the old table read-only until cut-over',
      'keep UUID primary keys rather than switching to bigint',
      'Constraint: every migration must be reversible.',
      'Let me write the migration first.',
      'Going with pg-migrate over knex for the runner.',
      'TODO: backfill invoice_lines',
      'Run the backfill in batches of 500.',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(section(text, 'Plans and next steps')).toContain('backfill invoice_lines');
    expect(section(text, 'Decisions and progress')).toContain('create the new schema');
  });

  it("keeps the user's requirements, and ranks narration below them", () => {
    expect(text).toContain('Never drop the legacy invoices table.');
    const tight = summary(messages, 90);
    expect(tight).toContain('Never drop the legacy invoices table.');
    expect(tight).not.toContain('The invoices table has 12 columns');
  });

  it('extracts requirements from a long request beyond the excerpt it keeps', () => {
    const long = user(
      `${'Context: the service handles invoices for many tenants. '.repeat(12)}You must keep the v1 API.`,
    );
    const out = summary([long], 2_000);
    expect(section(out, 'Constraints and requirements')).toContain('You must keep the v1 API.');
  });

  it('keeps the newest statements when the cap forces a choice', () => {
    const many = Array.from({ length: 60 }, (_, i) => say(`We decided to use strategy number ${i} for the cache.`));
    const out = summary(many, 150);
    expect(out).toContain('strategy number 59');
    expect(out).not.toContain('strategy number 0 ');
  });
});

describe('extractive summary: focus', () => {
  const messages = Array.from({ length: 40 }, (_, i) =>
    say(
      i % 10 === 3
        ? `We decided the billing export uses CSV (step ${i}).`
        : `We decided the cache uses LRU (step ${i}).`,
    ),
  );

  it('prefers what matches the focus when the cap forces a choice', () => {
    const plain = summary(messages, 90);
    const focused = summary(messages, 90, undefined, { focus: 'billing export' });
    const count = (t: string) => (t.match(/billing export/g) ?? []).length;
    expect(count(focused)).toBeGreaterThan(count(plain));
    expect(count(focused)).toBeGreaterThanOrEqual(3);
    expect(focused).toContain('step 33)');
    expect(focused).toContain('focus: billing export');
  });
});

describe('extractive summary: errors', () => {
  it('keeps the failure lines of a raw output and of a digest, verbatim', () => {
    const digest = [
      '[Archived tool result] run_command command="cargo build" → error (exit 101), 900 lines, 46.9 KB',
      'first: Compiling libc v0.2.150',
      'failure lines:',
      '  error[E0308]: mismatched types',
      '  --> src/config.rs:18:22',
      `full output: sha256:${'ab'.repeat(32)}`,
    ].join('\n');
    const out = summary(
      [
        call('c1', 'run_command', { command: 'pytest' }),
        result('c1', fixture('pytest-assert.txt')),
        call('c2', 'run_command', { command: 'cargo build' }),
        result('c2', digest),
      ],
      1_000,
    );
    const errors = section(out, 'Errors');
    for (const id of [
      'test_parse_empty',
      'tests/test_parser.py:42',
      '2 failed, 40 passed',
      'error[E0308]',
      'src/config.rs:18:22',
    ]) {
      expect(errors).toContain(id);
    }
    expect(out).toContain('run_command: cargo build → error (exit 101)');
    expect(out).not.toContain('sha256:');
  });

  it('does not report errors from a file that talks about them', () => {
    const out = summary(
      [call('c1', 'read_file', { path: 'README.md' }), result('c1', fixture('pass-readme.txt'))],
      1_000,
    );
    expect(out).not.toContain('## Errors');
  });
});

describe('extractive summary: commands', () => {
  it('gives the line before a last line that only says the run finished (`Done.`)', () => {
    const out = summary(
      [
        user('Apply the quarter-hour migration.'),
        call('c1', 'shell', { command: 'dotnet ef database update' }),
        result('c1', "Build started...\nBuild succeeded.\n      Applying migration '2547072_QuarterHour'.\nDone.\n"),
        call('c2', 'shell', { command: 'make lint' }),
        result('c2', 'checked 12 files\nall clean'),
      ],
      1_000,
    );
    expect(out).toContain("→ 4 lines, last: Applying migration '2547072_QuarterHour'. Done.");
    expect(out).toContain('→ 2 lines, last: all clean');
  });

  it('gives the line before a last line that only counts remarks (`(1022) 2 hint(s) issued`, `3 warnings generated.`)', () => {
    const out = summary(
      [
        user('Build the release and tell me its size.'),
        call('c1', 'shell', { command: 'lazbuild --build-mode=Release shop.lpi' }),
        result(
          'c1',
          '(3104) Compiling shop.lpr\n(1008) 7081 lines compiled, 3.3 sec, 2512599 bytes code, 417747 bytes data\n(1022) 2 hint(s) issued\n',
        ),
        call('c2', 'shell', { command: 'make' }),
        result('c2', 'cc -c a.c\n2 errors generated.'),
      ],
      1_000,
    );
    expect(out).toContain(
      'last: (1008) 7081 lines compiled, 3.3 sec, 2512599 bytes code, 417747 bytes data (1022) 2 hint(s) issued',
    );
    // (a count of errors is no remark: the line itself is the outcome)
    expect(out).toContain('→ 2 lines, last: 2 errors generated.');
  });
});

describe('extractive summary: rules quoted as written', () => {
  it('keeps the spacing of a rule quoted from a comment', () => {
    const config = '{\n  // House rules:\n  //  * islands/Cart.tsx: never reads Deno.env\n  "lock": true\n}';
    const out = summary(
      [user('Add the cart island.'), call('c1', 'read_file', { path: 'deno.jsonc' }), result('c1', config)],
      1_000,
    );
    expect(section(out, 'Constraints and requirements')).toContain('- //  * islands/Cart.tsx: never reads Deno.env');
  });
});

describe('extractive summary: rolling over an earlier summary', () => {
  const earlier = [
    '[Previous conversation summary]',
    '',
    '(extractive summary of 40 messages)',
    '',
    '## Earlier summary',
    '## User requests',
    '- Set up the repository',
    '',
    STATE_BLOCK_HEADER,
    'Goal: Set up the repository',
    'Files touched: src/a.ts, src/b.t',
    '',
    '## Decisions and progress',
    '- We chose vitest over jest.',
    '',
    '## Files',
    'README.md, turn.reply',
    '',
    STATE_BLOCK_HEADER,
    'Goal: Set up the repository',
    'Errors seen:',
    `- bash: full output: sha256:${'c'.repeat(64)}`,
  ].join('\n');

  it('merges the earlier items, never nests a state block, never emits a content reference', () => {
    const out = summary([user('Now add CI'), say("I'll add a GitHub workflow.")], 2_000, earlier);
    expect(out).not.toContain('Session state');
    expect(out).not.toContain('Goal:');
    expect(out).not.toContain('sha256');
    expect(out).not.toContain('## Earlier summary');
    expect(out).not.toContain('turn.reply');
    expect(section(out, 'User requests')).toMatch(/Set up the repository[\s\S]*Now add CI/);
    expect(out).toContain('We chose vitest over jest.');
    expect(out).toContain('README.md');
  });

  it('lets new items win over earlier ones under a tight cap (the session goal, its first request, first)', () => {
    const out = summary([user('Now add CI'), say('We decided to run CI on Node 20 and 22.')], 50, earlier);
    expect(out).toContain('Set up the repository');
    expect(out).toContain('Node 20 and 22');
    expect(out).not.toContain('vitest over jest');
  });

  it('does not repeat what the state block already says', () => {
    const out = summary([call('c1', 'read_file', { path: 'src/only-here.ts' }), result('c1', 'x')], 2_000, undefined, {
      stateBlock: `${STATE_BLOCK_HEADER}\nFiles touched: src/only-here.ts`,
    });
    expect(out).not.toContain('## Files');
  });
});

describe('extractive summary: cap and cost', () => {
  /** A long agent session: requests, statements, tool calls with outputs, failures. */
  function longSession(turns: number): ChatMessage[] {
    const out: ChatMessage[] = [];
    for (let t = 0; t < turns; t += 1) {
      out.push(user(`Step ${t}: make module m${t} pass its tests; it must not import from legacy/.`));
      out.push(call(`a${t}`, 'read_file', { path: `src/m${t}/index.ts` }, `I'll read src/m${t}/index.ts first.`));
      out.push(result(`a${t}`, `export const m${t} = ${t};\n`.repeat(40)));
      out.push(call(`b${t}`, 'run_command', { command: 'npm', args: ['test', `m${t}`] }));
      out.push(result(`b${t}`, t % 3 ? fixture('jest-fail.txt') : fixture('pass-jest.txt')));
    }
    return out;
  }

  it('never exceeds its cap and reports the exact count of its text', () => {
    const messages = longSession(60);
    for (const cap of [1, 10, 40, 120, 400, 1_500, 4_000]) {
      const r = extractiveSummary(messages, undefined, counter, cap);
      expect(r.tokens, `cap ${cap}`).toBe(counter.countText(r.text));
      expect(r.tokens, `cap ${cap}`).toBeLessThanOrEqual(cap);
      if (cap >= 400) expect(r.tokens, `cap ${cap}`).toBeGreaterThan(cap * 0.8);
    }
  });

  it('counts only text of the size of its output, whatever the size of its input (no recount per dropped item)', () => {
    const counted = (messages: ChatMessage[]) => {
      let chars = 0;
      const spy = Object.create(counter) as TokenCounter;
      spy.countText = (text: string) => {
        chars += text.length;
        return counter.countText(text);
      };
      spy.encode = (text: string) => {
        chars += text.length;
        return counter.encode(text);
      };
      extractiveSummary(messages, undefined, spy, 1_000);
      return chars;
    };
    const small = counted(longSession(40));
    const large = counted(longSession(400));
    expect(large).toBeLessThan(1_000 * 4 * 8); // a few passes over a 1,000-token text
    expect(large).toBeLessThan(small * 4); // a round or two more to correct the estimate, not one per item
  });
});
