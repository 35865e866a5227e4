import { composeSummary } from '../../../src/activities/summarize';
import { describe, expect, it } from 'vitest';
import {
  MAX_FACT_ERRORS,
  MAX_FACT_FILES,
  STATE_BLOCK_ERRORS_CHARS,
  STATE_BLOCK_FILES_CHARS,
  STATE_BLOCK_HEADER,
  appendItems,
  emptyContextState,
  factsFromItems,
  renderStateBlock,
  stateFacts,
  withVerbatimFacts,
  type NewLogItem,
} from '../../../src/context';
import { assistant, build, resultMeta, tool, user } from './helpers';

function call(turn: number, id: string, keyArgs: Record<string, string>): NewLogItem {
  return assistant(turn, 10, [id], keyArgs);
}

describe('session facts and the state block', () => {
  const items: NewLogItem[] = [
    user(1, 10, 'Refactor the parser and make the tests pass'),
    call(1, 'c1', { path: 'src/parser.ts' }),
    tool(1, 'c1'),
    call(1, 'c2', { command: 'npm test' }),
    { ...tool(1, 'c2'), toolResult: resultMeta({ status: 'error', exitCode: 1, lastLine: 'FAIL parser.test.ts' }) },
    call(1, 'c3', { file_path: 'src/lexer.ts' }),
    tool(1, 'c3'),
    call(1, 'c4', { command: 'npm test' }),
    { ...tool(1, 'c4'), toolResult: resultMeta({ exitCode: 0 }) },
    user(2, 10, 'Now update the docs'),
    call(2, 'c5', { path: 'docs/parser.md' }),
  ];
  const state = build(items);
  const facts = stateFacts(state);

  it('keeps goal, latest request, files, commands with exit status, errors and pending calls', () => {
    expect(facts.goal).toBe('Refactor the parser and make the tests pass');
    expect(facts.latestRequest).toBe('Now update the docs');
    expect(facts.files).toEqual(['src/parser.ts', 'src/lexer.ts', 'docs/parser.md']);
    expect(facts.commands.map((c) => [c.command, c.exitCode])).toEqual([
      ['npm test', 1],
      ['npm test', 0],
    ]);
    expect(facts.errors).toEqual([{ seq: 4, tool: 'bash', message: 'FAIL parser.test.ts', command: 'npm test' }]);
    expect(facts.pendingCalls.map((p) => p.id)).toEqual(['c5']);
  });

  it('is maintained incrementally with the same result as recomputing', () => {
    expect(facts).toEqual(factsFromItems(state.items));
  });

  it('renders every fact in the block, deterministically', () => {
    const block = renderStateBlock(facts);
    expect(block.startsWith(STATE_BLOCK_HEADER)).toBe(true);
    for (const needle of [
      'Refactor the parser',
      'Now update the docs',
      'src/parser.ts',
      'src/lexer.ts',
      'docs/parser.md',
      'npm test → exit 1',
      'npm test → exit 0',
      'FAIL parser.test.ts',
      'c5 bash(path="docs/parser.md")',
    ]) {
      expect(block).toContain(needle);
    }
    expect(renderStateBlock(factsFromItems(state.items))).toBe(block);
  });

  it('survives a useless summary: the stored summary keeps the block', () => {
    const text = composeSummary('ok', renderStateBlock(facts));
    expect(text).toContain('src/lexer.ts');
    expect(text).toContain(STATE_BLOCK_HEADER);
  });

  it('stays bounded', () => {
    const many: NewLogItem[] = [user(1)];
    for (let i = 0; i < MAX_FACT_FILES + 30; i += 1)
      many.push(call(1, `f${i}`, { path: `f${i}.ts` }), tool(1, `f${i}`));
    const f = stateFacts(build(many));
    expect(f.files).toHaveLength(MAX_FACT_FILES);
    expect(f.files[f.files.length - 1]).toBe(`f${MAX_FACT_FILES + 29}.ts`);
  });

  it('moves a re-touched file to the recent end', () => {
    const f = stateFacts(
      build([
        user(1),
        call(1, 'a', { path: 'a' }),
        tool(1, 'a'),
        call(1, 'b', { path: 'b' }),
        tool(1, 'b'),
        call(1, 'c', { path: 'a' }),
      ]),
    );
    expect(f.files).toEqual(['b', 'a']);
  });

  it('derives facts for states without them', () => {
    const legacy = { ...state, facts: undefined };
    expect(stateFacts(legacy)).toEqual(facts);
    expect(stateFacts(emptyContextState()).files).toEqual([]);
  });

  it('keeps an error line as the tool printed it once the session asks for it (verbatim), squeezed before', () => {
    const failing: NewLogItem[] = [
      user(1),
      call(1, 'c1', { command: 'psql -f migrate.sql' }),
      {
        ...tool(1, 'c1'),
        toolResult: resultMeta({
          status: 'error',
          exitCode: 3,
          evidence: [
            'psql:migrate.sql:12: ERROR:  42703: column "tenant_id" does not exist',
            'LINE 1:  SELECT\n  tenant_id',
          ],
        }),
      },
    ];
    const squeezed = stateFacts(build(failing)).errors[0];
    expect(squeezed?.message).toBe('psql:migrate.sql:12: ERROR: 42703: column "tenant_id" does not exist');
    const verbatim = stateFacts(appendItems(withVerbatimFacts(emptyContextState()), failing));
    expect(verbatim.verbatim).toBe(true);
    expect(verbatim.errors[0]?.message).toBe('psql:migrate.sql:12: ERROR:  42703: column "tenant_id" does not exist');
    // line breaks are still joined: the block shows one line per failure line
    expect(verbatim.errors[0]?.evidence).toEqual(['LINE 1:  SELECT tenant_id']);
    expect(renderStateBlock(verbatim)).toContain('ERROR:  42703: column "tenant_id"');
  });

  it("reads a tool's output sent as text as a tool result: its failure an error, never the latest request", () => {
    const observation = (turn: number, status: 'ok' | 'error', evidence?: string[]): NewLogItem => ({
      ...user(turn, 10, `Observation: ${evidence?.[0] ?? 'ok'}`),
      textOutput: { toolName: 'run_tests', status, ...(evidence ? { evidence } : {}) },
    });
    const f = stateFacts(
      build([
        user(1, 10, 'Make the billing tests pass'),
        assistant(1, 10),
        observation(2, 'error', [
          'FAILED tests/test_invoice.py::test_rounding - AssertionError: 10.01 != 10.0',
          '1 failed',
        ]),
        assistant(2, 10),
        observation(3, 'ok'),
        user(4, 10, 'Now write the changelog'),
        observation(5, 'error', ['Error: ENOENT: no such file or directory, open CHANGELOG.md']),
      ]),
    );
    expect(f.goal).toBe('Make the billing tests pass');
    expect(f.latestRequest).toBe('Now write the changelog');
    expect(f.errors.map((e) => [e.tool, e.message, e.evidence])).toEqual([
      ['run_tests', 'FAILED tests/test_invoice.py::test_rounding - AssertionError: 10.01 != 10.0', ['1 failed']],
      ['run_tests', 'Error: ENOENT: no such file or directory, open CHANGELOG.md', undefined],
    ]);
    expect(renderStateBlock(f)).toContain('- run_tests: FAILED tests/test_invoice.py::test_rounding');
    // the call it answers, when known: its file touched, its command run
    const called = stateFacts(
      build([
        user(1, 10, 'Make the billing tests pass'),
        {
          ...user(2, 10, 'Observation: 3 passed'),
          textOutput: { toolName: 'shell', status: 'ok', keyArgs: { command: 'pytest -q tests/billing' } },
        },
        {
          ...user(3, 10, 'Observation: saved'),
          textOutput: { toolName: 'edit_file', status: 'ok', keyArgs: { path: 'billing/invoice.py' } },
        },
      ]),
    );
    expect(called.files).toEqual(['billing/invoice.py']);
    expect(called.commands.map((c) => [c.tool, c.command, c.status])).toEqual([
      ['shell', 'pytest -q tests/billing', 'ok'],
    ]);
    expect(called.latestRequest).toBe('Make the billing tests pass');
    // an item without it (every session before 0.5.6, and their replays) is a request as it was
    const before = stateFacts(build([user(1, 10, 'Make the billing tests pass'), user(2, 10, 'Observation: x')]));
    expect(before.latestRequest).toBe('Observation: x');
    expect(before.errors).toEqual([]);
  });

  describe('errors carry the lines that show the failure', () => {
    const failing = (id: string, over: Parameters<typeof resultMeta>[0]): NewLogItem => ({
      ...tool(1, id),
      toolResult: resultMeta({ status: 'error', exitCode: 1, ...over }),
    });
    const evidence = [
      'error[E0308]: mismatched types',
      '--> src/config.rs:18:22',
      'error[E0425]: cannot find value `port` in this scope',
      '--> src/main.rs:9:5',
      'error: could not compile `server` (bin "server") due to 2 previous errors',
    ];

    it('takes its message from the first failure line, not the last line, and keeps the cause and the count', () => {
      const f = stateFacts(
        build([
          user(1),
          call(1, 'c1', { command: 'cargo build' }),
          failing('c1', { lastLine: 'error: could not compile `server`', evidence }),
        ]),
      );
      expect(f.errors).toEqual([
        {
          seq: 2,
          tool: 'bash',
          command: 'cargo build',
          message: 'error[E0308]: mismatched types',
          evidence: [evidence[1], evidence[2], evidence[4]],
        },
      ]);
      const block = renderStateBlock(f);
      expect(block).toContain('- bash `cargo build`: error[E0308]: mismatched types\n  --> src/config.rs:18:22\n');
      expect(block).toContain('  error: could not compile `server`');
    });

    it('falls back to the last line when no failure line was recognised', () => {
      const f = stateFacts(build([user(1), call(1, 'c1', {}), failing('c1', { lastLine: 'Segfault?' })]));
      expect(f.errors.map((e) => e.message)).toEqual(['Segfault?']);
    });

    it('records a masked failure (exit 0, failures counted) but not failure lines read from a file', () => {
      const masked = {
        ...tool(1, 'c1'),
        toolResult: resultMeta({ exitCode: 0, evidence: ['2 failed, 40 passed in 3.21s'] }),
      };
      const read = { ...tool(1, 'c2'), toolResult: resultMeta({ evidence: ['1 failed, 3 passed in 0.10s'] }) };
      const f = stateFacts(build([user(1), call(1, 'c1', {}), masked, call(1, 'c2', { path: 'README.md' }), read]));
      expect(f.errors.map((e) => e.message)).toEqual(['2 failed, 40 passed in 3.21s']);
    });

    it('shows a repeated failure once, with its count', () => {
      const items: NewLogItem[] = [user(1)];
      for (let i = 0; i < 3; i += 1) {
        items.push(
          call(1, `c${i}`, { command: 'npm test' }),
          failing(`c${i}`, { evidence: ['● cart › applies discount'] }),
        );
      }
      const block = renderStateBlock(stateFacts(build(items)));
      expect(block.match(/applies discount/g)).toHaveLength(1);
      expect(block).toContain('● cart › applies discount (×3)');
    });

    it('stays bounded: the newest errors keep their lines, older ones their first line, the oldest are counted', () => {
      const items: NewLogItem[] = [user(1)];
      for (let i = 0; i < MAX_FACT_ERRORS; i += 1) {
        const lines = [0, 1, 2, 3].map((k) => `E${i}.${k} ${'x'.repeat(190)}`);
        items.push(call(1, `c${i}`, { command: `make t${i}` }), failing(`c${i}`, { evidence: lines }));
      }
      const block = renderStateBlock(stateFacts(build(items)));
      const errors = block.slice(block.indexOf('Errors seen:\n') + 'Errors seen:\n'.length);
      expect(errors.length).toBeLessThanOrEqual(STATE_BLOCK_ERRORS_CHARS);
      expect(errors).toContain(`E${MAX_FACT_ERRORS - 1}.3`);
      expect(errors).not.toContain('E0.0');
      expect(errors).toMatch(/^- \(\d+ earlier errors not shown\)/);
    });

    it('keeps the most recently touched files when they do not all fit', () => {
      const items: NewLogItem[] = [user(1)];
      for (let i = 0; i < MAX_FACT_FILES; i += 1) {
        items.push(call(1, `f${i}`, { path: `src/${'deep/'.repeat(8)}file-${i}.ts` }), tool(1, `f${i}`));
      }
      const line = renderStateBlock(stateFacts(build(items)))
        .split('\n')
        .find((l) => l.startsWith('Files touched')) as string;
      expect(line.length).toBeLessThanOrEqual(STATE_BLOCK_FILES_CHARS + 40);
      expect(line).toContain(`file-${MAX_FACT_FILES - 1}.ts`);
      expect(line).not.toContain('file-0.ts');
      expect(line).toMatch(/^Files touched: .*; \d+ earlier not shown$/);
    });
  });
});
