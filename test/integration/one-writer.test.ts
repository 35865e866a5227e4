/**
 * One writer (docs/architecture.md): compactions, reconfigurations and messages sent at
 * once — by update and by signal, while a turn's tool runs — are applied one at a time, in
 * arrival order. With a lock that admits every waiter when released, or that lets go while
 * tools run, the compactions here would plan from the same state and the new system prompt
 * would reach the running turn's second model call.
 */
import { describe, expect, it } from 'vitest';
import { WorkflowUpdateStage } from '@temporalio/client';
import * as sessions from '../../src/client';
import { checkToolPairing } from '../../src/context/pairing';
import { compactUpdate, configureUpdate, sendMessageUpdate } from '../../src/workflows/definitions';
import { docText, fetchDocTool } from '../support/doc-tools';
import { Gate } from '../support/gate-tool';
import { assertAllRequestsFitAndPaired, chatRequests, useSessionHarness } from '../support/session';
import { uniqueId } from '../support/temporal';

const WINDOW = 6_000;

type Message = { role: string; content?: unknown };
type Request = ReturnType<typeof chatRequests>[number];

const messagesOf = (request: Request): Message[] => request.body.messages as Message[];
const mentions = (request: Request, text: string) => messagesOf(request).some((m) => m.content === text);

function systemOf(request: Request): string {
  const first = messagesOf(request)[0];
  return first?.role === 'system' && typeof first.content === 'string' ? first.content : '';
}

describe('one writer', () => {
  const suite = useSessionHarness({ contextWindow: WINDOW, maxOutputTokens: 256 }, { tools: ['fetch_doc'] });

  it('applies two compacts, a configure and messages (update and signal) one at a time, in arrival order', async () => {
    const sessionId = uniqueId('one-writer');
    const gate = new Gate();
    for (let t = 1; t <= 3; t++) {
      suite.h.fake.script(
        { toolCalls: [{ name: 'fetch_doc', arguments: { topic: `w${t}`, lines: 10 } }] },
        {
          text: `warm ${t} ${docText(`w${t}`, 2)}`,
        },
      );
    }
    suite.h.fake.script({ toolCalls: [{ name: 'wait_gate', arguments: { label: 'slow' } }] }, { text: 'slow done' });
    suite.h.fake.script({ text: 'second' }, { text: 'third' });
    const out = await suite.h.run(async () => {
      await suite.start(sessionId, { tools: ['fetch_doc', 'wait_gate'], systemPrompt: 'SYSTEM-A' });
      for (let t = 1; t <= 3; t++) await sessions.sendMessage(suite.client, sessionId, `warm ${t}`);
      const handle = suite.client.workflow.getHandle(sessionId);
      const accepted = { waitForStage: WorkflowUpdateStage.ACCEPTED } as const;
      const slow = await handle.startUpdate(sendMessageUpdate, { args: [{ text: 'the slow one' }], ...accepted });
      await gate.started;
      // Each is accepted (its place in the queue fixed) before the next is sent.
      const compactA = await handle.startUpdate(compactUpdate, { args: [{}], ...accepted });
      const compactB = await handle.startUpdate(compactUpdate, { args: [{}], ...accepted });
      const configure = await handle.startUpdate(configureUpdate, {
        args: [{ systemPrompt: 'SYSTEM-B' }],
        ...accepted,
      });
      await sessions.signalMessage(suite.client, sessionId, { text: 'by signal', messageId: 'sig-1' });
      const third = await handle.startUpdate(sendMessageUpdate, { args: [{ text: 'by update' }], ...accepted });
      const waiting = await sessions.status(suite.client, sessionId);
      gate.open();
      return {
        waiting,
        slow: await slow.result(),
        a: await compactA.result(),
        b: await compactB.result(),
        config: await configure.result(),
        third: await third.result(),
        log: await sessions.log(suite.client, sessionId),
        ledger: await sessions.ledger(suite.client, sessionId),
        view: await sessions.view(suite.client, sessionId),
      };
    }, [fetchDocTool, gate.tool()]);

    // While the tool ran, everything else waited in the queue.
    expect(out.waiting.phase).toEqual({ kind: 'tools', step: 1, tools: ['wait_gate'] });
    expect(out.waiting.queued).toBe(2);
    expect(out.slow).toMatchObject({ turn: 4, reply: 'slow done' });
    // The running turn kept its configuration for both of its model calls.
    const requests = chatRequests(suite.h).filter(
      (r) => mentions(r, 'the slow one') && !mentions(r, 'by signal') && !mentions(r, 'by update'),
    );
    expect(requests.map(systemOf)).toEqual(['SYSTEM-A', 'SYSTEM-A']);
    // A ran after the turn; B planned from what A left, not from the same stale state.
    expect(out.a.outcome).toBe('compacted');
    expect(out.b.tokensBefore).toBe(out.a.tokensAfter);
    const result = out.log.find((i) => i.role === 'tool' && i.toolResult?.toolName === 'wait_gate');
    const summaries = out.log.filter((i) => i.kind === 'summary');
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    expect(summaries[0]!.seq).toBeGreaterThan(result!.seq);
    expect(out.ledger.map((r) => r.id)).toEqual([...out.a.records, ...out.b.records].map((r) => r.id));
    // Then the configure, then the signalled message, then the one sent by update.
    expect(out.config.systemPrompt).toBe('SYSTEM-B');
    const users = out.log.filter((i) => i.role === 'user' && i.kind === 'message').map((i) => i.turn);
    expect(users).toEqual([1, 2, 3, 4, 5, 6]);
    expect(out.third).toMatchObject({ turn: 6, reply: 'third' });
    const later = chatRequests(suite.h).filter((r) => mentions(r, 'by signal') || mentions(r, 'by update'));
    expect(later.length).toBe(2);
    expect(later.map(systemOf)).toEqual(['SYSTEM-B', 'SYSTEM-B']);
    expect(mentions(later[0]!, 'by update')).toBe(false);
    expect(checkToolPairing(out.view.entries)).toEqual([]);
    assertAllRequestsFitAndPaired(suite.h, WINDOW);
  });
});
