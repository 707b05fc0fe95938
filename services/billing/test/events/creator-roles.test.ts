// A creator's role revoked or given back by support staff (auth.role.revoked, auth.role.granted), heard through
// the real Kafka: no commission while the revoke stands, the plan ends at its paid period's end with no renewal,
// the portal stays open; a re-grant lets the plan renew again. And no commission on a creator's own booking.
import { newEvent } from '@travelclub/kit';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, useBilling, type Caller } from '../helpers.js';
import {
  activePlan,
  after,
  PLAN_SETTINGS,
  planCharges,
  planOf,
  portalOf,
  postForm,
  readPlan,
  managePlan,
  startPlan,
} from '../plan-helpers.js';

const world = useBilling(PLAN_SETTINGS, { events: true });
const renewDue = (now: Date, userId?: string) => world.app.billing.creatorPlans.renewDue(now, userId);
const CREATOR = 'role/creator' as const;

/** A creator known to billing's directory through creator.profile.updated. */
async function knownCreator(caller: Caller): Promise<string> {
  const slug = `creator-${randomUUID().slice(0, 8)}`;
  await world.publish('creator.profile.updated', caller.id, { userId: caller.id, slug, publicName: 'Cara' });
  await expect.poll(() => world.app.billing.creators.ownerOf(slug), { timeout: 20_000 }).toBe(caller.id);
  return slug;
}

const revoke = (userId: string) => world.publish('auth.role.revoked', userId, { userId, role: CREATOR, roles: [] });
const regrant = (userId: string) =>
  world.publish('auth.role.granted', userId, { userId, role: CREATOR, roles: [CREATOR] });
const revoked = (userId: string) => world.app.billing.creatorRoles.isRevoked(userId);

describe('a creator whose role staff revoked', () => {
  it('earns no commission on bookings attributed to them while the revoke stands, and again after a re-grant', async () => {
    const creator = await world.traveller(['role/creator']);
    const slug = await knownCreator(creator);
    await revoke(creator.id);
    await expect.poll(() => revoked(creator.id), { timeout: 20_000 }).toBe(true);
    const buyer = await world.traveller();
    const during = await world.paidInvoice(buyer, { creator: slug, amounts: [270_00] });
    const [paid] = await world.events.wait('billing.invoice.paid', during.id);
    expect(paid!.payload).not.toHaveProperty('commission');
    expect(paid!.payload).not.toHaveProperty('creator');
    expect(await world.app.mongo.collection('invoices').findOne({ _id: during.id as never })).not.toHaveProperty(
      'commission',
    );
    await regrant(creator.id);
    await expect.poll(() => revoked(creator.id), { timeout: 20_000 }).toBe(false);
    const later = await world.paidInvoice(buyer, { creator: slug, amounts: [100_00] });
    const [paidLater] = await world.events.wait('billing.invoice.paid', later.id);
    expect(paidLater!.payload).toMatchObject({ creator: slug, commission: { amount: 10_00, currency: 'USD' } });
  });

  it('keeps a later word: an older revoke arriving late (a replay) changes nothing', async () => {
    const creator = await world.traveller(['role/creator']);
    const stale = newEvent(
      'auth.role.revoked',
      creator.id,
      { userId: creator.id, role: CREATOR, roles: [] },
      { correlationId: 'test', causationId: 'test' },
    );
    await regrant(creator.id);
    await expect
      .poll(() => world.app.mongo.collection('creator_roles').countDocuments({ _id: creator.id as never }), {
        timeout: 20_000,
      })
      .toBe(1);
    await world.publish(
      'auth.role.revoked',
      creator.id,
      { userId: creator.id, role: CREATOR, roles: [] },
      {
        ...stale,
        occurredAt: new Date(Date.now() - 60_000).toISOString(),
      },
    );
    // A revoke of another account after it, on the same consumer, shows the stale one was handled.
    const other = await world.traveller(['role/creator']);
    await revoke(other.id);
    await expect.poll(() => revoked(other.id), { timeout: 20_000 }).toBe(true);
    expect(await revoked(creator.id)).toBe(false);
  });

  it('has their plan end at the paid period with no renewal, still reads it and opens the portal; cannot resume it', async () => {
    const { caller, subscriptionId, plan } = await activePlan(world);
    await revoke(caller.id);
    await expect.poll(async () => (await planOf(world, caller)).cancelAtPeriodEnd, { timeout: 20_000 }).toBe(true);
    // Their tokens now carry no creator role: they still read their plan and open the portal for their invoices.
    const token = await world.jwks.sign({ sub: caller.id, roles: [] });
    const former: Caller = { id: caller.id, token, headers: { authorization: `Bearer ${token}` } };
    expect((await readPlan(world, former)).json().plan).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const portal = await portalOf(world, former);
    // Taking the cancellation back is not theirs to do while the revoke stands.
    expect((await postForm(world, `${portal}/resume`)).statusCode).toBe(303);
    expect((await planOf(world, former)).cancelAtPeriodEnd).toBe(true);
    // A token from before the revoke still says creator: it starts no new plan.
    expectError(await startPlan(world, caller), 'role-revoked');
    // At the period's end: ended, never charged again.
    await renewDue(after(plan.currentPeriodEnd), caller.id);
    expect((await planOf(world, former)).status).toBe('cancelled');
    expect(await planCharges(world, subscriptionId)).toHaveLength(1);
  });

  it('has their plan renew again after staff give the role back', async () => {
    const { caller, subscriptionId, plan } = await activePlan(world);
    await revoke(caller.id);
    await expect.poll(async () => (await planOf(world, caller)).cancelAtPeriodEnd, { timeout: 20_000 }).toBe(true);
    await regrant(caller.id);
    await expect.poll(async () => (await planOf(world, caller)).cancelAtPeriodEnd, { timeout: 20_000 }).toBe(false);
    await renewDue(after(plan.currentPeriodEnd), caller.id);
    expect((await planOf(world, caller)).status).toBe('active');
    expect(await planCharges(world, subscriptionId)).toHaveLength(2);
    expect((await managePlan(world, caller)).statusCode).toBe(200);
  });
});

describe("a creator's own booking", () => {
  it('earns them no commission; the paid event names them and marks it as their own', async () => {
    const creator = await world.traveller(['role/customer', 'role/creator']);
    const slug = await knownCreator(creator);
    const own = await world.paidInvoice(creator, { creator: slug, amounts: [270_00] });
    const [paid] = await world.events.wait('billing.invoice.paid', own.id);
    expect(paid!.payload).toMatchObject({ creator: slug, ownBooking: true });
    expect(paid!.payload).not.toHaveProperty('commission');
    const payout = await world.app.inject({
      method: 'GET',
      url: '/api/v1/userProfile/my/payout',
      headers: creator.headers,
    });
    expect(payout.json().entries).toEqual([]);
  });
});
