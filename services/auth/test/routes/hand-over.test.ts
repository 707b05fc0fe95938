// An anonymous visitor (a cart) who signs in to an account they already had: the cart goes with them, as one
// `auth.anonymous.merged` event the itinerary service hears. Signing up keeps upgrading the visitor in place.
import { readEvents } from '@travelclub/kit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuthApp } from '../../src/app.js';
import { anonymous, bearer, signUp, startAuth } from '../helpers.js';

let app: AuthApp;
let events: Awaited<ReturnType<typeof readEvents>>;
beforeAll(async () => {
  app = await startAuth({ SIGNIN_MAX_PER_IP: '1000' });
  events = await readEvents(app, 'auth.events');
});
afterAll(async () => {
  await events?.stop();
  await app?.close();
});

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/signIn', headers, payload: { email, password } });

const mergedFrom = (anonymousId: string) => (e: { type: string; payload: unknown }) =>
  e.type === 'auth.anonymous.merged' && (e.payload as { anonymousId: string }).anonymousId === anonymousId;

it("hands an anonymous visitor's cart to the account they sign in to, once", async () => {
  const traveller = await signUp(app);
  const visitor = await anonymous(app);
  const res = await signIn(traveller.user.email!, traveller.password, bearer(visitor.accessToken));
  expect(res.statusCode).toBe(200);
  expect(res.json().user.id).toBe(traveller.user.id);
  const [merged] = await events.wait(mergedFrom(visitor.user.id));
  expect(merged).toMatchObject({
    aggregateId: visitor.user.id,
    payload: { anonymousId: visitor.user.id, userId: traveller.user.id },
  });
  // The same visitor's token again (a second tab): nothing is handed over twice.
  expect((await signIn(traveller.user.email!, traveller.password, bearer(visitor.accessToken))).statusCode).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(events.all.filter(mergedFrom(visitor.user.id))).toHaveLength(1);
});

it('hands nothing over for a signed-in caller, a wrong password or a sign-up', async () => {
  const traveller = await signUp(app);
  const other = await signUp(app);
  const visitor = await anonymous(app);
  // A member's token is no cart to hand over.
  expect((await signIn(traveller.user.email!, traveller.password, bearer(other.accessToken))).statusCode).toBe(200);
  // A refused sign-in keeps the cart with the visitor.
  expect((await signIn(traveller.user.email!, 'not the password', bearer(visitor.accessToken))).statusCode).toBe(401);
  // Signing up upgrades the visitor in place: same id, no hand-over.
  const upgraded = await signUp(app, {}, bearer(visitor.accessToken));
  expect(upgraded.user.id).toBe(visitor.user.id);
  await events.wait((e) => e.type === 'auth.account.registered' && e.aggregateId === visitor.user.id);
  expect(events.all.filter(mergedFrom(visitor.user.id))).toEqual([]);
  expect(events.all.filter(mergedFrom(other.user.id))).toEqual([]);
});
