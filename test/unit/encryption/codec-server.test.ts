import { randomBytes } from 'node:crypto';
import { DefaultPayloadConverter } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCodecServer, type CodecServer } from '../../../src/encryption/codec-server';
import { Keyring } from '../../../src/encryption/keyring';
import { AesGcmPayloadCodec } from '../../../src/encryption/payload-codec';

const UI = 'http://localhost:8233';
const converter = new DefaultPayloadConverter();
const codec = new AesGcmPayloadCodec(new Keyring([{ id: 'k1', key: randomBytes(32) }]));
let server: CodecServer;

beforeAll(async () => {
  server = await startCodecServer({ codec, port: 0, corsOrigins: [UI] });
});
afterAll(async () => {
  await server?.close();
});

type JsonPayload = { metadata: Record<string, string>; data: string };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('codec server', () => {
  it('listens on loopback by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('POST /encode then /decode round-trips payloads in Temporal JSON form', async () => {
    const plain = { metadata: { encoding: b64('json/plain') }, data: b64('"the secret text"') };
    const encoded = await post('/encode', { payloads: [plain] });
    expect(encoded.status).toBe(200);
    const { payloads } = (await encoded.json()) as { payloads: JsonPayload[] };
    expect(Buffer.from(payloads[0]!.metadata['encryption-key-id']!, 'base64').toString()).toBe('k1');
    expect(Buffer.from(payloads[0]!.data, 'base64').toString()).not.toContain('secret');
    const decoded = await post('/decode', { payloads });
    expect(await decoded.json()).toEqual({ payloads: [plain] });
  });

  it('decodes what the worker-side codec encrypted', async () => {
    const [enc] = await codec.encode([converter.toPayload({ reply: 'hello' })]);
    const body = {
      payloads: [
        {
          metadata: Object.fromEntries(
            Object.entries(enc!.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v!).toString('base64')]),
          ),
          data: Buffer.from(enc!.data!).toString('base64'),
        },
      ],
    };
    const res = await post('/decode', body, { 'X-Namespace': 'default', Origin: UI });
    expect(res.headers.get('access-control-allow-origin')).toBe(UI);
    const { payloads } = (await res.json()) as { payloads: JsonPayload[] };
    expect(Buffer.from(payloads[0]!.data, 'base64').toString()).toBe('{"reply":"hello"}');
  });

  it('answers the CORS preflight for the allowed origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/decode`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-namespace',
        },
      });
    const ok = await preflight(UI);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(UI);
    expect(ok.headers.get('access-control-allow-methods')).toContain('POST');
    expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-namespace');
    const evil = await preflight('https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect((await post('/decode', { payloads: [] }, { Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('reports bad requests with a JSON error', async () => {
    const bad = await post('/decode', 'not json');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'the body is not JSON' });
    expect((await post('/decode', { payloads: 'x' })).status).toBe(400);
    expect((await post('/decode', [1])).status).toBe(400);
    // protobuf JSON of an empty list, as Temporal's Go codec client sends it
    const empty = await post('/decode', {});
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ payloads: [] });
    const foreign = await post('/decode', {
      payloads: [{ metadata: { encoding: b64('binary/encrypted'), 'encryption-key-id': b64('k7') }, data: '' }],
    });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { error: string }).error).toMatch(/key 'k7'/);
    expect((await post('/other', { payloads: [] })).status).toBe(404);
    expect((await fetch(`${server.url}/decode`)).status).toBe(405);
  });
});
