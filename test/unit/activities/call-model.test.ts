import { CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallModelResult } from '../../../src/activities/types';
import { FailureType } from '../../../src/context/errors';
import { contentRef } from '../../../src/store/content-store';
import { failureOf, LOCAL_MODEL, load, storeAll, world, type TestWorld } from './helpers';

const model = LOCAL_MODEL.name;
let w: TestWorld;
beforeAll(async () => {
  w = await world();
});
afterAll(async () => w.close());
beforeEach(() => w.fake.reset());

async function userRefs(text = 'hello') {
  return (await storeAll(w, model, [{ role: 'user', content: text }])).refs;
}

async function blobCount(): Promise<number> {
  let n = 0;
  for (const shard of await readdir(join(w.dir, 'store'))) n += (await readdir(join(w.dir, 'store', shard))).length;
  return n;
}

describe('callModel', () => {
  it('rebuilds the request from references, stores and counts the reply, reports usage', async () => {
    const messages = await userRefs('Say hi');
    w.fake.script({ text: 'Hi there!' });
    const r = await w.activities.callModel({ model, messages, maxOutputTokens: 100, temperature: 0 });
    expect(r.finishReason).toBe('stop');
    expect(r.text).toBe('Hi there!');
    expect(await load(w, r.message.ref)).toEqual({ role: 'assistant', content: 'Hi there!' });
    expect(r.usage.completionTokens).toBeGreaterThan(0);
    const sent = w.fake.requests[0]!.body;
    expect(sent.messages).toEqual([{ role: 'user', content: 'Say hi' }]);
    expect(sent.max_tokens).toBe(100); // a user model: max_tokens, not max_completion_tokens
    expect(w.fake.requests[0]!.headers['authorization']).toBe('Bearer test-key');
  });

  it('sends a manifest prefix plus new refs exactly as the full list, and returns the next manifest', async () => {
    const first = await userRefs('First question');
    w.fake.script({ text: 'First answer' }, { text: 'Second answer' });
    const r1 = await w.activities.callModel({ model, messages: first });
    expect(await w.store.has(r1.manifest)).toBe(true);
    const second = await userRefs('Second question');
    const r2 = await w.activities.callModel({ model, prefix: r1.manifest, messages: [r1.message.ref, ...second] });
    expect(w.fake.requests[1]!.body.messages).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer' },
      { role: 'user', content: 'Second question' },
    ]);
    // The manifest of the second request is the full list, the same as if it had been sent whole.
    expect(r2.manifest).toBe(contentRef(JSON.stringify([...first, r1.message.ref, ...second])));
  });

  it('returns parallel tool calls as metadata with short key arguments', async () => {
    w.fake.script({
      toolCalls: [
        { name: 'read_file', arguments: { path: 'src/a.ts', content: 'x'.repeat(500) } },
        { name: 'grep', arguments: { pattern: 'TODO', path: 'src' } },
        { name: 'run_command', arguments: { command: 'npm', args: ['test'] } },
      ],
    });
    const r = await w.activities.callModel({ model, messages: await userRefs() });
    expect(r.finishReason).toBe('tool_calls');
    expect(r.text).toBeUndefined();
    expect(r.toolCalls.map((c) => [c.name, c.keyArgs])).toEqual([
      ['read_file', { path: 'src/a.ts' }],
      ['grep', { path: 'src', pattern: 'TODO' }],
      ['run_command', { command: 'npm' }],
    ]);
    expect(r.preview).toContain('read_file(path="src/a.ts")');
  });

  it('maps context length exceeded to a non-retryable ContextLengthExceeded', async () => {
    w.fake.setContextWindow(20);
    try {
      const f = await failureOf(w.activities.callModel({ model, messages: await userRefs('x '.repeat(100)) }));
      expect(f.type).toBe(FailureType.ContextLengthExceeded);
      expect(f.nonRetryable).toBe(true);
      expect(f.details?.[0]).toMatchObject({ status: 400, code: 'context_length_exceeded', limit: 20 });
    } finally {
      w.fake.setContextWindow(undefined);
    }
  });

  it.each([
    ['retry-after seconds', () => ({ 'retry-after': '3' }), 3_000],
    ['retry-after-ms', () => ({ 'retry-after-ms': '1500', 'retry-after': '9' }), 1_500],
    // the date is taken when the test runs, not when the table is built (a loaded machine may be seconds apart)
    ['retry-after HTTP date', () => ({ 'retry-after': new Date(Date.now() + 60_000).toUTCString() }), 60_000],
  ])('maps 429 to a retryable RateLimited with nextRetryDelay from %s', async (_, headers, delay) => {
    w.fake.injectFault({ kind: 'status', status: 429, code: 'rate_limit_exceeded', headers: headers() });
    const f = await failureOf(w.activities.callModel({ model, messages: await userRefs() }));
    expect(f.type).toBe(FailureType.RateLimited);
    expect(f.nonRetryable).toBe(false);
    expect(Number(f.nextRetryDelay)).toBeGreaterThan(delay - 5_000);
    expect(Number(f.nextRetryDelay)).toBeLessThanOrEqual(delay);
  });

  it.each([
    [503, 'false', FailureType.ProviderUnavailable, true],
    [429, 'false', FailureType.RateLimited, true],
    [403, 'true', FailureType.ProviderUnavailable, false],
    [500, 'true', FailureType.ProviderUnavailable, false],
  ])('honours x-should-retry on %i (%s)', async (status, header, type, nonRetryable) => {
    w.fake.injectFault({ kind: 'status', status, headers: { 'x-should-retry': header } });
    const f = await failureOf(w.activities.callModel({ model, messages: await userRefs() }));
    expect([f.type, f.nonRetryable]).toEqual([type, nonRetryable]);
  });

  it('maps 429 insufficient_quota to non-retryable (retrying cannot refill a quota)', async () => {
    w.fake.injectFault({ kind: 'status', status: 429, code: 'insufficient_quota' });
    const f = await failureOf(w.activities.callModel({ model, messages: await userRefs() }));
    expect([f.type, f.nonRetryable]).toEqual([FailureType.ProviderRejected, true]);
  });

  it.each([408, 409, 500, 502, 503])('maps %i to a retryable ProviderUnavailable', async (status) => {
    w.fake.injectFault({ kind: 'status', status });
    const f = await failureOf(w.activities.callModel({ model, messages: await userRefs() }));
    expect([f.type, f.nonRetryable]).toEqual([FailureType.ProviderUnavailable, false]);
  });

  it.each([400, 401, 403, 404, 422])('maps other 4xx (%i) to a non-retryable ProviderRejected', async (status) => {
    w.fake.injectFault({ kind: 'status', status, message: 'nope' });
    const f = await failureOf(w.activities.callModel({ model, messages: await userRefs() }));
    expect([f.type, f.nonRetryable]).toEqual([FailureType.ProviderRejected, true]);
  });

  it('maps a dropped connection to a retryable failure and stores nothing', async () => {
    const messages = await userRefs();
    const before = await blobCount();
    w.fake.injectFault({ kind: 'drop' });
    const f = await failureOf(w.activities.callModel({ model, messages }));
    expect([f.type, f.nonRetryable]).toEqual([FailureType.ProviderUnavailable, false]);
    expect(await blobCount()).toBe(before);
  });

  it('maps a truncated body to a retryable IncompleteResponse and stores nothing', async () => {
    const messages = await userRefs();
    const before = await blobCount();
    w.fake.script({ text: 'this reply never arrives whole' });
    w.fake.injectFault({ kind: 'truncate' });
    const f = await failureOf(w.activities.callModel({ model, messages }));
    expect([f.type, f.nonRetryable]).toEqual([FailureType.IncompleteResponse, false]);
    expect(await blobCount()).toBe(before);
    expect(
      await w.store.has(contentRef(JSON.stringify({ role: 'assistant', content: 'this reply never arrives whole' }))),
    ).toBe(false);
  });

  it('never commits tool calls cut off by the output cap (finish_reason length)', async () => {
    const messages = await userRefs();
    const before = await blobCount();
    w.fake.script({
      toolCalls: [{ name: 'read_file', arguments: { path: 'a/very/long/path.ts' } }],
      finishReason: 'length',
    });
    const f = await failureOf(w.activities.callModel({ model, messages }));
    expect([f.type, f.nonRetryable]).toEqual([FailureType.IncompleteResponse, false]);
    expect(await blobCount()).toBe(before);
  });

  it('returns a text reply cut by the cap with finishReason length (the workflow decides)', async () => {
    w.fake.script({ text: 'partial answer', finishReason: 'length' });
    const r = await w.activities.callModel({ model, messages: await userRefs() });
    expect(r.finishReason).toBe('length');
  });

  it('gets a provider 400 for orphaned tool messages from the strict server', async () => {
    const { refs } = await storeAll(w, model, [
      { role: 'user', content: 'hi' },
      { role: 'tool', tool_call_id: 'call_missing', content: 'orphan' },
    ]);
    const f = await failureOf(w.activities.callModel({ model, messages: refs }));
    expect([f.type, f.nonRetryable]).toEqual([FailureType.ProviderRejected, true]);
    expect(f.message).toMatch(/tool/);
  });

  it('fails with ContentMissing naming a reference that is not stored', async () => {
    const missing = contentRef('not stored');
    const f = await failureOf(w.activities.callModel({ model, messages: [missing] }));
    expect([f.type, f.nonRetryable]).toEqual([FailureType.ContentMissing, true]);
    expect(f.message).toContain(missing);
    expect(w.fake.requests).toHaveLength(0);
  });

  it('fails with InvalidConfig for a model whose window is unknown, before any request', async () => {
    const f = await failureOf(w.activities.callModel({ model: 'mystery-model', messages: await userRefs() }));
    expect([f.type, f.nonRetryable]).toEqual([FailureType.InvalidConfig, true]);
    expect(f.message).toContain('contextWindow');
    expect(w.fake.requests).toHaveLength(0);
  });

  it('heartbeats while waiting on a slow provider', async () => {
    const env = new MockActivityEnvironment();
    const beats: unknown[] = [];
    env.on('heartbeat', (d: unknown) => beats.push(d));
    const messages = await userRefs();
    w.fake.script({ text: 'slow', delayMs: 300 });
    const r = (await env.run(w.activities.callModel, { model, messages })) as CallModelResult;
    expect(r.text).toBe('slow');
    expect(beats.length).toBeGreaterThanOrEqual(3);
    expect(beats[0]).toMatchObject({ operation: 'callModel', model });
  });

  it('honours cancellation: aborts the request and throws CancelledFailure', async () => {
    const env = new MockActivityEnvironment();
    const messages = await userRefs();
    w.fake.script({ text: 'too late', delayMs: 5_000 });
    const started = Date.now();
    const pending = env.run(w.activities.callModel, { model, messages });
    setTimeout(() => env.cancel(), 100);
    await expect(pending).rejects.toBeInstanceOf(CancelledFailure);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
