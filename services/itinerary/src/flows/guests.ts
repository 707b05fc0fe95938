// Guest details (docs/booking.md): the lead guest and one name per room, and the contact page's patch of the
// lead guest and the title. The owner's only; neither changes the revision.
import type { AuthUser, SetGuestDetailsBody, UpdateCustomerDataBody } from '@travelclub/contracts';
import { setGuestDetails, updateCustomerData } from '../domain/guests.js';
import type { ItineraryRecord } from '../domain/itinerary.js';
import type { ItineraryAccess } from './access.js';

export function guestFlows({ access }: { access: ItineraryAccess }) {
  const { owned, mutateOrMissing } = access;
  return {
    async setGuestDetails(id: string, body: SetGuestDetailsBody, user: AuthUser): Promise<ItineraryRecord> {
      const record = await owned(id, user);
      const result = await mutateOrMissing(
        id,
        (current) => ({ record: setGuestDetails(current, body.leadGuest, body.rooms, new Date()) }),
        record,
      );
      return result.record;
    },

    async updateCustomerData(id: string, body: UpdateCustomerDataBody, user: AuthUser): Promise<ItineraryRecord> {
      const record = await owned(id, user);
      const result = await mutateOrMissing(
        id,
        (current) => ({ record: updateCustomerData(current, body, new Date()) }),
        record,
      );
      return result.record;
    },
  };
}
export type GuestFlows = ReturnType<typeof guestFlows>;
