// Job queues over BullMQ: typed producers and workers for the queues in contracts. Jobs retry with
// exponential backoff and failed jobs are kept for inspection.
import { jobPayloadSchemas, type JobPayload, type QueueName } from '@travelclub/contracts';
import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import type { Logger } from './logger.js';
import { TimeoutError, withTimeout } from './timeout.js';
import { closeRedis, createRedis } from './redis.js';
import { cachedGauge, processHistogram, WORK_BUCKETS } from './metrics.js';
import type { ServiceApp } from './service.js';
import { contextFrom, currentTraceCarrier, inSpan, SpanKind, type TraceCarrier } from './telemetry.js';

/** Thrown by a processor, fails its job for good, without further attempts (a job that cannot be done). */
export { UnrecoverableError };

export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { count: 1_000 },
  removeOnFail: false,
};

export interface QueueSettings {
  redisUrl: string;
  /** Key prefix in Redis; tests use their own to stay apart. */
  prefix?: string;
  jobOptions?: JobsOptions;
  /** How long adding a job may wait for Redis before it fails. */
  addTimeoutMs?: number;
}

export interface JobQueue<Q extends QueueName> {
  readonly queue: Queue;
  /** Adds a job; the same jobId twice adds it once. */
  add(payload: JobPayload<Q>, options?: JobsOptions): Promise<Job>;
  close(): Promise<void>;
}

export function createJobQueue<Q extends QueueName>(name: Q, settings: QueueSettings): JobQueue<Q> {
  // Fail fast: while Redis is away, adding a job errors at once instead of hanging the request.
  const connection = createRedis(settings.redisUrl);
  const queue = new Queue(name, {
    connection,
    prefix: settings.prefix,
    defaultJobOptions: { ...defaultJobOptions, ...settings.jobOptions },
  });
  // Each failed add rejects to its caller; the connection's last error says why Redis did not answer (a
  // refusal such as WRONGPASS after a password change, or a server away), so that rejection carries it.
  let lastError: Error | undefined;
  queue.on('error', (err) => (lastError = err));
  connection.on('ready', () => (lastError = undefined));
  return {
    queue,
    // BullMQ waits for a connection before adding; bound that wait. A caller that retries passes a
    // jobId, so an add that lands late is not a second job.
    add: async (payload, options) =>
      withTimeout(
        // The job carries the trace context it was added in (its `trace`): its processing continues the trace.
        queue.add(name, withTrace(jobPayloadSchemas[name].parse(payload), currentTraceCarrier()), options),
        settings.addTimeoutMs ?? 2_000,
        'Redis',
      ).catch((err: unknown) => {
        if (err instanceof TimeoutError && lastError) err.message += ` (last error: ${lastError.message})`;
        throw err;
      }),
    async close() {
      await queue.close();
      await closeRedis(connection);
    },
  };
}

/** How long each job attempt took, by queue and outcome (`completed`, `failed`). */
const jobDuration = processHistogram({
  name: 'bullmq_job_duration_seconds',
  help: 'Time one attempt at a job took, by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  buckets: WORK_BUCKETS,
});

const withTrace = (data: object, trace: TraceCarrier | undefined) => (trace ? { ...data, trace } : data);

export type JobProcessor<Q extends QueueName> = (payload: JobPayload<Q>, job: Job) => Promise<unknown>;

export interface JobWorker {
  readonly worker: Worker;
  /** Waits for the jobs in hand to finish, then disconnects. */
  close(): Promise<void>;
}

