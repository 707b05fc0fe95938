// Who may see and change an itinerary: its owner, or support staff for what staff may do (their reads are
// recorded on the itinerary); anyone else is told it does not exist.
import type { AuthUser } from '@travelclub/contracts';
import { appError, assertCanAccess, type CausalContext, type Logger } from '@travelclub/kit';
import type { ItineraryRecord } from '../domain/itinerary.js';
import type { ItineraryStore } from '../store/itineraries.js';

/** The signed-in traveller (or staff) a request acts for, and the request's ids. */
export interface Caller {
  user: AuthUser;
  ctx: CausalContext;
}

type Mutate = ItineraryStore['mutate'];

export function itineraryAccess({ store, log }: { store: ItineraryStore; log: Logger }) {
  /** The itinerary if the caller may reach it: its owner, or support staff. */
  async function reachable(id: string, user: AuthUser): Promise<ItineraryRecord> {
    const record = await store.get(id);
    if (!record) throw appError('itinerary-not-found');
    assertCanAccess(user, record.ownerId, 'itinerary-not-found');
    return record;
  }

  return {
    reachable,

    /** The itinerary if the caller may see it: its owner, or support staff (whose read is recorded). */
    async visible(id: string, user: AuthUser, action: string): Promise<ItineraryRecord> {
      const record = await reachable(id, user);
      if (user.id !== record.ownerId) {
        await store.recordStaffAction(id, { at: new Date(), userId: user.id, action });
        log.info({ staffId: user.id, itineraryId: id, action }, 'support staff acted on an itinerary');
      }
      return record;
    },

    /** Only the owner changes their cart: anyone else is told it does not exist. */
    async owned(id: string, user: AuthUser): Promise<ItineraryRecord> {
      const record = await store.get(id);
      if (!record || record.ownerId !== user.id) throw appError('itinerary-not-found');
      return record;
    },

    /** The store's change of an itinerary that must exist (`itinerary-not-found` otherwise). */
    async mutateOrMissing(...args: Parameters<Mutate>): Promise<NonNullable<Awaited<ReturnType<Mutate>>>> {
      const result = await store.mutate(...args);
      if (!result) throw appError('itinerary-not-found');
      return result;
    },
  };
}
export type ItineraryAccess = ReturnType<typeof itineraryAccess>;
