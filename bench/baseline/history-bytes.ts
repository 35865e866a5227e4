/**
 * Where a run's history bytes go: its size as the server counts it, as JSON, and broken
 * down by event type and by activity (input vs result payloads).
 */
import type { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { temporal } from '@temporalio/proto';

type Payloads = temporal.api.common.v1.IPayloads | null | undefined;
const EventType = temporal.api.enums.v1.EventType;

/** The figures of one run's history. */
export interface HistoryFigures {
  /** `historySizeBytes` as reported by the server (what its size limits apply to). */
  serverBytes: number;
  /** `JSON.stringify`-equivalent size of `historyToJSON(history)` (payload data base64-encoded). */
  jsonBytes: number;
  /** Protobuf-encoded size of the whole history. */
  protoBytes: number;
  events: number;
  /** Protobuf bytes and count per event type. */
  byEventType: Record<string, { events: number; bytes: number }>;
  /** Payload data bytes per activity type: inputs (scheduled) and results (completed). */
  byActivity: Record<string, { scheduled: number; inputBytes: number; resultBytes: number }>;
  /** Payload data bytes of update and signal inputs and update results. */
  messagingPayloadBytes: number;
  /** History bytes (protobuf) when each tool activity completed: the growth per agent step. */
  bytesAfterStep: number[];
}

/** The tool activities of the variants: one completes per agent step. */
const TOOL_ACTIVITIES = new Set(['executeTool', 'runToolFull']);

function payloadBytes(p: Payloads): number {
  let n = 0;
  for (const x of p?.payloads ?? []) n += x.data?.length ?? 0;
  return n;
}

/** Fetches and measures the history of one run of `workflowId` (the latest by default). */
export async function measureHistory(client: Client, workflowId: string, runId?: string): Promise<HistoryFigures> {
  const handle = client.workflow.getHandle(workflowId, runId);
  const description = await handle.describe();
  const history = await handle.fetchHistory();
  const events = history.events ?? [];
  const byEventType: HistoryFigures['byEventType'] = {};
  const byActivity: HistoryFigures['byActivity'] = {};
  const activityOf = new Map<string, string>();
  let messagingPayloadBytes = 0;
  let cumulative = 0;
  const bytesAfterStep: number[] = [];
  for (const e of events) {
    const type = (EventType[e.eventType ?? 0] ?? String(e.eventType)).replace(/^EVENT_TYPE_/, '');
    const bytes = temporal.api.history.v1.HistoryEvent.encode(e).finish().length;
    const row = (byEventType[type] ??= { events: 0, bytes: 0 });
    row.events += 1;
    row.bytes += bytes;
    cumulative += bytes;
    const scheduled = e.activityTaskScheduledEventAttributes;
    if (scheduled) {
      const name = scheduled.activityType?.name ?? '?';
      activityOf.set(String(e.eventId), name);
      const a = (byActivity[name] ??= { scheduled: 0, inputBytes: 0, resultBytes: 0 });
      a.scheduled += 1;
      a.inputBytes += payloadBytes(scheduled.input);
    }
    const completed = e.activityTaskCompletedEventAttributes;
    if (completed) {
      const name = activityOf.get(String(completed.scheduledEventId)) ?? '?';
      if (TOOL_ACTIVITIES.has(name)) bytesAfterStep.push(cumulative);
      (byActivity[name] ??= { scheduled: 0, inputBytes: 0, resultBytes: 0 }).resultBytes += payloadBytes(
        completed.result,
      );
    }
    messagingPayloadBytes += payloadBytes(
      e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.args,
    );
    messagingPayloadBytes += payloadBytes(e.workflowExecutionUpdateCompletedEventAttributes?.outcome?.success);
    messagingPayloadBytes += payloadBytes(e.workflowExecutionSignaledEventAttributes?.input);
  }
  return {
    serverBytes: description.historySize ?? 0,
    jsonBytes: Buffer.byteLength(historyToJSON(history)),
    protoBytes: temporal.api.history.v1.History.encode(history).finish().length,
    events: events.length,
    byEventType,
    byActivity,
    messagingPayloadBytes,
    bytesAfterStep,
  };
}

/** Where a run's time went, from its history's event times. */
export interface HistoryTimings {
  /** Per activity type: count and total ms from scheduled to completed. */
  activities: Record<string, { count: number; totalMs: number }>;
  /** Workflow tasks: count and total ms from scheduled to completed. */
  workflowTasks: { count: number; totalMs: number };
}

function ms(t: temporal.api.history.v1.IHistoryEvent['eventTime']): number {
  return Number(t?.seconds ?? 0) * 1_000 + (t?.nanos ?? 0) / 1e6;
}

/** Activity and workflow-task durations of one run of `workflowId` (the latest by default). */
export async function historyTimings(client: Client, workflowId: string, runId?: string): Promise<HistoryTimings> {
  const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  const scheduledAt = new Map<string, { name: string; at: number }>();
  const activities: HistoryTimings['activities'] = {};
  const workflowTasks = { count: 0, totalMs: 0 };
  for (const e of history.events ?? []) {
    const id = String(e.eventId);
    const s = e.activityTaskScheduledEventAttributes;
    if (s) scheduledAt.set(id, { name: s.activityType?.name ?? '?', at: ms(e.eventTime) });
    if (e.workflowTaskScheduledEventAttributes) scheduledAt.set(id, { name: '(workflow task)', at: ms(e.eventTime) });
    const done = e.activityTaskCompletedEventAttributes ?? e.workflowTaskCompletedEventAttributes;
    if (!done) continue;
    const from = scheduledAt.get(String(done.scheduledEventId));
    if (!from) continue;
    const took = ms(e.eventTime) - from.at;
    if (e.workflowTaskCompletedEventAttributes) {
      workflowTasks.count += 1;
      workflowTasks.totalMs += took;
    } else {
      const row = (activities[from.name] ??= { count: 0, totalMs: 0 });
      row.count += 1;
      row.totalMs += took;
    }
  }
  return { activities, workflowTasks };
}

/** Adds up the figures of the runs of one continue-as-new chain. */
export function sumHistories(runs: HistoryFigures[]): HistoryFigures {
  const total: HistoryFigures = {
    serverBytes: 0,
    jsonBytes: 0,
    protoBytes: 0,
    events: 0,
    byEventType: {},
    byActivity: {},
    messagingPayloadBytes: 0,
    bytesAfterStep: [],
  };
  for (const r of runs) {
    const offset = total.protoBytes;
    total.bytesAfterStep.push(...r.bytesAfterStep.map((b) => b + offset));
    total.serverBytes += r.serverBytes;
    total.jsonBytes += r.jsonBytes;
    total.protoBytes += r.protoBytes;
    total.events += r.events;
    total.messagingPayloadBytes += r.messagingPayloadBytes;
    for (const [k, v] of Object.entries(r.byEventType)) {
      const row = (total.byEventType[k] ??= { events: 0, bytes: 0 });
      row.events += v.events;
      row.bytes += v.bytes;
    }
    for (const [k, v] of Object.entries(r.byActivity)) {
      const row = (total.byActivity[k] ??= { scheduled: 0, inputBytes: 0, resultBytes: 0 });
      row.scheduled += v.scheduled;
      row.inputBytes += v.inputBytes;
      row.resultBytes += v.resultBytes;
    }
  }
  return total;
}

/** Adds up the timings of the runs of one continue-as-new chain. */
export function sumTimings(runs: HistoryTimings[]): HistoryTimings {
  const total: HistoryTimings = { activities: {}, workflowTasks: { count: 0, totalMs: 0 } };
  for (const r of runs) {
    total.workflowTasks.count += r.workflowTasks.count;
    total.workflowTasks.totalMs += r.workflowTasks.totalMs;
    for (const [k, v] of Object.entries(r.activities)) {
      const row = (total.activities[k] ??= { count: 0, totalMs: 0 });
      row.count += v.count;
      row.totalMs += v.totalMs;
    }
  }
  return total;
}
