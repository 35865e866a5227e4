/**
 * Failure modes (docs/architecture.md) about long sessions on Temporal: 14 (history growth ends in
 * termination) and 15 (messages lost or doubled at continue-as-new).
 */
import { describe, expect, it } from 'vitest';
import * as sessions from '../../src/client';
import type { SessionSummary } from '../../src/workflows';
import { fetchDocTool } from '../support/doc-tools';
import { TEST_MODEL, assertAllRequestsFitAndPaired, useSessionHarness } from '../support/session';
import { uniqueId } from '../support/temporal';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const WINDOW = 32_000;

describe('failure modes: continue-as-new', () => {
  const suite = useSessionHarness({ contextWindow: WINDOW, maxOutputTokens: 512 });

  it('#15 a flood of signals and updates across continue-as-new is processed exactly once, in order', async () => {
    const sessionId = uniqueId('fm15');
    const N = 40;
    suite.h.fake.script(...Array.from({ length: N }, (_, i) => ({ text: `reply ${i + 1}` })));
    const { log, updates, summary } = await suite.h.run(async () => {
      await sessions.startSession(suite.client, {
        sessionId,
        taskQueue: suite.h.taskQueue,
        config: { model: TEST_MODEL, continueAsNewAfterEvents: 60 },
      });
      const updates: Promise<{ reply: string }>[] = [];
      const send = async (from: number, to: number) => {
        for (let i = from; i <= to; i++) {
          const message = { text: `message ${i}`, messageId: `msg-${i}` };
          // Every 5th message waits for its reply (update); the rest are fire-and-forget signals.
          // Waiting for acceptance fixes the update's place in the queue before the next send.
          if (i % 5 === 0) updates.push((await sessions.submitMessage(suite.client, sessionId, message)).result());
          else await sessions.signalMessage(suite.client, sessionId, message);
          // A re-sent signal (same messageId) must not be processed twice.
          if (i % 7 === 0) await sessions.signalMessage(suite.client, sessionId, message);
        }
      };
      await send(1, 10);
      // Updates already accepted are answered before continuing as new; the rest of the
      // flood arrives while later runs continue as new (updates then retry on the next run).
      while ((await sessions.status(suite.client, sessionId)).previousRuns.length === 0) await sleep(50);
      await send(11, N);
      const replies = await Promise.all(updates);
      await sessions.end(suite.client, sessionId);
      const summary = (await suite.client.workflow.getHandle(sessionId).result()) as SessionSummary;
      return { log: await sessions.log(suite.client, sessionId), updates: replies, summary };
    });
    expect(summary.runs).toBeGreaterThanOrEqual(3);
    const users = log.filter((i) => i.role === 'user');
    expect(users.map((u) => u.preview)).toEqual(Array.from({ length: N }, (_, i) => `message ${i + 1}`));
    expect(log.map((i) => i.seq)).toEqual(log.map((_, i) => i));
    // Each update got the reply of its own message.
    const assistants = log.filter((i) => i.role === 'assistant');
    for (const [k, u] of updates.entries()) {
      const userIndex = (k + 1) * 5 - 1;
      expect(u.reply).toBe(assistants[userIndex]?.preview);
    }
    assertAllRequestsFitAndPaired(suite.h, WINDOW);
  });

  it('#14 a long session with 20 KB tool outputs continues as new instead of growing its history', async () => {
    const sessionId = uniqueId('fm14');
    const TURNS = 60;
    for (let t = 1; t <= TURNS; t++) {
      // ~20 KB of output per call (300 lines of ~70 bytes).
      suite.h.fake.script(
        { toolCalls: [{ id: `call_${t}`, name: 'fetch_doc', arguments: { topic: `big${t}`, lines: 300 } }] },
        { text: `read big${t}` },
      );
    }
    const { log, summary, runs } = await suite.h.run(async () => {
      await sessions.startSession(suite.client, {
        sessionId,
        taskQueue: suite.h.taskQueue,
        config: { model: TEST_MODEL, tools: ['fetch_doc'], continueAsNewAfterEvents: 200 },
      });
      for (let t = 1; t <= TURNS; t++) await sessions.signalMessage(suite.client, sessionId, `read big doc ${t}`);
      await sessions.end(suite.client, sessionId);
      const summary = (await suite.client.workflow.getHandle(sessionId).result()) as SessionSummary;
      const status = await sessions.status(suite.client, sessionId);
      const runs = [];
      for (const runId of [...status.previousRuns, undefined]) {
        const history = await suite.client.workflow.getHandle(sessionId, runId).fetchHistory();
        runs.push({ events: history.events?.length ?? 0, bytes: JSON.stringify(history).length });
      }
      return { log: await sessions.log(suite.client, sessionId), summary, runs };
    }, [fetchDocTool]);
    expect(summary.runs).toBeGreaterThanOrEqual(3);
    expect(runs).toHaveLength(summary.runs);
    for (const run of runs) {
      // Each run stays small: a continue-as-new at ~200 events, content by reference only.
      expect(run.events).toBeLessThan(400);
      expect(run.bytes).toBeLessThan(1_000_000);
    }
    expect(log.map((i) => i.seq)).toEqual(log.map((_, i) => i));
    const results = log.filter((i) => i.kind === 'tool_result');
    expect(results).toHaveLength(TURNS);
    for (const r of results) {
      expect(r.toolResult?.truncated).toBe(true);
      const full = await suite.h.store.get(r.toolResult!.fullOutputRef);
      expect(full.byteLength).toBeGreaterThan(19_000);
    }
    assertAllRequestsFitAndPaired(suite.h, WINDOW);
  });
});
