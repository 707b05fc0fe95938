// System test of the booking flow under faults, every service its own process on a Kafka broker of this
// file's own: the itinerary service killed while paid events are in flight, the broker stopped for ten
// seconds during payments, and a payment retried after the client's connection was cut. In each case
// every paid itinerary ends confirmed exactly once, and every invoice is charged once.
import { topics, type EventEnvelope } from '@travelclub/contracts';
import { createKafka } from '@travelclub/kit';
import { mailsTo, testInfra, uniqueName } from '@travelclub/kit/testing';
import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { privateKafka } from '../../scripts/infra.mjs';
import { startStack, type Stack } from './stack.js';
import { cards, eventually, inDays, Traveller } from './traveller.js';

let kafka: Awaited<ReturnType<typeof privateKafka>>;
let stack: Stack;
let mongo: MongoClient;

beforeAll(async () => {
  kafka = await privateKafka();
  const infra = testInfra();
  stack = await startStack({ ...infra, kafkaBrokers: kafka.brokers });
  mongo = await MongoClient.connect(infra.mongoUrl);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await mongo?.close();
  await kafka?.remove();
});

interface Booking {
  traveller: Traveller;
  email: string;
  itineraryId: string;
  invoiceId: string;
  key: string;
}

let day = 30;
/** `count` travellers, each with an itinerary awaiting payment (a stay of their own dates, so none runs out). */
async function pendingBookings(count: number): Promise<Booking[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const checkIn = day++;
      const traveller = await new Traveller(stack.gateway).visit();
      const email = `${uniqueName('fault')}@example.test`;
      const { searchId, availability } = await traveller.findStay({
        destination: 'country-US',
        checkIn: inDays(checkIn),
        checkOut: inDays(checkIn + 2),
      });
      const pending = await traveller.checkout(Traveller.cheapest(availability.body, searchId), email);
      return { traveller, email, itineraryId: pending.id, invoiceId: pending.invoiceId!, key: randomUUID() };
    }),
  );
}

/** Pays with the booking's own key until the payment answers 200 (a retry after 503 or 409 in progress). */
async function payUntilPaid(booking: Booking, timeoutMs = 90_000) {
  return eventually(async () => {
    const res = await booking.traveller.pay(booking.invoiceId, cards.good, booking.key).catch(() => undefined);
    return res?.status === 200 && res.body;
  }, timeoutMs);
}

async function allConfirmed(bookings: Booking[], timeoutMs = 90_000) {
  await eventually(async () => {
    const states = await Promise.all(bookings.map((b) => b.traveller.itinerary(b.itineraryId)));
    return states.every((s) => s.body.status === 'confirmed');
  }, timeoutMs);
}

/** Every event of `type` on the itinerary topic so far, read from the beginning. */
async function eventsOnKafka(type: string): Promise<EventEnvelope<{ itineraryId: string }>[]> {
  const client = createKafka('fault-test-reader', [kafka.brokers], pino({ level: 'silent' }));
  const admin = client.admin();
  await admin.connect();
  const topic = `${stack.topicPrefix}${topics.itinerary}`;
  const offsets = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const total = offsets.reduce((sum, o) => sum + Number(o.high) - Number(o.low), 0);
  const consumer = client.consumer({ groupId: uniqueName('fault-reader') });
  const seen: EventEnvelope<{ itineraryId: string }>[] = [];
  let read = 0;
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const done = new Promise<void>((resolve) => {
    void consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value!.toString()) as EventEnvelope<{ itineraryId: string }>;
        if (event.type === type) seen.push(event);
        if (++read >= total) resolve();
      },
    });
  });
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  await consumer.disconnect();
  return seen;
}

/** Each itinerary confirmed once: one confirmation event (by id) and one confirmation mail. */
async function expectConfirmedOnce(bookings: Booking[]) {
  const confirmed = await eventsOnKafka('itinerary.confirmed');
  for (const booking of bookings) {
    const ids = new Set(confirmed.filter((e) => e.payload.itineraryId === booking.itineraryId).map((e) => e.id));
    expect(ids.size, `itinerary.confirmed events of ${booking.itineraryId}`).toBe(1);
  }
  for (const booking of bookings) {
    const mails = await eventually(async () => {
      const found = (await mailsTo(booking.email)).filter((m) => /confirmed/i.test(m.subject));
      return found.length > 0 && found;
    });
    expect(mails).toHaveLength(1);
  }
}

/** Successful charges at the sandbox provider for these invoices: one each, never two. */
async function chargesOf(bookings: Booking[]) {
  return mongo
    .db(stack.databases.billing)
    .collection('sandbox_charges')
    .countDocuments({ reference: { $in: bookings.map((b) => b.invoiceId) }, outcome: 'succeeded' });
}

it('confirms every paid itinerary exactly once when the itinerary service is killed mid-flight', async () => {
  const bookings = await pendingBookings(10);
  // Payments race; as soon as the first ones are through, the itinerary service dies without a goodbye.
  const paying = bookings.map((b) => b.traveller.pay(b.invoiceId, cards.good, b.key).catch(() => undefined));
  await eventually(async () => {
    const states = await Promise.all(bookings.map((b) => b.traveller.invoice(b.invoiceId)));
    return states.filter((s) => s.body.status === 'paid').length >= 3;
  });
  await stack.parts.itinerary.kill();
  await Promise.all(paying);
  await stack.start('itinerary');
  // Whatever failed while it was down is retried with the same key.
  await Promise.all(bookings.map((b) => payUntilPaid(b)));
  await allConfirmed(bookings);
  expect(await chargesOf(bookings)).toBe(bookings.length);
  await expectConfirmedOnce(bookings);
}, 240_000);

it('loses no event and applies none twice when Kafka stops for ten seconds during payments', async () => {
  const bookings = await pendingBookings(9);
  const [before, during, after] = [bookings.slice(0, 3), bookings.slice(3, 6), bookings.slice(6)];
  await Promise.all(before.map((b) => payUntilPaid(b)));
  await kafka.stop();
  const stoppedAt = Date.now();
  // Payments go on while the broker is down: their events wait in the outbox.
  await Promise.all(during.map((b) => payUntilPaid(b)));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10_000 - (Date.now() - stoppedAt))));
  await kafka.start();
  await Promise.all(after.map((b) => payUntilPaid(b)));
  await allConfirmed(bookings, 120_000);
  expect(await chargesOf(bookings)).toBe(bookings.length);
  await expectConfirmedOnce(bookings);
}, 300_000);

it('charges once when a payment is retried with the same key after the connection was cut', async () => {
  const [booking] = await pendingBookings(1);
  const { traveller, invoiceId, key } = booking!;
  // The client gives up right after sending: the server goes on with the payment regardless.
  const cut = new AbortController();
  const sent = fetch(`${stack.gateway}/api/v1/invoice/${invoiceId}/payment`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${traveller.token}`,
      'idempotency-key': key,
    },
    body: JSON.stringify({ card: cards.good }),
    signal: cut.signal,
  }).catch((err: Error) => err);
  setTimeout(() => cut.abort(), 5);
  expect(await sent).toBeInstanceOf(Error);
  const first = await payUntilPaid(booking!);
  const again = await traveller.pay(invoiceId, cards.good, key);
  expect(again.status).toBe(200);
  expect(again.body.paymentId).toBe(first.paymentId);
  expect((await traveller.pay(invoiceId, cards.good, randomUUID())).body.error?.code).toBe('invoice-already-paid');
  expect(await chargesOf([booking!])).toBe(1);
  await allConfirmed([booking!]);
}, 120_000);
