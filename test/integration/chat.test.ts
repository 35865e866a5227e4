/**
 * `chat` and `sessions` as a user runs them, against sessions served by a worker with the
 * fake OpenAI server: a chat with piped input (turns, slash commands, a provider error),
 * one under a real terminal (tmux: the spinner names the phase, the meter follows the reply),
 * and the session list from visibility.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sessions from '../../src/client';
import { PROJECT_ROOT } from '../../src/cli/dev-server';
import { cliEnv, hasTmux, runCli, showRun, TSX } from '../support/cli';
import { fetchDocTool } from '../support/doc-tools';
import { TEST_MODEL, useSessionHarness } from '../support/session';
import { temporalAddress, uniqueId } from '../support/temporal';
import { TmuxSession } from '../support/tmux';

/** A fetch_doc call with a stable id. */
function doc(topic: string, lines: number) {
  return { id: `call_${topic}`, name: 'fetch_doc', arguments: { topic, lines } };
}

describe('durable-context chat and sessions', () => {
  const suite = useSessionHarness({ contextWindow: 6_000, maxOutputTokens: 256 }, { tools: ['fetch_doc'] });
  let stopWorker: () => void = () => undefined;
  let worker: Promise<void> | undefined;
  const env = () => ({ TEMPORAL_ADDRESS: temporalAddress() });

  beforeAll(() => {
    const stopped = new Promise<void>((resolve) => (stopWorker = resolve));
    worker = suite.h.run(() => stopped, [fetchDocTool]);
  });
  afterAll(async () => {
    stopWorker();
    await worker;
  });

  it('piped: starts a session, runs turns and the slash commands, and prints a provider error as one line', async () => {
    const id = uniqueId('chat-piped');
    suite.h.fake.script(
      { toolCalls: [doc('alpha', 30)] },
      { text: 'Alpha is documented.' },
      { text: 'Second answer.' },
    );
    // The third message meets a 401: the turn ends with ProviderRejected, the chat goes on.
    const input = [
      'Read the alpha docs.',
      'And now?',
      '/context',
      '/cost',
      '/compact the alpha module',
      '/ledger',
      '/view',
      '/bogus',
      'This one fails.',
      '/exit',
      'never sent',
    ].join('\n');
    const chat = runCli(
      ['chat', '--id', id, '--model', TEST_MODEL, '--task-queue', suite.h.taskQueue, '--tools', 'fetch_doc'],
      { env: env(), input },
    );
    // The 401 is for the third model call of the session (after two turns' three calls).
    const until = Date.now() + 60_000;
    while (Date.now() < until && suite.h.fake.requests.filter((r) => r.path === '/v1/chat/completions').length < 3) {
      await new Promise((r) => setTimeout(r, 100));
    }
    suite.h.fake.injectFault({ kind: 'status', status: 401, message: 'Incorrect API key provided' });
    const run = await chat;
    expect(run.code, showRun(run)).toBe(0);
    const out = run.stdout;
    expect(out).toContain(
      `Started session ${id} on task queue ${suite.h.taskQueue}: ${TEST_MODEL} (6K window), turn 0.`,
    );
    expect(out).toContain('you › Read the alpha docs.');
    expect(out).toContain('⚙ fetch_doc alpha');
    expect(out).toContain('assistant › Alpha is documented.');
    expect(out).toContain('assistant › Second answer.');
    const meters = out.split('\n').filter((l) => l.startsWith('📊 '));
    expect(meters.length).toBeGreaterThanOrEqual(3);
    // No estimate from one turn; after three, the turns left before compaction.
    expect(meters[0]).toMatch(/^📊 [\d.]+K?\/[\d.]+K \([\d.]+%\) · ⟳ 0 compactions · —$/);
    expect(meters.at(-1)).toMatch(
      /^📊 [\d.]+K?\/[\d.]+K \([\d.]+%\) · (~\d+ turns? to compaction|compaction next turn) · ⟳ 1 compaction · —$/,
    );
    // /context: every part of the window, in tokens and percent.
    for (const part of [
      'system prompt',
      'tool schemas',
      'summaries',
      'messages',
      'tool results',
      'digests',
      'reserved output',
      'free',
    ]) {
      expect(out).toMatch(new RegExp(`^  \\S ${part} +[\\d.]+K? +[\\d.]+%$`, 'm'));
    }
    expect(out).toMatch(new RegExp(`^${TEST_MODEL} +3 calls +[\\d.]+K? prompt +[\\d.]+K? completion +—$`, 'm'));
    // /compact with a focus, then the ledger shows it.
    expect(out).toMatch(/│ \d+ +│ 2 +│ range-summary │ manual/);
    expect(out).toMatch(/│ #? *│ seq +│ role +│ visibility/);
    expect(out).toContain('unknown command /bogus (try /help)');
    // The provider error: one line with its typed cause, no stack trace.
    expect(out).toMatch(/^ {2}✗ ProviderRejected: .*401/m);
    expect(out + run.stderr).not.toMatch(/\n\s+at /);
    expect(out).not.toContain('never sent');
    expect(out).toContain(`The session stays open; resume it: durable-context chat --session ${id}`);
    const ledger = await sessions.ledger(suite.client, id);
    expect(ledger.map((r) => [r.reason, r.focus])).toContainEqual(['manual', 'the alpha module']);
    await sessions.end(suite.client, id);
  }, 180_000);

  it('resumes a session under a real terminal: spinner with the phase, reply, meter, /context, /exit', async ({
    skip,
  }) => {
    if (!hasTmux()) skip('tmux is not installed (.ci/run installs it)');
    const id = uniqueId('chat-tty');
    await suite.start(id, { systemPrompt: 'You are a test agent.' });
    suite.h.fake.script({ text: 'First reply.' });
    await sessions.sendMessage(suite.client, id, 'Hello before the chat.');
    // A slow reply, so the spinner is on the screen long enough to be read.
    suite.h.fake.script({ text: 'A slow reply from the terminal test.', delayMs: 4_000 });
    const termEnv: Record<string, string | undefined> = { ...cliEnv(env()), TERM: 'xterm-256color' };
    delete termEnv.CI; // the spinner library draws only on a terminal outside CI
    const tmux = new TmuxSession([TSX, 'src/cli/index.ts', 'chat', '--session', id], termEnv, PROJECT_ROOT);
    try {
      await tmux.waitFor((s) => s.includes(`Resumed session ${id}`) && /you ›\s*$/m.test(s), 'prompt', 90_000);
      tmux.type('How slow is it?');
      const spinning = await tmux.waitFor(
        (s) => s.includes(`calling ${TEST_MODEL} (step 1)`),
        'spinner with the phase',
      );
      expect(spinning).not.toContain('A slow reply');
      const replied = await tmux.waitFor(
        (s) => s.includes('assistant › A slow reply from the terminal test.'),
        'reply',
      );
      expect(replied).toMatch(/^📊 [\d.]+K?\/[\d.]+K \([\d.]+%\) · .*⟳ 0 compactions/m);
      // The spinner line was cleared once the reply came.
      const after = replied.slice(replied.indexOf('How slow is it?'));
      expect(after).not.toContain('calling fake-model');
      tmux.type('/context');
      await tmux.waitFor((s) => /reserved output +[\d.]+K?/.test(s) && /free +[\d.]+K?/.test(s), '/context');
      tmux.type('/exit');
      await tmux.waitFor((s) => s.includes(`resume it: durable-context chat --session ${id}`), 'exit message');
    } finally {
      tmux.kill();
    }
    expect((await sessions.status(suite.client, id)).turn).toBe(2);
    await sessions.end(suite.client, id);
  }, 180_000);

  it('sessions lists sessions with their figures from visibility, and filters by model', async () => {
    const id = uniqueId('listed');
    await suite.start(id, {});
    suite.h.fake.script({ text: 'one' });
    await sessions.sendMessage(suite.client, id, 'count me');
    const status = await sessions.status(suite.client, id);
    // Visibility is eventually consistent: retry briefly.
    let run = await runCli(['sessions', '--json', '--limit', '500'], { env: env() });
    for (let i = 0; i < 20 && !run.stdout.includes(`"turns": 1`); i++) {
      await new Promise((r) => setTimeout(r, 500));
      run = await runCli(['sessions', '--json', '--limit', '500'], { env: env() });
    }
    expect(run.code, showRun(run)).toBe(0);
    const rows = JSON.parse(run.stdout) as { sessionId: string }[];
    expect(rows.find((r) => r.sessionId === id)).toMatchObject({
      status: 'RUNNING',
      model: TEST_MODEL,
      turns: 1,
      compactions: 0,
      historyTokens: status.historyTokens,
      contextWindow: 6_000,
    });
    const [table, other] = await Promise.all([
      runCli(['sessions', '--running', '--model', TEST_MODEL, '--limit', '500'], { env: env() }),
      runCli(['sessions', '--model', 'no-such-model'], { env: env() }),
    ]);
    expect(table.stdout).toMatch(
      new RegExp(`│ ${id} +│ running +│ ${TEST_MODEL} +│ 1 +│ [\\d.]+K?/6K +│ 0 +│ \\d+[smh] ago`),
    );
    expect(other.stdout).toContain('No sessions');
    await sessions.end(suite.client, id);
  }, 180_000);
});
