/**
 * Session workflow benchmark (run: `npx tsx bench/session.bench.ts`; BENCH_REPS=n to change
 * the repetitions, default 5). One process starts an in-memory Temporal dev server, the fake
 * OpenAI server (zero latency, 128k window) and two workers, then runs the same 200-step
 * session (20 user turns × 10 tool steps + an answer per turn) on:
 *   (a) durable-context's `agentSession` (content by reference, via the plugin);
 *   (b) the "full-message" baseline (bench/baseline): the whole `messages` array into every
 *       model activity, full tool output out of every tool activity — also the bare Temporal
 *       loop (c) the wall-time target compares against;
 *   (d) a model-only loop without Temporal (same fake, same tool), to split the wall time
 *       into the fake model's share and the orchestration's share.
 * Variants are interleaved (order rotated every repetition). History bytes are measured on
 * the first repetition; wall times are medians over all of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Connection, WorkflowUpdateStage } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker, bundleWorkflowCode } from '@temporalio/worker';
import OpenAI from 'openai';
import { normalizeMessage } from '../src/activities/messages';
import { startDevServer } from '../src/cli/dev-server';
import * as sessions from '../src/client';
import type { ChatMessage } from '../src/context/types';
import { DurableContextPlugin, workflowsPath } from '../src/plugin';
import { FilesystemStore } from '../src/store/filesystem-store';
import { loadTokenizer, startFakeOpenAI, type FakeOpenAI } from '../src/testing/fake-openai';
import { createBaselineActivities } from './baseline/activities';
import {
  historyTimings,
  measureHistory,
  sumHistories,
  sumTimings,
  type HistoryFigures,
  type HistoryTimings,
} from './baseline/history-bytes';
import {
  BENCH_CONTEXT_WINDOW,
  BENCH_MAX_OUTPUT_TOKENS,
  BENCH_MODEL,
  SYSTEM_PROMPT,
  TOOL_NAME,
  TOOL_SCHEMA,
  readFileTool,
  scriptedModel,
  sessionMessages,
  toolOutput,
  userText,
} from './baseline/scenario';
import { baselineEnd, baselineSendMessage, type FullMessageSessionInput } from './baseline/workflows';

const TURNS = 20;
const STEPS_PER_TURN = 10;
const STEPS = TURNS * STEPS_PER_TURN;
const REPS = Number(process.env.BENCH_REPS ?? 5);

type Variant = 'durable' | 'fullMessage' | 'modelOnly';

interface RunResult {
  variant: Variant;
  ms: number;
  /** Prompt tokens of every chat request, as the fake server counted them. */
  promptTokens: number[];
  /** Summed over the runs of the continue-as-new chain (one run unless it continued as new). */
  history?: HistoryFigures;
  historyRuns?: HistoryFigures[];
  timings?: HistoryTimings;
  serverHistoryBytes?: number;
  notes: string[];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * The fake server recounts every prompt from scratch (≈1 s at 100k tokens with js-tiktoken),
 * which would swamp what is measured. Memoizing its tokenizer per text run keeps its counts
 * exact (same text, same tokens) and makes it answer like a provider with a prefix cache.
 */
async function memoizeFakeTokenizer(): Promise<void> {
  type Encode = (text: string, allowed?: unknown, disallowed?: unknown) => number[];
  const tk = (await loadTokenizer('o200k_base')) as unknown as { encode: Encode };
  const encode = tk.encode.bind(tk);
  const memo = new Map<string, number[]>();
  tk.encode = (text, allowed, disallowed) => {
    const plain = Array.isArray(allowed) && !allowed.length && Array.isArray(disallowed) && !disallowed.length;
    if (!plain) return encode(text, allowed, disallowed);
    let tokens = memo.get(text);
    if (!tokens) memo.set(text, (tokens = encode(text, [], [])));
    return tokens;
  };
}

function chatTokens(fake: FakeOpenAI): number[] {
  return fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.promptTokens ?? -1);
}

