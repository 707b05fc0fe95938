// The checkout's and trips' client data: an itinerary and an invoice, read with TanStack Query through the
// browser API module (loaded on demand). How a refusal reads is lib/api-errors.ts.
import { useQuery } from '@tanstack/react-query';
import type { Invoice, Itinerary } from '@travelclub/contracts';
import { retryHiccup } from '~/lib/api-errors';
import { loadApi, useSession } from '~/lib/session';

export const itineraryKey = (id: string) => ['itinerary', id] as const;
export const invoiceKey = (id: string) => ['invoice', id] as const;
export const tripsKey = ['itineraries'] as const;

type Poll<T> = (data: T | undefined) => number | false;

export function useItinerary(id: string, poll?: Poll<Itinerary>) {
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: itineraryKey(id),
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return api.call(api.endpoints.itinerary.readItinerary, { params: { id } }, { signal });
    },
    enabled: isAuthenticated,
    retry: retryHiccup,
    ...(poll ? { refetchInterval: (query: { state: { data?: Itinerary } }) => poll(query.state.data) } : {}),
  });
}

export function useInvoice(invoiceId: string | undefined, poll?: Poll<Invoice>) {
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: invoiceKey(invoiceId ?? ''),
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return api.call(api.endpoints.billing.invoice, { params: { id: invoiceId! } }, { signal });
    },
    enabled: isAuthenticated && Boolean(invoiceId),
    retry: retryHiccup,
    ...(poll
      ? { refetchInterval: (query: { state: { data?: Invoice } }) => poll(query.state.data), staleTime: 0 }
      : {}),
  });
}
