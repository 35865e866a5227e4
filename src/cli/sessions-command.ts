/**
 * `sessions`: the sessions on the server, from Temporal's visibility — workflows of type
 * agentSession, with the figures each one publishes in its memo (src/workflows/visibility.ts):
 * model, turns, tokens, compactions, last activity and cost. No worker is needed. Filters
 * use the search attributes when the namespace has them registered, else the memo.
 */
import type { Client, WorkflowExecutionInfo } from '@temporalio/client';
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
export function sessionRow(info: WorkflowExecutionInfo): SessionRow {
  const memo = info.memo?.durableContext as SessionMemo | undefined;
  const row: SessionRow = {
    sessionId: info.workflowId,
    status: info.status.name,
    taskQueue: info.taskQueue,
    startTime: info.startTime.toISOString(),
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
      r.model ?? '—',
      r.turns === undefined ? '—' : String(r.turns),
      tokens,
      r.compactions === undefined ? '—' : String(r.compactions),
      ago(r.lastActivity ?? r.startTime, now),
      formatCost(r.costUsd),
    ]);
  }
  return table.toString();
}

/** Lists the sessions, newest first. */
export async function listSessions(client: Client, target: Target, options: SessionsOptions): Promise<SessionRow[]> {
  const registered =
    options.model !== undefined && (await searchAttributesRegistered(client.connection, target.namespace));
  const rows: SessionRow[] = [];
  for await (const info of client.workflow.list({ query: sessionsQuery(options, registered) })) {
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
    console.log(pc.dim('Resume one: durable-context chat --session <session>'));
  });
}
