/**
 * Exactly once: a message re-sent with the same id — by signal and by update, while its
 * turn runs and after it finished — is never run again; every copy sent by update gets the
 * first copy's result. Tool idempotency keys stay unique when the provider reuses tool-call
 * ids across turns (`call_0` in every turn, as some providers do).
 */
import { describe, expect, it } from 'vitest';
import { WorkflowUpdateStage } from '@temporalio/client';
import * as sessions from '../../src/client';
import { defineTool } from '../../src/activities/tools/registry';
import { sendMessageUpdate } from '../../src/workflows/definitions';
import { Gate } from '../support/gate-tool';
import { useSessionHarness } from '../support/session';
import { uniqueId } from '../support/temporal';

describe('exactly once', () => {
  const suite = useSessionHarness({ contextWindow: 8_000, maxOutputTokens: 256 });

  it('a message re-sent while its turn runs, and after, is answered from that turn and never run again', async () => {
    const sessionId = uniqueId('retry');
    const gate = new Gate();
    suite.h.fake.script(
      { toolCalls: [{ id: 'call_0', name: 'wait_gate', arguments: { label: 'm1' } }] },
      { text: 'one' },
    );
    const out = await suite.h.run(async () => {
      await suite.start(sessionId, { tools: ['wait_gate'] });
      const message = { text: 'hello A', messageId: 'm1' };
      const handle = suite.client.workflow.getHandle(sessionId);
      const first = await handle.startUpdate(sendMessageUpdate, {
        args: [message],
        waitForStage: WorkflowUpdateStage.ACCEPTED,
      });
      await gate.started;
      // Retries while the turn runs: by signal, then by update.
      await sessions.signalMessage(suite.client, sessionId, message);
      const retry = sessions.sendMessage(suite.client, sessionId, message);
      const during = await sessions.status(suite.client, sessionId);
      gate.open();
      const results = [await first.result(), await retry];
      // Retries after it finished.
      await sessions.signalMessage(suite.client, sessionId, message);
      results.push(await sessions.sendMessage(suite.client, sessionId, message));
      const submitted = await sessions.submitMessage(suite.client, sessionId, message);
      results.push(await submitted.result());
      return {
        during,
        results,
        status: await sessions.status(suite.client, sessionId),
        log: await sessions.log(suite.client, sessionId),
      };
    }, [gate.tool()]);
    expect(out.during.busy).toBe(true);
    expect(out.during.queued).toBe(0);
    for (const r of out.results) expect(r).toEqual(out.results[0]);
    expect(out.results[0]).toMatchObject({ turn: 1, messageId: 'm1', reply: 'one' });
    expect(out.status.turn).toBe(1);
    expect(out.status.duplicateMessages).toBe(5);
    expect(out.log.filter((i) => i.role === 'user' && i.kind === 'message')).toHaveLength(1);
    expect(out.log.filter((i) => i.role === 'tool')).toHaveLength(1);
  });

  it('gives every tool call its own idempotency key even when the provider reuses call ids', async () => {
    const sessionId = uniqueId('keys');
    const keys: string[] = [];
    const remember = defineTool<Record<string, never>>({
      name: 'remember',
      description: 'Records its idempotency key.',
      parameters: { type: 'object', properties: {} },
      execute: async (_args, ctx) => {
        keys.push(ctx.idempotencyKey);
        return 'ok';
      },
    });
    for (let t = 1; t <= 3; t++) {
      suite.h.fake.script({ toolCalls: [{ id: 'call_0', name: 'remember', arguments: {} }] }, { text: `done ${t}` });
    }
    await suite.h.run(async () => {
      await suite.start(sessionId, { tools: ['remember'] });
      for (let t = 1; t <= 3; t++) {
        expect((await sessions.sendMessage(suite.client, sessionId, `turn ${t}`)).error).toBeUndefined();
      }
    }, [remember]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key.startsWith(`${sessionId}:`)).toBe(true);
  });
});
