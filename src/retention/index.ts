/** Retention: removal of the content of sessions that ended long ago (docs/architecture.md, "Retention"). */
export { formatAge, parseAge } from './age';
export { describeVia, requireNamespace } from './describe';
export { runRetention, type RetentionPass, type RetentionReport } from './prune';
export { ensureRetentionSchedule, retentionScheduleId, type RetentionSchedule } from './schedule';
export { RETENTION_WORKFLOW_TYPE, type PruneContentInput, type PruneContentResult } from './types';
export { isExpired, judgeOwners, type DescribeSession, type SessionVerdict, type Verdict } from './verdicts';
