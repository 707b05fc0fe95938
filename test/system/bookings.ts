// For system tests of the booking flow under faults: the platform of a test file, travellers with an itinerary
// awaiting payment, paid with their own idempotency key until the payment goes through, and what then reached
// Kafka and the payment provider.
import { randomUUID } from 'node:crypto';
import {
  deadLetterTopic,
  topics,
  type AvailabilityAnswer,
  type EventEnvelope,
  type Itinerary,
} from '@travelclub/contracts';
import { createKafka } from '@travelclub/kit';
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import {
  cards,
  eventually,
  inDays,
  startStack,
  Traveller,
  type Stack,
  type StackOptions,
  type Stay,
} from '@travelclub/testing';
import { MongoClient } from 'mongodb';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';

export interface Platform {
  stack: Stack;
  /** A client of the stack's MongoDB server, for checks behind the API. */
  mongo: MongoClient;
}

/**
 * The platform of a test file, on the run's servers: the stack (with these options) and a MongoDB client,
 * started before its tests and stopped after them. Its fields are there once the tests run.
 */
export function usePlatform(options: StackOptions = {}): Platform {
  const platform = {} as Platform;
  beforeAll(async () => {
    const infra = testInfra();
    platform.stack = await startStack(infra, options);
    platform.mongo = await MongoClient.connect(infra.mongoUrl);
  }, 240_000);
  afterAll(async () => {
    await platform.stack?.stop();
    await platform.mongo?.close();
  });
  return platform;
}

export interface Booking {
  traveller: Traveller;
  email: string;
  /** The room in the cart, as the search offered it. */
  stay: Stay;
  /** The itinerary awaiting payment, as checkout answered it. */
  pending: Itinerary;
  itineraryId: string;
  invoiceId: string;
  /** The idempotency key of its payment. */
  key: string;
  /** When its room's hold was placed (just before checkout): it lapses HOLD_TTL_S later. */
  heldAt: number;
}

let day = 30;
/** `count` travellers, each with an itinerary awaiting payment (a stay of their own dates, so none runs out). */
export async function pendingBookings(
  stack: Stack,
  count: number,
  prepare: (traveller: Traveller) => void = () => undefined,
  choose: (availability: AvailabilityAnswer, searchId: string) => Stay = Traveller.cheapest,
): Promise<Booking[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const checkIn = day++;
      const fresh = new Traveller(stack.gateway);
      prepare(fresh);
      const traveller = await fresh.visit();
      const email = `${uniqueName('booking')}@example.test`;
      const { searchId, availability } = await traveller.findStay({
        destination: 'country-US',
        checkIn: inDays(checkIn),
        checkOut: inDays(checkIn + 2),
      });
      const stay = choose(availability.body, searchId);
      const heldAt = Date.now();
      const pending = await traveller.checkout(stay, email);
      return {
        traveller,
        email,
        stay,
        pending,
        itineraryId: pending.id,
        invoiceId: pending.invoiceId!,
        key: randomUUID(),
        heldAt,
      };
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

type Payload = { itineraryId?: string; invoiceId?: string };

const reader = (stack: Stack) =>
  createKafka('booking-test-reader', stack.kafkaBrokers.split(','), pino({ level: 'silent' }));

/** The offsets of each partition of one of the stack's topics. */
async function offsetsOf(stack: Stack, topic: string) {
  const admin = reader(stack).admin();
  await admin.connect();
  try {
    return await admin.fetchTopicOffsets(`${stack.topicPrefix}${topic}`);
  } finally {
    await admin.disconnect();
  }
}

/** How many events one of the stack's topics has taken so far (its partitions' end offsets, summed). */
export async function eventCount(stack: Stack, topic: string): Promise<number> {
  return (await offsetsOf(stack, topic)).reduce((sum, o) => sum + Number(o.high), 0);
}

/**
 * Every event on one of the stack's topics so far, read from the beginning; once each (a relay may publish
 * an event twice, and consumers skip the copy by its id).
 */
export async function eventsOnKafka(stack: Stack, topic: string): Promise<EventEnvelope<Payload>[]> {
  const client = reader(stack);
  const name = `${stack.topicPrefix}${topic}`;
  const offsets = await offsetsOf(stack, topic);
  const total = offsets.reduce((sum, o) => sum + Number(o.high) - Number(o.low), 0);
  const consumer = client.consumer({ groupId: uniqueName('booking-reader') });
  const seen = new Map<string, EventEnvelope<Payload>>();
  let read = 0;
  await consumer.connect();
  await consumer.subscribe({ topic: name, fromBeginning: true });
  await new Promise<void>((resolve) => {
    if (total === 0) return resolve();
    const timer = setTimeout(resolve, 30_000);
    void consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value!.toString()) as EventEnvelope<Payload>;
        seen.set(event.id, event);
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

/** How many distinct events (by id) of `type` each booking's itinerary has on `topic`. */
export async function distinctEventsPerBooking(
  stack: Stack,
  bookings: Booking[],
  topic: string,
  type: string,
): Promise<Record<string, number>> {
  const events = (await eventsOnKafka(stack, topic)).filter((e) => e.type === type);
  return Object.fromEntries(
    bookings.map((b) => [b.itineraryId, events.filter((e) => e.payload.itineraryId === b.itineraryId).length]),
  );
}

/** The messages on every dead-letter topic of the stack, per topic that exists. */
export async function deadLettersOnKafka(stack: Stack): Promise<Record<string, number>> {
  const admin = reader(stack).admin();
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

/** The charges the sandbox provider made for these invoices (in billing's database), whatever their outcome. */
export function chargesOf(mongo: MongoClient, stack: Stack, invoiceIds: string[]) {
  return mongo
    .db(stack.databases.billing)
    .collection('sandbox_charges')
    .find({ reference: { $in: invoiceIds } })
    .toArray();
}
