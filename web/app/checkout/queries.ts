// The checkout's and trips' client data: an itinerary and an invoice, read with TanStack Query through the
// browser API module (loaded on demand), and how a refusal reads to the traveller. No value of the contracts
// is imported here: `ApiError` lives in the API module, so refusals are recognised by their status.
import { useQuery } from '@tanstack/react-query';
import type { Invoice, Itinerary } from '@travelclub/contracts';
import { loadApi, useSession } from '~/lib/session';

export const itineraryKey = (id: string) => ['itinerary', id] as const;
export const invoiceKey = (id: string) => ['invoice', id] as const;
export const tripsKey = ['itineraries'] as const;

/** The HTTP status of a refusal (0: no answer came), undefined for anything that is not an API error. */
export function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The catalogue code of a refusal ('card-declined', 'hold-expired', ...). */
export function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export const isNotFound = (err: unknown) => statusOf(err) === 404;
/** No token, or one nobody could renew: the visitor must sign in. */
export const isSignedOut = (err: unknown) => statusOf(err) === 401;

const OFFLINE = 'We could not reach TravelClub. Check your connection and try again.';
const UNEXPECTED = 'An unexpected error occurred, please try again later.';

/** What to tell the traveller: the API's own message (it carries the spec's text), or a plain fallback. */
export function messageOf(err: unknown): string {
  const status = statusOf(err);
  if (status === 0) return OFFLINE;
  if (status !== undefined && err instanceof Error && err.message) return err.message;
  return UNEXPECTED;
}

/** A refusal (4xx) is an answer, not a hiccup: asking again would only repeat it. */
const retryOnce = (failures: number, err: unknown) => {
  const status = statusOf(err);
  return failures < 1 && (status === undefined || status === 0 || status >= 500);
};

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
    retry: retryOnce,
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
    retry: retryOnce,
    ...(poll
      ? { refetchInterval: (query: { state: { data?: Invoice } }) => poll(query.state.data), staleTime: 0 }
      : {}),
  });
}
