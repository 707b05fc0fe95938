// Hotels to recommend: the best of a destination, or, for a traveller, the best near what they liked;
// without likes, the most popular hotels, one per destination so the list travels.
import type { HotelSummary } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import type { CatalogParts } from './parts.js';

type Basis = 'destination' | 'likes' | 'popular';
type Recommended = { basis: Basis; hotels: HotelSummary[] };

export function recommendationFlows({ index, likes, searcher }: Pick<CatalogParts, 'index' | 'likes' | 'searcher'>) {
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

  function forDestination(destinationId: string, take: number): Recommended {
    const listed = index().hotelsOf(destinationId);
    if (!listed) throw appError('destination-not-found');
    return { basis: 'destination', hotels: summaries(listed.slice(0, take)) };
  }

  async function forTraveller(userId: string | undefined, take: number): Promise<Recommended> {
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
  }

  return {
    forDestination,
    forTraveller,
    /** A destination's best when one is named, else the traveller's (anyone's without a token). */
    recommend: (destination: string | undefined, userId: string | undefined, take: number) =>
      destination ? forDestination(destination, take) : forTraveller(userId, take),
  };
}
export type RecommendationFlows = ReturnType<typeof recommendationFlows>;
