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

  it('cuts an output known by the exchange (a fenced output after a fenced call), not a paste with a question', async () => {
    const call = (
      await w.activities.storeMessage({
        model,
        message: { role: 'assistant', content: '```tool_code\nprint(load_csv(path="ledger.csv"))\n```' },
      })
    ).content.ref;
    const output = `\`\`\`tool_outputs\n${body}\n\`\`\``;
    const r = await w.activities.storeMessage({
      model,
      message: { role: 'user', content: output },
      maxTokens: 400,
      answers: call,
    });
    expect(r.content.tokens).toBeLessThanOrEqual(400);
    expect((await load(w, r.content.ref)).content).toContain(`${KEPT_FROM_CUT}\n${FAILING}`);
    expect(r.textOutput).toMatchObject({ toolName: 'load_csv', status: 'error', keyArgs: { path: 'ledger.csv' } });
    const asked = `${output}\nWhy does the loader fail here?`;
    const kept = await w.activities.storeMessage({
      model,
      message: { role: 'user', content: asked },
      maxTokens: 400,
      answers: call,
    });
    expect((await load(w, kept.content.ref)).content).toBe(asked);
    expect(kept.textOutput).toBeUndefined();
  });

  it("never cuts a person's request, however large", async () => {
    const text = `Please fix the loader; here is what I see:\n${body}`;
    const r = await store(text, 400);
    expect((await load(w, r.content.ref)).content).toBe(text);
    expect(r.content.tokens).toBeGreaterThan(400);
  });
});

describe('storeMessage: what a tool output sent as text shows', () => {
  const TRACE = [
    'Traceback (most recent call last):',
    '  File "load.py", line 12, in <module>',
    '    total += float(row["net_amount"])',
    FAILING,
  ].join('\n');

  it.each([
    ['a ReAct observation', `Observation: ${TRACE}`, 'tool'],
    ['a tagged response', `<tool_response>\n${TRACE}\n</tool_response>`, 'tool'],
    ['a named output', `Output of load_csv:\n${TRACE}`, 'load_csv'],
    ['a JSON reply command', `Command load_csv returned: ${TRACE}`, 'load_csv'],
    ['a Cline-like result', `[execute_command for 'python load.py'] Result:\n${TRACE}`, 'execute_command'],
    [
      "a template's marked result",
      `[TOOL_RESULTS] ${JSON.stringify({ content: TRACE, call_id: 'a1' })}[/TOOL_RESULTS]`,
      'tool',
    ],
  ])('reads %s as a failed tool result with its failing lines, whole (cut or not)', async (_, text, tool) => {
    for (const r of [await store(text), await store(`${text}\n${body}`, 400)]) {
      expect(r.textOutput?.toolName).toBe(tool);
      expect(r.textOutput?.status).toBe('error');
      expect(r.textOutput?.evidence).toContain(FAILING);
    }
  });

  it('an output that shows no failure is an ok result; an exit status printed last is believed', async () => {
    expect((await store('Observation: 3 files changed')).textOutput).toEqual({ toolName: 'tool', status: 'ok' });
    const exited = await store('<result exit="2">\nmake: *** [all] Error 2\n</result>');
    expect(exited.textOutput?.status).toBe('error');
  });

  it('takes the call it answers from the reply before it (its tool, file, command), or from a heading', async () => {
    const reply = async (content: string) =>
      (await w.activities.storeMessage({ model, message: { role: 'assistant', content } })).content.ref;
    const react = await reply('Thought: load it.\nAction: run_python\nAction Input: {"path": "load.py"}');
    const observed = await w.activities.storeMessage({
      model,
      message: { role: 'user', content: `Observation: ${TRACE}` },
      answers: react,
    });
    expect(observed.textOutput).toMatchObject({
      toolName: 'run_python',
      status: 'error',
      keyArgs: { path: 'load.py' },
    });
    const marked = await reply('[TOOL_CALLS] [{"name": "shell", "arguments": {"command": "nix flake check"}}]');
    const result = await w.activities.storeMessage({
      model,
      message: {
        role: 'user',
        content: '[TOOL_RESULTS] {"content": "all checks passed", "call_id": "a"}[/TOOL_RESULTS]',
      },
      answers: marked,
    });
    expect(result.textOutput).toEqual({ toolName: 'shell', status: 'ok', keyArgs: { command: 'nix flake check' } });
    // a reply that made no call, or a message the store lost: the output as it is
    const prose = await reply('I will look at the loader next.');
    const lost = 'sha256:0000000000000000000000000000000000000000000000000000000000000000' as ContentRef;
    for (const answers of [prose, lost])
      expect(
        (
          await w.activities.storeMessage({
            model,
            message: { role: 'user', content: `Observation: ${TRACE}` },
            answers,
          })
        ).textOutput?.toolName,
      ).toBe('tool');
    // a Cline-like heading: its command, or its file
    expect((await store(`[execute_command for 'python load.py'] Result:\n${TRACE}`)).textOutput?.keyArgs).toEqual({
      command: 'python load.py',
    });
    expect(
      (await store("[write_to_file for 'src/load.py'] Result:\nThe content was successfully saved.")).textOutput
        ?.keyArgs,
    ).toEqual({ path: 'src/load.py' });
    expect(
      (await store("[search_files for 'TODO|FIXME'] Result:\nFound 3 results.")).textOutput?.keyArgs,
    ).toBeUndefined();
  });

  it("a person's words, and labels a person may write, are no tool output", async () => {
    for (const text of [
      'Please fix the loader: ValueError in load.py',
      'Output: it printed a traceback, can you look?',
      'Result: the deploy worked, now tag the release',
    ])
      expect((await store(text)).textOutput).toBeUndefined();
  });
});
