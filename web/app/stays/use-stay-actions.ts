// What the manage page does to a creator's stays, besides ordering them: switch one on or off (at once on
// screen, put back if refused) and delete one (the DELETE a pending delete sends when its time is up). Each
// change is told to screen readers, and a refusal is said in the API's words.
import { useQueryClient } from '@tanstack/react-query';
import type { RecommendationView } from '@travelclub/contracts';
import { codeOf, messageOf } from '~/lib/api-errors';
import { myRecommendationsQuery } from '~/lib/queries';
import { loadApi } from '~/lib/session';
import type { PendingDelete } from './use-pending-deletes';

export function useStayActions(tell: { announce: (text: string) => void; problem: (text: string) => void }) {
  const queryClient = useQueryClient();
  const key = myRecommendationsQuery().queryKey;
  const update = (change: (stays: RecommendationView[]) => RecommendationView[]) =>
    queryClient.setQueryData(key, (stays) => stays && change(stays));
  const setActive = (hotelId: string, isActive: boolean) =>
    update((stays) => stays.map((s) => (s.hotelId === hotelId ? { ...s, isActive } : s)));

  return {
    async toggle(stay: RecommendationView, isActive: boolean) {
      const title = `“${stay.recommendationTitle}”`;
      setActive(stay.hotelId, isActive);
      try {
        const api = await loadApi();
        const saved = await api.call(api.endpoints.creator.toggleRecommendation, {
          body: { hotelId: stay.hotelId, isActive },
        });
        update((stays) => stays.map((s) => (s.hotelId === saved.hotelId ? saved : s)));
        tell.announce(isActive ? `${title} is shown on your club.` : `${title} is hidden from your club.`);
      } catch (err) {
        setActive(stay.hotelId, !isActive);
        tell.problem(`${title} could not be ${isActive ? 'shown' : 'hidden'}: ${messageOf(err)}`);
      }
    },

    /** The DELETE itself, when a pending delete's time is up (or the page is left). */
    async withdraw({ hotelId, title }: PendingDelete) {
      // Gone from the stored list at once, so an order saved meanwhile does not name it.
      update((stays) => stays.filter((s) => s.hotelId !== hotelId));
      try {
        const api = await loadApi();
        await api.call(api.endpoints.creator.withdrawRecommendation, { params: { id: hotelId } });
      } catch (err) {
        // Already gone (deleted in another tab) is what was wanted.
        if (codeOf(err) !== 'recommendation-not-found')
          tell.problem(`“${title}” could not be deleted: ${messageOf(err)}`);
      } finally {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  };
}
