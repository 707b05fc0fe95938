import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createJobQueue, createJobWorker, type JobWorker } from '../src/index.js';
import { testInfra, uniqueName } from '../src/testing/index.js';

const logger = pino({ level: 'silent' });
const prefix = uniqueName('test-queues');
const settings = {
  redisUrl: testInfra().redisUrl,
  prefix,
  jobOptions: { attempts: 4, backoff: { type: 'exponential', delay: 100 } },
};
const queue = createJobQueue('hold-expiry', settings);
const workers: JobWorker[] = [];
afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await queue.queue.obliterate({ force: true });
  await queue.close();
});

const holdJob = (holdId: string) => ({ holdId, hotelId: 'h-1', expiresAt: new Date().toISOString() });

describe('job queues', () => {
  it('retries a job that fails twice with growing delays, then completes it', async () => {
    const attempts = new Map<string, number[]>();
    workers.push(
      createJobWorker(
        'hold-expiry',
        async ({ holdId }) => {
          const times = attempts.get(holdId) ?? [];
          times.push(Date.now());
          attempts.set(holdId, times);
          if (holdId.startsWith('flaky') && times.length <= 2) throw new Error(`attempt ${times.length} failed`);
          if (holdId.startsWith('doomed')) throw new Error('the hold store is gone');
          return { released: holdId };
        },
        { ...settings, logger },
      ),
    );

    const job = await queue.add(holdJob('flaky-1'));
    await vi.waitFor(async () => expect(await queue.queue.getJobState(job.id!)).toBe('completed'), { timeout: 10_000 });
    const done = await queue.queue.getJob(job.id!);
    expect(done?.attemptsMade).toBe(3);
    expect(done?.returnvalue).toEqual({ released: 'flaky-1' });
    const [first, second, third] = attempts.get('flaky-1')!;
    // Exponential backoff: about 100 ms, then about 200 ms.
    expect(second! - first!).toBeGreaterThanOrEqual(90);
    expect(third! - second!).toBeGreaterThanOrEqual(190);
  });

  it('ends a job that always fails as failed, kept with its reason and every attempt', async () => {
    const job = await queue.add(holdJob('doomed-1'));
    await vi.waitFor(async () => expect(await queue.queue.getJobState(job.id!)).toBe('failed'), { timeout: 15_000 });
    const failed = await queue.queue.getJob(job.id!);
    expect(failed?.attemptsMade).toBe(4);
    expect(failed?.failedReason).toBe('the hold store is gone');
    expect(failed?.stacktrace?.length).toBeGreaterThan(0);
    expect((await queue.queue.getFailed()).map((j) => j.id)).toContain(job.id);
  });

  it('fails fast, instead of hanging, while Redis is away', async () => {
    const away = createJobQueue('hold-expiry', { redisUrl: 'redis://127.0.0.1:1', prefix, addTimeoutMs: 300 });
    const started = Date.now();
    await expect(away.add(holdJob('nowhere'))).rejects.toThrow('Redis did not answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
    await away.close();
  });

  it('refuses a job whose payload breaks the contract', async () => {
    await expect(queue.add({ holdId: 'h', hotelId: 'h-1', expiresAt: 'tomorrow' })).rejects.toThrow();
  });
});
