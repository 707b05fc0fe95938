// Hotels to recommend: the best of a destination, or, for a traveller, the best near what they liked;
// without likes, the most popular hotels, one per destination so the list travels. On a creator's pages the
// creator's own active recommendations come first, in their order, and the usual list fills the rest.
import type { HotelSummary } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import type { CatalogIndex, IndexedHotel } from '../search/catalog-index.js';
import type { PickChange } from '../store/creator-picks.js';
import type { LikeStore } from '../store/likes.js';
import type { CatalogParts } from './parts.js';

type Basis = 'destination' | 'likes' | 'popular';
type Recommended = { basis: Basis; fromCreator?: number; hotels: HotelSummary[] };
/** A ranked list of `take` hotels at most, none of those in `skip` (the creator's, already listed). */
type Ranked = { basis: Basis; hotels: IndexedHotel[] };
type Like = Awaited<ReturnType<LikeStore['of']>>[number];

/** The first `take` hotels of `ordinals` that `keep` keeps. */
function firstOf(
  index: CatalogIndex,
  ordinals: readonly number[],
  take: number,
  keep: (hotel: IndexedHotel) => boolean,
) {
  const picked: IndexedHotel[] = [];
  for (const ordinal of ordinals) {
    if (picked.length >= take) break;
    const hotel = index.hotels[ordinal]!;
    if (keep(hotel)) picked.push(hotel);
  }
  return picked;
}

function popular(index: CatalogIndex, take: number, skip: ReadonlySet<string>): IndexedHotel[] {
  const seen = new Set<string>();
  return firstOf(index, index.popular, take, (hotel) => {
    if (seen.has(hotel.destinationId) || skip.has(hotel._id)) return false;
    seen.add(hotel.destinationId);
    return true;
  });
}

function bestOf(index: CatalogIndex, destinationId: string, take: number, skip: ReadonlySet<string>): Ranked {
  const listed = index.hotelsOf(destinationId);
  if (!listed) throw appError('destination-not-found');
  return { basis: 'destination', hotels: firstOf(index, listed, take, (hotel) => !skip.has(hotel._id)) };
}

/** The best near the traveller's likes (never a liked hotel itself); without likes, the most popular. */
function nearLikes(index: CatalogIndex, liked: Like[], take: number, skip: ReadonlySet<string>): Ranked {
  const likedHotels = new Set(liked.filter((l) => l.locationType === 'hotel').map((l) => l.destinationId.slice(6)));
  // Where the traveller's likes point: the liked places themselves, and the cities of liked hotels.
  const places = [
    ...new Set(
      liked.map((l) =>
        l.locationType === 'hotel' ? index.hotel(l.destinationId.slice(6))?.destinationId : l.destinationId,
      ),
    ),
  ].filter((p): p is string => p !== undefined);
  const lists = places.map((p) => index.hotelsOf(p) ?? []);
  const picked: IndexedHotel[] = [];
  const seen = new Set<number>();
  // Round robin over the liked places, best first in each, so one big city does not fill the list.
  for (let depth = 0; picked.length < take && lists.some((l) => depth < l.length); depth++)
    for (const list of lists) {
      const ordinal = list[depth];
      if (ordinal === undefined || seen.has(ordinal)) continue;
      const hotel = index.hotels[ordinal]!;
      if (likedHotels.has(hotel._id) || skip.has(hotel._id)) continue;
      seen.add(ordinal);
      picked.push(hotel);
      if (picked.length === take) break;
    }
  // A creator's hotels may fill the whole list: the basis still says what the rest would have been.
  if (picked.length || (take === 0 && lists.length)) return { basis: 'likes', hotels: picked };
  return { basis: 'popular', hotels: popular(index, take, skip) };
}

export function recommendationFlows({
  index,
  likes,
  picks,
  searcher,
}: Pick<CatalogParts, 'index' | 'likes' | 'picks' | 'searcher'>) {
  /** The creator's active recommended hotels the catalog has, in their order, then the usual list without them. */
  async function withCreator(
    creator: string | undefined,
    take: number,
    usual: (take: number, skip: ReadonlySet<string>) => Ranked | Promise<Ranked>,
  ): Promise<Recommended> {
    const theirs = creator
      ? (await picks.activeBySlug(creator))
          .map((id) => index().hotel(id))
          .filter((hotel): hotel is IndexedHotel => hotel !== undefined)
          .slice(0, take)
      : [];
    const rest = await usual(take - theirs.length, new Set(theirs.map((hotel) => hotel._id)));
    return {
      basis: rest.basis,
      ...(creator ? { fromCreator: theirs.length } : {}),
      hotels: [...theirs, ...rest.hotels].map((hotel) => searcher.summary(hotel)),
    };
  }

  const forTraveller = (userId: string | undefined, take: number, creator?: string) =>
    withCreator(creator, take, async (rest, skip) =>
      nearLikes(index(), userId ? await likes.of(userId) : [], rest, skip),
    );

  return {
    forTraveller,
    /** A creator's change to one of their picks (creator.recommendation.changed), kept unless a later one was. */
    pickChanged: (change: PickChange, at: string) => picks.change(change, at),
    /** A slug a creator goes by (creator.profile.updated), so their picks are found under it. */
    creatorKnown: (userId: string, slug: string) => picks.know(userId, slug),
    /** A destination's best when one is named, else the traveller's (anyone's without a token). */
    recommend: (destination: string | undefined, userId: string | undefined, take: number, creator?: string) =>
      destination
        ? withCreator(creator, take, (rest, skip) => bestOf(index(), destination, rest, skip))
        : forTraveller(userId, take, creator),
  };
}
export type RecommendationFlows = ReturnType<typeof recommendationFlows>;
