// The stays editor's client data: the creator's recommendation of one hotel (found in their list, then read
// fresh) and the catalog's name of that hotel. Read in the browser: a creator's own data is never on the server.
import { useQuery } from '@tanstack/react-query';
import type { HotelView, RecommendationView } from '@travelclub/contracts';
import { retryHiccup } from '~/lib/api-errors';
import { useMyRecommendations } from '~/dashboard/queries';
import { loadApi, useSession } from '~/lib/session';

/**
 * The creator's recommendation of a hotel: its id comes from their list (the page's address names the hotel),
 * then the recommendation itself is read, so an edit starts from what is stored now. `null`: not one of theirs.
 */
export function useMyRecommendationOf(hotelId: string) {
  const { isCreator } = useSession();
  const mine = useMyRecommendations();
  const entry = mine.data?.find((r) => r.hotelId === hotelId);
  const fresh = useQuery<RecommendationView>({
    queryKey: ['creator', 'recommendation', hotelId, entry?.id],
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      const params = { id: hotelId, recommendationId: entry!.id };
      return api.call(api.endpoints.creator.readRecommendation, { params }, { signal });
    },
    enabled: isCreator && Boolean(entry),
    retry: retryHiccup,
    staleTime: 0,
  });
  return {
    list: mine,
    recommendation: mine.data && !entry ? null : fresh.data,
    error: mine.error ?? fresh.error,
    retry: () => void (mine.isError ? mine.refetch() : fresh.refetch()),
  };
}

/** The catalog's hotel, for its name and address. */
export function useCatalogHotel(hotelId: string) {
  return useQuery<HotelView>({
    queryKey: ['catalog', 'hotel', hotelId],
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return api.call(api.endpoints.catalog.hotel, { params: { id: hotelId } }, { signal });
    },
    retry: retryHiccup,
    staleTime: 5 * 60_000,
  });
}
