// The shared counters against the run's Redis: a key over its limit is refused, other keys are not, and
// mail limits count per address (whatever its case) and per account.
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, createRedis, mailLimits, windowLimit } from '../src/index.js';
import { testInfra, uniqueName } from '../src/testing/index.js';

const redis = createRedis(testInfra().redisUrl);
// The kit's clients fail fast instead of queueing commands while they connect: wait until it is up.
beforeAll(async () => {
  if (redis.status !== 'ready') await once(redis, 'ready');
});
afterAll(() => closeRedis(redis));

const takes = async <T>(take: () => Promise<T>, times: number) => {
  const answers: T[] = [];
  for (let i = 0; i < times; i++) answers.push(await take());
  return answers;
};

describe('windowLimit', () => {
  it('allows a key its points in the window, then refuses it; other keys keep their own count', async () => {
    const limit = windowLimit(redis, { prefix: uniqueName('test-rl'), points: 3, windowSeconds: 60 });
    expect(await takes(() => limit.take('a'), 4)).toEqual([true, true, true, false]);
    expect(await limit.take('b')).toBe(true);
  });

  it('counts without refusing (add) and reads the count without counting (count), in the same window', async () => {
    const prefix = uniqueName('test-rl');
    const limit = windowLimit(redis, { prefix, points: 2, windowSeconds: 60 });
    expect(await limit.count('a')).toBe(0);
    expect(await takes(() => limit.add('a'), 3)).toEqual([1, 2, 3]);
    expect(await limit.count('a')).toBe(3);
    expect(await limit.count('b')).toBe(0);
    // One count: past its points, take refuses; the window started with the first use.
    expect(await limit.take('a')).toBe(false);
    expect(await limit.count('a')).toBe(4);
    const ttl = await redis.ttl(`${prefix}:a`);
    expect(ttl).toBeGreaterThan(55);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('counts again once the window is over', async () => {
    const limit = windowLimit(redis, { prefix: uniqueName('test-rl'), points: 1, windowSeconds: 1 });
    expect(await takes(() => limit.take('a'), 2)).toEqual([true, false]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limit.take('a')).toBe(true);
  });
});

describe('mailLimits', () => {
  it('stops the mail after the limit of its address, however the address is written', async () => {
    const limits = mailLimits(redis, { prefix: uniqueName('test-rl'), perAddress: 2, perAccount: 10 });
    expect(await limits.mayMail({ address: 'Ana@Example.test' })).toBe(true);
    expect(await limits.mayMail({ address: ' ana@example.test' })).toBe(true);
    expect(await limits.mayMail({ address: 'ana@example.TEST' })).toBe(false);
    expect(await limits.mayMail({ address: 'bea@example.test' })).toBe(true);
  });

  it('stops the mail after the limit of its account, whatever the address', async () => {
    const limits = mailLimits(redis, { prefix: uniqueName('test-rl'), perAddress: 10, perAccount: 2 });
    const to = (n: number) => ({ address: `guest-${n}@example.test`, accountId: 'account-1' });
    expect(await takes(async () => limits.mayMail(to(Math.random())), 3)).toEqual([true, true, false]);
    expect(await limits.mayMail({ address: 'guest@example.test', accountId: 'account-2' })).toBe(true);
  });
});
