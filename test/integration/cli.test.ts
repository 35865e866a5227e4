/**
 * The operating and debugging commands of the CLI, run as child processes (tsx on
 * src/cli/index.ts, as `npm start` runs it) against a session driven in-process on the run's
 * Temporal server: a worker with the plugin polls the session's task queue for the whole file,
 * so the commands' queries and updates are answered.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import * as sessions from '../../src/client';
import { PROJECT_ROOT } from '../../src/cli/dev-server';
import type { CompactionRecord, LogItem } from '../../src/context/types';
import { runCli, showRun, type CliRun } from '../support/cli';
import { fetchDocTool } from '../support/doc-tools';
import { useSessionHarness } from '../support/session';
import { temporalAddress, uniqueId } from '../support/temporal';

type Run = CliRun;

const FIXTURE = path.join(PROJECT_ROOT, 'test', 'fixtures', 'histories', '0.3.0', 'parallel-tools.json');

/** Runs `durable-context <args>` to its end against the run's server, colors off; `input` goes to its stdin. */
const cli = (args: string[], env: Record<string, string> = {}, timeoutMs = 150_000, input?: string): Promise<Run> =>
  runCli(args, { env: { TEMPORAL_ADDRESS: temporalAddress(), ...env }, timeoutMs, ...(input ? { input } : {}) });
const show = showRun;

/** A fetch_doc call with a stable id. */
function doc(topic: string, lines: number) {
  return { id: `call_${topic}`, name: 'fetch_doc', arguments: { topic, lines } };
}

