/**
 * The smallest session that shows the update/replay ordering bug of the Temporal SDK
 * (docs/sdk-update-replay-order.md): one queue, one main loop, every message — by signal or
 * by update — only validated and enqueued by its handler (the single-writer design of
 * Temporal's safe-message-handlers sample). A turn is two activities, `store` then `work`,
 * like a session's storeMessage then model call.
 *
 * Sandbox code: bundled by the test, never by the product.
 */
import {
  ApplicationFailure,
  condition,
  defineQuery,
  defineSignal,
  defineUpdate,
  proxyActivities,
  setHandler,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import type { OrderActivities } from './activities';

/** A user message: fire-and-forget. */
export const messageSignal = defineSignal<[string]>('message');
/** A user message that resolves with its turn's reply (validated, then enqueued like a signal). */
export const sendMessageUpdate = defineUpdate<string, [string]>('sendMessage');

/** What the main loop has done so far; read by the test to see which state a query observed. */
export interface OrderProgress {
  /** Turns whose `work` result the main loop has recorded. */
  finished: number;
  /** Messages waiting in the queue. */
  queued: number;
  /** For each turn begun, `workflowInfo().historyLength` when the main loop began it. */
  turnStartedAt: number[];
}
export const progressQuery = defineQuery<OrderProgress>('progress');

const { store, work } = proxyActivities<OrderActivities>({ startToCloseTimeout: '1 minute' });

/** Variants of the main loop. */
export interface QueueSessionOptions {
  /**
   * Yield with a 1 ms timer after taking a message and before its first activity (one of the
   * proposed fixes: "don't start commands in the activation that took the message").
   */
  yieldWithTimer?: boolean;
}

interface Queued {
  id: string;
  text: string;
}

/**
 * The session: messages by signal and by update share one FIFO queue; the main loop runs one
 * turn at a time. Each `store` carries the history length the loop saw when it started the
 * turn, so a test can show which history length a decision was taken at.
 */
export async function queueSession(options: QueueSessionOptions = {}): Promise<void> {
  const queue: Queued[] = [];
  const replies = new Map<string, string>();
  let received = 0;
  let finished = 0;
  const turnStartedAt: number[] = [];

  setHandler(progressQuery, () => ({ finished, queued: queue.length, turnStartedAt: turnStartedAt.slice() }));
  setHandler(messageSignal, (text) => {
    queue.push({ id: `m${++received}`, text });
  });
  setHandler(
    sendMessageUpdate,
    async (text) => {
      const id = `m${++received}`;
      queue.push({ id, text });
      await condition(() => replies.has(id));
      return replies.get(id) as string;
    },
    {
      validator: (text) => {
        if (typeof text !== 'string' || text === '') {
          throw ApplicationFailure.create({ type: 'InvalidInput', message: 'empty message', nonRetryable: true });
        }
      },
    },
  );

  for (;;) {
    await condition(() => queue.length > 0);
    const next = queue.shift() as Queued;
    turnStartedAt.push(workflowInfo().historyLength);
    if (options.yieldWithTimer) await sleep(1);
    await store({ text: next.text, historyLength: workflowInfo().historyLength });
    replies.set(next.id, await work({ text: next.text }));
    finished += 1;
  }
}
