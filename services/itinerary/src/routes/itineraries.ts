// The cart (/api/v1/itinerary/*): thin handlers over the flows, each answering the itinerary in the
// contracts' shape. Who may call them, and the cart's "Token not found", are in the endpoint definitions.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import { itineraryView } from '../domain/itinerary.js';
import type { BookingFlows } from '../flows/index.js';

type Endpoints = Omit<typeof endpoints.itinerary, 'supportListItineraries' | 'supportReadItinerary'>;

export function travellerRoutes(flows: BookingFlows): Handlers<Endpoints> {
  const { itineraries, cart, guests, checkout, cancellation, packages } = flows;
  return {
    createItinerary: async ({ body, user }) => itineraryView(await itineraries.create(user, body ?? {})),

    listItineraries: async ({ query: { take, skip }, user }) => {
      const { total, records } = await itineraries.list(user, take, skip);
      return { total, take, skip, itineraries: records.map(itineraryView) };
    },

    latestItinerary: async ({ user }) => itineraryView(await itineraries.latest(user)),

    readItinerary: async ({ params, user }) => itineraryView(await itineraries.read(params.id, user)),

    fromTravelPackage: async ({ params, body, user, ctx }) =>
      itineraryView(await packages.book(user, params.id, body, ctx)),

    addHotel: async ({ params, body, user, ctx }) => itineraryView(await cart.addHotel(params.id, body, { user, ctx })),

    updateHotel: async ({ params, body, user, ctx }) =>
      itineraryView(await cart.updateHotel(params.id, body, { user, ctx })),

    removeHotel: async ({ params, body, user, ctx }) =>
      itineraryView(await cart.removeHotel(params.id, body, { user, ctx })),

    setGuestDetails: async ({ params, body, user }) =>
      itineraryView(await guests.setGuestDetails(params.id, body, user)),

    updateCustomerData: async ({ params, body, user }) =>
      itineraryView(await guests.updateCustomerData(params.id, body, user)),

    preCheck: ({ params, user, ctx }) => checkout.preCheck(params.id, { user, ctx }),

    createInvoice: async ({ params, user, ctx }) =>
      itineraryView(await checkout.createInvoice(params.id, { user, ctx })),

    cancellationTerms: ({ params, user }) => cancellation.cancellationTerms(params.id, user),

    // Staff's note is kept as the reason of their cancel (the owner's is not kept: theirs needs none).
    cancelItinerary: async ({ params, body, user, ctx }) =>
      itineraryView(await cancellation.cancel(params.id, { user, ctx }, body?.note)),
  };
}
