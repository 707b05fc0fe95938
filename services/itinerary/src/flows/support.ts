// The support desk (the travelclub command line): support staff find itineraries and read one with what the
// service keeps beside it. Each read is recorded on the itinerary with the staff id, and logged, as the cart's
// own support reads are (access.ts); a search reads many, so it is logged only.
import type { AuthUser, SupportItineraryDetail, SupportItineraryListQuery } from '@travelclub/contracts';
import { appError, type Logger } from '@travelclub/kit';
import type { StaffAction } from '../domain/itinerary.js';
import { supportDetail } from '../domain/support.js';
import type { ItineraryStore } from '../store/itineraries.js';

export function supportFlows({ store, log }: { store: ItineraryStore; log: Logger }) {
  return {
    async list(staff: AuthUser, query: SupportItineraryListQuery) {
      const found = await store.search(query);
      // Which filters, not their values: the values are travellers' names and addresses.
      const filters = Object.keys(query).filter((key) => key !== 'page' && key !== 'pageSize');
      log.info({ staffId: staff.id, filters, total: found.total }, 'support staff listed itineraries');
      return found;
    },

    /** One itinerary by its id or its booking reference (what a traveller reads out on the phone). */
    async read(staff: AuthUser, idOrReference: string): Promise<SupportItineraryDetail> {
      const found = await store.withInvoices(idOrReference);
      if (!found) throw appError('itinerary-not-found');
      const id = found.record._id;
      const action: StaffAction = { at: new Date(), userId: staff.id, action: 'read' };
      await store.recordStaffAction(id, action);
      log.info({ staffId: staff.id, itineraryId: id, action: action.action }, 'support staff acted on an itinerary');
      const record = { ...found.record, staffActions: [...found.record.staffActions, action] };
      return supportDetail(record, found.invoiceIds);
    },
  };
}
export type SupportFlows = ReturnType<typeof supportFlows>;
