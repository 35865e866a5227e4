import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenCounter, encodingForModelName } from '../../../src/activities/tokenizer';
import { defineTool, type AnyToolDefinition } from '../../../src/activities/tools/registry';
import type { ChatMessage } from '../../../src/context/types';
import { LOCAL_MODEL, storeAll, world, type TestWorld } from './helpers';
import { mulberry32 as rng } from '../../support/random';

const ENGLISH =
  'The quick brown fox jumps over the lazy dog. Durable workflows keep long-running agent sessions alive ' +
  'across crashes, deploys and restarts; every model call stays inside its context window.';
const CJK =
  '长时间运行的智能体会话需要精确的令牌计数。日本語のテキストも正しく数える必要があります。한국어 문장도 포함합니다。';
// long runs without a separator: the server's count and ours must still agree exactly
const REPETITIVE =
  'na '.repeat(2_000) +
  'Batman! ' +
  'ab'.repeat(4_000) +
  '\n'.repeat(50) +
  '='.repeat(5_000) +
  'a'.repeat(20_000) +
  'lorem ipsum\n'.repeat(300);
const SPECIAL = 'Ignore <|endoftext|> and <|im_start|>system<|im_sep|> and <|endofprompt|>: plain text.';

/** 60 tool schemas of varied shape, as a large agent would offer. */
function sixtyTools(): AnyToolDefinition[] {
  return Array.from({ length: 60 }, (_, i) =>
    defineTool({
      name: `tool_${i}_${['read', 'write', 'search', 'deploy'][i % 4]}`,
      description: `Tool number ${i}: ${'does something useful with files and services. '.repeat((i % 5) + 1)}`,
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Path relative to the root' },
          mode: { type: 'string', enum: ['fast', 'safe', '中文'] },
          depth: { type: 'integer', minimum: 0, maximum: i + 1 },
          ...(i % 3 === 0 ? { tags: { type: 'array', items: { type: 'string' } } } : {}),
        },
        required: ['path'],
        additionalProperties: false,
      },
      execute: async () => 'ok',
    }),
  );
}

let w: TestWorld;
beforeAll(async () => {
  w = await world({ tools: sixtyTools() });
});
afterAll(async () => w.close());

/**
 * Sends `messages` through callModel and checks the workflow's arithmetic:
 * sum(view tokens) + fixedTokens === the server's prompt_tokens.
 */
async function expectExact(messages: ChatMessage[], tools: string[] = [], system?: string) {
  const model = LOCAL_MODEL.name;
  const fixed = await w.activities.countFixedOverhead({ model, tools, ...(system ? { systemPrompt: system } : {}) });
  const view = await storeAll(w, model, messages);
  const refs = fixed.system ? [fixed.system.ref, ...view.refs] : view.refs;
  const result = await w.activities.callModel({ model, messages: refs, tools });
  const served = w.fake.requests.at(-1)!;
  expect(served.status).toBe(200);
  expect(result.usage.promptTokens).toBe(served.promptTokens);
  expect(view.tokens + fixed.fixedTokens).toBe(result.usage.promptTokens);
  return result;
}

describe('token counts equal the server’s prompt_tokens', () => {
  it('plain English with a system prompt', async () => {
    await expectExact([{ role: 'user', content: ENGLISH }], [], 'You are a careful coding agent.');
  });

  it('CJK text', async () => {
    await expectExact([
      { role: 'user', content: CJK },
      { role: 'assistant', content: CJK.split('').reverse().join('') },
      { role: 'user', content: `${CJK}\n${ENGLISH}` },
    ]);
  });

  it('repetitive text', async () => {
    await expectExact([{ role: 'user', content: REPETITIVE }]);
  });

  it('special-token strings count as plain text, never a throw', async () => {
    const counter = await tokenCounter('o200k_base');
    expect(counter.countText('<|endoftext|>')).toBeGreaterThan(1);
    await expectExact([{ role: 'user', content: SPECIAL, name: 'alice' }]);
  });

  it('60 tool schemas', async () => {
    const names = sixtyTools().map((t) => t.name);
    const fixed = await w.activities.countFixedOverhead({ model: LOCAL_MODEL.name, tools: names });
    expect(fixed.toolsTokens).toBeGreaterThan(3_000);
    await expectExact([{ role: 'user', content: 'Which tool reads files?' }], names, 'System prompt.');
  });

  it('parallel tool calls and their results', async () => {
    await expectExact(
      [
        { role: 'user', content: 'Read three files.' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [0, 1, 2].map((i) => ({
            id: `call_${i}`,
            type: 'function' as const,
            function: { name: 'tool_0_read', arguments: JSON.stringify({ path: `src/file-${i}.ts`, mode: 'fast' }) },
          })),
        },
        ...[0, 1, 2].map((i) => ({
          role: 'tool' as const,
          tool_call_id: `call_${i}`,
          content: `contents of file ${i}\n`,
        })),
      ],
      ['tool_0_read'],
    );
  });

  it('the stored reply counts the same when it is sent back (counted once, when produced)', async () => {
    w.fake.script({
      toolCalls: [
        { name: 'tool_1_write', arguments: { path: 'a.ts', depth: 1 } },
        { name: 'tool_2_search', arguments: { path: '日本/b.ts' } },
      ],
      text: 'Let me do two things.',
    });
    const first = await expectExact([{ role: 'user', content: 'go' }], ['tool_1_write', 'tool_2_search']);
    const user = await storeAll(w, LOCAL_MODEL.name, [{ role: 'user', content: 'go' }]);
    const results = await storeAll(
      w,
      LOCAL_MODEL.name,
      first.toolCalls.map((c) => ({ role: 'tool' as const, tool_call_id: c.id, content: 'done' })),
    );
    const fixed = await w.activities.countFixedOverhead({
      model: LOCAL_MODEL.name,
      tools: ['tool_1_write', 'tool_2_search'],
    });
    const second = await w.activities.callModel({
      model: LOCAL_MODEL.name,
      messages: [...user.refs, first.message.ref, ...results.refs],
      tools: ['tool_1_write', 'tool_2_search'],
    });
    expect(user.tokens + first.message.tokens + results.tokens + fixed.fixedTokens).toBe(second.usage.promptTokens);
  });

  it('cl100k_base models count exactly too', async () => {
    const cl = await world(
      { models: { models: [{ name: 'old-local', contextWindow: 16_000, encoding: 'cl100k_base' }] } },
      { encoding: 'cl100k_base' },
    );
    try {
      const view = await storeAll(cl, 'old-local', [{ role: 'user', content: `${ENGLISH} ${CJK} ${SPECIAL}` }]);
      const fixed = await cl.activities.countFixedOverhead({ model: 'old-local' });
      const r = await cl.activities.callModel({ model: 'old-local', messages: view.refs });
      expect(view.tokens + fixed.fixedTokens).toBe(r.usage.promptTokens);
    } finally {
      await cl.close();
    }
  });
});

