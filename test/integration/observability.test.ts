/**
 * The runnable worker's telemetry, from the standard OpenTelemetry variables: this project's
 * metrics (compactions by strategy and outcome, tokens before/after, summarizer latency,
 * request tokens against the window, truncated tool outputs) scraped from its Prometheus
 * endpoint after a real session, and workflow / activity / model-call spans received by an
 * OTLP/HTTP endpoint the test runs.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import * as sessions from '../../src/client';
import { freePort } from '../../src/cli/dev-server';
import { METRICS } from '../../src/observability/metric-names';
import { CRASH_TOOLS_DIR_ENV } from '../support/crash-tools';
import { turnMessage } from '../support/scripted-agent';
import { CRASH_TOOLS_MODULE, scriptedDeployment, type ScriptedDeployment } from '../support/scripted-session';
import { closeClient, TEST_MODEL } from '../support/session';
import { connectClient, temporalAddress, uniqueId } from '../support/temporal';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';

/** Span names from OTLP/HTTP JSON export requests. */
function spanNames(body: unknown): string[] {
  const names: string[] = [];
  const b = body as { resourceSpans?: { scopeSpans?: { spans?: { name?: string }[] }[] }[] };
  for (const rs of b.resourceSpans ?? [])
    for (const ss of rs.scopeSpans ?? []) for (const sp of ss.spans ?? []) if (sp.name) names.push(sp.name);
  return names;
}

describe('worker telemetry', () => {
  let client: Client;
  let d: ScriptedDeployment;
  let receiver: Server;
  const spans: string[] = [];
  let tracesPort = 0;

  beforeAll(async () => {
    client = await connectClient();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          spans.push(...spanNames(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        } catch {
          // not JSON: counted as nothing, the assertion below fails
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    tracesPort = await freePort();
    await new Promise<void>((r) => receiver.listen(tracesPort, '127.0.0.1', r));
    d = await scriptedDeployment({
      contextWindow: 4_000,
      prefix: 'otel',
      script: {
        1: [{ toolCalls: [{ name: 'emit', arguments: { label: 'o1', lines: 60 } }] }, { text: 'turn 1 done' }],
        2: [{ toolCalls: [{ name: 'emit', arguments: { label: 'o2', lines: 60 } }] }, { text: 'turn 2 done' }],
        // 200 lines are more than a tool result may show: truncated (head + tail).
        3: [{ toolCalls: [{ name: 'emit', arguments: { label: 'o3', lines: 200 } }] }, { text: 'turn 3 done' }],
      },
    });
  });
  afterAll(async () => {
    await d?.close();
    await new Promise((r) => receiver?.close(r));
    await closeClient(client);
  });

  it('exports the project metrics to Prometheus and spans to OTLP', async () => {
    const metricsPort = await freePort();
    let worker: WorkerProcess | undefined;
    try {
      worker = await startWorkerProcess({
        temporalAddress: temporalAddress(),
        taskQueue: d.taskQueue,
        storeDir: d.storeDir,
        openaiBaseUrl: d.fake.url,
        models: d.models,
        toolsModule: CRASH_TOOLS_MODULE,
        env: {
          [CRASH_TOOLS_DIR_ENV]: d.markersDir,
          OTEL_METRICS_EXPORTER: 'prometheus',
          OTEL_EXPORTER_PROMETHEUS_PORT: String(metricsPort),
          OTEL_TRACES_EXPORTER: 'otlp',
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${tracesPort}`,
          OTEL_SERVICE_NAME: 'dc-test',
        },
      });
      const sessionId = uniqueId('otel');
      await sessions.startSession(client, {
        sessionId,
        taskQueue: d.taskQueue,
        config: { model: TEST_MODEL, tools: ['emit'], compaction: { softThreshold: 0.6, target: 0.3 } },
      });
      for (const t of [1, 2, 3])
        expect((await sessions.sendMessage(client, sessionId, turnMessage(t))).error).toBeUndefined();
      const ledger = await sessions.ledger(client, sessionId);
      expect(ledger.length).toBeGreaterThan(0);
      // Workflow side (updates, activities scheduled) and activity side (model calls, tools).
      const expectedSpans = [
        'HandleUpdate:sendMessage',
        'StartActivity:callModel',
        'RunActivity:callModel',
        'RunActivity:executeTool',
        'RunActivity:summarize',
      ];
      // Metrics are exported on scrape; spans are batched, and the workflow's and the
      // activities' spans may arrive in different batches: wait for all of them.
      let text = '';
      for (let i = 0; i < 60; i++) {
        text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        if (text.includes(METRICS.compactions) && expectedSpans.every((s) => spans.includes(s))) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      const line = (name: string) => text.split('\n').filter((l) => l.startsWith(name));
      const compactions = line(`${METRICS.compactions}_total`);
      expect(compactions.length, text).toBeGreaterThan(0);
      const counted = compactions.reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
      expect(counted).toBe(ledger.length);
      for (const r of ledger) {
        expect(
          compactions.some((l) => l.includes(`strategy="${r.strategy}"`) && l.includes(`reason="${r.reason}"`)),
        ).toBe(true);
      }
      expect(line(`${METRICS.compactionTokensBefore}_count`).length).toBeGreaterThan(0);
      expect(line(`${METRICS.compactionTokensAfter}_count`).length).toBeGreaterThan(0);
      expect(line(`${METRICS.requestTokens}_count`).some((l) => l.includes(`model="${TEST_MODEL}"`))).toBe(true);
      expect(line(METRICS.requestWindowPercent).some((l) => l.includes(`model="${TEST_MODEL}"`))).toBe(true);
      expect(line(`${METRICS.truncatedToolOutputs}_total`).some((l) => l.includes('tool="emit"'))).toBe(true);
      if (ledger.some((r) => r.summarizer)) {
        expect(line(`${METRICS.summarizerLatency}_count`).length).toBeGreaterThan(0);
      }
      // The SDK's own metrics come through the same endpoint.
      expect(text).toContain('temporal_');
      expect(spans).toEqual(expect.arrayContaining(expectedSpans));
    } finally {
      await worker?.kill();
    }
  }, 180_000);
});
