// Hotels to recommend: the best of a destination, or, for a traveller, the best near what they liked;
// without likes, the most popular hotels, one per destination so the list travels.
import type { HotelSummary } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import type { CatalogIndex } from './search/catalog-index.js';
import type { Searcher } from './search/searcher.js';
import type { LikeStore } from './store/likes.js';

type Basis = 'destination' | 'likes' | 'popular';

export type Recommender = ReturnType<typeof recommender>;

export function recommender(index: () => CatalogIndex, likes: LikeStore, searcher: Searcher) {
  const summaries = (ordinals: number[]) => ordinals.map((o) => searcher.summary(index().hotels[o]!));

  function popular(take: number): number[] {
    const seen = new Set<string>();
    const picked: number[] = [];
    for (const ordinal of index().popular) {
      const destination = index().hotels[ordinal]!.destinationId;
      if (seen.has(destination)) continue;
      seen.add(destination);
      picked.push(ordinal);
      if (picked.length === take) break;
    }
    return picked;
  }

  return {
    forDestination(destinationId: string, take: number): { basis: Basis; hotels: HotelSummary[] } {
      const listed = index().hotelsOf(destinationId);
      if (!listed) throw appError('destination-not-found');
      return { basis: 'destination', hotels: summaries(listed.slice(0, take)) };
    },

    async forTraveller(userId: string | undefined, take: number): Promise<{ basis: Basis; hotels: HotelSummary[] }> {
      const liked = userId ? await likes.of(userId) : [];
      const likedHotels = new Set(liked.filter((l) => l.locationType === 'hotel').map((l) => l.destinationId.slice(6)));
      // Where the traveller's likes point: the liked places themselves, and the cities of liked hotels.
      const places = [
        ...new Set(
          liked.map((l) =>
            l.locationType === 'hotel' ? index().hotel(l.destinationId.slice(6))?.destinationId : l.destinationId,
          ),
        ),
      ].filter((p): p is string => p !== undefined);
      const lists = places.map((p) => index().hotelsOf(p) ?? []);
      const picked: number[] = [];
      const seen = new Set<number>();
      // Round robin over the liked places, best first in each, so one big city does not fill the list.
      for (let depth = 0; picked.length < take && lists.some((l) => depth < l.length); depth++)
        for (const list of lists) {
          const ordinal = list[depth];
          if (ordinal === undefined || seen.has(ordinal) || likedHotels.has(index().hotels[ordinal]!._id)) continue;
          seen.add(ordinal);
          picked.push(ordinal);
          if (picked.length === take) break;
        }
      if (picked.length) return { basis: 'likes', hotels: summaries(picked) };
      return { basis: 'popular', hotels: summaries(popular(take)) };
    },
  };
}
