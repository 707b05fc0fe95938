// The creator's order of their stays on the manage page: moved at once on screen, saved with
// `orderRecommendations` (the whole order every time, as the service wants it). Moves made while a save is on
// its way wait for it, and only the latest order is sent next, so answers never arrive out of order. A refused
// save puts back the stored order and says why.
import { useQueryClient } from '@tanstack/react-query';
import type { RecommendationView } from '@travelclub/contracts';
import { useRef, useState } from 'react';
import { myRecommendationsQuery } from '~/lib/queries';
import { loadApi } from '~/lib/session';

/** The local order, kept to the ids the server has: gone ones dropped, new ones last. */
export function reconcile(local: readonly string[], stored: readonly string[]): string[] {
  const known = new Set(stored);
  const placed = new Set(local);
  return [...local.filter((id) => known.has(id)), ...stored.filter((id) => !placed.has(id))];
}

/** `order` with `id` swapped with its neighbour among `visible` (`by` -1: up, 1: down); null at an end. */
export function moved(order: readonly string[], visible: readonly string[], id: string, by: -1 | 1): string[] | null {
  const neighbour = visible[visible.indexOf(id) + by];
  if (!neighbour || !visible.includes(id)) return null;
  const next = [...order];
  const [a, b] = [next.indexOf(id), next.indexOf(neighbour)];
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}

export function useStayOrder(stored: RecommendationView[] | undefined, onRefused: (err: unknown) => void) {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<string[] | null>(null);
  const next = useRef<string[] | null>(null);
  const sending = useRef(false);
  const storedIds = stored?.map((r) => r.hotelId) ?? [];
  const order = local ? reconcile(local, storedIds) : storedIds;

  async function send() {
    if (sending.current) return;
    sending.current = true;
    try {
      const api = await loadApi();
      while (next.current) {
        const hotelIds = next.current;
        next.current = null;
        const answer = await api.call(api.endpoints.creator.orderRecommendations, { body: { hotelIds } });
        if (!next.current) {
          queryClient.setQueryData(myRecommendationsQuery().queryKey, answer.recommendations);
          setLocal(null);
        }
      }
    } catch (err) {
      next.current = null;
      setLocal(null);
      void queryClient.invalidateQueries({ queryKey: myRecommendationsQuery().queryKey });
      onRefused(err);
    } finally {
      sending.current = false;
    }
  }

  return {
    order,
    /** Moves a stay one place among the visible ones; false when it is already at that end. */
    move(id: string, by: -1 | 1, visible: readonly string[]): boolean {
      const changed = moved(order, visible, id, by);
      if (!changed) return false;
      setLocal(changed);
      next.current = changed;
      void send();
      return true;
    },
  };
}
