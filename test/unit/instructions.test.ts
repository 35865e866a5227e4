import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadInstructions, MAX_INSTRUCTIONS_BYTES } from '../../src/activities/instructions';

function layout() {
  const base = mkdtempSync(path.join(os.tmpdir(), 'dc-instructions-'));
  const home = path.join(base, 'home');
  const project = path.join(base, 'project');
  const workDir = path.join(project, 'packages', 'app');
  mkdirSync(path.join(home, '.durable-context'), { recursive: true });
  mkdirSync(workDir, { recursive: true });
  writeFileSync(path.join(project, 'package.json'), '{}');
  return { home, project, workDir };
}

describe('loadInstructions', () => {
  it('merges global, project and working-directory AGENTS.md in that order', async () => {
    const { home, project, workDir } = layout();
    writeFileSync(path.join(home, '.durable-context', 'AGENTS.md'), 'GLOBAL rule');
    writeFileSync(path.join(project, 'AGENTS.md'), 'PROJECT rule');
    writeFileSync(path.join(workDir, 'AGENTS.md'), 'WORKDIR rule');
    const result = await loadInstructions({ workDir, homeDir: home });
    expect(result.sources.map((s) => s.level)).toEqual(['global', 'project', 'workdir']);
    const g = result.text.indexOf('GLOBAL');
    const p = result.text.indexOf('PROJECT');
    const w = result.text.indexOf('WORKDIR');
    expect(g).toBeGreaterThanOrEqual(0);
    expect(p).toBeGreaterThan(g);
    expect(w).toBeGreaterThan(p);
    expect(result.truncated).toBe(false);
  });

  it('reads a file once when the working directory is the project root, and skips missing levels', async () => {
    const { home, project } = layout();
    writeFileSync(path.join(project, 'AGENTS.md'), 'ONLY ONCE');
    const result = await loadInstructions({ workDir: project, homeDir: home });
    expect(result.sources).toHaveLength(1);
    expect(result.text.match(/ONLY ONCE/g)).toHaveLength(1);
  });

  it('caps the merged text at 32 KiB without splitting a character, and reports the cut', async () => {
    const { home, project, workDir } = layout();
    writeFileSync(path.join(project, 'AGENTS.md'), 'é'.repeat(20_000)); // 40,000 bytes
    writeFileSync(path.join(workDir, 'AGENTS.md'), 'tail');
    const result = await loadInstructions({ workDir, homeDir: home });
    expect(result.truncated).toBe(true);
    expect(result.totalBytes).toBeGreaterThan(MAX_INSTRUCTIONS_BYTES);
    expect(Buffer.byteLength(result.text, 'utf8')).toBeLessThanOrEqual(MAX_INSTRUCTIONS_BYTES);
    expect(result.text).not.toContain('\uFFFD');
    expect(result.text).not.toContain('tail');
  });

  it('returns empty text when no level has instructions', async () => {
    const { home, workDir } = layout();
    const result = await loadInstructions({ workDir, homeDir: home });
    expect(result).toEqual({ text: '', sources: [], totalBytes: 0, truncated: false });
  });
});
