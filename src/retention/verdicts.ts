/**
 * Which owners of stored content have expired: the sessions that ended longer ago than the
 * retention age. Asked of Temporal one workflow at a time (DescribeWorkflowExecution reads
 * the execution itself, the latest run of the id), not of visibility: visibility is
 * eventually consistent, keeps closed runs of a continue-as-new chain and earlier runs of a
 * reused id, and forgets a workflow once the namespace's retention deleted it.
 */
import type { ContentOwner } from '../store/content-store';
import { parseOwner } from '../store/content-store';
import type { OwnerRecord } from '../store/retention';

/** What Temporal says of a workflow id: its latest run's status and close time, or undefined when it has none. */
export type DescribeSession = (workflowId: string) => Promise<{ status: string; closedAt?: Date } | undefined>;

/**
 * Why an owner's content goes or stays:
 * - `ended`: its session closed before the cutoff (expired);
 * - `gone`: Temporal has no such workflow, its history was deleted by the namespace's retention (expired);
 * - `running`: its session runs (kept, however old);
 * - `recent`: its session closed after the cutoff (kept);
 * - `active`: it stored content after the cutoff (kept without asking Temporal);
 * - `foreign`: another namespace's, or not a session's (kept).
 */
export type Verdict = 'ended' | 'gone' | 'running' | 'recent' | 'active' | 'foreign';

/** The verdict on one owner. */
export interface SessionVerdict {
  owner: ContentOwner;
  sessionId: string;
  verdict: Verdict;
  refs: number;
  lastPutAt: Date;
  status?: string;
  closedAt?: Date;
}

/** True for the verdicts whose content is released. */
export const isExpired = (v: Verdict) => v === 'ended' || v === 'gone';

/** Describes at once at most this many workflows. */
const CONCURRENCY = 8;

/** The verdict on every owner of `namespace`, for content older than `cutoff`. */
export async function judgeOwners(
  owners: readonly OwnerRecord[],
  namespace: string,
  cutoff: Date,
  describe: DescribeSession,
  onEach: () => void = () => undefined,
): Promise<SessionVerdict[]> {
  const verdicts: SessionVerdict[] = new Array<SessionVerdict>(owners.length);
  let next = 0;
  const work = async () => {
    for (let i = next++; i < owners.length; i = next++) {
      verdicts[i] = await judge(owners[i] as OwnerRecord, namespace, cutoff, describe);
      onEach();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, owners.length) }, work));
  return verdicts;
}

async function judge(
  record: OwnerRecord,
  namespace: string,
  cutoff: Date,
  describe: DescribeSession,
): Promise<SessionVerdict> {
  const parsed = parseOwner(record.owner);
  const base = {
    owner: record.owner,
    sessionId: parsed?.workflowId ?? record.owner,
    refs: record.refs,
    lastPutAt: record.lastPutAt,
  };
  if (!parsed || parsed.namespace !== namespace) return { ...base, verdict: 'foreign' };
  if (record.lastPutAt.getTime() >= cutoff.getTime()) return { ...base, verdict: 'active' };
  const session = await describe(parsed.workflowId);
  if (!session) return { ...base, verdict: 'gone' };
  const described = { ...base, status: session.status, ...(session.closedAt ? { closedAt: session.closedAt } : {}) };
  if (!session.closedAt || session.status === 'Running') return { ...described, verdict: 'running' };
  return { ...described, verdict: session.closedAt.getTime() < cutoff.getTime() ? 'ended' : 'recent' };
}
