import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUMMARY_PREFIX } from '../../../src/activities/summarizers/transcript';
import { getText } from '../../../src/store/content-store';
import { FailureType } from '../../../src/context/errors';
import { validateSummary } from '../../../src/context/summary-validation';
import type { SummarizePlan } from '../../../src/context/plan';
import type { ChatMessage } from '../../../src/context/types';
import type { SummarizeInput } from '../../../src/activities/types';
import { failureOf, LOCAL_MODEL, load, storeAll, world, type TestWorld } from './helpers';

const model = LOCAL_MODEL.name;
const STATE_BLOCK =
  '[Session state: computed from the log, not by a model]\nGoal: fix the login bug\nFiles touched: src/auth/login.ts';

/** A realistic slice of an agent session: request, decision, tool call, error output, fix. */
function session(n = 1): ChatMessage[] {
  return Array.from({ length: n }, (_, i) => [
    { role: 'user' as const, content: `Please fix the failing login test (round ${i}).` },
    {
      role: 'assistant' as const,
      content: 'I will read the test first. I decided to keep the session cookie format.',
      tool_calls: [
        {
          id: `c${i}a`,
          type: 'function' as const,
          function: { name: 'run_command', arguments: '{"command":"npm","args":["test"]}' },
        },
      ],
    },
    {
      role: 'tool' as const,
      tool_call_id: `c${i}a`,
      content: `PASS src/util.test.ts\nFAIL src/auth/login.test.ts\nError: expected 200, received 401\n${'  at stack line\n'.repeat(50)}Tests: 1 failed`,
    },
    {
      role: 'assistant' as const,
      content: 'Fixed the token check in src/auth/login.ts; next I will run the tests again.',
    },
  ]).flat();
}

let w: TestWorld;
beforeAll(async () => {
  w = await world();
});
afterAll(async () => w.close());
beforeEach(() => w.fake.reset());

/** Tokens of each input's messages, as the log holds them (what the engine's plan counts). */
const inputTokens = new WeakMap<SummarizeInput, number>();
const tokensOf = (i: SummarizeInput) => inputTokens.get(i) as number;

async function input(messages: ChatMessage[], over: Partial<SummarizeInput> = {}): Promise<SummarizeInput> {
  const { refs, tokens } = await storeAll(w, model, messages);
  const i: SummarizeInput = {
    model,
    messages: refs,
    stateBlock: STATE_BLOCK,
    maxSummaryTokens: 400,
    summarizer: { kind: 'extractive' },
    ...over,
  };
  inputTokens.set(i, tokens);
  return i;
}

function plan(inputTokens: number, tokenCap: number): SummarizePlan {
  return { inputTokens, tokenCap } as SummarizePlan;
}

