/**
 * Issue 9, item 2: exactly once and never wedged under crashes. A short chaos run
 * (test/support/chaos-run.ts; `npm run chaos` is the long one): concurrent sessions whose
 * messages arrive by signal and by update, some re-sent with the same messageId while their
 * turn runs and after it finished, a manual compaction and a reconfiguration sent while a
 * turn runs, provider faults, tool calls whose ids the model reuses in every turn (half the
 * sessions) — while two worker processes on one task queue are SIGKILLed and restarted
 * again and again. Afterwards every history must replay against this code, every message be
 * processed once and in order, every tool call have one result, every idempotent side
 * effect happen once, and no session be stuck. STRESS_SESSIONS, STRESS_TURNS and
 * STRESS_SEED change the run.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DurableContextPlugin } from '../../src/plugin';
import { MemoryStore } from '../../src/store/memory-store';
import { runChaos } from '../support/chaos-run';
import { emptyZeros, formatReport } from '../support/chaos-report';
import { installQuietRuntime, temporalAddress, workflowBundle } from '../support/temporal';

const SESSIONS = Number(process.env.STRESS_SESSIONS ?? 6);
const TURNS = Number(process.env.STRESS_TURNS ?? 5);

describe('stress: concurrent sessions while worker processes are killed', () => {
  it('processes every message once and in order, replays every history and leaves no session stuck', async () => {
    installQuietRuntime();
    const runDir = mkdtempSync(path.join(os.tmpdir(), 'dc-stress-'));
    const report = await runChaos({
      temporal: { address: temporalAddress() },
      sessions: SESSIONS,
      turns: TURNS,
      seed: process.env.STRESS_SEED ?? 'stress',
      runDir,
      contextWindow: 12_000,
      faults: {
        rate: 0.1,
        weights: { rate429: 30, server5xx: 30, slow: 10, drop: 20, cut: 10 },
        slowMs: [300, 1_500],
      },
      workers: 2,
      workerLifeMs: [4_000, 10_000],
      rollingKills: true,
      workflowBundlePath: inject('workflowBundlePath'),
      chaosMs: 75_000,
      // on a fast machine the sessions could finish before the kills checked below
      minKills: 2,
      runTimeoutMs: 150_000,
      continueAsNewAfterEvents: 100,
      replay: { workflowBundle: workflowBundle(), plugins: [new DurableContextPlugin({ store: new MemoryStore() })] },
      log: process.env.STRESS_VERBOSE ? (line) => console.log(line) : () => undefined,
    });
    console.log(`${formatReport(report)}\n  (run directory: ${runDir})`);

    // the run did what it claims, so that the zeros below mean something
    const f = report.figures;
    expect(f.workerKills).toBeGreaterThanOrEqual(2);
    expect(f.sentBySignal).toBeGreaterThan(0);
    expect(f.sentByUpdate).toBeGreaterThan(0);
    expect(f.resends.duringSignal + f.resends.duringUpdate).toBeGreaterThan(0);
    expect(f.resends.afterSignal + f.resends.afterUpdate).toBeGreaterThan(0);
    expect(f.compacts).toBe(SESSIONS);
    expect(f.configures).toBe(SESSIONS);
    expect(f.toolCalls).toBeGreaterThan(0);
    expect(f.runs).toBeGreaterThan(SESSIONS);
    expect(f.turnsProcessed).toBeGreaterThanOrEqual(SESSIONS * TURNS);

    expect(report.violations).toEqual([]);
    expect(report.zeros).toEqual(emptyZeros());
  }, 400_000);
});
