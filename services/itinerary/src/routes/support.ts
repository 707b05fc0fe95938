// The support desk's routes (/api/v1/support/itineraries*, role/support: the kit refuses anyone else from the
// endpoint definitions): thin handlers over the support flows.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import { supportSummary } from '../domain/support.js';
import type { SupportFlows } from '../flows/support.js';

type Endpoints = Pick<typeof endpoints.itinerary, 'supportListItineraries' | 'supportReadItinerary'>;

export function supportRoutes(support: SupportFlows): Handlers<Endpoints> {
  return {
    supportListItineraries: async ({ query, user }) => {
      const { total, records } = await support.list(user, query);
      return { items: records.map(supportSummary), page: query.page, pageSize: query.pageSize, total };
    },

    supportReadItinerary: ({ params, user }) => support.read(user, params.id),
  };
}
