/**
 * Reads a session's recorded Temporal histories (one per continue-as-new run, from the server
 * or from `temporal workflow show --output json` files) into what the debugging commands
 * need: the configuration, the model's facts and fixed overhead, and, in the order the
 * workflow appended them, the log's user, assistant and tool items and every model call
 * with the exact message refs it sent. Activity inputs and results are the workflow's own
 * record (src/workflows/turn.ts, src/workflows/compaction.ts), so nothing here guesses
 * what was sent; what it cannot see (the ledger's strategy and reason) it leaves out.
 */
import type { History } from '@temporalio/common/lib/proto-utils';
import type { temporal } from '@temporalio/proto';
import type {
  CallModelInput,
  CallModelResult,
  CountFixedOverheadResult,
  DescribeModelResult,
  ExecuteToolResult,
  StoreMessageInput,
  StoreMessageResult,
  SummarizeInput,
  SummarizeResult,
} from '../../activities/types';
import { failedToolResultMeta } from '../../context/truncate';
import type { ContentRef, CountedContent, LogItem } from '../../context/types';
import type { CarriedState, SessionConfig, SessionInput } from '../../workflows/types';
import { normalizeSessionConfig } from '../../workflows/validation';
import { CliError } from '../failure';
import { first, timeOf } from './events';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

/** A log item as the workflow appended it, without its seq (summaries excluded). */
export type RecordedItem = Omit<LogItem, 'seq'>;

/** One model call: where it sat in the log and exactly what it sent. */
export interface RecordedCall {
  turn: number;
  /** Model call of the turn, 1-based. */
  step: number;
  model: string;
  /** Every message ref sent, in order (the system message first), the prefix manifest resolved. */
  refs: ContentRef[];
  /** Tool names offered. */
  tools: string[];
  /** Items of {@link RecordedSession.items} appended before this call. */
  itemsBefore: number;
  /** Provider-reported usage (absent when the call failed). */
  usage?: { promptTokens: number; completionTokens: number };
  /** Time the call was scheduled. */
  time?: Date;
  /** True when the call did not complete (its activity failed for good). */
  failed: boolean;
}

/** A session as its histories recorded it. */
export interface RecordedSession {
  workflowId: string;
  /** The configuration of the latest run (continue-as-new carries the current one). */
  config: SessionConfig;
  model?: DescribeModelResult;
  fixed?: CountFixedOverheadResult;
  /** User, assistant and tool items in append order (summaries excluded). */
  items: RecordedItem[];
  calls: RecordedCall[];
  /** Manual compactions requested (compact updates accepted), by the turn they followed. */
  manualCompactions: { afterItems: number; turn: number; focus?: string }[];
  /** Tokens of every stored message seen, by ref. */
  tokensByRef: Map<ContentRef, number>;
  /** Summaries produced, by ref of the summary message. */
  summaries: Map<ContentRef, { input: SummarizeInput; result: SummarizeResult; turn: number; manual: boolean }>;
  runs: number;
  startTime?: Date;
  endTime?: Date;
}

interface Activity {
  type: string;
  input: unknown;
  result?: unknown;
  time?: Date;
  /** The update being processed when it was scheduled, if any. */
  during?: { name: string; args: unknown };
}

/** Activities in the order the workflow scheduled them, each with its result (when it completed). */
function activitiesOf(events: readonly HistoryEvent[]): {
  activities: Activity[];
  updates: { name: string; args: unknown; afterActivities: number }[];
} {
  const byScheduled = new Map<string, Activity>();
  const activities: Activity[] = [];
  const updates: { name: string; args: unknown; afterActivities: number }[] = [];
  for (const e of events) {
    const scheduled = e.activityTaskScheduledEventAttributes;
    if (scheduled) {
      const a: Activity = { type: scheduled.activityType?.name ?? '', input: first(scheduled.input), time: timeOf(e) };
      byScheduled.set(String(e.eventId), a);
      activities.push(a);
    }
    const completed = e.activityTaskCompletedEventAttributes;
    if (completed) {
      const a = byScheduled.get(String(completed.scheduledEventId));
      if (a) a.result = first(completed.result);
    }
    const accepted = e.workflowExecutionUpdateAcceptedEventAttributes;
    if (accepted?.acceptedRequest?.input?.name) {
      updates.push({
        name: accepted.acceptedRequest.input.name,
        args: first(accepted.acceptedRequest.input.args),
        afterActivities: activities.length,
      });
    }
  }
  return { activities, updates };
}

/**
 * Reads the histories of one session, oldest run first.
 * @throws CliError (`HistoryUnreadable`) when a history is not an agentSession's or its
 * payloads are not plain JSON.
 */
export function readSession(histories: readonly History[], workflowId = 'session'): RecordedSession {
  if (!histories.length) throw new CliError('no history to read', 'HistoryUnreadable');
  const session: RecordedSession = {
    workflowId,
    config: normalizeSessionConfig({ model: 'unknown' }),
    items: [],
    calls: [],
    manualCompactions: [],
    tokensByRef: new Map(),
    summaries: new Map(),
    runs: histories.length,
  };
  for (const history of histories) readRun(session, history.events ?? []);
  return session;
}

