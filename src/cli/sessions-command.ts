/**
 * `sessions`: the sessions on the server, from Temporal's visibility — workflows of type
 * agentSession, with the figures each one publishes in its memo (src/workflows/visibility.ts):
 * model, turns, tokens, compactions, last activity and cost. No worker is needed. Filters
 * use the search attributes when the namespace has them registered, else the memo.
 */
import type { Client } from '@temporalio/client';
import type { Payload } from '@temporalio/common';
import { optionalTsToDate } from '@temporalio/common/lib/time';
import { temporal } from '@temporalio/proto';
import Table from 'cli-table3';
import pc from 'picocolors';
import { searchAttributesRegistered, SESSION_WORKFLOW_TYPE } from '../client';
import { formatTokens } from '../context/budget';
import type { SessionMemo } from '../workflows/visibility';
import { withClient, type Target } from './connect';

/** Options of `sessions`. */
export interface SessionsOptions {
  /** Only sessions on this model. */
  model?: string;
  /** Only running sessions. */
  running?: boolean;
  /** At most this many (newest first). */
  limit: number;
  json?: boolean;
}

/** One row of `sessions`. */
export interface SessionRow {
  sessionId: string;
  status: string;
  taskQueue: string;
  startTime: string;
  model?: string;
  turns?: number;
  historyTokens?: number;
  contextWindow?: number;
  compactions?: number;
  costUsd?: number;
  lastActivity?: string;
  /** Why the memo could not be read (encrypted with a key this client lacks, …); figures are then absent. */
  memoError?: string;
}

/** The fields of a visibility record `sessionRow` reads (decoded memo, or the reason it could not be). */
export interface SessionRecord {
  workflowId: string;
  status: { name: string };
  taskQueue: string;
  startTime: Date;
  memo?: Record<string, unknown>;
  memoError?: string;
}

