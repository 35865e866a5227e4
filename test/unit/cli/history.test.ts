import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecorded } from '../../../src/cli/history/load';
import { callHistoryTokens, recordedCompactions } from '../../../src/cli/history/compactions';
import { simulate } from '../../../src/cli/history/simulate';
import { inputTotals, turnRows } from '../../../src/cli/simulate-command';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'histories', '0.3.0');
const fixture = (name: string) => path.join(FIXTURES, name);
const CHAIN = [1, 2, 3, 4, 5].map((n) => fixture(`continue-as-new.run-${n}.json`));

describe('reading recorded histories', () => {
  it('rebuilds every request exactly: our count of its refs plus the fixed overhead is what the provider counted', async () => {
    for (const files of [[fixture('compaction-threshold-and-manual.json')], [fixture('parallel-tools.json')], CHAIN]) {
      const rec = await loadRecorded(files);
      expect(rec.calls.length).toBeGreaterThan(0);
      for (const call of rec.calls) {
        if (!call.usage) continue;
        expect(callHistoryTokens(rec, call) + (rec.fixed?.fixedTokens ?? 0)).toBe(call.usage.promptTokens);
      }
    }
  });

  it('follows a continue-as-new chain: turns run on across runs', async () => {
    const rec = await loadRecorded(CHAIN);
    expect(rec.runs).toBe(5);
    const turns = rec.calls.map((c) => c.turn);
    expect(turns).toEqual([...turns].sort((a, b) => a - b));
    expect(turns.at(-1)).toBeGreaterThan(5);
  });

  it('sees the compactions whose summaries a later call sent, and the manual one at the end', async () => {
    const rec = await loadRecorded([fixture('compaction-threshold-and-manual.json')]);
    const found = recordedCompactions(rec);
    expect(found.map((c) => [c.kind, c.trigger])).toEqual([
      ['summary', 'automatic'],
      ['summary', 'manual'],
    ]);
  });
});

describe('simulate', () => {
  it('replays the log under another policy: a lower threshold compacts more and sends fewer tokens', async () => {
    const rec = await loadRecorded(CHAIN);
    const loose = await simulate(rec, { policy: { softThreshold: 1, target: 0.9 } });
    const tight = await simulate(rec, { policy: { softThreshold: 0.3, target: 0.15 } });
    expect(loose.points).toHaveLength(rec.calls.length);
    expect(tight.simulatedLedger.length).toBeGreaterThan(loose.simulatedLedger.length);
    expect(inputTotals(tight).simulated).toBeLessThan(inputTotals(loose).simulated);
    // The recorded side is the same whatever is simulated.
    expect(inputTotals(tight).actual).toBe(inputTotals(loose).actual);
    for (const p of tight.points) expect(p.simulated).toBeLessThanOrEqual(tight.promptBudget);
    const rows = turnRows(tight);
    expect(rows.reduce((n, r) => n + r.simulatedCompactions, 0)).toBe(tight.simulatedLedger.length);
    expect(tight.estimatedSummaries).toBe(true);
  });

  it('refuses an invalid policy with the field named', async () => {
    const rec = await loadRecorded([fixture('parallel-tools.json')]);
    await expect(simulate(rec, { policy: { softThreshold: 0.2, target: 0.5 } })).rejects.toThrow(/compaction\.target/);
  });
});
