import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TASK_QUEUE, workerConfigFromEnv } from '../../src/config';

describe('workerConfigFromEnv', () => {
  it('has defaults for an empty environment', () => {
    const config = workerConfigFromEnv({});
    expect(config).toMatchObject({ address: '127.0.0.1:7233', namespace: 'default', taskQueue: DEFAULT_TASK_QUEUE });
    expect(config.runCommandAllow).toEqual([]);
    expect(config.toolsRoot).toBeUndefined();
    expect(config.logLevel).toBe('INFO');
  });

  it('reads tools, commands and models', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-config-'));
    const models = path.join(dir, 'models.json');
    writeFileSync(models, JSON.stringify([{ name: 'local', contextWindow: 32000, maxOutputTokens: 1000 }]));
    const config = workerConfigFromEnv({
      DURABLE_CONTEXT_TOOLS_ROOT: dir,
      DURABLE_CONTEXT_RUN_COMMANDS: 'ls, git',
      DURABLE_CONTEXT_MODELS_FILE: models,
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
    });
    expect(config.toolsRoot).toBe(dir);
    expect(config.runCommandAllow).toEqual(['ls', 'git']);
    expect(config.models[0]?.name).toBe('local');
    expect(config.baseURL).toBe('http://127.0.0.1:11434/v1');
  });

  it.each([
    [{ TEMPORAL_ADDRESS: 'not an address' }, /TEMPORAL_ADDRESS.*host:port/],
    [{ DURABLE_CONTEXT_TOOLS_ROOT: '/no/such/dir' }, /DURABLE_CONTEXT_TOOLS_ROOT.*not a directory/],
    [{ DURABLE_CONTEXT_RUN_COMMANDS: 'ls' }, /DURABLE_CONTEXT_RUN_COMMANDS.*needs DURABLE_CONTEXT_TOOLS_ROOT/],
    [{ DURABLE_CONTEXT_MODELS_FILE: '/no/such/file.json' }, /DURABLE_CONTEXT_MODELS_FILE.*cannot read/],
    [{ DURABLE_CONTEXT_TOOLS_MODULE: '/no/such/tools.ts' }, /DURABLE_CONTEXT_TOOLS_MODULE.*does not exist/],
    [{ OPENAI_BASE_URL: 'localhost without scheme' }, /OPENAI_BASE_URL.*not a URL/],
    [{ DURABLE_CONTEXT_LOG_LEVEL: 'loud' }, /DURABLE_CONTEXT_LOG_LEVEL.*one of/],
    [{ DURABLE_CONTEXT_TASK_QUEUE: ' ' }, /DURABLE_CONTEXT_TASK_QUEUE.*empty/],
  ])('rejects %o with a clear error', (env, message) => {
    expect(() => workerConfigFromEnv(env)).toThrow(message);
  });

  it('reads the fixed tool-output limits', () => {
    expect(workerConfigFromEnv({}).toolOutputLimits).toBeUndefined();
    const config = workerConfigFromEnv({
      DURABLE_CONTEXT_TOOL_OUTPUT_MAX_BYTES: '4096',
      DURABLE_CONTEXT_TOOL_OUTPUT_MAX_CHARS: '4000',
      DURABLE_CONTEXT_TOOL_OUTPUT_HEAD_LINES: '40',
      DURABLE_CONTEXT_TOOL_OUTPUT_TAIL_LINES: '0',
    });
    expect(config.toolOutputLimits).toEqual({ maxBytes: 4096, maxChars: 4000, headLines: 40, tailLines: 0 });
  });

  it.each([
    [{ DURABLE_CONTEXT_TOOL_OUTPUT_MAX_BYTES: '10k' }, /DURABLE_CONTEXT_TOOL_OUTPUT_MAX_BYTES.*whole number/],
    [{ DURABLE_CONTEXT_TOOL_OUTPUT_MAX_BYTES: '10' }, /DURABLE_CONTEXT_TOOL_OUTPUT_MAX_BYTES.*≥ 64/],
    [{ DURABLE_CONTEXT_TOOL_OUTPUT_MAX_CHARS: '-5' }, /DURABLE_CONTEXT_TOOL_OUTPUT_MAX_CHARS.*whole number/],
    [{ DURABLE_CONTEXT_TOOL_OUTPUT_HEAD_LINES: '1.5' }, /DURABLE_CONTEXT_TOOL_OUTPUT_HEAD_LINES/],
  ])('rejects tool-output limit %o naming the variable', (env, message) => {
    expect(() => workerConfigFromEnv(env)).toThrow(message);
  });

  it('rejects a models file that is not an array of models', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dc-config-')), 'models.json');
    writeFileSync(file, JSON.stringify({ name: 'x' }));
    expect(() => workerConfigFromEnv({ DURABLE_CONTEXT_MODELS_FILE: file })).toThrow(/JSON array/);
  });

  it.each([
    [[{ name: 'x' }], "'DURABLE_CONTEXT_MODELS_FILE[0].contextWindow'"],
    [
      [{ name: 'x', contextWindow: 'big' }],
      "'DURABLE_CONTEXT_MODELS_FILE[0].contextWindow': must be a positive integer",
    ],
    [[{ name: 'gpt-4o' }, { contextWindow: 8 }], "'DURABLE_CONTEXT_MODELS_FILE[1].name': is required"],
    [[{ name: 'x', contextWindow: 8192, colour: 'red' }], "'DURABLE_CONTEXT_MODELS_FILE[0].colour': unknown field"],
    [[{ name: 'x', contextWindow: 8192, maxOutputTokens: 9000 }], "'DURABLE_CONTEXT_MODELS_FILE[0].maxOutputTokens'"],
    [[{ name: 'x', contextWindow: 8192, inputPricePerMTok: -1 }], "'DURABLE_CONTEXT_MODELS_FILE[0].inputPricePerMTok'"],
  ])('refuses the models file %j, naming the field once', (models, message) => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dc-config-')), 'models.json');
    writeFileSync(file, JSON.stringify(models));
    let error: Error | undefined;
    try {
      workerConfigFromEnv({ DURABLE_CONTEXT_MODELS_FILE: file });
    } catch (err) {
      error = err as Error;
    }
    expect(error?.message).toContain(message);
    expect(error?.message.match(/Invalid configuration/g)).toHaveLength(1);
  });
});
