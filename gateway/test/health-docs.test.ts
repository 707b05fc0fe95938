import { createService, type ServiceApp } from '@travelclub/kit';
import { testConfig } from '@travelclub/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { mergeDocuments, type OpenApiDocument } from '../src/docs.js';
import { compileRouteTable } from '../src/route-table.js';
import { closedPortUrl, gatewayConfig } from './helpers.js';

// Stand-ins built with the kit, so their documents are the ones real services generate.
const HotelSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'GatewayTestHotel' });
let catalog: ServiceApp;
let creator: ServiceApp;
let catalogUrl: string;
let creatorUrl: string;
let billingUrl: string;
const gateways: FastifyInstance[] = [];

beforeAll(async () => {
  [catalog, creator] = await Promise.all([
    createService({ name: 'catalog', config: testConfig('catalog') }),
    createService({ name: 'creator', config: testConfig('creator') }),
  ]);
  catalog.get(
    '/api/v1/hotel/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 200: HotelSchema } } },
    async (req) => ({ id: req.params.id, name: 'Hotel Adlon' }),
  );
  catalog.put('/api/v1/hotel/:id/like', { schema: { body: z.object({ like: z.boolean() }) } }, async () => ({}));
  creator.put('/api/v1/hotel/:id/recommend', { schema: { params: z.object({ id: z.string() }) } }, async () => ({}));
  creator.get(
    '/api/v1/userProfile/public/:slug',
    { schema: { params: z.object({ slug: z.string() }) } },
    async () => ({}),
  );
  // A route of the creator service that the route table gives to catalog: not the creator's to document.
  creator.get('/api/v1/hotel/:id/titleImage', async () => ({}));
  [catalogUrl, creatorUrl, billingUrl] = await Promise.all([
    catalog.listen({ port: 0, host: '127.0.0.1' }),
    creator.listen({ port: 0, host: '127.0.0.1' }),
    closedPortUrl(),
  ]);
});
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await Promise.all([catalog.close(), creator.close()]);
});

async function gateway(overrides: Record<string, string>) {
  const app = await buildApp(gatewayConfig({ HEALTH_TIMEOUT_MS: '1000', ...overrides }));
  gateways.push(app);
  return app;
}

describe('GET /health', () => {
  it('answers 200 when every configured service is ready', async () => {
    const app = await gateway({ CATALOG_URL: catalogUrl, CREATOR_URL: creatorUrl });
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', checks: { catalog: 'up', creator: 'up' } });
    // Each part's own dependencies, as that part answers them.
    const own = await catalog.inject({ method: 'GET', url: '/health/ready' });
    expect(res.json().dependencies.catalog).toEqual(own.json().checks);
  });

  it('answers 503 naming the service that is down', async () => {
    const app = await gateway({ CATALOG_URL: catalogUrl, CREATOR_URL: creatorUrl, BILLING_URL: billingUrl });
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not-ready',
      checks: { catalog: 'up', creator: 'up', billing: 'down' },
    });
    expect(res.json().dependencies.billing).toEqual({});
    // The gateway itself is alive all the same.
    expect((await app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'live' });
  });
});

describe('GET /docs', () => {
  it('merges the services’ generated documents, keeps each path with its owner, and names who is missing', async () => {
    const app = await gateway({ CATALOG_URL: catalogUrl, CREATOR_URL: creatorUrl, BILLING_URL: billingUrl });
    const res = await app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/hotel/{id}',
      '/api/v1/hotel/{id}/like',
      '/api/v1/hotel/{id}/recommend',
      '/api/v1/userProfile/public/{slug}',
    ]);
    const hotel = doc.paths['/api/v1/hotel/{id}'].get;
    expect(hotel.tags).toEqual(['catalog']);
    expect(hotel.security).toBeUndefined();
    expect(hotel.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/GatewayTestHotel',
    });
    expect(doc.components.schemas.GatewayTestHotel.required).toEqual(['id', 'name']);
    expect(doc.paths['/api/v1/hotel/{id}/like'].put.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/hotel/{id}/recommend'].put.tags).toEqual(['creator']);
    expect(doc['x-services']).toEqual({ included: ['catalog', 'creator'], unavailable: ['billing'] });
    expect(doc.info.description).toContain('billing');

    const same = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(same.json()).toEqual(doc);
  });
});

describe('mergeDocuments', () => {
  it('prefixes a component name two services use for different shapes, and follows it in references', () => {
    const money = { type: 'object', properties: { amount: { type: 'integer' } } };
    const doc = (schema: unknown, path: string): OpenApiDocument => ({
      openapi: '3.1.0',
      paths: {
        [path]: {
          get: {
            responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Price' } } } } },
          },
        },
      },
      components: { schemas: { Price: schema, Money: money } },
    });
    const merged = mergeDocuments(
      [
        { service: 'catalog', document: doc({ type: 'integer' }, '/api/v1/hotel/{id}') },
        { service: 'billing', document: doc({ type: 'string' }, '/api/v1/invoice/{id}') },
      ],
      [],
      compileRouteTable(),
    );
    expect(merged.components?.schemas).toMatchObject({
      Price: { type: 'integer' },
      'billing.Price': { type: 'string' },
      Money: money,
    });
    const ref = (path: string) =>
      (
        merged.paths as Record<
          string,
          { get: { responses: { 200: { content: { 'application/json': { schema: unknown } } } } } }
        >
      )[path]!.get.responses[200].content['application/json'].schema;
    expect(ref('/api/v1/hotel/{id}')).toEqual({ $ref: '#/components/schemas/Price' });
    expect(ref('/api/v1/invoice/{id}')).toEqual({ $ref: '#/components/schemas/billing.Price' });
  });
});
