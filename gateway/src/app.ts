// buildApp: the gateway as a Fastify app that never listens. Per request, in order: ids and CORS and
// security headers, the rate limits, the route table, the token check on protected routes, the proxy to the
// owning service; a path no service owns outside /api goes to the web server.
import cors from '@fastify/cors';
import {
  applyHttpConventions,
  appError,
  closeRedis,
  createJwtVerifier,
  createRedis,
  serverOptions,
  withTimeout,
  type TokenVerifier,
} from '@travelclub/kit';
import type { Endpoint } from '@travelclub/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { upstreamUrls, type GatewayConfig } from './config.js';
import { registerDocsRoutes } from './docs.js';
import { edgeAuthentication, type TokenCheck } from './edge-auth.js';
import { registerRateLimits, type RateLimits } from './rate-limits.js';
import { registerReadinessRoutes } from './readiness.js';
import { registerSecurityHeaders } from './security-headers.js';
import { readRequestTarget } from './request-target.js';
import { compileRouteTable, SERVICES, type RouteMatch, type RouteTable } from './route-table.js';
import { createUpstreams, type Upstreams } from './upstreams.js';
import { isPagePath, isStaticAsset, WEB_DEFAULT_HEADERS } from './web-pages.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The route table's answer for this request and the canonical URL it was given for; null for the
     * gateway's own routes and unknown paths.
     */
    upstream: (RouteMatch & { url: string }) | null;
    /** The canonical URL of a request for the web server (a page, its data, a static file), else null. */
    page: string | null;
  }
}

/** Why a path whose meaning depends on its reader is refused (request-target.ts). */
const AMBIGUOUS_PATH = {
  path: 'url',
  message:
    'Encoded slashes, backslashes, dot segments, fragments and broken or double percent-encoding are not accepted',
};

export interface GatewayOptions {
  /** Checks access tokens; by default through the JWKS at `config.JWKS_URL`. */
  verifyToken?: TokenVerifier;
  /** The endpoint definitions it routes; by default every one in contracts (tests add their own). */
  endpoints?: readonly Endpoint[];
}

const PROXY_URL = '/*';
const PROXIED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

export async function buildApp(config: GatewayConfig, options: GatewayOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...serverOptions({
      name: 'gateway',
      logLevel: config.LOG_LEVEL,
      bodyLimit: config.BODY_LIMIT_BYTES,
      trustProxy: config.TRUST_PROXY,
    }),
  });
  // The `route` of its figures and spans: the service a request went to, the web server, or its own route.
  applyHttpConventions(app, {
    routeOf: (req) =>
      req.upstream
        ? `service:${req.upstream.service}`
        : req.page !== null
          ? 'web'
          : (req.routeOptions.url ?? 'unmatched'),
  });

  // Bodies pass through unparsed, whatever their type; Fastify still enforces the size limit (413).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  const redis = await connectRedis(app, config.REDIS_URL);
  await registerSecurityHeaders(app);
  await registerCors(app, config.CORS_ORIGINS);
  const limits = await registerRateLimits(app, {
    redis,
    prefix: config.RATE_LIMIT_PREFIX,
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    tightMax: config.AUTH_RATE_LIMIT_MAX,
    tightWindowMs: config.AUTH_RATE_LIMIT_WINDOW_MS,
    syncMs: config.RATE_LIMIT_SYNC_MS,
    onSyncError: (err) => app.log.warn({ err: err.message }, 'rate-limit counts not synced to Redis; counting locally'),
  });
  const upstreams = registerUpstreams(app, config);
  const table = compileRouteTable(options.endpoints);
  const requireToken = edgeAuthentication(
    options.verifyToken ??
      createJwtVerifier({ jwksUrl: config.JWKS_URL, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }),
  );
  const hasWeb = upstreams.configured.includes('web');
  // The routes that forward: the catch-all, and the upload routes with their bigger body limit.
  const proxied = new Set([PROXY_URL, ...table.uploads.map(({ path }) => path)]);
  registerEdgeChecks(app, { limits, table, proxied, requireToken, hasWeb });

  registerReadinessRoutes(app, upstreams, { timeoutMs: config.HEALTH_TIMEOUT_MS, logLevel: config.LOG_LEVEL });
  registerDocsRoutes(app, upstreams, table, config.HEALTH_TIMEOUT_MS);
  const forward = async (req: FastifyRequest, reply: FastifyReply) => {
    const { upstream } = req;
    if (upstream) return upstreams.forward(req, reply, upstream.service, upstream.url, { shared: upstream.shared });
    if (req.page !== null) return upstreams.forward(req, reply, 'web', req.page, { defaults: WEB_DEFAULT_HEADERS });
    throw appError('not-found');
  };
  // A forward writes its request span's `traceparent` itself (upstreams.ts), so it runs outside the span.
  const forwarding = { passesSpanOn: true };
  app.route({ method: PROXIED_METHODS, url: PROXY_URL, exposeHeadRoute: false, config: forwarding, handler: forward });
  // The figures are served on the metrics port only (server.ts): through the public port, not found.
  app.route({
    method: PROXIED_METHODS,
    url: '/metrics',
    exposeHeadRoute: false,
    handler: () => Promise.reject(appError('not-found')),
  });
  // The same forwarding with room for a few photos, on the upload routes only.
  for (const { method, path } of table.uploads) {
    app.route({ method, url: path, bodyLimit: config.UPLOAD_BODY_LIMIT_BYTES, config: forwarding, handler: forward });
  }
  return app;
}

