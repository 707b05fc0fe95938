// The stays editor's client data: the creator's recommendation of one hotel (found in their list, then read
// fresh) and the catalog's name of that hotel. Read in the browser: a creator's own data is never on the server.
import { useQuery } from '@tanstack/react-query';
import { useMyRecommendations } from '~/dashboard/queries';
import { hotelQuery, recommendationQuery } from '~/lib/queries';
import { useSession } from '~/lib/session';

/**
 * The creator's recommendation of a hotel: its id comes from their list (the page's address names the hotel),
 * then the recommendation itself is read, so an edit starts from what is stored now. `null`: not one of theirs.
 */
export function useMyRecommendationOf(hotelId: string) {
  const { isCreator } = useSession();
  const mine = useMyRecommendations();
  const entry = mine.data?.find((r) => r.hotelId === hotelId);
  const fresh = useQuery({
    ...recommendationQuery(hotelId, entry?.id ?? ''),
    enabled: isCreator && Boolean(entry),
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
  return useQuery({ ...hotelQuery(hotelId), staleTime: 5 * 60_000 });
}
