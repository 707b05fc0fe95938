// Creators' paid plans through the API and the sandbox's hosted checkout page, against the real servers: who may
// start, read and manage a plan, return addresses kept on the site, the checkout page as a browser gets it, and
// its card form: a good card starts the plan (billing.subscription.started on Kafka), a declined one keeps it
// unpaid with a clear message, a second post of a paid checkout charges nothing more.
import { errorCatalogue } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, SANDBOX_CARDS, useBilling } from '../helpers.js';
import {
  checkoutOf,
  creator,
  managePlan,
  openPage,
  PLAN_SETTINGS,
  planCard,
  planCharges,
  planEvents,
  planOf,
  postForm,
  readPlan,
  SITE,
  startPlan,
  waitForPlanEvent,
} from '../plan-helpers.js';

const world = useBilling(PLAN_SETTINGS, { events: true });

describe('who may start, read and manage a plan', () => {
  it('refuses a customer a plan (they have none to read or manage) and a caller without a token', async () => {
    const customer = await creator(world, ['role/customer']);
    expectError(await startPlan(world, customer), 'forbidden');
    // Reading and the portal are open to any account (a former creator's plan ends; its invoices stay theirs).
    expect((await readPlan(world, customer)).json()).toEqual({ plan: null });
    expectError(await managePlan(world, customer), 'creator-plan-not-found');
    const anonymous = { id: 'nobody', token: '', headers: {} };
    expectError(await startPlan(world, anonymous), 'unauthenticated');
  });

  it("refuses a creator naming another creator's account, to read, start or manage", async () => {
    const owner = await creator(world);
    const other = await creator(world);
    await checkoutOf(world, owner);
    expectError(await readPlan(world, other, `?userId=${owner.id}`), 'forbidden');
    expectError(await startPlan(world, other, { userId: owner.id }), 'forbidden');
    expectError(await managePlan(world, other, { userId: owner.id }), 'forbidden');
    // Their own account, named or not, is theirs: and they have no plan.
    const none = await readPlan(world, other, `?userId=${other.id}`);
    expect([none.statusCode, none.json()]).toEqual([200, { plan: null }]);
    expectError(await managePlan(world, other), 'creator-plan-not-found');
    expect((await planOf(world, owner)).userId).toBe(owner.id);
  });

  it('starts a checkout: a link on the site, and an unpaid plan at the configured price', async () => {
    const caller = await creator(world);
    const { answer, subscriptionId } = await checkoutOf(world, caller, { userId: caller.id, userEmail: 'a@b.test' });
    expect(answer.checkoutUrl).toMatch(new RegExp(`^${SITE}/api/v1/creator/subscription/checkout/[A-Za-z0-9_-]{40,}$`));
    const plan = await planOf(world, caller);
    expect(plan).toMatchObject({
      id: subscriptionId,
      userId: caller.id,
      status: 'incomplete',
      interval: 'month',
      price: { amount: 1900, currency: 'USD' },
      cancelAtPeriodEnd: false,
    });
    expect(plan.currentPeriodEnd).toBeUndefined();
  });

  it('starts the unpaid plan again with a new link, and the old link stops working', async () => {
    const caller = await creator(world);
    const first = await checkoutOf(world, caller);
    const second = await checkoutOf(world, caller, { subscriptionId: first.subscriptionId });
    expect(second.subscriptionId).toBe(first.subscriptionId);
    expect(second.path).not.toBe(first.path);
    const stale = await openPage(world, first.path);
    expect(stale.statusCode).toBe(404);
    expect(stale.body).toContain(errorCatalogue['plan-link-invalid'].message);
    expect((await openPage(world, second.path)).statusCode).toBe(200);
    expectError(await startPlan(world, caller, { subscriptionId: 'sub_not_theirs' }), 'creator-plan-not-found');
  });
});

