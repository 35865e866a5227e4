/**
 * What the user is after and what is still owed survive, however much else the session says:
 * an ask buried in a long pasted issue, a question that is a request, a short switch to the
 * next piece of work, and the steps an agent lists as remaining or marks TODO in its narration
 * beside a tool call — under a cap that leaves out most of the session, and again after the
 * summary is merged into the next one (a rolling summary re-ranks what it kept).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { settingChange } from '../../../src/activities/summarizers/arguments';
import { notedLines } from '../../../src/activities/summarizers/pasted';
import { sentenceKind, statementsIn, statesGoal } from '../../../src/activities/summarizers/statements';
import { toolDigest } from '../../../src/context/digest';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import type { ChatMessage } from '../../../src/context/types';
import { say, toolSteps, user } from '../../support/chat-steps';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

describe('sentence kinds of asks and owed steps', () => {
  it.each([
    ['TODO(next): wire the retry budget into the poller', 'next'],
    ['FIXME: the cursor is reset on reconnect', 'next'],
    ['Progress: parser ✓, lexer ✓ — remaining: the error messages, the docs page.', 'next'],
    ["I'll land the schema first; after that I'll port the fixtures.", 'next'],
    ['Still to do: the Windows paths.', 'next'],
    ['Could you get the uploader to resume after a dropped connection?', 'plan'],
    ['So can you look at why the cache misses on cold start?', 'plan'],
    ['Should I also rotate the fennel API key now, or leave it for a follow-up?', 'next'],
    ['Do you want me to add a test for the pagination as well?', 'next'],
    ['<question>Shall I backfill the staging rows too?</question>', 'next'],
    ['<result>The cache must be warmed before the first request.</result>', 'constraint'],
  ])('%s → %s', (sentence, kind) => {
    expect(sentenceKind(sentence)).toBe(kind);
  });

  it('takes a first-person report of work done for progress, not a choice', () => {
    expect(sentenceKind('I moved the retry loop into the client and renamed the flag.')).toBe('progress');
    expect(sentenceKind('Going with the token bucket instead of a fixed window.')).toBe('decision');
  });

  it('takes a choice whose reason qualifies it for a decision; a prohibition in it keeps it a rule', () => {
    expect(
      sentenceKind(
        "Weighing it all, I'm going with the outbox for the retries: it keeps ordering without a global lock.",
      ),
    ).toBe('decision');
    expect(sentenceKind('Use the replica rather than the primary, only for the nightly report.')).toBe('decision');
    expect(sentenceKind('Use the replica rather than the primary; never write to it.')).toBe('constraint');
    expect(sentenceKind('Run it without the cache.')).toBe('constraint');
  });

  it('reads what a group agreed on (`Consensus: …`, `Agreed: …`) as a decision', () => {
    for (const label of ['Consensus', 'Agreed', 'Recommendation']) {
      expect(statementsIn(`${label}: shard the ledger by tenant.`, 4)).toEqual([
        { kind: 'decision', text: `${label}: shard the ledger by tenant.` },
      ]);
    }
  });

  it('reads a decision labelled in another language (`Besluit: …`, `Entscheidung: …`) as one', () => {
    for (const label of ['Besluit', 'Entscheidung', 'Decisión', 'Lēmums', 'Odluka'])
      expect(statementsIn(`${label}: dibufit gebruik kotlinx-datetime, nie java.time nie`, 4)[0]?.kind).toBe(
        'decision',
      );
    // (a word that only begins like one is none)
    expect(statementsIn('Besluiten: dibufit gebruik kotlinx-datetime', 4)[0]?.kind).not.toBe('decision');
    // (in scripts without capitals, and after a full-width colon)
    for (const line of [
      'Решение: очередь храним в Postgres, не в Redis.',
      'قرار: نستخدم Postgres للطابور.',
      'ውሳኔ: puvuful ረድፎችን በ(ቀን, መጠን) ቁልፍ እናዛምዳለን',
      'সিদ্ধান্ত: আমরা Postgres ব্যবহার করব।',
      '決定：キューは Postgres に置く。',
    ])
      expect(statementsIn(line, 4)[0]?.kind, line).toBe('decision');
    expect(statementsIn('Примечание: очередь пока в Redis.', 4)[0]?.kind).not.toBe('decision');
  });

  it('leaves questions that ask for nothing, and descriptions, unclassified', () => {
    expect(sentenceKind('Why is the lock taken twice there?')).toBeUndefined();
    expect(sentenceKind('The worker was written a while ago and reads the queue on every tick.')).toBeUndefined();
  });

  it('takes a reply handing the turn back (`Let me know …`) for no plan; `Let me check …` still is one', () => {
    expect(sentenceKind('Let me know what you want next.')).toBeUndefined();
    expect(sentenceKind("Let us know if the staging deploy breaks again and we'll look.")).toBeUndefined();
    expect(sentenceKind('Let me check the retry budget first.')).toBe('plan');
  });

  it.each([
    'The goal: make the ledger sync resumable.',
    'What we need is for the exporter to stream rows.',
    'Could you get the uploader to resume after a dropped connection?',
    'What I actually need is for the importer to survive a worker restart.',
    'All we really want is one retry budget, read from config.',
    "I'm trying to get the nightly export under ten minutes.",
    'The real goal here is fewer pages at night.',
  ])('states a goal: %s', (s) => expect(statesGoal(s)).toBe(true));

  it('reads a table framed in asterisks or box-drawing bars as cells, not as list items or sentences', () => {
    // (ROOT's `TTree::Scan`, `rich`, `psql` and `tabulate` print so: a row that opens with `*` is no bullet)
    const scan = [
      '************************************************************',
      '*    Row   *   eventno *        ch *       adc *        dt *',
      '************************************************************',
      '*        0 *    633572 *         3 *       510 *   0.60350 *',
      '*        1 *    179014 *         0 *        75 *  18.58193 *',
      '************************************************************',
      '* keep the *raw* files untouched',
    ].join('\n');
    expect(statementsIn(scan, 8)).toEqual([{ kind: 'note', text: 'keep the *raw* files untouched' }]);
    expect(statementsIn(scan, 8, true).map((s) => s.text)).toEqual([
      'Row: 0, eventno: 633572, ch: 3, adc: 510, dt: 0.60350',
      'Row: 1, eventno: 179014, ch: 0, adc: 75, dt: 18.58193',
      'keep the *raw* files untouched',
    ]);
    const box = ['┃ id ┃ station ┃ status ┃', '│ 7  │ Tórshavn │ down   │', '│ 9  │ Klaksvík │ up     │'].join('\n');
    expect(statementsIn(box, 8)).toEqual([]);
    expect(statementsIn(box, 8, true).map((s) => s.text)).toEqual([
      'id: 7, station: Tórshavn, status: down',
      'id: 9, station: Klaksvík, status: up',
    ]);
  });

  it('takes a result reported with its exceptions for no rule; a rule with an exception stays one', () => {
    for (const s of [
      'Nothing odd except 3 households of size 1 in Borana with food expenditure above the 99th percentile.',
      'No errors except the usual warning in calib.C.',
      'All 42 tests pass except test_rounding.',
      'Nothing failed except the flaky upload test.',
    ])
      expect(sentenceKind(s), s).toBeUndefined();
    for (const s of [
      'Never push to main except for hotfixes.',
      'No pushes to main except hotfixes.',
      'Use tabs except in YAML files.',
      'Nothing may be deleted except temp files.',
      'Everything except the vendor directory must be linted.',
      'Nothing runs against the prod-orders cluster except the nightly export job.',
    ])
      expect(sentenceKind(s), s).toBe('constraint');
  });

  it('takes an item that forbids or obliges for a rule under a heading of another kind', () => {
    const plan = [
      '# Oromia HHS 2024 — analysis plan',
      '',
      '- Stata 18, do-files run from master.do',
      '- GUPAVES: standard errors are always clustered on ea, never plain robust',
    ].join('\n');
    expect(statementsIn(plan, 8, false, undefined, true).map((s) => s.kind)).toEqual(['plan', 'constraint']);
  });

  it('does not take a detail for a goal', () => {
    expect(statesGoal('The exporter reads 40k rows per run.')).toBe(false);
    expect(statesGoal('I tried to reproduce it twice and it passed both times.')).toBe(false);
    expect(statesGoal('They are looking into the queue depth alert.')).toBe(false);
  });
});

const step = toolSteps('a');
const CONTEXT = [
  'The importer was rewritten by Sam last spring and polls the bucket every 30 seconds.',
  'We ingest about 1,200 files a day, most of them from the EU region (ticket DATA-4410 has the numbers).',
  'When a file is retried we parse it twice, which costs time but does no harm.',
  'Most of the parsing lives in pkg/ingest/reader.go, with helpers in pkg/ingest/schema.go.',
];

/** Routine work with numbers and paths (specific-looking, but nothing the agent must keep). */
function routine(n: number, seed: number): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (let i = 0; i < n; i += 1) {
    const k = seed + i;
    if (i % 4 === 0)
      out.push(user(i % 8 === 0 ? 'ok, carry on' : `why does pkg/ingest/file_${k}.go read the header twice?`));
    out.push(
      ...step(
        'bash',
        { cmd: `go test ./pkg/ingest/... -run TestFile${k}` },
        `ok  \texample.com/ingest/pkg/ingest\t${(k % 9) + 1}.${k % 10}s`,
        `Checked file_${k}.go: it reads ${k * 7} bytes of header on each of ${k % 13} retries.`,
      ),
    );
  }
  return out;
}

