// The plan-renewal job's work (jobs/plan-renewals.ts runs it), with `now` passed in: an active plan whose
// period is over is charged its next month on the saved card (renewed, or overdue with a grace period when
// declined), or ends as cancelled when its creator cancelled it; an overdue plan whose grace is over lapses.
// Each month is charged under its own key and recorded by a conditional update: a second run, or two at once,
// charge it once and record it once.
import type { CausalContext } from '@travelclub/kit';
import { dueAction, graceEnd, periodEnd, planChargeKeys } from '../domain/plans.js';
import type { ChargeResult } from '../provider/provider.js';
import type { PlanDocument } from '../store/plans.js';
import type { BillingParts } from './parts.js';
import { keepOrGiveBack, paidMonth, planAfter, planEvent } from './plan-parts.js';

/** What a run did with one plan. `unchanged`: another run (or the creator) changed it first. */
export type RenewalOutcome = 'renewed' | 'overdue' | 'cancelled' | 'lapsed' | 'unchanged' | 'unreachable' | 'failed';

const contextOf = (plan: PlanDocument): CausalContext => ({
  correlationId: `plan-renewal:${plan.planId}:${plan.period + 1}`,
  causationId: `plan-renewal:${plan.planId}`,
});

/** Charges the plan's next month on its saved card and records what came of it. */
async function renewOne(d: BillingParts, plan: PlanDocument, now: Date): Promise<RenewalOutcome> {
  const { provider, plans, config, log } = d;
  const period = plan.period + 1;
  const key = planChargeKeys.renewal(plan.planId, period);
  const ctx = contextOf(plan);
  if (!plan.paymentMethod || !plan.anchor || !plan.currentPeriodEnd)
    throw new Error(`plan ${plan.planId} is active without a card or a period`);
  let charge: ChargeResult;
  try {
    charge = await provider.chargeSaved({
      idempotencyKey: key,
      amount: plan.price,
      paymentMethodId: plan.paymentMethod.paymentMethodId,
      reference: plan.planId,
    });
  } catch (err) {
    // The same key on the next run learns what the provider did; it never charges twice.
    log.warn({ err, planId: plan.planId, period }, 'plan renewal: the payment provider did not answer');
    return 'unreachable';
  }
  if (charge.outcome !== 'succeeded') {
    const graceUntil = graceEnd(now, config.PLAN_GRACE_DAYS);
    const event = planEvent('billing.subscription.overdue', planAfter(plan, { graceUntil }), now, ctx);
    const overdue = await plans.overdue(plan, graceUntil, event);
    if (overdue) log.info({ userId: plan._id, planId: plan.planId, graceUntil }, 'plan renewal declined: overdue');
    return overdue ? 'overdue' : 'unchanged';
  }
  const start = plan.currentPeriodEnd;
  const end = periodEnd(plan.anchor, period);
  const month = paidMonth(plan.planId, { period, start, end, key }, { charge, saved: plan.paymentMethod }, now);
  const event = planEvent('billing.subscription.renewed', planAfter(plan, { start, end }), now, ctx);
  // The plan may have changed between the read and the charge (the creator cancelled in the portal, another run
  // renewed it): unless this very payment was recorded, the money goes back.
  let renewed = false;
  await keepOrGiveBack(
    d,
    { userId: plan._id, key, charge },
    async () => (renewed = !!(await plans.renewed(plan, 'active', month, event))),
  );
  return renewed ? 'renewed' : 'unchanged';
}

/** Ends a plan: cancelled at its period's end, or lapsed at its grace's end. */
async function endOne(d: BillingParts, plan: PlanDocument, status: 'cancelled' | 'lapsed', now: Date) {
  const endedAt = status === 'cancelled' ? plan.currentPeriodEnd! : plan.graceUntil!;
  const type = status === 'cancelled' ? 'billing.subscription.cancelled' : 'billing.subscription.lapsed';
  const event = planEvent(
    type,
    planAfter(plan, status === 'lapsed' ? { graceUntil: plan.graceUntil } : {}),
    now,
    contextOf(plan),
  );
  const ended = await d.plans.ended(plan, status, endedAt, event);
  if (ended) d.log.info({ userId: plan._id, planId: plan.planId, status }, 'plan ended');
  return ended ? status : 'unchanged';
}

/**
 * Every plan due at `now` (or only `userId`'s): renewed, overdue, ended or lapsed. A plan that cannot be dealt
 * with on this run (a write failed) is logged and left for the next; it does not hold back the others.
 */
export async function renewDuePlans(
  d: BillingParts,
  now: Date,
  { userId, limit = 100 }: { userId?: string | undefined; limit?: number } = {},
): Promise<Partial<Record<RenewalOutcome, number>>> {
  const tally: Partial<Record<RenewalOutcome, number>> = {};
  for (const plan of await d.plans.due(now, limit, userId)) {
    let outcome: RenewalOutcome = 'unchanged';
    try {
      const action = dueAction(plan, now);
      if (action === 'renew') outcome = await renewOne(d, plan, now);
      else if (action === 'end') outcome = await endOne(d, plan, 'cancelled', now);
      else if (action === 'lapse') outcome = await endOne(d, plan, 'lapsed', now);
    } catch (err) {
      d.log.error({ err, userId: plan._id, planId: plan.planId }, 'plan renewal: could not deal with a plan');
      outcome = 'failed';
    }
    tally[outcome] = (tally[outcome] ?? 0) + 1;
  }
  return tally;
}
