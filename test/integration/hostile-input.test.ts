/**
 * Hostile input through a real worker (issue 9, bounded work per input): text that made
 * js-tiktoken's merge quadratic — one letter repeated, two letters alternating, minified
 * JSON — as a user message just under the 256 KiB cap, as a 1 MiB message (refused), and as
 * 1 MiB of tool output (truncated, then counted). Token counting runs synchronously on the
 * worker's thread, so a stall there would also stall every other session on the worker:
 * while each hostile turn runs, another session's status query must keep answering and the
 * event loop must keep turning.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { defineTool } from '../../src/activities/tools/registry';
import * as sessions from '../../src/client';
import { sendMessageUpdate } from '../../src/workflows/definitions';
import { MAX_USER_MESSAGE_BYTES } from '../../src/workflows/validation';
import { chatRequests, useSessionHarness, type SessionHarness } from '../support/session';
import { uniqueId } from '../support/temporal';

const MiB = 1 << 20;
/**
 * Generous bounds for a loaded 2-core machine: the work itself is well under a second
 * (bench/tokens.bench.ts); js-tiktoken needed hours for these inputs.
 */
const TURN_BOUND_MS = 30_000;
const STALL_BOUND_MS = 5_000;

/** `bytes` of one hostile shape (all ASCII: one byte a character). */
function hostile(shape: 'a' | 'ab' | 'json', bytes: number): string {
  if (shape === 'a') return 'a'.repeat(bytes);
  if (shape === 'ab') return 'ab'.repeat(Math.ceil(bytes / 2)).slice(0, bytes);
  const records: string[] = [];
  for (let size = 2, i = 0; size < bytes; i++) {
    const r = JSON.stringify({ id: i, name: `item${(i * 7_919) % 1_000_003}`, tags: ['x', 'y'], ok: i % 3 === 0 });
    records.push(r);
    size += r.length + 1;
  }
  return `[${records.join(',')}]`.slice(0, bytes);
}

/** A tool that returns 1 MiB of the shape it is asked for. */
const flood = defineTool<{ shape: 'a' | 'ab' | 'json' }>({
  name: 'flood',
  description: 'Returns 1 MiB of hostile output.',
  parameters: {
    type: 'object',
    properties: { shape: { type: 'string', enum: ['a', 'ab', 'json'] } },
    required: ['shape'],
  },
  execute: async ({ shape }) => hostile(shape, MiB),
});

interface Watch {
  /** Longest status query of the quiet session while `work` ran, in ms. */
  slowestQueryMs: number;
  queries: number;
  /** Longest event-loop delay of this process (which runs the worker) while `work` ran, in ms. */
  maxLoopDelayMs: number;
  elapsedMs: number;
}

