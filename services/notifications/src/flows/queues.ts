// Support staff and the job queues (`jobs stats/retry`): every queue of contracts counted by state, and failed
// jobs sent back to wait, one or all of a queue's. A retried job starts its attempts over (a job that used up its
// tries during an outage gets its full backoff again). Every retry is recorded with the staff id.
import {
  queueNames,
  type AuthUser,
  type QueueName,
  type QueueStats,
  type SupportRetryJobs,
} from '@travelclub/contracts';
import { appError, type JobQueue, type Logger } from '@travelclub/kit';
import type { StaffActionStore } from '../store/staff-actions.js';
import { orUnavailable } from './unavailable.js';

type Queue = JobQueue<QueueName>['queue'];

const REDIS_TIMEOUT_MS = 10_000;
/** Failed jobs retried at once when a whole queue is retried. */
const RETRY_CHUNK = 50;

const onRedis = <T>(work: () => Promise<T>) => orUnavailable(work, REDIS_TIMEOUT_MS, 'Redis');

async function statsOf(name: string, queue: Queue): Promise<QueueStats> {
  const [counts, paused] = await Promise.all([
    queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'),
    queue.isPaused(),
  ]);
  const n = (state: string) => counts[state] ?? 0;
  return {
    name,
    waiting: n('waiting') + n('prioritized'),
    active: n('active'),
    delayed: n('delayed'),
    failed: n('failed'),
    completed: n('completed'),
    paused,
  };
}

/** Sends a failed job back to wait; false when it is not (or no longer) a failed job. */
async function retryFailed(queue: Queue, jobId: string): Promise<boolean> {
  if ((await queue.getJobState(jobId)) !== 'failed') return false;
  const job = await queue.getJob(jobId);
  if (!job) return false;
  try {
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    return true;
  } catch (err) {
    // Retried meanwhile by someone else, or removed: not a failed job any more.
    if ((await queue.getJobState(jobId)) !== 'failed') return false;
    throw err;
  }
}

/**
 * Every job failed now, a chunk at a time (each chunk with its own time limit, so a long failed set is not cut
 * short by one); those that left the failed set meanwhile are not counted.
 */
async function retryAllFailed(queue: Queue): Promise<number> {
  const ids = await onRedis(() => queue.getRanges(['failed'], 0, -1, true));
  let retried = 0;
  for (let start = 0; start < ids.length; start += RETRY_CHUNK) {
    const chunk = ids.slice(start, start + RETRY_CHUNK);
    const done = await onRedis(() => Promise.all(chunk.map((id) => retryFailed(queue, id))));
    retried += done.filter(Boolean).length;
  }
  return retried;
}

export function queueFlows(queues: ReadonlyMap<string, Queue>, staffActions: StaffActionStore, log: Logger) {
  return {
    async stats(staff: AuthUser): Promise<{ queues: QueueStats[] }> {
      const all = await onRedis(() =>
        Promise.all(Object.values(queueNames).map((name) => statsOf(name, queues.get(name)!))),
      );
      log.info({ staffId: staff.id }, 'support staff read the queues');
      return { queues: all };
    },

    async retry(
      staff: AuthUser,
      name: string,
      { jobId, reason }: { jobId?: string | undefined; reason?: string | undefined },
    ): Promise<SupportRetryJobs> {
      const queue = queues.get(name);
      if (!queue) throw appError('queue-not-found');
      const retried =
        jobId === undefined
          ? await retryAllFailed(queue)
          : await onRedis(() => retryFailed(queue, jobId)).then((done) => (done ? 1 : 0));
      if (jobId !== undefined && retried === 0) throw appError('job-not-found');
      const target = jobId === undefined ? name : `${name}/${jobId}`;
      log.info(
        { staffId: staff.id, action: 'jobs.retry', queue: name, jobId, retried, reason },
        'support staff retried jobs',
      );
      if (retried > 0) {
        await staffActions.record({
          at: new Date(),
          staffId: staff.id,
          action: 'jobs.retry',
          target: [target],
          ...(reason !== undefined && { reason }),
          outcome: { retried },
        });
      }
      return { retried };
    },
  };
}

export type QueueFlows = ReturnType<typeof queueFlows>;
