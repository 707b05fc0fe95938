// The checkout's and trips' client data: an itinerary and an invoice, read with TanStack Query through the
// factories of lib/queries.ts, polled while a page waits for them to change. How a refusal reads is
// lib/api-errors.ts.
import { useQuery } from '@tanstack/react-query';
import type { Invoice, Itinerary } from '@travelclub/contracts';
import { invoiceQuery, itineraryQuery } from '~/lib/queries';
import { useSession } from '~/lib/session';

type Poll<T> = (data: T | undefined) => number | false;

export function useItinerary(id: string, poll?: Poll<Itinerary>) {
  const { isAuthenticated } = useSession();
  return useQuery({
    ...itineraryQuery(id),
    enabled: isAuthenticated,
    ...(poll ? { refetchInterval: (query: { state: { data?: Itinerary } }) => poll(query.state.data) } : {}),
  });
}

export function useInvoice(invoiceId: string | undefined, poll?: Poll<Invoice>) {
  const { isAuthenticated } = useSession();
  return useQuery({
    ...invoiceQuery(invoiceId ?? ''),
    enabled: isAuthenticated && Boolean(invoiceId),
    ...(poll
      ? { refetchInterval: (query: { state: { data?: Invoice } }) => poll(query.state.data), staleTime: 0 }
      : {}),
  });
}
