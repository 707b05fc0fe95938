import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it, vi } from 'vitest';
import { testConfig } from '../src/testing/index.js';

it('on SIGTERM finishes the request in flight, refuses new ones, closes everything and exits 0', async () => {
  const config = testConfig('slow');
  const fixture = fileURLToPath(new URL('./fixtures/slow-service.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      MONGO_URL: config.MONGO_URL,
      KAFKA_BROKERS: config.KAFKA_BROKERS.join(','),
      REDIS_URL: config.REDIS_URL,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  await vi.waitFor(() => expect(out).toMatch(/listening \d+/), { timeout: 20_000 });
  const port = /listening (\d+)/.exec(out)![1];
  const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
  await vi.waitFor(() => expect(out).toContain('request started'));

  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 100));
  await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();

  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ finished: true });
  expect(await exited).toBe(0);
  // The service's own shutdown step ran before the MongoDB connection was closed.
  expect(out).toContain('shutdown step: mongo open');
}, 40_000);

it('waits for a handler whose client has gone before it closes MongoDB', async () => {
  const { createService } = await import('../src/index.js');
  const { request } = await import('node:http');
  const app = await createService({ name: 'kit-orphan', config: testConfig('kit-orphan') });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));
  const outcome: { saved?: boolean; error?: string } = {};
  app.post('/work', async () => {
    started();
    await gate;
    try {
      await app.mongo.collection('work').insertOne({ at: new Date() });
      outcome.saved = true;
    } catch (err) {
      outcome.error = (err as Error).message;
    }
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  // The client sends its request and goes away while the handler works.
  const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/work' });
  req.on('error', () => undefined);
  req.end();
  await handlerStarted;
  req.destroy();
  await new Promise((resolve) => setTimeout(resolve, 50));

  const closed = app.close();
  await new Promise((resolve) => setTimeout(resolve, 200));
  release();
  await closed;
  expect(outcome).toEqual({ saved: true });
}, 30_000);
