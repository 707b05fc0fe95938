// Every spelling of a route gets the same auth and limits: the services' routers decode percent-encoding,
// so the gateway must too (`POST /api/v1/auth/%61nonymous` once went past the tight limit, 25 times in a row).
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@travelclub/contracts';
import { useGateway } from './helpers.js';

const TIGHT_MAX = 3;

const world = useGateway(['auth', 'catalog', 'creator'], { settings: { AUTH_RATE_LIMIT_MAX: String(TIGHT_MAX) } });
beforeAll(() => world.gateway.listen({ port: 0, host: '127.0.0.1' }));

/** The tightly limited routes (each a POST or PUT without parameters), with their service. */
const tightRoutes = allEndpoints()
  .filter((e) => e.limit === 'tight')
  .map((e) => [e.method, e.path, e.service] as const);

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;

/** Spellings a router decodes to `path`: one letter encoded (either case of hex), every letter, another segment, extra slashes. */
function spellingsOf(path: string): string[] {
  const segments = path.split('/').slice(1);
  const last = segments.length - 1;
  const withSegment = (i: number, spelled: string) => `/${segments.map((s, j) => (j === i ? spelled : s)).join('/')}`;
  const lastSegment = segments[last]!;
  return [
    withSegment(last, hex(lastSegment[0]!) + lastSegment.slice(1)),
    withSegment(last, lastSegment.slice(0, -1) + hex(lastSegment.at(-1)!).toLowerCase()),
    withSegment(last, [...lastSegment].map(hex).join('')),
    withSegment(1, hex(segments[1]![0]!) + segments[1]!.slice(1)),
    `/${segments.slice(0, last).join('/')}//${lastSegment}/`,
  ];
}

let nextAddress = 1;

describe('tight limits', () => {
  it.each(tightRoutes)(
    'count every spelling of %s %s together, and send the checked path on',
    async (method, path, service) => {
      const remoteAddress = `198.51.100.${nextAddress++}`;
      const spellings = spellingsOf(path);
      const answers = [];
      for (const url of spellings) {
        // With a token: the old table saw an unknown protected path and let it through.
        answers.push(
          await world.gateway.inject({
            method,
            url,
            remoteAddress,
            headers: { authorization: `Bearer ${world.token}` },
            payload: {},
          }),
        );
      }
      expect(answers.map((res) => res.statusCode)).toEqual(spellings.map((_, i) => (i < TIGHT_MAX ? 200 : 429)));
      for (const res of answers.slice(0, TIGHT_MAX)) expect(res.json()).toMatchObject({ service, url: path });
      expect(answers[TIGHT_MAX]!.json().error.code).toBe('too-many-requests');
    },
  );

  it('count a plain and an encoded spelling as one address on one limit', async () => {
    const remoteAddress = `198.51.100.${nextAddress++}`;
    const post = (url: string) => world.gateway.inject({ method: 'POST', url, remoteAddress, payload: {} });
    for (let i = 0; i < TIGHT_MAX; i++) expect((await post('/api/v1/auth/anonymous')).statusCode).toBe(200);
    // Without a token too: the encoded spelling is as public as the plain one, and as limited.
    expect((await post('/api/v1/auth/%61nonymous')).statusCode).toBe(429);
  });
});

describe('public and protected routes', () => {
  it('open an encoded public path without a token and send it on decoded', async () => {
    const res = await world.gateway.inject({
      method: 'GET',
      url: '/api/v1/hotel/%68-1?x=%41',
      remoteAddress: '192.0.2.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ service: 'catalog', url: '/api/v1/hotel/h-1?x=%41' });
  });

  it('keep an encoded protected path protected', async () => {
    const res = await world.gateway.inject({
      method: 'PUT',
      url: '/api/v1/hotel/h-1/%6Cike',
      remoteAddress: '192.0.2.2',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('ambiguous paths', () => {
  let client: Client;
  beforeAll(() => {
    const { port } = world.gateway.server.address() as { port: number };
    client = new Client(`http://127.0.0.1:${port}`);
  });
  afterAll(() => client.close());

  // Sent over the wire as written: light-my-request would resolve dots and backslashes itself.
  it.each([
    '/api/v1/auth%2Fanonymous',
    '/api/v1/auth/%5Canonymous',
    '/api/v1/auth\\anonymous',
    '/api/v1/hotel/../auth/anonymous',
    '/api/v1/hotel/%2e%2e/auth/anonymous',
    '/api/v1/auth/./anonymous',
    '/api/v1/auth/%2561nonymous',
    '/api/v1/auth/anonymous#x',
  ])('answer POST %s with 400 and the envelope, and send nothing on', async (path) => {
    const res = await client.request({
      method: 'POST',
      path,
      headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await res.body.json()) as { error: { code: string; details?: unknown[] } };
    expect(res.statusCode).toBe(400);
    expect(body.error).toMatchObject({ code: 'validation-failed', message: 'The request is not valid.' });
    expect(body.error.details).toEqual([{ path: 'url', message: expect.stringContaining('Encoded slashes') }]);
  });

  // Fastify's router refuses these itself, before any hook: the kit's server options give them the envelope.
  it.each(['/api/v1/hotel/%zz', '/api/v1/auth/%C0%AFanonymous'])(
    'answer a broken percent-encoding (%s) with the envelope too',
    async (path) => {
      const res = await client.request({ method: 'POST', path, headers: { authorization: `Bearer ${world.token}` } });
      const body = (await res.body.json()) as { error: { code: string } };
      expect(res.statusCode).toBe(400);
      expect(body.error.code).toBe('validation-failed');
    },
  );
});
