import { MockActivityEnvironment } from '@temporalio/testing';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTools } from '../../../src/activities/tools/builtin';
import { defineTool, type AnyToolDefinition } from '../../../src/activities/tools/registry';
import { FailureType } from '../../../src/context/errors';
import type { ChatMessage, ContentRef } from '../../../src/context/types';
import { getText } from '../../../src/store/content-store';
import { utf8ByteLength } from '../../../src/context/truncate';
import { computeBudget } from '../../../src/context/budget';
import { appendItems, emptyContextState } from '../../../src/context/log';
import { resolvePolicy } from '../../../src/context/policy';
import { toolResultAllowance } from '../../../src/context/allowance';
import type { ExecuteToolInput } from '../../../src/activities/types';
import { createActivities } from '../../../src/activities/create-activities';
import { LOCAL_MODEL, load, storeAll, world, type TestWorld } from './helpers';

const model = LOCAL_MODEL.name;
const FIVE_MB = 5 * 1024 * 1024;
const keys: string[] = [];

function testTools(root: string): AnyToolDefinition[] {
  return [
    ...builtinTools({ root, runCommand: { allow: ['echo', 'false'] } }),
    defineTool({
      name: 'huge_output',
      description: 'prints 5 MB',
      parameters: { type: 'object', properties: {} },
      execute: async () =>
        Array.from({ length: FIVE_MB / 64 }, (_, i) => `${String(i).padStart(8, '0')} ${'x'.repeat(54)}`).join('\n'),
    }),
    defineTool({
      name: 'dense_output',
      description: 'prints 1 MB of numbers (about 3 bytes per token, like logs and JSON)',
      parameters: { type: 'object', properties: {} },
      execute: async () =>
        Array.from({ length: 2 ** 20 / 32 }, (_, i) =>
          `${i} ${(i * 2654435761) % 1e9} ${(i * 40503) % 1e7}`.padEnd(31, ' '),
        ).join('\n'),
    }),
    defineTool({
      name: 'binary_output',
      description: 'returns bytes',
      parameters: { type: 'object', properties: {} },
      execute: async () => ({ output: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 255]) }),
    }),
    defineTool<{ id: string }>({
      name: 'commit',
      description: 'records its idempotency key',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      execute: async (_args, ctx) => {
        keys.push(ctx.idempotencyKey);
        return 'committed';
      },
    }),
    defineTool({
      name: 'slow',
      description: 'never finishes in time',
      parameters: { type: 'object', properties: {} },
      timeout: 50,
      execute: (_args, ctx) =>
        new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted')))),
    }),
  ];
}

let w: TestWorld;
let root: string;
let base: string;
beforeAll(async () => {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  base = await mkdtemp(join(tmpdir(), 'dc-root-'));
  root = join(base, 'root');
  await mkdir(join(root, 'src'), { recursive: true });
  await writeFile(join(root, 'src', 'a.ts'), 'export const a = 1;\n// TODO: b\n');
  await writeFile(join(root, 'README.md'), '# demo\nTODO: docs\n');
  await writeFile(join(root, '..', 'dc-secret.txt'), 'secret');
  await symlink(join(root, '..', 'dc-secret.txt'), join(root, 'link-out'));
  w = await world({ tools: testTools(root) });
});
afterAll(async () => {
  await w.close();
  await rm(base, { recursive: true, force: true });
});

/** Stores an assistant message calling `name` with raw `args` and runs the call. */
async function call(
  name: string,
  args: string | Record<string, unknown>,
  id = `call_${name}`,
  extra: Partial<ExecuteToolInput> = {},
) {
  const assistant: ChatMessage = {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id, type: 'function', function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) } },
    ],
  };
  const { refs } = await storeAll(w, model, [{ role: 'user', content: 'go' }]);
  const a = await w.activities.storeMessage({ model, message: assistant });
  const result = await w.activities.executeTool({ model, assistant: a.content.ref, toolCallId: id, ...extra });
  return { result, message: await load(w, result.message.ref), userRefs: refs, assistantRef: a.content.ref };
}

