/**
 * Retention on the real dev server: two sessions share a system prompt; one ends, one keeps
 * running. `durable-context retention --older-than 0s` removes only what the ended session
 * alone stored; the running one takes another turn and all its content reads back; the
 * ended one still replays (Temporal needs only its history), and `view --content` on it
 * fails with a typed ContentMissing. Then the scheduled path: the `contentRetention`
 * workflow prunes another ended session, and the worker's schedule is created once and
 * updated after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from '@temporalio/worker';
import * as sessions from '../../src/client';
import { sessionRuns } from '../../src/cli/replay';
import { ContentMissingError } from '../../src/context/errors';
import type { LogItem } from '../../src/context/types';
import { DurableContextPlugin } from '../../src/plugin';
import { ensureRetentionSchedule, retentionScheduleId } from '../../src/retention/schedule';
import { RETENTION_WORKFLOW_TYPE, type PruneContentResult } from '../../src/retention/types';
import { contentRef } from '../../src/store/content-store';
import { MemoryStore } from '../../src/store/memory-store';
import { runCli, showRun } from '../support/cli';
import { useSessionHarness } from '../support/session';
import { installQuietRuntime, temporalAddress, uniqueId, workflowBundle } from '../support/temporal';

const SYSTEM_PROMPT = 'You are a test agent. This prompt is shared by every session of this file.';

describe('retention of ended sessions content', () => {
  const suite = useSessionHarness({ contextWindow: 8_000 });
  const ended = uniqueId('ended');
  const running = uniqueId('running');
  let stopWorker: () => void = () => undefined;
  let worker: Promise<void> | undefined;

  const cli = (args: string[]) =>
    runCli(args, {
      env: { TEMPORAL_ADDRESS: temporalAddress(), DURABLE_CONTEXT_STORE_DIR: suite.h.storeDir },
      timeoutMs: 150_000,
    });
  const readable = async (items: readonly LogItem[]) => Promise.all(items.map((i) => suite.h.store.has(i.content.ref)));

  async function endedSession(sessionId: string, text: string): Promise<LogItem[]> {
    await suite.start(sessionId, { systemPrompt: SYSTEM_PROMPT });
    suite.h.fake.script({ text: `Reply to ${text}` });
    await sessions.sendMessage(suite.client, sessionId, text);
    const log = await sessions.log(suite.client, sessionId);
    await sessions.end(suite.client, sessionId);
    await suite.client.workflow.getHandle(sessionId).result();
    return log;
  }

  beforeAll(async () => {
    const stopped = new Promise<void>((resolve) => (stopWorker = resolve));
    worker = suite.h.run(() => stopped);
  });
  afterAll(async () => {
    stopWorker();
    await worker;
  });

  it('removes only the ended session’s own content; the running one goes on; the ended one replays', async () => {
    const endedLog = await endedSession(ended, 'a message only the ended session has');
    await suite.start(running, { systemPrompt: SYSTEM_PROMPT });
    suite.h.fake.script({ text: 'First reply of the running session.' });
    await sessions.sendMessage(suite.client, running, 'a message of the running session');
    const shared = contentRef(JSON.stringify({ role: 'system', content: SYSTEM_PROMPT }));
    expect(await suite.h.store.has(shared)).toBe(true);
    expect(await readable(endedLog)).toEqual(endedLog.map(() => true));

    const dry = await cli(['retention', '--older-than', '0s', '--dry-run']);
    expect(dry.code, showRun(dry)).toBe(0);
    expect(dry.stdout).toMatch(/dry run: would remove [1-9]\d* blobs?/);
    expect(await readable(endedLog)).toEqual(endedLog.map(() => true));

    const run = await cli(['retention', '--older-than', '0s']);
    expect(run.code, showRun(run)).toBe(0);
    expect(run.stdout).toMatch(/sessions considered: 2 owners .* 1 ended, 0 gone .* 1 running/);
    expect(run.stdout).toContain(ended);
    expect(run.stdout).toMatch(/removed [1-9]\d* blobs?, [\d.]+ K?B freed; [1-9]\d* blobs? kept/);
    // the ended session's own messages are gone; the prompt both sessions use is not
    expect(await readable(endedLog)).toEqual(endedLog.map(() => false));
    expect(await suite.h.store.has(shared)).toBe(true);

    // the running session takes another turn and every item of its log reads back
    suite.h.fake.script({ text: 'Second reply, after the prune.' });
    const turn = await sessions.sendMessage(suite.client, running, 'another message after the prune');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Second reply, after the prune.');
    const runningLog = await sessions.log(suite.client, running);
    expect(runningLog.length).toBeGreaterThanOrEqual(4);
    expect(await readable(runningLog)).toEqual(runningLog.map(() => true));
    const view = await cli(['view', running, '--content']);
    expect(view.code, showRun(view)).toBe(0);
    expect(view.stdout).toContain('Second reply, after the prune.');

    // the ended session replays from its history alone, with a store that holds nothing
    installQuietRuntime();
    const runs = await sessionRuns(suite.client, { address: temporalAddress(), namespace: 'default' }, ended);
    const plugin = new DurableContextPlugin({ store: new MemoryStore() });
    for (const r of runs) {
      await Worker.runReplayHistory({ workflowBundle: workflowBundle(), plugins: [plugin] }, r.history, ended);
    }
    // and reading its content says clearly why it is not there
    const missing = await cli(['view', ended, '--content']);
    expect(missing.code, showRun(missing)).toBe(1);
    expect(missing.stderr).toMatch(
      /✗ ContentMissing: the content of \d+ of \d+ messages is not in .*removed by retention/,
    );
    await expect(suite.h.store.get(endedLog[0]!.content.ref)).rejects.toBeInstanceOf(ContentMissingError);

    // a second pass finds nothing more to remove
    const again = await cli(['retention', '--older-than', '0s', '--json']);
    expect(again.code, showRun(again)).toBe(0);
    expect(JSON.parse(again.stdout).pruned).toMatchObject({ blobs: 0 });
  }, 300_000);

  it('refuses a bad age as a usage error', async () => {
    const bad = await cli(['retention', '--older-than', '30']);
    expect(bad.code, showRun(bad)).toBe(2);
    expect(bad.stderr).toMatch(/'30' is not a duration with a unit/);
  });

  it('the scheduled path: the contentRetention workflow prunes; the schedule is created once, then updated', async () => {
    const another = uniqueId('ended-too');
    const log = await endedSession(another, 'a message for the scheduled pass');
    const result: PruneContentResult = await suite.client.workflow.execute(RETENTION_WORKFLOW_TYPE, {
      taskQueue: suite.h.taskQueue,
      workflowId: uniqueId('retention'),
      args: [{ olderThanMs: 0 }],
    });
    expect(result.counts).toMatchObject({ ended: 1 });
    expect(result.blobs).toBeGreaterThan(0);
    expect(await readable(log)).toEqual(log.map(() => false));
    const runningLog = await sessions.log(suite.client, running);
    expect(await readable(runningLog)).toEqual(runningLog.map(() => true));

    const options = { taskQueue: suite.h.taskQueue, olderThanMs: 30 * 86_400_000, everyMs: 3_600_000 };
    expect(await ensureRetentionSchedule(suite.client, options)).toBe('created');
    expect(await ensureRetentionSchedule(suite.client, { ...options, everyMs: 600_000 })).toBe('updated');
    const schedule = suite.client.schedule.getHandle(retentionScheduleId(suite.h.taskQueue));
    try {
      const d = await schedule.describe();
      expect(d.action).toMatchObject({ type: 'startWorkflow', workflowType: RETENTION_WORKFLOW_TYPE });
      expect(d.action.type === 'startWorkflow' && d.action.taskQueue).toBe(suite.h.taskQueue);
      expect(d.spec.intervals?.[0]?.every).toBe(600_000);
    } finally {
      await schedule.delete();
    }
  }, 300_000);
});
