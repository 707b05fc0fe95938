// Bounds a wait: the work goes on, but the caller stops waiting for it.

/** A wait that was bounded and ran out (its name tells a consumer the failure is transient, see failures.ts). */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