export function createJobWorker<Q extends QueueName>(
  name: Q,
  process: JobProcessor<Q>,
  settings: QueueSettings & { logger: Logger; concurrency?: number },
): JobWorker {
  const log = settings.logger.child({ component: 'worker', queue: name });
  const schema = jobPayloadSchemas[name];
  const connection = createRedis(settings.redisUrl, { forWorker: true });
  const worker = new Worker(
    name,
    async (job) => {
      const parsed = schema.safeParse(job.data);
      // A malformed job will not get better by waiting: fail it for good.
      if (!parsed.success) throw new UnrecoverableError(`invalid ${name} job: ${parsed.error.message}`);
      const trace = (job.data as { trace?: Record<string, unknown> }).trace;
      return inSpan(
        `job ${name}`,
        {
          kind: SpanKind.CONSUMER,
          parent: contextFrom(trace),
          attributes: {
            'messaging.system': 'bullmq',
            'messaging.destination.name': name,
            'messaging.message.id': job.id,
          },
        },
        async () => {
          const end = jobDuration.startTimer({ queue: name });
          try {
            const result = await process(parsed.data as JobPayload<Q>, job);
            end({ outcome: 'completed' });
            return result;
          } catch (err) {
            end({ outcome: 'failed' });
            throw err;
          }
        },
      );
    },
    {
      connection,
      prefix: settings.prefix,
      concurrency: settings.concurrency ?? 5,
    },
  );
  worker.on('failed', (job, err) =>
    log.warn({ jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message }, 'job attempt failed'),
  );
  worker.on('error', (err) => log.error({ err }, 'worker error'));
  return {
    worker,
    async close() {
      await worker.close();
      await closeRedis(connection);
    },
  };
}

/** Queue and worker on a service's settings, closed on shutdown (workers finish their current job first). */
export function serviceQueue<Q extends QueueName>(app: ServiceApp, name: Q, settings: Partial<QueueSettings> = {}) {
  const queue = createJobQueue(name, { redisUrl: app.config.REDIS_URL, prefix: app.config.QUEUE_PREFIX, ...settings });
  app.onShutdown(() => queue.close());
  measureQueue(app, name, settings.prefix);
  return queue;
}

export function serviceWorker<Q extends QueueName>(
  app: ServiceApp,
  name: Q,
  process: JobProcessor<Q>,
  settings: Partial<QueueSettings> & { concurrency?: number } = {},
) {
  const worker = createJobWorker(name, process, {
    redisUrl: app.config.REDIS_URL,
    prefix: app.config.QUEUE_PREFIX,
    logger: app.log,
    ...settings,
  });
  app.onShutdown(() => worker.close());
  measureQueue(app, name, settings.prefix);
  return worker;
}

/**
 * A job run on a schedule, one at a time: every instance works the queue and upserts the same scheduler (named
 * after the queue), which changes nothing once it exists, so all instances share one schedule.
 */
export async function scheduledWorker<Q extends QueueName>(
  app: ServiceApp,
  { queue, everySeconds, data }: { queue: JobQueue<Q>; everySeconds: number; data: JobPayload<Q> },
  process: JobProcessor<Q>,
) {
  const name = queue.queue.name as Q;
  serviceWorker(app, name, process, { concurrency: 1 });
  await queue.queue.upsertJobScheduler(name, { every: everySeconds * 1000 }, { name, data });
}

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** The queues each app adds to or works, by name, with their key prefix. */
const queuesOf = new WeakMap<object, Map<string, string | undefined>>();

/**
 * `bullmq_jobs{queue,state}`: the jobs waiting, active, delayed and failed in each queue the app uses, read
 * from Redis when scraped (every 5 s at most), through a reader on the app's own Redis connection.
 */
function measureQueue(app: ServiceApp, name: string, prefix: string | undefined) {
  let queues = queuesOf.get(app);
  if (!queues) {
    queuesOf.set(app, (queues = new Map()));
    const known = queues;
    const readers = new Map<string, Queue>();
    const readerOf = (queueName: string) => {
      let reader = readers.get(queueName);
      if (!reader) {
        reader = new Queue(queueName, {
          connection: app.redis,
          prefix: known.get(queueName) ?? app.config.QUEUE_PREFIX,
        });
        readers.set(queueName, reader);
      }
      return reader;
    };
    app.onShutdown(() => Promise.all([...readers.values()].map((reader) => reader.close())));
    cachedGauge(
      app.metrics,
      { name: 'bullmq_jobs', help: 'Jobs in each queue by state', labelNames: ['queue', 'state'] },
      async () =>
        (
          await Promise.all(
            [...known.keys()].map(async (queue) => {
              const counts = await readerOf(queue).getJobCounts(...JOB_STATES);
              return JOB_STATES.map((state) => ({ labels: { queue, state }, value: counts[state] ?? 0 }));
            }),
          )
        ).flat(),
    );
  }
  queues.set(name, prefix);
}
