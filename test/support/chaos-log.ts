/**
 * Log checks of a chaos run (test/support/chaos-run.ts), on a session's raw log across runs
 * (the client's `log()`, src/client/index.ts) and the content store: each user message
 * exactly once and in order, each tool call answered by exactly one result whose status is
 * the one its arguments call for, every referenced content retrievable. Then the side
 * effects of the chaos tool (test/support/chaos-tools.ts) against the calls the logs hold.
 */
import type { Client } from '@temporalio/client';
import * as sessions from '../../src/client';
import type { ChatMessage, LogItem } from '../../src/context/types';
import { getJson, type ContentStore } from '../../src/store/content-store';
import { retrying } from './chaos-client';
import { expectedStatus } from './chaos-script';
import { readEffects, readExecutions } from './chaos-tools';

/** What the log of one session shows. */
export interface LogFindings {
  items: number;
  /** User messages in the log, by their number, in log order. */
  messages: number[];
  lost: number[];
  /** Message numbers seen more than once (one entry per extra copy). */
  duplicated: number[];
  /** Places where a message comes before one sent earlier. */
  outOfOrder: number;
  toolCalls: number;
  /** Calls without exactly one result, and results without a call. */
  unpairedCalls: string[];
  /** Results whose status is not the one the call's arguments call for. */
  statusMismatches: string[];
  /** Labels of calls that must have made their effect once. */
  effectLabels: string[];
  contentRefs: number;
  missingContent: string[];
}

/** Reads the session's log across runs and checks it against `turns` messages of session `index`. */
export async function checkLog(
  client: Client,
  store: ContentStore,
  sessionId: string,
  index: number,
  turns: number,
  deadline: number,
): Promise<LogFindings> {
  const items = await retrying('log', deadline, { count: 0 }, () => sessions.log(client, sessionId));
  const f: LogFindings = {
    items: items.length,
    messages: [],
    lost: [],
    duplicated: [],
    outOfOrder: 0,
    toolCalls: 0,
    unpairedCalls: [],
    statusMismatches: [],
    effectLabels: [],
    contentRefs: 0,
    missingContent: [],
  };
  const read = async (ref: LogItem['content']['ref']): Promise<ChatMessage | undefined> => {
    try {
      return await getJson<ChatMessage>(store, ref);
    } catch {
      return undefined; // reported by the content check
    }
  };
  for (const item of items) {
    for (const ref of [item.content.ref, item.digest?.ref, item.toolResult?.fullOutputRef]) {
      if (ref === undefined) continue;
      f.contentRefs++;
      if (!(await store.has(ref))) f.missingContent.push(`seq ${item.seq} (${item.role} ${item.kind}): ${ref}`);
    }
  }
  for (const item of items.filter((i) => i.role === 'user' && i.kind === 'message')) {
    const text = (await read(item.content.ref))?.content ?? '';
    const m = /^S(\d+) M(\d+):/.exec(typeof text === 'string' ? text : '');
    if (!m || Number(m[1]) !== index) f.unpairedCalls.push(`seq ${item.seq}: a user message not of this session`);
    else f.messages.push(Number(m[2]));
  }
  const seen = new Set<number>();
  let last = 0;
  for (const n of f.messages) {
    if (seen.has(n)) {
      f.duplicated.push(n);
      continue;
    }
    seen.add(n);
    if (n < last) f.outOfOrder++;
    last = n;
  }
  for (let n = 1; n <= turns; n++) if (!seen.has(n)) f.lost.push(n);
  await checkToolResults(items, read, f);
  return f;
}

const isSummary = (item: LogItem) => item.kind === 'summary' || item.kind === 'tool_summary';

