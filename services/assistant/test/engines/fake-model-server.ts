// A chat-completions server of the tests' own (node:http): it answers each request with the next reply of the
// test's script (streamed text, tool calls in fragments, usage, an HTTP error, a delay, a cut or stalled stream)
// and records every request body it got.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** One step of a streamed reply. */
export type StreamStep =
  | { text: string }
  /** One fragment of a tool call: the first of a call carries its id and name. */
  | { toolCall: { index: number; id?: string; name?: string; arguments?: string } }
  | { finish: 'stop' | 'tool_calls' | 'length' }
  | { usage: Usage }
  | { pauseMs: number }
  /** A `data:` line sent as is (a malformed chunk, an error event). */
  | { rawData: string }
  /** The connection is destroyed here, once what came before was sent. */
  | { cut: true }
  /** Nothing more is sent, and the connection stays open. */
  | { stall: true };

export type ScriptedReply = { delayMs?: number } & (
  | { stream: StreamStep[]; /** Ends with `data: [DONE]` (the default). */ done?: boolean }
  | { status: number; error: { message: string; type?: string }; headers?: Record<string, string> }
);

/** A request body as the server received it (the fields the tests look at). */
export interface ChatRequestBody {
  model: string;
  messages: {
    role: string;
    content?: string | null;
    tool_call_id?: string;
    tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  }[];
  tools?: { type: string; function: { name: string; description: string; parameters: unknown } }[];
  tool_choice?: unknown;
  max_tokens?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

export interface RecordedRequest {
  headers: IncomingHttpHeaders;
  body: ChatRequestBody;
}

export interface FakeModelServer {
  /** The base the engine is given (ends in /v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queues replies, one per request to come. */
  script(...replies: ScriptedReply[]): void;
  /** Forgets the script and the requests. */
  reset(): void;
  close(): Promise<void>;
}

/** Replies the tests use most. */
export const replies = {
  text(pieces: string[], usage?: Usage): ScriptedReply {
    return {
      stream: [...pieces.map((text) => ({ text })), { finish: 'stop' }, ...(usage ? [{ usage }] : [])],
    };
  },
  /** Tool calls, each call's arguments streamed in the fragments given, after the text given if any. */
  toolCalls(
    calls: { id?: string; name: string; arguments: string | string[] }[],
    options: { usage?: Usage; text?: string[] } = {},
  ): ScriptedReply {
    const steps: StreamStep[] = (options.text ?? []).map((text) => ({ text }));
    calls.forEach((call, index) => {
      const fragments = typeof call.arguments === 'string' ? [call.arguments] : call.arguments;
      steps.push({ toolCall: { index, id: call.id ?? `call_${index + 1}`, name: call.name, arguments: '' } });
      for (const fragment of fragments) steps.push({ toolCall: { index, arguments: fragment } });
    });
    steps.push({ finish: 'tool_calls' });
    if (options.usage) steps.push({ usage: options.usage });
    return { stream: steps };
  },
  error(status: number, message: string, headers?: Record<string, string>): ScriptedReply {
    return { status, error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error' }, headers };
  },
};

const chunk = (model: string, choice: Record<string, unknown> | null, usage?: Usage) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model,
  choices: choice ? [{ index: 0, logprobs: null, finish_reason: null, delta: {}, ...choice }] : [],
  ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
});

function dataLine(model: string, step: StreamStep): string | null {
  if ('text' in step) return JSON.stringify(chunk(model, { delta: { role: 'assistant', content: step.text } }));
  if ('toolCall' in step) {
    const { index, id, name, arguments: args } = step.toolCall;
    const fn = { ...(name !== undefined ? { name } : {}), ...(args !== undefined ? { arguments: args } : {}) };
    const call = { index, ...(id ? { id, type: 'function' } : {}), function: fn };
    return JSON.stringify(chunk(model, { delta: { tool_calls: [call] } }));
  }
  if ('finish' in step) return JSON.stringify(chunk(model, { finish_reason: step.finish }));
  if ('usage' in step) return JSON.stringify(chunk(model, null, step.usage));
  if ('rawData' in step) return step.rawData;
  return null;
}

async function streamReply(res: ServerResponse, model: string, steps: StreamStep[], done: boolean): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  for (const step of steps) {
    if (res.destroyed) return;
    if ('pauseMs' in step) await sleep(step.pauseMs);
    else if ('cut' in step) {
      // What was written goes out first: a cut loses the rest of the stream, not what the client already had.
      await new Promise((flushed) => res.write('', flushed));
      return void res.socket?.destroy();
    } else if ('stall' in step) return;
    else res.write(`data: ${dataLine(model, step)}\n\n`);
  }
  if (done) res.write('data: [DONE]\n\n');
  res.end();
}

async function answer(res: ServerResponse, body: ChatRequestBody, reply: ScriptedReply | undefined): Promise<void> {
  if (!reply) {
    res.writeHead(500, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ error: { message: 'The fake server has no scripted reply left' } }));
  }
  if (reply.delayMs) await sleep(reply.delayMs);
  if (res.destroyed) return;
  if ('status' in reply) {
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    return void res.end(JSON.stringify({ error: { ...reply.error, code: null, param: null } }));
  }
  await streamReply(res, body.model, reply.stream, reply.done ?? true);
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedReply[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: `No route ${req.method} ${req.url}` } }));
      }
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as ChatRequestBody;
      requests.push({ headers: req.headers, body });
      answer(res, body, queue.shift()).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => void queue.push(...replies),
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Stalled and kept-alive connections would hold the server open.
        server.closeAllConnections();
      }),
  };
}
