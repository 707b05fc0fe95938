// The web app on the gateway's origin: every path outside /api (and the gateway's own) goes to the web server
// (a stand-in here), with its query, cookies, body and the forwarded headers; its answers come back with their
// cookies and a content policy that lets React Router hydrate; its hashed assets skip the rate limits.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closedPortUrl, gatewayConfig, startUpstream, type Upstream } from './helpers.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A web server that answers every request with a page describing what it received. */
function startWebStandIn(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/health/ready') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"status":"up"}');
      }
      const seen: Seen = { method: req.method!, url: req.url!, headers: req.headers, body };
      const headers: Record<string, string | string[]> = {
        'content-type': 'text/html; charset=utf-8',
        'set-cookie': ['tc_session=s1; HttpOnly; SameSite=Lax; Path=/', 'theme=dark; Path=/'],
      };
      if (req.url === '/own-policy') {
        headers['content-security-policy'] = "default-src 'self'";
        headers['referrer-policy'] = 'strict-origin';
      }
      res.writeHead(200, headers);
      // Written in pieces, without a length: the way a streamed server render arrives.
      res.write('<!doctype html><html><body><script>window.__seen=');
      res.end(`${JSON.stringify(seen)}</script></body></html>`);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

const seenBy = (html: string): Seen => JSON.parse(/window\.__seen=(.*)<\/script>/s.exec(html)![1]!) as Seen;

let web: { server: Server; url: string };
let catalog: Upstream;
const gateways: FastifyInstance[] = [];

beforeAll(async () => {
  [web, catalog] = await Promise.all([startWebStandIn(), startUpstream('catalog')]);
});
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await catalog.app.close();
  await new Promise((resolve) => web.server.close(resolve));
});

async function gateway(overrides: Record<string, string> = {}) {
  const app = await buildApp(
    gatewayConfig({ CATALOG_URL: catalog.url, WEB_SERVER_URL: web.url, HEALTH_TIMEOUT_MS: '500', ...overrides }),
  );
  gateways.push(app);
  return app;
}

describe('page paths', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await gateway();
  });

  it('go to the web server with their query and cookies, and its cookies come back', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/hotel/grand-paris?searchId=abc&creator=ana',
      headers: { cookie: 'tc_session=s0; tc_csrf=c0', host: 'travelclub.test', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['set-cookie']).toEqual(['tc_session=s1; HttpOnly; SameSite=Lax; Path=/', 'theme=dark; Path=/']);
    const seen = seenBy(res.body);
    expect(seen).toMatchObject({ method: 'GET', url: '/hotel/grand-paris?searchId=abc&creator=ana' });
    expect(seen.headers).toMatchObject({
      cookie: 'tc_session=s0; tc_csrf=c0',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'travelclub.test',
    });
  });

  it("forward every method with its body: React Router's actions and data requests", async () => {
    const action = await app.inject({
      method: 'POST',
      url: '/signIn?returnUrl=%2Fuser%2Ftrips',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://travelclub.test' },
      payload: 'email=ada%40example.test&password=secret',
    });
    expect(seenBy(action.body)).toMatchObject({
      method: 'POST',
      url: '/signIn?returnUrl=%2Fuser%2Ftrips',
      body: 'email=ada%40example.test&password=secret',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://travelclub.test' },
    });
    const data = await app.inject({ method: 'GET', url: '/search.data?searchId=abc&_routes=routes%2Fsearch' });
    expect(seenBy(data.body).url).toBe('/search.data?searchId=abc&_routes=routes%2Fsearch');
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect(seenBy((await app.inject({ method, url: '/user/trips' })).body).method).toBe(method);
    }
    expect((await app.inject({ method: 'HEAD', url: '/faq' })).statusCode).toBe(200);
  });

  it('include the home page and any path outside the reserved ones', async () => {
    for (const url of ['/', '/faq', '/assets/entry-abc123.js', '/favicon.svg', '/map/style.json', '/apis']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(seenBy(res.body).url).toBe(url);
    }
  });

  it("keep the gateway's path checks: the canonical path goes on, an ambiguous one is refused", async () => {
    expect(seenBy((await app.inject({ method: 'GET', url: '//user//trips/?x=1' })).body).url).toBe('/user/trips?x=1');
    for (const url of ['/hotel/a%2Fb', '/assets/..%2Fapi', '/hotel/%5Cx', '/hotel/%2561']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('validation-failed');
    }
  });
});

describe('paths that are not pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await gateway();
  });

  it('still go to their service under /api', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/hotel/h-1?currency=EUR' });
    expect(res.json()).toMatchObject({ service: 'catalog', url: '/api/v1/hotel/h-1?currency=EUR' });
  });

  it.each([
    '/api/v1/nowhere',
    '/API/v1/nowhere',
    '/api',
    '/internal/v1/holds',
    '/.well-known/openid-configuration',
    '/health/details',
    '/docs/nothing',
  ])('%s answers the JSON 404, never a page', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not-found', message: 'The page you are looking for does not exist.' },
    });
  });

  it("are the gateway's own: /health lists the web server among the parts", async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.json()).toMatchObject({ status: 'ready', checks: { catalog: 'up', web: 'up' } });
    const down = await gateway({ WEB_SERVER_URL: await closedPortUrl() });
    const answer = await down.inject({ method: 'GET', url: '/health' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().checks).toEqual({ catalog: 'up', web: 'down' });
  });

  it('answers 503 with the envelope for a page when the web server is down', async () => {
    const down = await gateway({ WEB_SERVER_URL: await closedPortUrl() });
    const res = await down.inject({ method: 'GET', url: '/faq' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('service-unavailable');
  });
});

describe('without WEB_SERVER_URL', () => {
  it('answers page paths with the JSON 404, and /health does not list a web server', async () => {
    const app = await gateway({ WEB_SERVER_URL: '' });
    for (const url of ['/', '/faq', '/assets/entry-abc123.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not-found');
    }
    expect((await app.inject({ method: 'GET', url: '/health' })).json().checks).toEqual({ catalog: 'up' });
  });
});

describe('rate limits on the web app', () => {
  it('let hashed assets through without counting them; pages and data count against the general limit', async () => {
    const app = await gateway({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '30000' });
    for (let i = 0; i < 10; i++) {
      expect((await app.inject({ method: 'GET', url: `/assets/chunk-${i}.js` })).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/faq' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/search.data' })).statusCode).toBe(200);
    // Writing to /assets is not reading a build file: it counts.
    expect((await app.inject({ method: 'POST', url: '/assets/x.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/hotel/h-1' })).statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url: '/api/v1/hotel/h-1' })).statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url: '/assets/entry.js' })).statusCode).toBe(200);
  });
});

describe('security headers of web answers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await gateway();
  });

  it("get a content policy of their own when the web server sends none: no inline script, MapLibre's workers", async () => {
    const res = await app.inject({ method: 'GET', url: '/faq' });
    const policy = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(policy['worker-src']).toEqual(['blob:']);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    // no-referrer would make browsers send `Origin: null` with a page's own form posts.
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("keep the web server's own policy when it sets one", async () => {
    const res = await app.inject({ method: 'GET', url: '/own-policy' });
    expect(res.headers['content-security-policy']).toBe("default-src 'self'");
    expect(res.headers['referrer-policy']).toBe('strict-origin');
  });

  it('leave API answers as they were: no content policy, no referrer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/hotel/h-1' });
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