describe('what a start takes', () => {
  it('refuses return addresses off the site (no open redirects)', async () => {
    const caller = await creator(world);
    for (const returnUrl of [
      'https://evil.test/dashboard',
      '//evil.test/x',
      'javascript:alert(1)',
      `${SITE}.evil.test/`,
    ])
      expectInvalid(await startPlan(world, caller, { returnUrl }), 'returnUrl');
    expectInvalid(await startPlan(world, caller, { cancelUrl: 'http://travelclub.test/club' }), 'cancelUrl');
    expectInvalid(await managePlan(world, caller, { returnUrl: 'https://evil.test/' }), 'returnUrl');
    const none = await readPlan(world, caller);
    expect([none.statusCode, none.json()]).toEqual([200, { plan: null }]);
  });

  it('answers a creator with no plan 200 { plan: null }: a normal state, not a failed request', async () => {
    const caller = await creator(world);
    for (const query of ['', `?userId=${caller.id}`]) {
      const res = await readPlan(world, caller, query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ plan: null });
    }
    await checkoutOf(world, caller);
    const res = await readPlan(world, caller);
    expect(res.statusCode).toBe(200);
    expect(res.json().plan).toMatchObject({ userId: caller.id, status: 'incomplete' });
  });

  it('takes a path or an address on the site, and sends the browser back there', async () => {
    const caller = await creator(world);
    const { path } = await checkoutOf(world, caller, {
      returnUrl: `${SITE}/dashboard?plan=1`,
      cancelUrl: '/dashboard',
    });
    const page = await openPage(world, path);
    expect(page.body).toContain(`href="${SITE}/dashboard"`);
    const paid = await postForm(world, path, planCard());
    expect(paid.headers.location).toBe(`${SITE}/dashboard?plan=1`);
  });

  it('answers bad input with the validation envelope', async () => {
    const caller = await creator(world);
    expectInvalid(await startPlan(world, caller, { returnUrl: undefined }), 'returnUrl');
    expectInvalid(await startPlan(world, caller, { userEmail: 'not an address' }), 'userEmail');
    expect((await startPlan(world, caller, { extra: 1 })).statusCode).toBe(400);
    expectInvalid(await readPlan(world, caller, '?userId='), 'userId');
    expectInvalid(await openPage(world, '/api/v1/creator/subscription/checkout/not.a.token'), 'token');
  });
});

