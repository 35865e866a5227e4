/** Shared setup of the activity tests: a temp-dir store, the fake server, and the activities wired to both. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { expect } from 'vitest';
import { createActivities, type ActivitiesOptions } from '../../../src/activities/create-activities';
import type { UserModelSpec } from '../../../src/activities/models';
import { getJson } from '../../../src/store/content-store';
import { FilesystemStore } from '../../../src/store/filesystem-store';
import type { ChatMessage, ContentRef } from '../../../src/context/types';
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from '../../../src/testing/fake-openai';

/** A local model as users declare one (window known, tokenizer o200k_base). */
export const LOCAL_MODEL: UserModelSpec = { name: 'local-model', contextWindow: 32_000, maxOutputTokens: 2_000 };

/** One test's world: real files, real HTTP. */
export interface TestWorld {
  dir: string;
  store: FilesystemStore;
  fake: FakeOpenAI;
  activities: ReturnType<typeof createActivities>;
  close(): Promise<void>;
}

/** Starts a fake server and builds activities against it with a store in a fresh temp dir. */
export async function world(
  options: Partial<ActivitiesOptions> = {},
  fakeOptions: FakeOpenAIOptions = {},
): Promise<TestWorld> {
  const dir = await mkdtemp(join(tmpdir(), 'dc-act-'));
  const store = new FilesystemStore(join(dir, 'store'));
  const fake = await startFakeOpenAI(fakeOptions);
  const activities = createActivities({
    store,
    ...options,
    models: {
      baseURL: fake.url,
      apiKey: 'test-key',
      heartbeatIntervalMs: 20,
      models: [LOCAL_MODEL, { name: 'small-summarizer', contextWindow: 3_000, maxOutputTokens: 500 }],
      env: {},
      ...options.models,
    },
  });
  return {
    dir,
    store,
    fake,
    activities,
    close: async () => {
      await fake.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Stores messages through the activity and returns their refs and total tokens. */
export async function storeAll(w: TestWorld, model: string, messages: ChatMessage[]) {
  const refs: ContentRef[] = [];
  let tokens = 0;
  for (const message of messages) {
    const r = await w.activities.storeMessage({ model, message });
    refs.push(r.content.ref);
    tokens += r.content.tokens;
  }
  return { refs, tokens };
}

/** Reads a stored message. */
export function load(w: TestWorld, ref: ContentRef): Promise<ChatMessage> {
  return getJson<ChatMessage>(w.store, ref);
}

/** Awaits a rejection and returns it as an ApplicationFailure (failing the test otherwise). */
export async function failureOf(p: Promise<unknown>): Promise<ApplicationFailure> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApplicationFailure);
  return err as ApplicationFailure;
}
