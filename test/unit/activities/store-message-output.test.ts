/**
 * `storeMessage` with an allowance: a tool's output a harness sends as the user message is cut
 * like a tool result (head, tail, the failing lines, the whole stored); a person's words never.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_FROM_CUT } from '../../../src/activities/tools/output';
import type { ContentRef } from '../../../src/context/types';
import { LOCAL_MODEL, load, world, type TestWorld } from './helpers';

const model = LOCAL_MODEL.name;
const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} row ${i}: clause text of no note`);
const FAILING = "ValueError: could not convert string to float: 'n/a' (column net_amount)";
const body = [...rows(300, 'a'), FAILING, ...rows(300, 'b'), 'done: 601 rows read'].join('\n');

let w: TestWorld;
beforeAll(async () => {
  w = await world();
});
afterAll(async () => w.close());

const store = (content: string, maxTokens?: number) =>
  w.activities.storeMessage({
    model,
    message: { role: 'user', content },
    ...(maxTokens === undefined ? {} : { maxTokens }),
  });

describe('storeMessage: a tool output sent as the user message', () => {
  it.each([
    ['a ReAct observation', `Observation: ${body}`, 'Observation: a row 0'],
    ['a code interpreter output', `Code output:\n${body}`, 'Code output:\na row 0'],
    ['a Cline-like result', `[execute_command for 'python load.py'] Result:\n${body}`, "[execute_command for 'python"],
  ])(
    'cuts %s larger than its allowance to head, failing line, tail and a reference to the whole',
    async (_, text, head) => {
      const r = await store(text, 400);
      expect(r.content.tokens).toBeLessThanOrEqual(400);
      const shown = (await load(w, r.content.ref)).content ?? '';
      expect(shown.startsWith(head)).toBe(true);
      expect(shown).toContain(`${KEPT_FROM_CUT}\n${FAILING}`);
      expect(shown).toContain('done: 601 rows read');
      const ref = /\[full output: (\d+) bytes, (sha256:[0-9a-f]{64})\]$/.exec(shown);
      expect(ref).not.toBeNull();
      const whole = new TextDecoder().decode(await w.store.get(ref![2] as ContentRef));
      expect(whole).toBe(text);
      expect(Number(ref![1])).toBe(new TextEncoder().encode(text).length);
    },
  );

  it('keeps it whole within its allowance, or without one', async () => {
    const text = `Observation: ${body}`;
    for (const r of [await store(text, 100_000), await store(text)])
      expect((await load(w, r.content.ref)).content).toBe(text);
  });

  it("never cuts a person's request, however large", async () => {
    const text = `Please fix the loader; here is what I see:\n${body}`;
    const r = await store(text, 400);
    expect((await load(w, r.content.ref)).content).toBe(text);
    expect(r.content.tokens).toBeGreaterThan(400);
  });
});
