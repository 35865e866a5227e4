/**
 * One compaction of a long agent session, summary included: `planCompaction` (archive +
 * range summary), the `summarize` activity with the extractive summarizer (messages loaded
 * from an in-memory store, as the worker does), `validateSummary` and `applyCompaction`.
 *
 *   node --single-threaded --import tsx bench/compaction.bench.ts [messages=2000] [rounds=7] [--src <dir>] [--share S]
 *
 * Each round times five phases in process CPU: the plan, the activity's load of the stored
 * messages, the summarizer (the state block's share of the cap counted, the extractive
 * summary chosen and counted), the activity's store of the summary, and validate + apply; it
 * prints their medians, the median of plan + summarizer + validate+apply ("engine +
 * summarizer", what issue 8's target names) and of all five. The summarize activity's steps
 * are run one by one for this (src/activities/summarize.ts); after the rounds the activity
 * itself runs once and must give the same summary. `--single-threaded` keeps the garbage
 * collector's and the optimizing compiler's work on the main thread, so CPU equals wall time
 * and is charged to the phase that caused it (on an idle machine those threads otherwise run
 * on the other core and are counted too).
 *
 * `BENCH_SUMMARY_OUT=<file>` writes the stored summary message of the last round to that file
 * (to check that a change keeps the summary byte-identical).
 *
 * `--share S` sets `compaction.summaryGoalShare` (default: the policy's default, which sets the
 * summary's cap and so how much the summarizer reads and writes): to compare a checkout whose
 * default differs, like for like.
 *
 * `--src` runs the same bench against another checkout's `src` for a before/after comparison, or
 * against the compiled package (`npm run build`, then `--src lib`): the build is what the
 * package's entry points and the Docker image run (`node lib/worker.js`), while `npm start` and
 * this bench's default run the TypeScript sources through tsx. The session is generated deterministically: user requests,
 * assistant statements with one or two tool calls, tool outputs taken from
 * test/fixtures/tool-outputs (failing and passing runs of several ecosystems) and source
 * files read back, and answers; every message is stored and counted once, when "appended",
 * as the activities do (not measured). Figures are medians over the rounds after two
 * warm-up rounds.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mulberry32 as rng } from '../test/support/random';
import { pinnedToolOutputs } from '../test/support/tool-outputs';

const args = process.argv.slice(2);
const shareAt = args.indexOf('--share');
const SHARE = shareAt >= 0 ? Number(args.splice(shareAt, 2)[1]) : undefined;
const srcAt = args.indexOf('--src');
const SRC = path.resolve(srcAt >= 0 ? (args.splice(srcAt, 2)[1] as string) : path.join(__dirname, '../src'));
const MESSAGES = Number(args[0] ?? 2_000);
const ROUNDS = Number(args[1] ?? 7);
const WARMUP = 2;
const MODEL = 'bench-model';

/* eslint-disable @typescript-eslint/no-explicit-any -- modules of either checkout, loaded at run time */
async function load(rel: string): Promise<any> {
  // a compiled tree (`npm run build` → lib/) has the same modules as .js files
  const ts = path.join(SRC, rel);
  return import(existsSync(ts) ? ts : ts.replace(/\.ts$/, '.js'));
}

// the corpus's first cases only: the session stays the one earlier figures were measured on
const outputs = pinnedToolOutputs();
const sourceFile = (n: number) =>
  Array.from(
    { length: 60 },
    (_, i) => `export function handler${n}_${i}(input: Input): Output { return step(input, ${i}); }`,
  ).join('\n');

interface Msg {
  role: 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}
