// System test: a payment provider slower than the payment lease and lock (the sandbox settles a charge 15 s
// after it arrives; the lease and the itinerary's lock last 4 s, the provider call gives up after 2 s), every
// part its own process behind the gateway. Once the lock lapsed the cart still cannot change or be
// cancelled while the charge's outcome is unknown, and the late charge confirms exactly the cart it paid for;
// a late charge whose cart expired meanwhile is refunded, the invoice is not paid and no room is booked.
import { topics, type EventEnvelope } from '@travelclub/contracts';
import { createKafka } from '@travelclub/kit';
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './stack.js';
import { cards, eventually, inDays, Traveller } from './traveller.js';

const LEASE_MS = 4_000;
const SETTLES_MS = 15_000;
const HOLD_MS = 40_000;

let stack: Stack;
let mongo: MongoClient;

beforeAll(async () => {
  const infra = testInfra();
  stack = await startStack(infra, {
    partEnv: {
      billing: {
        PAYMENT_LEASE_S: String(LEASE_MS / 1000),
        CALL_TIMEOUT_MS: '1000',
        PROVIDER_TIMEOUT_MS: '2000',
        SANDBOX_LATENCY_MS: String(SETTLES_MS),
        RECONCILE_EVERY_S: '1',
      },
      catalog: { HOLD_TTL_S: String(HOLD_MS / 1000) },
    },
  });
  mongo = await MongoClient.connect(infra.mongoUrl);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await mongo?.close();
});

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
const billingDb = () => mongo.db(stack.databases.billing);
const chargesOf = (invoiceId: string) =>
  billingDb().collection('sandbox_charges').find({ reference: invoiceId }).toArray();

/** Every billing event about `invoiceId` on Kafka so far, read from the beginning. */
async function billingEvents(invoiceId: string): Promise<EventEnvelope<{ invoiceId: string }>[]> {
  const client = createKafka(
    uniqueName('late-charge-reader'),
    testInfra().kafkaBrokers.split(','),
    pino({ level: 'silent' }),
  );
  const topic = `${stack.topicPrefix}${topics.billing}`;
  const admin = client.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const total = offsets.reduce((sum, o) => sum + Number(o.high) - Number(o.low), 0);
  const consumer = client.consumer({ groupId: uniqueName('late-charge-reader') });
  const seen = new Map<string, EventEnvelope<{ invoiceId: string }>>();
  let read = 0;
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 30_000);
    void consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value!.toString()) as EventEnvelope<{ invoiceId: string }>;
        if (event.payload.invoiceId === invoiceId) seen.set(event.id, event);
        if (++read >= total) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  return [...seen.values()];
}

/** A visitor with one room in a cart awaiting payment; when its hold was placed. */
async function pendingCart(checkInDays: number) {
  const traveller = await new Traveller(stack.gateway).visit();
  const { searchId, availability } = await traveller.findStay({
    destination: 'country-US',
    checkIn: inDays(checkInDays),
    checkOut: inDays(checkInDays + 2),
  });
  const stay = Traveller.cheapest(availability.body, searchId);
  const heldAt = Date.now();
  const pending = await traveller.checkout(stay, `${uniqueName('late')}@example.test`);
  const roomsLeft = async () =>
    (await traveller.availability(stay.hotelId, searchId)).body.roomTypes.find((rt) => rt.type === stay.roomType)!
      .roomsLeft;
  return { traveller, stay, pending, heldAt, roomsLeft, invoiceId: pending.invoiceId!, key: randomUUID() };
}

describe('a charge slower than the lease and the lock', () => {
  it('keeps the cart as it is until the charge is known, then confirms exactly what was paid for', async () => {
    const { traveller, pending, invoiceId, key, roomsLeft } = await pendingCart(60);
    const lineItemId = pending.lineItems[0]!.identity;
    const left = await roomsLeft();
    const startedAt = Date.now();
    const first = await traveller.pay(invoiceId, cards.good, key);
    expect(first.body.error?.code).toBe('service-unavailable');

    // The lock has lapsed; the charge is still on its way. Changing or cancelling the cart now would leave a
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
    expect(await chargesOf(invoiceId)).toHaveLength(1);
    expect((await traveller.pay(invoiceId, cards.good, key)).status).toBe(200);
    expect(await roomsLeft()).toBe(left);
    const events = await billingEvents(invoiceId);
    expect(events.filter((e) => e.type === 'billing.invoice.paid')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'billing.payment.refunded')).toHaveLength(0);
  }, 120_000);

  it('refunds a late charge whose cart expired meanwhile: the invoice is not paid and no room is booked', async () => {
    const { traveller, pending, invoiceId, key, heldAt, roomsLeft } = await pendingCart(70);
    const held = await roomsLeft();
    // Pay late enough that the hold lapses while the charge is on its way (the lock must still end first).
    await sleepUntil(heldAt + HOLD_MS - LEASE_MS - 5_000);
    const first = await traveller.pay(invoiceId, cards.good, key);
    expect(first.body.error?.code).toBe('service-unavailable');

    // The hold lapses: the itinerary expires, and billing voids its invoice, the charge still unknown.
    await eventually(async () => (await traveller.itinerary(pending.id)).body.status === 'expired', 30_000);
    await eventually(async () => (await traveller.invoice(invoiceId)).body.status === 'void', 30_000);

    // The charge lands; reconciliation gives it back, naming the invoice.
    const [charge] = await eventually(async () => {
      const made = await chargesOf(invoiceId);
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
