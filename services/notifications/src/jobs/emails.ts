// The `emails` worker: each job goes to the send-email flow. BullMQ keeps jobs after they are done (the failed
// ones for inspection), data and all. A mail whose link signs someone in or resets a password must not leave
// that link in Redis: once its job is done with (sent, or failed for good), the link loses its one-time code
// and the job is marked `redacted`.
import {
  serviceWorker,
  UnrecoverableError,
  type JobProcessor,
  type JobWorker,
  type Logger,
  type ServiceApp,
} from '@travelclub/kit';
import { carriesOneTimeLink } from '../domain/templates.js';
import type { EmailJob } from '../flows/send-email.js';

type Job = Parameters<JobProcessor<'emails'>>[1];

/** The link without what makes it work: its query and fragment, where the one-time code travels. */
function withoutCode(link: string): string | null {
  try {
    const url = new URL(link);
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

/**
 * The job's payload without its one-time link, or null when it carries none (or is redacted already). The
 * payload may be one the worker refused as malformed, so nothing about its shape is taken for granted.
 */
function redactedPayload(payload: EmailJob): EmailJob | null {
  if (typeof payload !== 'object' || payload === null || payload.redacted) return null;
  if (!carriesOneTimeLink(String(payload.template)) || typeof payload.data !== 'object' || payload.data === null)
    return null;
  const { link, ...rest } = payload.data;
  const kept = typeof link === 'string' ? withoutCode(link) : null;
  return { ...payload, data: { ...rest, ...(kept ? { link: kept } : {}) }, redacted: true };
}

/** Replaces the stored data of a job that is done with by its redacted payload. Never throws: it logs. */
async function redactJob(job: Job, log: Logger): Promise<void> {
  const redacted = redactedPayload(job.data as EmailJob);
  if (!redacted) return;
  try {
    // BullMQ sets the job object's data too, so the worker's failed handler finds it redacted already.
    await job.updateData(redacted);
  } catch (err) {
    log.error({ err, jobId: job.id }, 'could not take the one-time link out of a finished mail job');
  }
}

/** True when this attempt's error leaves the job failed for good (BullMQ's own rule: no retry follows). */
function failsForGood(job: Job, err: unknown): boolean {
  const unrecoverable = err instanceof UnrecoverableError || (err as Error | undefined)?.name === 'UnrecoverableError';
  return unrecoverable || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/**
 * Wraps the processor: a job that was sent, or whose attempt fails it for good, is redacted before BullMQ
 * stores the outcome, so there is no moment when a finished job holds a live link.
 */
function redactingWhenDone(process: JobProcessor<'emails'>, log: Logger): JobProcessor<'emails'> {
  return async (payload, job) => {
    try {
      const outcome = await process(payload, job);
      await redactJob(job, log);
      return outcome;
    } catch (err) {
      if (failsForGood(job, err)) await redactJob(job, log);
      throw err;
    }
  };
}

/**
 * Also after failures that never reached the processor (a payload the kit's worker refused, a job that
 * stalled too often): BullMQ sets `finishedOn` only when a job failed for good.
 */
function redactFailedForGood(worker: JobWorker['worker'], log: Logger): void {
  worker.on('failed', (job) => {
    if (job?.finishedOn) void redactJob(job, log);
  });
}

/** Works the `emails` queue with `sendEmail`, redacting each job when it is done with. */
export function emailsWorker(app: ServiceApp, sendEmail: JobProcessor<'emails'>, concurrency: number): void {
  const worker = serviceWorker(app, 'emails', redactingWhenDone(sendEmail, app.log), { concurrency });
  redactFailedForGood(worker.worker, app.log);
}
