/**
 * Drives one session of a chaos run (test/support/chaos-run.ts) through the public client
 * API (src/client/index.ts) as an impatient client would: messages by signal or by update,
 * each sent once its predecessor was accepted (so arrival order is send order); some re-sent
 * with the same messageId while their turn runs and after it finished, by signal and by
 * update; a manual compaction and a reconfiguration fired while a turn runs; every call
 * repeated when the connection or the server fails. It records what the client saw; the
 * checks of test/support/chaos-check.ts judge it.
 */
import { WorkflowExecutionAlreadyStartedError, type Client, type WorkflowUpdateHandle } from '@temporalio/client';
import * as sessions from '../../src/client';
import type { SessionSummary } from '../../src/workflows/agent-session';
import type { TurnResult } from '../../src/workflows/types';
import { beforeDeadline, DeadlineError, describeError, failureOf, retrying } from './chaos-client';
import { sleep, type Random } from './chaos-random';
import { messageLabel, messageText, type ChaosModel } from './chaos-script';

/** Turn errors a client must expect when the provider keeps failing longer than the retries last. */
export const EXPECTED_TURN_ERRORS: ReadonlySet<string> = new Set([
  'RateLimited',
  'ProviderUnavailable',
  'IncompleteResponse',
]);
/** Failures a manual compaction may end with when there is little to compact. */
export const EXPECTED_COMPACT_ERRORS: ReadonlySet<string> = new Set(['CompactionNoProgress', 'SummaryRejected']);
/** The system prompt the reconfiguration sets. */
export const RECONFIGURED_PROMPT = 'You are a chaos-test agent, reconfigured mid-session.';

/** How a driver behaves; shares are probabilities per message. */
export interface DriverOptions {
  client: Client;
  sessionId: string;
  /** The session's index, part of every message label. */
  index: number;
  turns: number;
  start: sessions.StartSessionOptions;
  seed: string | number;
  model: ChaosModel;
  random: Random;
  /** Epoch ms after which the driver gives up waiting. */
  deadline: number;
  /** Share of messages sent by update (the others by signal). */
  updateShare: number;
  /** Share of messages re-sent while their turn runs, and after it finished. */
  resendDuringShare: number;
  resendAfterShare: number;
  /** Share of update messages whose turn the driver waits for before sending the next one. */
  waitShare: number;
  /** The message after which `compact` and `configure` are sent at once (none when 0). */
  controlAfter: number;
  /**
   * Awaited before the last message is sent: lets a run hold its sessions open until the chaos
   * it promises has happened (e.g. some workers killed), however fast the machine is.
   */
  beforeLast?: () => Promise<void>;
}

/** What the client saw of one session. */
export interface SessionOutcome {
  sessionId: string;
  index: number;
  sent: { signal: number; update: number };
  resends: { duringSignal: number; duringUpdate: number; afterSignal: number; afterUpdate: number };
  /** Calls repeated after a transient error, and update results re-fetched by re-sending. */
  clientRetries: { count: number };
  /** Typed failures the client expected (turn errors of provider faults, an idle compaction, a retried send of a message processed in an earlier run). */
  expected: Record<string, number>;
  /** Failures it did not expect, described. */
  unexpected: string[];
  /** Turn results that did not belong to the message sent. */
  mismatchedResults: string[];
  compact?: string;
  configure?: string;
  /** True once the session's workflow completed after `end`. */
  completed: boolean;
  summary?: SessionSummary;
}

/** What the driver does with one message, drawn up front so the seed alone decides it. */
interface MessagePlan {
  viaUpdate: boolean;
  /** Wait for the turn before sending the next message (update only). */
  wait: boolean;
  resendDuring?: 'signal' | 'update';
  resendDelayMs: number;
  resendAfter?: 'signal' | 'update';
}

function drawPlan(o: DriverOptions): MessagePlan {
  const r = o.random;
  const channel = () => (r() < 0.5 ? 'signal' : 'update');
  const plan: MessagePlan = {
    viaUpdate: r() < o.updateShare,
    wait: r() < o.waitShare,
    resendDelayMs: Math.floor(r() * 800),
  };
  if (r() < o.resendDuringShare) plan.resendDuring = channel();
  if (r() < o.resendAfterShare) plan.resendAfter = channel();
  return plan;
}

