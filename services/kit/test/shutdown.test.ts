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
