/**
 * `chat [--session ID]`: a REPL on a new session or an existing one (resumed: the workflow
 * keeps everything, so resuming is connecting to it). One message per line; lines starting
 * with `/` are commands. On a terminal it prompts and shows a spinner while a turn runs;
 * with piped input it reads until EOF and echoes each message. Leaving (/exit, Ctrl-D,
 * Ctrl-C) leaves the session open. Needs a worker polling the session's task queue.
 */
import { createInterface } from 'node:readline';
import type { Client } from '@temporalio/client';
import pc from 'picocolors';
import * as sessions from '../../client';
import { DEFAULT_TASK_QUEUE } from '../../config';
import { formatTokens } from '../../context/budget';
import { requirePoller, requireWorker, withClient, type Target } from '../connect';
import { clipLine } from '../output';
import { ChatSession } from './chat-session';
import { readSessionFacts } from './session-facts';

/** Default model of a new chat session. */
export const DEFAULT_CHAT_MODEL = 'gpt-4o-mini';

/** Options of `chat`. */
export interface ChatOptions {
  /** Resume this session instead of starting one. */
  session?: string;
  /** New session: its id (default `chat-<time>`). */
  id?: string;
  model?: string;
  taskQueue?: string;
  systemPrompt?: string;
  tools?: string[];
  debug?: boolean;
}

/** Starts a new session for the chat once a worker is known to poll its task queue. */
async function startChatSession(client: Client, target: Target, options: ChatOptions): Promise<string> {
  const taskQueue = options.taskQueue ?? process.env.DURABLE_CONTEXT_TASK_QUEUE ?? DEFAULT_TASK_QUEUE;
  await requirePoller(client, target, taskQueue, 'a new chat session');
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const sessionId = options.id ?? `chat-${stamp}-${process.pid}`;
  await sessions.startSession(client, {
    sessionId,
    taskQueue,
    config: {
      model: options.model ?? process.env.DURABLE_CONTEXT_MODEL ?? DEFAULT_CHAT_MODEL,
      tools: options.tools ?? [],
      ...(options.systemPrompt ? { systemPrompt: options.systemPrompt } : {}),
    },
  });
  return sessionId;
}

/** `chat [--session ID]`. */
export async function runChat(options: ChatOptions): Promise<void> {
  await withClient(async (client, target) => {
    const resumed = options.session !== undefined;
    const sessionId = resumed ? (options.session as string) : await startChatSession(client, target, options);
    const taskQueue = await requireWorker(client, target, sessionId);
    const tty = Boolean(process.stdin.isTTY);
    const chat = new ChatSession(client, sessionId, await readSessionFacts(client, target.namespace, sessionId), {
      spinner: Boolean(process.stdout.isTTY),
      ...(options.debug ? { debug: true } : {}),
    });
    const status = await chat.init();
    console.log(
      `${resumed ? 'Resumed' : 'Started'} session ${pc.bold(sessionId)} on task queue ${taskQueue}: ` +
        `${status.model} (${formatTokens(status.contextWindow)} window), turn ${status.turn}.`,
    );
    if (resumed && status.turn > 0) console.log(chat.meter(status));
    if (tty) console.log(pc.dim('One message per line; /help lists the commands; /exit or Ctrl-D leaves.'));
    await repl(chat, tty);
    console.log(pc.dim(`The session stays open; resume it: durable-context chat --session ${sessionId}`));
  });
}

/** Reads lines until EOF, /exit or Ctrl-C; runs each as a turn or a command. */
async function repl(chat: ChatSession, tty: boolean): Promise<void> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
  const stop = new AbortController();
  // Ctrl-C leaves the chat (a running turn goes on in the session).
  rl.on('SIGINT', () => {
    stop.abort();
    rl.close();
  });
  rl.setPrompt(pc.cyan('you › '));
  if (tty) rl.prompt();
  try {
    for await (const raw of rl) {
      const line = raw.trim();
      if (line) {
        if (!tty) console.log(pc.cyan(`you › ${clipLine(line, 200)}`));
        let go = true;
        try {
          if (line.startsWith('/')) go = await chat.command(line, stop.signal);
          else await chat.turn(line, stop.signal);
        } catch (err) {
          chat.failure(err);
        }
        if (!go || stop.signal.aborted) break;
      }
      if (tty) rl.prompt();
    }
  } finally {
    rl.close();
  }
}
