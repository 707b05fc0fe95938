// The services and the web server behind the gateway: one undici pool of kept-alive connections each, the
// request forwarded as it came (canonical path, minus hop-by-hop headers) and the answer streamed back. One that
// is down becomes the catalogue's 503, one too slow to start answering its 504.
import type { IncomingHttpHeaders } from 'node:http';
import { CORRELATION_ID_HEADER, REQUEST_ID_HEADER, AppError, businessCounter, traceCarrierOf } from '@travelclub/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool, type Dispatcher } from 'undici';
import { exchange, type Answer } from './exchange.js';
import type { ServiceName } from './route-table.js';
import { sharedCacheStore, withSharedCache } from './shared-cache.js';

/** Whom the gateway forwards to: a service, or the web server (every page path). */
export type UpstreamName = ServiceName | 'web';

/** Headers that describe one connection, not the message, plus the ones the gateway sets itself. */
const NOT_FORWARDED = new Set([
  // The gateway writes its own span's context (below), which the service continues.
  'traceparent',
  'tracestate',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'host',
  // undici sets it from the body it sends.
  'content-length',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  REQUEST_ID_HEADER,
  CORRELATION_ID_HEADER,
]);
// The answer carries the gateway's own request and correlation ids, set before the proxying.
const NOT_RETURNED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  REQUEST_ID_HEADER,
  CORRELATION_ID_HEADER,
]);

const BUFFERED_ANSWER_BYTES = 64 * 1024;
/** The largest answer the shared cache keeps (autocomplete's are 1 to 4 KB). */
const SHARED_ENTRY_BYTES = 256 * 1024;

const sharedAnswers = businessCounter({
  name: 'gateway_shared_cache_requests_total',
  help: "Requests to routes whose answers may be kept (cacheSeconds), answered by the shared cache ('hit') or the service ('miss')",
  labelNames: ['outcome'],
});

export interface UpstreamOptions {
  urls: Partial<Record<UpstreamName, string>>;
  /** undici checks it on a coarse clock: the 504 comes up to a second later than this. */
  timeoutMs: number;
  connections: number;
  /** Memory for the shared cache of the services' public answers (shared-cache.ts); 0: none. */
  sharedCacheBytes: number;
}

/** How to forward one request. */
export interface ForwardOptions {
  /** Headers set on the answer when the upstream did not set them itself. */
  defaults?: readonly [name: string, value: string][];
  /**
   * The route's definition says its answer is the same for everyone (`cacheSeconds`): a GET may be answered from
   * the shared cache, when an earlier answer said anyone may keep it. Never for the web server, whose pages
   * differ with the visitor's cookies.
   */
  shared?: boolean;
}

