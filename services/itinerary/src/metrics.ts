// The itinerary's business counters (docs/observability.md, "Business counters"), on the process's registry that
// every service's /metrics serves. The flows count each only after the store's conditional update says it
// changed the itinerary, so a repeated request, a redelivered event or a lost race counts nothing twice.
import { businessCounter } from '@travelclub/kit';

/** Rooms put into a cart: one a room added, and each room of a travel package booked. */
export const cartAdds = businessCounter({
  name: 'travelclub_cart_adds_total',
  help: 'Rooms added to carts (one per room added, and each room of a travel package booked)',
});

/** Carts that went to await payment with their invoice. */
export const checkouts = businessCounter({
  name: 'travelclub_checkouts_total',
  help: 'Checkouts: carts that went to await payment with the invoice of their revision',
});

export const itinerariesConfirmed = businessCounter({
  name: 'travelclub_itineraries_confirmed_total',
  help: 'Itineraries confirmed by their paid invoice',
});

/** By the owner, by support staff, or by the platform when a paid room could not be booked. */
export const itinerariesCancelled = businessCounter({
  name: 'travelclub_itineraries_cancelled_total',
  help: 'Itineraries cancelled (by their owner, by support staff, or because a paid room could not be booked)',
});
