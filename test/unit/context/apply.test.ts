import { describe, expect, it } from 'vitest';
import {
  DurableContextError,
  SummaryRejectedError,
  appendItem,
  applyCompaction,
  buildView,
  compactForContinueAsNew,
  planCompaction,
  resolvePolicy,
  validateSummary,
  viewTokens,
  type CompactionPlan,
  type NewLogItem,
} from '../../../src/context';
import { assistant, budgetOf, build, counted, summaryFor, system, tool, user } from './helpers';

function conversation(turns: number): NewLogItem[] {
  const items: NewLogItem[] = [system(20)];
  for (let i = 1; i <= turns; i += 1)
    items.push(user(i, 50), assistant(i, 50, [`c${i}`]), tool(i, `c${i}`, 40, 4), assistant(i, 10));
  return items;
}

const policy = resolvePolicy({ keepRecentTokens: 200, summaryTokenCap: 60, toolResultsKeepRecent: 2 });
const s0 = build([...conversation(6), user(7, 50)]);
const budget = budgetOf(1000);
const plan = planCompaction(s0, budget, policy) as CompactionPlan;

describe('validateSummary', () => {
  const sum = plan.summarize!;
  it('accepts a summary within its cap', () => {
    expect(validateSummary(sum, summaryFor(plan))).toEqual({ ok: true });
  });
  it.each([
    ['empty', { textTokens: 0 }],
    ['truncated', { finishReason: 'length' }],
    ['not-smaller', { content: counted(sum.inputTokens) }],
    ['over-cap', { content: counted(sum.tokenCap + 1) }],
  ])('rejects %s', (reason, over) => {
    const v = validateSummary(sum, { ...summaryFor(plan), ...over });
    expect(v).toMatchObject({ ok: false, reason });
  });
  it('reports a 10k summary against a small cap as rejected, not as success', () => {
    const v = validateSummary(sum, { ...summaryFor(plan), content: counted(10_000) });
    expect(v.ok).toBe(false);
  });
});

describe('applyCompaction', () => {
  it('archives and summarizes in one step with one ledger record each', () => {
    expect(plan.archive.length).toBeGreaterThan(0);
    const s1 = applyCompaction(s0, plan, summaryFor(plan), { rejection: 'llm: finish_reason length' });
    expect(s1.items.slice(0, s0.items.length)).toEqual(s0.items);
    expect(s1.items).toHaveLength(s0.items.length + 1);
    const [archive, summary] = s1.ledger;
    expect(archive).toMatchObject({ id: 1, strategy: 'tool-archive', archivedSeqs: plan.archive, outcome: 'applied' });
    expect(summary).toMatchObject({
      id: 2,
      strategy: 'range-summary',
      reason: 'threshold',
      range: plan.summarize!.range,
      summarySeq: s0.nextSeq,
      summarizer: 'extractive',
      outcome: 'fallback',
      rejection: 'llm: finish_reason length',
    });
    expect(summary!.tokensBefore).toBe(archive!.tokensAfter);
    expect(summary!.tokensAfter).toBe(viewTokens(buildView(s1)));
    expect(summary!.tokensAfter).toBeLessThan(archive!.tokensBefore);
  });

  it('leaves the state untouched when the summary is rejected', () => {
    const before = JSON.stringify(s0);
    expect(() => applyCompaction(s0, plan, { ...summaryFor(plan), finishReason: 'length' })).toThrow(
      SummaryRejectedError,
    );
    expect(JSON.stringify(s0)).toBe(before);
  });

  it('applies only the archive part when no summary is given', () => {
    const s1 = applyCompaction(s0, plan);
    expect(s1.items).toBe(s0.items);
    expect(s1.archived).toEqual(plan.archive);
    expect(s1.ledger).toHaveLength(1);
  });

  it('still applies when messages arrived while the summarizer ran', () => {
    const s1 = build([assistant(7, 30)], s0);
    const s2 = applyCompaction(s1, plan, summaryFor(plan));
    expect(buildView(s2).at(-1)?.seq).toBe(s1.nextSeq - 1);
  });

  it('an archive that frees nothing (its results already archived) is neither applied nor recorded', () => {
    const archived = { ...s0, archived: [...s0.archived, ...plan.archive] };
    const stale: CompactionPlan = { turn: 7, tokensBefore: 0, archive: plan.archive, tokensAfterArchive: 0 };
    expect(applyCompaction(archived, stale)).toBe(archived);
    // With a summary, only the summary is recorded.
    const s1 = applyCompaction(archived, { ...plan, archive: plan.archive }, summaryFor(plan));
    expect(s1.ledger.map((r) => r.strategy)).toEqual(['range-summary']);
  });

  it('records why results were archived: age by default, pressure when the plan says so', () => {
    const s1 = applyCompaction(s0, { ...plan, summarize: undefined, archiveReason: 'threshold' });
    expect(s1.ledger).toMatchObject([{ strategy: 'tool-archive', reason: 'threshold' }]);
    expect(applyCompaction(s0, { ...plan, summarize: undefined }).ledger[0]?.reason).toBe('tool-age');
  });

  it('rejects a plan that no longer fits the state', () => {
    const bent: CompactionPlan = { ...plan, summarize: { ...plan.summarize!, range: { from: 1, to: 2 } } };
    expect(() => applyCompaction(s0, bent, summaryFor(plan))).toThrow(DurableContextError); // 2 is a call without its result
  });
});

describe('compactForContinueAsNew', () => {
  it('drops covered items but keeps the view, nextSeq, ledger and facts', () => {
    let s = applyCompaction(s0, plan, summaryFor(plan));
    s = appendItem(s, assistant(7, 10));
    const small = compactForContinueAsNew(s);
    expect(small.items.length).toBeLessThan(s.items.length);
    expect(buildView(small)).toEqual(buildView(s));
    expect(small.nextSeq).toBe(s.nextSeq);
    expect(small.ledger).toEqual(s.ledger);
    expect(small.facts).toEqual(s.facts);
    expect(compactForContinueAsNew(small)).toEqual(small);
    // And the session carries on: appending continues the numbering.
    expect(appendItem(small, user(8)).items.at(-1)?.seq).toBe(s.nextSeq);
  });
});
