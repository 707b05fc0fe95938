// Every service's endpoints, one file a service (docs/architecture.md, "Endpoints").
import type { Endpoint } from '../endpoint.js';
import { authEndpoints } from './auth.js';
import { billingEndpoints } from './billing.js';
import { catalogEndpoints } from './catalog.js';
import { creatorProfileEndpoints } from './creator.js';
import { itineraryEndpoints } from './itinerary.js';

/** Each service's endpoint definitions by name. */
export const endpoints = {
  auth: authEndpoints,
  billing: billingEndpoints,
  catalog: catalogEndpoints,
  creator: { ...creatorProfileEndpoints },
  itinerary: itineraryEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

/** Every endpoint of every service, as a list. */
export function allEndpoints(): Endpoint[] {
  const groups: Record<string, Record<string, Endpoint>> = endpoints;
  return Object.values(groups).flatMap((group) => Object.values(group));
}
