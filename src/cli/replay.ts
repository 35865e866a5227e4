/**
 * `replay`: replays a session's recorded histories — every run of its continue-as-new chain,
 * or exported history files — against the workflow code of this checkout, with the
 * durable-context plugin, as a worker would on recovery. A run that no longer replays would
 * wedge that session on deploy: it is reported with its determinism error and the command
 * exits 1. The check an operator runs before deploying new workflow code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { historyFromJSON, type History } from '@temporalio/common/lib/proto-utils';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { InvalidArgumentError } from 'commander';
import pc from 'picocolors';
import { SESSION_WORKFLOW_TYPE } from '../client';
import { keyringFromEnv } from '../encryption/keys-from-env';
import { DurableContextPlugin, workflowsPath } from '../plugin';
import { MemoryStore } from '../store/memory-store';
import { CliError, messageOf, noSessionMessage, withClient, type Target } from './connect';
import { count } from './output';

/** One history to replay and where it came from. */
export interface RecordedRun {
  /** `run 2/3 <runId>` or the file name. */
  label: string;
  workflowId: string;
  history: History;
}

/**
 * Parses one `--history <file>` (JSON as written by `temporal workflow show --output json`
 * or by `fetchHistory`); commander collects repeated ones. A file that cannot be read or is
 * not a history is a usage error.
 */
export function parseHistoryFile(file: string, previous: RecordedRun[] = []): RecordedRun[] {
  let history: History;
  try {
    history = historyFromJSON(JSON.parse(readFileSync(file, 'utf8')));
  } catch (err) {
    throw new InvalidArgumentError(`'${file}' is not a readable workflow history JSON: ${messageOf(err)}`);
  }
  if (!history.events?.length) throw new InvalidArgumentError(`'${file}' holds no history events`);
  return [...previous, { label: path.basename(file), workflowId: path.basename(file, '.json'), history }];
}

/** `replay <sessionId>` or `replay --history <file...>`. */
export async function runReplay(sessionId: string | undefined, options: { history?: RecordedRun[] }): Promise<void> {
  // Encrypted histories replay with the keys of DURABLE_CONTEXT_KEYS / DURABLE_CONTEXT_KEY_FILE.
  const keyring = keyringFromEnv();
  const runs = options.history ?? (await withClient((client, target) => sessionRuns(client, target, sessionId ?? '')));
  const where = path.relative(process.cwd(), path.dirname(workflowsPath())) || '.';
  console.log(
    `Replaying ${count(runs.length, 'history')}${sessionId ? ` of session '${sessionId}'` : ''} ` +
      `against the workflow code in ${where} …`,
  );
  // The bundler and the replay worker log at INFO; their warnings and errors still show.
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  // Activities never run in a replay: the plugin only needs a store to be built.
  const plugin = new DurableContextPlugin({ store: new MemoryStore(), ...(keyring ? { keyring } : {}) });
  const results = Worker.runReplayHistories(
    { plugins: [plugin] },
    runs.map((r) => ({ workflowId: r.workflowId, history: r.history })),
  );
  let index = 0;
  let failed = 0;
  for await (const result of results) {
    const run = runs[index++];
    const events = `${run?.history.events?.length ?? 0} events`;
    if (!result.error) {
      console.log(`${pc.green('✓')} ${run?.label}  ${pc.dim(events)}  ${pc.green('OK')}`);
      continue;
    }
    failed++;
    console.log(`${pc.red('✗')} ${run?.label}  ${pc.dim(events)}  ${pc.red(result.error.name)}`);
    for (const line of result.error.message.split('\n')) console.log(pc.red(`    ${line}`));
  }
  if (failed) {
    console.log(pc.red(`${failed} of ${count(runs.length, 'history')} failed to replay against this code.`));
    process.exitCode = 1;
  } else {
    console.log(pc.green(`${count(runs.length, 'history')} replayed OK against this code.`));
  }
}

/**
 * Every run of the session, oldest first: the latest run, then back along the chain each
 * run's start event names (`continuedExecutionRunId`). The histories alone give the chain,
 * so no worker has to answer a query and closed sessions replay as well as running ones.
 */
export async function sessionRuns(client: Client, target: Target, sessionId: string): Promise<RecordedRun[]> {
  const latest = await client.workflow
    .getHandle(sessionId)
    .describe()
    .catch((err: unknown) => {
      if (err instanceof WorkflowNotFoundError)
        throw new CliError(noSessionMessage(sessionId, target), 'SessionNotFound');
      throw err;
    });
  if (latest.type !== SESSION_WORKFLOW_TYPE) {
    throw new CliError(
      `'${sessionId}' is a ${latest.type} workflow, not a session (${SESSION_WORKFLOW_TYPE})`,
      'NotASession',
    );
  }
  const histories: { runId: string; history: History }[] = [];
  for (let runId: string | undefined = latest.runId; runId;) {
    const history = await client.workflow.getHandle(sessionId, runId).fetchHistory();
    histories.unshift({ runId, history });
    runId = history.events?.[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId || undefined;
  }
  return histories.map(({ runId, history }, i) => ({
    label: `run ${i + 1}/${histories.length} ${runId}`,
    workflowId: sessionId,
    history,
  }));
}
