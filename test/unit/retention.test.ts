/**
 * Retention's decisions without a server: ages as people write them, the verdict on each
 * owner from what Temporal says of its workflow (a fake describe), a whole pass on a memory
 * store, the owner the activities record, and the worker's variables.
 */
import { MockActivityEnvironment } from '@temporalio/testing';
import { describe, expect, it } from 'vitest';
import { ownedStore } from '../../src/activities/owned-store';
import { parseOlderThan, reportLines } from '../../src/cli/retention-command';
import { workerConfigFromEnv } from '../../src/config';
import { ContentMissingError, InvalidConfigError } from '../../src/context/errors';
import { formatAge, parseAge } from '../../src/retention/age';
import { runRetention } from '../../src/retention/prune';
import { judgeOwners, type DescribeSession } from '../../src/retention/verdicts';
import { getText, MemoryStore, type ContentStore } from '../../src/store';
import { parseOwner, sessionOwner } from '../../src/store/content-store';

const DAY = 86_400_000;

describe('retention ages', () => {
  it('parses durations with a unit, as Temporal writes them', () => {
    expect(parseAge('30d', 'x')).toBe(30 * DAY);
    expect(parseAge('12h', 'x')).toBe(12 * 3_600_000);
    expect(parseAge('0s', 'x')).toBe(0);
    expect(parseAge('1.5h', 'x')).toBe(5_400_000);
    expect(parseAge(' 2 weeks ', 'x')).toBe(14 * DAY);
    expect(formatAge(30 * DAY)).toBe('30d');
    expect(formatAge(90 * 60_000)).toBe('90m');
    expect(formatAge(0)).toBe('0s');
  });

  it('refuses bare numbers, negatives and words with a typed error naming the setting', () => {
    for (const bad of ['30', '-5d', 'abc', '', '5 parsecs', 'd']) {
      expect(() => parseAge(bad, 'DURABLE_CONTEXT_RETENTION')).toThrow(InvalidConfigError);
      expect(() => parseAge(bad, 'DURABLE_CONTEXT_RETENTION')).toThrow(/DURABLE_CONTEXT_RETENTION.*not a duration/);
    }
    // the CLI turns it into a usage error (exit 2)
    expect(() => parseOlderThan('soon')).toThrow(/'--older-than': 'soon' is not a duration/);
  });
});

describe('owners', () => {
  it('are <namespace>/<workflowId>; the workflow id may hold slashes', () => {
    expect(sessionOwner('default', 'a/b')).toBe('default/a/b');
    expect(parseOwner('default/a/b')).toEqual({ namespace: 'default', workflowId: 'a/b' });
    expect(parseOwner('no-slash')).toBeUndefined();
    expect(parseOwner('/x')).toBeUndefined();
  });

  it('the activities put with their workflow as owner; outside an activity, without one', async () => {
    const puts: (string | undefined)[] = [];
    const spy: ContentStore = {
      put: async (_c, o) => (puts.push(o?.owner), 'sha256:00' as never),
      get: async () => new Uint8Array(),
      has: async () => true,
    };
    const store = ownedStore(spy);
    const env = new MockActivityEnvironment({
      namespace: 'prod',
      workflowExecution: { workflowId: 'session-1', runId: 'run-1' },
    } as never);
    await env.run(() => store.put('in an activity'));
    await store.put('outside');
    await env.run(() => store.put('explicit', { owner: 'prod/other' }));
    expect(puts).toEqual(['prod/session-1', undefined, 'prod/other']);
  });

  it('the activities read text through the store they wrap', async () => {
    const plain = new MemoryStore();
    const ref = await plain.put('text');
    expect(await getText(ownedStore(plain), ref)).toBe('text');
    expect(ownedStore(plain).getText).toBeDefined();
    expect(
      ownedStore({ put: plain.put.bind(plain), get: plain.get.bind(plain), has: plain.has.bind(plain) }).getText,
    ).toBeUndefined();
  });
});

/** A fake Temporal: workflow id → status and close time. */
function temporal(sessions: Record<string, { status: string; closedAt?: Date }>): DescribeSession {
  return async (id) => sessions[id];
}

