/**
 * The package installs and its README snippet runs: `npm pack` (whose `prepare` builds lib/),
 * the tarball installed into a scratch project (from npm's cache when it can), the README's
 * embedding snippet compiled as printed and run — worker and application — against the
 * run's Temporal server and the fake OpenAI server; and the `durable-context` bin answers.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/cli/dev-server';
import { startFakeOpenAI } from '../../src/testing/fake-openai';
import { temporalAddress } from '../support/temporal';

const run = promisify(execFile);

/** The ```ts block under the README's "Using it in your own worker and application". */
export function readmeSnippet(readme: string): string {
  const section = readme.indexOf('## Using it in your own worker and application');
  const start = readme.indexOf('```ts\n', section);
  const end = readme.indexOf('\n```', start + 6);
  if (section < 0 || start < 0 || end < 0) throw new Error('README has no embedding snippet');
  return readme.slice(start + 6, end + 1);
}

describe('the package', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'dc-install-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('packs, installs into a fresh project, and runs the README snippet as printed', async () => {
    const env = {
      ...process.env,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    };
    await run('npm', ['pack', '--silent', '--pack-destination', scratch], {
      cwd: PROJECT_ROOT,
      env,
      maxBuffer: 1 << 24,
    });
    const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    writeFileSync(
      path.join(scratch, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, type: 'module' }, null, 2),
    );
    await run('npm', ['install', '--prefer-offline', '--no-save', `./${tarball}`], {
      cwd: scratch,
      env,
      maxBuffer: 1 << 24,
    });

    const snippet = readmeSnippet(readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8'));
    writeFileSync(path.join(scratch, 'agent.mts'), snippet);
    writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [path.join(PROJECT_ROOT, 'node_modules', '@types')],
        },
        files: ['agent.mts'],
      }),
    );
    const tsc = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsc');
    await run(tsc, ['-p', scratch], { cwd: scratch }).catch((err: { stdout?: string }) => {
      throw new Error(`the README snippet does not compile:\n${err.stdout ?? String(err)}`);
    });

    const fake = await startFakeOpenAI({ contextWindow: 128_000 });
    fake.script({ text: 'The parser test fails because of a missing fixture.' });
    try {
      const { stdout } = await run(process.execPath, ['agent.mjs'], {
        cwd: scratch,
        env: { ...env, TEMPORAL_ADDRESS: temporalAddress(), OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test' },
        timeout: 90_000,
      });
      expect(stdout).toMatch(/^The parser test fails because of a missing fixture\. \d+(\.\d+)?$/m);
    } finally {
      await fake.close();
    }

    const bin = path.join(scratch, 'node_modules', '.bin', 'durable-context');
    const version = await run(bin, ['--version'], { cwd: scratch });
    const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout.trim()).toBe(pkg.version);
  }, 300_000);
});
