// The traveller's itineraries: a new one (USD unless chosen), theirs newest first, the open cart, and one
// itinerary its owner or support staff may see.
import { randomUUID } from 'node:crypto';
import type { AuthUser, CreateItineraryBody } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { newItinerary, type ItineraryRecord } from '../domain/itinerary.js';
import type { ItineraryStore } from '../store/itineraries.js';
import type { ItineraryAccess } from './access.js';

export function itineraryFlows({ store, access }: { store: ItineraryStore; access: ItineraryAccess }) {
  return {
    async create(user: AuthUser, body: CreateItineraryBody): Promise<ItineraryRecord> {
      return store.create(newItinerary(randomUUID(), user.id, body, new Date()));
    },

    list: (user: AuthUser, take: number, skip: number) => store.listOf(user.id, take, skip),

    async latest(user: AuthUser): Promise<ItineraryRecord> {
      const record = await store.latestOpen(user.id);
      if (!record) throw appError('itinerary-not-found');
      return record;
    },

    read: (id: string, user: AuthUser) => access.visible(id, user, 'read'),
  };
}
export type ItineraryFlows = ReturnType<typeof itineraryFlows>;
