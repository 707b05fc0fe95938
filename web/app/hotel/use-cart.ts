// The hotel page's cart state (spec section 4) with TanStack Query: the latest itinerary once somebody is signed
// in (an anonymous visitor after the first add), and the add and remove changes. A change marks its line item and
// rate as in progress; success refreshes the latest itinerary and the page's availability; failure restores the
// itinerary as it was and shows the error. One change at a time, so two adds never make two itineraries.
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Itinerary } from '@travelclub/contracts';
import { useRevalidator } from 'react-router';
import { latestItineraryQuery } from '~/lib/queries';
import { useSession } from '~/lib/session';
import { cartErrorText, type AddRoomInput } from './cart';
import { addRoomToItinerary, removeLineItemRooms } from './cart-calls';

/** The cart: the traveller's latest itinerary (lib/queries.ts). */
const LATEST = latestItineraryQuery().queryKey;
const CART_CHANGE_KEY = ['itinerary', 'change'] as const;

type Snapshot = { previous: Itinerary | null | undefined };

export interface CartState {
  itinerary: Itinerary | null;
  /** A change under way: the rate being added, or the line item being emptied. */
  pending: { rateId?: string; lineItemId?: string } | null;
  /** The last change's failure, with what it was about. */
  failure: { message: string; rateId?: string; lineItemId?: string } | null;
  add: (input: AddRoomInput & { lineItemId?: string }) => void;
  remove: (lineItemId: string) => void;
}

export function useCart(): CartState {
  const { isAuthenticated } = useSession();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  // Not read while a change is under way: an anonymous account made by the first add would otherwise read
  // the itinerary before the change has made it; the change's answer fills it in.
  const changing = useIsMutating({ mutationKey: CART_CHANGE_KEY }) > 0;
  const latest = useQuery({ ...latestItineraryQuery(), enabled: isAuthenticated && !changing });

  /** Keeps what the itinerary was, so a failure can put it back. */
  const snapshot = async (): Promise<Snapshot> => {
    await queryClient.cancelQueries({ queryKey: LATEST });
    return { previous: queryClient.getQueryData(LATEST) };
  };
  const restore = (context: Snapshot | undefined) => {
    if (context) queryClient.setQueryData(LATEST, context.previous);
  };
  const refresh = async (itinerary: Itinerary) => {
    queryClient.setQueryData(LATEST, itinerary);
    // The rooms left changed with this hold: the availability is read again with the page's loader.
    await Promise.all([queryClient.invalidateQueries({ queryKey: LATEST }), revalidator.revalidate()]);
  };

  const adding = useMutation({
    mutationKey: CART_CHANGE_KEY,
    mutationFn: (input: AddRoomInput & { lineItemId?: string }) => addRoomToItinerary(input),
    onMutate: snapshot,
    onError: (_err, _input, context) => restore(context),
    onSuccess: refresh,
  });

  const removing = useMutation({
    mutationKey: CART_CHANGE_KEY,
    mutationFn: (lineItemId: string) => {
      const itinerary = queryClient.getQueryData(LATEST);
      if (!itinerary) return Promise.reject(new Error('No itinerary'));
      return removeLineItemRooms(itinerary.id, lineItemId);
    },
    onMutate: snapshot,
    onError: (_err, _lineItemId, context) => restore(context),
    onSuccess: refresh,
  });

  const busy = adding.isPending || removing.isPending;
  let pending: CartState['pending'] = null;
  if (adding.isPending && adding.variables)
    pending = { rateId: adding.variables.roomId, lineItemId: adding.variables.lineItemId };
  else if (removing.isPending && removing.variables) pending = { lineItemId: removing.variables };

  let failure: CartState['failure'] = null;
  if (adding.isError) failure = { message: cartErrorText(adding.error), rateId: adding.variables.roomId };
  else if (removing.isError) failure = { message: cartErrorText(removing.error), lineItemId: removing.variables };

  return {
    itinerary: latest.data ?? null,
    pending,
    failure,
    add: (input) => {
      if (busy) return;
      removing.reset();
      adding.mutate(input);
    },
    remove: (lineItemId) => {
      if (busy) return;
      adding.reset();
      removing.mutate(lineItemId);
    },
  };
}