/** Runs `work` while querying `quietId` in a loop and watching the event loop. */
async function watched<T>(client: Client, quietId: string, work: () => Promise<T>): Promise<[T, Watch]> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  let done = false;
  let slowestQueryMs = 0;
  let queries = 0;
  const querying = (async () => {
    while (!done) {
      const t0 = performance.now();
      await sessions.status(client, quietId);
      slowestQueryMs = Math.max(slowestQueryMs, performance.now() - t0);
      queries++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
    await querying;
    loop.disable();
  }
  const elapsedMs = performance.now() - started;
  return [result, { slowestQueryMs, queries, maxLoopDelayMs: loop.max / 1e6, elapsedMs }];
}

function expectResponsive(w: Watch): void {
  expect(w.elapsedMs).toBeLessThan(TURN_BOUND_MS);
  expect(w.queries).toBeGreaterThan(0);
  expect(w.slowestQueryMs).toBeLessThan(STALL_BOUND_MS);
  expect(w.maxLoopDelayMs).toBeLessThan(STALL_BOUND_MS);
}

/** The prompt the provider counted equals ours: the session's fixed overhead + the user message. */
async function expectCountsAgree(client: Client, h: SessionHarness, sessionId: string): Promise<void> {
  const [status, log] = await Promise.all([sessions.status(client, sessionId), sessions.log(client, sessionId)]);
  const request = chatRequests(h).at(-1)!;
  const reply = log.at(-1)!;
  expect(request.status).toBe(200);
  expect(status.usedTokens - reply.content.tokens).toBe(request.promptTokens);
}

describe('hostile input does not stall the worker', () => {
  const suite = useSessionHarness({ contextWindow: 400_000, maxOutputTokens: 256 });

  it.each(['a', 'ab', 'json'] as const)(
    'a user message of %s just under the 256 KiB cap is stored, counted and answered',
    async (shape) => {
      const { client, h } = suite;
      const quietId = uniqueId('quiet');
      const sessionId = uniqueId(`hostile-${shape}`);
      const text = hostile(shape, MAX_USER_MESSAGE_BYTES - 1_024);
      h.fake.script({ text: 'received' });
      await h.run(async () => {
        await suite.start(quietId);
        await suite.start(sessionId);
        const [turn, w] = await watched(client, quietId, () => sessions.sendMessage(client, sessionId, text));
        expect(turn.error).toBeUndefined();
        expect(turn.reply).toBe('received');
        expectResponsive(w);
        const [user] = await sessions.log(client, sessionId);
        expect(user?.content.bytes).toBeGreaterThan(text.length); // stored as JSON, whole
        expect(user?.content.tokens).toBeGreaterThan(text.length / 16);
        await expectCountsAgree(client, h, sessionId);
      });
    },
  );

  it('a 1 MiB message is refused at once with InvalidInput, and the session changes nothing', async () => {
    const { client, h } = suite;
    const sessionId = uniqueId('hostile-huge');
    await h.run(async () => {
      await suite.start(sessionId);
      const before = await sessions.log(client, sessionId);
      for (const shape of ['a', 'ab', 'json'] as const) {
        const text = hostile(shape, MiB);
        const t0 = performance.now();
        // the workflow's own validator, not only the client helper's
        const refusal = await client.workflow
          .getHandle(sessionId)
          .executeUpdate(sendMessageUpdate, { args: [{ text }] })
          .then(
            () => 'accepted',
            (err: { cause?: { type?: string; message?: string } }) => `${err.cause?.type}: ${err.cause?.message}`,
          );
        expect(refusal).toMatch(/^InvalidInput: .*at most 262144 bytes/);
        await expect(sessions.sendMessage(client, sessionId, text)).rejects.toMatchObject({ type: 'InvalidInput' });
        expect(performance.now() - t0).toBeLessThan(STALL_BOUND_MS);
      }
      expect(await sessions.log(client, sessionId)).toEqual(before);
    });
    expect(chatRequests(h)).toHaveLength(0);
  });

  it('1 MiB of tool output of each shape is truncated and counted, and the turn completes', async () => {
    const { client, h } = suite;
    const quietId = uniqueId('quiet');
    const sessionId = uniqueId('hostile-tool');
    h.fake.script(
      {
        toolCalls: (['a', 'ab', 'json'] as const).map((shape) => ({
          id: `call_${shape}`,
          name: 'flood',
          arguments: { shape },
        })),
      },
      { text: 'read all three' },
    );
    await h.run(async () => {
      await suite.start(quietId);
      await suite.start(sessionId, { tools: ['flood'] });
      const [turn, w] = await watched(client, quietId, () => sessions.sendMessage(client, sessionId, 'flood me'));
      expect(turn.error).toBeUndefined();
      expect(turn.reply).toBe('read all three');
      expectResponsive(w);
      const results = (await sessions.log(client, sessionId)).filter((i) => i.role === 'tool');
      expect(results).toHaveLength(3);
      for (const r of results) {
        expect(r.toolResult?.status).toBe('ok');
        expect(r.toolResult?.truncated).toBe(true);
        expect(r.content.tokens).toBeGreaterThan(100);
      }
      // the second request carried the three truncated results; the provider's count is ours
      const second = chatRequests(h).at(-1)!;
      expect(second.body.messages.filter((m: { role: string }) => m.role === 'tool')).toHaveLength(3);
      await expectCountsAgree(client, h, sessionId);
    }, [flood]);
  });
});
