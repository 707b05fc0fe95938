import { SignInPayloadSchema } from '@travelclub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, createService, type ServiceApp } from '../src/index.js';
import { testConfig } from '../src/testing/index.js';

let app: ServiceApp;

beforeAll(async () => {
  app = await createService({ name: 'kit-service', config: testConfig('kit-service') });
  app.post('/sign-in', { schema: { body: SignInPayloadSchema } }, async (req) => ({ email: req.body.email }));
  app.get('/boom', async () => {
    throw new Error('secret connection string mongodb://admin:hunter2@db');
  });
  app.get('/gone', async () => {
    throw appError('itinerary-not-found');
  });
  await app.ready();
});
afterAll(() => app.close());

const signIn = (payload: unknown) => app.inject({ method: 'POST', url: '/sign-in', payload: payload as object });

describe('validation', () => {
  it('accepts a valid body', async () => {
    const res = await signIn({ email: 'ana@example.com', password: 'secret1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'ana@example.com' });
  });

  it('names the field of a wrong type', async () => {
    const res = await signIn({ email: 'ana@example.com', password: 123456 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'validation-failed',
        message: 'The request is not valid.',
        details: [{ path: 'password', message: 'You must specify a password' }],
      },
    });
  });

  it('names a missing field with the spec message', async () => {
    const res = await signIn({ password: 'secret1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ path: 'email', message: 'Email address is required' }]);
  });

  it('refuses a MongoDB operator in place of a value', async () => {
    const res = await signIn({ email: { $gt: '' }, password: 'secret1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ path: 'email', message: 'Invalid email address' }]);
  });

  it('refuses an operator smuggled in as an extra field', async () => {
    const res = await signIn({ email: 'ana@example.com', password: 'secret1', $where: 'sleep(1000)' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ path: '$where', message: 'Unknown field' }]);
  });

  it('answers a body that is not JSON with the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation-failed');
  });
});

describe('errors', () => {
  it('answers an unknown route with the not-found envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not-found', message: 'The page you are looking for does not exist.' },
    });
  });

  it('renders a catalogue error with its status and text', async () => {
    const res = await app.inject({ method: 'GET', url: '/gone' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'itinerary-not-found', message: 'Itinerary not found' } });
  });

  it('hides the internals of a 5xx', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal', message: 'An unexpected error occurred, please try again later.' },
    });
    expect(res.body).not.toContain('hunter2');
  });
});

describe('request and correlation ids', () => {
  it('keeps a caller correlation id and echoes both ids', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-correlation-id': 'corr-123', 'x-request-id': 'req-456' },
    });
    expect(res.headers['x-correlation-id']).toBe('corr-123');
    expect(res.headers['x-request-id']).toBe('req-456');
  });

  it('starts a correlation at the request id and refuses ids that are not ids', async () => {
    const res = await app.inject({ method: 'GET', url: '/health/live', headers: { 'x-correlation-id': '<script>' } });
    expect(res.headers['x-correlation-id']).toBe(res.headers['x-request-id']);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
