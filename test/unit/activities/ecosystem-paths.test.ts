/**
 * Paths of ecosystems no extension list names: under a directory, a file is a file whatever its
 * extension (`tests/hyphen-test.rkt`, `src/ledger.d`), so the files an agent edits with `sed -i` or
 * reads on Racket, D, MATLAB or Bicep are known; prose, versions and fractions stay no paths.
 */
import { describe, expect, it } from 'vitest';
import { callFiles } from '../../../src/activities/summarizers/calls';
import { isNoDocumentPath, isSourcePath, markedRules } from '../../../src/activities/summarizers/pasted';
import { isPath, pathsIn } from '../../../src/activities/summarizers/paths';
import { withoutGutter } from '../../../src/activities/summarizers/text';
import { shellWrites } from '../../../src/activities/summarizers/shell-writes';

describe('paths of any ecosystem', () => {
  it('are paths under a directory whatever their extension, and bare with a known one', () => {
    for (const p of [
      'tests/hyphen-test.rkt',
      'source/app.d',
      '+ctrl/pidTune.m',
      'infra/main.bicep',
      'src/Unit1.lfm',
      'x.rkt',
      'main.gleam',
    ])
      expect(isPath(p), p).toBe(true);
    for (const p of [
      'and/or',
      'client/server',
      '12/05/2024',
      'km/h',
      'turn.reply',
      'v1.2',
      'src/1.2',
      'U.S',
      'console.log',
      'a/console.log',
    ])
      expect(isPath(p), p).toBe(false);
  });

  it('are found in text and in what a shell command edits in place', () => {
    expect(pathsIn('Fixed the clamp in +ctrl/pidTune.m and tests/hyphen-test.rkt, and/or more.')).toEqual([
      '+ctrl/pidTune.m',
      'tests/hyphen-test.rkt',
    ]);
    expect(
      shellWrites(`sed -i 's/(test-case "todo"/(test-case "words"/' tests/hyphen-test.rkt && raco test tests`),
    ).toEqual(['tests/hyphen-test.rkt']);
  });

  it('are code of many ecosystems, not a job script or a build config; a list argument names files too', () => {
    for (const p of ['source/app.d', 'src/rules.rkt', 'src/a.ts']) expect(isSourcePath(p), p).toBe(true);
    for (const p of [
      'docs/PANDUAN.md',
      'config.yaml',
      'notes.txt',
      'Makefile',
      'jobs/run.sbatch',
      'steam/app_build.vdf',
    ])
      expect(isSourcePath(p), p).toBe(false);
    // (what may be a document: a prose file's extension, or none)
    for (const p of ['pillar/postgres.sls', 'source/app.d', 'steam/app_build.vdf'])
      expect(isNoDocumentPath(p), p).toBe(true);
    for (const p of ['docs/PANDUAN.md', 'notes.txt', 'README']) expect(isNoDocumentPath(p), p).toBe(false);
    const call = {
      name: 'read_files',
      raw: '{"files":[{"path":"source/app.d","line_ranges":[[1,20]]},{"path":"dub.json"}],"paths":["src/b.d"]}',
      args: undefined,
      label: undefined,
      files: undefined,
    };
    expect(callFiles(call as never).read).toEqual(['source/app.d', 'dub.json', 'src/b.d']);
  });

  it('of an argv are those its command names, never the command itself; a list of commands names its paths', () => {
    const call = (raw: string) => ({ name: 'shell', raw, args: undefined, label: undefined, files: undefined });
    const argv = call(
      '{"command":["bash","-lc","sed -n \'1,80p\' src/Tariff.Core/Billing.fs"],"workdir":"/home/ola/src/tariff"}',
    );
    const read = callFiles(argv as never).read;
    expect(read).toContain('src/Tariff.Core/Billing.fs');
    expect(read.filter((f) => /\s/.test(f))).toEqual([]);
    const listed = call('{"commands":["cat src/app/main.gleam", "gleam test"]}');
    expect(callFiles(listed as never).read).toEqual(['src/app/main.gleam']);
  });
});

describe('a file view with line numbers', () => {
  const view =
    '<file path="source/gza/package.d">\n   1│/++\n   2│ + gza — GPX tracks in D.\n   3│ + Rules for contributors:\n   4│///   - public symbols are re-exported here only\n   5│///   - no std.stdio outside source/app.d\n   6│ +/\n   7│module gza;\n</file>';
  it('is read without its numbers, and the rules its comments list under a heading are rules', () => {
    expect(withoutGutter(view).split('\n').slice(1, 4)).toEqual([
      '/++',
      ' + gza — GPX tracks in D.',
      ' + Rules for contributors:',
    ]);
    expect(markedRules(withoutGutter(view))).toEqual([
      '///   - public symbols are re-exported here only',
      '///   - no std.stdio outside source/app.d',
    ]);
    // (a numbered list, or numbers out of order, is no view)
    for (const text of ['1. a\n2. b\n3. c', '12 apples\n7 pears\n30 plums\n2 figs'])
      expect(withoutGutter(text)).toBe(text);
  });
});
