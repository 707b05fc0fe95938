// Declined card payments per account, counted in Redis by the kit's window counter and so shared by every
// billing instance: a fixed window that starts at the first decline, so card testing across many invoices
// meets a limit. Payments read the count before an attempt and add one after a decline.
import { windowLimit, type WindowLimit } from '@travelclub/kit';
import type { Redis } from 'ioredis';

export type DeclineCounter = Pick<WindowLimit, 'count' | 'add'>;

export function declineCounter(redis: Redis, settings: { perAccount: number; windowSeconds: number }): DeclineCounter {
  return windowLimit(redis, {
    prefix: 'billing:payment-declines',
    points: settings.perAccount,
    windowSeconds: settings.windowSeconds,
  });
}
