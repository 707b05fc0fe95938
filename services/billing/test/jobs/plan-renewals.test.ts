// The plan-renewal job: its schedule on BullMQ, and its handler's work run directly with a later `now` against
// the real servers: a month renewed on the saved card (once, however often or concurrently it runs), a
// declined renewal overdue with its grace, a plan still unpaid after it lapsed, a cancelled plan ended at its
// period's end, each with its event on billing.events.
import { describe, expect, it } from 'vitest';
import { addMonths } from '../../src/domain/plans.js';
import { renewDuePlans } from '../../src/flows/plan-renewals.js';
import { expectError, SANDBOX_CARDS, useBilling } from '../helpers.js';
import {
  activePlan,
  after,
  checkoutOf,
  PLAN_SETTINGS,
  planCharges,
  planEvents,
  planOf,
  portalOf,
  postForm,
  startPlan,
  waitForPlanEvent,
} from '../plan-helpers.js';

const world = useBilling({ ...PLAN_SETTINGS, PLAN_GRACE_DAYS: '7' }, { events: true });
const renewDue = (now: Date, userId?: string) => world.app.billing.creatorPlans.renewDue(now, userId);
const DAY = 86_400_000;

describe('the renewal schedule', () => {
  it('is registered once, under its queue, every PLAN_RENEW_EVERY_S', async () => {
    const schedulers = await world.app.billing.planRenewals.queue.getJobSchedulers();
    expect(schedulers.map((s) => ({ key: s.key, every: Number(s.every) }))).toEqual([
      { key: 'plan-renewal', every: 3_600_000 },
    ]);
  });

  it('leaves alone a plan whose period is not over', async () => {
    const { caller, plan } = await activePlan(world);
    expect(await renewDue(after(plan.currentPeriodEnd, -60_000), caller.id)).toEqual({});
    expect(await planOf(world, caller)).toEqual(plan);
  });
});

