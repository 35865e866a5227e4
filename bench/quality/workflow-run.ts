/**
 * Transcripts through the real session workflow: a Temporal dev server, a worker with the
 * plugin, and the fake OpenAI server (strict pairing validator, context window = budget +
 * tool schemas + reply reserve) replaying the transcript's assistant messages as a function
 * of each request. Tools answer with the transcript's outputs. What is measured is what the
 * model received: every chat request is checked for pairing and window, and the final one
 * for the planted facts.
 */
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { ToolRegistry } from '../../src/activities/tools/registry';
import type { TokenCounter } from '../../src/activities/tokenizer';
import { startDevServer } from '../../src/cli/dev-server';
import * as sessions from '../../src/client';
import type { ChatMessage } from '../../src/context/types';
import { DurableContextPlugin, workflowsPath } from '../../src/plugin';
import { MemoryStore } from '../../src/store/memory-store';
import {
  loadTokenizer,
  startFakeOpenAI,
  type RecordedRequest,
  type ScriptedReply,
} from '../../src/testing/fake-openai';
import { BENCH_MODEL, RESERVED_OUTPUT, scriptedTools } from './methods/project';
import { requestTokens } from './methods/method';
import { keptFacts, pairingFaults, renderRequest } from './render';
import { rawTokens } from './evaluate';
import { FACT_KINDS, type Transcript } from './types';

/** Budget of the workflow runs, as a fraction of each transcript's raw tokens. */
export const WORKFLOW_BUDGET = 0.1;

/** What one transcript gave through the workflow. */
export interface WorkflowResult {
  transcript: string;
  budget: number;
  window: number;
  requests: number;
  unpaired: number;
  overWindow: number;
  rejected: number;
  turns: number;
  failedTurns: string[];
  kept: number;
  total: number;
  perKind: Record<string, string>;
  compactions: number;
  ms: number;
}

type Reply = Exclude<ScriptedReply, (r: RecordedRequest) => unknown>;

/** The fake model: replays the assistant message that follows what the request ends with. */
function replay(t: Transcript): (r: RecordedRequest) => Reply {
  const afterCall = new Map<string, number>();
  t.messages.forEach((m, i) => {
    if (m.role === 'tool' && m.tool_call_id) afterCall.set(m.tool_call_id, i + 1);
  });
  let position = 0;
  return (request) => {
    const messages = (request.body?.messages ?? []) as ChatMessage[];
    const last = messages[messages.length - 1];
    let next: number | undefined;
    if (last?.role === 'tool') next = afterCall.get(last.tool_call_id ?? '');
    else if (last?.role === 'user') {
      const i = t.messages.findIndex((m, j) => j > position && m.role === 'user' && m.content === last.content);
      next = i < 0 ? undefined : i + 1;
    }
    while (next !== undefined && t.messages[next]?.role === 'tool') next += 1;
    const m = next === undefined ? undefined : t.messages[next];
    if (!m || m.role !== 'assistant') return { text: 'Pausing here; the work continues in the next turn.' };
    position = next as number;
    if (!m.tool_calls?.length) return { text: m.content ?? '' };
    return {
      text: m.content,
      toolCalls: m.tool_calls.map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })),
    };
  };
}

/** Memoizes the fake server's tokenizer per text (it recounts every prompt; counts are unchanged). */
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

/** Picks the transcripts for the workflow runs: one autonomous and one interactive, each the closest to 400 messages. */
export function workflowTranscripts(all: readonly Transcript[]): Transcript[] {
  const closest = (shape: string) =>
    all
      .filter((t) => t.shape === shape)
      .sort((a, b) => Math.abs(a.messages.length - 400) - Math.abs(b.messages.length - 400))[0];
  return [closest('autonomous'), closest('interactive')].filter((t): t is Transcript => t !== undefined);
}

