/**
 * The workflow owns its defaults: a session started from the Temporal CLI binary with only
 * `{"config":{"model":"…"}}` runs turns like one started by this package's client.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as sessions from '../../src/client';
import { TEST_MODEL, useSessionHarness } from '../support/session';
import { temporalAddress, uniqueId } from '../support/temporal';

const CLI = execFileSync('bash', [path.join(__dirname, '..', '..', 'scripts', 'temporal-cli.sh')], {
  encoding: 'utf8',
}).trim();

describe('a session started by the Temporal CLI', () => {
  const suite = useSessionHarness({ contextWindow: 8_000 });

  it('starts from {"config":{"model":…}} alone and answers with the workflow defaults', async () => {
    const sessionId = uniqueId('cli-start');
    suite.h.fake.script({ text: 'hello from a minimal config' });
    const out = await suite.h.run(async () => {
      execFileSync(CLI, [
        'workflow',
        'start',
        '--address',
        temporalAddress(),
        '--type',
        'agentSession',
        '--task-queue',
        suite.h.taskQueue,
        '--workflow-id',
        sessionId,
        '--input',
        JSON.stringify({ config: { model: TEST_MODEL } }),
      ]);
      const turn = await sessions.sendMessage(suite.client, sessionId, 'hi');
      return { turn, status: await sessions.status(suite.client, sessionId) };
    });
    expect(out.turn).toMatchObject({ turn: 1, reply: 'hello from a minimal config' });
    expect(out.turn.error).toBeUndefined();
    expect(out.status.model).toBe(TEST_MODEL);
  });
});
