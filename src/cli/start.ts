import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import pc from 'picocolors';
import { builtinTools } from '../activities/tools/builtin';
import type { ModelsConfig } from '../activities/model-client';
import * as sessions from '../client';
import { DurableContextPlugin } from '../plugin';
import { FilesystemStore } from '../store/filesystem-store';
import { DEMO_SYSTEM_PROMPT, startDemoEndpoint, type DemoEndpoint } from './demo';
import { PROJECT_ROOT, startDevServer, type DevServer } from './dev-server';
import { chatFromStdin, liveConfigFromEnv, liveModeRequested, type LiveConfig } from './live';
import { banner, SCRIPTED_LABEL } from './output';
import { abortable, SessionRun } from './session-run';

/** Options of `durable-context start`. */
export interface StartOptions {
  exit?: boolean;
  port: number;
  uiPort: number;
  /** Dev-server database, its state file and the content store; default `.durable-context/` of the repository. */
  stateDir?: string;
  /** Turns of the offline demo (default 60). */
  turns?: number;
}

/** The tools offered to the model: the read-only built-ins over this repository. */
const TOOL_NAMES = ['list_dir', 'read_file', 'grep'];

/** Where `start` keeps its state: `--state-dir`, else DURABLE_CONTEXT_STATE_DIR, else the repository's `.durable-context/`. */
export function resolveStateDir(option?: string, env: Record<string, string | undefined> = process.env): string {
  return path.resolve(option ?? env.DURABLE_CONTEXT_STATE_DIR ?? path.join(PROJECT_ROOT, '.durable-context'));
}

/**
 * The main job: the embedded Temporal dev server (SQLite file in the state directory,
 * reused when already running), a worker with the durable-context plugin, and a session:
 * the scripted offline demo, or a live model when OPENAI_API_KEY / OPENAI_BASE_URL is set.
 */
export async function runStart(options: StartOptions): Promise<void> {
  // Validate a live configuration before starting anything.
  const live: LiveConfig | undefined = liveModeRequested() ? liveConfigFromEnv() : undefined;
  const stateDir = resolveStateDir(options.stateDir);
  const relative = path.relative(process.cwd(), stateDir);
  const shownStateDir = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : stateDir;

  let server: DevServer | undefined;
  let address = process.env.TEMPORAL_ADDRESS;
  if (address) {
    console.log(`Using the Temporal server at ${address} (TEMPORAL_ADDRESS).`);
  } else {
    server = await startDevServer({
      port: options.port,
      uiPort: options.uiPort,
      dbFilename: path.join(stateDir, 'temporal.db'),
      stateFile: path.join(stateDir, 'server.json'),
      logFile: path.join(stateDir, 'temporal-server.log'),
    });
    address = server.address;
    console.log(
      server.reused
        ? `Reusing the Temporal dev server already running at ${address}.`
        : `Started the Temporal dev server at ${address} (data: ${path.join(shownStateDir, 'temporal.db')}).`,
    );
  }

  Runtime.install({ logger: new DefaultLogger('WARN') });
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let demo: DemoEndpoint | undefined;
  let nativeConnection: NativeConnection | undefined;
  let connection: Connection | undefined;
  let completed = false;
  try {
    nativeConnection = await NativeConnection.connect({ address });
    connection = await Connection.connect({ address });
    let models: ModelsConfig;
    if (live) {
      models = { models: live.models, ...(live.baseURL ? { baseURL: live.baseURL } : {}) };
      if (live.apiKey) models.apiKey = live.apiKey;
    } else {
      demo = await startDemoEndpoint(PROJECT_ROOT, options.turns);
      // `env: {}`: the demo never reads OPENAI_* (there are none, or this would be live mode).
      models = { baseURL: demo.url, apiKey: 'scripted-demo', models: [demo.model], env: {} };
    }
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
    const taskQueue = `durable-context-start-${process.pid}`;
    const plugin = new DurableContextPlugin({
      searchAttributes: await sessions.searchAttributesRegistered(connection),
      store: new FilesystemStore(path.join(stateDir, 'store')),
      tools: builtinTools({ root: PROJECT_ROOT }),
      models,
    });
    const worker = await Worker.create({ connection: nativeConnection, taskQueue, plugins: [plugin] });
    const client = new Client({ connection });
    const sessionId = `${demo ? 'demo' : 'chat'}-${stamp}-${process.pid}`;
    const uiUrl = server?.uiUrl && `${server.uiUrl}/namespaces/default/workflows/${sessionId}`;

    const conn = connection;
    // Every client call runs under the stop signal, so Ctrl-C cancels a turn being waited on
    // instead of leaving its retries running on a closed connection.
    await worker.runUntil(() =>
      conn.withAbortSignal(stop.signal, async () => {
        const model = demo?.model.name ?? live?.model ?? '';
        await sessions.startSession(client, {
          sessionId,
          taskQueue,
          config: {
            model,
            systemPrompt: demo ? DEMO_SYSTEM_PROMPT : liveSystemPrompt(),
            tools: TOOL_NAMES,
          },
        });
        if (demo) {
          console.log(banner(SCRIPTED_LABEL));
          console.log(
            pc.dim(
              [
                'A deterministic script stands in for the model (src/cli/demo), served over HTTP by the fake',
                'OpenAI-compatible server of durable-context/testing. The tools read this repository for real;',
                'the workflow, token counting, truncation and compaction are the real ones.',
                `Model '${model}': a ${demo.model.contextWindow}-token window, small on purpose.`,
              ].join('\n'),
            ),
          );
        } else {
          console.log(
            `Live model '${model}' at ${live?.baseURL ?? 'the OpenAI API'}; tools: ${TOOL_NAMES.join(', ')}.`,
          );
        }
        console.log(
          `Session ${sessionId} on task queue ${taskQueue} (content store: ${path.join(shownStateDir, 'store')}).`,
        );
        console.log('');

        const run = new SessionRun(client, sessionId, {
          signal: stop.signal,
          totalTurns: demo?.tasks.length,
          replyWidth: demo ? 160 : Infinity,
          echoPrompt: Boolean(demo),
        });
        if (demo) {
          for (const task of demo.tasks) if (!(await run.turn(task.prompt))) break;
        } else {
          await chatFromStdin(run, stop.signal);
        }
        if (stop.signal.aborted) return;
        await run.finish();
        completed = true;
        console.log('');
        if (demo) console.log(banner(`END OF ${SCRIPTED_LABEL}`));
        console.log(
          uiUrl ? `Session in the Temporal UI: ${uiUrl}` : `Session workflow id: ${sessionId} (on ${address}).`,
        );
        if (!options.exit && !stop.signal.aborted) {
          console.log('Server and worker keep running for the UI; press Ctrl-C to stop.');
          await abortable(new Promise<never>(() => undefined), stop.signal);
        }
      }),
    );
  } catch (err) {
    // Ctrl-C shuts the worker down under a waiting turn: that is a stop, not a failure.
    if (!stop.signal.aborted) throw err;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await connection?.close();
    await nativeConnection?.close();
    await demo?.close();
    await server?.stop();
  }
  if (stop.signal.aborted) {
    console.log(completed ? 'Stopped.' : 'Interrupted; the session stays in Temporal, its workflow id is above.');
    if (!completed) process.exitCode = 130;
  }
}

function liveSystemPrompt(): string {
  return (
    'You are a coding agent. You can inspect the repository you run in with read-only tools ' +
    '(list_dir, read_file, grep; paths relative to its root). Use them to answer, and answer briefly.'
  );
}
