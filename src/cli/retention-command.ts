/**
 * `retention`: removes the content of sessions that ended longer ago than `--older-than`
 * from the workers' store, keeping every blob a retained session (running, or ended more
 * recently) also owns. What expired is asked of Temporal (src/retention/verdicts.ts); the
 * store removes (src/store/retention.ts). `--dry-run` only counts. Histories are not
 * touched: Temporal's own retention deletes them, and a pruned session still replays.
 */
import Table from 'cli-table3';
import { InvalidArgumentError } from 'commander';
import pc from 'picocolors';
import { DurableContextError } from '../context/errors';
import { formatBytes } from '../context/digest';
import { formatAge, parseAge } from '../retention/age';
import { describeVia, requireNamespace } from '../retention/describe';
import { runRetention, type RetentionReport } from '../retention/prune';
import { isExpired } from '../retention/verdicts';
import { describeStore, openStore } from '../store/open-store';
import { withClient } from './connect';
import { storeOption } from './debug-commands';
import { count } from './output';

/** Options of `retention`. */
export interface RetentionOptions {
  olderThan: number;
  dryRun?: boolean;
  store: string;
  json?: boolean;
}

/** `--older-than` as milliseconds; a usage error (exit 2) for anything but a duration with a unit. */
export function parseOlderThan(value: string): number {
  try {
    return parseAge(value, '--older-than');
  } catch (err) {
    if (err instanceof DurableContextError) throw new InvalidArgumentError(err.message);
    throw err;
  }
}

/** `retention --older-than <age> [--dry-run] [--store <dir-or-url>] [--json]`. */
export async function runRetentionCommand(options: RetentionOptions): Promise<void> {
  const config = storeOption(options.store);
  const store = openStore(config);
  try {
    const report = await withClient(async (client, target) => {
      await requireNamespace(client.workflowService, target.namespace);
      return runRetention({
        store,
        namespace: target.namespace,
        describe: describeVia(client.workflowService, target.namespace),
        olderThanMs: options.olderThan,
        ...(options.dryRun ? { dryRun: true } : {}),
      });
    });
    if (options.json) console.log(JSON.stringify(report, null, 2));
    else for (const line of reportLines(report, describeStore(config))) console.log(line);
  } finally {
    await store.close?.();
  }
}

/** The report as printed: the sessions considered, the expired ones, what was removed. */
export function reportLines(report: RetentionReport, where: string): string[] {
  const c = report.counts;
  const lines = [
    `${pc.bold('retention')}  sessions ended before ${report.cutoff} (over ${formatAge(report.olderThanMs)} ago), store ${where}`,
    `sessions considered: ${count(report.sessions.length, 'owner')} of content in the store — ` +
      `${c.ended} ended, ${c.gone} gone from Temporal (expired); ` +
      `${c.running} running, ${c.recent} ended recently, ${c.active} storing recently, ${c.foreign} other namespaces (kept)`,
  ];
  const expired = report.sessions.filter((s) => isExpired(s.verdict));
  if (expired.length) {
    const table = new Table({ head: ['session', 'verdict', 'closed', 'blobs'], style: { head: [], border: [] } });
    for (const s of expired) {
      table.push([s.sessionId, s.verdict, s.closedAt?.toISOString() ?? '—', String(s.refs)]);
    }
    lines.push(table.toString());
  }
  const p = report.pruned;
  const verb = report.dryRun ? 'would remove' : 'removed';
  lines.push(
    `${report.dryRun ? pc.yellow('dry run: ') : ''}${verb} ${count(p.blobs, 'blob')}, ` +
      `${formatBytes(p.bytes)} freed; ${count(p.kept, 'blob')} kept for retained sessions; ` +
      `${count(p.owners, 'session')} released`,
  );
  return lines;
}