describe('extractive summary: asks and owed steps under a tight cap', () => {
  const needles = {
    buriedAsk: 'make the ingest cursor survive a restart',
    politeAsk: 'teach the uploader to resume a dropped multipart upload',
    switch: 'the quarantine bucket cleanup',
    remaining: 'the backfill for March',
    todo: 'drop the legacy CSV path',
  };
  let messages: ChatMessage[];
  beforeAll(() => {
    messages = [
      user(
        [
          'Pasting the issue from the tracker:',
          '',
          '### #318 Ingest restarts from scratch',
          '',
          ...CONTEXT,
          '',
          `The goal: ${needles.buriedAsk} without re-reading finished files.`,
          '',
          ...CONTEXT.map((c) => c.replace('Sam', 'Ana').replace('30', '45')),
        ].join(' '),
      ),
      ...routine(40, 1),
      user(`Also, could you ${needles.politeAsk}? ${CONTEXT[1]} ${CONTEXT[2]}`),
      ...routine(40, 100),
      ...step(
        'bash',
        { cmd: 'go vet ./...' },
        '',
        `Progress: cursor ✓, checkpoint ✓ — remaining: the flaky test, ${needles.remaining}.`,
      ),
      ...routine(40, 200),
      ...step('bash', { cmd: 'git status --short' }, ' M pkg/ingest/cursor.go', `TODO(next): ${needles.todo}`),
      ...routine(40, 300),
      user(`now ${needles.switch}`),
      ...routine(40, 400),
    ];
  });

  it('keeps every ask and owed step', () => {
    const total = counter.countRequest(messages);
    const cap = 700;
    expect(total).toBeGreaterThan(cap * 15);
    const out = extractiveSummary(messages, undefined, counter, cap).text;
    const missing = Object.entries(needles).filter(([, n]) => !out.includes(n));
    expect(missing, out).toEqual([]);
  });

  it('keeps them when the summary is merged into the next one', () => {
    const half = 230;
    const first = extractiveSummary(messages.slice(0, half), undefined, counter, 700).text;
    const out = extractiveSummary([...messages.slice(half), ...routine(60, 500)], first, counter, 700).text;
    const missing = Object.entries(needles).filter(([, n]) => !out.includes(n));
    expect(missing, out).toEqual([]);
  });
});

