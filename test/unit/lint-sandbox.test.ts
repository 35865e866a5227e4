import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '..', '..');

async function restrictedImportMessages(relativePath: string, code: string) {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, relativePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
}

describe('ESLint keeps Node built-ins out of sandboxed code', () => {
  it.each(['src/workflows/probe.ts', 'src/context/probe.ts'])('rejects node:fs in %s', async (file) => {
    const messages = await restrictedImportMessages(
      file,
      "import { readFileSync } from 'node:fs';\nreadFileSync('x');\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toMatch(/deterministic/);
  });

  it('rejects the unprefixed form too', async () => {
    const messages = await restrictedImportMessages(
      'src/workflows/probe.ts',
      "import * as fs from 'fs';\nfs.readFileSync('x');\n",
    );
    expect(messages).toHaveLength(1);
  });

  it('allows Node built-ins in activity code', async () => {
    const messages = await restrictedImportMessages(
      'src/activities/probe.ts',
      "import { readFileSync } from 'node:fs';\nreadFileSync('x');\n",
    );
    expect(messages).toHaveLength(0);
  });
});
