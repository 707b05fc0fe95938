// Creators' monthly plans: their periods, what is due when, the keys their charges go under, and the addresses
// a browser may be sent back to. Pure: `now` comes in.
import type { CreatorPlanStatus } from '@travelclub/contracts';
import { createHash } from 'node:crypto';

const DAY_MS = 86_400_000;

/**
 * `months` calendar months after `anchor` (UTC), the day kept where the month has it and clamped where it is
 * shorter: a plan started on 31 January renews on 28 (or 29) February, 31 March, 30 April.
 */
export function addMonths(anchor: Date, months: number): Date {
  const first = new Date(anchor.getTime());
  first.setUTCDate(1);
  first.setUTCMonth(first.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return first;
}

/** The end of the `period`-th paid month (1 for the first) of a plan started at `anchor`. */
export const periodEnd = (anchor: Date, period: number) => addMonths(anchor, period);

export const graceEnd = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/** What a plan needs now, as far as the renewal job is concerned. */
export type PlanDue = 'renew' | 'end' | 'lapse';

export interface PlanTimes {
  status: CreatorPlanStatus;
  currentPeriodEnd?: Date | undefined;
  cancelAtPeriodEnd: boolean;
  graceUntil?: Date | undefined;
}

/**
 * An active plan whose period is over renews, or ends when its creator cancelled it; an overdue plan whose
 * grace is over lapses. Nothing else is due.
 */
export function dueAction(plan: PlanTimes, now: Date): PlanDue | null {
  if (plan.status === 'active' && plan.currentPeriodEnd && plan.currentPeriodEnd <= now)
    return plan.cancelAtPeriodEnd ? 'end' : 'renew';
  if (plan.status === 'past_due' && plan.graceUntil && plan.graceUntil <= now) return 'lapse';
  return null;
}

/**
 * The provider's idempotency keys: one per checkout attempt (a declined card may be followed by another), one
 * per renewed month (the renewal job run twice charges once), and one per attempt at paying an overdue month.
 */
export const planChargeKeys = {
  checkout: (planId: string, checkoutId: string, attempt: number) => `${planId}:checkout:${checkoutId}:${attempt}`,
  renewal: (planId: string, period: number) => `${planId}:period:${period}`,
  overdue: (planId: string, period: number, retry: number) => `${planId}:period:${period}:retry:${retry}`,
};

/** A link's secret is kept only as this hash: the database alone opens no checkout or portal. */
export const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The absolute address of `value` (a path, or an absolute URL) if it is on the site's origin, else null: a
 * checkout must not send the browser anywhere else (an open redirect). `//host`, `/\host` and credentials
 * are refused with everything else off the origin.
 */
export function siteAddress(value: string, site: string): string | null {
  let url: URL;
  try {
    url = new URL(value, site);
  } catch {
    return null;
  }
  if (url.origin !== new URL(site).origin || url.username || url.password) return null;
  return url.href;
}
