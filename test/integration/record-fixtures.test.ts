/**
 * Records the workflow histories that test/integration/replay.test.ts replays against the
 * current code. Runs only with RECORD_FIXTURES=1:
 *
 *   RECORD_FIXTURES=1 npx vitest run test/integration/record-fixtures.test.ts
 *
 * and writes test/fixtures/histories/<version>/*.json, <version> being package.json's. It
 * refuses to write into a folder that already holds recordings: those are history of a
 * released version and are never rewritten (test/unit/fixtures-immutable.test.ts checks
 * it). Record once per release whose workflow code changed; see
 * test/fixtures/histories/README.md.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowUpdateStage, type Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import * as sessions from '../../src/client';
import { compactUpdate, configureUpdate } from '../../src/workflows/definitions';
import type { SessionConfig, TurnResult } from '../../src/workflows/types';
import { startsOf } from '../support/crash-tools';
import { isSummaryRequest, requestProblems, turnMessage, type AgentScript } from '../support/scripted-agent';
import { scriptedDeployment, waitFor, type ScriptedDeployment } from '../support/scripted-session';
import { closeClient, TEST_MODEL } from '../support/session';
import { connectClient, uniqueId } from '../support/temporal';

/** The package version whose behaviour is being recorded. */
const VERSION: string = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')).version;
/** Where this version's fixtures go (committed). */
export const HISTORIES_DIR = path.join(__dirname, '..', 'fixtures', 'histories', VERSION);

const RECORDING = process.env.RECORD_FIXTURES === '1';
const TIMEOUT_MS = 150_000;

const emit = (label: string, lines: number) => ({ name: 'emit', arguments: { label, lines } });
const slowStep = (label: string) => ({ name: 'slow_step', arguments: { label } });

function baseConfig(extra: Partial<SessionConfig> = {}): Partial<SessionConfig> & Pick<SessionConfig, 'model'> {
  return {
    model: TEST_MODEL,
    systemPrompt: 'You are a fixture-recording agent.',
    tools: ['slow_step', 'emit'],
    ...extra,
  };
}

