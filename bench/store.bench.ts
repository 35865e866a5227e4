/**
 * Content-store benchmark (run: `npx tsx bench/store.bench.ts`; BENCH_REPS=n to change the
 * repetitions, default 5): the per-step wall time of the session benchmark's 200-step session
 * (bench/baseline/scenario.ts: 20 user turns × 10 `read_file` steps + an answer per turn,
 * fake model with zero latency) on durable-context's `agentSession` with the PostgreSQL
 * content store against the filesystem store, in one process and one run.
 *
 * One in-memory Temporal dev server, the fake OpenAI server, a private PostgreSQL server
 * (test/support/postgres.ts, with its shipped durability settings: fsync and synchronous
 * commit on) and two workers, one per store, on their own task queues. Every repetition runs
 * the session once per store, the order alternating, each on a fresh empty store (new
 * directory, new table), so every blob is really written. Figures are medians.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { startDevServer } from '../src/cli/dev-server';
import * as sessions from '../src/client';
import type { ContentRef } from '../src/context/types';
import { DurableContextPlugin, workflowsPath } from '../src/plugin';
import type { ContentStore } from '../src/store/content-store';
import { FilesystemStore } from '../src/store/filesystem-store';
import { PostgresStore } from '../src/store/postgres-store';
import { loadTokenizer, startFakeOpenAI } from '../src/testing/fake-openai';
import { startTestPostgres } from '../test/support/postgres';
import {
  BENCH_CONTEXT_WINDOW,
  BENCH_MAX_OUTPUT_TOKENS,
  BENCH_MODEL,
  SYSTEM_PROMPT,
  TOOL_NAME,
  readFileTool,
  scriptedModel,
  userText,
} from './baseline/scenario';

const TURNS = 20;
const STEPS_PER_TURN = 10;
const STEPS = TURNS * STEPS_PER_TURN;
const REPS = Number(process.env.BENCH_REPS ?? 5);

type Variant = 'filesystem' | 'postgres';

/**
 * A store whose backing is replaced before each repetition, so the worker need not be
 * rebuilt. It also counts the calls and the time during which at least one store call was in
 * flight (the store's share of the wall time: an upper bound, as activities overlap it with
 * other work only slightly).
 */
