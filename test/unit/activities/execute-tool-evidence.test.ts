import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_FROM_CUT } from '../../../src/activities/tools/output';
import { defineTool } from '../../../src/activities/tools/registry';
import type { ChatMessage } from '../../../src/context/types';
import { LOCAL_MODEL, load, world, type TestWorld } from './helpers';

const model = LOCAL_MODEL.name;
const noise = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `[${tag}] compiled module ${i} of 900 (${'.'.repeat(40)})`);
/** A failing build: the error in the middle of 900 lines, so the view's head and tail omit it. */
const BUILD_OUTPUT = [
  ...noise(450, 'a'),
  "src/billing/invoice.ts(57,12): error TS2339: Property 'totl' does not exist on type 'Invoice'.",
  ...noise(450, 'b'),
  'build finished with errors',
].join('\n');

let w: TestWorld;
beforeAll(async () => {
  w = await world({
    tools: [
      defineTool<{ command: string }>({
        name: 'run_build',
        description: 'fails like a real build',
        parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
        execute: async () => ({ output: BUILD_OUTPUT, status: 'error', exitCode: 2 }),
      }),
      defineTool<{ command: string }>({
        name: 'run_wrapped',
        description: 'a harness that wraps the output in JSON',
        parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
        execute: async () =>
          JSON.stringify({
            output: `${noise(30, 'c').join('\n')}\n\u001b[31mERROR:  relation "mineral_samples" does not exist\u001b[0m\nROLLBACK`,
            metadata: { exit_code: 1, duration_seconds: 0.4 },
          }),
      }),
      defineTool<{ path: string }>({
        name: 'read_doc',
        description: 'a document that talks about errors',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        execute: async () => '# Errors\n\nError: the CLI prints this when the config is missing.\n',
      }),
    ],
  });
});
afterAll(async () => w.close());

async function run(name: string, args: Record<string, unknown>, id: string, maxResultTokens?: number) {
  const assistant: ChatMessage = {
    role: 'assistant',
    content: null,
    tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
  };
  const a = await w.activities.storeMessage({ model, message: assistant });
  return w.activities.executeTool({
    model,
    assistant: a.content.ref,
    toolCallId: id,
    ...(maxResultTokens === undefined ? {} : { maxResultTokens }),
  });
}

describe('executeTool: failure evidence from the full output', () => {
  it('finds the failing line head and tail omit, and shows it after the marker, in the metadata and the digest', async () => {
    const result = await run('run_build', { command: 'npm run build' }, 'call_build');
    const view = (await load(w, result.message.ref)).content ?? '';
    expect(result.toolResult.truncated).toBe(true);
    const line = "src/billing/invoice.ts(57,12): error TS2339: Property 'totl' does not exist on type 'Invoice'.";
    // once, in place of the cut middle: right after the omission marker, under its heading
    expect(view.split(line)).toHaveLength(2);
    expect(view).toMatch(
      /\[\.\.\. omitted \d+ of \d+ lines \.\.\.\]\n\[lines of the omitted part that show the failure:\]\n/,
    );
    expect(view.indexOf(KEPT_FROM_CUT)).toBeLessThan(view.indexOf(line));
    expect(view.indexOf(line)).toBeLessThan(view.indexOf('build finished with errors'));
    expect(result.toolResult.evidence).toEqual([line]);
    const digest = (await load(w, result.digest.ref)).content ?? '';
    expect(digest).toContain(`failure lines:\n  ${line}`);
    expect(digest).toContain('last: build finished with errors');
  });

  it('keeps the failing line within a small allowance, the message counted with it', async () => {
    const result = await run('run_build', { command: 'npm run build' }, 'call_small', 240);
    const view = (await load(w, result.message.ref)).content ?? '';
    expect(result.message.tokens).toBeLessThanOrEqual(240);
    expect(view).toContain("error TS2339: Property 'totl' does not exist on type 'Invoice'.");
    expect(view).toContain('build finished with errors');
  });

  it('reads a JSON-wrapped output through its text and exit code, without colour codes', async () => {
    const result = await run('run_wrapped', { command: 'psql -f seed.sql' }, 'call_wrapped');
    expect(result.toolResult.evidence).toEqual(['ERROR:  relation "mineral_samples" does not exist']);
    expect(result.toolResult.firstLine).toBe(`[c] compiled module 0 of 900 (${'.'.repeat(40)})`);
    expect(result.toolResult.lastLine).toBe('ROLLBACK');
  });

  it('gives no failure lines for a successful read of a document about errors', async () => {
    const result = await run('read_doc', { path: 'docs/errors.md' }, 'call_doc');
    expect(result.toolResult.evidence).toBeUndefined();
    expect((await load(w, result.digest.ref)).content).not.toContain('failure lines');
  });
});
