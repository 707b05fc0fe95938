// Destinations: autocomplete over cities, countries and hotels (from the index), and likes of them.
import type { LocationType } from '@travelclub/contracts';
import { appError, newEvent, type CausalContext } from '@travelclub/kit';
import { likeId } from '../store/likes.js';
import type { CatalogParts } from './parts.js';

interface DestinationLike {
  destinationId: string;
  locationType: LocationType;
  like: boolean;
}

export function destinationFlows({ index, likes }: Pick<CatalogParts, 'index' | 'likes'>) {
  return {
    /**
     * The autocomplete answer as JSON text (the route sends it as it is): the destinations' part is kept by the
     * index per normalized query, and only the query as typed is written per request.
     */
    autocompleteJson: (query: string, take: number) =>
      `{"query":${JSON.stringify(query)},"destinations":${index().suggestJson(query, take)}}`,

    /**
     * A like of the destination in the path, which the body must name, with its own kind; a change publishes
     * `catalog.destination.liked` (in the like's own write).
     */
    async like(
      userId: string,
      pathId: string,
      { destinationId, locationType, like }: DestinationLike,
      ctx: CausalContext,
    ) {
      if (destinationId !== pathId)
        throw appError('validation-failed', [
          { path: 'destinationId', message: 'Must be the destination in the path' },
        ]);
      const destination = index().destination(destinationId);
      if (!destination) throw appError('destination-not-found');
      if (destination.locationType !== locationType)
        throw appError('validation-failed', [
          { path: 'locationType', message: `This destination is a ${destination.locationType}` },
        ]);
      const at = new Date().toISOString();
      const payload = { userId, destinationId, locationType, liked: like, at };
      const event = newEvent('catalog.destination.liked', likeId(userId, destinationId), payload, ctx);
      await likes.set(userId, destinationId, locationType, like, event);
      return { destinationId, liked: like };
    },
  };
}
export type DestinationFlows = ReturnType<typeof destinationFlows>;
