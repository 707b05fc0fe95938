import { describe, expect, it } from 'vitest';
import { ROUTE_OWNERS, useGateway } from './helpers.js';

const UPSTREAMS = ['catalog', 'creator', 'billing', 'auth'];
const world = useGateway(UPSTREAMS, {
  unreachable: ['itinerary'],
  settings: { UPSTREAM_TIMEOUT_MS: '300', BODY_LIMIT_BYTES: '1024', UPLOAD_BODY_LIMIT_BYTES: '8192' },
});

const bearer = () => ({ authorization: `Bearer ${world.token}` });

describe('routing', () => {
  it.each(ROUTE_OWNERS.filter(([, , service]) => UPSTREAMS.includes(service)))(
    '%s %s goes to %s, path and query unchanged',
    async (method, path, service) => {
      const res = await world.gateway.inject({ method, url: `${path}?x=1`, headers: bearer() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ service, method, url: `${path}?x=1` });
    },
  );

  it('answers a path no service owns with the not-found envelope', async () => {
    for (const url of ['/api/v1/nowhere', '/api/v1/hotels/h-1', '/']) {
      const res = await world.gateway.inject({ method: 'GET', url, headers: bearer() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'not-found', message: 'The page you are looking for does not exist.' },
      });
    }
  });
});

describe('forwarding', () => {
  it('passes the token, cookies, body and content type on, and names the client', async () => {
    const res = await world.gateway.inject({
      method: 'POST',
      url: '/api/v1/creator/requestVerification',
      headers: {
        ...bearer(),
        cookie: 'session=abc; csrf=xyz',
        'content-type': 'application/json',
        // A client cannot pretend to be someone else: the gateway is the edge (TRUST_PROXY=false).
        'x-forwarded-for': '203.0.113.9',
        connection: 'keep-alive',
      },
      payload: JSON.stringify({ note: 'verify me' }),
    });
    expect(res.statusCode).toBe(200);
    const seen = res.json();
    expect(seen.headers).toMatchObject({
      authorization: `Bearer ${world.token}`,
      cookie: 'session=abc; csrf=xyz',
      'content-type': 'application/json',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
    });
    expect(seen.body).toBe('{"note":"verify me"}');
  });

  it('creates a correlation id, passes it on and answers with it', async () => {
    const res = await world.gateway.inject({ method: 'GET', url: '/api/v1/hotel/h-1' });
    const correlationId = res.headers['x-correlation-id'];
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).toBe(correlationId);
    expect(res.json().headers['x-correlation-id']).toBe(correlationId);
    expect(res.json().headers['x-request-id']).toBe(correlationId);
  });

  it('keeps a correlation id the caller brings, and replaces one that does not look like an id', async () => {
    const kept = await world.gateway.inject({
      method: 'GET',
      url: '/api/v1/hotel/h-1',
      headers: { 'x-correlation-id': 'web-1234', 'x-request-id': 'req-5678' },
    });
    expect(kept.json().headers).toMatchObject({ 'x-correlation-id': 'web-1234', 'x-request-id': 'req-5678' });
    expect(kept.headers['x-correlation-id']).toBe('web-1234');

    const replaced = await world.gateway.inject({
      method: 'GET',
      url: '/api/v1/hotel/h-1',
      headers: { 'x-correlation-id': 'two words\u0000' },
    });
    expect(replaced.json().headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('passes every Set-Cookie back', async () => {
    const res = await world.gateway.inject({ method: 'POST', url: '/api/v1/auth/signOut', headers: bearer() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toEqual(['session=abc; HttpOnly; Secure; SameSite=Lax', 'csrf=xyz; Secure']);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await world.gateway.inject({ method: 'HEAD', url: '/api/v1/hotel/h-1' });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.body).toBe('');
  });

  it('streams an answer too large to hold', async () => {
    const res = await world.gateway.inject({ method: 'GET', url: '/api/v1/hotel/large' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(200_000);
  });

  it('passes the upstream status and error envelope back as they are', async () => {
    const res = await world.gateway.inject({ method: 'GET', url: '/api/v1/hotel/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'hotel-not-found', message: 'Hotel not found' } });
  });
});

describe('upstream failures', () => {
  it('answers 504 with the envelope when the service is too slow to answer', async () => {
    const started = Date.now();
    const res = await world.gateway.inject({ method: 'GET', url: '/api/v1/hotel/slow' });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({
      error: { code: 'upstream-timeout', message: 'The service took too long to answer. Please try again shortly.' },
    });
    // undici's timeouts run on a half-second clock; the stand-in would answer after 3 s.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers 503 with the envelope when the service is down', async () => {
    const res = await world.gateway.inject({ method: 'GET', url: '/api/v1/itinerary/latest', headers: bearer() });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: {
        code: 'service-unavailable',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      },
    });
  });

  it('answers 503 for a service that has no URL configured', async () => {
    const res = await world.gateway.inject({
      method: 'GET',
      url: '/api/v1/assistant/conversations',
      headers: bearer(),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('service-unavailable');
  });
});

describe('upload routes', () => {
  it('lets only the image upload routes carry a body over the usual limit, up to their own', async () => {
    const send = (method: 'POST' | 'PUT', url: string, size: number) =>
      world.gateway.inject({
        method,
        url,
        headers: { ...bearer(), 'content-type': 'multipart/form-data; boundary=x' },
        payload: Buffer.alloc(size, 'a'),
      });
    for (const [method, url] of [
      ['PUT', '/api/v1/hotel/h-1/recommend'],
      ['POST', '/api/v1/userProfile/u-1/creator/heroImage'],
      ['POST', '/api/v1/userProfile/u-1/profilePicture'],
    ] as const) {
      const passed = await send(method, url, 4096);
      expect(passed.statusCode, url).toBe(200);
      expect(passed.json()).toMatchObject({ service: 'creator', url });
      expect((await send(method, url, 10_000)).statusCode, url).toBe(413);
    }
    expect((await send('PUT', '/api/v1/userProfile', 4096)).statusCode).toBe(413);
    expect((await send('POST', '/api/v1/hotel/h-1/recommend/extra', 4096)).statusCode).toBe(413);
  });
});
