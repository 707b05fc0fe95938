// Every route handler of the catalog, by endpoint name (contracts' `endpoints.catalog`).
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { CatalogFlows } from '../flows/index.js';
import { destinationRoutes } from './destinations.js';
import { holdRoutes } from './holds.js';
import { hotelRoutes } from './hotels.js';
import { imageRoutes } from './images.js';
import { recommendationRoutes } from './recommendations.js';
import { searchRoutes } from './searches.js';

export function catalogRoutes(flows: CatalogFlows): Handlers<typeof endpoints.catalog> {
  return {
    ...hotelRoutes(flows),
    ...recommendationRoutes(flows),
    ...searchRoutes(flows),
    ...destinationRoutes(flows),
    ...holdRoutes(flows),
    ...imageRoutes(flows),
  };
}