describe('durable-context CLI: send, status, compact, end, ledger, log, view, inspect, replay', () => {
  const suite = useSessionHarness({ contextWindow: 4_000, maxOutputTokens: 256 }, { tools: ['fetch_doc'] });
  const sessionId = uniqueId('cli');
  let stopWorker: () => void = () => undefined;
  let worker: Promise<void> | undefined;

  // One worker for the whole file (registered after the harness, so it stops before the harness closes).
  beforeAll(async () => {
    const stopped = new Promise<void>((resolve) => (stopWorker = resolve));
    worker = suite.h.run(() => stopped, [fetchDocTool]);
    await suite.start(sessionId, { systemPrompt: 'You are a test agent.' });
    // Turns that read docs until the threshold has compacted the context.
    for (let t = 1; t <= 12 && (await sessions.status(suite.client, sessionId)).compactions === 0; t++) {
      suite.h.fake.script({ toolCalls: [doc(`topic${t}`, 20)] }, { text: `Read topic${t}.` });
      await sessions.sendMessage(suite.client, sessionId, `Read the docs of topic${t}.`);
    }
  });
  afterAll(async () => {
    stopWorker();
    await worker;
  });

  it('send prints the meter line and the reply; status prints the meter line and the fields', async () => {
    suite.h.fake.script({ text: 'Here is the CLI reply.' });
    const send = await cli(['send', sessionId, 'Say', 'something.']);
    expect(send.code, show(send)).toBe(0);
    expect(send.stdout).toMatch(/^turn \d+ {2}📊 [\d.]+K?\/[\d.]+K? \([\d.]+%\)/m);
    expect(send.stdout).toContain('assistant › Here is the CLI reply.');
    const log = await sessions.log(suite.client, sessionId);
    expect(log.filter((i) => i.role === 'user').at(-1)?.preview).toBe('Say something.');

    const status = await cli(['status', sessionId]);
    expect(status.code, show(status)).toBe(0);
    expect(status.stdout).toMatch(/📊 [\d.]+K?\/[\d.]+K? \([\d.]+%\)/);
    expect(status.stdout).toMatch(/^model: +fake-model \(4K window\)/m);
    expect(status.stdout).toMatch(/^compactions: +[1-9]/m);
  }, 300_000);

  it('compact, ledger and inspect show the compactions: strategy, reason, range, tokens, outcome, what was dropped', async () => {
    const compact = await cli(['compact', sessionId, '--focus', 'the topics read']);
    expect(compact.code, show(compact)).toBe(0);
    const ledger: CompactionRecord[] = await sessions.ledger(suite.client, sessionId);
    expect(ledger.some((r) => r.reason === 'threshold')).toBe(true);
    const manual = ledger.filter((r) => r.reason === 'manual');
    expect(manual.length).toBeGreaterThanOrEqual(1);
    expect(compact.stdout).toMatch(/manual/);

    const [table, inspect] = await Promise.all([cli(['ledger', sessionId]), cli(['inspect', sessionId])]);
    expect(table.code, show(table)).toBe(0);
    const rows = table.stdout.split('\n').filter((l) => /^│ \d+ +│ \d+ +│/.test(l));
    expect(rows).toHaveLength(ledger.length);
    expect(rows.some((r) => r.includes('range-summary') && /seq \d+–\d+/.test(r) && r.includes('threshold'))).toBe(
      true,
    );

    expect(inspect.code, show(inspect)).toBe(0);
    const out = inspect.stdout;
    expect(out).toMatch(/^turn 1 {2}\+\d+ items, [\d.]+K? tokens/m);
    expect(out).toContain('⚙ fetch_doc topic1');
    for (const r of ledger) expect(out).toContain(`⟳ #${r.id} ${r.strategy} (${r.reason}:`);
    expect(out).toMatch(/dropped from the view: \d+ items of turns \d+–\d+ \([\d.]+K? tokens in the log\)/);
    // The manual compaction's range reaches past the threshold's: it rolled that summary into its own.
    const threshold = ledger.find((r) => r.reason === 'threshold' && r.strategy === 'range-summary');
    expect(manual[0]?.range?.to).toBeGreaterThanOrEqual(threshold?.range?.to ?? Infinity);
    expect(out).toContain(`the earlier summary seq ${threshold?.summarySeq}, rolled in`);
    expect(out).toMatch(/[\d.]+K? → [\d.]+K? tokens in the view, summarizer extractive, applied/);
    expect(out).toContain('focus "the topics read"');
  }, 300_000);

  it('log --json is the merged raw log; log --from/--limit pages it as a table', async () => {
    const [json, page] = await Promise.all([
      cli(['log', sessionId, '--json']),
      cli(['log', sessionId, '--from', '2', '--limit', '3']),
    ]);
    expect(json.code, show(json)).toBe(0);
    expect(JSON.parse(json.stdout) as LogItem[]).toEqual(await sessions.log(suite.client, sessionId));
    expect(page.code, show(page)).toBe(0);
    const seqs = page.stdout
      .split('\n')
      .map((l) => /^│ (\d+) +│/.exec(l)?.[1])
      .filter(Boolean);
    expect(seqs).toEqual(['2', '3', '4']);
  }, 300_000);

  it('view lists what the model sees with visibility and tokens; --content prints the stored messages', async () => {
    const [table, content] = await Promise.all([
      cli(['view', sessionId]),
      cli(['view', sessionId, '--content', '--store', suite.h.storeDir]),
    ]);
    expect(table.code, show(table)).toBe(0);
    const view = await sessions.view(suite.client, sessionId);
    const rows = table.stdout.split('\n').filter((l) => /^│ \d+ +│ \d+ +│/.test(l));
    expect(rows).toHaveLength(view.total);
    expect(table.stdout).toMatch(/│ summary +│/);
    expect(content.code, show(content)).toBe(0);
    expect(content.stdout).toContain('Say something.');
    expect(content.stdout).toContain('Here is the CLI reply.');
  }, 300_000);

  it('replay: a live session and a fixture file replay OK (exit 0)', async () => {
    const [live, file] = await Promise.all([cli(['replay', sessionId]), cli(['replay', '--history', FIXTURE])]);
    expect(live.code, show(live)).toBe(0);
    expect(live.stdout).toMatch(/✓ run 1\/1 \S+ {2}\d+ events {2}OK/);
    expect(file.code, show(file)).toBe(0);
    expect(file.stdout).toMatch(/✓ parallel-tools\.json {2}\d+ events {2}OK/);
    expect(live.stdout).toContain('1 history replayed OK against this code.');
  }, 300_000);

  it('replay exits 1 with the determinism error for a session recorded by incompatible workflow code', async () => {
    // test/support/changed-session-workflows: agentSession with an unversioned timer first.
    const changed = await bundleWorkflowCode({
      workflowsPath: path.join(PROJECT_ROOT, 'test', 'support', 'changed-session-workflows', 'index.ts'),
      logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} },
    });
    const id = uniqueId('cli-changed');
    const taskQueue = uniqueId('cli-changed');
    const connection = await NativeConnection.connect({ address: temporalAddress() });
    try {
      const w = await Worker.create({ connection, taskQueue, workflowBundle: changed, plugins: [suite.h.plugin()] });
      await w.runUntil(async () => {
        suite.h.fake.script({ text: 'recorded by the changed code' });
        await sessions.startSession(suite.client, { sessionId: id, taskQueue, config: { model: 'fake-model' } });
        // A signal: the changed code registers its handlers only after its timer, too late for an update.
        await sessions.signalMessage(suite.client, id, 'hello');
        await sessions.end(suite.client, id);
        await suite.client.workflow.getHandle(id).result();
      });
    } finally {
      await connection.close();
    }
    const run = await cli(['replay', id]);
    expect(run.code, show(run)).toBe(1);
    expect(run.stdout).toMatch(/✗ run 1\/1 \S+ {2}\d+ events {2}DeterminismViolationError/);
    expect(run.stdout).toContain('1 of 1 history failed to replay');
  }, 300_000);

  it('an unknown session is exit 1 with "no session"; bad arguments are exit 2', async () => {
    const missing = uniqueId('no-such-session');
    const runs = await Promise.all([
      cli(['status', missing]),
      cli(['end', missing]),
      cli(['replay', missing]),
      cli(['log', sessionId, '--limit', 'ten']),
      cli(['send', sessionId]),
      cli(['view', sessionId, '--content']),
      cli(['replay', '--history', path.join(PROJECT_ROOT, 'README.md')]),
      cli(['inspect']),
    ]);
    const [status, end, replay, ...usage] = runs;
    for (const r of [status, end, replay]) {
      expect(r?.code, r && show(r)).toBe(1);
      expect(r?.stderr).toContain(`✗ SessionNotFound: no session '${missing}' in namespace 'default'`);
    }
    for (const r of usage) {
      expect(r.code, show(r)).toBe(2);
      expect(r.stderr).toMatch(/^error: /m);
    }
    expect(usage[0]?.stderr).toContain("option '--limit <n>' argument 'ten' is invalid");
    expect(usage[1]?.stderr).toContain('give the message as words, - (standard input) or --file <path>');
  }, 300_000);

  it('send reads - (stdin) and --file; configure --set patches the config; a refusal prints its typed cause', async () => {
    suite.h.fake.script({ text: 'Read from stdin.' });
    const stdin = await cli(['send', sessionId, '-'], {}, 60_000, 'Message from standard input.');
    expect(stdin.code, show(stdin)).toBe(0);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dc-cli-')), 'message.txt');
    writeFileSync(file, 'Message from a file.');
    suite.h.fake.script({ text: 'Read from a file.' });
    const fromFile = await cli(['send', sessionId, '--file', file]);
    expect(fromFile.code, show(fromFile)).toBe(0);
    const users = (await sessions.log(suite.client, sessionId)).filter(
      (i) => i.role === 'user' && i.kind === 'message',
    );
    expect(users.slice(-2).map((i) => i.preview)).toEqual(['Message from standard input.', 'Message from a file.']);

    const set = await cli([
      'configure',
      sessionId,
      '--set',
      'compaction.softThreshold=0.7',
      '--set',
      'maxStepsPerTurn=9',
    ]);
    expect(set.code, show(set)).toBe(0);
    expect(set.stdout).toContain('compaction.softThreshold = 0.7');
    const json = await cli(['configure', sessionId, '--set', 'maxStepsPerTurn=7', '--json']);
    expect(json.code, show(json)).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ maxStepsPerTurn: 7, compaction: { softThreshold: 0.7 } });

    const bad = await cli(['configure', sessionId, '--set', 'compaction.target=0.9']);
    expect(bad.code, show(bad)).toBe(1);
    expect(bad.stderr).toMatch(/^✗ InvalidConfig: .*compaction\.target/m);
    expect(bad.stderr).not.toContain('Workflow Update failed');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('compact says "nothing to compact"; --version prints the version', async () => {
    const empty = uniqueId('cli-empty');
    await suite.start(empty, {});
    const [compact, version] = await Promise.all([cli(['compact', empty]), cli(['--version'])]);
    expect(compact.code, show(compact)).toBe(0);
    expect(compact.stdout).toMatch(/^nothing to compact: the view holds \d+ tokens\.$/m);
    await sessions.end(suite.client, empty);
    expect(version.stdout.trim()).toBe(
      (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    );
  }, 300_000);

  it('a query fails fast, naming the task queue, when no worker polls it', async () => {
    const orphan = uniqueId('cli-orphan');
    const taskQueue = uniqueId('nobody-polls');
    await sessions.startSession(suite.client, { sessionId: orphan, taskQueue, config: { model: 'fake-model' } });
    try {
      const status = await cli(['status', orphan]);
      expect(status.code, show(status)).toBe(1);
      expect(status.stderr).toContain(`✗ NoWorker: no worker polls task queue '${taskQueue}' of session '${orphan}'`);
      // Not the server's own answer after its 30 s query timeout.
      expect(status.stderr).not.toContain('Failed to query');
    } finally {
      await suite.client.workflow.getHandle(orphan).terminate('test cleanup');
    }
  }, 300_000);

  it('view --at-turn prints exactly what the provider received; simulate and report read the recorded session', async () => {
    const atTurn = 3;
    const [view, simulated, report] = await Promise.all([
      cli(['view', sessionId, '--at-turn', String(atTurn), '--store', suite.h.storeDir, '--json']),
      cli(['simulate', sessionId, '--store', suite.h.storeDir, '--soft-threshold', '0.95', '--target', '0.6']),
      cli(['report', sessionId, '--out', path.join(mkdtempSync(path.join(os.tmpdir(), 'dc-report-')), 'r.html')]),
    ]);
    expect(view.code, show(view)).toBe(0);
    const shown = JSON.parse(view.stdout) as {
      turn: number;
      step: number;
      messages: { role: string; content: string | null }[];
    };
    expect(shown).toMatchObject({ turn: atTurn, step: 1 });
    // The provider's requests: the first one whose last message is turn 3's user message.
    const log = await sessions.log(suite.client, sessionId);
    const user = log.find((i) => i.turn === atTurn && i.role === 'user' && i.kind === 'message');
    expect(user).toBeDefined();
    const sent = (shown.messages.at(-1)?.content ?? '') as string;
    expect(sent).toBe(user?.preview);
    expect(shown.messages[0]).toMatchObject({ role: 'system', content: 'You are a test agent.' });

    expect(simulated.code, show(simulated)).toBe(0);
    expect(simulated.stdout).toMatch(/^compactions: {2}recorded \d+, simulated \d+/m);
    expect(simulated.stdout).toMatch(/simulated policy: soft 0\.95, target 0\.6/);
    expect(simulated.stdout).not.toContain('estimated');
    expect(report.code, show(report)).toBe(0);
    expect(report.stdout).toMatch(/^Wrote \S+r\.html: \d+ model calls, [1-9]\d* compactions\.$/m);
  }, 300_000);
});
