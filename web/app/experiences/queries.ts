// The experiences pages' client data: one package (the editor), the creator's written guides, a hotel's room
// types, and the calls that change packages. All read in the browser through the API module (loaded on
// demand); package changes refresh the dashboard's package list (`creatorKeys.packages`) too.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Guide, HotelView, TravelPackage, TravelPackageBody } from '@travelclub/contracts';
import { retryHiccup } from '~/lib/api-errors';
import { creatorKeys } from '~/dashboard/queries';
import { loadApi, useSession } from '~/lib/session';

export const experienceKeys = {
  package: (id: string) => ['creator', 'package', id] as const,
  guides: ['creator', 'guides'] as const,
  hotel: (id: string) => ['catalog', 'hotel', id] as const,
};

export function usePackage(id: string | undefined) {
  const { isCreator } = useSession();
  return useQuery<TravelPackage>({
    queryKey: experienceKeys.package(id ?? ''),
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return api.call(api.endpoints.creator.readPackage, { params: { id: id! } }, { signal });
    },
    enabled: isCreator && Boolean(id),
    retry: retryHiccup,
    // The editor starts from what it loaded; a refetch behind it would not change the form anyway.
    refetchOnWindowFocus: false,
  });
}

export function useMyGuides() {
  const { isCreator } = useSession();
  return useQuery<Guide[]>({
    queryKey: experienceKeys.guides,
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return (await api.call(api.endpoints.creator.myGuides, { query: { take: 100, skip: 0 } }, { signal })).guides;
    },
    enabled: isCreator,
    retry: retryHiccup,
  });
}

/** A hotel of the catalog with its room types (the hotel page's answer, without rates). */
export function useHotel(hotelId: string | undefined) {
  return useQuery<HotelView>({
    queryKey: experienceKeys.hotel(hotelId ?? ''),
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return api.call(api.endpoints.catalog.hotel, { params: { id: hotelId! } }, { signal });
    },
    enabled: Boolean(hotelId),
    retry: retryHiccup,
    staleTime: 10 * 60_000,
  });
}

/** Keeps what the API answered for a package, and has the lists read again. */
export function rememberPackage(client: QueryClient, pkg: TravelPackage) {
  client.setQueryData(experienceKeys.package(pkg.id), pkg);
  void client.invalidateQueries({ queryKey: creatorKeys.packages });
}

export async function savePackage(body: TravelPackageBody): Promise<TravelPackage> {
  const api = await loadApi();
  return api.call(api.endpoints.creator.savePackage, { body });
}

export async function togglePackage(id: string, isActive: boolean): Promise<TravelPackage> {
  const api = await loadApi();
  return api.call(api.endpoints.creator.togglePackage, { params: { id }, body: { isActive } });
}