describe('a renewal', () => {
  it('charges the next month on the saved card, once, however often it runs', async () => {
    const { caller, plan, subscriptionId } = await activePlan(world);
    const now = after(plan.currentPeriodEnd);
    const runs = await Promise.all([renewDue(now, caller.id), renewDue(now, caller.id)]);
    expect(runs.map((r) => r.renewed ?? 0).reduce((a, b) => a + b)).toBe(1);
    expect(await renewDue(now, caller.id)).toEqual({});
    const renewed = await planOf(world, caller);
    expect(renewed).toMatchObject({
      status: 'active',
      currentPeriodStart: plan.currentPeriodEnd,
      currentPeriodEnd: addMonths(new Date(plan.currentPeriodStart!), 2).toISOString(),
      card: plan.card,
    });
    expect(await planCharges(world, subscriptionId)).toHaveLength(2);
    const [event] = await waitForPlanEvent(world, subscriptionId, 'billing.subscription.renewed');
    expect(event!.payload).toMatchObject({
      userId: caller.id,
      status: 'active',
      currentPeriodStart: plan.currentPeriodEnd,
      currentPeriodEnd: renewed.currentPeriodEnd,
    });
    // The month after is charged under its own key.
    expect(await renewDue(after(renewed.currentPeriodEnd), caller.id)).toEqual({ renewed: 1 });
    expect(await planCharges(world, subscriptionId)).toHaveLength(3);
  });

  it('puts a declined renewal overdue, with a grace of PLAN_GRACE_DAYS from the failure', async () => {
    const { caller, plan, subscriptionId } = await activePlan(world, SANDBOX_CARDS.declinedLater);
    const now = after(plan.currentPeriodEnd, 3 * 60_000);
    expect(await renewDue(now, caller.id)).toEqual({ overdue: 1 });
    expect(await renewDue(now, caller.id)).toEqual({});
    const overdue = await planOf(world, caller);
    expect(overdue).toMatchObject({
      status: 'past_due',
      currentPeriodEnd: plan.currentPeriodEnd,
      graceUntil: new Date(now.getTime() + 7 * DAY).toISOString(),
    });
    const [event] = await waitForPlanEvent(world, subscriptionId, 'billing.subscription.overdue');
    expect(event!.payload).toMatchObject({ status: 'past_due', graceUntil: overdue.graceUntil });
    // Overdue is still a plan: no second one can be started.
    expectError(await startPlan(world, caller), 'creator-plan-exists');
  });

  it('lapses a plan still unpaid when its grace is over', async () => {
    const { caller, plan, subscriptionId } = await activePlan(world, SANDBOX_CARDS.declinedLater);
    await renewDue(after(plan.currentPeriodEnd), caller.id);
    const { graceUntil } = await planOf(world, caller);
    expect(await renewDue(after(graceUntil, -1_000), caller.id)).toEqual({});
    expect((await planOf(world, caller)).status).toBe('past_due');
    expect(await renewDue(after(graceUntil), caller.id)).toEqual({ lapsed: 1 });
    const lapsed = await planOf(world, caller);
    expect(lapsed).toMatchObject({ status: 'lapsed', endedAt: graceUntil });
    expect(lapsed.graceUntil).toBeUndefined();
    const [event] = await waitForPlanEvent(world, subscriptionId, 'billing.subscription.lapsed');
    expect(event!.payload).toMatchObject({ status: 'lapsed', graceUntil });
    // Checkout and the one declined renewal: the grace charges nothing by itself.
    expect(await planCharges(world, subscriptionId)).toHaveLength(2);
    // A new plan may start, under a new id.
    const next = await checkoutOf(world, caller);
    expect(next.subscriptionId).not.toBe(subscriptionId);
    expect(await planOf(world, caller)).toMatchObject({ id: next.subscriptionId, status: 'incomplete' });
  });

  it('ends a cancelled plan at its period end, charging nothing', async () => {
    const { caller, plan, subscriptionId } = await activePlan(world);
    expect((await postForm(world, `${await portalOf(world, caller)}/cancel`)).statusCode).toBe(303);
    expect(await renewDue(after(plan.currentPeriodEnd), caller.id)).toEqual({ cancelled: 1 });
    expect(await planOf(world, caller)).toMatchObject({ status: 'cancelled', endedAt: plan.currentPeriodEnd });
    expect(await planCharges(world, subscriptionId)).toHaveLength(1);
    const [event] = await waitForPlanEvent(world, subscriptionId, 'billing.subscription.cancelled');
    expect(event!.payload).toMatchObject({
      status: 'cancelled',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: plan.currentPeriodEnd,
    });
    expect(planEvents(world, subscriptionId).map((e) => e.type)).toEqual([
      'billing.subscription.started',
      'billing.subscription.cancelled',
    ]);
  });

  it('gives the money back when the creator cancelled between the run reading the plan and charging it', async () => {
    const { caller, plan, subscriptionId } = await activePlan(world);
    const now = after(plan.currentPeriodEnd);
    // The run read the plan before the creator cancelled in the portal.
    const stale = await world.app.billing.plans.due(now, 10, caller.id);
    expect((await postForm(world, `${await portalOf(world, caller)}/cancel`)).statusCode).toBe(303);
    const parts = { ...world.app.billing, plans: { ...world.app.billing.plans, due: async () => stale } };
    expect(await renewDuePlans(parts, now, { userId: caller.id })).toEqual({ unchanged: 1 });
    expect(await planOf(world, caller)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const charges = await planCharges(world, subscriptionId);
    expect(charges).toHaveLength(2);
    const refunds = await world.app.mongo
      .collection('sandbox_refunds')
      .find({ chargeId: charges[1]!.chargeId })
      .toArray();
    expect(refunds.map((r) => r.amount)).toEqual([charges[1]!.amount]);
    // The plan then ends at its period's end, as the creator asked.
    expect(await renewDue(now, caller.id)).toEqual({ cancelled: 1 });
  });

  it('renews every due plan in one run when no creator is named', async () => {
    const plans = await Promise.all([activePlan(world), activePlan(world)]);
    const latest = plans.map((p) => new Date(p.plan.currentPeriodEnd!).getTime()).reduce((a, b) => Math.max(a, b));
    const tally = await renewDue(new Date(latest + 60_000));
    expect(tally.renewed).toBeGreaterThanOrEqual(2);
    for (const { caller, plan } of plans)
      expect((await planOf(world, caller)).currentPeriodStart).toBe(plan.currentPeriodEnd);
  });
});
