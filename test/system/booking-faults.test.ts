// System test of the booking flow under faults, every service its own process on a Kafka broker of this
// file's own: the itinerary service killed while paid events are in flight, the broker stopped for ten
// seconds during payments, and a payment retried after the client's connection was cut. In each case
// every paid itinerary ends confirmed exactly once, and every invoice is charged once.
import { topics } from '@travelclub/contracts';
import { mailsTo, testInfra } from '@travelclub/kit/testing';
import { cards, eventually, startStack, type Stack } from '@travelclub/testing';
import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { privateKafka } from '../../scripts/private-servers.mjs';
import {
  allConfirmed,
  chargesOf,
  distinctEventsPerBooking,
  payUntilPaid,
  pendingBookings,
  type Booking,
} from './bookings.js';

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

/** Each itinerary confirmed once: one confirmation event (by id) and one confirmation mail. */
async function expectConfirmedOnce(bookings: Booking[]) {
  // The state is written before its event goes out (the outbox): after Kafka came back, the relay may publish a
  // moment after the itinerary reads confirmed. Wait for every event, then check there is exactly one.
  const confirmed = await eventually(async () => {
    const counts = await distinctEventsPerBooking(stack, bookings, topics.itinerary, 'itinerary.confirmed');
    return bookings.every((b) => (counts[b.itineraryId] ?? 0) >= 1) && counts;
  }, 60_000);
  for (const booking of bookings) {
    expect(confirmed[booking.itineraryId], `itinerary.confirmed events of ${booking.itineraryId}`).toBe(1);
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
async function succeededCharges(bookings: Booking[]) {
  const charges = await chargesOf(
    mongo,
    stack,
    bookings.map((b) => b.invoiceId),
  );
  return charges.filter((c) => c.outcome === 'succeeded').length;
}

it('confirms every paid itinerary exactly once when the itinerary service is killed mid-flight', async () => {
  const bookings = await pendingBookings(stack, 10);
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
  expect(await succeededCharges(bookings)).toBe(bookings.length);
  await expectConfirmedOnce(bookings);
}, 240_000);

it('loses no event and applies none twice when Kafka stops for ten seconds during payments', async () => {
  const bookings = await pendingBookings(stack, 9);
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
  expect(await succeededCharges(bookings)).toBe(bookings.length);
  await expectConfirmedOnce(bookings);
}, 300_000);

it('charges once when a payment is retried with the same key after the connection was cut', async () => {
  const [booking] = await pendingBookings(stack, 1);
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
  expect(await succeededCharges([booking!])).toBe(1);
  await allConfirmed([booking!]);
}, 120_000);