describe('extractive summary: prose a command fetched', () => {
  it('keeps the rules of a review and the ask of an issue read by a command, whatever their names', () => {
    const needles = { rule: 'never call the billing API from a request handler', ask: 'expose the export as a stream' };
    const messages: ChatMessage[] = [
      user('Look at PR 88 and the issue it fixes, then continue.'),
      ...routine(30, 1),
      ...step(
        'bash',
        { cmd: 'gh pr view 88 --comments' },
        [
          'lena requested changes (3 days ago)',
          `  Blocking: ${needles.rule}, we were rate-limited twice last quarter.`,
          '',
          'omar commented (1 day ago)',
          '  the retry loop looks fine to me otherwise',
          '',
          '-- View this pull request on GitHub: https://github.com/acme/ledger/pull/88',
        ].join('\n'),
      ),
      ...routine(30, 100),
      ...step(
        'bash',
        { cmd: 'gh issue view 412' },
        [
          'Export times out on large accounts',
          'opened by kim, 2 comments',
          '',
          'Accounts with more than a million rows make the export run for minutes and then fail.',
          `Could you ${needles.ask} so that the client receives rows as they are read?`,
          'The nightly report depends on it, so it is fairly urgent.',
        ].join('\n'),
      ),
      ...routine(40, 200),
    ];
    const out = extractiveSummary(messages, undefined, counter, 800).text;
    const missing = Object.entries(needles).filter(([, n]) => !out.includes(n));
    expect(missing, out).toEqual([]);
  });
});

