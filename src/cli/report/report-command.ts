/**
 * `report ID|history.json… --out report.html [--soft-threshold …] [--store dir]`: writes the
 * session's report, one self-contained page (src/cli/report/report-html.ts). Policy options
 * add the simulated policy's tokens as a second line (src/cli/history/simulate.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { FilesystemStore } from '../../store/filesystem-store';
import { loadRecorded } from '../history/load';
import { simulate } from '../history/simulate';
import { policyOverrides, type SimulateCommandOptions } from '../simulate-command';
import { reportData } from './report-data';
import { reportHtml } from './report-html';

/** Options of `report`. */
export interface ReportOptions extends Omit<SimulateCommandOptions, 'json'> {
  out: string;
}

/** `report`. */
export async function runReport(sources: string[], options: ReportOptions): Promise<void> {
  const rec = await loadRecorded(sources);
  const overrides = policyOverrides(options);
  const store = options.store ? new FilesystemStore(path.resolve(options.store)) : undefined;
  const sim = await simulate(rec, { policy: overrides, ...(store ? { store } : {}) });
  const what = Object.entries(overrides)
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ');
  const data = reportData(rec, sim, what ? `simulated: ${what}` : undefined);
  const out = path.resolve(options.out);
  writeFileSync(out, reportHtml(data));
  const relative = path.relative(process.cwd(), out);
  const shown = relative && !relative.startsWith('..') ? relative : out;
  console.log(`Wrote ${shown}: ${data.labels.length} model calls, ${data.compactions.length} compactions.`);
}
