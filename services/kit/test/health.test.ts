import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createService, type ServiceApp } from '../src/index.js';
import { testConfig, testInfra } from '../src/testing/index.js';

/**
 * A TCP pass-through to the real broker that the test can cut and restore. The service is configured
 * with the proxy as its only broker address, so while the proxy is down Kafka is unreachable for it.
 */
function brokerProxy(target: string) {
  const [host, port] = target.split(',')[0]!.split(':') as [string, string];
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let listenPort = 0;
  const open = () =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection({ host, port: Number(port) });
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(listenPort, '127.0.0.1', () => {
        listenPort = (server!.address() as { port: number }).port;
        resolve(listenPort);
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  return { open, cut };
}

let app: ServiceApp;
const proxy = brokerProxy(testInfra().kafkaBrokers);

beforeAll(async () => {
  const port = await proxy.open();
  app = await createService({
    name: 'kit-health',
    config: testConfig('kit-health', { KAFKA_BROKERS: `127.0.0.1:${port}` }),
  });
});
afterAll(async () => {
  await proxy.cut();
  await app.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('health', () => {
  it('is ready while MongoDB, Kafka and Redis answer', async () => {
    const res = await get('/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { mongo: 'up', kafka: 'up', redis: 'up' } });
  });

  it('answers 503 while Kafka is unreachable and 200 once it is back; stays live throughout', async () => {
    await proxy.cut();
    const down = await get('/health/ready');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not-ready', checks: { mongo: 'up', kafka: 'down', redis: 'up' } });
    expect((await get('/health/live')).statusCode).toBe(200);

    await proxy.open();
    await vi.waitFor(async () => expect((await get('/health/ready')).statusCode).toBe(200), { timeout: 10_000 });
    expect((await get('/health/live')).json()).toEqual({ status: 'live' });
  });
});
