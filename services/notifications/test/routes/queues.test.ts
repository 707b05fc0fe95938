// The job queues through support staff's routes, on the real Redis: every queue of contracts counted by state, a
// failed job retried alone or with the rest of its queue's, each retry recorded with the staff id.
import { queueNames, SupportQueuesSchema, type QueueStats } from '@travelclub/contracts';
import { createJobQueue, createJobWorker, UnrecoverableError, type JobQueue, type JobWorker } from '@travelclub/kit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError, expectInvalid, useNotifications, type Caller } from '../helpers.js';

const world = useNotifications();
let staff: Caller;
let renewals: JobQueue<'plan-renewal'>;

beforeAll(async () => {
  staff = await world.staff();
  renewals = createJobQueue('plan-renewal', {
    redisUrl: world.config.REDIS_URL,
    prefix: world.config.QUEUE_PREFIX,
    jobOptions: { attempts: 2, backoff: { type: 'fixed', delay: 10 } },
  });
});
afterAll(async () => {
  await renewals?.queue.obliterate({ force: true });
  await renewals?.close();
});

async function stats(): Promise<Record<string, QueueStats>> {
  const res = await world.app.inject({ method: 'GET', url: '/api/v1/support/queues', headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  const { queues } = SupportQueuesSchema.parse(res.json());
  expect(queues.map((q) => q.name)).toEqual(Object.values(queueNames));
  return Object.fromEntries(queues.map((q) => [q.name, q]));
}

const retry = (queue: string, payload: Record<string, unknown>, headers = staff.headers) =>
  world.app.inject({ method: 'POST', url: `/api/v1/support/queues/${queue}/retry`, headers, payload });

/** Jobs that fail for good: a worker of the test's own refuses them, and stops once they have. */
async function failedJobs(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `renewal-${Date.now()}-${i}`);
  for (const id of ids) await renewals.add({ userId: id }, { jobId: id });
  const worker: JobWorker = createJobWorker(
    'plan-renewal',
    async () => {
      throw new UnrecoverableError('the renewal is refused for the test');
    },
    { redisUrl: world.config.REDIS_URL, prefix: world.config.QUEUE_PREFIX, logger: Fastify().log },
  );
  try {
    for (const id of ids) {
      await vi.waitFor(async () => expect(await renewals.queue.getJobState(id)).toBe('failed'), { timeout: 10_000 });
    }
  } finally {
    await worker.close();
  }
  return ids;
}

const staffActions = () => world.app.mongo.collection('staff_actions').find({ action: 'jobs.retry' }).toArray();

describe("support staff's queues", () => {
  it('counts failed jobs, retries one, then the rest, and records each retry', async () => {
    const before = await stats();
    expect(before['plan-renewal']).toEqual({
      name: 'plan-renewal',
      waiting: 0,
      active: 0,
      delayed: 0,
      failed: 0,
      completed: 0,
      paused: false,
    });

    const [first, second, third] = await failedJobs(3);
    // One more job that waits (no worker runs now): it is not failed, so it cannot be retried.
    await renewals.add({ userId: 'waiting' }, { jobId: 'renewal-waiting' });
    expect((await stats())['plan-renewal']).toMatchObject({ waiting: 1, failed: 3 });
    expectError(await retry('plan-renewal', { jobId: 'renewal-waiting' }), 'job-not-found');
    expectError(await retry('plan-renewal', { jobId: 'no-such-job' }), 'job-not-found');

    const one = await retry('plan-renewal', { jobId: first!, reason: 'the renewal rule is fixed' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ retried: 1 });
    expect(await renewals.queue.getJobState(first!)).toBe('waiting');
    // It starts its attempts over.
    expect((await renewals.queue.getJob(first!))!.attemptsMade).toBe(0);
    expect((await stats())['plan-renewal']).toMatchObject({ waiting: 2, failed: 2 });
    // Retried already: it is not a failed job any more.
    expectError(await retry('plan-renewal', { jobId: first! }), 'job-not-found');

    const rest = await retry('plan-renewal', {});
    expect(rest.json()).toEqual({ retried: 2 });
    for (const id of [second!, third!]) expect(await renewals.queue.getJobState(id)).toBe('waiting');
    expect((await stats())['plan-renewal']).toMatchObject({ waiting: 4, failed: 0 });
    expect((await retry('plan-renewal', {})).json()).toEqual({ retried: 0 });

    // Recorded with the staff id; nothing for the retry that found nothing to do.
    expect(await staffActions()).toEqual([
      expect.objectContaining({
        staffId: staff.id,
        target: [`plan-renewal/${first}`],
        reason: 'the renewal rule is fixed',
        outcome: { retried: 1 },
        at: expect.any(Date),
      }),
      expect.objectContaining({ staffId: staff.id, target: ['plan-renewal'], outcome: { retried: 2 } }),
    ]);
  });

  it('answers not found for a queue that is not one of contracts', async () => {
    expectError(await retry('payments', {}), 'queue-not-found');
  });

  it('refuses a bad queue name or body', async () => {
    expectInvalid(await retry('Plan_Renewal', {}), 'queue');
    expectInvalid(await retry('plan-renewal', { jobId: '' }), 'jobId');
    expectInvalid(await retry('plan-renewal', { jobId: 'a b' }), 'jobId');
    expectInvalid(await retry('plan-renewal', { reason: 'x' }), 'reason');
    expectInvalid(await retry('plan-renewal', { all: true }), 'all');
  });
});
