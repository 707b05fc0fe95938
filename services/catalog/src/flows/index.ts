// Every flow of the service, made from its parts; routes, consumers and jobs get them as an argument.
import { destinationFlows } from './destinations.js';
import { HoldFlows } from './holds.js';
import { hotelFlows } from './hotels.js';
import { imageFlows } from './images.js';
import type { CatalogParts } from './parts.js';
import { recommendationFlows } from './recommendations.js';
import { searchFlows } from './searches.js';

export function catalogFlows(parts: CatalogParts) {
  const { config, painter, index } = parts;
  return {
    hotels: hotelFlows(parts),
    destinations: destinationFlows(parts),
    recommendations: recommendationFlows(parts),
    searches: searchFlows(parts),
    holds: new HoldFlows(parts),
    images: imageFlows({
      painter,
      // An image id starts with its hotel's id.
      exists: (publicId) => index().hotel(publicId.split('-')[0]!) !== undefined,
      maxRenders: config.IMAGE_RENDERS,
      maxWaitingRenders: config.IMAGE_RENDER_QUEUE,
    }),
  };
}
export type CatalogFlows = ReturnType<typeof catalogFlows>;