describe('the hosted checkout page', () => {
  it('is plain HTML without scripts or inline styles, under a strict content policy', async () => {
    const { path } = await checkoutOf(world, await creator(world));
    const page = await openPage(world, path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`form-action 'self' ${SITE}`);
    expect(policy).not.toContain('unsafe-inline');
    expect(page.body).not.toMatch(/<script|style=|<style/i);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain(`<form method="post" action="${path}">`);
    expect(page.body).toContain('<label for="number">Card number</label>');
    expect(page.body).toContain('$19.00 a month');
    expect(page.body).toContain(SANDBOX_CARDS.declinedLater);
  });

  it('is in the service’s OpenAPI document with the plan routes', async () => {
    const doc = await world.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys((doc.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/creator/subscription',
        '/api/v1/creator/subscription/manage',
        '/api/v1/creator/subscription/checkout/{token}',
        '/api/v1/creator/subscription/portal/{token}/pay',
      ]),
    );
  });

  it("escapes what it shows: the account's address from its token", async () => {
    const hostile = `<script>alert("x")</script>@example.test`;
    const { path } = await checkoutOf(world, await creator(world, ['role/creator'], hostile));
    const page = await openPage(world, path);
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;@example.test');
  });

  it('keeps the plan unpaid after a declined card, saying so on the page', async () => {
    const caller = await creator(world);
    const { path, subscriptionId } = await checkoutOf(world, caller);
    const declined = await postForm(world, path, planCard(SANDBOX_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(
      `<div role="alert" id="form-problem"><p>${errorCatalogue['card-declined'].message}`,
    );
    expect(declined.body).not.toContain(`value="${SANDBOX_CARDS.declined}"`);
    expect(declined.body).toContain('value="Ada Lovelace"');
    const broke = await postForm(world, path, planCard(SANDBOX_CARDS.insufficientFunds));
    expect(broke.statusCode).toBe(402);
    expect(broke.body).toContain(errorCatalogue['insufficient-funds'].message);
    expect((await planOf(world, caller)).status).toBe('incomplete');
    // Another card on the same link then goes through.
    expect((await postForm(world, path, planCard())).statusCode).toBe(303);
    expect((await planOf(world, caller)).status).toBe('active');
    expect(await planCharges(world, subscriptionId)).toHaveLength(3);
  });

  it('shows what is wrong with the form, field by field, and never the number again', async () => {
    const { path } = await checkoutOf(world, await creator(world));
    const res = await postForm(world, path, { number: '', expiry: '13/40', cvc: '12', holderName: 'Ada' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<span id="number-error">The card number is required</span>');
    expect(res.body).toContain('<span id="expiry-error">Use the expiry date as MM/YY</span>');
    expect(res.body).toContain('aria-describedby="cvc-error" aria-invalid="true"');
    const wrong = await postForm(world, path, planCard('4242424242424241'));
    expect(wrong.body).toContain('The card number is not valid');
    expect(wrong.body).not.toContain('4242424242424241');
  });

  it('starts the plan with a good card: a month paid, the card kept, the event published', async () => {
    const caller = await creator(world);
    const { path, subscriptionId } = await checkoutOf(world, caller);
    const before = Date.now();
    const paid = await postForm(world, path, planCard());
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${SITE}/dashboard/club?plan=started`);
    const plan = await planOf(world, caller);
    expect(plan).toMatchObject({ status: 'active', card: { brand: 'visa', last4: '4242' }, cancelAtPeriodEnd: false });
    const start = new Date(plan.currentPeriodStart!);
    expect(start.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    const days = (new Date(plan.currentPeriodEnd!).getTime() - start.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const [started] = await waitForPlanEvent(world, subscriptionId, 'billing.subscription.started');
    expect(started!.aggregateId).toBe(caller.id);
    expect(started!.payload).toMatchObject({
      userId: caller.id,
      subscriptionId,
      status: 'active',
      price: { amount: 1900, currency: 'USD' },
      currentPeriodEnd: plan.currentPeriodEnd,
    });
    // The outbox was emptied once Kafka had it.
    await expect
      .poll(async () => (await world.app.billing.plans.collection.findOne({ _id: caller.id }))?.outbox.length)
      .toBe(0);
  });

  it('charges once for a paid checkout sent again, and its link then only leads back', async () => {
    const caller = await creator(world);
    const { path, subscriptionId } = await checkoutOf(world, caller);
    const both = await Promise.all([postForm(world, path, planCard()), postForm(world, path, planCard())]);
    expect(both.map((r) => r.statusCode)).toEqual([303, 303]);
    const again = await postForm(world, path, planCard(SANDBOX_CARDS.declined));
    expect(again.statusCode).toBe(303);
    const reopened = await openPage(world, path);
    expect(reopened.statusCode).toBe(303);
    expect(reopened.headers.location).toBe(`${SITE}/dashboard/club?plan=started`);
    expect(await planCharges(world, subscriptionId)).toHaveLength(1);
    await waitForPlanEvent(world, subscriptionId, 'billing.subscription.started');
    expect(planEvents(world, subscriptionId)).toHaveLength(1);
    expectError(await startPlan(world, caller), 'creator-plan-exists');
  });

  it('refuses a link that is unknown or has expired, with a page that says so', async () => {
    const unknown = await openPage(
      world,
      '/api/v1/creator/subscription/checkout/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>Link expired · TravelClub</title>');
    const caller = await creator(world);
    const { path } = await checkoutOf(world, caller);
    const token = path.split('/').pop()!;
    const later = new Date(Date.now() + 3_601_000);
    expect(await world.app.billing.creatorPlans.checkout.page(token, later)).toEqual({
      kind: 'message',
      code: 'plan-link-invalid',
    });
    const outcome = await world.app.billing.creatorPlans.checkout.pay(
      token,
      planCard(),
      { correlationId: 't', causationId: 't' },
      later,
    );
    expect(outcome).toMatchObject({ kind: 'message', code: 'plan-link-invalid' });
    expect((await planOf(world, caller)).status).toBe('incomplete');
  });

  it('caps declined attempts on one link', async () => {
    const { path } = await checkoutOf(world, await creator(world));
    for (let i = 0; i < 5; i++)
      expect((await postForm(world, path, planCard(SANDBOX_CARDS.declined))).statusCode).toBe(402);
    const capped = await postForm(world, path, planCard());
    expect(capped.statusCode).toBe(429);
    expect(capped.body).toContain(errorCatalogue['too-many-payment-attempts'].message);
  });
});
