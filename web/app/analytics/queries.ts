// A creator's own figures, read in the browser (they are theirs alone): the club's counters per day for a
// range, and the payout view of billing. Both go through the browser API module, loaded on demand.
import { useQuery } from '@tanstack/react-query';
import { statusOf } from '~/checkout/queries';
import { loadApi, useSession } from '~/lib/session';
import type { DayRange } from './range';

export const countersKey = (range: DayRange) => ['creatorCounters', range.from, range.to] as const;
export const payoutKey = ['myPayout'] as const;

/** A refusal (4xx) is an answer: asking again would only repeat it. A hiccup is asked once more. */
const retryOnce = (failures: number, err: unknown) => {
  const status = statusOf(err);
  return failures < 1 && (status === undefined || status === 0 || status >= 500);
};

/** The counters of `range`; nothing is asked while there is no valid range. */
export function useCounters(range: DayRange | null) {
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: countersKey(range ?? { from: '', to: '' }),
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      const query = { from: range!.from, to: range!.to };
      return api.call(api.endpoints.creator.creatorCounters, { query }, { signal });
    },
    enabled: isAuthenticated && range !== null,
    retry: retryOnce,
  });
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
    retry: retryOnce,
  });
}