describe.runIf(RECORDING).concurrent('record replay fixtures (RECORD_FIXTURES=1)', () => {
  let client: Client;
  const deployments: ScriptedDeployment[] = [];
  beforeAll(async () => {
    client = await connectClient();
    if (existsSync(HISTORIES_DIR) && readdirSync(HISTORIES_DIR).some((f) => f.endsWith('.json'))) {
      throw new Error(
        `${HISTORIES_DIR} already holds recordings of ${VERSION}: recordings are history, never rewritten. ` +
          'Bump the version in package.json to record the behaviour of new workflow code.',
      );
    }
    mkdirSync(HISTORIES_DIR, { recursive: true });
  });
  afterAll(async () => {
    await Promise.all(deployments.map((d) => d.close()));
    await closeClient(client);
  });

  async function deploy(
    script: AgentScript,
    contextWindow: number,
    agent?: Parameters<typeof scriptedDeployment>[0]['agent'],
  ) {
    const d = await scriptedDeployment({ contextWindow, script, prefix: 'fixture', ...(agent ? { agent } : {}) });
    deployments.push(d);
    return d;
  }

  /** Writes the history of one run (the latest when `runId` is omitted) as `<name>.json`. */
  async function save(name: string, workflowId: string, runId?: string): Promise<void> {
    const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
    writeFileSync(path.join(HISTORIES_DIR, `${name}.json`), `${historyToJSON(history)}\n`);
  }

  async function start(d: ScriptedDeployment, prefix: string, config: Partial<SessionConfig> = {}) {
    const sessionId = uniqueId(`fixture-${prefix}`);
    await sessions.startSession(client, { sessionId, taskQueue: d.taskQueue, config: baseConfig(config) });
    return sessionId;
  }

  const send = async (sessionId: string, turn: number): Promise<TurnResult> => {
    const r = await sessions.sendMessage(client, sessionId, turnMessage(turn));
    expect(r.error).toBeUndefined();
    return r;
  };

  async function finish(sessionId: string): Promise<void> {
    await sessions.end(client, sessionId);
    await client.workflow.getHandle(sessionId).result();
  }

  it(
    'parallel-tools: several turns with parallel tool batches',
    async () => {
      const d = await deploy(
        {
          1: [{ toolCalls: [emit('p1', 3), emit('p2', 4), emit('p3', 5)] }, { text: 'turn 1 done' }],
          2: [{ toolCalls: [emit('p4', 2)] }, { toolCalls: [emit('p5', 2), emit('p6', 2)] }, { text: 'turn 2 done' }],
          3: [{ text: 'turn 3 done' }],
        },
        16_000,
      );
      d.releaseAll();
      await d.inProcess(async () => {
        const id = await start(d, 'parallel');
        for (const t of [1, 2, 3]) await send(id, t);
        await finish(id);
        await save('parallel-tools', id);
      });
      expect(requestProblems(d.fake, 16_000)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'compaction: threshold compaction (llm summarizer, history also taken mid-summary) then a manual compact',
    async () => {
      let summaryDelayMs = 3_000;
      const d = await deploy(
        {
          1: [{ toolCalls: [emit('c1', 60)] }, { text: 'turn 1 done' }],
          2: [{ toolCalls: [emit('c2', 60)] }, { text: 'turn 2 done' }],
          3: [{ toolCalls: [emit('c3', 20)] }, { text: 'turn 3 done' }],
        },
        4_000,
        { summaryDelayMs: () => summaryDelayMs },
      );
      await d.inProcess(async () => {
        const id = await start(d, 'compaction', {
          summarizer: { kind: 'llm', model: TEST_MODEL },
          compaction: { softThreshold: 0.6, target: 0.3, keepRecentTokens: 400 },
        });
        await send(id, 1);
        const second = send(id, 2);
        await waitFor(() => d.fake.requests.some(isSummaryRequest), 'the summarization request');
        await save('mid-compaction-open', id);
        summaryDelayMs = 0;
        expect((await second).compactions).toBeGreaterThan(0);
        await send(id, 3);
        const manual = await sessions.compact(client, id, 'keep the step labels');
        expect(manual.records.length).toBeGreaterThan(0);
        await finish(id);
        await save('compaction-threshold-and-manual', id);
      });
      expect(requestProblems(d.fake, 4_000)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'provider-faults: a 429 with Retry-After and a 500, both retried',
    async () => {
      const d = await deploy(
        {
          1: [{ toolCalls: [emit('f1', 3)] }, { text: 'turn 1 done' }],
          2: [{ text: 'turn 2 done' }],
        },
        16_000,
      );
      await d.inProcess(async () => {
        const id = await start(d, 'faults');
        d.fake.injectFault({
          kind: 'status',
          status: 429,
          code: 'rate_limit_exceeded',
          headers: { 'retry-after': '1' },
        });
        d.fake.injectFault({ kind: 'status', status: 500 });
        await send(id, 1);
        await send(id, 2);
        await finish(id);
        await save('provider-429-500-retries', id);
      });
      expect(d.fake.requests.map((r) => r.status).slice(0, 3)).toEqual([429, 500, 200]);
    },
    TIMEOUT_MS,
  );

  it(
    'worker-restart-mid-tool: the real worker process is killed while a tool runs (history also taken mid-tool)',
    async () => {
      const d = await deploy(
        {
          1: [{ toolCalls: [emit('w1', 3), slowStep('w2')] }, { text: 'turn 1 done' }],
          2: [{ text: 'turn 2 done' }],
        },
        16_000,
      );
      let worker = await d.startWorker();
      try {
        const id = await start(d, 'restart');
        const first = send(id, 1);
        await waitFor(() => startsOf(d.markersDir, 'w2') === 1, 'slow_step to start');
        await save('mid-tool-open', id);
        await worker.kill();
        d.releaseAll();
        worker = await d.startWorker();
        await first;
        await send(id, 2);
        await finish(id);
        await save('worker-restart-mid-tool', id);
        expect(startsOf(d.markersDir, 'w2')).toBe(2);
      } finally {
        await worker.kill();
      }
    },
    TIMEOUT_MS,
  );

  it(
    'queued-commands: a compact, a configure and messages (signal, duplicate, update) queued behind a running tool',
    async () => {
      const d = await deploy(
        {
          1: [{ toolCalls: [emit('q0', 40)] }, { text: 'turn 1 done' }],
          2: [{ toolCalls: [slowStep('q1')] }, { text: 'turn 2 done' }],
          3: [{ text: 'turn 3 done' }],
          4: [{ text: 'turn 4 done' }],
        },
        4_000,
      );
      await d.inProcess(async () => {
        const id = await start(d, 'queued');
        await send(id, 1);
        const second = send(id, 2);
        await waitFor(() => startsOf(d.markersDir, 'q1') === 1, 'slow_step to start');
        const handle = client.workflow.getHandle(id);
        const accepted = { waitForStage: WorkflowUpdateStage.ACCEPTED } as const;
        const compacted = await handle.startUpdate(compactUpdate, {
          args: [{ focus: 'the step labels' }],
          ...accepted,
        });
        const configured = await handle.startUpdate(configureUpdate, {
          args: [{ systemPrompt: 'You are a reconfigured fixture-recording agent.' }],
          ...accepted,
        });
        await sessions.signalMessage(client, id, { text: turnMessage(3), messageId: 'fixture-m3' });
        await sessions.signalMessage(client, id, { text: turnMessage(3), messageId: 'fixture-m3' });
        const fourth = sessions.sendMessage(client, id, turnMessage(4));
        d.releaseAll();
        expect((await second).error).toBeUndefined();
        expect((await compacted.result()).outcome).toBe('compacted');
        expect((await configured.result()).systemPrompt).toContain('reconfigured');
        expect((await fourth).turn).toBe(4);
        expect((await sessions.status(client, id)).duplicateMessages).toBe(1);
        await finish(id);
        await save('queued-commands', id);
      });
      expect(requestProblems(d.fake, 4_000)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    "text-protocol: a ReAct agent whose tools' outputs come back as user messages, one failing, then compacted",
    async () => {
      const action = (thought: string, tool: string, path: string) =>
        `Thought: ${thought}\nAction: ${tool}\nAction Input: {"path": "${path}"}`;
      const script: AgentScript = {
        1: [{ text: action('load the ledger first', 'run_python', 'load.py') }],
        2: [{ text: action('the amount column has n/a rows: skip them', 'edit_file', 'load.py') }],
        3: [{ text: action('run it again', 'run_python', 'load.py') }],
        4: [{ text: action('check the totals by month', 'run_python', 'report.py') }],
        5: [{ text: 'Final Answer: the ledger loads; 601 rows, total 18,204.50' }],
      };
      const d = await deploy(script, 4_000);
      const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} ${i}: 2026-03 12.50`);
      const outputs: Record<number, string> = {
        2: [
          'Traceback (most recent call last):',
          '  File "load.py", line 12, in <module>',
          '    total += float(row["net_amount"])',
          "ValueError: could not convert string to float: 'n/a'",
          ...rows(40, 'row'),
        ].join('\n'),
        3: 'load.py: 1 line changed',
        4: [...rows(60, 'loaded'), '601 rows loaded'].join('\n'),
        5: [...rows(60, 'month'), 'total 18,204.50'].join('\n'),
      };
      d.releaseAll();
      await d.inProcess(async () => {
        const id = await start(d, 'text', {
          compaction: { softThreshold: 0.6, target: 0.3, keepRecentTokens: 400 },
        });
        await send(id, 1);
        for (const t of [2, 3, 4, 5]) {
          const r = await sessions.sendMessage(client, id, `Observation: ${outputs[t]}\n[turn ${t}]`);
          expect(r.error).toBeUndefined();
        }
        await finish(id);
        await save('text-protocol-outputs', id);
      });
      expect(requestProblems(d.fake, 4_000)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'continue-as-new: a chain of runs (each recorded), with compactions carried across',
    async () => {
      const script: AgentScript = {};
      for (let t = 1; t <= 8; t++) script[t] = [{ toolCalls: [emit(`n${t}`, 30)] }, { text: `turn ${t} done` }];
      const d = await deploy(script, 4_000);
      await d.inProcess(async () => {
        const id = await start(d, 'can', {
          continueAsNewAfterEvents: 60,
          compaction: { softThreshold: 0.6, target: 0.3, keepRecentTokens: 400 },
        });
        for (let t = 1; t <= 6; t++) await send(id, t);
        // the last two arrive by signal: queued messages travel across continue-as-new
        await sessions.signalMessage(client, id, turnMessage(7));
        await sessions.signalMessage(client, id, turnMessage(8));
        let status = await sessions.status(client, id);
        for (let i = 0; i < 600 && (status.lastTurn?.turn !== 8 || status.busy || status.queued > 0); i++) {
          await new Promise((r) => setTimeout(r, 100));
          status = await sessions.status(client, id);
        }
        expect(status.lastTurn?.turn).toBe(8);
        await finish(id);
        expect(status.previousRuns.length).toBeGreaterThanOrEqual(2);
        expect(status.compactions).toBeGreaterThan(0);
        const runs = [...status.previousRuns, (await client.workflow.getHandle(id).describe()).runId];
        for (const [i, runId] of runs.entries()) await save(`continue-as-new.run-${i + 1}`, id, runId);
      });
      expect(requestProblems(d.fake, 4_000)).toEqual([]);
    },
    TIMEOUT_MS,
  );
});

describe.skipIf(RECORDING)('replay fixture recorder', () => {
  it('is off unless RECORD_FIXTURES=1 (the fixtures are committed; replay.test.ts checks them)', () => {
    expect(RECORDING).toBe(false);
  });
});
