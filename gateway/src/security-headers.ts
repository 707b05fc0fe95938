// The security headers on every answer, decided by @fastify/helmet once at start-up and then replayed.
// Registered as usual, the plugin rebuilds helmet's middleware on every request: in bench:gateway
// that cost about a third of the gateway's throughput, for headers that never change.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** What any answer carries anyway; everything else on the probe's answer came from helmet. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers that mean something for an API: HSTS, nosniff, no framing, no referrer, and who may embed its
 * images. The ones about documents (content policy, opener policy, agent clusters, old browsers' XSS filter
 * and download prompts) are left out: they cost bytes on every answer. The web app's pages get their content
 * policy and referrer policy from the web server, or the defaults in web-pages.ts.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await securityHeaders({
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Answers are for the site's own pages; the services' public images say `cross-origin` themselves
    // (PUBLIC_ASSET_HEADERS in the kit), and a service's header wins over these.
    crossOriginResourcePolicy: { policy: 'same-site' },
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}

async function securityHeaders(options: FastifyHelmetOptions): Promise<[name: string, value: string][]> {
  const probe = Fastify();
  try {
    await probe.register(helmet, options);
    probe.get('/', async () => '');
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.entries(res.headers).flatMap(([name, value]) =>
      NOT_HELMETS.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]],
    );
  } finally {
    await probe.close();
  }
}
