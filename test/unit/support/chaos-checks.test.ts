/**
 * The chaos harness's own checks (test/support/chaos-*.ts) catch what they claim to catch:
 * a stress test whose checks cannot fail would prove nothing.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { History } from '@temporalio/common/lib/proto-utils';
import type { ChatMessage } from '../../../src/context/types';
import type { RecordedRequest } from '../../../src/testing/fake-openai';
import { ServiceError } from '@temporalio/client';
import { isTransient } from '../../support/chaos-client';
import { analyseRuns } from '../../support/chaos-history';
import { checkEffects } from '../../support/chaos-log';
import { chaosModel, expectedStatus, messageText, planOf, positionOf } from '../../support/chaos-script';

function effectsDir(executions: { key: string; label: string }[], effects: { key: string; label: string }[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-chaos-unit-'));
  mkdirSync(path.join(dir, 'effects'));
  const lines = executions.map((e) => JSON.stringify({ ...e, kind: 'ok', attempt: 1, pid: 1, outcome: 'applied' }));
  writeFileSync(path.join(dir, 'executions.jsonl'), lines.map((l) => `${l}\n`).join(''));
  effects.forEach((e, i) => writeFileSync(path.join(dir, 'effects', `${i}.json`), JSON.stringify(e)));
  return dir;
}

const request = (messages: ChatMessage[]): RecordedRequest => ({
  method: 'POST',
  path: '/v1/chat/completions',
  headers: {},
  body: { messages },
});

describe('checkEffects', () => {
  it('passes effects made once per call under one key each', () => {
    const dir = effectsDir(
      [
        { key: 'w:r:a', label: 'S1-M1-s0-0' },
        { key: 'w:r:a', label: 'S1-M1-s0-0' }, // a retry: same key, same call
        { key: 'w:r:b', label: 'S1-M2-s0-0' },
      ],
      [
        { key: 'w:r:a', label: 'S1-M1-s0-0' },
        { key: 'w:r:b', label: 'S1-M2-s0-0' },
      ],
    );
    const f = checkEffects(dir, ['S1-M1-s0-0', 'S1-M2-s0-0']);
    expect(f).toMatchObject({ executions: 3, distinctKeys: 2, effects: 2 });
    expect([...f.keyCollisions, ...f.duplicatedEffects, ...f.lostEffects]).toEqual([]);
  });

  it('finds a key shared by two calls, the effect it cost, and an effect made twice', () => {
    const dir = effectsDir(
      [
        { key: 'w:r:call_0', label: 'S2-M1-s0-0' },
        { key: 'w:r:call_0', label: 'S2-M2-s0-0' },
        { key: 'w:r:x', label: 'S3-M1-s0-0' },
        { key: 'w:r:y', label: 'S3-M1-s0-0' },
      ],
      [
        { key: 'w:r:call_0', label: 'S2-M1-s0-0' },
        { key: 'w:r:x', label: 'S3-M1-s0-0' },
        { key: 'w:r:y', label: 'S3-M1-s0-0' },
      ],
    );
    const f = checkEffects(dir, ['S2-M1-s0-0', 'S2-M2-s0-0', 'S3-M1-s0-0']);
    expect(f.keyCollisions).toEqual(['w:r:call_0: S2-M1-s0-0, S2-M2-s0-0']);
    expect(f.lostEffects).toEqual(['S2-M2-s0-0']);
    expect(f.duplicatedEffects).toHaveLength(1);
    expect(f.duplicatedEffects[0]).toMatch(/^S3-M1-s0-0: 2 keys/);
  });
});

describe('the chaos model', () => {
  const options = { seed: 'unit' };

  it('answers from the request alone: the plan of the message, step by step, then a final text', () => {
    const model = chaosModel(options);
    // a message whose plan has at least one tool step
    const n = Array.from({ length: 50 }, (_, i) => i + 1).find((i) => planOf(options, 1, i).length > 0) ?? 0;
    const plan = planOf(options, 1, n);
    const user: ChatMessage = { role: 'user', content: messageText('unit', 1, n) };
    const first = model.reply(request([user]));
    expect('toolCalls' in first && first.toolCalls.length).toBe(plan[0]?.length);
    expect(model.reply(request([user]))).toMatchObject({ toolCalls: expect.any(Array) });
    if (!('toolCalls' in first)) throw new Error('expected tool calls');
    const assistant: ChatMessage = {
      role: 'assistant',
      content: null,
      tool_calls: first.toolCalls.map((c) => ({
        id: c.id ?? '',
        type: 'function',
        function: { name: c.name, arguments: String(c.arguments) },
      })),
    };
    const results: ChatMessage[] = first.toolCalls.map((c) => ({
      role: 'tool',
      tool_call_id: c.id ?? '',
      content: 'x',
    }));
    expect(positionOf([user, assistant, ...results])).toEqual({ s: 1, n, step: 1 });
    expect(model.started.has(`S1 M${n}`)).toBe(true);
  });

  it('reuses call ids in even sessions and draws fresh ones in odd sessions', () => {
    const model = chaosModel(options);
    const ids = (s: number) => {
      const n = Array.from({ length: 50 }, (_, i) => i + 1).find((i) => planOf(options, s, i).length > 0) ?? 0;
      const reply = model.reply(request([{ role: 'user', content: messageText('unit', s, n) }]));
      return 'toolCalls' in reply ? reply.toolCalls.map((c) => c.id) : [];
    };
    expect(ids(2)[0]).toBe('call_0');
    expect(ids(1)[0]).not.toBe(ids(1)[0]);
  });

  it('expects only well-formed, non-throwing calls to succeed', () => {
    expect(expectedStatus('{"label":"S1-M1-s0-0","kind":"ok"}')).toBe('ok');
    expect(expectedStatus('{"label":"S1-M1-s0-0","kind":"retry"}')).toBe('ok');
    expect(expectedStatus('{"label":"S1-M1-s0-0","kind":"throw"}')).toBe('error');
    expect(expectedStatus('{"label":"S1-M1-s0-0","kind":"explode"}')).toBe('error');
    expect(expectedStatus('{"label":"S1-M1-s0-0","kind":"ok"')).toBe('error');
  });
});

describe('analyseRuns', () => {
  const history = (events: object[]): History =>
    ({ events: events.map((e, i) => ({ eventId: i + 1, ...e })) }) as unknown as History;

  it('reports a nondeterminism failure and a session wedged by it', () => {
    const f = analyseRuns(
      [
        {
          runId: 'r1',
          history: history([
            { workflowTaskCompletedEventAttributes: {} },
            {
              workflowTaskFailedEventAttributes: {
                cause: 24,
                failure: { message: '[TMPRL1100] Nondeterminism error: Update machine does not handle this event' },
              },
            },
          ]),
        },
      ],
      'RUNNING',
    );
    expect(f.nondeterminism).toHaveLength(1);
    expect(f.wedged).toBe(true);
  });

  it('tells provoked activity failures from others', () => {
    const f = analyseRuns(
      [
        {
          runId: 'r1',
          history: history([
            { activityTaskScheduledEventAttributes: { activityType: { name: 'callModel' } } },
            {
              activityTaskStartedEventAttributes: {
                scheduledEventId: 1,
                lastFailure: { message: '429', applicationFailureInfo: { type: 'RateLimited' } },
              },
            },
            { activityTaskScheduledEventAttributes: { activityType: { name: 'callModel' } } },
            {
              activityTaskFailedEventAttributes: {
                scheduledEventId: 3,
                failure: { message: 'too long', applicationFailureInfo: { type: 'ContextLengthExceeded' } },
              },
            },
          ]),
        },
      ],
      'COMPLETED',
    );
    expect(f.activityFailures).toEqual({ 'callModel:RateLimited': 1, 'callModel:ContextLengthExceeded (final)': 1 });
    expect(f.unexpectedActivityFailures).toEqual(['run 1 callModel: ContextLengthExceeded: too long']);
    expect(f.wedged).toBe(false);
  });

  it('accepts a schedule lost to killed workers only when the same call is scheduled again', () => {
    const input = (text: string) => ({ payloads: [{ data: Buffer.from(text) }] });
    const schedule = (name: string, text: string) => ({
      activityTaskScheduledEventAttributes: { activityType: { name }, input: input(text) },
    });
    const timedOut = (scheduledEventId: number) => ({
      activityTaskTimedOutEventAttributes: {
        scheduledEventId,
        failure: { message: 'activity Heartbeat timeout', timeoutFailureInfo: { timeoutType: 3 } },
      },
    });
    const f = analyseRuns(
      [
        {
          runId: 'r1',
          history: history([
            schedule('summarize', 'range 1'),
            timedOut(1),
            schedule('summarize', 'range 1'),
            schedule('summarize', 'range 2'),
            timedOut(4),
            // another call of the same activity is not the lost one scheduled again
            schedule('summarize', 'range 3'),
          ]),
        },
      ],
      'COMPLETED',
    );
    expect(f.workerLossReschedules).toBe(1);
    expect(f.unexpectedActivityFailures).toEqual(['run 1 summarize: Timeout:3: activity Heartbeat timeout']);
  });
});

describe('isTransient', () => {
  const grpc = (code: number, details: string) =>
    new ServiceError('Failed to query Workflow', {
      cause: Object.assign(new Error(details), { code, details, metadata: {} }),
    });

  it('repeats calls the server refused only for a passing state', () => {
    expect(isTransient(grpc(14, 'unavailable'))).toBe(true);
    // every worker was killed at once: queries fail until a replacement polls
    expect(isTransient(grpc(9, 'no poller seen for task queue recently, worker may be down'))).toBe(true);
    expect(isTransient(grpc(9, 'Workflow Task in failed state'))).toBe(true);
    expect(isTransient(grpc(9, 'workflow execution already completed'))).toBe(false);
    expect(isTransient(grpc(3, 'invalid argument'))).toBe(false);
  });
});
