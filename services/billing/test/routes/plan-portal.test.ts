// The sandbox's customer portal of a creator's plan, against the real servers: the link only the plan's owner
// gets, the page, cancelling at the period's end and taking it back, and an overdue month paid there.
import { errorCatalogue } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { expectError, SANDBOX_CARDS, useBilling } from '../helpers.js';
import {
  activePlan,
  after,
  creator,
  managePlan,
  openPage,
  PLAN_SETTINGS,
  planCard,
  planCharges,
  planOf,
  portalOf,
  postForm,
  SITE,
  waitForPlanEvent,
} from '../plan-helpers.js';

const world = useBilling(PLAN_SETTINGS, { events: true });

describe('the portal link', () => {
  it("is the caller's own plan's, on the site, and a newer link replaces the older", async () => {
    const { caller, subscriptionId } = await activePlan(world);
    const res = await managePlan(world, caller, { userId: caller.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscriptionId });
    expect(res.json().portalUrl).toMatch(new RegExp(`^${SITE}/api/v1/creator/subscription/portal/[A-Za-z0-9_-]{40,}$`));
    const newer = await portalOf(world, caller);
    const older = new URL(res.json().portalUrl as string).pathname;
    expect((await openPage(world, older)).statusCode).toBe(404);
    expect((await openPage(world, newer)).statusCode).toBe(200);
    // Another creator gets no link to it.
    const other = await creator(world);
    expectError(await managePlan(world, other, { userId: caller.id }), 'forbidden');
  });

  it('expires', async () => {
    const { caller } = await activePlan(world);
    const token = (await portalOf(world, caller)).split('/').pop()!;
    expect(await world.app.billing.creatorPlans.portal.page(token, new Date(Date.now() + 3_601_000))).toEqual({
      kind: 'message',
      code: 'plan-link-invalid',
    });
  });
});

describe('the portal page', () => {
  it('shows the plan, its card and what comes next, with a way back', async () => {
    const { caller, plan } = await activePlan(world);
    const page = await openPage(world, await portalOf(world, caller));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toMatch(/<script|style=/i);
    expect(page.body).toContain(`Your plan is active. It renews on <time datetime="${plan.currentPeriodEnd}">`);
    expect(page.body).toContain('Card: Visa ending in 4242');
    expect(page.body).toContain(`<a href="${SITE}/dashboard/settings">Back to TravelClub</a>`);
    expect(page.body).toContain('Cancel at the end of the period</button>');
  });

  it('cancels at the end of the period, and takes it back before the end', async () => {
    const { caller, plan } = await activePlan(world);
    const portal = await portalOf(world, caller);
    const cancelled = await postForm(world, `${portal}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(portal);
    expect(await planOf(world, caller)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: plan.currentPeriodEnd,
    });
    const page = await openPage(world, portal);
    expect(page.body).toContain('Your plan is cancelled: it stays on until');
    expect(page.body).toContain('Keep my plan</button>');
    expect((await postForm(world, `${portal}/resume`)).statusCode).toBe(303);
    expect(await planOf(world, caller)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('refuses an unknown link, for every action', async () => {
    const path = '/api/v1/creator/subscription/portal/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    for (const action of ['', '/cancel', '/resume', '/pay']) {
      const res = action ? await postForm(world, `${path}${action}`, planCard()) : await openPage(world, path);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(errorCatalogue['plan-link-invalid'].message);
    }
  });
});

describe('an overdue month paid in the portal', () => {
  /** A plan whose first renewal was declined (the card that fails later), overdue as of `now`. */
  async function overduePlan() {
    const active = await activePlan(world, SANDBOX_CARDS.declinedLater);
    const now = after(active.plan.currentPeriodEnd);
    expect(await world.app.billing.creatorPlans.renewDue(now, active.caller.id)).toEqual({ overdue: 1 });
    return { ...active, portal: await portalOf(world, active.caller) };
  }

  it('shows the declined payment, the grace and a card form', async () => {
    const { caller, portal } = await overduePlan();
    const plan = await planOf(world, caller);
    expect(plan.status).toBe('past_due');
    const page = await openPage(world, portal);
    expect(page.body).toContain(
      `Your last payment of $19.00 was declined. Pay by <time datetime="${plan.graceUntil}">`,
    );
    expect(page.body).toContain(`<form method="post" action="${portal}/pay">`);
    expect(page.body).not.toContain('Cancel at the end of the period');
  });

  it('takes another card: the plan is active again from where it stopped, and renewed', async () => {
    const { caller, portal, subscriptionId, plan: before } = await overduePlan();
    const declined = await postForm(world, `${portal}/pay`, planCard(SANDBOX_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(errorCatalogue['card-declined'].message);
    expect((await planOf(world, caller)).status).toBe('past_due');
    const paid = await postForm(world, `${portal}/pay`, planCard('5555555555554444'));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(portal);
    const plan = await planOf(world, caller);
    expect(plan).toMatchObject({
      status: 'active',
      currentPeriodStart: before.currentPeriodEnd,
      card: { brand: 'mastercard', last4: '4444' },
    });
    expect(plan.graceUntil).toBeUndefined();
    const [renewed] = await waitForPlanEvent(world, subscriptionId, 'billing.subscription.renewed');
    expect(renewed!.payload).toMatchObject({ status: 'active', currentPeriodEnd: plan.currentPeriodEnd });
    // Checkout, the declined renewal, the declined card here, and the good one.
    expect(await planCharges(world, subscriptionId)).toHaveLength(4);
    // Posting again pays nothing more: the plan is not overdue any longer.
    expect((await postForm(world, `${portal}/pay`, planCard())).statusCode).toBe(303);
    expect(await planCharges(world, subscriptionId)).toHaveLength(4);
  });
});