/** 1 MiB of each hostile shape: every one a single pre-token or a dense run of short ones. */
function hostile(): Array<[string, string]> {
  const MiB = 1 << 20;
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
  const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const records: string[] = [];
  for (let size = 0, i = 0; size < MiB; i++) {
    const r = JSON.stringify({ id: i, name: `item${Math.floor(next() * 1e6)}`, tags: ['a', 'b'], ok: next() > 0.5 });
    records.push(r);
    size += r.length + 1;
  }
  return [
    ['one letter', 'a'.repeat(MiB)],
    ['two alternating letters', 'ab'.repeat(MiB / 2)],
    ['minified JSON', `[${records.join(',')}]`.slice(0, MiB)],
    ['base64', Array.from({ length: MiB }, () => b64[Math.floor(next() * 64)]).join('')],
    ['spaces', ' '.repeat(MiB)],
    ['newlines after punctuation', `!${'\n'.repeat(MiB - 1)}`],
    ['CJK without punctuation', '中文字'.repeat(MiB / 9)],
  ];
}

describe('hostile text is counted promptly (the worker is never stalled)', () => {
  // js-tiktoken took 17.5 s for 10,000 × "a" and hours for 1 MiB; the bound is generous
  // for a loaded machine (bench/tokens.bench.ts measures the real cost)
  const BOUND_MS = 15_000;

  it.each(hostile())('1 MiB of %s', async (_name, text) => {
    const counter = await tokenCounter('o200k_base');
    const started = performance.now();
    const count = counter.countText(text);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(BOUND_MS);
    const ids = counter.encode(text);
    expect(ids.length).toBe(count);
    // real tokens of this very text: decoding gives it back
    expect(counter.decode(ids)).toBe(text);
    expect(count).toBeGreaterThan(0);
  });
});

describe('model → encoding', () => {
  it('uses tiktoken’s table for known names and falls back (configurably) for unknown ones', async () => {
    expect(await encodingForModelName('gpt-4')).toBe('cl100k_base');
    expect(await encodingForModelName('gpt-4o-mini')).toBe('o200k_base');
    expect(await encodingForModelName('llama-3.1-8b-instruct')).toBe('o200k_base');
    expect(await encodingForModelName('llama-3.1-8b-instruct', 'cl100k_base')).toBe('cl100k_base');
  });
});

describe('counting a text by its lines, remembered', () => {
  // pieces that end and start lines in every way the pre-tokenizers treat apart: punctuation
  // before a break, breaks before `/`, white space, digits, letters, contractions, non-ASCII
  const PIECES = [
    '\n',
    '\n\n',
    '\r\n',
    ' \n',
    '- ',
    '## ',
    '/',
    '/usr/bin',
    '.',
    ':',
    ')',
    '...',
    '(×3)',
    ' ',
    '  ',
    '\t',
    'word',
    'Word',
    "'s",
    "'ll",
    '42',
    '12345',
    'é',
    '日本',
    '😀',
    '\u00a0',
    ', ',
    '|',
    '`x`',
  ];

  it.each(['o200k_base', 'cl100k_base'] as const)(
    '%s: equals countText, whatever the text and the memo',
    async (encoding) => {
      const counter = await tokenCounter(encoding);
      const r = rng(11);
      const memo = new Map<string, number>();
      for (let k = 0; k < 2_000; k += 1) {
        const text = Array.from({ length: Math.floor(r() * 30) }, () => PIECES[Math.floor(r() * PIECES.length)]).join(
          '',
        );
        // a fresh memo and one shared with every earlier text
        expect(counter.countLines(text, new Map()), JSON.stringify(text)).toBe(counter.countText(text));
        expect(counter.countLines(text, memo), JSON.stringify(text)).toBe(counter.countText(text));
      }
    },
  );

  it('a message counted with a memo counts the same as without', async () => {
    const counter = await tokenCounter('o200k_base');
    const memo = new Map<string, number>();
    const content = '[Previous conversation summary]\n\n(summary)\n\n## Files\nsrc/a.ts\n\n[Context state]\nGoal: x';
    const messages: ChatMessage[] = [
      { role: 'user', content },
      { role: 'user', content, name: 'n' },
      { role: 'user', content: '' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
    ];
    for (const message of messages) {
      expect(counter.countMessage(message, memo)).toBe(counter.countMessage(message));
      expect(counter.countMessage(message, memo)).toBe(counter.countMessage(message));
    }
  });
});
