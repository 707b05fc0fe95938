// Client spans: for MongoDB and Redis commands inside a recording span only (a request's or a handler's queries
// show in its trace, while the background work of a part, the outbox's sweeps, BullMQ's polling, health probes,
// makes none), and for outgoing HTTP inside any span. Through the driver's command events, ioredis'
// `sendCommand` and undici's diagnostics channels, not by patching modules (see telemetry.ts for why). With
// tracing off none is switched on: command events cost an object per command even when nobody listens for spans.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { mongo } from 'mongoose';
import type { Redis } from 'ioredis';
import {
  failSpan,
  mongoCommandsTraced,
  otelContext,
  otelTrace,
  SpanKind,
  SpanStatusCode,
  startSpan,
  traceCarrierOf,
  tracingOn,
  type Span,
} from './spans.js';

/** The active span when it records; undefined otherwise (no trace, unsampled, tracing off). */
const recordingParent = () => {
  const parent = otelContext.active();
  return otelTrace.getSpan(parent)?.isRecording() ? parent : undefined;
};

/** Spans for a client's commands; the client must be made with `monitorCommands: mongoCommandsTraced()`. */
export function traceMongoCommands(client: mongo.MongoClient): void {
  if (!mongoCommandsTraced()) return;
  const open = new Map<number, Span>();
  client.on('commandStarted', (event) => {
    const parent = recordingParent();
    if (!parent) return;
    // A command the driver never reports back on (a connection cut mid-way) must not pile up.
    if (open.size > 10_000) open.clear();
    const target: unknown = event.command[event.commandName];
    const span = startSpan(
      `mongodb ${event.commandName}${typeof target === 'string' ? ` ${target}` : ''}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'mongodb',
          'db.namespace': event.databaseName,
          'db.operation.name': event.commandName,
          ...(typeof target === 'string' ? { 'db.collection.name': target } : {}),
        },
      },
      parent,
    );
    open.set(event.requestId, span);
  });
  const end = (requestId: number, err?: unknown) => {
    const span = open.get(requestId);
    if (!span) return;
    open.delete(requestId);
    if (err) failSpan(span, err);
    span.end();
  };
  client.on('commandSucceeded', (event) => end(event.requestId));
  client.on('commandFailed', (event) => end(event.requestId, event.failure));
}

/** Spans for a connection's commands (`redis <command>`), each ended when its answer (or error) comes. */
export function traceRedisCommands(redis: Redis): void {
  if (!tracingOn()) return;
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command, stream) => {
    const parent = recordingParent();
    if (parent) {
      const span = startSpan(
        `redis ${command.name}`,
        { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'redis', 'db.operation.name': command.name } },
        parent,
      );
      command.promise.then(
        () => span.end(),
        (err: unknown) => {
          failSpan(span, err);
          span.end();
        },
      );
    }
    return send(command, stream);
  }) as Redis['sendCommand'];
}

/** What undici's diagnostics channels say of a request (undici's own and Node's fetch publish alike). */
interface UndiciRequest {
  origin: string;
  method: string;
  path: string;
  /** A flat list of names and values (undici 6 and later), or one string (earlier). */
  headers: string | (string | string[])[];
  addHeader(name: string, value: string): unknown;
}

/** Whether a request already holds a `traceparent` (the gateway's forwards write their request span's). */
function carriesTrace({ headers }: UndiciRequest): boolean {
  if (typeof headers === 'string') return /(^|\r\n)traceparent:/i.test(headers);
  for (let i = 0; i < headers.length; i += 2) if (headers[i] === 'traceparent') return true;
  return false;
}

/**
 * Outgoing HTTP through undici and fetch, inside a span: a `CLIENT` span named for the method, and its
 * `traceparent` (and `tracestate`) on the request, so the service called continues the trace (unsampled too: it
 * then follows the decision). Outside a span (probes, key fetches at start) nothing is added, and a request that
 * already carries its trace context is left alone. Returns the unsubscribe.
 *
 * In place of `@opentelemetry/instrumentation-undici`, which did the same from the same channels, but whose
 * base class hooks every `require` in the process as it is made (require-in-the-middle): a part's lazy
 * `require`s (kafkajs loads a protocol module on each fetch from the broker) then paid for a resolution each
 * time, 2 % of the catalog's CPU under search load (bench:search, docs/observability.md).
 */
export function traceHttpRequests(): () => void {
  const open = new WeakMap<UndiciRequest, Span>();
  const channels = {
    'undici:request:create': ({ request }: { request: UndiciRequest }) => {
      const parent = otelContext.active();
      if (!otelTrace.getSpan(parent) || carriesTrace(request)) return;
      const span = startSpan(request.method, { kind: SpanKind.CLIENT }, parent);
      if (span.isRecording()) {
        const url = new URL(request.origin);
        span.setAttributes({
          'http.request.method': request.method,
          'url.full': `${url.origin}${request.path.split('?', 1)[0]}`,
          'server.address': url.hostname,
          'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
        });
        open.set(request, span);
      }
      const carrier = traceCarrierOf(span);
      if (carrier) {
        request.addHeader('traceparent', carrier.traceparent);
        if (carrier.tracestate) request.addHeader('tracestate', carrier.tracestate);
      }
    },
    'undici:request:headers': ({ request, response }: { request: UndiciRequest; response: { statusCode: number } }) => {
      const span = open.get(request);
      if (!span) return;
      span.setAttribute('http.response.status_code', response.statusCode);
      if (response.statusCode >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
    },
    'undici:request:trailers': ({ request }: { request: UndiciRequest }) => {
      open.get(request)?.end();
      open.delete(request);
    },
    'undici:request:error': ({ request, error }: { request: UndiciRequest; error: unknown }) => {
      const span = open.get(request);
      if (!span) return;
      failSpan(span, error);
      span.end();
      open.delete(request);
    },
  };
  const subscribed = Object.entries(channels) as [string, (message: unknown) => void][];
  for (const [name, onMessage] of subscribed) subscribe(name, onMessage);
  return () => {
    for (const [name, onMessage] of subscribed) unsubscribe(name, onMessage);
  };
}