/** Pairs each assistant message's calls with the tool results that follow it. */
async function checkToolResults(
  items: LogItem[],
  read: (ref: LogItem['content']['ref']) => Promise<ChatMessage | undefined>,
  f: LogFindings,
): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item?.role === 'tool' && item.kind === 'tool_result') {
      const before = items
        .slice(0, i)
        .reverse()
        .find((x) => x.role !== 'tool' && !isSummary(x));
      if (!before?.toolCalls?.length) f.unpairedCalls.push(`seq ${item.seq}: a result without a call`);
    }
    if (item?.role !== 'assistant' || !item.toolCalls?.length) continue;
    const results: LogItem[] = [];
    for (let j = i + 1; j < items.length; j++) {
      const next = items[j];
      if (!next) break;
      // a summary appended by a compaction that ran while the tools did stands apart from the batch
      if (isSummary(next)) continue;
      if (next.role === 'assistant' || next.role === 'user') break;
      if (next.role === 'tool' && next.kind === 'tool_result') results.push(next);
    }
    const stored = await read(item.content.ref);
    for (const call of item.toolCalls) {
      f.toolCalls++;
      const answers = results.filter((r) => r.toolCallId === call.id);
      // the last batch of a session that never finished is reported as stuck, not here
      const trailing = !items.slice(i + 1).some((x) => x.role === 'assistant' || (x.role === 'user' && !isSummary(x)));
      if (answers.length === 0 && trailing) continue;
      if (answers.length !== 1) {
        f.unpairedCalls.push(`seq ${item.seq}: call ${call.id} has ${answers.length} results`);
        continue;
      }
      const args = stored?.tool_calls?.find((c) => c.id === call.id)?.function.arguments ?? '';
      const want = expectedStatus(args);
      const got = answers[0]?.toolResult?.status;
      const label = /S\d+-M\d+-s\d+-\d+/.exec(args)?.[0] ?? `seq ${item.seq} ${call.id}`;
      if (got !== want) f.statusMismatches.push(`${label}: ${got ?? 'no status'}, expected ${want}`);
      if (want === 'ok') f.effectLabels.push(label);
    }
    for (const r of results) {
      if (!item.toolCalls.some((c) => c.id === r.toolCallId)) {
        f.unpairedCalls.push(`seq ${r.seq}: result for ${r.toolCallId ?? '?'}, which seq ${item.seq} did not call`);
      }
    }
  }
}

/** The side effects of the chaos tool, against the calls the logs hold. */
export interface EffectFindings {
  executions: number;
  distinctKeys: number;
  effects: number;
  /** Keys used by two different calls (labels). */
  keyCollisions: string[];
  /** Calls whose effect happened more than once (under several keys). */
  duplicatedEffects: string[];
  /** Successful calls in the logs whose effect never happened (e.g. skipped as a collision). */
  lostEffects: string[];
}

/** Reads the effects directory and compares it with `expectedLabels` (calls that had to make their effect). */
export function checkEffects(dir: string, expectedLabels: Iterable<string>): EffectFindings {
  const executions = readExecutions(dir);
  const effects = readEffects(dir);
  const labelsByKey = new Map<string, Set<string>>();
  for (const e of executions) labelsByKey.set(e.key, (labelsByKey.get(e.key) ?? new Set()).add(e.label));
  const keysByLabel = new Map<string, string[]>();
  for (const e of effects) keysByLabel.set(e.label, [...(keysByLabel.get(e.label) ?? []), e.key]);
  const collisions = [...labelsByKey].filter(([, labels]) => labels.size > 1);
  const duplicated = [...keysByLabel].filter(([, keys]) => keys.length > 1);
  return {
    executions: executions.length,
    distinctKeys: labelsByKey.size,
    effects: effects.length,
    keyCollisions: collisions.map(([key, labels]) => `${key}: ${[...labels].join(', ')}`),
    duplicatedEffects: duplicated.map(([label, keys]) => `${label}: ${keys.length} keys (${keys.join(', ')})`),
    lostEffects: [...new Set(expectedLabels)].filter((label) => !keysByLabel.has(label)),
  };
}