/** The rate limits' Redis, ready (or the app closed and the start failed), closed with the app. */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = createRedis(url);
  // Every request counts in Redis: commands issued in the same tick go out as one write.
  redis.options.enableAutoPipelining = true;
  app.addHook('onClose', () => closeRedis(redis));
  try {
    await withTimeout(new Promise((ready, fail) => redis.once('ready', ready).once('error', fail)), 5_000, 'Redis');
  } catch (err) {
    await app.close();
    throw err;
  }
  redis.on('error', (err) => app.log.warn({ err: err.message }, 'Redis trouble: rate limits are not applied'));
  return redis;
}

async function registerCors(app: FastifyInstance, origins: string[]) {
  const allowedOrigins = new Set(origins);
  await app.register(cors, {
    // An unknown origin gets no CORS headers at all, so credentials are offered to listed origins only.
    origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin)),
    credentials: true,
    methods: PROXIED_METHODS,
    exposedHeaders: ['x-request-id', 'x-correlation-id', 'retry-after'],
    maxAge: 600,
  });
}

/**
 * A pool per configured service and the web server, closed with the app; a service without a URL answers 503,
 * page paths without a web server 404.
 */
function registerUpstreams(app: FastifyInstance, config: GatewayConfig): Upstreams {
  const urls = upstreamUrls(config);
  const missing = SERVICES.filter((service) => !urls[service]);
  if (missing.length) app.log.warn({ services: missing }, 'no URL configured: their routes answer 503');
  if (!config.WEB_SERVER_URL) app.log.warn('no web server configured (WEB_SERVER_URL): page paths answer 404');
  const upstreams = createUpstreams({
    urls: { ...urls, ...(config.WEB_SERVER_URL ? { web: config.WEB_SERVER_URL } : {}) },
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    connections: config.UPSTREAM_CONNECTIONS,
    sharedCacheBytes: config.SHARED_CACHE_BYTES,
  });
  app.addHook('onClose', () => upstreams.close());
  return upstreams;
}

interface EdgeChecks {
  limits: RateLimits;
  table: RouteTable;
  /** The URLs of the forwarding routes. */
  proxied: ReadonlySet<string>;
  requireToken: TokenCheck;
  /** A web server is configured: page paths go there. */
  hasWeb: boolean;
}

/** The checks before a request goes upstream: the rate limits, the route table, the token. */
function registerEdgeChecks(app: FastifyInstance, checks: EdgeChecks) {
  app.decorateRequest('upstream', null);
  app.decorateRequest('page', null);
  // A callback hook: most requests need no waiting (the global limit counts in memory, a public route needs no
  // token), and then pay for no promise; only the tight limit and the token check are awaited.
  app.addHook('onRequest', (req, reply, done) => {
    let waiting: Promise<void> | undefined;
    try {
      waiting = checkAtTheEdge(req, reply, checks);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (waiting) waiting.then(() => done(), done);
    else done();
  });
}

/**
 * Limits before the token check, so a flood of bad tokens costs no signature checks. The table sees the decoded
 * path, as the services' routers will, and that canonical path is what goes upstream (or to the web server: the
 * same checks, so `/assets/..%2fapi` is refused, not read two ways). Throws a refusal; answers a promise only when
 * something is left to wait for.
 */
function checkAtTheEdge(
  req: FastifyRequest,
  reply: FastifyReply,
  { limits, table, proxied, requireToken, hasWeb }: EdgeChecks,
): Promise<void> | undefined {
  const route = req.routeOptions.url;
  if (route === '/health/live') return;
  if (!route || !proxied.has(route)) {
    limits.check(req, reply);
    return;
  }
  const target = readRequestTarget(req.url);
  const match = target && table.match(req.method, target.segments);
  if (target && !match && hasWeb && isPagePath(target.segments)) {
    req.page = target.url;
    if (!isStaticAsset(req.method, target.segments)) limits.check(req, reply);
    return;
  }
  limits.check(req, reply);
  if (!target) throw appError('validation-failed', [AMBIGUOUS_PATH]);
  if (!match) return;
  const upstream = (req.upstream = { ...match, url: target.url });
  if (upstream.isPublic) return upstream.tightlyLimited ? limits.checkTight(req, reply) : undefined;
  if (!upstream.tightlyLimited) return requireToken(req, upstream.missingToken);
  return limits.checkTight(req, reply).then(() => requireToken(req, upstream.missingToken));
}
