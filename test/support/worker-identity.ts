/**
 * Which worker process did what, for tests that run several worker processes on one task
 * queue (test/support/worker-process.ts). A worker's Temporal identity is the SDK's default,
 * `<pid>@<hostname>` of the node process that runs it; that process is one of the worker's
 * process group (npx, tsx and node share it), so the group's pids name the worker. The
 * server records the identity in every ActivityTaskStarted and WorkflowTaskStarted event
 * and in each pending activity's `lastWorkerIdentity`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { History } from '@temporalio/common/lib/proto-utils';
import { temporal } from '@temporalio/proto';
import type { WorkerProcess } from './worker-process';

const STARTED = temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED;

/** The identities a live worker process can have: one per process of its group (Linux /proc). */
export function identitiesOf(worker: WorkerProcess): Set<string> {
  const host = os.hostname();
  const ids = new Set<string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses
    const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    if (pgrp === worker.pid) ids.add(`${entry}@${host}`);
  }
  return ids;
}

/** Activity and workflow tasks started, by worker identity, in `histories`. */
export function tasksByIdentity(histories: History[]): Map<string, { activities: number; workflowTasks: number }> {
  const counts = new Map<string, { activities: number; workflowTasks: number }>();
  const entry = (identity: string) => {
    let c = counts.get(identity);
    if (!c) counts.set(identity, (c = { activities: 0, workflowTasks: 0 }));
    return c;
  };
  for (const history of histories) {
    for (const e of history.events ?? []) {
      const activity = e.activityTaskStartedEventAttributes?.identity;
      if (activity) entry(activity).activities++;
      const task = e.workflowTaskStartedEventAttributes?.identity;
      if (task) entry(task).workflowTasks++;
    }
  }
  return counts;
}

/** Started, not yet finished activities of the sessions, as `activity type@identity`. */
export async function runningActivities(client: Client, sessionIds: string[]): Promise<string[]> {
  const running: string[] = [];
  await Promise.all(
    sessionIds.map(async (id) => {
      const d = await client.workflow
        .getHandle(id)
        .describe()
        .catch((err: unknown) => {
          if (err instanceof WorkflowNotFoundError) return undefined; // not started yet
          throw err;
        });
      for (const a of d?.raw.pendingActivities ?? []) {
        if (a.state === STARTED && a.lastWorkerIdentity) {
          running.push(`${a.activityType?.name ?? '?'}@${a.lastWorkerIdentity}`);
        }
      }
    }),
  );
  return running;
}

/** Those of `running` (see {@link runningActivities}) that run on one of `identities`, by activity type. */
export function runningOn(running: string[], identities: Set<string>): string[] {
  return running.filter((r) => identities.has(r.slice(r.indexOf('@') + 1))).map((r) => r.slice(0, r.indexOf('@')));
}