describe('extractive summary: values and tasks a command carries', () => {
  it('keeps a command that sets a value, and the title of an issue fetched in a wrapper, over routine commands', () => {
    const needles = {
      env: 'LEDGER_SHARDS=12',
      pin: 'pgbouncer==1.22.1',
      title: 'Export stalls on accounts with archived rows',
    };
    const messages: ChatMessage[] = [
      user('Pick up the export issue.'),
      ...step(
        'shell',
        { command: 'gh issue view 57' },
        [
          'Command: gh issue view 57',
          `Stdout: title:\t${needles.title}`,
          'state:\tOPEN',
          'number:\t57',
          '--',
          'Reported by support twice this week.',
          'Stderr: (empty)',
          'Error: (none)',
          'Exit Code: 0',
        ].join('\n'),
      ),
      ...routine(30, 1),
      ...step('bash', { cmd: `${needles.env} ./bin/export --dry-run` }, 'dry run: 0 rows changed'),
      ...routine(30, 100),
      ...step('bash', { cmd: `pip install '${needles.pin}'` }, 'Successfully installed pgbouncer-1.22.1'),
      ...routine(40, 200),
    ];
    const out = extractiveSummary(messages, undefined, counter, 700).text;
    const missing = Object.entries(needles).filter(([, n]) => !out.includes(n));
    expect(missing, out).toEqual([]);
    expect(out).not.toContain('Error: (none)');
  });
});

describe("what an archived output's digest noted", () => {
  const issue = [
    'title:\tExport stalls on accounts with archived rows',
    'state:\tOPEN',
    '--',
    'Accounts with archived rows make the nightly export hang until it times out.',
    'Never delete archived rows to work around it, finance audits them every quarter.',
    'Could you make the export skip archived rows without loading them?',
  ].join('\n');

  it('notes the title, the goals and the rules of a prose output', () => {
    expect(notedLines(issue)).toEqual([
      'title: Export stalls on accounts with archived rows',
      'Never delete archived rows to work around it, finance audits them every quarter.',
      'Could you make the export skip archived rows without loading them?',
    ]);
    expect(notedLines('src/a.ts:1:1 x\nsrc/b.ts:2:2 y\n{"k": 1}')).toEqual([]);
  });

  it('reads them back from the digest that replaced the output', () => {
    const digest = toolDigest({
      result: {
        toolName: 'bash',
        status: 'ok',
        outputBytes: issue.length,
        outputLines: 6,
        truncated: false,
        fullOutputRef: `sha256:${'a'.repeat(64)}`,
        binary: false,
        firstLine: 'title:\tExport stalls on accounts with archived rows',
        lastLine: 'Could you make the export skip archived rows without loading them?',
        noted: notedLines(issue),
      },
      keyArgs: { cmd: 'gh issue view 31' },
    });
    const messages: ChatMessage[] = [
      user('Pick up issue 31.'),
      ...step('bash', { cmd: 'gh issue view 31' }, digest),
      ...routine(40, 1),
    ];
    const out = extractiveSummary(messages, undefined, counter, 700).text;
    expect(out).toContain('↳ Export stalls on accounts with archived rows');
    expect(out).toContain('Never delete archived rows');
  });
});

describe("an archived document's digest", () => {
  it('is read for its noted lines only: its first and last lines are no rules', () => {
    const digest = toolDigest({
      result: {
        toolName: 'read_file',
        status: 'ok',
        outputBytes: 2_100,
        outputLines: 40,
        truncated: false,
        fullOutputRef: `sha256:${'b'.repeat(64)}`,
        binary: false,
        firstLine: '# Contributing',
        lastLine: 'Review the changes and make sure they look as expected.',
        noted: ['Never push directly to the release branch.'],
      },
      keyArgs: { path: 'CONTRIBUTING.md' },
    });
    const messages: ChatMessage[] = [
      user('Tidy the release notes.'),
      ...step('read_file', { path: 'CONTRIBUTING.md' }, digest),
      ...routine(10, 1),
    ];
    const out = extractiveSummary(messages, undefined, counter, 700).text;
    expect(out).toContain('Never push directly to the release branch.');
    expect(out).not.toMatch(/^- (?:last: )?Review the changes/m);
  });
});

