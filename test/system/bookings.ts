// Bookings for system tests of the booking flow under faults: travellers with an itinerary awaiting payment,
// paid with their own idempotency key until the payment goes through, and what then reached Kafka.
import { randomUUID } from 'node:crypto';
import { deadLetterTopic, topics, type EventEnvelope } from '@travelclub/contracts';
import { createKafka } from '@travelclub/kit';
import { uniqueName } from '@travelclub/kit/testing';
import pino from 'pino';
import type { Stack } from './stack.js';
import { cards, eventually, inDays, Traveller } from './traveller.js';

export interface Booking {
  traveller: Traveller;
  email: string;
  itineraryId: string;
  invoiceId: string;
  key: string;
}

let day = 30;
/** `count` travellers, each with an itinerary awaiting payment (a stay of their own dates, so none runs out). */
export async function pendingBookings(stack: Stack, count: number): Promise<Booking[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const checkIn = day++;
      const traveller = await new Traveller(stack.gateway).visit();
      const email = `${uniqueName('booking')}@example.test`;
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
export async function payUntilPaid(booking: Booking, timeoutMs = 90_000) {
  return eventually(async () => {
    const res = await booking.traveller.pay(booking.invoiceId, cards.good, booking.key).catch(() => undefined);
    return res?.status === 200 && res.body;
  }, timeoutMs);
}

export async function allConfirmed(bookings: Booking[], timeoutMs = 90_000) {
  await eventually(async () => {
    const states = await Promise.all(bookings.map((b) => b.traveller.itinerary(b.itineraryId).catch(() => undefined)));
    return states.every((s) => s?.body.status === 'confirmed');
  }, timeoutMs);
}

type Payload = { itineraryId?: string };

/** Every event of `type` on one of the stack's topics so far, read from the beginning. */
export async function eventsOnKafka(
  stack: Stack,
  kafkaBrokers: string,
  topic: string,
  type: string,
): Promise<EventEnvelope<Payload>[]> {
  const client = createKafka('booking-test-reader', kafkaBrokers.split(','), pino({ level: 'silent' }));
  const admin = client.admin();
  await admin.connect();
  const name = `${stack.topicPrefix}${topic}`;
  const offsets = await admin.fetchTopicOffsets(name);
  await admin.disconnect();
  const total = offsets.reduce((sum, o) => sum + Number(o.high) - Number(o.low), 0);
  const consumer = client.consumer({ groupId: uniqueName('booking-reader') });
  const seen: EventEnvelope<Payload>[] = [];
  let read = 0;
  await consumer.connect();
  await consumer.subscribe({ topic: name, fromBeginning: true });
  const done = new Promise<void>((resolve) => {
    if (total === 0) resolve();
    void consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value!.toString()) as EventEnvelope<Payload>;
        if (event.type === type) seen.push(event);
        if (++read >= total) resolve();
      },
    });
  });
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  await consumer.disconnect();
  return seen;
}

/** How many distinct events (by id) of `type` each booking's itinerary has on `topic`. */
export async function distinctEventsPerBooking(
  stack: Stack,
  kafkaBrokers: string,
  bookings: Booking[],
  topic: string,
  type: string,
): Promise<Record<string, number>> {
  const events = await eventsOnKafka(stack, kafkaBrokers, topic, type);
  return Object.fromEntries(
    bookings.map((b) => [
      b.itineraryId,
      new Set(events.filter((e) => e.payload.itineraryId === b.itineraryId).map((e) => e.id)).size,
    ]),
  );
}

/** The messages on every dead-letter topic of the stack, per topic that exists. */
export async function deadLettersOnKafka(stack: Stack, kafkaBrokers: string): Promise<Record<string, number>> {
  const client = createKafka('booking-test-dlq', kafkaBrokers.split(','), pino({ level: 'silent' }));
  const admin = client.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const counts: Record<string, number> = {};
    for (const topic of Object.values(topics).map((t) => deadLetterTopic(stack.topicPrefix + t))) {
      if (!existing.has(topic)) continue;
      const offsets = await admin.fetchTopicOffsets(topic);
      counts[topic] = offsets.reduce((sum, o) => sum + Number(o.high) - Number(o.low), 0);
    }
    return counts;
  } finally {
    await admin.disconnect();
  }
}
