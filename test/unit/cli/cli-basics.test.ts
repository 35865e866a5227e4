import { Readable } from 'node:stream';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { withCallSignal } from '../../../src/cli/call-scope';
import { parseSetting, patchFromSettings } from '../../../src/cli/configure';
import { transportReason } from '../../../src/cli/connect';
import { CliError, describeFailure, failureLine } from '../../../src/cli/failure';
import { logLine } from '../../../src/cli/line-logger';
import { messageText } from '../../../src/cli/session-commands';
import { InvalidConfigError } from '../../../src/context/errors';

describe('configure --set', () => {
  it('builds a patch from dotted keys with JSON values; plain strings need no quotes', () => {
    const settings = [
      'compaction.softThreshold=0.7',
      'model=gpt-4o',
      'tools=["grep"]',
      'compaction.enabled=false',
    ].reduce((acc, s) => parseSetting(s, acc), [] as ReturnType<typeof parseSetting>);
    expect(patchFromSettings(settings)).toEqual({
      compaction: { softThreshold: 0.7, enabled: false },
      model: 'gpt-4o',
      tools: ['grep'],
    });
  });

  it('refuses a setting without = and keys that are not field names', () => {
    expect(() => parseSetting('model')).toThrow(/expected key=value/);
    expect(() => parseSetting('=x')).toThrow(/expected key=value/);
    expect(() => parseSetting('a..b=1')).toThrow(/not a field name/);
    expect(() => parseSetting('__proto__.x=1')).toThrow(/not a field name/);
  });
});

describe('failures print their typed cause on one line', () => {
  it('unwraps an update failure to the ApplicationFailure inside', () => {
    const cause = ApplicationFailure.create({
      type: 'InvalidConfig',
      message: "Invalid configuration 'compaction.target': must be below softThreshold",
      nonRetryable: true,
    });
    const err = new WorkflowUpdateFailedError('Workflow Update failed', cause);
    expect(failureLine(err)).toBe(
      "✗ InvalidConfig: Invalid configuration 'compaction.target': must be below softThreshold",
    );
  });

  it('names engine and CLI errors by their type, and a gRPC UNAVAILABLE as ServerUnreachable', () => {
    expect(describeFailure(new InvalidConfigError('model', 'unknown')).type).toBe('InvalidConfig');
    expect(describeFailure(new CliError('no worker', 'NoWorker'))).toEqual({ type: 'NoWorker', message: 'no worker' });
    const grpc = Object.assign(new Error('14 UNAVAILABLE: No connection established\nmore'), { code: 14 });
    expect(failureLine(grpc)).toBe('✗ ServerUnreachable: 14 UNAVAILABLE: No connection established');
  });

  it('keeps the reason of a native transport error only', () => {
    const native =
      'tonic::transport::Error(Transport, ConnectError(ConnectError("tcp connect error", 127.0.0.1:9, Os { code: 111, kind: ConnectionRefused, message: "Connection refused" })))';
    expect(transportReason(native)).toBe('connection refused');
    expect(transportReason('14 UNAVAILABLE: No connection established')).toBe('no connection established');
  });
});

describe('send reads its text from words, - (stdin) or --file', () => {
  it('joins words, reads stdin for a lone -, reads a file', async () => {
    expect(await messageText(['hello', 'there'], {})).toEqual({ text: 'hello there' });
    expect(await messageText(['-'], {}, Readable.from(['from ', 'stdin\n']))).toEqual({ text: 'from stdin\n' });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dc-send-')), 'msg.txt');
    writeFileSync(file, 'from a file');
    expect(await messageText([], { file })).toEqual({ text: 'from a file' });
  });

  it('is a usage error with none or both; an unreadable file is InvalidInput', async () => {
    expect(await messageText([], {})).toHaveProperty('usage');
    expect(await messageText(['x'], { file: 'f' })).toHaveProperty('usage');
    await expect(messageText([], { file: '/no/such/file' })).rejects.toMatchObject({ type: 'InvalidInput' });
  });
});

describe('withCallSignal', () => {
  it('leaves no listener on the long-lived signal however many calls ran, and still cancels', async () => {
    const signals: AbortSignal[] = [];
    const client = {
      connection: {
        withAbortSignal: <R>(signal: AbortSignal, fn: () => Promise<R>) => {
          signals.push(signal);
          // Like the SDK: one listener per call, never removed.
          signal.addEventListener('abort', () => undefined);
          return fn();
        },
      },
    } as unknown as Client;
    const stop = new AbortController();
    const added: unknown[] = [];
    const removed: unknown[] = [];
    const { addEventListener, removeEventListener } = stop.signal;
    stop.signal.addEventListener = (...args: Parameters<AbortSignal['addEventListener']>) => {
      added.push(args[1]);
      addEventListener.apply(stop.signal, args);
    };
    stop.signal.removeEventListener = (...args: Parameters<AbortSignal['removeEventListener']>) => {
      removed.push(args[1]);
      removeEventListener.apply(stop.signal, args);
    };
    for (let i = 0; i < 25; i++) await withCallSignal(client, stop.signal, async () => i);
    expect(added).toHaveLength(25);
    expect(removed).toEqual(added);
    const pending = withCallSignal(client, stop.signal, () => new Promise((r) => setTimeout(r, 10)));
    stop.abort();
    await pending;
    expect(signals.at(-1)?.aborted).toBe(true);
  });
});

describe('the embedded worker logs one line per warning', () => {
  it('names the message, the activity and attempt, and the typed cause; no stack', () => {
    const cause = ApplicationFailure.create({
      type: 'ProviderUnavailable',
      message: '503 Service Unavailable\n    at somewhere (file.js:1:1)',
    });
    const line = logLine('WARN', 'Activity failed', { activityType: 'callModel', attempt: 2, error: cause });
    expect(line).toBe('⚠ Activity failed (callModel, attempt 2): ProviderUnavailable: 503 Service Unavailable');
    expect(logLine('ERROR', 'Worker failed')).toBe('✗ Worker failed');
  });
});