describe('labelled comments in written code', () => {
  it('keeps a decision or rule the code states in a labelled comment, in a tool edit and in a text edit', () => {
    const needles = { design: 'batch the ledger writes per account', rule: 'never call this from a request thread' };
    const messages: ChatMessage[] = [
      user('Speed up the ledger writer.'),
      ...routine(30, 1),
      ...step(
        'edit',
        {
          path: 'src/ledger/writer.ts',
          old: 'export async function write(rows: Row[]) {',
          new: `export async function write(rows: Row[]) {\n  // Design: ${needles.design}; a queue per row was tried and reverted.\n  const byAccount = group(rows);`,
        },
        'ok',
      ),
      ...routine(30, 100),
      say(
        [
          'src/ledger/flush.py',
          '```python',
          '<<<<<<< SEARCH',
          'def flush(batch):',
          '=======',
          'def flush(batch):',
          `    # Constraint: ${needles.rule}, it blocks for seconds.`,
          '>>>>>>> REPLACE',
          '```',
        ].join('\n'),
      ),
      ...routine(40, 200),
    ];
    const out = extractiveSummary(messages, undefined, counter, 700).text;
    const missing = Object.entries(needles).filter(([, n]) => !out.includes(n));
    expect(missing, out).toEqual([]);
  });
});

describe('the setting an edit changes', () => {
  it('reads one or two changed setting lines, not a change of code', () => {
    expect(settingChange(['db:', '  host: replica-3', '  pool: 10'], ['db:', '  host: primary', '  pool: 10'])).toEqual(
      ['host: replica-3'],
    );
    expect(settingChange(['if (x) {', '  run(x);', '}'], ['if (y) {', '  run(y);', '}'])).toEqual([]);
  });

  it('keeps the value a str_replace-style edit of a long file sets', () => {
    const config = Array.from({ length: 40 }, (_, i) => `  setting_${i}: ${i}`);
    const old = ['service:', ...config, '  port: 8080'].join('\n');
    const messages: ChatMessage[] = [
      user('Move the service to the port ops gave us.'),
      ...routine(30, 1),
      ...step('edit', { path: 'deploy/service.yaml', old, new: old.replace('port: 8080', 'port: 47113') }, 'ok'),
      ...routine(40, 100),
    ];
    expect(extractiveSummary(messages, undefined, counter, 700).text).toContain('port: 47113');
  });
});

describe('a choice said in another language', () => {
  it.each([
    ['Hebrew', 'החלטתי להחזיק את pool ב-std.heap.ArenaAllocator לכל חיבור.'],
    ['Thai', 'จะพิสูจน์ lemma ด้วย Finset.induction_on แทน strong induction เพราะสั้นกว่า'],
    ['Romanian', 'Am ales să împachetez watchdog ca pachet separat, nu în tram-ctl.'],
    ['German', 'Ich habe mich für Postgres statt MySQL entschieden.'],
    ['Spanish', 'Decidí usar Redis en lugar de Memcached.'],
    ['Italian', 'Ho deciso di usare Redis invece di Memcached.'],
    ['Russian', 'Мы решили оставить gen_server.'],
    ['Chinese', '我们决定用 Redis 而不是 Memcached。'],
    ['Portuguese, as a participle', 'A saída escolhida é uma constraint de exclusão no Postgres.'],
    ['Italian, as a participle, in plain ASCII', 'La soluzione scelta usa un lock per riga.'],
    ['Persian', 'قفل سطری را انتخاب کردم چون تداخل‌ها زیاد است.'],
    ['English, settling on one', 'Settling on an opaque custom type for the interval.'],
  ])('is a decision in %s', (_, s) => {
    expect(sentenceKind(s)).toBe('decision');
  });

  it('leaves words that only look like one alone', () => {
    expect(sentenceKind('The statement stays as it is for now.')).toBeUndefined();
    expect(sentenceKind('Der Build läuft wieder grün.')).not.toBe('decision');
  });
});
