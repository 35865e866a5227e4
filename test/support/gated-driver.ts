/**
 * Drives one session turn by turn through the public client API (src/client/index.ts),
 * each message waiting for a gate the test opens, so a test decides which turns run in
 * which phase (e.g. before and after a worker process is killed). Messages carry a
 * messageId, so a send repeated after a transient error (a worker or the connection gone
 * while the update waited) is idempotent; the checks afterwards read the log to see that
 * each message landed exactly once. Texts and labels are those of the chaos model
 * (test/support/chaos-script.ts), which answers each request from the request alone.
 */
import type { Client, WorkflowUpdateHandle } from '@temporalio/client';
import * as sessions from '../../src/client';
import type { SessionSummary } from '../../src/workflows/agent-session';
import type { TurnResult } from '../../src/workflows/types';
import { describeError, failureOf, retrying } from './chaos-client';
import { sleep } from './chaos-random';
import { messageText } from './chaos-script';

/** What a driver is told. */
export interface GatedDriverOptions {
  client: Client;
  start: sessions.StartSessionOptions;
  /** The session's index, part of every message label. */
  index: number;
  turns: number;
  seed: string;
  /** Resolves when message `n` may be sent. */
  gate(n: number): Promise<void>;
  /** Epoch ms after which the driver gives up. */
  deadline: number;
  /** Called when message `n`'s turn has ended. */
  onTurn?(n: number): void;
}

/** What the client saw. */
export interface GatedOutcome {
  sessionId: string;
  index: number;
  /** Turn results by message number; `processed` when a repeated send found it already done. */
  results: Map<number, TurnResult | 'processed'>;
  /** Calls repeated after a transient error. */
  retries: { count: number };
  errors: string[];
  summary?: SessionSummary;
}

/** Runs the session to its end; never throws (errors are in the outcome). */
export async function driveGated(o: GatedDriverOptions): Promise<GatedOutcome> {
  const sessionId = o.start.sessionId;
  const out: GatedOutcome = { sessionId, index: o.index, results: new Map(), retries: { count: 0 }, errors: [] };
  const retry = <T>(what: string, fn: () => Promise<T>) => retrying(what, o.deadline, out.retries, fn);
  const input = (n: number) => ({ text: messageText(o.seed, o.index, n), messageId: `${sessionId}:m${n}` });

  const submit = async (n: number, repeated: boolean): Promise<WorkflowUpdateHandle<TurnResult> | 'processed'> => {
    try {
      return await retry(`message ${n} accepted`, () => sessions.submitMessage(o.client, sessionId, input(n)));
    } catch (err) {
      const f = failureOf(err);
      if (repeated && f?.type === 'InvalidInput' && /already processed/.test(f.message)) return 'processed';
      throw err;
    }
  };
  const turn = async (n: number): Promise<TurnResult | 'processed'> => {
    let handle = await submit(n, false);
    for (;;) {
      if (handle === 'processed') return handle;
      try {
        return await handle.result();
      } catch (err) {
        if (failureOf(err) || Date.now() > o.deadline) throw err;
        out.retries.count++;
        await sleep(500);
        handle = await submit(n, true);
      }
    }
  };

  try {
    await retry('start', () => sessions.startSession(o.client, o.start));
    for (let n = 1; n <= o.turns; n++) {
      await o.gate(n);
      out.results.set(n, await turn(n));
      o.onTurn?.(n);
    }
    await retry('end', () => sessions.end(o.client, sessionId));
    out.summary = await retry('completion', () => o.client.workflow.getHandle(sessionId).result());
  } catch (err) {
    out.errors.push(describeError(err));
  }
  return out;
}