async function runDurable(client: Client, fake: FakeOpenAI, taskQueue: string, rep: number, measure: boolean) {
  const sessionId = `bench-durable-${rep}-${Date.now()}`;
  const notes: string[] = [];
  fake.reset();
  const t0 = performance.now();
  await sessions.startSession(client, {
    sessionId,
    taskQueue,
    config: {
      model: BENCH_MODEL,
      systemPrompt: SYSTEM_PROMPT,
      tools: [TOOL_NAME],
      maxStepsPerTurn: 50,
      // Default policy: archiving and summarizing wait for the soft threshold, which this
      // session (72.7% of its budget at the end) never reaches, so every variant sends the
      // same prompts; the bench checks the ledger stayed empty.
      compaction: {},
    },
  });
  for (let t = 1; t <= TURNS; t++) {
    const r = await sessions.sendMessage(client, sessionId, userText(t));
    if (r.error || r.steps !== STEPS_PER_TURN + 1) notes.push(`turn ${t}: ${JSON.stringify(r)}`);
  }
  const ms = performance.now() - t0;
  const status = await sessions.status(client, sessionId);
  const ledger = await sessions.ledger(client, sessionId);
  if (ledger.length) notes.push(`ledger has ${ledger.length} records: ${JSON.stringify(ledger.slice(0, 3))}`);
  if (status.previousRuns.length) notes.push(`continued as new: ${status.previousRuns.length} previous runs`);
  notes.push(
    `status: historyTokens=${status.historyTokens} usedTokens=${status.usedTokens} budget=${status.historyBudget} percent=${status.percent}`,
  );
  let logBytes = 0;
  if (measure) for (const item of await sessions.log(client, sessionId)) logBytes += item.content.bytes;
  await sessions.end(client, sessionId);
  await client.workflow.getHandle(sessionId).result();
  const result: RunResult = { variant: 'durable', ms, promptTokens: chatTokens(fake), notes };
  // Every run of the continue-as-new chain, oldest first.
  const runIds = [...status.previousRuns, undefined];
  const runs: HistoryFigures[] = [];
  for (const runId of runIds) {
    const d = await client.workflow.getHandle(sessionId, runId).describe();
    notes.push(`run ${d.runId}: ${d.historyLength} events, ${d.historySize} bytes`);
    if (measure) runs.push(await measureHistory(client, sessionId, runId));
  }
  if (measure) {
    result.history = sumHistories(runs);
    result.historyRuns = runs;
    notes.push(`log content bytes (sum of LogItem.content.bytes): ${logBytes}`);
  }
  result.timings = sumTimings(await Promise.all(runIds.map((runId) => historyTimings(client, sessionId, runId))));
  result.serverHistoryBytes = runs.length
    ? result.history?.serverBytes
    : (await Promise.all(runIds.map((runId) => client.workflow.getHandle(sessionId, runId).describe()))).reduce(
        (n, d) => n + (d.historySize ?? 0),
        0,
      );
  return result;
}

