// The gateway's readiness log: a service's state is logged when it changes, not on every probe (npm start
// polls /health twice a second while the catalog imports its hotels).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { LogFn } from 'pino';
import { afterAll, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { closedPortUrl, gatewayConfig } from './helpers.js';

let gateway: FastifyInstance | undefined;
const catalog = createServer((req, res) => {
  const ready = req.url === '/health/ready';
  res.writeHead(ready ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(ready ? { status: 'ready', checks: {} } : {}));
});
afterAll(async () => {
  await gateway?.close();
  if (catalog.listening) await new Promise((resolve) => catalog.close(resolve));
});

it('logs a service going down once and coming back once, however often it is probed', async () => {
  const catalogUrl = await closedPortUrl();
  gateway = await buildApp(gatewayConfig({ HEALTH_TIMEOUT_MS: '500', CATALOG_URL: catalogUrl }));
  // Every warn and info line about the catalog, from the gateway's logger or any request's child of it.
  const lines: { level: string; msg: unknown }[] = [];
  const aboutCatalog = (fields: unknown) => {
    const { upstream, service } = fields as { upstream?: string; service?: string };
    return (upstream ?? service) === 'catalog';
  };
  const watch = (logger: FastifyBaseLogger) => {
    for (const level of ['warn', 'info'] as const) {
      const write = logger[level].bind(logger) as (...args: unknown[]) => void;
      logger[level] = ((...args: unknown[]) => {
        if (aboutCatalog(args[0])) lines.push({ level, msg: args[1] });
        write(...args);
      }) as LogFn;
    }
    return logger;
  };
  const makeChild = gateway.log.child.bind(gateway.log);
  vi.spyOn(gateway.log, 'child').mockImplementation((...args) => watch(makeChild(...args)));
  watch(gateway.log);
  const probe = async () => (await gateway!.inject({ method: 'GET', url: '/health' })).statusCode;
  const logged = (level: string) => lines.filter((line) => line.level === level);

  for (let i = 0; i < 6; i++) expect(await probe()).toBe(503);
  expect(logged('warn')).toEqual([{ level: 'warn', msg: 'service did not answer its readiness check' }]);

  await new Promise<void>((resolve) => catalog.listen(Number(new URL(catalogUrl).port), '127.0.0.1', () => resolve()));
  expect((catalog.address() as AddressInfo).port).toBe(Number(new URL(catalogUrl).port));
  for (let i = 0; i < 6; i++) expect(await probe()).toBe(200);
  expect(lines).toEqual([
    { level: 'warn', msg: 'service did not answer its readiness check' },
    { level: 'info', msg: 'service ready' },
  ]);
});