/** Single quotes escaped for a visibility query string literal. */
function literal(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The visibility query for the options (search attributes only when registered). */
export function sessionsQuery(options: Pick<SessionsOptions, 'model' | 'running'>, registered: boolean): string {
  const parts = [`WorkflowType = ${literal(SESSION_WORKFLOW_TYPE)}`];
  if (options.running) parts.push(`ExecutionStatus = 'Running'`);
  if (options.model !== undefined && registered) parts.push(`DurableContextModel = ${literal(options.model)}`);
  return parts.join(' AND ');
}

/** A row from a workflow's visibility record and its memo (absent for sessions of 0.2.0 and earlier). */
export function sessionRow(info: SessionRecord): SessionRow {
  const memo = info.memo?.durableContext as SessionMemo | undefined;
  const row: SessionRow = {
    sessionId: info.workflowId,
    status: info.status.name,
    taskQueue: info.taskQueue,
    startTime: info.startTime.toISOString(),
    ...(info.memoError !== undefined ? { memoError: info.memoError } : {}),
  };
  if (memo) {
    Object.assign(row, {
      model: memo.model,
      turns: memo.turns,
      historyTokens: memo.historyTokens,
      contextWindow: memo.contextWindow,
      compactions: memo.compactions,
      lastActivity: memo.lastActivity,
      ...(memo.costUsd !== undefined ? { costUsd: memo.costUsd } : {}),
    });
  }
  return row;
}

/** `5s ago`, `3m ago`, `2h ago`, `4d ago`. */
export function ago(iso: string | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86_400)}d ago`;
}

/** `$0.0123`, `$1.23`; `—` when unknown. */
export function formatCost(usd: number | undefined): string {
  if (usd === undefined) return '—';
  return usd < 1 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** The rows as a table. */
export function sessionsTable(rows: readonly SessionRow[], now = Date.now()): string {
  const table = new Table({
    head: ['session', 'status', 'model', 'turns', 'tokens', 'compactions', 'last activity', 'cost'].map((h) =>
      pc.bold(h),
    ),
    style: { head: [], border: [], compact: true },
  });
  for (const r of rows) {
    const status = r.status === 'RUNNING' ? pc.green('running') : r.status.toLowerCase();
    const tokens =
      r.historyTokens === undefined
        ? '—'
        : `${formatTokens(r.historyTokens)}/${r.contextWindow ? formatTokens(r.contextWindow) : '?'}`;
    table.push([
      r.sessionId,
      status,
      r.model ?? (r.memoError !== undefined ? '🔒' : '—'),
      r.turns === undefined ? '—' : String(r.turns),
      tokens,
      r.compactions === undefined ? '—' : String(r.compactions),
      ago(r.lastActivity ?? r.startTime, now),
      formatCost(r.costUsd),
    ]);
  }
  return table.toString();
}

/** `WORKFLOW_EXECUTION_STATUS_RUNNING` → `RUNNING` (and the SDK's spelling `CANCELLED`). */
function statusName(code: number | null | undefined): string {
  const name = temporal.api.enums.v1.WorkflowExecutionStatus[code ?? 0] ?? 'UNSPECIFIED';
  const short = name.replace(/^WORKFLOW_EXECUTION_STATUS_/, '');
  return short === 'CANCELED' ? 'CANCELLED' : short;
}

/** One memo field through the client's codecs and payload converter. */
async function decodeMemoField(client: Client, payload: Payload): Promise<unknown> {
  const { payloadCodecs, payloadConverter } = client.options.loadedDataConverter;
  let decoded = [payload];
  for (const codec of [...payloadCodecs].reverse()) decoded = await codec.decode(decoded);
  return payloadConverter.fromPayload(decoded[0]!);
}

/**
 * Visibility records of the query, newest first. Each memo is decoded on its own, so one
 * session encrypted with a key this client lacks shows without figures (and the reason)
 * instead of failing the whole listing, as the SDK's `workflow.list` would.
 */
async function* sessionRecords(client: Client, namespace: string, query: string): AsyncGenerator<SessionRecord> {
  let nextPageToken: Uint8Array | undefined;
  do {
    const page = await client.workflowService.listWorkflowExecutions({ namespace, query, nextPageToken });
    for (const raw of page.executions ?? []) {
      const record: SessionRecord = {
        workflowId: raw.execution?.workflowId ?? '',
        status: { name: statusName(raw.status) },
        taskQueue: raw.taskQueue ?? '',
        startTime: optionalTsToDate(raw.startTime) ?? new Date(0),
      };
      const field = raw.memo?.fields?.durableContext;
      if (field) {
        try {
          record.memo = { durableContext: await decodeMemoField(client, field as Payload) };
        } catch (err) {
          record.memoError = err instanceof Error ? err.message : String(err);
        }
      }
      yield record;
    }
    nextPageToken = page.nextPageToken?.length ? page.nextPageToken : undefined;
  } while (nextPageToken);
}

/** Lists the sessions, newest first. */
export async function listSessions(client: Client, target: Target, options: SessionsOptions): Promise<SessionRow[]> {
  const registered =
    options.model !== undefined && (await searchAttributesRegistered(client.connection, target.namespace));
  const rows: SessionRow[] = [];
  for await (const info of sessionRecords(client, target.namespace, sessionsQuery(options, registered))) {
    const row = sessionRow(info);
    // Without the search attribute the memo filters (a session without a memo has no known model).
    if (options.model !== undefined && !registered && row.model !== options.model) continue;
    rows.push(row);
    if (rows.length >= options.limit) break;
  }
  return rows;
}

/** `sessions [--model X] [--running] [--limit N] [--json]`. */
export async function runSessions(options: SessionsOptions): Promise<void> {
  await withClient(async (client, target) => {
    const rows = await listSessions(client, target, options);
    if (options.json) {
      console.log(JSON.stringify(rows, null, 2));
      return;
    }
    if (!rows.length) {
      console.log(`No sessions in namespace '${target.namespace}' at ${target.address}.`);
      return;
    }
    console.log(sessionsTable(rows));
    const unreadable = rows.filter((r) => r.memoError !== undefined);
    if (unreadable.length) {
      console.log(pc.yellow(`${unreadable.length} session(s) show no figures: ${unreadable[0]!.memoError}`));
    }
    console.log(pc.dim('Resume one: durable-context chat --session <session>'));
  });
}