/** Runs the driver to the end (or the deadline); never throws. */
export async function driveSession(o: DriverOptions): Promise<SessionOutcome> {
  const out: SessionOutcome = {
    sessionId: o.sessionId,
    index: o.index,
    sent: { signal: 0, update: 0 },
    resends: { duringSignal: 0, duringUpdate: 0, afterSignal: 0, afterUpdate: 0 },
    clientRetries: { count: 0 },
    expected: {},
    unexpected: [],
    mismatchedResults: [],
    completed: false,
  };
  const expect = (type: string) => (out.expected[type] = (out.expected[type] ?? 0) + 1);
  const idOf = (n: number) => `${o.sessionId}:m${n}`;
  const input = (n: number) => ({ text: messageText(o.seed, o.index, n), messageId: idOf(n) });
  const retry = <T>(what: string, fn: () => Promise<T>) => retrying(what, o.deadline, out.clientRetries, fn);

  const judge = (n: number, r: TurnResult) => {
    if (r.messageId !== idOf(n)) out.mismatchedResults.push(`message ${n} got the result of ${r.messageId}`);
    if (!r.error) return;
    if (EXPECTED_TURN_ERRORS.has(r.error.type)) expect(`turn:${r.error.type}`);
    else out.unexpected.push(`message ${n}: turn error ${r.error.type}: ${r.error.message}`);
  };

  /** Sends message n by update until the session accepted it; `resent`: the id may already be processed. */
  const submit = async (n: number, resent: boolean): Promise<WorkflowUpdateHandle<TurnResult> | 'processed'> => {
    try {
      return await retry(`message ${n} accepted`, () => sessions.submitMessage(o.client, o.sessionId, input(n)));
    } catch (err) {
      const f = failureOf(err);
      if (resent && f?.type === 'InvalidInput' && /already processed/.test(f.message)) {
        expect('resend:AlreadyProcessed');
        return 'processed';
      }
      throw err;
    }
  };
  /** Waits for message n's turn, re-sending it (same id) when the wait itself fails. */
  const result = async (n: number, first: WorkflowUpdateHandle<TurnResult> | 'processed') => {
    let handle = first;
    for (;;) {
      if (handle === 'processed') return;
      try {
        return judge(n, await beforeDeadline(handle.result(), o.deadline, `message ${n}'s turn`));
      } catch (err) {
        if (err instanceof DeadlineError || failureOf(err)) throw err;
        out.clientRetries.count++;
        await sleep(500);
        handle = await submit(n, true);
      }
    }
  };
  const guard = (what: string, p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (err: unknown) => void out.unexpected.push(`${what}: ${describeError(err)}`),
    );
  const resend = async (n: number, when: 'during' | 'after', bySignal: boolean) => {
    if (bySignal) {
      out.resends[when === 'during' ? 'duringSignal' : 'afterSignal']++;
      await retry(`resend ${n}`, () => sessions.signalMessage(o.client, o.sessionId, input(n)));
    } else {
      out.resends[when === 'during' ? 'duringUpdate' : 'afterUpdate']++;
      await result(n, await submit(n, true));
    }
  };
  const resendWhileRunning = async (n: number, plan: MessagePlan) => {
    const label = messageLabel(o.index, n);
    while (!o.model.started.has(label)) {
      if (Date.now() > o.deadline) throw new DeadlineError(`message ${n} to start`);
      await sleep(100);
    }
    await sleep(plan.resendDelayMs);
    await resend(n, 'during', plan.resendDuring === 'signal');
  };
  const control = async () => {
    const compacting = retry('compact', () => sessions.compact(o.client, o.sessionId, 'keep the labels')).then(
      (r) => void (out.compact = `${r.records.length} records`),
      (err: unknown) => {
        const f = failureOf(err);
        if (f && EXPECTED_COMPACT_ERRORS.has(f.type)) return void expect(`compact:${f.type}`);
        out.unexpected.push(`compact: ${describeError(err)}`);
      },
    );
    const patch = { systemPrompt: RECONFIGURED_PROMPT };
    const configuring = retry('configure', () => sessions.configure(o.client, o.sessionId, patch)).then(
      (c) => {
        out.configure = c.systemPrompt === RECONFIGURED_PROMPT ? 'applied' : 'not applied';
        if (c.systemPrompt !== RECONFIGURED_PROMPT) out.unexpected.push('configure: the new system prompt is missing');
      },
      (err: unknown) => void out.unexpected.push(`configure: ${describeError(err)}`),
    );
    await Promise.all([compacting, configuring]);
  };

  try {
    await retry('start', () => sessions.startSession(o.client, o.start)).catch((err: unknown) => {
      // a start repeated after a transient error may find the session already started
      if (!(err instanceof WorkflowExecutionAlreadyStartedError && out.clientRetries.count > 0)) throw err;
    });
    const plans = Array.from({ length: o.turns }, () => drawPlan(o));
    const pending: Promise<void>[] = [];
    for (let n = 1; n <= o.turns; n++) {
      const plan = plans[n - 1] as MessagePlan;
      if (n === o.turns) await o.beforeLast?.();
      if (plan.viaUpdate) {
        out.sent.update++;
        // accepted before the next message is sent: arrival order is send order
        const handle = await submit(n, false).catch((err: unknown) => {
          out.unexpected.push(`message ${n}: ${describeError(err)}`);
          return 'processed' as const;
        });
        const turn = guard(`message ${n}`, result(n, handle));
        pending.push(turn);
        if (plan.wait) await turn;
      } else {
        out.sent.signal++;
        await retry(`signal ${n}`, () => sessions.signalMessage(o.client, o.sessionId, input(n)));
      }
      if (plan.resendDuring) pending.push(guard(`resend ${n}`, resendWhileRunning(n, plan)));
      if (n === o.controlAfter) pending.push(control());
    }
    await Promise.all(pending);
    await waitIdle(o, out);
    await Promise.all(
      plans.map((plan, i) =>
        plan.resendAfter
          ? guard(`resend ${i + 1} after`, resend(i + 1, 'after', plan.resendAfter === 'signal'))
          : undefined,
      ),
    );
    await retry('end', () => sessions.end(o.client, o.sessionId));
    const handle = o.client.workflow.getHandle(o.sessionId);
    out.summary = await retry('completion', () => handle.result() as Promise<SessionSummary>);
    out.completed = true;
  } catch (err) {
    out.unexpected.push(`driver: ${describeError(err)}`);
  }
  return out;
}

/** Waits until the session has no queued message and no running turn, and ran at least every message. */
async function waitIdle(o: DriverOptions, out: SessionOutcome): Promise<void> {
  for (;;) {
    const s = await retrying('status', o.deadline, out.clientRetries, () => sessions.status(o.client, o.sessionId));
    if (s.queued === 0 && !s.busy && s.turn >= o.turns) return;
    if (Date.now() > o.deadline) throw new DeadlineError('the session to become idle');
    await sleep(500);
  }
}