interface Step {
  message: Msg;
  turn: number;
  result?: { name: string; status: 'ok' | 'error'; exitCode?: number; output: string; keyArgs: Record<string, string> };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const PROSE = [
  'The handler validates its input before it touches the store, which is why the error surfaced only in the integration tests.',
  'Looking at the stack trace, the failure comes from the serializer rather than from the parser itself.',
  'The fixture data still uses the old date format, so two of the assertions compare strings that can never be equal.',
  'There are three call sites; two of them already pass the options object, the third passes positional arguments.',
  'Caching the compiled schema cuts the per-request cost roughly in half according to the benchmark output above.',
];

/** A user request: short, or a pasted specification with a requirement in the middle. */
function request(r: () => number, turn: number): string {
  if (r() < 0.7) return `Step ${turn}: make module m${turn} pass its tests; it must not import from legacy/.`;
  const spec = Array.from({ length: 6 }, () => pick(r, PROSE)).join(' ');
  return `Here is the spec for m${turn}. ${spec} The public API of m${turn} must stay backwards compatible. ${spec} Please implement it and keep the tests green.`;
}

/** The assistant's reasoning before its tool calls: findings, then a plan, decision or constraint in varied forms. */
function reasoning(r: () => number, turn: number, step: number): string {
  const findings = Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(r, PROSE)).join(' ');
  const commitment = pick(r, [
    `I'll check module m${turn} next.`,
    `We decided to keep the m${turn} cache in memory rather than on disk.`,
    `Plan:\n- read src/m${turn}/index.ts\n- run the tests for m${turn}\n- fix the serializer in src/m${turn}/serialize.ts`,
    `Never change the public API of m${turn}.`,
    `## Next steps\n1. update the fixtures of m${turn}\n2. rerun the suite (step ${step})`,
    `Going with a streaming parser for m${turn} over buffering the whole file.`,
  ]);
  return `${findings}\n\n${commitment}`;
}

/** The session: turns of request → (reasoning + one or two tool calls → results) × k → answer. */
function session(n: number): Step[] {
  const r = rng(42);
  const steps: Step[] = [];
  let turn = 0;
  let call = 0;
  while (steps.length < n) {
    turn += 1;
    steps.push({ turn, message: { role: 'user', content: request(r, turn) } });
    const toolSteps = 2 + Math.floor(r() * 4);
    for (let s = 0; s < toolSteps && steps.length < n - 1; s += 1) {
      const parallel = r() < 0.3 ? 2 : 1;
      const calls: Step[] = [];
      const toolCalls: NonNullable<Msg['tool_calls']> = [];
      const add = (id: string, name: string, args: Record<string, string>, result: NonNullable<Step['result']>) => {
        toolCalls.push({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });
        calls.push({ turn, message: { role: 'tool', tool_call_id: id, content: null }, result });
      };
      for (let p = 0; p < parallel; p += 1) {
        const id = `call_${call++}`;
        const kind = r();
        if (kind < 0.15) {
          const path = `src/m${turn}/impl${s}${p}.ts`;
          const content = sourceFile(call);
          const output = `wrote ${content.length} bytes to ${path}`;
          add(id, 'write_file', { path, content }, { name: 'write_file', status: 'ok', output, keyArgs: { path } });
        } else if (kind < 0.55) {
          const path = `src/m${turn}/part${s}${p}.ts`;
          add(
            id,
            'read_file',
            { path },
            { name: 'read_file', status: 'ok', output: sourceFile(call), keyArgs: { path } },
          );
        } else {
          const out = pick(r, outputs);
          const command = `npm test -- m${turn}`;
          const status = out.failed ? 'error' : 'ok';
          const result = {
            name: 'run_command',
            status,
            exitCode: out.failed ? 1 : 0,
            output: out.text,
            keyArgs: { command },
          } as const;
          add(id, 'run_command', { command }, result);
        }
      }
      steps.push({ turn, message: { role: 'assistant', content: reasoning(r, turn, s), tool_calls: toolCalls } });
      steps.push(...calls);
    }
    const answer = `Module m${turn} passes its tests now. ${pick(r, PROSE)} I changed src/m${turn}/index.ts and src/m${turn}/serialize.ts.`;
    steps.push({ turn, message: { role: 'assistant', content: answer } });
  }
  return steps.slice(0, n);
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) * q)] as number;
}
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

