// The experiences pages' client data: one package (the editor), the creator's written guides, a hotel's room
// types, and the calls that change packages. All read in the browser through the API module (loaded on
// demand); package changes refresh the dashboard's package list (`myPackagesQuery`) too.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TravelPackage, TravelPackageBody } from '@travelclub/contracts';
import { hotelQuery, myGuidesQuery, myPackagesQuery, packageQuery } from '~/lib/queries';
import { loadApi, useSession } from '~/lib/session';

export function usePackage(id: string | undefined) {
  const { isCreator } = useSession();
  return useQuery({
    ...packageQuery(id ?? ''),
    enabled: isCreator && Boolean(id),
    // The editor starts from what it loaded; a refetch behind it would not change the form anyway.
    refetchOnWindowFocus: false,
  });
}

export function useMyGuides() {
  const { isCreator } = useSession();
  return useQuery({ ...myGuidesQuery(), enabled: isCreator });
}

/** A hotel of the catalog with its room types (the hotel page's answer, without rates). */
export function useHotel(hotelId: string | undefined) {
  return useQuery({ ...hotelQuery(hotelId ?? ''), enabled: Boolean(hotelId), staleTime: 10 * 60_000 });
}

/** Keeps what the API answered for a package, and has the lists read again. */
export function rememberPackage(client: QueryClient, pkg: TravelPackage) {
  client.setQueryData(packageQuery(pkg.id).queryKey, pkg);
  void client.invalidateQueries({ queryKey: myPackagesQuery().queryKey });
}

export async function savePackage(body: TravelPackageBody): Promise<TravelPackage> {
  const api = await loadApi();
  return api.call(api.endpoints.creator.savePackage, { body });
}

export async function togglePackage(id: string, isActive: boolean): Promise<TravelPackage> {
  const api = await loadApi();
  return api.call(api.endpoints.creator.togglePackage, { params: { id }, body: { isActive } });
}
