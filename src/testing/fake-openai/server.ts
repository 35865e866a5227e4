/**
 * A fake OpenAI-compatible chat-completions server on a real socket (127.0.0.1, random
 * port): scripted replies, real usage from the same tokenizer, the provider's
 * context_length_exceeded error, a strict tool-pairing validator, fault injection, and a
 * request log. Tests point the real `openai` client at it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkToolPairing } from '../../context/pairing';
import type { ChatMessage } from '../../context/types';
import { countCompletion, countSegments, loadTokenizer, renderPrompt } from './chat-template';
import type { FakeOpenAI, FakeOpenAIOptions, Fault, RecordedRequest, ScriptedReply } from './types';

/** Starts a fake server; `close()` it in `afterAll`. */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const tokenizer = await loadTokenizer(options.encoding ?? 'o200k_base');
  let contextWindow = options.contextWindow;
  let latencyMs = options.latencyMs ?? 0;
  const strict = options.strict ?? true;
  const script: ScriptedReply[] = [];
  const faults: Fault[] = [];
  const requests: RecordedRequest[] = [];
  let completions = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, String(err), 'server_error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const record: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: undefined,
    };
    requests.push(record);
    try {
      record.body = JSON.parse(raw);
    } catch {
      // not JSON: answered below
    }
    const fault = faults.shift();
    if (fault) record.fault = fault.kind;
    if (fault?.kind === 'delay') await sleep(fault.ms, res);
    if (latencyMs > 0) await sleep(latencyMs, res);
    if (res.destroyed) return;
    if (fault?.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'status') {
      record.status = fault.status;
      sendError(res, fault.status, fault.message ?? `injected ${fault.status}`, fault.code ?? null, fault.headers);
      return;
    }
    if (req.method === 'GET' && req.url === '/v1/models') {
      record.status = 200;
      sendJson(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'fake' }] });
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      record.status = 404;
      sendError(res, 404, `no route ${req.method} ${req.url}`, 'not_found');
      return;
    }
    const body = record.body;
    if (!body || !Array.isArray(body.messages) || typeof body.model !== 'string') {
      record.status = 400;
      sendError(res, 400, "'model' and 'messages' are required", 'invalid_request_error');
      return;
    }
    if (body.stream) {
      record.status = 400;
      sendError(res, 400, 'the fake server does not stream', 'invalid_request_error');
      return;
    }
    if (strict) {
      const issue = checkToolPairing(body.messages as ChatMessage[])[0];
      if (issue) {
        record.status = 400;
        sendError(res, 400, `Invalid parameter: ${issue.message}`, null, undefined, 'messages');
        return;
      }
    }
    const promptTokens = countSegments(tokenizer, renderPrompt(body.messages, body.tools));
    record.promptTokens = promptTokens;
    const requested = Number(body.max_completion_tokens ?? body.max_tokens ?? 0);
    if (contextWindow !== undefined && promptTokens + requested > contextWindow) {
      record.status = 400;
      const detail = requested
        ? `you requested ${promptTokens + requested} tokens (${promptTokens} in the messages, ${requested} in the completion)`
        : `your messages resulted in ${promptTokens} tokens`;
      sendError(
        res,
        400,
        `This model's maximum context length is ${contextWindow} tokens. However, ${detail}. Please reduce the length of the messages.`,
        'context_length_exceeded',
        undefined,
        'messages',
      );
      return;
    }

    let next = script.shift() ?? options.defaultReply ?? { text: 'ok' };
    if (typeof next === 'function') next = next(record);
    if (next.delayMs) await sleep(next.delayMs, res);
    if (res.destroyed) return;
    completions++;
    const payload = completion(next, body.model, promptTokens, completions);
    record.status = 200;
    if (fault?.kind === 'truncate') {
      const text = JSON.stringify(payload);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.write(text.slice(0, Math.floor(text.length / 2)));
      setTimeout(() => res.socket?.destroy(), 10);
      return;
    }
    sendJson(res, 200, payload);
  }

  function completion(
    reply: Exclude<ScriptedReply, (r: RecordedRequest) => unknown>,
    model: string,
    promptTokens: number,
    n: number,
  ) {
    let text: string | null;
    let finish: string;
    let calls: Array<{ id: string; name: string; arguments: string }> = [];
    if ('toolCalls' in reply) {
      text = reply.text ?? null;
      calls = reply.toolCalls.map((c, i) => ({
        id: c.id ?? `call_${n}_${i}`,
        name: c.name,
        arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
      }));
      finish = reply.finishReason ?? 'tool_calls';
      const last = calls[calls.length - 1];
      if (finish === 'length' && last) last.arguments = last.arguments.slice(0, Math.floor(last.arguments.length / 2));
    } else {
      text = reply.text;
      finish = reply.finishReason ?? 'stop';
    }
    const completionTokens = countCompletion(tokenizer, text, calls);
    const message: Record<string, unknown> = { role: 'assistant', content: text, refusal: null };
    if (calls.length) {
      message['tool_calls'] = calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.arguments },
      }));
    }
    return {
      id: `chatcmpl-fake-${n}`,
      object: 'chat.completion',
      created: 1_700_000_000 + n,
      model,
      choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
        prompt_tokens_details: { cached_tokens: 0 },
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => void script.push(...replies),
    injectFault: (fault, times = 1) => {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    setContextWindow: (tokens) => void (contextWindow = tokens),
    setLatency: (ms) => void (latencyMs = ms),
    reset: () => {
      script.length = 0;
      faults.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Waits `ms`, returning early when the client has gone away. */
function sleep(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  code: string | null,
  headers?: Record<string, string>,
  param: string | null = null,
): void {
  const type = status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error';
  sendJson(res, status, { error: { message, type, param, code } }, headers);
}
