import { composeSummary } from '../../../src/activities/summarize';
import { describe, expect, it } from 'vitest';
import {
  MAX_FACT_FILES,
  STATE_BLOCK_HEADER,
  emptyContextState,
  factsFromItems,
  renderStateBlock,
  stateFacts,
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
    expect(facts.errors).toEqual([{ seq: 4, tool: 'bash', message: 'FAIL parser.test.ts' }]);
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
});