describe('extractive summarizer', () => {
  it('stays within its cap when the state block takes more tokens than the engine estimated (a script of many tokens a character)', async () => {
    // Lao text: about one token per 1.7 UTF-8 bytes, where the engine counts one per 3 (src/context/regions.ts)
    const lao = 'ສະບາຍດີ! ໂຄງການຢູ່ໃນ /home/somsack/rice-mill — ລະບົບສາງເຂົ້າຂອງໂຮງສີ';
    const block = [
      '[Session state: computed from the log, not by a model]',
      `Goal: ${lao}`,
      `Latest request: ${lao} ${lao}`,
      `Files touched: ${Array.from({ length: 12 }, (_, k) => `src/sql/ລາຍງານ_${k}.sql`).join(', ')}`,
      'Errors seen:',
      ...Array.from({ length: 6 }, (_, k) => `- sqlcmd (exit 1): Msg 207, Level 16, State 1, Line ${k}: ${lao}`),
    ].join('\n');
    const estimate = Math.ceil(Buffer.byteLength(block) / 3) + 16;
    // (a cap the engine deems roomy enough for the block and some text, by its estimate)
    const cap = Math.ceil(estimate * 1.5);
    const i = await input(session(3), { stateBlock: block, maxSummaryTokens: cap });
    const out = await w.activities.summarize(i);
    const text = (await load(w, out.summary.ref)).content!;
    expect(out.summary.tokens).toBeLessThanOrEqual(cap);
    expect(
      validateSummary(plan(tokensOf(i), cap), {
        content: out.summary,
        textTokens: out.textTokens,
        summarizer: out.summarizer,
      }).ok,
    ).toBe(true);
    // its goal stays; its last sections went first
    expect(text).toContain(`Goal: ${lao}`);
    expect(text).not.toContain('Errors seen:');
    // (a block the estimate holds is carried whole)
    const plain = await w.activities.summarize(await input(session(3)));
    expect((await load(w, plain.summary.ref)).content!.endsWith(STATE_BLOCK)).toBe(true);
  });

  it('keeps requests, decisions, files, commands with results and errors, deterministically, offline', async () => {
    const i = await input(session(2));
    const a = await w.activities.summarize(i);
    const b = await w.activities.summarize(i);
    expect(a.summary).toEqual(b.summary);
    expect(w.fake.requests).toHaveLength(0);
    const text = (await load(w, a.summary.ref)).content!;
    expect(text.startsWith(SUMMARY_PREFIX)).toBe(true);
    expect(text.endsWith(STATE_BLOCK)).toBe(true);
    for (const fact of [
      'failing login test',
      'decided to keep the session cookie',
      'src/auth/login.ts',
      'npm',
      'Error: expected 200, received 401',
      'Tests: 1 failed',
    ]) {
      expect(text).toContain(fact);
    }
    expect(a).toMatchObject({ summarizer: 'extractive', finishReason: 'stop', calls: 0 });
    expect(a.summary.tokens).toBeLessThanOrEqual(400);
    expect(a.summary.tokens).toBeLessThan(tokensOf(i));
    expect(
      validateSummary(plan(tokensOf(i), 400), {
        content: a.summary,
        textTokens: a.textTokens,
        summarizer: a.summarizer,
      }).ok,
    ).toBe(true);
  });

  it('holds its cap on a long range (newest facts win) and rolls the previous summary in', async () => {
    const first = await w.activities.summarize(await input(session(1)));
    const r = await w.activities.summarize(
      await input(session(30), { previousSummary: first.summary.ref, maxSummaryTokens: 300 }),
    );
    expect(r.summary.tokens).toBeLessThanOrEqual(300);
    const text = (await load(w, r.summary.ref)).content!;
    expect(text).toContain('round 29');
    expect(text).toContain(STATE_BLOCK);
  });
});

/** A session that writes one file per step, each with a name said nowhere else. */
function writes(names: readonly string[]): ChatMessage[] {
  const out: ChatMessage[] = [{ role: 'user', content: 'Split the monolith into one module per domain.' }];
  names.forEach((name, i) =>
    out.push(
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: `w${i}`,
            type: 'function',
            function: { name: 'write_file', arguments: JSON.stringify({ path: `src/${name}/index.ts`, content: 'x' }) },
          },
        ],
      },
      { role: 'tool', tool_call_id: `w${i}`, content: `wrote src/${name}/index.ts` },
    ),
  );
  return out;
}