describe('executeTool', () => {
  it('runs a tool and returns the tool message, metadata and a digest with the same tool_call_id', async () => {
    const { result, message } = await call('read_file', { path: 'src/a.ts' }, 'call_read');
    expect(message).toEqual({ role: 'tool', content: 'export const a = 1;\n// TODO: b\n', tool_call_id: 'call_read' });
    expect(result.toolResult).toMatchObject({
      toolName: 'read_file',
      status: 'ok',
      truncated: false,
      binary: false,
      outputLines: 2,
      firstLine: 'export const a = 1;',
      lastLine: '// TODO: b',
    });
    expect(result.keyArgs).toEqual({ path: 'src/a.ts' });
    const digest = await load(w, result.digest.ref);
    expect(digest.tool_call_id).toBe('call_read');
    expect(digest.content).toContain('read_file path="src/a.ts"');
    expect(digest.content).toContain(result.toolResult.fullOutputRef);
    expect(result.digest.tokens).toBeGreaterThan(0);
  });

  it('tells the model about an unknown tool instead of crashing', async () => {
    const { result, message } = await call('teleport', { to: 'mars' });
    expect(result.errorType).toBe(FailureType.ToolNotFound);
    expect(result.toolResult.status).toBe('error');
    expect(message.content).toContain("no tool named 'teleport'");
    expect(message.content).toContain('read_file');
  });

  it('tells the model when arguments are not JSON', async () => {
    const { result, message } = await call('read_file', '{"path": "src/a.ts"');
    expect(result.errorType).toBe(FailureType.InvalidToolArguments);
    expect(message.content).toMatch(/not valid JSON/);
  });

  it('tells the model which arguments do not match the schema', async () => {
    const { result, message } = await call('read_file', { file: 'a.ts', offset: 0 });
    expect(result.errorType).toBe(FailureType.InvalidToolArguments);
    expect(message.content).toContain("must have required property 'path'");
    expect(message.content).toContain('/offset must be >= 1');
  });

  it.each([['../dc-secret.txt'], ['/etc/passwd'], ['src/../../dc-secret.txt'], ['link-out']])(
    'refuses paths outside the root: %s',
    async (path) => {
      const { result, message } = await call('read_file', { path });
      expect(result.toolResult.status).toBe('error');
      expect(message.content).toMatch(/outside the allowed root/);
      expect(message.content).not.toContain('secret\n');
    },
  );

  it('grep and list_dir stay inside the root', async () => {
    expect((await call('grep', { pattern: 'TODO' })).message.content).toBe(
      'README.md:2:TODO: docs\nsrc/a.ts:2:// TODO: b',
    );
    expect((await call('list_dir', {})).message.content).toBe('README.md\nlink-out\nsrc/');
    expect((await call('grep', { pattern: 'x', path: '..' })).message.content).toMatch(/outside the allowed root/);
  });

  it('a 5 MB output: the view stays within limits, the full bytes are retrievable by sha256', async () => {
    const { result, message } = await call('huge_output', {});
    expect(result.toolResult).toMatchObject({ truncated: true, outputBytes: FIVE_MB - 1, outputLines: FIVE_MB / 64 });
    expect(utf8ByteLength(message.content!)).toBeLessThanOrEqual(10_240 + 200);
    expect(message.content).toMatch(/\[\.\.\. omitted \d+ of 81920 lines \.\.\.\]/);
    expect(message.content).toContain(`[full output: ${FIVE_MB - 1} bytes, ${result.toolResult.fullOutputRef}]`);
    expect(result.message.tokens).toBeLessThan(6_000);
    const full = await getText(w.store, result.toolResult.fullOutputRef);
    expect(full.length).toBe(FIVE_MB - 1);
    expect(full.startsWith('00000000 ')).toBe(true);
    expect(full.endsWith(`${String(FIVE_MB / 64 - 1).padStart(8, '0')} ${'x'.repeat(54)}`)).toBe(true);
    // only references cross the activity boundary: the result is tiny
    expect(JSON.stringify(result).length).toBeLessThan(2_000);
  });

  it('cuts a result to the allowance the workflow gives, counted as the view counts it', async () => {
    for (const max of [2_000, 500, 120]) {
      const { result, message } = await call('huge_output', {}, `call_max${max}`, { maxResultTokens: max });
      expect(result.message.tokens).toBeLessThanOrEqual(max);
      expect(result.message.tokens).toBeGreaterThan(max / 2); // the allowance is used, not wasted
      expect(result.toolResult.truncated).toBe(true);
      expect(message.content).toContain(`[full output: ${FIVE_MB - 1} bytes, ${result.toolResult.fullOutputRef}]`);
    }
    // The fixed limits stay a ceiling: a generous allowance does not lift them.
    const roomy = await call('huge_output', {}, 'call_roomy', { maxResultTokens: 1_000_000 });
    expect(utf8ByteLength((await load(w, roomy.result.message.ref)).content!)).toBeLessThanOrEqual(10_240 + 200);
    // A small output within the allowance is left whole.
    const small = await call('read_file', { path: 'src/a.ts' }, 'call_small', { maxResultTokens: 500 });
    expect(small.result.toolResult.truncated).toBe(false);
  });

  it('4 parallel 1 MB outputs in a 12k window: the limits scale down and the step fits', async () => {
    const policy = resolvePolicy();
    const budget = computeBudget({ contextWindow: 12_000, maxOutputTokens: 1_000, fixedTokens: 600 }, policy);
    const ids = ['p1', 'p2', 'p3', 'p4'];
    const { refs, tokens: requestTokens } = await storeAll(w, model, [{ role: 'user', content: 'read four logs' }]);
    const a = await w.activities.storeMessage({
      model,
      message: {
        role: 'assistant',
        content: null,
        tool_calls: ids.map((id) => ({ id, type: 'function', function: { name: 'dense_output', arguments: '{}' } })),
      },
    });
    const item = (role: 'user' | 'assistant', tokens: number, ref: ContentRef) => ({
      turn: 1,
      role,
      kind: 'message' as const,
      content: { ref, tokens, bytes: 0 },
      preview: '',
    });
    const state = appendItems(emptyContextState(), [
      item('user', requestTokens, refs[0]!),
      {
        ...item('assistant', a.content.tokens, a.content.ref),
        toolCalls: ids.map((id) => ({ id, name: 'x', keyArgs: {} })),
      },
    ]);
    const each = toolResultAllowance(state, budget, ids.length);
    const results = await Promise.all(
      ids.map((id) =>
        w.activities.executeTool({ model, assistant: a.content.ref, toolCallId: id, maxResultTokens: each }),
      ),
    );
    const step = results.reduce((sum, r) => sum + r.message.tokens, 0);
    expect(step).toBeLessThanOrEqual(4 * each);
    expect(requestTokens + a.content.tokens + step).toBeLessThanOrEqual(budget.hardLimit);
    // With the fixed 10 KiB limit alone the same step would not have fitted.
    const fixed = await call('dense_output', {}, 'call_fixed');
    expect(requestTokens + a.content.tokens + 4 * fixed.result.message.tokens).toBeGreaterThan(budget.hardLimit);
  });

  it('refuses invalid fixed limits when the activities are built, naming the field', () => {
    expect(() => createActivities({ store: w.store, toolOutputLimits: { maxBytes: 10 } })).toThrow(
      /toolOutputLimits\.maxBytes/,
    );
  });

  it('detects binary output and shows a placeholder', async () => {
    const { result, message } = await call('binary_output', {});
    expect(result.toolResult).toMatchObject({ binary: true, outputBytes: 9, outputLines: 0 });
    expect(message.content).toMatch(/^\[binary output: 9 bytes, not shown; full output: sha256:[0-9a-f]{64}\]$/);
    const bytes = await w.store.get(result.toolResult.fullOutputRef as ContentRef);
    expect([...bytes]).toEqual([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 255]);
  });

  it('passes workflow id + run id + tool call id as the idempotency key, stable across retries', async () => {
    const env = new MockActivityEnvironment({ workflowExecution: { workflowId: 'wf-1', runId: 'run-1' } } as never);
    const assistant = await w.activities.storeMessage({
      model,
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_c', type: 'function', function: { name: 'commit', arguments: '{"id":"x"}' } }],
      },
    });
    const input = { model, assistant: assistant.content.ref, toolCallId: 'call_c' };
    await env.run(w.activities.executeTool, input);
    await env.run(w.activities.executeTool, input);
    expect(keys).toEqual(['wf-1:run-1:call_c', 'wf-1:run-1:call_c']);
  });

  it('reports a tool timeout as an error result', async () => {
    const { result, message } = await call('slow', {});
    expect(result.toolResult.status).toBe('error');
    expect(message.content).toMatch(/timed out after 50 ms/);
  });

  it('run_command runs allowlisted programs only, with exit codes', async () => {
    const ok = await call('run_command', { command: 'echo', args: ['hello'] });
    expect(ok.message.content).toBe('hello\n');
    expect(ok.result.toolResult).toMatchObject({ status: 'ok', exitCode: 0 });
    const failing = await call('run_command', { command: 'false' });
    expect(failing.result.toolResult).toMatchObject({ status: 'error', exitCode: 1 });
    const refused = await call('run_command', { command: 'rm', args: ['-rf', '/'] });
    expect(refused.message.content).toMatch(/'rm' is not allowed/);
  });

  it('run_command is off unless enabled', () => {
    expect(builtinTools({ root: '/tmp' }).map((t) => t.name)).toEqual(['read_file', 'list_dir', 'grep']);
  });

  it('the tool message and the model’s call pair up for the strict server', async () => {
    const { result, userRefs, assistantRef } = await call('read_file', { path: 'README.md' }, 'call_pair');
    const r = await w.activities.callModel({ model, messages: [...userRefs, assistantRef, result.message.ref] });
    expect(r.finishReason).toBe('stop');
    const digestView = await w.activities.callModel({
      model,
      messages: [...userRefs, assistantRef, result.digest.ref],
    });
    expect(digestView.finishReason).toBe('stop');
  });
});
