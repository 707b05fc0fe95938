import { ErrorEnvelopeSchema, SignInPayloadSchema } from '@travelclub/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createService, type ServiceApp } from '../src/index.js';
import { testConfig } from '../src/testing/index.js';

let app: ServiceApp;

beforeAll(async () => {
  app = await createService({ name: 'kit-openapi', config: testConfig('kit-openapi') });
  app.post(
    '/api/v1/things/:id',
    {
      schema: {
        params: z.object({ id: z.string() }),
        body: SignInPayloadSchema,
        response: { 200: z.object({ email: z.string() }), 404: ErrorEnvelopeSchema },
      },
    },
    async (req) => ({ email: req.body.email }),
  );
  await app.ready();
});
afterAll(() => app.close());

it('serves an OpenAPI 3.1 document generated from the routes’ zod schemas', async () => {
  const res = await app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.info.title).toBe('kit-openapi');
  const operation = doc.paths['/api/v1/things/{id}'].post;
  expect(operation.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  const body = operation.requestBody.content['application/json'].schema;
  expect(body.required).toEqual(['email', 'password']);
  expect(Object.keys(operation.responses)).toEqual(['200', '404']);
  expect(doc.paths['/health/ready'].get.responses['503']).toBeDefined();
  // The document does not describe itself.
  expect(doc.paths['/openapi.json']).toBeUndefined();
});
