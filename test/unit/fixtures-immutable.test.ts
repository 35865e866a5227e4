/**
 * Recorded histories are history: once a recording of a released version is committed, it
 * is never changed or removed — new recordings go beside it, in the folder of a new version.
 * Checked against git: every fixture file ever added under test/fixtures/histories/<version>/
 * must still exist with exactly the content it was first committed with, and the working
 * tree must not differ from it either.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '..', '..');
const DIR = 'test/fixtures/histories';

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

// Outside a git checkout (an unpacked tarball) there is no history to check against.
describe.skipIf(!existsSync(path.join(ROOT, '.git')))('recorded histories are never rewritten', () => {
  it('every fixture ever committed under a version folder is unchanged since its first commit', () => {
    // Files added under a version folder, with the commit that added them (oldest first).
    const added = new Map<string, string>();
    const log = git(
      'log',
      '--reverse',
      '--diff-filter=A',
      '--name-only',
      '--format=commit %H',
      '--',
      `${DIR}/*/*.json`,
    );
    let commit = '';
    for (const line of log.split('\n')) {
      if (line.startsWith('commit ')) commit = line.slice(7);
      else if (line.trim() && !added.has(line.trim())) added.set(line.trim(), commit);
    }
    expect(added.size).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const [file, first] of added) {
      const original = git('show', `${first}:${file}`);
      const onDisk = path.join(ROOT, file);
      if (!existsSync(onDisk)) {
        problems.push(`${file} was removed`);
        continue;
      }
      if (sha(readFileSync(onDisk, 'utf8')) !== sha(original)) problems.push(`${file} differs from its first commit`);
      const changes = git('log', '--format=%H', `${first}..HEAD`, '--', file).trim();
      if (changes) problems.push(`${file} was changed by ${changes.split('\n').join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
});