function readRun(session: RecordedSession, events: readonly HistoryEvent[]): void {
  const started = events[0]?.workflowExecutionStartedEventAttributes;
  if (!started || started.workflowType?.name !== 'agentSession') {
    throw new CliError('the history is not an agentSession workflow history', 'HistoryUnreadable');
  }
  const input = first(started.input) as SessionInput;
  session.config = normalizeSessionConfig(input.config);
  session.startTime ??= timeOf(events[0] as HistoryEvent);
  const last = events[events.length - 1];
  if (last) session.endTime = timeOf(last);
  const carried: CarriedState | undefined = input.carried;
  let turn = carried?.turn ?? lastTurn(session);
  let step = 0;
  /** Full refs of each manifest returned by this run's calls (prefixes never cross runs). */
  const manifests = new Map<ContentRef, ContentRef[]>();
  const seen = (c: CountedContent | undefined) => c && session.tokensByRef.set(c.ref, c.tokens);
  const { activities, updates } = activitiesOf(events);
  // The update a scheduled activity ran for: the latest compact accepted before it, until a turn starts.
  let manualFocus: { focus?: string } | undefined;
  let u = 0;
  for (const [index, a] of activities.entries()) {
    for (; u < updates.length && (updates[u]?.afterActivities ?? Infinity) <= index; u++) {
      const update = updates[u];
      if (update?.name === 'compact') {
        const focus = (update.args as { focus?: string } | undefined)?.focus;
        manualFocus = focus === undefined ? {} : { focus };
        session.manualCompactions.push({ afterItems: session.items.length, turn, ...manualFocus });
      }
    }
    switch (a.type) {
      case 'describeModel':
        if (a.result) session.model = a.result as DescribeModelResult;
        break;
      case 'countFixedOverhead':
        if (a.result) {
          session.fixed = a.result as CountFixedOverheadResult;
          seen(session.fixed.system);
        }
        break;
      case 'storeMessage': {
        const message = (a.input as StoreMessageInput).message;
        const result = a.result as StoreMessageResult | undefined;
        if (!result) break;
        seen(result.content);
        if (message.role === 'user') {
          turn += 1;
          step = 0;
          manualFocus = undefined;
          const item: RecordedItem = {
            turn,
            role: 'user',
            kind: 'message',
            content: result.content,
            preview: result.preview,
          };
          // (a tool's output sent as text, as a session started since 0.5.6 reads it)
          if (result.textOutput) item.textOutput = result.textOutput;
          session.items.push(item);
        } else if (message.role === 'tool') {
          // A tool whose activity failed for good: the workflow stores a failure result (src/workflows/turn.ts).
          session.items.push(failedToolItem(turn, message.tool_call_id ?? '', result));
        }
        break;
      }
      case 'callModel': {
        const callInput = a.input as CallModelInput;
        const result = a.result as CallModelResult | undefined;
        step += 1;
        const prefix = callInput.prefix ? (manifests.get(callInput.prefix) ?? []) : [];
        const refs = [...prefix, ...callInput.messages];
        session.calls.push({
          turn,
          step,
          model: callInput.model,
          refs,
          tools: callInput.tools ?? [],
          itemsBefore: session.items.length,
          ...(result ? { usage: result.usage } : {}),
          ...(a.time ? { time: a.time } : {}),
          failed: !result,
        });
        if (!result) break;
        manifests.set(result.manifest, refs);
        seen(result.message);
        const item: RecordedItem = {
          turn,
          role: 'assistant',
          kind: 'message',
          content: result.message,
          preview: result.preview,
        };
        if (result.toolCalls.length) item.toolCalls = result.toolCalls;
        session.items.push(item);
        break;
      }
      case 'executeTool': {
        const result = a.result as ExecuteToolResult | undefined;
        if (!result) break;
        seen(result.message);
        seen(result.digest);
        session.items.push({
          turn,
          role: 'tool',
          kind: 'tool_result',
          content: result.message,
          preview: result.preview,
          toolCallId: result.toolCallId,
          toolResult: result.toolResult,
          digest: result.digest,
        });
        break;
      }
      case 'summarize': {
        const result = a.result as SummarizeResult | undefined;
        if (!result) break;
        seen(result.summary);
        session.summaries.set(result.summary.ref, {
          input: a.input as SummarizeInput,
          result,
          turn,
          manual: manualFocus !== undefined,
        });
        break;
      }
    }
  }
}

function lastTurn(session: RecordedSession): number {
  return session.items.at(-1)?.turn ?? 0;
}

function failedToolItem(turn: number, toolCallId: string, stored: StoreMessageResult): RecordedItem {
  const text = stored.preview;
  return {
    turn,
    role: 'tool',
    kind: 'tool_result',
    content: stored.content,
    preview: stored.preview,
    toolCallId,
    toolResult: failedToolResultMeta('unknown', text, stored.content),
    digest: stored.content,
  };
}