async function runOne(
  client: Client,
  connection: NativeConnection,
  bundle: { code: string },
  t: Transcript,
  counter: TokenCounter,
): Promise<WorkflowResult> {
  const t0 = Date.now();
  const raw = rawTokens(t, (m) => requestTokens(counter, m));
  const budget = Math.floor(raw * WORKFLOW_BUDGET);
  const tools = scriptedTools(t);
  const window = budget + counter.countTools(new ToolRegistry(tools).schemas(t.tools)) + RESERVED_OUTPUT;
  const fake = await startFakeOpenAI({ contextWindow: window, strict: true, defaultReply: replay(t) });
  const models = [
    { name: BENCH_MODEL, contextWindow: window, maxOutputTokens: RESERVED_OUTPUT, encoding: 'o200k_base' as const },
  ];
  const plugin = new DurableContextPlugin({
    store: new MemoryStore(),
    tools,
    models: { baseURL: fake.url, apiKey: 'bench', models },
  });
  const taskQueue = `quality-${t.id}-${process.pid}`;
  const worker = await Worker.create({ connection, taskQueue, workflowBundle: bundle, plugins: [plugin] });
  const running = worker.run();
  const failedTurns: string[] = [];
  let turns = 0;
  let compactions = 0;
  try {
    const sessionId = `quality-${t.id}-${Date.now()}`;
    const system = t.messages[0]?.content ?? '';
    await sessions.startSession(client, {
      sessionId,
      taskQueue,
      config: { model: BENCH_MODEL, systemPrompt: system, tools: t.tools, maxStepsPerTurn: 500 },
    });
    const users = t.messages.filter((m) => m.role === 'user').map((m) => m.content ?? '');
    for (const text of t.probe ? [...users, t.probe] : users) {
      const r = await sessions.sendMessage(client, sessionId, text);
      turns += 1;
      compactions += r.compactions;
      if (r.error) failedTurns.push(`turn ${r.turn}: ${r.error.type}: ${r.error.message.slice(0, 160)}`);
    }
    await sessions.end(client, sessionId);
  } finally {
    worker.shutdown();
    await running;
    await fake.close();
  }
  const chats = fake.requests.filter((r) => r.path.endsWith('/chat/completions'));
  const sent = chats.filter((r) => r.status === 200);
  const final = sent.at(-1);
  const kept = final
    ? keptFacts(renderRequest(final.body.messages as ChatMessage[]), t.facts)
    : t.facts.map(() => false);
  const perKind: Record<string, string> = {};
  for (const k of FACT_KINDS) {
    const idx = t.facts.flatMap((f, i) => (f.kind === k ? [i] : []));
    if (idx.length) perKind[k] = `${idx.filter((i) => kept[i]).length}/${idx.length}`;
  }
  return {
    transcript: t.id,
    budget,
    window,
    requests: chats.length,
    unpaired: chats.filter((r) => pairingFaults((r.body?.messages ?? []) as ChatMessage[]).length > 0).length,
    overWindow: chats.filter(
      (r) => (r.promptTokens ?? 0) + Number(r.body?.max_tokens ?? r.body?.max_completion_tokens ?? 0) > window,
    ).length,
    rejected: chats.filter((r) => r.status !== 200).length,
    turns,
    failedTurns,
    kept: kept.filter(Boolean).length,
    total: t.facts.length,
    perKind,
    compactions,
    ms: Date.now() - t0,
  };
}

/** Runs the workflow transcripts and prints their table. */
export async function runWorkflowSuite(all: readonly Transcript[], counter: TokenCounter): Promise<WorkflowResult[]> {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  await memoizeFakeTokenizer();
  const quiet = {
    trace: () => undefined,
    debug: () => undefined,
    info: () => undefined,
    log: () => undefined,
    warn: () => undefined,
  };
  const server = await startDevServer({ logFile: path.join(os.tmpdir(), `dc-quality-server-${process.pid}.log`) });
  const connection = await NativeConnection.connect({ address: server.address });
  const clientConnection = await Connection.connect({ address: server.address });
  const client = new Client({ connection: clientConnection });
  const results: WorkflowResult[] = [];
  try {
    const bundle = await bundleWorkflowCode({
      workflowsPath: workflowsPath(),
      logger: { ...quiet, error: console.error },
    });
    for (const t of workflowTranscripts(all)) {
      console.error(`workflow: ${t.id} at ${WORKFLOW_BUDGET * 100}% …`);
      const r = await runOne(client, connection, bundle, t, counter);
      results.push(r);
    }
  } finally {
    await clientConnection.close();
    await connection.close();
    await server.stop();
  }
  console.log(
    `\nThrough the workflow (fake OpenAI server; window = ${WORKFLOW_BUDGET * 100}% of raw tokens + tool schemas + ${RESERVED_OUTPUT} reserved):\n`,
  );
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  console.log(
    line([
      'transcript',
      'window',
      'kept',
      'per kind',
      'requests',
      'unpaired',
      'over window',
      'rejected',
      'turns failed',
      'compactions',
    ]),
  );
  console.log(line(['---', '--:', '--:', '---', '--:', '--:', '--:', '--:', '--:', '--:']));
  for (const r of results) {
    const kinds = Object.entries(r.perKind).map(([k, v]) => `${k} ${v}`);
    const kept = `**${Math.round((100 * r.kept) / Math.max(1, r.total))}%** (${r.kept}/${r.total})`;
    console.log(
      line([
        r.transcript,
        r.window,
        kept,
        kinds.join(', '),
        r.requests,
        r.unpaired,
        r.overWindow,
        r.rejected,
        `${r.failedTurns.length}/${r.turns}`,
        r.compactions,
      ]),
    );
  }
  for (const r of results) for (const f of r.failedTurns.slice(0, 3)) console.log(`  ${r.transcript} ${f}`);
  return results;
}
