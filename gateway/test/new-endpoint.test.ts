// The gateway routes, limits and documents from the endpoint definitions alone: two definitions it has never
// seen (a public one with the tight limit, a protected one), served by a stand-in catalog built with the kit,
// are forwarded, limited and in /docs, with no change to the gateway.
import { allEndpoints, endpoint } from '@travelclub/contracts';
import { createService, registerEndpoints, type ServiceApp } from '@travelclub/kit';
import { startTestJwks, testConfig, type TestJwks } from '@travelclub/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { gatewayConfig } from './helpers.js';

const Postcard = z.object({ hotelId: z.string(), text: z.string() });
const postcards = {
  sendPostcard: endpoint({ service: 'catalog', access: 'public' }, 'POST', '/api/v1/hotel/:id/postcard', {
    limit: 'tight',
    params: z.object({ id: z.string() }),
    body: z.object({ text: z.string().max(200) }),
    responses: { 200: Postcard },
    errors: [],
    summary: 'Sends a postcard of a hotel',
  }),
  myPostcards: endpoint({ service: 'catalog', access: 'user' }, 'GET', '/api/v1/hotel/postcards/mine', {
    responses: { 200: z.object({ count: z.number() }) },
    errors: ['unauthenticated'],
  }),
};

const TIGHT_MAX = 2;
let catalog: ServiceApp;
let gateway: FastifyInstance;
let jwks: TestJwks;

beforeAll(async () => {
  jwks = await startTestJwks();
  catalog = await createService({ name: 'catalog', config: testConfig('catalog', { JWKS_URL: jwks.jwksUrl }) });
  registerEndpoints(catalog, postcards, {
    sendPostcard: async ({ params, body }) => ({ hotelId: params.id, text: body.text }),
    myPostcards: async () => ({ count: 3 }),
  });
  const catalogUrl = await catalog.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildApp(
    gatewayConfig({ CATALOG_URL: catalogUrl, JWKS_URL: jwks.jwksUrl, AUTH_RATE_LIMIT_MAX: String(TIGHT_MAX) }),
    { endpoints: [...allEndpoints(), ...Object.values(postcards)] },
  );
});
afterAll(async () => {
  await gateway?.close();
  await catalog?.close();
  await jwks?.close();
});

describe('a new definition', () => {
  it('is routed to its service, without a token when public', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/v1/hotel/h-1/postcard',
      remoteAddress: '203.0.113.1',
      payload: { text: 'Wish you were here' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hotelId: 'h-1', text: 'Wish you were here' });
  });

  it('is guarded when protected, and answered with a token', async () => {
    const url = '/api/v1/hotel/postcards/mine';
    expect((await gateway.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await gateway.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await jwks.sign()}` } });
    expect(res.json()).toEqual({ count: 3 });
  });

  it('gets the tight limit its definition names', async () => {
    const send = () =>
      gateway.inject({
        method: 'POST',
        url: '/api/v1/hotel/h-2/postcard',
        remoteAddress: '203.0.113.2',
        payload: { text: 'Again' },
      });
    const codes = [];
    for (let i = 0; i <= TIGHT_MAX; i++) codes.push((await send()).statusCode);
    expect(codes).toEqual([...Array<number>(TIGHT_MAX).fill(200), 429]);
  });

  it('is in the merged OpenAPI document, public or behind a token as defined', async () => {
    const document = (await gateway.inject({ method: 'GET', url: '/docs' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[]; summary?: string }>>;
    }>();
    const sent = document.paths['/api/v1/hotel/{id}/postcard']?.post;
    expect(sent).toMatchObject({ tags: ['catalog'], summary: 'Sends a postcard of a hotel' });
    expect(sent?.security).toBeUndefined();
    expect(document.paths['/api/v1/hotel/postcards/mine']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });
});
