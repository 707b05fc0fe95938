// Creators' counters and travellers' likes (docs/creator.md, "Analytics"): what each event adds to a creator's
// day (the counting consumer, live or rebuilding, calls `counterWriter`), a creator's own series with every day
// present, and a traveller's likes from this service's copy.
import type { CreatorCountersAnswer, CreatorCountersQuery, EventOf, LikesAnswer } from '@travelclub/contracts';
import { countersRange, daysBetween, dayOf, seriesOf, type CounterChange } from '../domain/analytics.js';
import type { AnalyticsStore, ItineraryStep } from '../store/analytics.js';
import type { LikeStore } from '../store/likes.js';

/** The account behind a slug a creator has or had, or null. */
export type SlugOwner = (slug: string) => Promise<string | null>;

/** At most this many slugs' owners are remembered; past it the memory starts again. */
const OWNER_CACHE = 10_000;

/**
 * `slugOwner` with a memory: a slug never changes hands (the history keeps it), so an owner found once is the
 * owner for good. A slug without one is asked again next time (it may be claimed since).
 */
export function rememberedOwners(slugOwner: SlugOwner): SlugOwner {
  const owners = new Map<string, string>();
  return async (slug) => {
    const known = owners.get(slug);
    if (known) return known;
    const owner = await slugOwner(slug);
    if (owner) {
      if (owners.size >= OWNER_CACHE) owners.clear();
      owners.set(slug, owner);
    }
    return owner;
  };
}

const STEP_COUNT = { started: 'itinerariesStarted', confirmed: 'bookings', cancelled: 'cancellations' } as const;

type ItineraryEvent = EventOf<'itinerary.room.added' | 'itinerary.confirmed' | 'itinerary.cancelled'>;

/** How many counts a writer adds to one day before it lets go of the ids its consumer has recorded since. */
const SETTLE_EVERY = 50;
/** At most this many days' write counts are remembered; past it the memory starts again. */
const SETTLE_MEMORY = 10_000;

/**
 * What each event adds to one generation of the counters, on the UTC day it happened (a view: the day its
 * visitor was counted in). An event naming a slug nobody ever had is left out. Each count is made once per event
 * id, however often the event comes (store `add`); `settleBy` names the consumer whose records let the days'
 * guarded ids go.
 */
export function counterWriter(store: AnalyticsStore, ownerOf: SlugOwner, generation: number) {
  let consumer: string | undefined;
  const writes = new Map<string, number>();
  /** Every SETTLE_EVERY counts into a day, the ids its consumer has recorded leave it (never one it has not). */
  const settleNow = async (creatorId: string, day: string) => {
    if (!consumer) return;
    const key = `${creatorId}|${day}`;
    const count = (writes.get(key) ?? 0) + 1;
    if (count < SETTLE_EVERY) {
      if (writes.size >= SETTLE_MEMORY) writes.clear();
      writes.set(key, count);
      return;
    }
    writes.delete(key);
    await store.settle(generation, creatorId, day, consumer);
  };
  const addOn = async (creatorId: string, day: string, change: CounterChange, eventId: string) => {
    if (await store.add(generation, creatorId, day, change, eventId)) await settleNow(creatorId, day);
  };
  const add = (creatorId: string, { id, occurredAt }: { id: string; occurredAt: string }, change: CounterChange) =>
    addOn(creatorId, dayOf(occurredAt), change, id);
  const owner = (slug: string | undefined) => (slug ? ownerOf(slug) : Promise.resolve(null));

  return {
    /** The consumer (its group, prefix included) that hands this writer its events. */
    settleBy(name: string) {
      consumer = name;
    },

    async viewed({ id, payload }: EventOf<'creator.club.viewed'>) {
      const counts = { pageViews: 1, ...(payload.newVisitor ? { uniqueVisitors: 1 } : {}) };
      await addOn(payload.creatorId, payload.day, { counts }, id);
    },

    /** +1 on a confirmed subscriber, −1 on one that left. */
    async subscriber(event: EventOf<'creator.subscriber.confirmed' | 'creator.subscriber.removed'>) {
      const subscribers = event.type === 'creator.subscriber.confirmed' ? 1 : -1;
      await add(event.payload.creatorId, event, { counts: { subscribers } });
    },

    async searched(event: EventOf<'catalog.search.created'>) {
      const creatorId = await owner(event.payload.creator);
      if (creatorId) await add(creatorId, event, { counts: { searches: 1 } });
    },

    /**
     * An attributed itinerary's first room (started), its confirmation (a booking) and the cancellation of a
     * confirmed one, each counted once per itinerary.
     */
    async itinerary(event: ItineraryEvent, step: ItineraryStep) {
      const creatorId = await owner(event.payload.creator);
      if (!creatorId) return;
      if (await store.takeStep(generation, event.payload.itineraryId, creatorId, step, event.id))
        await add(creatorId, event, { counts: { [STEP_COUNT[step]]: 1 } });
    },

    /** What the traveller paid, and what the creator earns on it (billing's commission ledger). */
    async paid(event: EventOf<'billing.invoice.paid'>) {
      const { payload } = event;
      const creatorId = await owner(payload.creator);
      if (!creatorId) return;
      const commission = payload.commission ? { commission: payload.commission } : {};
      await add(creatorId, event, { amounts: { grossBookingValue: payload.amount, ...commission } });
    },

    async refunded(event: EventOf<'billing.refund.issued'>) {
      const { payload } = event;
      const creatorId = await owner(payload.creator);
      if (creatorId && payload.commissionReversed)
        await add(creatorId, event, { amounts: { commissionReversed: payload.commissionReversed } });
    },
  };
}
export type CounterWriter = ReturnType<typeof counterWriter>;

export function analyticsFlows({ store, likes }: { store: AnalyticsStore; likes: LikeStore }) {
  return {
    /** The caller's own counters over a range (default the last 30 days), from the generation read now. */
    async countersOf(userId: string, query: CreatorCountersQuery, now = new Date()): Promise<CreatorCountersAnswer> {
      const range = countersRange(query, now);
      const { generation } = await store.state();
      return seriesOf(await store.read(generation, userId, daysBetween(range.from, range.to)), range);
    },

    /** A like from the catalog's events; `hotel-<id>` is a hotel's, whichever event named it. */
    async liked(
      userId: string,
      destinationId: string,
      locationType: 'city' | 'country' | 'hotel',
      liked: boolean,
      at: string,
    ) {
      await likes.set({ userId, destinationId, locationType, liked, at: new Date(at) });
    },

    async likesOf(userId: string): Promise<LikesAnswer> {
      const answer: LikesAnswer = { hotels: [], destinations: [] };
      for (const like of await likes.on(userId)) {
        const at = like.at.toISOString();
        if (like.destinationId.startsWith('hotel-')) answer.hotels.push({ hotelId: like.destinationId.slice(6), at });
        else answer.destinations.push({ destinationId: like.destinationId, locationType: like.locationType, at });
      }
      return answer;
    },
  };
}
export type AnalyticsFlows = ReturnType<typeof analyticsFlows>;
