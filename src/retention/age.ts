/**
 * Retention ages and intervals as people write them (`30d`, `12h`, `90m`, `0s`), parsed by
 * the `ms` format Temporal's own durations use (`msToNumber` of @temporalio/common), with a
 * unit required: a bare `30` would be 30 milliseconds, which nobody means here.
 */
import { msToNumber } from '@temporalio/common/lib/time';
import { InvalidConfigError } from '../context/errors';

const WITH_UNIT = /^\s*\d+(\.\d+)?\s*[a-z]+\s*$/i;

/**
 * Milliseconds of `value`, a non-negative duration with a unit.
 * @throws InvalidConfigError naming `field` for anything else.
 */
export function parseAge(value: string, field: string): number {
  const problem = `'${value}' is not a duration with a unit (e.g. 30d, 12h, 90m, 0s)`;
  if (!WITH_UNIT.test(value)) throw new InvalidConfigError(field, problem);
  let ms: number;
  try {
    ms = msToNumber(value.trim() as Parameters<typeof msToNumber>[0]);
  } catch {
    throw new InvalidConfigError(field, problem);
  }
  if (!Number.isFinite(ms) || ms < 0) throw new InvalidConfigError(field, problem);
  return ms;
}

/** `30d`, `12h`, `90m`, `45s` or `250ms`: the largest whole unit. */
export function formatAge(ms: number): string {
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const) {
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  return ms === 0 ? '0s' : `${ms}ms`;
}