class SwappableStore implements ContentStore {
  calls = 0;
  busyMs = 0;
  private inFlight = 0;
  private since = 0;
  constructor(public current: ContentStore) {}
  reset(store: ContentStore): void {
    this.current = store;
    this.calls = 0;
    this.busyMs = 0;
  }
  put(content: Uint8Array | string): Promise<ContentRef> {
    return this.timed(() => this.current.put(content));
  }
  get(ref: ContentRef): Promise<Uint8Array> {
    return this.timed(() => this.current.get(ref));
  }
  has(ref: ContentRef): Promise<boolean> {
    return this.timed(() => this.current.has(ref));
  }
  private async timed<T>(call: () => Promise<T>): Promise<T> {
    this.calls++;
    if (this.inFlight++ === 0) this.since = performance.now();
    try {
      return await call();
    } finally {
      if (--this.inFlight === 0) this.busyMs += performance.now() - this.since;
    }
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** As in bench/session.bench.ts: memoize the fake server's tokenizer so its recounting does not swamp the figures. */
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

async function runSession(client: Client, taskQueue: string, id: string): Promise<{ ms: number; notes: string[] }> {
  const notes: string[] = [];
  const t0 = performance.now();
  await sessions.startSession(client, {
    sessionId: id,
    taskQueue,
    config: {
      model: BENCH_MODEL,
      systemPrompt: SYSTEM_PROMPT,
      tools: [TOOL_NAME],
      maxStepsPerTurn: 50,
      compaction: {},
    },
  });
  for (let t = 1; t <= TURNS; t++) {
    const r = await sessions.sendMessage(client, id, userText(t));
    if (r.error || r.steps !== STEPS_PER_TURN + 1) notes.push(`turn ${t}: ${JSON.stringify(r)}`);
  }
  const ms = performance.now() - t0;
  await sessions.end(client, id);
  await client.workflow.getHandle(id).result();
  return { ms, notes };
}

async function main(): Promise<void> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  await memoizeFakeTokenizer();
  const quiet = () => undefined;
  const bundleLogger = {
    trace: quiet,
    debug: quiet,
    info: quiet,
    log: quiet,
    warn: console.warn,
    error: console.error,
  };
  // Everything started is stopped again, also when a step fails half-way (no PostgreSQL left behind).
  const cleanups: (() => unknown)[] = [];
  const results: Result[] = [];
  try {
    const server = await startDevServer({ logFile: path.join(os.tmpdir(), `dc-store-bench-${process.pid}.log`) });
    cleanups.push(() => server.stop());
    const pg = await startTestPostgres({ durable: true });
    cleanups.push(() => pg.close());
    const fake = await startFakeOpenAI({
      contextWindow: BENCH_CONTEXT_WINDOW,
      latencyMs: 0,
      defaultReply: scriptedModel(STEPS_PER_TURN),
    });
    cleanups.push(() => fake.close());
    let tables = 0;
    const freshStore = (variant: Variant): ContentStore => {
      if (variant === 'filesystem') {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-store-bench-'));
        cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
        return new FilesystemStore(dir);
      }
      const store = new PostgresStore({ url: pg.url, table: `bench_${process.pid}_${++tables}` });
      cleanups.push(() => store.close());
      return store;
    };
    const stores: Record<Variant, SwappableStore> = {
      filesystem: new SwappableStore(freshStore('filesystem')),
      postgres: new SwappableStore(freshStore('postgres')),
    };
    const connection = await NativeConnection.connect({ address: server.address });
    cleanups.push(() => connection.close());
    const clientConnection = await Connection.connect({ address: server.address });
    cleanups.push(() => clientConnection.close());
    const client = new Client({ connection: clientConnection });
    const workflowBundle = await bundleWorkflowCode({ workflowsPath: workflowsPath(), logger: bundleLogger });
    const models = [
      {
        name: BENCH_MODEL,
        contextWindow: BENCH_CONTEXT_WINDOW,
        maxOutputTokens: BENCH_MAX_OUTPUT_TOKENS,
        encoding: 'o200k_base' as const,
      },
    ];
    const workers = await Promise.all(
      (['filesystem', 'postgres'] as const).map((variant) =>
        Worker.create({
          connection,
          taskQueue: `bench-store-${variant}-${process.pid}`,
          workflowBundle,
          plugins: [
            new DurableContextPlugin({
              store: stores[variant],
              tools: [readFileTool],
              models: { baseURL: fake.url, apiKey: 'bench', models },
            }),
          ],
        }),
      ),
    );
    const running = workers.map((w) => w.run());
    try {
      for (let rep = 0; rep < REPS; rep++) {
        const order: Variant[] = rep % 2 ? ['postgres', 'filesystem'] : ['filesystem', 'postgres'];
        for (const variant of order) {
          stores[variant].reset(freshStore(variant));
          fake.reset();
          const queue = `bench-store-${variant}-${process.pid}`;
          const r = await runSession(client, queue, `bench-store-${variant}-${rep}-${Date.now()}`);
          results.push({ variant, rep, ms: r.ms, storeMs: stores[variant].busyMs, storeCalls: stores[variant].calls });
          console.error(
            `rep ${rep} ${variant}: ${r.ms.toFixed(0)} ms${r.notes.length ? ` — ${r.notes.join(' | ')}` : ''}`,
          );
        }
      }
    } finally {
      for (const w of workers) w.shutdown();
      await Promise.all(running);
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
  report(results);
}

interface Result {
  variant: Variant;
  rep: number;
  ms: number;
  /** Time with a store call in flight, and the number of calls (puts, gets, has). */
  storeMs: number;
  storeCalls: number;
}

function report(results: Result[]): void {
  const of = (v: Variant) => results.filter((r) => r.variant === v);
  const perStep = (v: Variant) => median(of(v).map((r) => r.ms)) / STEPS;
  const pairs = of('filesystem').map((f) => (of('postgres').find((p) => p.rep === f.rep)?.ms ?? NaN) / f.ms);
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        reps: REPS,
        steps: STEPS,
        sessionMs: Object.fromEntries(
          (['filesystem', 'postgres'] as const).map((v) => [v, of(v).map((r) => Math.round(r.ms))]),
        ),
        perStepMs: { filesystem: perStep('filesystem'), postgres: perStep('postgres') },
        ratioPostgresToFilesystem: perStep('postgres') / perStep('filesystem'),
        ratioPerRepetition: pairs.map((x) => Number(x.toFixed(3))),
        storeBusyMsPerStep: Object.fromEntries(
          (['filesystem', 'postgres'] as const).map((v) => [v, median(of(v).map((r) => r.storeMs)) / STEPS]),
        ),
        storeCallsPerSession: Object.fromEntries(
          (['filesystem', 'postgres'] as const).map((v) => [v, of(v).map((r) => r.storeCalls)]),
        ),
        medianOfRepetitionRatios: median(pairs),
      },
      null,
      2,
    ),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