async function runFullMessage(client: Client, fake: FakeOpenAI, taskQueue: string, rep: number, measure: boolean) {
  const workflowId = `bench-full-${rep}-${Date.now()}`;
  const notes: string[] = [];
  fake.reset();
  const input: FullMessageSessionInput = {
    model: BENCH_MODEL,
    systemPrompt: SYSTEM_PROMPT,
    tools: [TOOL_NAME],
    maxOutputTokens: BENCH_MAX_OUTPUT_TOKENS,
    maxStepsPerTurn: 50,
  };
  const t0 = performance.now();
  const handle = await client.workflow.start('fullMessageSession', { workflowId, taskQueue, args: [input] });
  for (let t = 1; t <= TURNS; t++) {
    // Same protocol as durable-context's sendMessage: wait for acceptance, then for the result.
    const update = await handle.startUpdate(baselineSendMessage, {
      args: [{ text: userText(t) }],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    const r = await update.result();
    if (r.error || r.steps !== STEPS_PER_TURN + 1) notes.push(`turn ${t}: ${JSON.stringify(r)}`);
  }
  const ms = performance.now() - t0;
  await handle.signal(baselineEnd);
  await handle.result();
  const result: RunResult = { variant: 'fullMessage', ms, promptTokens: chatTokens(fake), notes };
  if (measure) result.history = await measureHistory(client, workflowId);
  result.timings = await historyTimings(client, workflowId);
  result.serverHistoryBytes = (await handle.describe()).historySize;
  return result;
}

/** The same loop without Temporal: what the fake model and the tool alone cost. */
async function runModelOnly(fake: FakeOpenAI): Promise<RunResult> {
  fake.reset();
  const openai = new OpenAI({ baseURL: fake.url, apiKey: 'bench', maxRetries: 0 });
  const messages: ChatMessage[] = [{ role: 'system', content: SYSTEM_PROMPT }];
  const notes: string[] = [];
  const t0 = performance.now();
  for (let t = 1; t <= TURNS; t++) {
    messages.push({ role: 'user', content: userText(t) });
    for (let step = 0; ; step++) {
      const c = await openai.chat.completions.create({
        model: BENCH_MODEL,
        messages: messages as OpenAI.Chat.Completions.ChatCompletionMessageParam[],
        tools: [TOOL_SCHEMA],
        max_tokens: BENCH_MAX_OUTPUT_TOKENS,
      });
      const reply = c.choices[0]?.message;
      const call = reply?.tool_calls?.[0];
      if (!call || call.type !== 'function') {
        messages.push({ role: 'assistant', content: reply?.content ?? null });
        if (step !== STEPS_PER_TURN) notes.push(`turn ${t} ended after ${step} steps`);
        break;
      }
      messages.push({
        role: 'assistant',
        content: reply?.content ?? null,
        tool_calls: [{ id: call.id, type: 'function', function: call.function }],
      });
      const args = JSON.parse(call.function.arguments) as { path: string };
      messages.push({ role: 'tool', tool_call_id: call.id, content: toolOutput(args.path) });
    }
  }
  return { variant: 'modelOnly', ms: performance.now() - t0, promptTokens: chatTokens(fake), notes };
}

async function main(): Promise<void> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  await memoizeFakeTokenizer();
  const quiet = { trace: () => undefined, debug: () => undefined, info: () => undefined, log: () => undefined };
  const bundleLogger = { ...quiet, warn: console.warn, error: console.error };
  const server = await startDevServer({ logFile: path.join(os.tmpdir(), `dc-bench-server-${process.pid}.log`) });
  const fake = await startFakeOpenAI({
    contextWindow: BENCH_CONTEXT_WINDOW,
    latencyMs: 0,
    defaultReply: scriptedModel(STEPS_PER_TURN),
  });
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'dc-bench-store-'));
  const connection = await NativeConnection.connect({ address: server.address });
  // The full-message baseline's history pages exceed gRPC's default 4 MB receive limit.
  const clientConnection = await Connection.connect({
    address: server.address,
    channelArgs: { 'grpc.max_receive_message_length': 256 * 1024 * 1024 },
  });
  const client = new Client({ connection: clientConnection });
  try {
    const [durableBundle, baselineBundle] = await Promise.all([
      bundleWorkflowCode({ workflowsPath: workflowsPath(), logger: bundleLogger }),
      bundleWorkflowCode({ workflowsPath: path.join(__dirname, 'baseline', 'workflows.ts'), logger: bundleLogger }),
    ]);
    const models = [
      {
        name: BENCH_MODEL,
        contextWindow: BENCH_CONTEXT_WINDOW,
        maxOutputTokens: BENCH_MAX_OUTPUT_TOKENS,
        encoding: 'o200k_base' as const,
      },
    ];
    const plugin = new DurableContextPlugin({
      store: new FilesystemStore(storeDir),
      tools: [readFileTool],
      models: { baseURL: fake.url, apiKey: 'bench', models },
    });
    const durableQueue = `bench-durable-${process.pid}`;
    const baselineQueue = `bench-full-${process.pid}`;
    const durableWorker = await Worker.create({
      connection,
      taskQueue: durableQueue,
      workflowBundle: durableBundle,
      plugins: [plugin],
    });
    const baselineWorker = await Worker.create({
      connection,
      taskQueue: baselineQueue,
      workflowBundle: baselineBundle,
      activities: createBaselineActivities({ baseURL: fake.url }),
    });
    const running = [durableWorker.run(), baselineWorker.run()];
    const results: RunResult[] = [];
    try {
      const order: Variant[] = ['durable', 'fullMessage', 'modelOnly'];
      for (let rep = 0; rep < REPS; rep++) {
        const rotated = [...order.slice(rep % 3), ...order.slice(0, rep % 3)];
        for (const v of rotated) {
          const measure = rep === 0;
          const r =
            v === 'durable'
              ? await runDurable(client, fake, durableQueue, rep, measure)
              : v === 'fullMessage'
                ? await runFullMessage(client, fake, baselineQueue, rep, measure)
                : await runModelOnly(fake);
          results.push(r);
          console.error(`rep ${rep} ${v}: ${r.ms.toFixed(0)} ms${r.notes.length ? ` — ${r.notes.join(' | ')}` : ''}`);
        }
      }
    } finally {
      durableWorker.shutdown();
      baselineWorker.shutdown();
      await Promise.all(running);
    }
    report(results);
  } finally {
    await clientConnection.close();
    await connection.close();
    await fake.close();
    await server.stop();
    rmSync(storeDir, { recursive: true, force: true });
  }
}

