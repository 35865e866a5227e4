/**
 * The checks after a chaos run (test/support/chaos-run.ts), session by session: its
 * histories (every run replays, no nondeterminism, no failure the harness did not provoke,
 * completed), its log (each message once and in order, each tool call one result, content
 * retrievable), then the side effects of all sessions and every request the provider saw.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { FilesystemStore } from '../../src/store/filesystem-store';
import type { SessionOutcome } from './chaos-driver';
import type { Fleet } from './chaos-fleet';
import { analyseRuns, fetchRuns, replayAll, type SessionRun } from './chaos-history';
import { checkEffects, checkLog } from './chaos-log';
import type { ChaosProvider } from './chaos-provider';
import { emptyZeros, violate, type ChaosReport } from './chaos-report';
import type { ChaosOptions } from './chaos-run';
import type { ChaosModel } from './chaos-script';

/** What a run leaves to be checked. */
export interface RunState {
  client: Client;
  outcomes: SessionOutcome[];
  fleet: Fleet;
  provider: ChaosProvider;
  storeDir: string;
  effectsDir: string;
  serverRestarts: number;
  started: number;
  model: ChaosModel;
}

/** Checks every session of a finished run (see the module comment) and builds the report. */
export async function checkRun(o: ChaosOptions, st: RunState): Promise<ChaosReport> {
  const report: ChaosReport = {
    seed: o.seed,
    durationMs: 0,
    figures: {
      sessions: o.sessions,
      turnsPlanned: o.sessions * o.turns,
      turnsProcessed: 0,
      sentBySignal: 0,
      sentByUpdate: 0,
      resends: { duringSignal: 0, duringUpdate: 0, afterSignal: 0, afterUpdate: 0 },
      compacts: 0,
      configures: 0,
      clientRetries: 0,
      requests: 0,
      summaryRequests: 0,
      faults: {},
      unplannedFaults: 0,
      maxPromptTokens: 0,
      contextWindow: o.contextWindow,
      unscriptedRequests: st.model.unscripted,
      toolCalls: 0,
      toolExecutions: 0,
      distinctIdempotencyKeys: 0,
      effects: 0,
      contentRefs: 0,
      workerStarts: 0,
      workerKills: 0,
      serverRestarts: st.serverRestarts,
      runs: 0,
      historyEvents: 0,
      workflowTaskTimeouts: 0,
      workerLossReschedules: 0,
      workflowTaskFailures: {},
      activityFailures: {},
      expectedFailures: {},
    },
    zeros: emptyZeros(),
    violations: [],
  };
  const f = report.figures;
  const add = (map: Record<string, number>, from: Record<string, number>) => {
    for (const [k, v] of Object.entries(from)) map[k] = (map[k] ?? 0) + v;
  };
  const checkDeadline = Date.now() + 10 * 60_000;
  const store = new FilesystemStore(st.storeDir);
  const histories: { sessionId: string; runs: SessionRun[] }[] = [];
  const effectLabels: string[] = [];
  for (const out of st.outcomes) {
    const id = out.sessionId;
    f.sentBySignal += out.sent.signal;
    f.sentByUpdate += out.sent.update;
    for (const k of Object.keys(f.resends) as (keyof typeof f.resends)[]) f.resends[k] += out.resends[k];
    if (out.compact !== undefined || Object.keys(out.expected).some((k) => k.startsWith('compact:'))) f.compacts++;
    if (out.configure !== undefined) f.configures++;
    f.clientRetries += out.clientRetries.count;
    add(f.expectedFailures, out.expected);
    violate(
      report,
      'unexpectedFailures',
      out.unexpected.map((u) => `${id}: ${u}`),
    );
    violate(
      report,
      'mismatchedTurnResults',
      out.mismatchedResults.map((u) => `${id}: ${u}`),
    );
    try {
      const runs = await fetchRuns(st.client, id, checkDeadline);
      const status = await st.client.workflow
        .getHandle(id)
        .describe()
        .then((d) => d.status.name);
      histories.push({ sessionId: id, runs });
      saveRuns(path.join(o.runDir, 'histories'), id, runs);
      const h = analyseRuns(runs, status);
      f.runs += h.runs;
      f.historyEvents += h.events;
      f.workflowTaskTimeouts += h.workflowTaskTimeouts;
      f.workerLossReschedules += h.workerLossReschedules;
      add(f.workflowTaskFailures, h.workflowTaskFailures);
      add(f.activityFailures, h.activityFailures);
      if (h.status !== 'COMPLETED') violate(report, 'stuckSessions', [`${id}: ${h.status}`]);
      if (h.wedged) violate(report, 'wedgedSessions', [`${id}: its latest workflow task failed`]);
      violate(
        report,
        'nondeterminismFailures',
        h.nondeterminism.map((n) => `${id} ${n}`),
      );
      violate(
        report,
        'workflowTaskErrors',
        h.workflowErrors.map((n) => `${id} ${n}`),
      );
      violate(
        report,
        'unexpectedFailures',
        h.unexpectedActivityFailures.map((u) => `${id} ${u}`),
      );
    } catch (err) {
      violate(report, 'stuckSessions', [`${id}: histories unreadable: ${String(err)}`]);
    }
    try {
      const l = await checkLog(st.client, store, id, out.index, o.turns, Date.now() + 120_000);
      f.turnsProcessed += l.messages.length;
      f.toolCalls += l.toolCalls;
      f.contentRefs += l.contentRefs;
      effectLabels.push(...l.effectLabels);
      violate(
        report,
        'lostMessages',
        l.lost.map((n) => `${id}: message ${n}`),
      );
      violate(
        report,
        'duplicatedMessages',
        l.duplicated.map((n) => `${id}: message ${n}`),
      );
      if (l.outOfOrder) violate(report, 'outOfOrderMessages', [`${id}: ${l.messages.join(',')}`]);
      violate(
        report,
        'unpairedToolCalls',
        l.unpairedCalls.map((u) => `${id} ${u}`),
      );
      violate(
        report,
        'toolStatusMismatches',
        l.statusMismatches.map((u) => `${id} ${u}`),
      );
      violate(
        report,
        'missingContent',
        l.missingContent.map((u) => `${id} ${u}`),
      );
    } catch (err) {
      violate(report, 'unreadableLogs', [`${id}: ${String(err).slice(0, 300)}`]);
    }
  }
  o.log(`replaying ${histories.reduce((n, h) => n + h.runs.length, 0)} histories`);
  const replay = await replayAll(o.replay, histories);
  violate(
    report,
    'nonReplayingHistories',
    [...replay.failures].flatMap(([id, list]) => list.map((l) => `${id} ${l}`)),
  );
  const effects = checkEffects(st.effectsDir, effectLabels);
  f.toolExecutions = effects.executions;
  f.distinctIdempotencyKeys = effects.distinctKeys;
  f.effects = effects.effects;
  violate(report, 'keyCollisions', effects.keyCollisions);
  violate(report, 'duplicatedEffects', effects.duplicatedEffects);
  violate(report, 'lostEffects', effects.lostEffects);
  const audit = await st.provider.audit(true);
  f.requests = audit.requests;
  f.summaryRequests = audit.summaryRequests;
  f.faults = audit.faults;
  f.unplannedFaults = audit.unplanned;
  f.maxPromptTokens = audit.maxPromptTokens;
  violate(report, 'requestsOverWindow', audit.overWindow);
  violate(report, 'requestsUnpaired', audit.unpaired);
  violate(report, 'requestsRejected', audit.rejected);
  f.workerStarts = st.fleet.figures.starts;
  f.workerKills = st.fleet.figures.kills;
  if (st.fleet.figures.unexpectedExits) {
    violate(report, 'unexpectedWorkerExits', [`${st.fleet.figures.unexpectedExits} (see workers.log)`]);
  }
  if (o.temporal.restart && o.restartServerAfterMs !== undefined && st.serverRestarts === 0) {
    report.violations.push('the Temporal server restart did not happen during the run');
  }
  report.durationMs = Date.now() - st.started;
  return report;
}

/** Writes each run's history where `durable-context replay --history <file>` (src/cli/replay.ts) reads it. */
function saveRuns(dir: string, sessionId: string, runs: SessionRun[]): void {
  mkdirSync(dir, { recursive: true });
  runs.forEach((run, i) => writeFileSync(path.join(dir, `${sessionId}.run-${i + 1}.json`), historyToJSON(run.history)));
}
