/**
 * The checks of a finished multi-worker run, session by session, on top of the chaos
 * harness's (test/support/chaos-log.ts, test/support/chaos-history.ts): the log (each
 * message once and in order, each tool call one result, every referenced content stored),
 * every referenced blob read back and matching its reference, the histories (completed, no
 * failure but the expected kinds), and the side effects of the chaos tool. Returns the
 * problems found, by kind, so a test can compare them with empty lists.
 */
import type { Client } from '@temporalio/client';
import type { History } from '@temporalio/common/lib/proto-utils';
import * as sessions from '../../src/client';
import type { LogItem } from '../../src/context/types';
import { contentRef, type ContentStore } from '../../src/store/content-store';
import { analyseRuns, fetchRuns } from './chaos-history';
import { checkEffects, checkLog } from './chaos-log';

/** Problems by kind; each list empty when all is well. */
export interface SessionProblems {
  lost: string[];
  duplicated: string[];
  outOfOrder: string[];
  unpaired: string[];
  statusMismatches: string[];
  missingContent: string[];
  corruptContent: string[];
  notCompleted: string[];
  unexpectedFailures: string[];
  nondeterminism: string[];
  duplicatedEffects: string[];
  lostEffects: string[];
}

/** Figures of the run, to show the checks had something to check. */
export interface SessionFigures {
  logItems: number;
  toolCalls: number;
  contentRefs: number;
  blobsRead: number;
  runs: number;
  /** Compaction records in the sessions' ledgers (their summaries are log items, checked like the others). */
  compactions: number;
  /** Activity failures by `activity:kind`, all of them of an expected kind (or the problems say otherwise). */
  activityFailures: Record<string, number>;
}

/** Every kind of problem, none found: what a clean run's `problems` equal. */
export function noSessionProblems(): SessionProblems {
  return {
    lost: [],
    duplicated: [],
    outOfOrder: [],
    unpaired: [],
    statusMismatches: [],
    missingContent: [],
    corruptContent: [],
    notCompleted: [],
    unexpectedFailures: [],
    nondeterminism: [],
    duplicatedEffects: [],
    lostEffects: [],
  };
}

/** Checks `sessionIds` (session i has index i + 1 and `turns` messages) against `store`. */
export async function checkSessions(
  client: Client,
  store: ContentStore,
  sessionIds: string[],
  turns: number,
  effectsDir: string,
): Promise<{ problems: SessionProblems; figures: SessionFigures; histories: History[] }> {
  const problems = noSessionProblems();
  const figures: SessionFigures = {
    logItems: 0,
    toolCalls: 0,
    contentRefs: 0,
    blobsRead: 0,
    runs: 0,
    compactions: 0,
    activityFailures: {},
  };
  const histories: History[] = [];
  const effectLabels: string[] = [];
  const deadline = Date.now() + 120_000;
  for (const [i, id] of sessionIds.entries()) {
    const l = await checkLog(client, store, id, i + 1, turns, deadline);
    figures.logItems += l.items;
    figures.toolCalls += l.toolCalls;
    figures.contentRefs += l.contentRefs;
    effectLabels.push(...l.effectLabels);
    problems.lost.push(...l.lost.map((n) => `${id}: message ${n}`));
    problems.duplicated.push(...l.duplicated.map((n) => `${id}: message ${n}`));
    if (l.outOfOrder) problems.outOfOrder.push(`${id}: ${l.messages.join(',')}`);
    problems.unpaired.push(...l.unpairedCalls.map((u) => `${id} ${u}`));
    problems.statusMismatches.push(...l.statusMismatches.map((u) => `${id} ${u}`));
    problems.missingContent.push(...l.missingContent.map((u) => `${id} ${u}`));
    const read = await readBack(store, await sessions.log(client, id));
    figures.blobsRead += read.count;
    problems.corruptContent.push(...read.problems.map((p) => `${id} ${p}`));

    figures.compactions += (await sessions.ledger(client, id)).length;
    const runs = await fetchRuns(client, id, deadline);
    histories.push(...runs.map((r) => r.history));
    const status = (await client.workflow.getHandle(id).describe()).status.name;
    const h = analyseRuns(runs, status);
    figures.runs += h.runs;
    for (const [k, v] of Object.entries(h.activityFailures))
      figures.activityFailures[k] = (figures.activityFailures[k] ?? 0) + v;
    if (status !== 'COMPLETED') problems.notCompleted.push(`${id}: ${status}`);
    problems.unexpectedFailures.push(...h.unexpectedActivityFailures.map((u) => `${id} ${u}`));
    problems.unexpectedFailures.push(...h.workflowErrors.map((u) => `${id} ${u}`));
    problems.nondeterminism.push(...h.nondeterminism.map((u) => `${id} ${u}`));
  }
  const effects = checkEffects(effectsDir, effectLabels);
  problems.duplicatedEffects.push(...effects.duplicatedEffects, ...effects.keyCollisions);
  problems.lostEffects.push(...effects.lostEffects);
  return { problems, figures, histories };
}

/** Reads every blob the items reference and checks it hashes to its reference. */
async function readBack(store: ContentStore, items: LogItem[]): Promise<{ count: number; problems: string[] }> {
  const problems: string[] = [];
  let count = 0;
  for (const item of items) {
    for (const ref of [item.content.ref, item.digest?.ref, item.toolResult?.fullOutputRef]) {
      if (ref === undefined) continue;
      try {
        const bytes = await store.get(ref);
        count++;
        if (contentRef(bytes) !== ref) problems.push(`seq ${item.seq}: ${ref} reads back as ${contentRef(bytes)}`);
      } catch (err) {
        problems.push(`seq ${item.seq}: ${ref}: ${String(err).slice(0, 200)}`);
      }
    }
  }
  return { count, problems };
}
