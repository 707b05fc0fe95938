// A creator's own figures, read in the browser (they are theirs alone): the club's counters per day for a
// range, and the payout view of billing. Both go through the browser API module, loaded on demand.
import { useQuery } from '@tanstack/react-query';
import { retryHiccup } from '~/lib/api-errors';
import { countersQuery } from '~/dashboard/queries';
import { loadApi, useSession } from '~/lib/session';
import type { DayRange } from './range';

export const payoutKey = ['myPayout'] as const;

/** The counters of `range`, in the dashboard's cache entry for it; nothing is asked while there is no valid range. */
export function useRangeCounters(range: DayRange | null) {
  const { isAuthenticated } = useSession();
  return useQuery({ ...countersQuery(range?.from ?? '', range?.to ?? ''), enabled: isAuthenticated && range !== null });
}

export function usePayout() {
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: payoutKey,
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return api.call(api.endpoints.billing.myPayout, {}, { signal });
    },
    enabled: isAuthenticated,
    retry: retryHiccup,
  });
}
