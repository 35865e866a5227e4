/** Failure types are one closed set: the README lists exactly the types of `FailureType`. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FailureType, isFailureType } from '../../src/context/errors';

describe('FailureType', () => {
  it('is exactly the list the README gives', () => {
    const readme = readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    const start = readme.indexOf('Failures carry stable types');
    expect(start).toBeGreaterThan(-1);
    const paragraph = readme.slice(
      readme.indexOf(':', readme.indexOf('one of them', start)),
      readme.indexOf('\n\n', start),
    );
    const listed = [...paragraph.matchAll(/`([A-Z][A-Za-z]+)`/g)].map((m) => m[1]);
    expect(new Set(listed)).toEqual(new Set(Object.values(FailureType)));
    expect(listed.length).toBe(Object.values(FailureType).length);
  });

  it('recognises its own strings only', () => {
    for (const t of Object.values(FailureType)) expect(isFailureType(t)).toBe(true);
    expect(isFailureType('Whatever')).toBe(false);
    expect(isFailureType('toString')).toBe(false);
  });
});
