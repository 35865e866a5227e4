/**
 * Documents an agent read through a harness: the rules of a rules file or a review are lines of
 * a document whatever the viewer's numbering, the fence a harness puts around an output, or the
 * labelled lines of a shell wrapper. (The shapes are those of real viewers and harnesses; the
 * texts are this test's own.)
 */
import { describe, expect, it } from 'vitest';
import {
  documentBody,
  dataRules,
  documentStatements,
  titledRules,
  isProse,
  isRulesFile,
  notedLines,
} from '../../../src/activities/summarizers/pasted';
import { statementsIn } from '../../../src/activities/summarizers/statements';

const RULES = [
  '# Team rules',
  '',
  '## Rules',
  '- Never push to main directly.',
  '- Required: every migration is reversible.',
];

const constraints = (output: string) =>
  documentStatements(documentBody(output), 48)
    .filter((s) => s.kind === 'constraint')
    .map((s) => s.text);

describe('documentBody: a document as a harness showed it, unwrapped', () => {
  it("drops a viewer's line numbers in every common format", () => {
    const shapes = [
      RULES.map((l, i) => `${String(i + 1).padStart(6)}\t${l}`).join('\n'), // cat -n
      RULES.map((l, i) => `${String(i + 1).padStart(6)}→${l}`).join('\n'), // an editor tool's view
      RULES.map((l, i) => `${i + 1}:${l}`).join('\n'), // SWE-agent's open
      RULES.map((l, i) => `${i + 1}: ${l}`).join('\n'),
      RULES.map((l, i) => `${String(i + 1).padStart(5, '0')}| ${l}`).join('\n'),
      `[File: /srv/app/RULES.md (${RULES.length} lines total)]\n` + RULES.map((l, i) => `${i + 1}:${l}`).join('\n'),
    ];
    for (const shape of shapes) {
      expect(documentBody(shape).split('\n').slice(-RULES.length)).toEqual(RULES);
      expect(constraints(shape).join('\n')).toMatch(/Required: every migration is reversible\./);
    }
  });

  it('removes a fence around prose (a harness wrapping the output), with a header before and a footer after', () => {
    const fenced = [
      '### /srv/app/.rules',
      '```rules',
      ...RULES.map((l, i) => `${i + 1}: ${l}`),
      '```',
      '',
      'Command finished; the shell stays open for the next call.',
    ].join('\n');
    expect(constraints(fenced).join('\n')).toMatch(/Required: every migration is reversible\./);
    // the same text given twice (one copy for the model, one for the user) reads the same
    expect(constraints(`${fenced}\n${fenced}`).join('\n')).toMatch(/Never push to main directly\./);
  });

  it('keeps a fence around code: a block of the document, not a wrapper', () => {
    const guide = '# Release guide\n\nBuild it first:\n```bash\nmake build && make test\n```';
    expect(documentBody(guide)).toBe(guide);
    const steps =
      '# Setup\n```sh\ncd the repository root first\nrun the installer with care\nthen start the server again\n```';
    expect(documentBody(steps)).toBe(steps);
  });

  it("reads through a shell wrapper's labelled lines and keeps the text after a stream label", () => {
    const wrapped = [
      'Command: gh pr view 88 --comments',
      'Directory: (root)',
      'Stdout: maria requested changes (3 days ago)',
      '  Blocking: the retry budget stays at three attempts, we agreed on it with the SRE team.',
      '',
      'maria commented (1 day ago)',
      '  looks fine apart from that',
      'Stderr: (empty)',
      'Error: (none)',
      'Exit Code: 0',
    ].join('\n');
    expect(isProse(wrapped)).toBe(true);
    expect(documentBody(wrapped)).not.toMatch(/^Command:|Exit Code/m);
    expect(documentBody(wrapped)).toMatch(/^maria requested changes/m);
    expect(constraints(wrapped).join('\n')).toMatch(/retry budget stays at three attempts/);
    // and the archived output's digest notes the rule
    expect(notedLines(wrapped).join('\n')).toMatch(/retry budget stays at three attempts/);
  });

  it('reads what a document records as decided and still to do, its section headings labelling their paragraphs', () => {
    const adr = [
      '# ADR 21: ledger backfill',
      '',
      'Status: Accepted (Lucía)',
      '',
      '## Context',
      'Two options were on the table.',
      '',
      '## Decision',
      'backfill the ledger in 5000-row batches from the Perl loader.',
      '',
      '## Next steps',
      '- [ ] run the row-count check on the replica',
    ].join('\n');
    const said = documentStatements(adr, 24, undefined, false, true);
    expect(said).toContainEqual({
      kind: 'decision',
      text: 'Decision: backfill the ledger in 5000-row batches from the Perl loader.',
    });
    // meeting notes' `DECIDED (name):`, a task document's paragraph under `# Task` (its goal)
    const notes = documentStatements(
      'Attendees: Ana, Tomasz\nDECIDED (Tomasz): roll the importer out as a canary',
      8,
      undefined,
      false,
      true,
    );
    expect(notes).toContainEqual({ kind: 'decision', text: 'DECIDED: roll the importer out as a canary' });
    const task = documentStatements('# Task\n\nsplit the ledger table into entries and balances.\n', 8);
    expect(task).toContainEqual({ kind: 'plan', text: 'Task: split the ledger table into entries and balances.' });
    expect(said).toContainEqual(
      expect.objectContaining({ kind: 'next', text: expect.stringContaining('row-count check') }),
    );
    // the context's paragraph is no decision, and without `settled` only rules and goals are taken
    expect(said.map((s) => s.text)).not.toContain('Two options were on the table.');
    expect(documentStatements(adr, 24).filter((s) => s.kind === 'decision' || s.kind === 'next')).toEqual([]);
  });

  it('reads a heading that states a rule in a sentence as a rule, as written; a heading that names a section is none', () => {
    const runbook = [
      '## Tracing in production',
      '',
      '## Never attach uprobes to the HSM client library',
      '',
      'Ask the on-call lead before perf record -g.',
      '',
      '## Must-haves',
      '- a p99 histogram per route',
    ].join('\n');
    const said = documentStatements(runbook, 24).map((s) => s.text);
    expect(said).toContain('## Never attach uprobes to the HSM client library');
    expect(said).not.toContain('## Tracing in production');
    expect(said.some((t) => t.startsWith('## Must-haves'))).toBe(false);
  });

  it('reads the rules of a policy kept as data (YAML, JSON), and nothing of other data files', () => {
    const yaml = [
      'version: 2',
      'rules:',
      '  - id: R13',
      '    text: >-',
      '      do not touch the bootloader sector',
      '  - id: R78',
      '    text: "ask before deleting anything"',
      '    enabled: true',
    ].join('\n');
    expect(dataRules('.agent/policy.yaml', yaml, 12)).toEqual([
      'do not touch the bootloader sector',
      'ask before deleting anything',
    ]);
    expect(
      dataRules('rules.json', '{"rules":[{"id":"R1","text":"never push to main directly"},{"id":"R2"}]}', 12),
    ).toEqual(['never push to main directly']);
    expect(dataRules('config/app.yaml', yaml, 12)).toEqual([]);
    expect(dataRules('.agent/policy.yaml', yaml, 1)).toHaveLength(1);
  });

  it('does not take a log for a document, however sentence-like its lines', () => {
    const sbt = [
      '[info] welcome to sbt 1.9.9 (Eclipse Adoptium Java 17.0.10)',
      '[info] - should cancel the route without a stop',
      '[info] - should drain the tax queue when it is full',
      '[info] - should never sync a worker from the replica',
      '[info] All tests passed.',
    ].join('\n');
    const server = [
      '2024-05-01T10:00:00Z INFO starting the worker pool with four threads',
      '2024-05-01T10:00:01Z INFO the queue must be drained before the shutdown',
      '2024-05-01T10:00:02Z WARN the cache is cold and will be warmed now',
    ].join('\n');
    for (const log of [sbt, server]) expect(isProse(log)).toBe(false);
  });

  it("does not take a checker's report for a document: its findings each stand over where they were found", () => {
    const lint = [
      '[206] File modes should always be encapsulated in quotation marks',
      'salt/ssh/init.sls:73',
      '',
      '[201] Jinja variables should have spaces before and after: {{ var_name }}',
      'salt/users/init.sls:72',
      '',
      '[204] Lines should be no longer than 160 chars',
      'salt/postgres/init.sls:73',
    ].join('\n');
    expect(isProse(lint)).toBe(false);
    // (a guide that cites one place is still a guide)
    const guide = [
      'Every change needs a test that fails without it and passes with it.',
      'Never commit generated files; the build writes them again on every run.',
      'The retry policy lives in src/retry.ts:40 and must stay the only one.',
      'Keep each commit small enough that a reviewer can read it in one sitting.',
    ].join('\n');
    expect(isProse(guide)).toBe(true);
  });

  it('does not take source code for a document, however much of it is comments, and keeps a guide with examples', () => {
    const go = [
      '// Package queue drains jobs in order and must never drop one on shutdown.',
      '// Workers are started once and cannot be restarted after Close returns.',
      '// Callers should always check the error of Enqueue before they go on.',
      'package queue',
      '',
      'import "sync"',
      '',
      '// Queue holds the pending jobs; it is safe for concurrent use by many workers.',
      'type Queue struct {',
      '\tmu   sync.Mutex',
      '\tjobs []Job',
      '}',
      '',
      '// Close stops the workers after the jobs still queued have run to the end.',
      'func (q *Queue) Close() error {',
      '\treturn nil',
      '}',
    ].join('\n');
    expect(isProse(go)).toBe(false);
    const guide = [
      '# Contributing',
      '',
      'Every change needs a test that fails without it and passes with it.',
      'Never commit generated files; the build writes them again on every run.',
      'Keep each commit small enough that a reviewer can read it in one sitting.',
      '',
      '```go',
      'func TestQueue(t *testing.T) {',
      '\tq := New()',
      '}',
      '```',
    ].join('\n');
    expect(isProse(guide)).toBe(true);
  });

  it('leaves plain prose and code alone', () => {
    const prose = 'The importer reads each file once.\nIt never writes to the source directory.\nRun it with care.';
    expect(documentBody(prose)).toBe(prose);
    const code = 'export function f(x: number) {\n  return x + 1;\n}';
    expect(documentBody(code)).toBe(code);
  });
});

