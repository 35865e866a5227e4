/**
 * Paths of ecosystems no extension list names: under a directory, a file is a file whatever its
 * extension (`tests/hyphen-test.rkt`, `src/ledger.d`), so the files an agent edits with `sed -i` or
 * reads on Racket, D, MATLAB or Bicep are known; prose, versions and fractions stay no paths.
 */
import { describe, expect, it } from 'vitest';
import { isPath, pathsIn } from '../../../src/activities/summarizers/paths';
import { shellWrites } from '../../../src/activities/summarizers/shell-writes';

describe('paths of any ecosystem', () => {
  it('are paths under a directory whatever their extension, and bare with a known one', () => {
    for (const p of ['tests/hyphen-test.rkt', 'source/app.d', '+ctrl/pidTune.m', 'infra/main.bicep', 'src/Unit1.lfm', 'x.rkt', 'main.gleam'])
      expect(isPath(p), p).toBe(true);
    for (const p of ['and/or', 'client/server', '12/05/2024', 'km/h', 'turn.reply', 'v1.2', 'src/1.2', 'U.S', 'console.log', 'a/console.log'])
      expect(isPath(p), p).toBe(false);
  });

  it('are found in text and in what a shell command edits in place', () => {
    expect(pathsIn('Fixed the clamp in +ctrl/pidTune.m and tests/hyphen-test.rkt, and/or more.')).toEqual([
      '+ctrl/pidTune.m',
      'tests/hyphen-test.rkt',
    ]);
    expect(shellWrites(`sed -i 's/(test-case "todo"/(test-case "words"/' tests/hyphen-test.rkt && raco test tests`)).toEqual([
      'tests/hyphen-test.rkt',
    ]);
  });
});