describe('verdicts', () => {
  const now = new Date('2025-06-30T00:00:00Z');
  const cutoff = new Date(now.getTime() - 30 * DAY);
  const old = new Date(now.getTime() - 60 * DAY);
  const record = (owner: string, lastPutAt = old) => ({ owner, lastPutAt, refs: 1 });

  it('expires sessions closed before the cutoff and those Temporal no longer has; keeps the rest', async () => {
    let asked = 0;
    const describe: DescribeSession = async (id) => {
      asked++;
      return temporal({
        ended: { status: 'Completed', closedAt: new Date(now.getTime() - 40 * DAY) },
        failed: { status: 'Failed', closedAt: new Date(now.getTime() - 40 * DAY) },
        recent: { status: 'Terminated', closedAt: new Date(now.getTime() - 1 * DAY) },
        running: { status: 'Running' },
      })(id);
    };
    const verdicts = await judgeOwners(
      [
        record('default/ended'),
        record('default/failed'),
        record('default/recent'),
        record('default/running'),
        record('default/gone'),
        record('default/active', new Date(now.getTime() - DAY)),
        record('other/ended'),
        record('not-an-owner'),
      ],
      'default',
      cutoff,
      describe,
    );
    expect(Object.fromEntries(verdicts.map((v) => [v.owner, v.verdict]))).toEqual({
      'default/ended': 'ended',
      'default/failed': 'ended',
      'default/recent': 'recent',
      'default/running': 'running',
      'default/gone': 'gone',
      'default/active': 'active',
      'other/ended': 'foreign',
      'not-an-owner': 'foreign',
    });
    expect(asked).toBe(5); // neither the recently active nor other namespaces are asked about
  });

  it('never expires a running session, however old its content', async () => {
    const [v] = await judgeOwners(
      [record('default/s', new Date(0))],
      'default',
      now,
      temporal({ s: { status: 'Running' } }),
    );
    expect(v?.verdict).toBe('running');
  });
});

describe('a retention pass', () => {
  it('removes what only expired sessions own, and reports the sessions considered', async () => {
    const store = new MemoryStore();
    const gone = await store.put('ended alone', { owner: 'default/ended' });
    const shared = await store.put('system prompt', { owner: 'default/ended' });
    await store.put('system prompt', { owner: 'default/running' });
    await new Promise((r) => setTimeout(r, 10));
    const report = await runRetention({
      store,
      namespace: 'default',
      olderThanMs: 0,
      describe: temporal({
        ended: { status: 'Completed', closedAt: new Date(Date.now() - 5) },
        running: { status: 'Running' },
      }),
    });
    expect(report.counts).toMatchObject({ ended: 1, running: 1 });
    expect(report.pruned).toEqual({ owners: 1, blobs: 1, bytes: 'ended alone'.length, kept: 1 });
    await expect(store.get(gone)).rejects.toBeInstanceOf(ContentMissingError);
    expect(await getText(store, shared)).toBe('system prompt');
    const lines = reportLines(report, 'memory').join('\n');
    expect(lines).toMatch(/1 ended, 0 gone from Temporal \(expired\); 1 running/);
    expect(lines).toMatch(/removed 1 blob, 11 B freed; 1 blob kept/);
    expect(lines).toContain('ended');
  });

  it('refuses a store that records no owners, with a typed error', async () => {
    const plain: ContentStore = {
      put: async () => 'sha256:00' as never,
      get: async () => new Uint8Array(),
      has: async () => false,
    };
    await expect(
      runRetention({ store: plain, namespace: 'default', olderThanMs: 0, describe: temporal({}) }),
    ).rejects.toThrow(/Invalid configuration 'store'.*records no owners/);
  });
});

describe('the worker retention variables', () => {
  it('are off by default, parsed when set, refused when wrong', () => {
    expect(workerConfigFromEnv({}).retention).toBeUndefined();
    expect(workerConfigFromEnv({ DURABLE_CONTEXT_RETENTION: '30d' }).retention).toEqual({
      olderThanMs: 30 * DAY,
      everyMs: 3_600_000,
    });
    expect(
      workerConfigFromEnv({ DURABLE_CONTEXT_RETENTION: '7d', DURABLE_CONTEXT_RETENTION_EVERY: '15m' }).retention,
    ).toEqual({ olderThanMs: 7 * DAY, everyMs: 900_000 });
    expect(() => workerConfigFromEnv({ DURABLE_CONTEXT_RETENTION: 'forever' })).toThrow(/DURABLE_CONTEXT_RETENTION/);
    expect(() => workerConfigFromEnv({ DURABLE_CONTEXT_RETENTION_EVERY: '1h' })).toThrow(
      /needs DURABLE_CONTEXT_RETENTION/,
    );
  });
});
