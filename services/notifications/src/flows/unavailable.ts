// The support desk's reads of Kafka and Redis: a server away (or too slow) is the service being unavailable
// (503, try again), not a failure of the request.
import { AppError, isTransientError, withTimeout } from '@travelclub/kit';

export async function orUnavailable<T>(work: () => Promise<T>, timeoutMs: number, what: string): Promise<T> {
  try {
    return await withTimeout(work(), timeoutMs, what);
  } catch (err) {
    if (isTransientError(err)) throw new AppError('service-unavailable', undefined, { cause: err });
    throw err;
  }
}