describe('what a squeezed summary holds back', () => {
  const NAMES = [
    'billing',
    'catalog',
    'checkout',
    'fulfilment',
    'inventory',
    'ledger',
    'pricing',
    'returns',
    'shipping',
  ];
  const written = (text: string) => NAMES.filter((n) => text.includes(`src/${n}/index.ts`)).length;
  const next: ChatMessage[] = [{ role: 'user', content: 'Carry on with the next domain.' }];

  /** A full summary, then one squeezed to a cap that shows none of its files. */
  async function squeezed() {
    const full = await w.activities.summarize(await input(writes(NAMES), { maxSummaryTokens: 400 }));
    const fullText = (await load(w, full.summary.ref)).content!;
    const small = await w.activities.summarize(
      await input(next, { previousSummary: full.summary.ref, maxSummaryTokens: 60 }),
    );
    return { fullText, small };
  }

  it('keeps what it cannot show, and the next summary with room shows it again', async () => {
    const { fullText, small } = await squeezed();
    expect(written(fullText)).toBe(NAMES.length);
    expect(small.summary.tokens).toBeLessThanOrEqual(60);
    expect(written((await load(w, small.summary.ref)).content!)).toBe(0);
    expect(small.reserve).toBeDefined();

    const roomy = { previousSummary: small.summary.ref, maxSummaryTokens: 400 };
    const back = await w.activities.summarize(await input(next, { ...roomy, previousReserve: small.reserve! }));
    expect(written((await load(w, back.summary.ref)).content!)).toBe(NAMES.length);
    // without what was held back, the squeeze would have lost them for good
    const lost = await w.activities.summarize(await input(next, roomy));
    expect(written((await load(w, lost.summary.ref)).content!)).toBe(0);
  });

  it('holds nothing back when the summary shows all it knew', async () => {
    const r = await w.activities.summarize(await input(writes(NAMES), { maxSummaryTokens: 400 }));
    expect(r.reserve).toBeUndefined();
  });

  it('a reserve the store no longer holds is skipped, not an error', async () => {
    const { small } = await squeezed();
    const gone = `sha256:${'0'.repeat(64)}` as const;
    const r = await w.activities.summarize(
      await input(next, { previousSummary: small.summary.ref, previousReserve: gone, maxSummaryTokens: 400 }),
    );
    expect(r.summary.tokens).toBeLessThanOrEqual(400);
  });

  it('the llm summarizer reads it with the previous summary, and holds nothing back', async () => {
    const { small } = await squeezed();
    w.fake.script({ text: '## Goal\nSplit the monolith into modules.' });
    const r = await w.activities.summarize(
      await input(next, {
        previousSummary: small.summary.ref,
        previousReserve: small.reserve!,
        summarizer: { kind: 'llm', model },
      }),
    );
    const prompt = String(w.fake.requests[0]!.body.messages[1].content);
    expect(prompt).toContain('<previous_summary>');
    expect(NAMES.every((n) => prompt.includes(`src/${n}/index.ts`))).toBe(true);
    expect(r.reserve).toBeUndefined();
  });
});

describe('a call written in text, answered in the next range', () => {
  // (a ReWOO-like planner: its steps are calls to no one but the harness; the engine sees none and may cut after them)
  const plan: ChatMessage[] = [
    { role: 'user', content: 'Find out why the firmware build breaks.' },
    {
      role: 'assistant',
      content: 'Plan: Build the firmware and read the first error.\n#E1 = Shell[make -C firmware all]',
    },
  ];
  const evidence: ChatMessage[] = [
    {
      role: 'user',
      content:
        "#E1 = cc -O2 -c main.c\nmain.c:12:5: error: 'frobnicate' undeclared (first use in this function)\nmake: *** [Makefile:4: main.o] Error 1",
    },
    { role: 'assistant', content: 'Plan: Declare frobnicate in main.h.\n#E1 = Patch[main.h]' },
  ];
  const requests = (text: string) => /## User requests\n((?:- .*\n?)*)/.exec(text)?.[1] ?? '';

  it('reads the output that opens a range as the output of the reply that ended the range before', async () => {
    const first = await w.activities.summarize(await input(plan));
    expect(first.reserve).toBeDefined(); // (the reply awaiting its output, though nothing was held back)
    const next = await w.activities.summarize(
      await input(evidence, { previousSummary: first.summary.ref, previousReserve: first.reserve! }),
    );
    const text = (await load(w, next.summary.ref)).content!;
    expect(requests(text)).toContain('Find out why the firmware build breaks.');
    expect(requests(text)).not.toContain('cc -O2 -c main.c');
    // the call's command with how it ended, its failure under its label
    expect(text).toContain('- Shell input="make -C firmware all" → 3 lines');
    expect(text).toMatch(
      /## Errors\n- Shell input="make -C firmware all": main\.c:12:5: error: 'frobnicate' undeclared/,
    );
    // the reserve carries this range's own last reply on, not the one before
    const reserve = await getText(w.store, next.reserve!);
    expect(reserve).toContain('#E1 = Patch[main.h]');
    expect(reserve).not.toContain('make -C firmware');
  });

  it('without that reply, the same output reads as something the user sent', async () => {
    const first = await w.activities.summarize(await input(plan));
    const next = await w.activities.summarize(await input(evidence, { previousSummary: first.summary.ref }));
    expect(requests((await load(w, next.summary.ref)).content!)).toContain('cc -O2 -c main.c');
  });

  it('a range that opens on a request is read as before', async () => {
    const first = await w.activities.summarize(await input(plan));
    const asked: ChatMessage[] = [{ role: 'user', content: 'Stop; first list the targets of the Makefile.' }];
    const next = await w.activities.summarize(
      await input(asked, { previousSummary: first.summary.ref, previousReserve: first.reserve! }),
    );
    expect(requests((await load(w, next.summary.ref)).content!)).toContain('first list the targets');
  });
});

