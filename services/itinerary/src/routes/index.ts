// Every route handler of the itinerary service, by endpoint name (contracts' `endpoints.itinerary`): the
// traveller's itineraries and cart, and the support desk.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { BookingFlows } from '../flows/index.js';
import { travellerRoutes } from './itineraries.js';
import { supportRoutes } from './support.js';

export function itineraryRoutes(flows: BookingFlows): Handlers<typeof endpoints.itinerary> {
  return {
    ...travellerRoutes(flows),
    ...supportRoutes(flows.support),
  };
}
