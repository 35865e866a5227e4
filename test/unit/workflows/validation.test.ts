/**
 * The workflow's own validation: defaults filled in by the workflow (a session can start
 * from `{ model }` alone), unknown fields refused everywhere, and each error naming its
 * field once.
 */
import { describe, expect, it } from 'vitest';
import { ApplicationFailure } from '@temporalio/common';
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