describe("a harness's results known by their heading, carried from range to range", () => {
  // (a Voyager-like loop: each reply a code block, each result the harness's observation under one heading)
  const step = (code: string, outcome: string): ChatMessage[] => [
    { role: 'assistant', content: `Plan:\n1) ${code}.\nCode:\n\`\`\`javascript\nawait ${code}(bot);\n\`\`\`` },
    {
      role: 'user',
      content: `Code from the last round:\nawait ${code}(bot);\n\nExecution error: ${outcome}\nBiome: taiga\nInventory (4/36): {'spruce_log': 12}`,
    },
  ];
  const start: ChatMessage[] = [
    { role: 'user', content: 'Build a spruce house by the river.' },
    ...step('mineSpruceLogs', 'No error'),
    ...step('craftPlanks', 'No error'),
  ];
  const requests = (text: string) => /## User requests\n((?:- .*\n?)*)/.exec(text)?.[1] ?? '';

  it('reads the one result of a later one-step range as an output, not as a request', async () => {
    const first = await w.activities.summarize(await input(start));
    expect(first.reserve).toBeDefined(); // (the heading, though nothing was held back)
    expect(requests((await load(w, first.summary.ref)).content!)).not.toContain('Code from the last round');
    const later = step('placeDoor', 'ReferenceError: doorPos is not defined');
    const next = await w.activities.summarize(
      await input(later, { previousSummary: first.summary.ref, previousReserve: first.reserve! }),
    );
    const text = (await load(w, next.summary.ref)).content!;
    expect(requests(text)).toContain('Build a spruce house by the river.');
    expect(requests(text)).not.toMatch(/Code from the last round|Inventory|Biome/);
    expect(text).toMatch(/## Errors\n- [^\n]*ReferenceError: doorPos is not defined/);
    // (without the reserve the range cannot tell: its one result reads as something the user sent)
    const blind = await w.activities.summarize(await input(later, { previousSummary: first.summary.ref }));
    expect(requests((await load(w, blind.summary.ref)).content!)).toContain('Code from the last round');
  });
});

describe('llm summarizer', () => {
  it('sends the structured checkpoint prompt with the previous summary and caps the output', async () => {
    const previous = await w.activities.summarize(await input(session(1)));
    w.fake.script({
      text: '## Goal\nFix login\n## Progress and decisions\nToken check fixed\n## Next step\nRun tests',
    });
    const r = await w.activities.summarize(
      await input(session(1), { previousSummary: previous.summary.ref, summarizer: { kind: 'llm', model } }),
    );
    expect(r).toMatchObject({ summarizer: `llm:${model}`, finishReason: 'stop', calls: 1 });
    const req = w.fake.requests[0]!.body;
    expect(req.messages[0].content).toMatch(
      /## Goal.*## Progress and decisions.*## Files and code.*## Errors and fixes.*## Pending work.*## Next step/s,
    );
    expect(req.messages[1].content).toContain('<previous_summary>');
    expect(req.messages[1].content).toContain('extractive summary');
    expect(req.max_tokens).toBeLessThan(400);
    const text = (await load(w, r.summary.ref)).content!;
    expect(text).toBe(
      `${SUMMARY_PREFIX}\n\n## Goal\nFix login\n## Progress and decisions\nToken check fixed\n## Next step\nRun tests\n\n${STATE_BLOCK}`,
    );
    expect(r.usage?.promptTokens).toBe(w.fake.requests[0]!.promptTokens);
  });

  it('chunks input larger than the summarizer window, each request within it, bounded calls', async () => {
    w.fake.setContextWindow(3_000); // the summarizer's declared window: the server enforces it
    try {
      w.fake.script(
        { text: 'chunk summary 1' },
        { text: 'chunk summary 2' },
        { text: 'chunk summary 3' },
        { text: 'chunk summary 4' },
        { text: 'chunk summary 5' },
        { text: 'final' },
      );
      const r = await w.activities.summarize(
        await input(session(12), { summarizer: { kind: 'llm', model: 'small-summarizer' }, maxSummaryTokens: 300 }),
      );
      expect(r.calls).toBeGreaterThan(1);
      expect(w.fake.requests.every((q) => q.status === 200)).toBe(true);
      expect(w.fake.requests).toHaveLength(r.calls);
      // the rolling summary: each call after the first carries the previous chunk's summary
      expect(w.fake.requests[1]!.body.messages[1].content).toContain('chunk summary 1');
    } finally {
      w.fake.setContextWindow(undefined);
    }
  });

  it('refuses (typed, non-retryable) a range needing more calls than allowed', async () => {
    const f = await failureOf(
      w.activities.summarize(
        await input(session(200), { summarizer: { kind: 'llm', model: 'small-summarizer' }, maxSummaryTokens: 300 }),
      ),
    );
    expect([f.type, f.nonRetryable]).toEqual([FailureType.SummaryRejected, true]);
    expect(w.fake.requests).toHaveLength(0);
  });

  it('a summary as large as its input is rejected by validation; the extractive fallback is accepted', async () => {
    const messages = session(1);
    const echo = messages.map((m) => m.content ?? '').join('\n');
    w.fake.script({ text: echo + echo });
    const i = await input(messages, { summarizer: { kind: 'llm', model }, maxSummaryTokens: 2_000 });
    const llm = await w.activities.summarize(i);
    const verdict = validateSummary(plan(tokensOf(i), 2_000), {
      content: llm.summary,
      textTokens: llm.textTokens,
      summarizer: llm.summarizer,
    });
    expect(verdict).toMatchObject({ ok: false, reason: 'not-smaller' });
    const fallback = await w.activities.summarize({ ...i, summarizer: { kind: 'extractive' }, maxSummaryTokens: 300 });
    expect(
      validateSummary(plan(tokensOf(i), 300), {
        content: fallback.summary,
        textTokens: fallback.textTokens,
        summarizer: fallback.summarizer,
      }).ok,
    ).toBe(true);
  });

  it('a summary cut off by its cap reports finishReason length (rejected as truncated)', async () => {
    w.fake.script({ text: '## Goal\nFix the', finishReason: 'length' });
    const i = await input(session(1), { summarizer: { kind: 'llm', model } });
    const r = await w.activities.summarize(i);
    expect(r.finishReason).toBe('length');
    expect(
      validateSummary(plan(tokensOf(i), 400), {
        content: r.summary,
        textTokens: r.textTokens,
        finishReason: r.finishReason,
        summarizer: r.summarizer,
      }),
    ).toMatchObject({ ok: false, reason: 'truncated' });
  });

  it('an empty summary is reported with textTokens 0 (rejected as empty)', async () => {
    w.fake.script({ text: '' });
    const i = await input(session(1), { summarizer: { kind: 'llm', model } });
    const r = await w.activities.summarize(i);
    expect(r.textTokens).toBe(0);
    expect(
      validateSummary(plan(tokensOf(i), 400), {
        content: r.summary,
        textTokens: r.textTokens,
        summarizer: r.summarizer,
      }),
    ).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('a provider failure is typed: 500 retryable, 400 permanent (then the workflow falls back)', async () => {
    w.fake.injectFault({ kind: 'status', status: 500 });
    const transient = await failureOf(
      w.activities.summarize(await input(session(1), { summarizer: { kind: 'llm', model } })),
    );
    expect([transient.type, transient.nonRetryable]).toEqual([FailureType.ProviderUnavailable, false]);
    w.fake.injectFault({ kind: 'status', status: 400, message: 'bad summarizer request' });
    const permanent = await failureOf(
      w.activities.summarize(await input(session(1), { summarizer: { kind: 'llm', model } })),
    );
    expect([permanent.type, permanent.nonRetryable]).toEqual([FailureType.ProviderRejected, true]);
    const fallback = await w.activities.summarize(await input(session(1)));
    expect(fallback.summarizer).toBe('extractive');
  });
});
