/**
 * The `pruneContent` activity: one retention pass (src/retention/prune.ts) in the worker's
 * namespace, with the worker's own Temporal client and content store. Heartbeats as it
 * goes, so a worker that dies mid-pass is noticed and the pass retried (a pass is
 * idempotent: what it already removed is simply not found again).
 */
import { Context } from '@temporalio/activity';
import type { ContentStore } from '../store/content-store';
import { describeVia, requireNamespace } from './describe';
import { runRetention } from './prune';
import type { PruneContentInput, PruneContentResult } from './types';

/** Builds the activity on `store`. */
export function pruneContentActivity(store: ContentStore) {
  return async function pruneContent(input: PruneContentInput): Promise<PruneContentResult> {
    const ctx = Context.current();
    const service = ctx.client.workflowService;
    const namespace = ctx.info.namespace;
    await requireNamespace(service, namespace);
    const report = await runRetention({
      store,
      namespace,
      describe: describeVia(service, namespace),
      olderThanMs: input.olderThanMs,
      ...(input.dryRun ? { dryRun: true } : {}),
      onProgress: (step) => ctx.heartbeat(step),
    });
    ctx.log.info('content retention pass', { cutoff: report.cutoff, ...report.counts, ...report.pruned });
    return { cutoff: report.cutoff, counts: report.counts, ...report.pruned };
  };
}
