// What the analytics tests share: the counters read through the API, events stamped on a day of our choosing, and
// a realistic mix of events for two creators with the counters it must give, worked out by hand.
import type { CreatorCounters, CreatorCountersAnswer, EventPayload, EventType } from '@travelclub/contracts';
import { newEvent } from '@travelclub/kit';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Caller, CreatorWorld } from '../helpers.js';

const DAY_MS = 86_400_000;
/** Today and yesterday (UTC), fixed when the file loads: the events name them, so midnight cannot move them. */
export const today = new Date().toISOString().slice(0, 10);
export const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);

/** GET /userProfile/creatorCounters as `caller` (both days given unless `query` says otherwise). */
export async function counters(world: CreatorWorld, caller: Caller, query = `from=${yesterday}&to=${today}`) {
  return world.app.inject({
    method: 'GET',
    url: `/api/v1/userProfile/creatorCounters${query ? `?${query}` : ''}`,
    headers: caller.headers,
  });
}

export async function countersOf(world: CreatorWorld, caller: Caller): Promise<CreatorCountersAnswer> {
  const res = await counters(world, caller);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Publishes an event as its owner would, as if it happened on `day` (at noon UTC); gives the envelope. */
export function publishOn<T extends EventType>(
  world: CreatorWorld,
  day: string,
  type: T,
  aggregateId: string,
  payload: EventPayload<T>,
) {
  const ctx = { correlationId: randomUUID(), causationId: randomUUID() };
  const event = { ...newEvent(type, aggregateId, payload, ctx), occurredAt: `${day}T12:00:00.000Z` };
  return world.publish(type, aggregateId, payload, event);
}

export const usd = (amount: number) => ({ amount, currency: 'USD' });
export const eur = (amount: number) => ({ amount, currency: 'EUR' });
const TERMS = { currency: 'USD', lines: [] };

export const zeros = (): CreatorCounters => ({
  pageViews: 0,
  uniqueVisitors: 0,
  subscribers: 0,
  searches: 0,
  itinerariesStarted: 0,
  bookings: 0,
  cancellations: 0,
  grossBookingValue: {},
  commission: {},
  commissionReversed: {},
});

/** The life of one itinerary, as the itinerary service and billing tell it. */
function itineraryEvents(world: CreatorWorld, creator: string | undefined, steps: ItinerarySteps) {
  const itineraryId = `it_${randomUUID().slice(0, 12)}`;
  const invoiceId = `inv_${randomUUID().slice(0, 12)}`;
  const userId = `traveller-${randomUUID().slice(0, 8)}`;
  const attributed = creator ? { creator } : {};
  const room = {
    itineraryId,
    userId,
    hotelId: 'hotel-1',
    roomType: 'double',
    rateId: 'rate-1',
    checkInDate: '2030-01-10',
    checkOutDate: '2030-01-12',
    totalPrice: steps.paid ?? usd(100_00),
    ...attributed,
  };
  const on = <T extends EventType>(type: T, id: string, payload: EventPayload<T>) =>
    publishOn(world, today, type, id, payload);
  return async () => {
    for (let i = 0; i < steps.rooms; i++)
      await on('itinerary.room.added', itineraryId, { ...room, lineItemId: `li_${i}` });
    if (steps.paid) {
      const total = steps.paid;
      await on('itinerary.confirmed', itineraryId, { itineraryId, userId, invoiceId, total, ...attributed });
      const paid = {
        invoiceId,
        itineraryId,
        userId,
        paymentId: `pay_${randomUUID().slice(0, 8)}`,
        amount: total,
        paidAt: new Date().toISOString(),
        ...(creator && steps.commission ? { creator, commission: steps.commission } : {}),
      };
      const event = await on('billing.invoice.paid', invoiceId, paid);
      // Delivered twice: counted once.
      await world.publish('billing.invoice.paid', invoiceId, paid, event);
    }
    if (steps.cancelled) {
      const cancelledBy = { userId, role: 'role/customer' as const };
      const cancelledAt = new Date().toISOString();
      const reason = 'requested' as const;
      await on('itinerary.cancelled', itineraryId, {
        itineraryId,
        userId,
        cancelledBy,
        cancelledAt,
        reason,
        terms: TERMS,
        refund: { amount: 0, currency: 'USD' },
        ...attributed,
      });
    }
    if (steps.reversed && creator) {
      const refund = { refundId: `re_${randomUUID().slice(0, 8)}`, invoiceId, itineraryId, userId };
      await on('billing.refund.issued', invoiceId, {
        ...refund,
        amount: usd(150_00),
        charge: usd(50_00),
        reason: 'cancelled',
        creator,
        commissionReversed: steps.reversed,
      });
    }
  };
}

interface ItinerarySteps {
  rooms: number;
  paid?: { amount: number; currency: string };
  commission?: { amount: number; currency: string };
  cancelled?: boolean;
  reversed?: { amount: number; currency: string };
}

/**
 * Publishes the mix: views (repeat visitors, a day before), subscribers in and out, searches (attributed, not,
 * and to a slug nobody has), itineraries with several rooms, bookings paid in two currencies (one payment
 * delivered twice), a cancelled booking with its refund, a cart cancelled before payment. Answers what each
 * creator's counters must then be: `a` on both days, `b` on today only.
 */
export async function publishMix(
  world: CreatorWorld,
  a: { id: string; slug: string },
  b: { id: string; slug: string },
) {
  const view = (creatorId: string, day: string, newVisitor: boolean) =>
    publishOn(world, day, 'creator.club.viewed', creatorId, { creatorId, day, newVisitor });
  await view(a.id, yesterday, true);
  for (const newVisitor of [true, true, false]) await view(a.id, today, newVisitor);
  for (const newVisitor of [true, false]) await view(b.id, today, newVisitor);

  const subscriber = (
    type: 'creator.subscriber.confirmed' | 'creator.subscriber.removed',
    creatorId: string,
    day: string,
  ) => {
    const subscriptionId = randomUUID();
    return publishOn(world, day, type, subscriptionId, { subscriptionId, creatorId, at: `${day}T12:00:00.000Z` });
  };
  await subscriber('creator.subscriber.confirmed', a.id, yesterday);
  await subscriber('creator.subscriber.confirmed', a.id, today);
  await subscriber('creator.subscriber.confirmed', a.id, today);
  await subscriber('creator.subscriber.removed', a.id, today);
  await subscriber('creator.subscriber.confirmed', b.id, today);

  for (const creator of [a.slug, a.slug, b.slug, undefined, 'nobody-has-this-slug']) {
    const searchId = randomUUID().replace(/-/g, '');
    await publishOn(world, today, 'catalog.search.created', searchId, { searchId, ...(creator ? { creator } : {}) });
  }

  // A's booking paid in dollars, cancelled, three quarters refunded; a booking in euros; a cart given up.
  await itineraryEvents(world, a.slug, {
    rooms: 2,
    paid: usd(200_00),
    commission: usd(30_00),
    cancelled: true,
    reversed: usd(22_50),
  })();
  await itineraryEvents(world, a.slug, { rooms: 1, paid: eur(100_00), commission: eur(15_00) })();
  await itineraryEvents(world, a.slug, { rooms: 1, cancelled: true })();
  // B's booking, three rooms; and itineraries nobody gets: none attributed, a slug nobody has.
  await itineraryEvents(world, b.slug, { rooms: 3, paid: usd(50_00), commission: usd(7_50) })();
  await itineraryEvents(world, undefined, { rooms: 1, paid: usd(80_00) })();
  await itineraryEvents(world, 'nobody-has-this-slug', { rooms: 1, paid: usd(90_00), commission: usd(13_50) })();

  const aYesterday = { ...zeros(), pageViews: 1, uniqueVisitors: 1, subscribers: 1 };
  const aToday: CreatorCounters = {
    pageViews: 3,
    uniqueVisitors: 2,
    subscribers: 1,
    searches: 2,
    itinerariesStarted: 3,
    bookings: 2,
    cancellations: 1,
    grossBookingValue: { USD: 200_00, EUR: 100_00 },
    commission: { USD: 30_00, EUR: 15_00 },
    commissionReversed: { USD: 22_50 },
  };
  const bToday: CreatorCounters = {
    pageViews: 2,
    uniqueVisitors: 1,
    subscribers: 1,
    searches: 1,
    itinerariesStarted: 1,
    bookings: 1,
    cancellations: 0,
    grossBookingValue: { USD: 50_00 },
    commission: { USD: 7_50 },
    commissionReversed: {},
  };
  return {
    a: {
      days: [
        { day: yesterday, ...aYesterday },
        { day: today, ...aToday },
      ],
      totals: sum(aYesterday, aToday),
    },
    b: {
      days: [
        { day: yesterday, ...zeros() },
        { day: today, ...bToday },
      ],
      totals: bToday,
    },
  };
}

function sum(x: CreatorCounters, y: CreatorCounters): CreatorCounters {
  const total = zeros();
  for (const key of Object.keys(total) as (keyof CreatorCounters)[]) {
    const [p, q] = [x[key], y[key]];
    if (typeof p === 'number' && typeof q === 'number') (total[key] as number) = p + q;
    else {
      const amounts: Record<string, number> = { ...(p as Record<string, number>) };
      for (const [currency, amount] of Object.entries(q as Record<string, number>))
        amounts[currency] = (amounts[currency] ?? 0) + amount;
      (total[key] as Record<string, number>) = amounts;
    }
  }
  return total;
}
