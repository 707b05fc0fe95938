// The explore tab on the server: the club (its address rules: here an unknown slug is a 404 'Profile not found')
// and the catalog's recommended hotels for the creator, theirs first (`GET /hotel/recommended?creator=`). The
// list is a bonus: when the catalog does not answer, the tab still offers the creator's places and the search.
import { endpoints, type HotelSummary } from '@travelclub/contracts';
import { serverCall } from '~/lib/api.server';
import { requireClub } from './load.server';

/** Hotels the tab lists. */
export const EXPLORE_TAKE = 12;

export interface ExploreData {
  /** The creator's own recommended hotels, in their order. */
  picked: HotelSummary[];
  /** What travellers like besides. */
  more: HotelSummary[];
}

async function recommendedFor(request: Request, slug: string): Promise<ExploreData> {
  try {
    const answer = await serverCall(request, endpoints.catalog.recommended, {
      query: { creator: slug, take: EXPLORE_TAKE },
    });
    const theirs = answer.fromCreator ?? 0;
    return { picked: answer.hotels.slice(0, theirs), more: answer.hotels.slice(theirs) };
  } catch {
    return { picked: [], more: [] };
  }
}

export async function loadExplore(request: Request, slug: string): Promise<ExploreData> {
  const [, hotels] = await Promise.all([requireClub(request, slug), recommendedFor(request, slug)]);
  return hotels;
}
