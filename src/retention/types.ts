/** Input and result of the `pruneContent` activity and the `contentRetention` workflow (sandbox-safe: no imports). */

/** Workflow type of the retention pass (src/workflows/retention.ts). */
export const RETENTION_WORKFLOW_TYPE = 'contentRetention';

/** One scheduled retention pass. */
export interface PruneContentInput {
  /** Content of sessions that ended longer ago than this goes. */
  olderThanMs: number;
  /** Count only. */
  dryRun?: boolean;
}

/** What the pass did: figures only, so the workflow's history stays small whatever the store holds. */
export interface PruneContentResult {
  cutoff: string;
  /** Owners by verdict (src/retention/verdicts.ts): ended, gone, running, recent, active, foreign. */
  counts: Record<string, number>;
  /** Owners released, blobs removed, bytes freed, released blobs kept for other owners. */
  owners: number;
  blobs: number;
  bytes: number;
  kept: number;
}
