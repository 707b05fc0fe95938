// The web server's traces and figures (docs/observability.md). Each request but a health check runs inside a
// SERVER span that continues the gateway's `traceparent` (or starts a trace), so the loaders' calls to the
// services carry it on (the kit's undici instrumentation), and every answer, health checks too, is counted in
// `http_server_request_duration_seconds` by what it is: a document, React Router's data, a static file or a
// health check. Never by its address: the label set stays small whatever the visitors ask for.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpMetrics, type Registry } from '@travelclub/kit/metrics';
import {
  contextFrom,
  currentTraceCarrier,
  otelContext,
  otelTrace,
  SpanKind,
  SpanStatusCode,
  startSpan,
  type TraceCarrier,
} from '@travelclub/kit/telemetry';
import type { Log } from './log.js';

/** The `route` label and the second word of a span's name. */
export type WebRoute = 'document' | 'data' | 'asset' | 'health';

/** Methods counted by name; anything else is `other`, so a made-up method adds no label value. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** React Router's data request for a page (`/hotel/x.data`, `/_root.data`), or the page itself. */
export const pageRouteOf = (path: string): WebRoute => (path.endsWith('.data') ? 'data' : 'document');

type TraceContext = ReturnType<typeof contextFrom>;

export interface Observed {
  /** What the request turned out to be: set before its answer finishes (a file, else a page). */
  route: WebRoute;
  /** Runs `work` inside the request's span, so what it calls continues the trace. */
  within<T>(work: () => T): T;
  /** The span's trace context, for the page's `Server-Timing` header (handler.ts); none with tracing off. */
  trace(): TraceCarrier | undefined;
}

/** Counts answers on `registry`; `log` gets a debug line per answer (inside its span: with its ids). */
export function observer(registry: Registry, log: Log) {
  const duration = httpMetrics(registry);

  /** Counts the answer once it has finished, then calls `onEnd`; `within` runs both (in a span's context). */
  function measure(
    req: IncomingMessage,
    res: ServerResponse,
    routeOf: () => WebRoute,
    { within = (work) => work(), onEnd }: { within?: (work: () => void) => void; onEnd?: () => void } = {},
  ): string {
    const started = performance.now();
    const method = METHODS.has(req.method ?? '') ? req.method! : 'other';
    // `close` follows the last byte sent, or the client going away mid-answer.
    res.once('close', () =>
      within(() => {
        const seconds = (performance.now() - started) / 1e3;
        const route = routeOf();
        duration.observe({ method, route, status_code: res.statusCode }, seconds);
        if (route !== 'health') {
          log.debug('answered', { method, route, status: res.statusCode, ms: Math.round(seconds * 1e4) / 10 });
        }
        onEnd?.();
      }),
    );
    return method;
  }

  /**
   * Counts a health check, untraced: the probes ask every few seconds and call nothing, so a span each would be
   * noise in every trace search; their count still shows a server that stopped answering ready.
   */
  function health(req: IncomingMessage, res: ServerResponse): void {
    measure(req, res, () => 'health');
  }

  /** Starts the request's span (named `<METHOD> <route>` once the route is known) and counts its answer. */
  function request(req: IncomingMessage, res: ServerResponse, route: WebRoute): Observed {
    const span = startSpan(
      req.method ?? 'GET',
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method ?? 'GET', 'url.path': req.url?.split('?', 1)[0] ?? '/' },
      },
      contextFrom(req.headers),
    );
    const ctx: TraceContext = otelTrace.setSpan(otelContext.active(), span);
    const observed: Observed = {
      route,
      within: (work) => otelContext.with(ctx, work),
      trace: () => currentTraceCarrier(ctx),
    };
    const method = measure(req, res, () => observed.route, {
      within: observed.within,
      onEnd() {
        const status = res.statusCode;
        span.updateName(`${method} ${observed.route}`);
        span.setAttributes({ 'http.route': observed.route, 'http.response.status_code': status });
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      },
    });
    return observed;
  }

  return { health, request };
}
export type Observer = ReturnType<typeof observer>;