async function main(): Promise<void> {
  const ctx = await load('context/index.ts');
  const { toolDigest } = await load('context/digest.ts');
  const evidence = await load('context/evidence.ts').catch(() => undefined);
  const { storeMessage } = await load('activities/messages.ts');
  const { ModelRuntime } = await load('activities/model-client.ts');
  const { summarize } = await load('activities/summarize.ts');
  const { MemoryStore } = await load('store/memory-store.ts');
  const { countLines } = await load('context/truncate.ts');

  const store = new MemoryStore();
  const runtime = new ModelRuntime({
    models: [{ name: MODEL, contextWindow: 200_000, maxOutputTokens: 8_000 }],
    env: {},
  });
  const counter = await runtime.counter(MODEL);

  // append the session, storing and counting each message once (not measured)
  const items: any[] = [];
  for (const step of session(MESSAGES)) {
    const m = step.message;
    if (step.result) {
      const res = step.result;
      m.content = res.output;
      const content = await storeMessage(store, counter, m);
      const meta: any = {
        toolName: res.name,
        status: res.status,
        outputBytes: Buffer.byteLength(res.output),
        outputLines: countLines(res.output),
        truncated: false,
        // (the raw output under its own reference, as the executeTool activity stores it)
        fullOutputRef: await store.put(res.output),
        binary: false,
        firstLine: res.output.trim().split('\n')[0]?.slice(0, 200) ?? '',
        lastLine: res.output.trim().split('\n').at(-1)?.slice(0, 200) ?? '',
      };
      if (res.exitCode !== undefined) meta.exitCode = res.exitCode;
      const lines = evidence?.failureEvidence(res.output, { failed: res.status === 'error' }) ?? [];
      if (lines.length) meta.evidence = lines;
      const digest = await storeMessage(store, counter, {
        role: 'tool',
        tool_call_id: m.tool_call_id,
        content: toolDigest({ result: meta, keyArgs: res.keyArgs }),
      });
      items.push({
        turn: step.turn,
        role: 'tool',
        kind: 'tool_result',
        content,
        preview: 'out',
        toolCallId: m.tool_call_id,
        toolResult: meta,
        digest,
      });
    } else {
      const content = await storeMessage(store, counter, m);
      const item: any = {
        turn: step.turn,
        role: m.role,
        kind: 'message',
        content,
        preview: (m.content ?? '').slice(0, 200),
      };
      if (m.tool_calls)
        item.toolCalls = m.tool_calls.map((c) => ({
          id: c.id,
          name: c.function.name,
          keyArgs: JSON.parse(c.function.arguments),
        }));
      items.push(item);
    }
  }
  const state = ctx.appendItems(ctx.emptyContextState(), items);
  const policy = ctx.resolvePolicy(SHARE === undefined ? {} : { summaryGoalShare: SHARE });
  const history = 60_000;
  const budget = {
    contextWindow: history + 10_000,
    reservedOutputTokens: 8_000,
    fixedTokens: 2_000,
    historyBudget: history,
    softLimit: Math.floor(history * 0.8),
    targetTokens: Math.floor(history * 0.5),
    hardLimit: history,
  };
  const viewBefore = ctx.viewTokens(ctx.buildView(state));

  const { loadMessages } = await load('activities/messages.ts');
  const { extractiveSummary } = await load('activities/summarizers/extractive.ts');
  // (archivedListings: absent from checkouts before the summarizer read listings' values back)
  const { composeSummary, archivedListings } = await load('activities/summarize.ts');
  const cpuMs = () => {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  };
  /**
   * The summarize activity's steps (src/activities/summarize.ts, extractive path), each timed:
   * loading the stored messages and storing the summary are the activity's I/O; counting the
   * state block's share of the cap and the extractive summarizer are the summarizer's work.
   * The last round checks that they give the activity's own result.
   */
  async function summarizeSteps(input: any, t: Record<string, number>): Promise<any> {
    let a = cpuMs();
    const messages = await loadMessages(store, input.messages);
    const fullOutputs: Map<string, string> | undefined = archivedListings
      ? await archivedListings(store, messages)
      : undefined;
    t['load'] = cpuMs() - a;
    a = cpuMs();
    const overhead = counter.countMessage({ role: 'user', content: composeSummary('', input.stateBlock) });
    const textCap = Math.max(1, input.maxSummaryTokens - overhead - 4);
    const fitted = extractiveSummary(messages, undefined, counter, textCap, {
      stateBlock: input.stateBlock,
      ...(fullOutputs?.size ? { fullOutputs } : {}),
    });
    const body = fitted.text;
    const textTokens = body === body.trim() ? fitted.tokens : counter.countText(body.trim());
    t['summarizer'] = cpuMs() - a;
    a = cpuMs();
    const summary = await storeMessage(store, counter, {
      role: 'user',
      content: composeSummary(body, input.stateBlock),
    });
    t['store'] = cpuMs() - a;
    return { content: summary, textTokens, finishReason: 'stop', summarizer: 'extractive', preview: '' };
  }
  const PHASES = ['plan', 'load', 'summarizer', 'store', 'validate+apply'] as const;
  const cpu: Record<string, number[]> = Object.fromEntries(PHASES.map((k) => [k, []]));
  const engineAndSummarizer: number[] = [];
  const total: number[] = [];
  const wall: number[] = [];
  let last: any;
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    const t: Record<string, number> = {};
    const w0 = performance.now();
    let a = cpuMs();
    const plan = ctx.planCompaction(state, budget, policy);
    t['plan'] = cpuMs() - a;
    if (!plan?.summarize) throw new Error('expected a summarizing plan');
    const s = plan.summarize;
    const input: any = {
      model: MODEL,
      messages: s.input
        .filter((e: any) => s.previousSummarySeq === undefined || e !== s.input[0])
        .map((e: any) => e.content.ref),
      stateBlock: s.stateBlock,
      maxSummaryTokens: s.tokenCap,
      summarizer: { kind: 'extractive' },
    };
    const result = await summarizeSteps(input, t);
    a = cpuMs();
    const verdict = ctx.validateSummary(s, result);
    if (!verdict.ok) throw new Error(`summary rejected: ${JSON.stringify(verdict)}`);
    const after = ctx.applyCompaction(state, plan, result);
    t['validate+apply'] = cpuMs() - a;
    const w1 = performance.now();
    if (round < WARMUP) continue;
    for (const k of PHASES) cpu[k]?.push(t[k] as number);
    engineAndSummarizer.push((t['plan'] ?? 0) + (t['summarizer'] ?? 0) + (t['validate+apply'] ?? 0));
    total.push(PHASES.reduce((sum, k) => sum + (t[k] ?? 0), 0));
    wall.push(w1 - w0);
    last = { plan, input, result, after };
  }
  // the steps above are the activity's: its own result must be the same summary, counted the same
  const activity = await summarize({ store, runtime }, last.input);
  if (activity.summary.ref !== last.result.content.ref || activity.textTokens !== last.result.textTokens) {
    throw new Error("the timed steps no longer give the summarize activity's result");
  }
  if (process.env['BENCH_SUMMARY_OUT']) {
    // the stored summary message, for checking that a change keeps what is selected
    const { getJson } = await load('store/content-store.ts');
    const stored = await getJson(store, last.result.content.ref);
    writeFileSync(process.env['BENCH_SUMMARY_OUT'], stored.content);
  }
  const s = last.plan.summarize;
  console.log(
    `compaction bench, ${new Date().toISOString().slice(0, 10)}, src ${path.relative(process.cwd(), SRC) || '.'}: ` +
      `${state.items.length} messages (${viewBefore} view tokens); plan archives ${last.plan.archive.length} tool results ` +
      `and summarizes ${s.input.length} entries (${s.inputTokens} tokens) into ${last.result.content.tokens} tokens ` +
      `(cap ${s.tokenCap}); view after ${ctx.viewTokens(ctx.buildView(last.after))} tokens`,
  );
  const phases = PHASES.map((k) => `${k} ${median(cpu[k] as number[]).toFixed(1)}`).join(', ');
  console.log(`median of ${ROUNDS} rounds, CPU ms: ${phases}`);
  console.log(
    `engine + summarizer (plan, summarizer, validate+apply) ${median(engineAndSummarizer).toFixed(1)} ms; ` +
      `with the activity's I/O (load, store) ${median(total).toFixed(1)} ms (wall ${median(wall).toFixed(1)} ms)`,
  );
  // the spread shows how noisy the machine was while it ran
  console.log(
    `engine + summarizer quartiles: ${[0, 0.25, 0.75].map((q) => quantile(engineAndSummarizer, q).toFixed(1)).join(' / ')} ms (min / p25 / p75)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
