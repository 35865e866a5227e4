/**
 * A deliberately incompatible edit of `agentSession`, made without `patched()`: it starts a
 * timer before anything else. Replaying any recorded session history against this bundle
 * must fail with a determinism error; replay.test.ts checks that it does, so the replay
 * tests are known to be able to fail.
 */
import { sleep } from '@temporalio/workflow';
import { agentSession as current, type SessionSummary } from '../../../src/workflows/agent-session';
import type { SessionInput } from '../../../src/workflows/types';

export * from '../../../src/workflows/definitions';

export async function agentSession(input: SessionInput): Promise<SessionSummary> {
  await sleep(1);
  return current(input);
}
