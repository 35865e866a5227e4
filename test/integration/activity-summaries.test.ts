/**
 * Activities carry a one-line summary (user metadata of the scheduled activity), which the
 * Temporal UI shows instead of the inputs' `sha256:` references.
 */
import { describe, expect, it } from 'vitest';
import type { temporal } from '@temporalio/proto';
import * as sessions from '../../src/client';
import { decodePayload } from '../../src/cli/history/events';
import { fetchDocTool } from '../support/doc-tools';
import { TEST_MODEL, useSessionHarness } from '../support/session';
import { uniqueId } from '../support/temporal';

describe('activity summaries', () => {
  const suite = useSessionHarness({ contextWindow: 3_000, maxOutputTokens: 256 }, { tools: ['fetch_doc'] });

  it('callModel, executeTool and summarize say what they do', async () => {
    const id = uniqueId('summaries');
    const events = await suite.h.run(async () => {
      await suite.start(id, { compaction: { keepRecentTokens: 200 } });
      for (let t = 1; t <= 10 && (await sessions.status(suite.client, id)).compactions === 0; t++) {
        suite.h.fake.script(
          { toolCalls: [{ id: `c${t}`, name: 'fetch_doc', arguments: { topic: `t${t}`, lines: 15 } }] },
          { text: `done ${t}` },
        );
        await sessions.sendMessage(suite.client, id, `Read topic t${t}.`);
      }
      await sessions.compact(suite.client, id);
      return (await suite.client.workflow.getHandle(id).fetchHistory()).events ?? [];
    }, [fetchDocTool]);
    const summaries = events
      .filter((e: temporal.api.history.v1.IHistoryEvent) => e.activityTaskScheduledEventAttributes)
      .map((e) => ({
        type: e.activityTaskScheduledEventAttributes?.activityType?.name,
        summary: decodePayload(e.userMetadata?.summary) as string | undefined,
      }));
    const of = (type: string) => summaries.filter((s) => s.type === type).map((s) => s.summary);
    expect(of('callModel')[0]).toMatch(new RegExp(`^callModel ${TEST_MODEL} · \\d+ tokens · turn 1 step 1$`));
    expect(of('callModel')[1]).toMatch(/^callModel \S+ · [\d.]+K? tokens · turn 1 step 2 · after 1 tool call$/);
    expect(of('executeTool')[0]).toBe('executeTool fetch_doc t1');
    expect(of('summarize').length).toBeGreaterThanOrEqual(1);
    for (const s of of('summarize'))
      expect(s).toMatch(/^summarize [a-z-]+ seq \d+–\d+ · [\d.]+K? → ≤[\d.]+K? tokens · extractive$/);
  }, 120_000);
});
