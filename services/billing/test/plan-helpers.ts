// What the tests of creators' plans share: creators with tokens (an address claim included), the API calls, the
// hosted pages' form posts as a browser sends them, and the plan events billing published.
import type { CreatorPlan, CreatorPlanAnswer, CreatorPlanCheckout, CreatorPlanPortal } from '@travelclub/contracts';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { SANDBOX_CARDS, type BillingWorld, type Caller } from './helpers.js';

/** The site's origin in these tests (WEB_URL): return addresses must be on it. */
export const SITE = 'https://travelclub.test';
export const PLAN_SETTINGS = { WEB_URL: SITE, PLAN_RENEW_EVERY_S: '3600' };

export const planCard = (number: string = SANDBOX_CARDS.succeeds, fields: Record<string, string> = {}) => ({
  number,
  expiry: '12/39',
  cvc: '123',
  holderName: 'Ada Lovelace',
  ...fields,
});

/** A signed-in creator (or, with `roles`, anyone), whose token carries `email`. */
export async function creator(world: BillingWorld, roles = ['role/creator'], email?: string): Promise<Caller> {
  const id = `creator-${randomUUID().slice(0, 8)}`;
  const token = await world.jwks.sign({ sub: id, roles, ...(email ? { email } : {}) });
  return { id, token, headers: { authorization: `Bearer ${token}` } };
}

export function startPlan(world: BillingWorld, caller: Caller, body: Record<string, unknown> = {}) {
  return world.app.inject({
    method: 'POST',
    url: '/api/v1/creator/subscription',
    headers: caller.headers,
    payload: { returnUrl: '/dashboard/club?plan=started', cancelUrl: '/dashboard/club', ...body },
  });
}

export function readPlan(world: BillingWorld, caller: Caller, query = '') {
  return world.app.inject({ method: 'GET', url: `/api/v1/creator/subscription${query}`, headers: caller.headers });
}

export function managePlan(world: BillingWorld, caller: Caller, body: Record<string, unknown> = {}) {
  return world.app.inject({
    method: 'POST',
    url: '/api/v1/creator/subscription/manage',
    headers: caller.headers,
    payload: { returnUrl: '/dashboard/settings', ...body },
  });
}

/** The caller's plan, which must be there. */
export async function planOf(world: BillingWorld, caller: Caller): Promise<CreatorPlan> {
  const res = await readPlan(world, caller);
  expect(res.statusCode).toBe(200);
  const { plan } = res.json() as CreatorPlanAnswer;
  expect(plan).not.toBeNull();
  return plan as CreatorPlan;
}

/** A page's path from the absolute link billing answered. */
export const pathOf = (link: string) => new URL(link).pathname;

export const openPage = (world: BillingWorld, path: string) => world.app.inject({ method: 'GET', url: path });

/** A form post as a browser sends it (urlencoded, no token). */
export const postForm = (world: BillingWorld, path: string, fields: Record<string, string> = {}) =>
  world.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** A checkout started by `caller`: its page's path and the plan's id. */
export async function checkoutOf(world: BillingWorld, caller: Caller, body: Record<string, unknown> = {}) {
  const res = await startPlan(world, caller, body);
  expect(res.statusCode).toBe(201);
  const answer = res.json() as CreatorPlanCheckout;
  return { path: pathOf(answer.checkoutUrl), subscriptionId: answer.subscriptionId, answer };
}

/** A new creator whose plan was paid at checkout with `card`. */
export async function activePlan(world: BillingWorld, card: string = SANDBOX_CARDS.succeeds) {
  const caller = await creator(world);
  const { path, subscriptionId } = await checkoutOf(world, caller);
  const paid = await postForm(world, path, planCard(card));
  expect(paid.statusCode).toBe(303);
  return { caller, subscriptionId, checkoutPath: path, plan: await planOf(world, caller) };
}

/** The path of a new portal link for the caller's plan. */
export async function portalOf(world: BillingWorld, caller: Caller): Promise<string> {
  const res = await managePlan(world, caller);
  expect(res.statusCode).toBe(200);
  return pathOf((res.json() as CreatorPlanPortal).portalUrl);
}

/** An instant `ms` after `iso`. */
export const after = (iso: string | undefined, ms = 60_000) => new Date(new Date(iso!).getTime() + ms);

/** Charges the sandbox made for a plan. */
export const planCharges = (world: BillingWorld, subscriptionId: string) =>
  world.app.mongo.collection('sandbox_charges').find({ reference: subscriptionId }).toArray();

/** The plan events of one plan published on billing.events so far, as `type: status` pairs. */
export const planEvents = (world: BillingWorld, subscriptionId: string) =>
  world.events.all.filter(
    (e) => e.type.startsWith('billing.subscription.') && e.payload.subscriptionId === subscriptionId,
  );

/** Waits until the plan has `count` events of this type on billing.events, then gives them. */
export async function waitForPlanEvent(world: BillingWorld, subscriptionId: string, type: string, count = 1) {
  await expect
    .poll(() => planEvents(world, subscriptionId).filter((e) => e.type === type).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return planEvents(world, subscriptionId).filter((e) => e.type === type);
}
