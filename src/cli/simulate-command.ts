/**
 * `simulate ID|history.json… [--soft-threshold x] [--target x] [--keep-recent-tokens n]
 * [--summarizer extractive] [--store dir]`: what a recorded session would have looked like
 * under another compaction policy, turn by turn beside what happened — prompt tokens,
 * compactions and the estimated input cost (src/cli/history/simulate.ts does the work).
 */
import path from 'node:path';
import Table from 'cli-table3';
import pc from 'picocolors';
import { formatTokens } from '../context/budget';
import type { CompactionPolicyInput } from '../context/policy';
import { FilesystemStore } from '../store/filesystem-store';
import { loadRecorded } from './history/load';
import { simulate, type Simulation } from './history/simulate';
import { formatCost } from './sessions-command';

/** Options of `simulate`. */
export interface SimulateCommandOptions {
  softThreshold?: number;
  target?: number;
  keepRecentTokens?: number;
  summarizer?: 'extractive';
  store?: string;
  json?: boolean;
}

/** One row per turn: the largest prompt of the turn, and the compactions of the turn, each way. */
export interface TurnRow {
  turn: number;
  actual: number;
  simulated: number;
  actualCompactions: number;
  simulatedCompactions: number;
}

/** The per-turn rows of a simulation. */
export function turnRows(sim: Simulation): TurnRow[] {
  const rows = new Map<number, TurnRow>();
  const row = (turn: number): TurnRow => {
    let r = rows.get(turn);
    if (!r) rows.set(turn, (r = { turn, actual: 0, simulated: 0, actualCompactions: 0, simulatedCompactions: 0 }));
    return r;
  };
  for (const p of sim.points) {
    const r = row(p.turn);
    r.actual = Math.max(r.actual, p.actual);
    r.simulated = Math.max(r.simulated, p.simulated);
  }
  for (const c of sim.actualCompactions) row(c.turn).actualCompactions += 1;
  for (const c of sim.simulatedLedger) row(c.turn).simulatedCompactions += 1;
  return [...rows.values()].sort((a, b) => a.turn - b.turn);
}

/** Input tokens over all calls, each way, and their estimated cost. */
export function inputTotals(sim: Simulation): {
  actual: number;
  simulated: number;
  actualUsd?: number;
  simulatedUsd?: number;
} {
  const actual = sim.points.reduce((n, p) => n + p.actual, 0);
  const simulated = sim.points.reduce((n, p) => n + p.simulated, 0);
  const price = sim.inputPricePerMTok;
  return price === undefined
    ? { actual, simulated }
    : { actual, simulated, actualUsd: (actual * price) / 1e6, simulatedUsd: (simulated * price) / 1e6 };
}

/** The policy fields given on the command line. */
export function policyOverrides(options: SimulateCommandOptions): CompactionPolicyInput {
  const policy: CompactionPolicyInput = {};
  if (options.softThreshold !== undefined) policy.softThreshold = options.softThreshold;
  if (options.target !== undefined) policy.target = options.target;
  if (options.keepRecentTokens !== undefined) policy.keepRecentTokens = options.keepRecentTokens;
  return policy;
}

/** `simulate`. */
export async function runSimulate(sources: string[], options: SimulateCommandOptions): Promise<void> {
  const rec = await loadRecorded(sources);
  const store = options.store ? new FilesystemStore(path.resolve(options.store)) : undefined;
  const sim = await simulate(rec, { policy: policyOverrides(options), ...(store ? { store } : {}) });
  const rows = turnRows(sim);
  const totals = inputTotals(sim);
  if (options.json) {
    console.log(JSON.stringify({ ...sim, turns: rows, totals }, null, 2));
    return;
  }
  const p = (x: Simulation['policy']['actual']) =>
    `soft ${x.softThreshold}, target ${x.target}, keep recent ${formatTokens(x.keepRecentTokens)}`;
  console.log(
    `${pc.bold(rec.workflowId)}: ${sim.model}, ${formatTokens(sim.contextWindow)} window, ${sim.points.length} model calls over ${rows.length} turns`,
  );
  console.log(
    `recorded policy:  ${p(sim.policy.actual)} (compacts at ${formatTokens(sim.softLimit.actual)} prompt tokens)`,
  );
  console.log(
    `simulated policy: ${p(sim.policy.simulated)} (compacts at ${formatTokens(sim.softLimit.simulated)} prompt tokens)`,
  );
  const table = new Table({
    head: ['turn', 'tokens: recorded', 'simulated', 'compactions: recorded', 'simulated'].map((h) => pc.bold(h)),
    style: { head: [], border: [], compact: true },
    colAligns: ['right', 'right', 'right', 'right', 'right'],
  });
  for (const r of rows) {
    const diff = r.simulated === r.actual ? '' : r.simulated < r.actual ? pc.green(' ▼') : pc.yellow(' ▲');
    table.push([
      String(r.turn),
      formatTokens(r.actual),
      `${formatTokens(r.simulated)}${diff}`,
      r.actualCompactions ? `⟳ ${r.actualCompactions}` : '',
      r.simulatedCompactions ? `⟳ ${r.simulatedCompactions}` : '',
    ]);
  }
  console.log(table.toString());
  console.log(
    `compactions:  recorded ${sim.actualCompactions.length}, simulated ${sim.simulatedLedger.length}` +
      (sim.failures.length ? pc.yellow(` (${sim.failures.length} failed: ${sim.failures[0]?.message})`) : ''),
  );
  console.log(
    `input tokens: recorded ${formatTokens(totals.actual)} (${formatCost(totals.actualUsd)}), ` +
      `simulated ${formatTokens(totals.simulated)} (${formatCost(totals.simulatedUsd)})` +
      (sim.inputPricePerMTok === undefined ? pc.dim(' — the model has no known price') : ''),
  );
  if (sim.estimatedSummaries) {
    console.log(pc.dim('Summaries estimated at a third of their input: give --store <dir> for the real ones.'));
  }
}
