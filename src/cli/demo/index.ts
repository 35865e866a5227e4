/**
 * The offline demo's model endpoint: the fake OpenAI-compatible server from
 * `durable-context/testing`, in-process, answering with the scripted agent. Its model is a
 * user model with a deliberately small window, so a 60-turn review of this repository
 * truncates tool output and compacts several times.
 */
import type { UserModelSpec } from '../../activities/models';
import { startFakeOpenAI, type FakeOpenAI } from '../../testing/fake-openai';
import { scriptedAgent } from './agent';
import { demoTasks, DEMO_TURNS, type DemoTask } from './tasks';

export { DEMO_TURNS, type DemoTask };

/** The demo's model: small enough that 60 turns of file reading cross its window several times. */
export const DEMO_MODEL: UserModelSpec = {
  name: 'demo-scripted',
  contextWindow: 16_384,
  maxOutputTokens: 1_024,
  encoding: 'o200k_base',
};

/** System prompt of the demo session (sent to the scripted agent, which ignores it). */
export const DEMO_SYSTEM_PROMPT =
  'You are a coding agent reviewing the durable-context repository with read-only tools ' +
  '(list_dir, read_file, grep). Answer briefly, from what the tools returned.';

/** A running demo endpoint. */
export interface DemoEndpoint {
  /** Base URL for the OpenAI client. */
  url: string;
  model: UserModelSpec;
  /** The user messages of the demo, one per turn. */
  tasks: DemoTask[];
  fake: FakeOpenAI;
  close(): Promise<void>;
}

/** Starts the fake server with the scripted agent over the repository at `root`. */
export async function startDemoEndpoint(root: string, turns = DEMO_TURNS): Promise<DemoEndpoint> {
  const tasks = demoTasks(root, turns);
  const fake = await startFakeOpenAI({
    contextWindow: DEMO_MODEL.contextWindow,
    encoding: DEMO_MODEL.encoding,
    defaultReply: scriptedAgent(tasks),
  });
  return { url: fake.url, model: DEMO_MODEL, tasks, fake, close: () => fake.close() };
}
