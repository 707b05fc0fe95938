// What every TravelClub HTTP server shares, the services and the gateway alike: pino with secrets
// redacted, request and correlation ids on every log line and answer, the error envelope, a clean shutdown.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { errorEnvelope } from '@travelclub/contracts';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { trustProxyOption } from './config.js';
import { acceptableId, CORRELATION_ID_HEADER, REQUEST_ID_HEADER } from './context.js';
import { handleError } from './error-handler.js';
import { httpMetrics, Registry } from './metrics.js';
import {
  contextFrom,
  otelContext,
  otelTrace,
  SpanKind,
  SpanStatusCode,
  LOGGER_SPAN,
  traceLogMixin,
  startSpan,
  type Span,
} from './telemetry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's own metrics (its HTTP figures, its scrape-time gauges); `/metrics` adds the process's. */
    metrics: Registry;
  }
  interface FastifyContextConfig {
    /**
     * The handler passes its request's span on itself (`req.span`), as the gateway's forwarding does, and so runs
     * outside it: running the forwarding inside its span cost the gateway a sixth of its CPU per request with
     * tracing on (bench:search, docs/observability.md).
     */
    passesSpanOn?: boolean;
  }
  interface FastifyRequest {
    correlationId: string;
    /** The request's server span (a no-op span with tracing off). */
    span: Span;
  }
}

/** How long public bytes that never change at their address are kept: a year, the most caches honour. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The headers of public bytes that never change at their address (hotel images, creators' uploads): anyone may
 * keep them for good, and any site may show them. The gateway's `Cross-Origin-Resource-Policy: same-site`
 * would keep them off pages of another site, such as the app opened as `localhost` while its links name
 * `127.0.0.1`, or a creator's own blog; a picture anyone can fetch has nothing that policy protects. (Uploads
 * kept in S3 or behind a CDN are served without the header, which browsers take the same way.)
 */
export const PUBLIC_ASSET_HEADERS = {
  'cache-control': IMMUTABLE_CACHE_CONTROL,
  'cross-origin-resource-policy': 'cross-origin',
} as const;

/** Where the logger factory leaves the correlation id for the request hook, so it is worked out once. */
const CORRELATION_ID = Symbol('correlationId');
type CorrelatedRequest = { [CORRELATION_ID]?: string };

const correlationIdOf = (headers: IncomingHttpHeaders, requestId: string) =>
  acceptableId(headers[CORRELATION_ID_HEADER]) ?? requestId;

export interface ServerOptions {
  /** The log label. */
  name: string;
  logLevel: string;
  bodyLimit?: number;
  /** A parsed TRUST_PROXY setting. */
  trustProxy?: boolean | number | string[];
}

export function serverOptions({
  name,
  logLevel,
  bodyLimit = 1024 * 1024,
  trustProxy = false,
}: ServerOptions): FastifyServerOptions {
  return {
    trustProxy: trustProxyOption(trustProxy),
    logger: {
      level: logLevel,
      base: { service: name },
      // Lines written inside a span carry its trace_id and span_id (telemetry.ts).
      mixin: traceLogMixin,
      // Query strings can carry one-time codes (a provider's callback, a confirmation link): logged
      // URLs stop at the path. Headers are not logged at all.
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: req.url.split('?', 1)[0],
          host: req.host,
          remoteAddress: req.ip,
        }),
      },
    },
    genReqId: (req) => acceptableId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // Both ids go into the request's logger when Fastify makes it: one child logger per request, not two.
    childLoggerFactory(logger, bindings, options, raw) {
      const ids = bindings as { requestId: string; correlationId?: string };
      ids.correlationId = (raw as CorrelatedRequest)[CORRELATION_ID] = correlationIdOf(raw.headers, ids.requestId);
      return logger.child(ids, options);
    },
    bodyLimit,
    return503OnClosing: true,
    // The router refuses a broken percent-encoding (`/%zz`) or an over-long parameter before any hook or
    // error handler runs; answer those in the envelope too, without echoing the path.
    frameworkErrors: (error, _req, genericReply) => {
      const reply = genericReply as unknown as FastifyReply;
      if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        void reply
          .code(400)
          .send(errorEnvelope('validation-failed', [{ path: 'url', message: 'The path is not a valid URL' }]));
        return;
      }
      reply.log.error({ err: error }, 'router failure');
      void reply.code(500).send(errorEnvelope('internal'));
    },
  };
}

export interface HttpConventionOptions {
  /**
   * The `route` label and span name of a request; by default its route template (`/itineraries/:id`). The
   * gateway, whose one catch-all route forwards everything, names the service it forwards to.
   */
  routeOf?: (req: FastifyRequest) => string;
}

const routeTemplateOf = (req: FastifyRequest) => req.routeOptions.url ?? 'unmatched';

/**
 * The app must have been made with `serverOptions`, whose logger factory puts the correlation id in every log
 * line. Routes added after this call run inside their request's span.
 */
export function applyHttpConventions(app: FastifyInstance, options: HttpConventionOptions = {}): void {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(errorEnvelope('not-found')));

  app.decorateRequest('correlationId', '');
  app.decorateRequest('span', null as unknown as Span);
  // Callback-style hooks: they run on every request, and this saves a promise each.
  app.addHook('onRequest', (req, reply, done) => {
    req.correlationId = (req.raw as CorrelatedRequest)[CORRELATION_ID] ?? correlationIdOf(req.headers, req.id);
    reply.header(REQUEST_ID_HEADER, req.id).header(CORRELATION_ID_HEADER, req.correlationId);
    startServerSpan(req);
    done();
  });
  traceAndMeasure(app, options.routeOf ?? routeTemplateOf);

  // Responses finished during shutdown close their connection; otherwise a kept-alive socket
  // holds the server open for Fastify's whole keep-alive timeout (72 s).
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * The request's server span, continuing the caller's `traceparent`; the request's logger keeps it, so every
 * line about the request (Fastify's own too, and its children's) carries its ids.
 */
function startServerSpan(req: FastifyRequest): void {
  const span = startSpan(req.method, { kind: SpanKind.SERVER }, contextFrom(req.headers));
  // Attributes only on a span that records: an unsampled request pays for no attribute checks (profiled).
  if (span.isRecording()) {
    span.setAttributes({ 'http.request.method': req.method, 'url.path': req.url.split('?', 1)[0] });
  }
  req.span = span;
  (req.log as unknown as Record<symbol, Span>)[LOGGER_SPAN] = span;
}

/**
 * Handlers run inside their request's span (what they call and the events they write continue it), but for
 * those that pass it on themselves; each answer ends the span and is counted in
 * `http_server_request_duration_seconds`.
 */
function traceAndMeasure(app: FastifyInstance, routeOf: (req: FastifyRequest) => string): void {
  const duration = httpMetrics(app.hasDecorator('metrics') ? app.metrics : newRegistry(app));
  app.addHook('onRoute', (route) => {
    if (route.config?.passesSpanOn) return;
    const handler = route.handler as (this: unknown, ...args: unknown[]) => unknown;
    route.handler = function inSpan(this: unknown, req: FastifyRequest, reply: FastifyReply) {
      return otelContext.with(otelTrace.setSpan(otelContext.active(), req.span), handler, this, req, reply);
    } as typeof route.handler;
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = routeOf(req);
    const status = reply.statusCode;
    duration.observe({ method: req.method, route, status_code: status }, reply.elapsedTime / 1000);
    const span = req.span;
    if (span?.isRecording()) {
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span?.end();
    done();
  });
}

function newRegistry(app: FastifyInstance): Registry {
  const registry = new Registry();
  app.decorate('metrics', registry);
  return registry;
}
