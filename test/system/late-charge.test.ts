// System test: a payment provider slower than the payment lease (the sandbox settles a charge 15 s after it
// arrives; the lease lasts 4 s, the provider call gives up after 2 s), every part its own process behind the
// gateway. Once the lease lapsed the cart still cannot change or be cancelled while the charge's outcome is
// unknown (billing will not give its invoice back), and the late charge confirms exactly the cart it paid for;
// a late charge whose cart expired meanwhile is refunded, the invoice is not paid and no room is booked.
import { topics } from '@travelclub/contracts';
import { cards, eventually } from '@travelclub/testing';
import { describe, expect, it } from 'vitest';
import { chargesOf, eventsOnKafka, pendingBookings, usePlatform } from './bookings.js';

const LEASE_MS = 4_000;
const SETTLES_MS = 15_000;
const HOLD_MS = 40_000;

const platform = usePlatform({
  partEnv: {
    billing: {
      PAYMENT_LEASE_S: String(LEASE_MS / 1000),
      PROVIDER_TIMEOUT_MS: '2000',
      SANDBOX_LATENCY_MS: String(SETTLES_MS),
      RECONCILE_EVERY_S: '1',
    },
    catalog: { HOLD_TTL_S: String(HOLD_MS / 1000) },
  },
});

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
const billingDb = () => platform.mongo.db(platform.stack.databases.billing);
const chargesOfInvoice = (invoiceId: string) => chargesOf(platform.mongo, platform.stack, [invoiceId]);
/** Every billing event about `invoiceId` on Kafka so far. */
const billingEvents = async (invoiceId: string) =>
  (await eventsOnKafka(platform.stack, topics.billing)).filter((e) => e.payload.invoiceId === invoiceId);

/** A visitor with one room in a cart awaiting payment, and the rooms of that type left to book. */
async function pendingCart() {
  const [booking] = await pendingBookings(platform.stack, 1);
  const { traveller, stay } = booking!;
  const roomsLeft = async () =>
    (await traveller.availability(stay.hotelId, stay.searchId)).body.roomTypes.find((rt) => rt.type === stay.roomType)!
      .roomsLeft;
  return { ...booking!, roomsLeft };
}

describe('a charge slower than the lease', () => {
  it('keeps the cart as it is until the charge is known, then confirms exactly what was paid for', async () => {
    const { traveller, pending, invoiceId, key, roomsLeft } = await pendingCart();
    const lineItemId = pending.lineItems[0]!.identity;
    const left = await roomsLeft();
    const startedAt = Date.now();
    const first = await traveller.pay(invoiceId, cards.good, key);
    expect(first.body.error?.code).toBe('service-unavailable');

    // The lease has lapsed; the charge is still on its way. Changing or cancelling the cart now would leave a
    // paid invoice for a cart that is gone.
    await sleepUntil(startedAt + LEASE_MS + 500);
    const id = pending.id;
    const refused = [
      await traveller.call('POST', `/api/v1/itinerary/${id}/removeHotel`, { lineItemId }),
      await traveller.call('PUT', `/api/v1/itinerary/${id}/cancel`),
      await traveller.pay(invoiceId, cards.good),
    ];
    expect(refused.map((r) => r.body.error?.code)).toEqual([
      'payment-in-progress',
      'payment-in-progress',
      'payment-in-progress',
    ]);

    // The charge lands; reconciliation records it, and the itinerary that was paid for is confirmed.
    const confirmed = await eventually(async () => {
      const read = await traveller.itinerary(id);
      return read.body.status === 'confirmed' && read.body;
    }, SETTLES_MS + 30_000);
    expect(confirmed.lineItems.map((item) => item.identity)).toEqual([lineItemId]);
    expect(confirmed.lineItems[0]!.hotelBooking.rooms[0]!.holdStatus).toBe('booked');
    expect((await traveller.invoice(invoiceId)).body.status).toBe('paid');
    expect(await chargesOfInvoice(invoiceId)).toHaveLength(1);
    expect((await traveller.pay(invoiceId, cards.good, key)).status).toBe(200);
    expect(await roomsLeft()).toBe(left);
    const events = await billingEvents(invoiceId);
    expect(events.filter((e) => e.type === 'billing.invoice.paid')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'billing.payment.refunded')).toHaveLength(0);
  }, 120_000);

  it('refunds a late charge whose cart expired meanwhile: the invoice is not paid and no room is booked', async () => {
    const { traveller, pending, invoiceId, key, heldAt, roomsLeft } = await pendingCart();
    const held = await roomsLeft();
    // Pay late enough that the hold lapses while the charge is on its way (the lease must still end first: billing starts none that would outlive the hold).
    await sleepUntil(heldAt + HOLD_MS - LEASE_MS - 5_000);
    const first = await traveller.pay(invoiceId, cards.good, key);
    expect(first.body.error?.code).toBe('service-unavailable');

    // The hold lapses: the itinerary expires, and billing voids its invoice, the charge still unknown.
    await eventually(async () => (await traveller.itinerary(pending.id)).body.status === 'expired', 30_000);
    await eventually(async () => (await traveller.invoice(invoiceId)).body.status === 'void', 30_000);

    // The charge lands; reconciliation gives it back, naming the invoice.
    const [charge] = await eventually(async () => {
      const made = await chargesOfInvoice(invoiceId);
      return made.length > 0 && made;
    }, 30_000);
    const refund = await eventually(
      () => billingDb().collection('sandbox_refunds').findOne({ chargeId: charge!.chargeId }),
      SETTLES_MS + 30_000,
    );
    expect(refund).toMatchObject({ amount: pending.total });
    const told = await eventually(async () => {
      const events = await billingEvents(invoiceId);
      return events.some((e) => e.type === 'billing.payment.refunded') && events;
    }, 30_000);
    expect(told.filter((e) => e.type === 'billing.payment.refunded')).toHaveLength(1);
    expect(told.filter((e) => e.type === 'billing.invoice.paid')).toHaveLength(0);

    expect((await traveller.invoice(invoiceId)).body.status).toBe('void');
    expect((await traveller.itinerary(pending.id)).body.status).toBe('expired');
    expect((await traveller.pay(invoiceId, cards.good, key)).body.error?.code).toBe('invoice-void');
    // The room went back when the hold lapsed, and nothing booked it.
    await eventually(async () => (await roomsLeft()) === held + 1, 30_000);
    expect(await billingDb().collection('sandbox_refunds').countDocuments({ chargeId: charge!.chargeId })).toBe(1);
  }, 150_000);
});