function report(results: RunResult[]): void {
  const newContent = sessionMessages(TURNS, STEPS_PER_TURN).reduce(
    (n, m) => n + Buffer.byteLength(JSON.stringify(normalizeMessage(m))),
    0,
  );
  const of = (v: Variant) => results.filter((r) => r.variant === v);
  const first = (v: Variant) => of(v)[0] as RunResult;
  const perStep = (v: Variant) => median(of(v).map((r) => r.ms)) / STEPS;
  const d = first('durable');
  const f = first('fullMessage');
  const sameTokens = JSON.stringify(d.promptTokens) === JSON.stringify(f.promptTokens);
  const out = {
    date: new Date().toISOString(),
    reps: REPS,
    steps: STEPS,
    newContentBytes: newContent,
    samePromptsAllVariants:
      sameTokens && JSON.stringify(first('modelOnly').promptTokens) === JSON.stringify(d.promptTokens),
    lastPromptTokens: d.promptTokens.at(-1),
    chatRequests: d.promptTokens.length,
    history: {
      /** Cumulative history bytes after steps 50, 100, 150, 200, and the step at which 4 MiB was crossed. */
      growth: Object.fromEntries(
        [d, f].map((r) => {
          const after = r.history?.bytesAfterStep ?? [];
          const crossed = after.findIndex((b) => b >= 4 * 1024 * 1024);
          return [r.variant, { at: [50, 100, 150, 200].map((k) => after[k - 1]), step4MiB: crossed + 1 }];
        }),
      ),
      durable: d.history,
      fullMessage: f.history,
      ratioDurableToNewContent: (d.history?.serverBytes ?? 0) / newContent,
      ratioFullToDurable: (f.history?.serverBytes ?? 0) / (d.history?.serverBytes ?? 1),
      jsonRatioDurableToNewContent: (d.history?.jsonBytes ?? 0) / newContent,
      jsonRatioFullToDurable: (f.history?.jsonBytes ?? 0) / (d.history?.jsonBytes ?? 1),
    },
    wall: {
      perStepMs: { durable: perStep('durable'), fullMessage: perStep('fullMessage'), modelOnly: perStep('modelOnly') },
      sessionMs: Object.fromEntries(
        (['durable', 'fullMessage', 'modelOnly'] as Variant[]).map((v) => [v, of(v).map((r) => Math.round(r.ms))]),
      ),
      ratioDurableToBare: perStep('durable') / perStep('fullMessage'),
      overheadRatio: (perStep('durable') - perStep('modelOnly')) / (perStep('fullMessage') - perStep('modelOnly')),
    },
    timings: { durable: of('durable').map((r) => r.timings), fullMessage: of('fullMessage').map((r) => r.timings) },
    serverHistoryBytes: {
      durable: of('durable').map((r) => r.serverHistoryBytes),
      fullMessage: of('fullMessage').map((r) => r.serverHistoryBytes),
    },
    notes: Object.fromEntries(results.map((r, i) => [`${i}:${r.variant}`, r.notes])),
  };
  console.log(JSON.stringify(out, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
