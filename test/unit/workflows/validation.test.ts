/**
 * The workflow's own validation: defaults filled in by the workflow (a session can start
 * from `{ model }` alone), unknown fields refused everywhere, and each error naming its
 * field once.
 */
import { describe, expect, it } from 'vitest';
import { ApplicationFailure, RetryState, TimeoutType } from '@temporalio/common';
import { ActivityFailure, TimeoutFailure } from '@temporalio/workflow';
import { lostToWorkers } from '../../../src/workflows/activities';
import { DEFAULT_ACTIVITY_OPTIONS, resolveActivityOptions } from '../../../src/workflows/activity-options';
import {
  applyConfigPatch,
  DEFAULT_MAX_STEPS_PER_TURN,
  normalizeSessionConfig,
  validateFocus,
} from '../../../src/workflows/validation';

function failureOf(fn: () => unknown): ApplicationFailure {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApplicationFailure) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('session configuration', () => {
  it('fills the defaults from { model } alone', () => {
    expect(normalizeSessionConfig({ model: 'm' })).toEqual({
      model: 'm',
      tools: [],
      compaction: {},
      summarizer: { kind: 'extractive' },
      maxStepsPerTurn: DEFAULT_MAX_STEPS_PER_TURN,
    });
  });

  it.each([
    [{ model: 'm', colour: 'red' }, "'colour': unknown field"],
    [{ model: 'm', compaction: { softTreshold: 0.5 } }, "'compaction.softTreshold': unknown field"],
    [{ model: 'm', compaction: { slidingWindow: { size: 3 } } }, "'compaction.slidingWindow.size': unknown field"],
    [{ model: 'm', summarizer: { kind: 'extractive', temperature: 1 } }, "'summarizer.temperature': unknown field"],
    [{ model: 'm', compaction: { softThreshold: 2 } }, "'compaction.softThreshold'"],
    [
      { model: 'm', activities: { model: { retry: { maximumAttempts: -1 } } } },
      "'activities.model.retry.maximumAttempts'",
    ],
    [{ model: 'm', activities: { modle: {} } }, "'activities.modle': unknown field"],
    [{ model: 'm', activities: { tools: { workerLossReschedules: 1.5 } } }, "'activities.tools.workerLossReschedules'"],
    [{ model: 'm', activities: { tools: { workerLossReschedules: 1000 } } }, 'at most 100'],
    [{ model: '' }, "'model'"],
  ])('refuses %j naming the field once', (config, message) => {
    const f = failureOf(() => normalizeSessionConfig(config));
    expect(f.type).toBe('InvalidConfig');
    expect(f.message).toContain(message);
    expect(f.message.match(/Invalid configuration/g)).toHaveLength(1);
  });

  it('configure patches are checked the same way, unknown fields included', () => {
    const config = normalizeSessionConfig({ model: 'm' });
    expect(failureOf(() => applyConfigPatch(config, { colour: 'red' })).message).toContain("'colour': unknown field");
    expect(applyConfigPatch(config, { compaction: { softThreshold: 0.7 } }).compaction).toEqual({ softThreshold: 0.7 });
    expect(applyConfigPatch(config, { instructions: { workDir: '/w' } }).instructions).toEqual({ workDir: '/w' });
  });

  it('checks the compact input', () => {
    expect(() => validateFocus({ focus: 'x' })).not.toThrow();
    expect(failureOf(() => validateFocus({ focus: 'x'.repeat(3000) })).type).toBe('InvalidInput');
    expect(failureOf(() => validateFocus({ fokus: 'x' } as never)).message).toContain("no field 'fokus'");
  });
});

describe('activity options', () => {
  it('merge built-in defaults, then the worker, then the session', () => {
    const r = resolveActivityOptions(
      { model: { startToCloseTimeoutMs: 5_000, retry: { maximumAttempts: 2 } } },
      { model: { retry: { maximumAttempts: 4 } } },
    );
    expect(r.model.startToCloseTimeoutMs).toBe(5_000);
    expect(r.model.retry.maximumAttempts).toBe(4);
    expect(r.model.retry.initialIntervalMs).toBe(DEFAULT_ACTIVITY_OPTIONS.model.retry.initialIntervalMs);
    expect(r.tools).toEqual(DEFAULT_ACTIVITY_OPTIONS.tools);
  });

  it('heartbeatTimeoutSeconds sets the heartbeat of heartbeating kinds only', () => {
    const r = resolveActivityOptions(undefined, undefined, 5);
    expect(r.model.heartbeatTimeoutMs).toBe(5_000);
    expect(r.summarizer.heartbeatTimeoutMs).toBe(5_000);
    expect(r.bookkeeping.heartbeatTimeoutMs).toBeUndefined();
  });
});

describe('worker loss', () => {
  const activityFailure = (retryState: RetryState, cause: Error) =>
    new ActivityFailure('activity failed', 'executeTool', '7', retryState, 'worker', cause);
  const timeout = (type: TimeoutType) => new TimeoutFailure('timed out', undefined, type);

  it('is a schedule whose attempts all ran out on a heartbeat timeout (heartbeating kinds)', () => {
    const lost = activityFailure(RetryState.MAXIMUM_ATTEMPTS_REACHED, timeout(TimeoutType.HEARTBEAT));
    expect(lostToWorkers(lost, true)).toBe(true);
    expect(lostToWorkers(lost, false)).toBe(false);
  });

  it('is the start-to-close timeout only for kinds that do not heartbeat', () => {
    const slow = activityFailure(RetryState.MAXIMUM_ATTEMPTS_REACHED, timeout(TimeoutType.START_TO_CLOSE));
    expect(lostToWorkers(slow, false)).toBe(true);
    // a heartbeating activity that outran its start-to-close timeout was alive: not worker loss
    expect(lostToWorkers(slow, true)).toBe(false);
  });

  it('is never an error the activity reported, nor a schedule stopped by its time bound', () => {
    const reported = ApplicationFailure.create({ type: 'ProviderUnavailable', message: '503' });
    expect(lostToWorkers(activityFailure(RetryState.MAXIMUM_ATTEMPTS_REACHED, reported), true)).toBe(false);
    const bounded = activityFailure(RetryState.TIMEOUT, timeout(TimeoutType.HEARTBEAT));
    expect(lostToWorkers(bounded, true)).toBe(false);
    expect(lostToWorkers(new Error('other'), true)).toBe(false);
  });

  it('reschedules three times by default, per kind configurable', () => {
    const r = resolveActivityOptions({ model: { workerLossReschedules: 5 } }, { tools: { workerLossReschedules: 0 } });
    expect(r.model.workerLossReschedules).toBe(5);
    expect(r.tools.workerLossReschedules).toBe(0);
    expect(r.summarizer.workerLossReschedules).toBe(3);
  });
});
