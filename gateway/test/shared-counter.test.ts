// The batched Redis counter behind the global rate limit, against the run's real Redis.
import { closeRedis, createRedis } from '@travelclub/kit';
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedWindowCounter, type SharedCounter } from '../src/shared-counter.js';

let redis: Redis;
const counters: SharedCounter[] = [];
beforeAll(async () => {
  redis = createRedis(testInfra().redisUrl);
  await new Promise((resolve) => redis.once('ready', resolve));
});
afterAll(async () => {
  await Promise.all(counters.map((c) => c.stop()));
  await closeRedis(redis);
});

const counter = (prefix: string, windowMs = 60_000, client = redis, onError = (_err: Error) => {}) => {
  const made = sharedWindowCounter(client, { prefix, windowMs, syncMs: 60_000, onError });
  counters.push(made);
  return made;
};

it('counts exactly within one instance, before any sync', () => {
  const c = counter(`${uniqueName('one')}:`);
  expect([1, 2, 3].map(() => c.hit('10.0.0.1').count)).toEqual([1, 2, 3]);
  expect(c.hit('10.0.0.2').count).toBe(1);
});

it('shares counts through Redis: after a sync each instance knows the total', async () => {
  const prefix = `${uniqueName('shared')}:`;
  const [a, b] = [counter(prefix), counter(prefix)];
  a.hit('ip');
  a.hit('ip');
  b.hit('ip');
  await a.sync();
  await b.sync();
  await a.sync(); // a had nothing to add, but its key was busy a moment ago: it learns b's request too
  expect(a.hit('ip').count).toBe(4);
  expect(b.hit('ip').count).toBe(4);
  await Promise.all([a.sync(), b.sync()]);
  expect(Number(await redis.get(`${prefix}ip:${Math.floor(Date.now() / 60_000)}`))).toBe(5);
});

it('starts again in a new window, and Redis keys expire', async () => {
  const prefix = `${uniqueName('window')}:`;
  const c = counter(prefix, 200);
  c.hit('ip');
  c.hit('ip');
  await c.sync();
  const [key] = await redis.keys(`${prefix}*`);
  expect(await redis.pttl(key!)).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 250));
  expect(c.hit('ip').count).toBe(1);
});

it('keeps counting locally while Redis is away, and says so', async () => {
  const away = createRedis('redis://127.0.0.1:1');
  away.on('error', () => undefined);
  const errors: Error[] = [];
  const c = counter(`${uniqueName('away')}:`, 60_000, away, (err) => errors.push(err));
  c.hit('ip');
  await c.sync();
  expect(c.hit('ip').count).toBe(2);
  expect(errors.length).toBeGreaterThan(0);
  await c.stop();
  away.disconnect();
});