export interface Upstreams {
  /** Every upstream with a URL, the web server included (readiness asks them all). */
  readonly configured: UpstreamName[];
  /** The services with a URL (they publish API documents; the web server does not). */
  readonly services: ServiceName[];
  /** Sends the request to `upstream` at `url` (its canonical path and query: request-target.ts). */
  forward(
    req: FastifyRequest,
    reply: FastifyReply,
    upstream: UpstreamName,
    url: string,
    options?: ForwardOptions,
  ): Promise<FastifyReply>;
  /** A small GET of the gateway's own (readiness, documents): status and parsed JSON, or an error. */
  getJson(upstream: UpstreamName, path: string, timeoutMs: number): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

interface Upstream {
  pool: Pool;
  origin: string;
  /** The pool behind the shared cache, for a service when the cache is on. */
  shared: Dispatcher | undefined;
}

export function createUpstreams(options: UpstreamOptions): Upstreams {
  const store =
    options.sharedCacheBytes > 0
      ? sharedCacheStore({ maxBytes: options.sharedCacheBytes, maxEntryBytes: SHARED_ENTRY_BYTES })
      : undefined;
  const upstreams = new Map<UpstreamName, Upstream>();
  for (const [name, url] of Object.entries(options.urls) as [UpstreamName, string][]) {
    const pool = new Pool(url, {
      connections: options.connections,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: { timeout: options.timeoutMs },
    });
    const shared = store && name !== 'web' ? withSharedCache(pool, store) : undefined;
    upstreams.set(name, { pool, origin: new URL(url).origin, shared });
  }
  const upstreamOf = (name: UpstreamName) => {
    const upstream = upstreams.get(name);
    if (!upstream)
      throw new AppError('service-unavailable', undefined, { cause: new Error(`${name} is not configured`) });
    return upstream;
  };

  return {
    configured: [...upstreams.keys()],
    services: [...upstreams.keys()].filter((name): name is ServiceName => name !== 'web'),

    async forward(req, reply, service, url, { defaults = [], shared = false } = {}) {
      const upstream = upstreamOf(service);
      const cache = shared && req.method === 'GET' ? upstream.shared : undefined;
      let answer: Answer;
      try {
        // Small answers (the usual JSON) come whole and go out in one write, larger ones as a stream.
        answer = await exchange(
          cache ?? upstream.pool,
          {
            origin: upstream.origin,
            path: url,
            method: req.method as 'GET',
            headers: forwardedHeaders(req),
            body: req.body as Buffer | undefined,
          },
          BUFFERED_ANSWER_BYTES,
        );
      } catch (err) {
        throw upstreamFailure(service, err);
      }
      const headers = answer.headers;
      // The cache marks what it answered with the answer's `age`; the services never send one.
      if (cache) sharedAnswers.inc({ outcome: headers.age === undefined ? 'miss' : 'hit' });
      reply.code(answer.statusCode);
      for (const name in headers) {
        const value = headers[name];
        if (value !== undefined && !NOT_RETURNED.has(name)) reply.header(name, value);
      }
      for (const [name, value] of defaults) if (headers[name] === undefined) reply.header(name, value);
      return reply.send(answer.body);
    },

    async getJson(service, path, timeoutMs) {
      const { statusCode, body } = await upstreamOf(service).pool.request({
        path,
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: statusCode, body: await body.json() };
    },

    async close() {
      await Promise.all([...upstreams.values()].map(({ pool }) => pool.close()));
    },
  };
}

function upstreamFailure(service: UpstreamName, err: unknown): AppError {
  const code = (err as { code?: string }).code;
  const cause = new Error(`${service}: ${(err as Error).message}`, { cause: err });
  return new AppError(code === 'UND_ERR_HEADERS_TIMEOUT' ? 'upstream-timeout' : 'service-unavailable', undefined, {
    cause,
  });
}

/** The request's headers as they go upstream: the message's own, and where it came from. */
function forwardedHeaders(req: FastifyRequest): string[] {
  const incoming: IncomingHttpHeaders = req.headers;
  const out: string[] = [];
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    if (typeof value === 'string') out.push(name, value);
    else for (const v of value) out.push(name, v);
  }
  // Exactly the client address the gateway settled on (its TRUST_PROXY peeled off the proxies in front),
  // never the incoming chain: services trust the one hop before them, the gateway, and see the client,
  // not the ingress, and not whatever a client wrote into the header.
  out.push(
    'x-forwarded-for',
    req.ip,
    'x-forwarded-proto',
    req.protocol,
    REQUEST_ID_HEADER,
    req.id,
    CORRELATION_ID_HEADER,
    req.correlationId,
  );
  if (incoming.host) out.push('x-forwarded-host', incoming.host);
  // The service's span is a child of the gateway's request span: no client span of its own for a hop that is
  // the request itself (and none of the undici instrumentation's work on the busiest path).
  const trace = traceCarrierOf(req.span);
  if (trace) {
    out.push('traceparent', trace.traceparent);
    if (trace.tracestate) out.push('tracestate', trace.tracestate);
  }
  return out;
}