describe('statements of a long message', () => {
  it('a commitment after many sentences of context still takes a place (one that commits to nothing gives it up)', () => {
    const context = Array.from(
      { length: 24 },
      (_, i) => `The worker pool number ${i + 1} handles a share of the nightly batch across the fleet.`,
    ).join(' ');
    const message = `${context}\n\nGoing with the pool-per-tenant layout for the importer.`;
    const said = statementsIn(message, 16, true);
    expect(said).toHaveLength(16);
    expect(said.at(-1)).toMatchObject({ kind: 'decision' });
    expect(said.at(-1)?.text).toMatch(/pool-per-tenant layout/);
    // without sentences that commit to nothing, the first commitments keep their places
    expect(statementsIn(message, 16, false)).toEqual([said.at(-1)]);
  });
});

describe('a rules file', () => {
  it('is known by the names teams keep rules in', () => {
    for (const path of [
      'AGENTS.md',
      'AGENT.md',
      '/repo/CLAUDE.md',
      '.cursorrules',
      'w/.goosehints',
      'docs/engineering-policy.md',
      '.github/instructions/csharp.instructions.md',
    ])
      expect(isRulesFile(path)).toBe(true);
    for (const path of ['README.md', 'src/policy.ts', 'src/rules.py', 'docs/design.md', 'src/agent.ts', 'agent.py'])
      expect(isRulesFile(path)).toBe(false);
  });

  it('gives every item as a rule, however it is phrased; another document only its stated constraints', () => {
    const doc =
      '# Team conventions\n\n1. New endpoints ship behind the tenant_quota_v2 flag, default off.\n2. Never log request bodies.';
    const rules = documentStatements(doc, 16, undefined, true).map((s) => s.text);
    // (quoted as written, the item's number with it)
    expect(rules).toEqual([
      '1. New endpoints ship behind the tenant_quota_v2 flag, default off.',
      '2. Never log request bodies.',
    ]);
    expect(documentStatements(doc, 16).map((s) => s.text)).toEqual(['2. Never log request bodies.']);
  });

  it('reads a document titled as rules in another language, its table rows as rules', () => {
    const doc =
      '# Regras do projeto\n\n| arquivo | regra |\n|---|---|\n| src/Service/Agenda.php | datas sempre DateTimeImmutable |';
    const rules = titledRules(doc);
    expect(rules).toBeDefined();
    expect(documentStatements(rules ?? '', 16, undefined, true).map((s) => s.text)).toEqual([
      '(arquivo | regra) | src/Service/Agenda.php | datas sempre DateTimeImmutable |',
    ]);
    for (const title of ['## Правила проекта', '# 项目规则', '# Règles de contribution'])
      expect(titledRules(`${title}\n- x`), title).toBeDefined();
    for (const title of ['# Release notes', '# Ruleset engine design'])
      expect(titledRules(`${title}\n- x`), title).toBeUndefined();
  });

  it("quotes a rules table's rows as written, their columns named before them", () => {
    const doc =
      '## Per-file rules\n\n| file | rule | why |\n|------|------|-----|\n| Bounds.lean | maxHeartbeats stays at 200000 | kernel timeouts on CI |';
    expect(documentStatements(doc, 16).map((s) => s.text)).toEqual([
      'Per-file rules: (file | rule | why) | Bounds.lean | maxHeartbeats stays at 200000 | kernel timeouts on CI |',
    ]);
  });
  it('does not take a table printed in aligned columns for prose, nor a line of code in a document for a rule', () => {
    // (a data frame, `column -t`: its cells are words, its rows are no sentences — `US-only` is a cell)
    const frame = [
      'clause  topic               deviation           severity',
      '10.8    auto-renewal 36m    auto-renewal 36m    medium',
      '7.6     US-only venue       cap below 1x fees   high',
      '14.7    uncapped indemnity  cap below 1x fees   medium',
      '25.2    US-only venue       uncapped indemnity  medium',
    ].join('\n');
    expect(isProse(frame)).toBe(false);
    // (prose that puts two spaces after a sentence's end is still prose)
    const typed = [
      'Every change needs a test.  Never commit generated files.  The build writes them.',
      'Keep each commit small.  A reviewer reads it in one sitting.  Squash before merge.',
      'The retry policy must stay the only one.  Ask before adding another one anywhere.',
    ].join('\n');
    expect(isProse(typed)).toBe(true);
    const memo = [
      '# Redline notes',
      '',
      'Only the signed version is binding.',
      '        private readonly List<Amount> _ledger = new();',
      '     1\tprivate readonly List<Token> _buffer = new();',
      'public endpoints never return stack traces',
    ].join('\n');
    expect(documentStatements(memo, 16).map((s) => s.text)).toEqual([
      'Only the signed version is binding.',
      'public endpoints never return stack traces',
    ]);
  });
  it("takes a line a marker in capitals opens, then an order, for a rule (a lab's notes), not a log level or a count", () => {
    const notes = [
      'Lysozyme T4 L99A in water, CHARMM36m.',
      'GPU: one RTX A4000; book the node before long runs.',
      'PROTOCOL P7: keep position restraints on the backbone through NVT and NPT, release them for production',
      'SOP W12: label every vial with the run id and the date',
      'DEBUG: restraints were released early in run 12.',
      'TODO: archive the old trajectories.',
    ].join('\n');
    expect(documentStatements(notes, 16).map((s) => s.text)).toEqual([
      'PROTOCOL P7: keep position restraints on the backbone through NVT and NPT, release them for production',
      'SOP W12: label every vial with the run id and the date',
    ]);
  });
  it('takes a line its label names a policy or a guardrail for a rule, whatever its words', () => {
    const readme = [
      '# ika-pipeline',
      '',
      'TEBIFOT POLICY: every asset declares a group_name and an owner',
      'Guardrail: one sensor per asset',
      'Sensors poll every ten minutes.',
    ].join('\n');
    expect(
      documentStatements(readme, 16)
        .filter((s) => s.kind === 'constraint')
        .map((s) => s.text),
    ).toEqual(['TEBIFOT POLICY: every asset declares a group_name and an owner', 'Guardrail: one sensor per asset']);
  });
});
