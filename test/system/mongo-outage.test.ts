// System test of the booking flow when MongoDB goes away for 30 s while paid itineraries are being confirmed.
// Every part runs as its own process on a MongoDB and a Kafka broker of this file's own, so taking them away
// disturbs no other test. Afterwards every itinerary is confirmed once, every paid room booked once, and no
// event was dead-lettered: an outage delays the consumers, it never makes them give an event up.
import { setTimeout as sleep } from 'node:timers/promises';
import { HealthDetailsSchema, topics } from '@travelclub/contracts';
import { testInfra } from '@travelclub/kit/testing';
import { eventually, startStack, type PartName, type Stack } from '@travelclub/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { privateKafka, privateMongo } from '../../scripts/private-servers.mjs';
import {
  allConfirmed,
  deadLettersOnKafka,
  distinctEventsPerBooking,
  eventCount,
  payUntilPaid,
  pendingBookings,
  type Booking,
} from './bookings.js';

const OUTAGE_MS = 30_000;

let kafka: Awaited<ReturnType<typeof privateKafka>>;
let mongo: Awaited<ReturnType<typeof privateMongo>>;
let stack: Stack;

beforeAll(async () => {
  [kafka, mongo] = await Promise.all([privateKafka(), privateMongo()]);
  stack = await startStack({ ...testInfra(), kafkaBrokers: kafka.brokers, mongoUrl: mongo.url });
}, 240_000);

afterAll(async () => {
  kafka?.resume();
  await mongo?.start();
  await stack?.stop();
  await Promise.all([kafka?.remove(), mongo?.remove()]);
}, 120_000);

/**
 * Warnings of a part's consumer that its work on billing's events failed and waits to be tried again: a handler
 * of one (it names the event), or the consumer's own look-up of the events it handled before (it names the
 * topic).
 */
const consumerWaits = (part: PartName) =>
  stack.parts[part]
    .output()
    .split('\n')
    .filter(
      (line) =>
        line.includes('"level":40') &&
        line.includes('"component":"consumer"') &&
        (line.includes('"eventType":"billing.invoice.paid"') ||
          line.includes(`"topic":"${stack.topicPrefix}${topics.billing}"`)),
    );

/** The distinct events of `type` per booking, once every booking has at least one (polled, up to a minute). */
async function eventsForEveryBooking(bookings: Booking[], topic: string, type: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const perBooking = await distinctEventsPerBooking(stack, bookings, topic, type);
    if (bookings.every((b) => (perBooking[b.itineraryId] ?? 0) > 0) || Date.now() > deadline) return perBooking;
    await sleep(2_000);
  }
}

it('confirms every paid itinerary once and dead-letters nothing when MongoDB stops for 30 s during confirmation', async () => {
  const bookings = await pendingBookings(stack, 6);
  const billingEvents = await eventCount(stack, topics.billing);

  // The paid events are held in flight: with the broker frozen the payments go through, and their events
  // wait in the relays' publish calls. MongoDB is slowed down before the broker thaws (every exchange 250 ms
  // each way, so a handler takes seconds), and it goes shortly after the last paid event is on Kafka: the
  // consumers (itinerary: confirm; catalog: book the rooms) are then in their handlers, or at worst looking
  // up which events they handled before. A fixed pause from the thaw missed both at times (the relays had
  // not published yet), and the test then proved nothing.
  kafka.pause();
  try {
    await Promise.all(bookings.map((b) => payUntilPaid(b, 60_000)));
    mongo.delay(250);
  } finally {
    kafka.resume();
  }
  await eventually(async () => (await eventCount(stack, topics.billing)) >= billingEvents + bookings.length, 60_000);
  await sleep(700);
  await mongo.stop();
  mongo.delay(0);
  await sleep(OUTAGE_MS);
  await mongo.start();

  await allConfirmed(bookings, 120_000);

  // The premise: the outage did hit the consumers of the paid events (else this test would prove nothing).
  const hit = [...consumerWaits('itinerary'), ...consumerWaits('catalog')];
  const inHandlers = hit.filter((line) => line.includes('"eventType":"billing.invoice.paid"')).length;
  console.log(`[mongo-outage] waits: ${inHandlers} in a handler, ${hit.length - inHandlers} in the look-up`);
  expect(hit.length, 'consumer waits on billing.invoice.paid during the outage').toBeGreaterThan(0);

  // Each itinerary confirmed once, and each paid room booked once (the catalog's handler of the same event).
  for (const [topic, type] of [
    [topics.itinerary, 'itinerary.confirmed'],
    [topics.catalog, 'catalog.booking.confirmed'],
  ] as const) {
    const perBooking = await eventsForEveryBooking(bookings, topic, type);
    for (const booking of bookings)
      expect(perBooking[booking.itineraryId], `${type} of ${booking.itineraryId}`).toBe(1);
  }

  // Nothing was dead-lettered: the dead-letter topics are empty, and every service says so.
  const onKafka = await deadLettersOnKafka(stack);
  expect(Object.keys(onKafka).length).toBeGreaterThan(0);
  expect(
    Object.values(onKafka).every((n) => n === 0),
    JSON.stringify(onKafka),
  ).toBe(true);
  for (const part of ['catalog', 'itinerary', 'billing'] as const) {
    const res = await fetch(`${stack.parts[part].url}/health/details`);
    const { deadLetters } = HealthDetailsSchema.parse(await res.json());
    expect(Object.keys(deadLetters).length, part).toBeGreaterThan(0);
    expect(
      Object.values(deadLetters).every((n) => n === 0),
      `${part}: ${JSON.stringify(deadLetters)}`,
    ).toBe(true);
  }
}, 360_000);
