/**
 * Temporal's remote codec endpoint over HTTP: `POST /encode` and `POST /decode` take and
 * return `{ "payloads": [...] }` (payloads in protobuf JSON: metadata values and data as
 * base64), so the Temporal UI (Settings → Codec Server) and `temporal … --codec-endpoint`
 * show decrypted payloads to whoever runs this server with the keys. Browsers get CORS
 * headers for the configured origins only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Payload, PayloadCodec } from '@temporalio/common';
import { DurableContextError } from '../context/errors';

/** Largest request body accepted (a whole history's payloads can be large). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Options of {@link startCodecServer}. */
export interface CodecServerOptions {
  codec: PayloadCodec;
  /** Port to listen on; 0 picks a free one. */
  port: number;
  /** Interface to listen on; default 127.0.0.1 (this machine only). */
  host?: string;
  /** Origins (e.g. the Temporal UI's `http://localhost:8233`) allowed to call from a browser. */
  corsOrigins: readonly string[];
}

/** A running codec server. */
export interface CodecServer {
  /** `http://host:port` */
  url: string;
  close(): Promise<void>;
}

/** JSON form of a payload on the codec endpoint. */
interface JsonPayload {
  metadata?: Record<string, string>;
  data?: string;
}

class BadRequest extends Error {}

/** Starts the codec endpoint; resolves once it listens. */
export async function startCodecServer(options: CodecServerOptions): Promise<CodecServer> {
  const origins = new Set(options.corsOrigins);
  const server = createServer((req, res) => {
    handle(options.codec, origins, req, res).catch((err: unknown) => {
      const status = err instanceof BadRequest || err instanceof DurableContextError ? 400 : 500;
      send(res, status, { error: err instanceof Error ? err.message : String(err) });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

async function handle(
  codec: PayloadCodec,
  origins: ReadonlySet<string>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (origin && origins.has(origin)) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  }
  const path = new URL(req.url ?? '/', 'http://codec').pathname.replace(/\/+$/, '');
  const route = path === '/encode' || path === '/decode' ? path : undefined;
  if (req.method === 'OPTIONS') {
    if (!route || !origin || !origins.has(origin)) return send(res, 403, { error: 'origin not allowed' });
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, X-Namespace, Authorization');
    res.setHeader('Access-Control-Max-Age', '600');
    res.writeHead(204).end();
    return;
  }
  if (!route) return send(res, 404, { error: `no such endpoint: ${path || '/'} (use /encode or /decode)` });
  if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
  if (origin && !origins.has(origin)) return send(res, 403, { error: `origin ${origin} not allowed` });
  const payloads = parsePayloads(await readBody(req));
  const out = route === '/encode' ? await codec.encode(payloads) : await codec.decode(payloads);
  send(res, 200, { payloads: out.map(toJson) });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BadRequest(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parsePayloads(body: string): Payload[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new BadRequest('the body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new BadRequest('expected {"payloads": [...]}');
  // Protobuf JSON leaves an empty list out: Temporal's Go codec client sends `{}` for no payloads.
  const payloads = (parsed as { payloads?: unknown }).payloads ?? [];
  if (!Array.isArray(payloads)) throw new BadRequest('expected {"payloads": [...]}');
  return payloads.map((p: JsonPayload, i) => {
    if (typeof p !== 'object' || p === null) throw new BadRequest(`payload ${i} is not an object`);
    const metadata: Record<string, Uint8Array> = {};
    for (const [key, value] of Object.entries(p.metadata ?? {})) {
      if (typeof value !== 'string') throw new BadRequest(`payload ${i}: metadata '${key}' is not base64`);
      metadata[key] = Buffer.from(value, 'base64');
    }
    if (p.data !== undefined && typeof p.data !== 'string') throw new BadRequest(`payload ${i}: data is not base64`);
    return { metadata, data: Buffer.from(p.data ?? '', 'base64') };
  });
}

function toJson(payload: Payload): JsonPayload {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload.metadata ?? {})) {
    if (value) metadata[key] = Buffer.from(value).toString('base64');
  }
  return { metadata, data: Buffer.from(payload.data ?? new Uint8Array()).toString('base64') };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}
