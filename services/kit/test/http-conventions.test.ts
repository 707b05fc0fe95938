import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyHttpConventions, serverOptions } from '../src/index.js';
import { appLoggingTo } from './helpers.js';

const app = Fastify(serverOptions({ name: 'kit-conventions', logLevel: 'silent' }));

beforeAll(async () => {
  applyHttpConventions(app);
  app.get('/ids', async (req) => ({
    correlationId: req.correlationId,
    requestId: req.id,
    logged: (req.log as unknown as { bindings(): Record<string, unknown> }).bindings(),
  }));
  await app.ready();
});
afterAll(() => app.close());

it('puts both ids on the answer and in every log line of the request', async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/ids',
    headers: { 'x-request-id': 'req-1', 'x-correlation-id': 'corr-1' },
  });
  expect(res.json()).toEqual({
    correlationId: 'corr-1',
    requestId: 'req-1',
    logged: expect.objectContaining({ requestId: 'req-1', correlationId: 'corr-1' }),
  });
  expect(res.headers['x-request-id']).toBe('req-1');
  expect(res.headers['x-correlation-id']).toBe('corr-1');
});

it('starts a correlation from the request id when the caller brings none, or none that looks like an id', async () => {
  for (const headers of [{}, { 'x-correlation-id': 'not an id!' }]) {
    const res = await app.inject({ method: 'GET', url: '/ids', headers });
    const { correlationId, requestId, logged } = res.json();
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(correlationId).toBe(requestId);
    expect(logged).toMatchObject({ requestId, correlationId });
    expect(res.headers['x-correlation-id']).toBe(requestId);
  }
});

it('logs request URLs without their query string (one-time codes travel there)', async () => {
  const lines: Record<string, unknown>[] = [];
  const logged = appLoggingTo('kit-log', lines);
  logged.get('/callback', async () => ({ ok: true }));
  try {
    await logged.inject({ method: 'GET', url: '/callback?code=secret-code&state=secret-state' });
  } finally {
    await logged.close();
  }
  const incoming = lines.find((line) => line.msg === 'incoming request') as { req: { url: string } } | undefined;
  expect(incoming?.req.url).toBe('/callback');
  expect(JSON.stringify(lines)).not.toContain('secret-code');
});
