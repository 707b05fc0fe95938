// A creator's own figures, read in the browser (they are theirs alone): the club's counters per day for a
// range, and the payout view of billing. Both go through the browser API module, loaded on demand.
import { useQuery } from '@tanstack/react-query';
import { countersQuery, payoutQuery } from '~/lib/queries';
import { useSession } from '~/lib/session';
import type { DayRange } from './range';

/** The counters of `range`, in the dashboard's cache entry for it; nothing is asked while there is no valid range. */
export function useRangeCounters(range: DayRange | null) {
  const { isAuthenticated } = useSession();
  return useQuery({ ...countersQuery(range?.from ?? '', range?.to ?? ''), enabled: isAuthenticated && range !== null });
}

export function usePayout() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...payoutQuery(), enabled: isAuthenticated });
}
